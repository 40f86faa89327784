# A cube -> vector move of a Left (L0A) tile: the cube pushes only Acc or Mat tiles.
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: push_from_left.py:16:13: error: expand-mixed-kernel: this cube -> vector boundary moves a Left tile; the cube pushes only Acc (L0C) or Mat (L1) tiles to the vector cores
# CHECK: hint: move the Mat tile it was loaded into (or the matmul's Acc result) instead
import pypto.language as pl


@pl.program
class FromLeft:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(a_l, target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.add(h, h), [0, 0], y)
        return y1
