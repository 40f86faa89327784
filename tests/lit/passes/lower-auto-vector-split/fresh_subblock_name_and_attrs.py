# The injected lane index gets a fresh name when 'subblock_idx' is taken, and the
# stamps replace any prior split / split_aiv / dual_aiv_dispatch entries (split
# first, then split_aiv, then the function's other attrs in order).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True, "slot_num": 2})
# CHECK-NEXT: subblock_idx_1: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
# CHECK: y1: {{.*}} = pl.tile.store(h, [subblock_idx * 0, 0 + subblock_idx_1 * 16], y)
import pypto.language as pl


@pl.program
class Fresh:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 32], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True, "split": pl.SplitMode.LEFT_RIGHT, "slot_num": 2})
        subblock_idx = pl.tile.get_block_idx()
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        y1 = pl.store(h, [subblock_idx * 0, 0], y)
        return y1
