# Repro m10 (stores): an element store t[r, c] = x into a halved tile is written by the
# lane that owns row r only, at its lane-local row: the index becomes r - idx * 32 and
# the store is predicated on idx * 32 <= r < idx * 32 + 32 (it kept its full-width index:
# lane 1 wrote global row 37, and rows past the half were out of bounds).
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: pl.store_if(5 >= subblock_idx * 32 and 5 < subblock_idx * 32 + 32, w, [5 - subblock_idx * 32, 7], 100.0)
# IR-NEXT: pl.store_if(40 >= subblock_idx * 32 and 40 < subblock_idx * 32 + 32, w, [40 - subblock_idx * 32, 9], -1.0)
import pypto.language as pl


@pl.program
class ElementStore:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
            w = pl.mul(v, 2.0)
            w[5, 7] = 100.0
            w[40, 9] = -1.0
            o = pl.store(w, [0, 0], o)
        return o
