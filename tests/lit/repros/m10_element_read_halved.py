# Repro m10 (reads): an element read s = t[r, c] of a halved tile is rejected: the element
# lives on one AIV lane and both lanes use s (it read row 3 of each lane's half: lane 1
# scaled its rows by global row 35's value).
# RUN: not %ptoc check %s --passes=mixed-split 2>&1 | FileCheck %s
# CHECK: m10_element_read_halved.py:25:17: error: lower-auto-vector-split: an element read of the halved tile 'v': the element lives on one AIV lane only, and the other lane cannot read it
# CHECK: hint: take the scalar from a tensor the kernel only reads (a [1, 1] pl.load window, then t[0, 0]), or split this vector work with pl.split(pl.SplitMode.NONE), where one lane holds the whole tile
# Both ways the hint names compute the same numbers after the passes:
# RUN: sed 's/s = v\[3, 5\]/e = pl.cast(pl.load(a, [3, 5], [1, 1]), pl.FP32)\n            s = e[0, 0]/' %s > %t.input.py
# RUN: %ptoc check %t.input.py --passes=mixed-split | FileCheck %s --check-prefix=OK
# RUN: sed 's/pl.SplitMode.UP_DOWN/pl.SplitMode.NONE/' %s > %t.none.py
# RUN: %ptoc check %t.none.py --passes=mixed-split | FileCheck %s --check-prefix=OK
# OK: check ok: main gives the same 2 output(s) before and after --passes=mixed-split (bit-exact
import pypto.language as pl


@pl.program
class ElementRead:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            s = v[3, 5]
            o = pl.store(pl.mul(v, s), [0, 0], o)
        return o
