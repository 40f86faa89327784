# What a statement does not pass: a loop (it may hold transfers of its own), an in-place
# write (matmul_acc into `acc`: a view may alias the written tile). The loads of `b_r` and
# `c` need nothing above them, yet stay below the loop and the matmul_acc. The push of
# `acc` goes ahead of the load of `b_r` (it does not need it) but not above the loop.
# RUN: %ptoc opt %s --passes=schedule-cross-core --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=schedule-cross-core | FileCheck %s --check-prefix=OK
# CHECK-LABEL: def k_aic(
# CHECK: for i in pl.range(2):
# CHECK-NEXT: xs: {{.*}} = pl.tile.tpop_from_aiv(split=0)
# CHECK-NEXT: pl.system.tfree_to_aiv(xs, split=0)
# CHECK-NEXT: pl.tile.tpush_to_aiv(acc, split=0)
# CHECK-NEXT: b_r: {{.*}} = pl.tile.move(pl.tile.load(w, [0, 0], [64, 64]
# CHECK-NEXT: acc2: {{.*}} = pl.tile.matmul_acc(acc, a_l, b_r)
# CHECK-NEXT: c: {{.*}} = pl.tile.move(pl.tile.load(w, [64, 0], [64, 64]
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Stops:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=32768, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        a_l = pl.move(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        acc = pl.matmul(a_l, pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right))
        for i in pl.range(2):
            xs: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
            pl.system.tfree_to_aiv(xs, split=0)
        b_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        pl.tile.tpush_to_aiv(acc, split=0)
        acc2 = pl.matmul_acc(acc, a_l, b_r)
        c = pl.move(pl.load(w, [64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        out = pl.store(pl.matmul_acc(acc2, a_l, c), [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        for i in pl.range(2):
            xv = pl.cast(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec), pl.FP16)
            pl.tile.tpush_to_aic(xv, split=0)
        h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        pl.system.tfree_to_aic(h, split=0)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        self.k_aic(x, w, out)
        self.k_aiv(x, w, out)
