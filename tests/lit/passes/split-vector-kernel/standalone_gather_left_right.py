# A hand-written standalone LEFT_RIGHT kernel with both directions: the AIV loads x full width,
# scales it and pushes it to the cube with split=2 (a gather), then pops the product with
# split=2. split-vector-kernel halves the AIV body on the columns: the load, the scale and the
# pushed tile become the lane's [32, 32] half, the popped tile the lane's [32, 16] half.
# RUN: %ptoc opt %s --passes=split-vector-kernel,stamp-tfree-split --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=split-vector-kernel,stamp-tfree-split > %t.py
# RUN: %ptoc run %t.py --entry k | FileCheck %s --check-prefix=RUNS
# RUNS: ran k in
# CHECK: def k_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "dual_aiv_dispatch": True})
# CHECK: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: xv: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0 + subblock_idx * 32], [32, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: xs: pl.Tile{{\[\[}}32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.cast(
# CHECK-NEXT: pl.tile.tpush_to_aic(xs, split=2)
# CHECK-NEXT: o: pl.Tile{{\[\[}}32, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(o, [0, 0 + subblock_idx * 16], out)
# CHECK-NEXT: pl.system.tfree_to_aic(o, split=2)
import pypto.language as pl


@pl.program
class StandaloneLR:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP16],
              out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=16384, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=8192, slot_num=2)
        xs: pl.Tile[[32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=2)
        x_t = pl.move(xs, target_memory=pl.Mem.Left)
        pl.system.tfree_to_aiv(xs)
        w_r = pl.move(pl.load(w, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_t, w_r)
        pl.tile.tpush_to_aiv(o, split=2)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP16],
              out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        c2v = pl.system.reserve_buffer(name="k_c2v", size=16384, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=8192, slot_num=2)
        xv = pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        xs = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        pl.tile.tpush_to_aic(xs, split=2)
        o: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
        out_1 = pl.store(o, [0, 0], out)
        pl.system.tfree_to_aic(o)
        return out_1

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        self.k_aic(x, w, out)
        out_1 = self.k_aiv(x, w, out)
        return out_1
