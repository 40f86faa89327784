# A hand-written standalone split kernel: the AIC pushes the full [64, 128] tile with split=1,
# the AIV function is written full width (its tpop annotated with the whole tile). The split
# codes ask for UP_DOWN, so split-vector-kernel halves the AIV body with the halving machinery
# of lower-auto-vector-split: the tpop becomes the [32, 128] half, the load, the elementwise
# work and the store are halved and localized by subblock_idx; the AIC gets its split stamped.
# RUN: %ptoc opt %s --passes=split-vector-kernel,stamp-tfree-split --verify-each | FileCheck %s
# The full-width input is no runnable program (a split tpop must be annotated with the lane's
# half); the halved output is, and runs in the simulator as a core group:
# RUN: %ptoc opt %s --passes=split-vector-kernel,stamp-tfree-split > %t.py
# RUN: %ptoc run %t.py --entry k | FileCheck %s --check-prefix=RUNS
# RUNS: ran k in
# CHECK: def k_aic(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN})
# CHECK: def k_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# CHECK-NEXT: c2v: {{.*}} = pl.system.reserve_buffer(name="k_c2v", size=65536)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: h: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: b: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0 + subblock_idx * 32, 0], [32, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT: e: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(h, b)
# CHECK-NEXT: pl.system.tfree_to_aic(h, split=1)
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(e, [0 + subblock_idx * 32, 0], out)
import pypto.language as pl


@pl.program
class Standalone:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[64, 32], pl.FP16], b0: pl.Tensor[[32, 128], pl.FP16],
              bias: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=2)
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b0, [0, 0], [32, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        pl.tile.tpush_to_aiv(s, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[64, 32], pl.FP16], b0: pl.Tensor[[32, 128], pl.FP16],
              bias: pl.Tensor[[64, 128], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        c2v = pl.system.reserve_buffer(name="k_c2v", size=65536, base=-1)
        pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=2)
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        b = pl.load(bias, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
        e = pl.add(h, b)
        out_1 = pl.store(e, [0, 0], out)
        pl.system.tfree_to_aic(h)
        return out_1

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[64, 32], pl.FP16], b0: pl.Tensor[[32, 128], pl.FP16],
          bias: pl.Tensor[[64, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        self.k_aic(a, b0, bias, out)
        out_1 = self.k_aiv(a, b0, bias, out)
        return out_1
