# Hand-written AIC / AIV kernels (the form expand-mixed-kernel emits). In the loop of the
# AIC, the load of `w` (an In tensor) needs nothing from the pop of `xs`: it goes up to just
# before the earliest transfer it can pass (the push of `s`), its move with it; the matmul
# that reads the popped tile stays after the pop. Then the push of `s` goes back ahead of
# it (the push does not need `w_r`): the load ends between the push and the pop. The load of `out` (an Out parameter, which
# the AIV writes) never moves. On the AIV, `acc * 2` is split out of the add that needs the
# popped tile; it and the load of `b` pass both pops and the push (they need neither).
# RUN: %ptoc opt %s --passes=schedule-cross-core --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=schedule-cross-core | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=schedule-cross-core --arch=a2a3 | FileCheck %s --check-prefix=OK
# CHECK-LABEL: def k_aic(
# CHECK: for i in pl.range(2):
# CHECK-NEXT: a_l: {{.*}} = pl.tile.move(pl.tile.load(x, [i * 64, 0], [64, 64]
# CHECK-NEXT: s: {{.*}} = pl.tile.matmul(a_l, a_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s, split=1)
# CHECK-NEXT: w_r: {{.*}} = pl.tile.move(pl.tile.load(w, [i * 64, 0], [64, 64]
# CHECK-NEXT: xs: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK-NEXT: x_l: {{.*}} = pl.tile.move(xs, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(xs, split=1)
# CHECK-NEXT: o: {{.*}} = pl.tile.matmul(x_l, w_r)
# CHECK-NEXT: g: {{.*}} = pl.tile.load(out, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: pl.tile.tpush_to_aiv(o, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: for i, (acc,) in pl.range(2, init_values=(acc0,)):
# CHECK-NEXT: b: {{.*}} = pl.tile.load(bt, [sb * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: acc2_early: {{.*}} = pl.tile.muls(acc, 2.0)
# CHECK-NEXT: sv: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: xh: {{.*}} = pl.tile.cast(sv, dtype=pl.FP16)
# CHECK-NEXT: pl.system.tfree_to_aic(sv, split=1)
# CHECK-NEXT: pl.tile.tpush_to_aic(xh, split=1)
# CHECK-NEXT: h: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: acc2: {{.*}} = pl.tile.add(acc2_early, pl.tile.add(h, b))
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Sched:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=32768, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        a_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(2):
            a_l = pl.move(pl.load(x, [i * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            s = pl.matmul(a_l, a_r)
            pl.tile.tpush_to_aiv(s, split=1)
            xs: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
            x_l = pl.move(xs, target_memory=pl.Mem.Left)
            pl.system.tfree_to_aiv(xs, split=1)
            w_r = pl.move(pl.load(w, [i * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(x_l, w_r)
            g = pl.load(out, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            pl.tile.tpush_to_aiv(o, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        acc0 = pl.tile.full([32, 64], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            sv: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            xh = pl.cast(sv, pl.FP16)
            pl.system.tfree_to_aic(sv, split=1)
            pl.tile.tpush_to_aic(xh, split=1)
            h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            b = pl.load(bt, [sb * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
            acc2 = pl.add(pl.mul(acc, 2.0), pl.add(h, b))
            pl.system.tfree_to_aic(h, split=1)
            acc_out = pl.yield_(acc2)
        out = pl.store(acc_out, [sb * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
          bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.k_aic(x, w, bt, out)
        self.k_aiv(x, w, bt, out)
        return out
