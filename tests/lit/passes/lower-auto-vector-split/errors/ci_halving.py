# tile.ci generates position-dependent values: halving only its shape is wrong, so a non-singleton split axis is rejected (here LEFT_RIGHT halves its 64 columns).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}ci_halving.py:19:15: error: lower-auto-vector-split: automatic split-axis halving of tile.ci is not supported: its values depend on the element position, so halvin
# CHECK: hint: move the operation outside the automatically-halved split region (or use an explicit pl.sp
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        idx = pl.tile.ci(0, [1, 64], dtype=pl.INT32)
        y1 = pl.store(h, [0, 0], y)
        return y1
