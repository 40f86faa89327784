# A partition store (tile.store's `shapes`) of a LEFT_RIGHT half: each lane holds a column
# block, which is no contiguous run of the tile's row-major elements, so its part of the
# partition [2, 8, 16] is no box: rejected at the store (before, the re-deduced store failed
# with an element-count error that did not name the split). The partition [1, 16, 16], the
# tile's box, is split like the plain store (partition_store_left_right.py).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# RUN: not %ptoc compile %s --emit=ir 2>&1 | FileCheck %s
# CHECK: {{.*}}partition_store_left_right.py:23:14: error: lower-auto-vector-split: tile.store of the halved tile 'y' through the partition [2, 8, 16]: each AIV lane stores its half of the tile, which is no box of that partition: each lane holds a column block of the tile, which is not a contiguous run of its row-major elements
# CHECK: hint: store without the shapes operand
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          o: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]]) -> pl.Tensor[[2, 16, 16], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
        y = pl.add(c, 1.0)
        o1 = pl.store(y, [0, 0, 0], o, shapes=[2, 8, 16])
        return o1
