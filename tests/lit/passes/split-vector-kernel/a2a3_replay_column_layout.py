# The A2/A3 lane-1 replay of a column load ([N, 1], col_major) carried by a loop: the empty
# tile.create that replaces the load keeps the load's layout (a created tile takes the view
# of its annotation), so the loop's iter_arg and its init agree. Found by gen_mixed (the scope
# without a split); the program parses back to itself and computes the unsplit numbers.
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 | FileCheck %s
# RUN: env PTOC_VERIFY_ROUNDTRIP=1 %ptoc check %s --passes=compile --arch=a2a3 --verify-each
# CHECK: else:
# CHECK: c_1: pl.Tile{{\[\[}}17, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0], blayout=pl.TileLayout.col_major)] = pl.tile.create([17, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: w_4: pl.Tile{{\[\[}}17, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0], blayout=pl.TileLayout.col_major)] = c_1
# CHECK-NEXT: for k_1, (w_5,) in pl.range(2, init_values=(w_4,)):
import pypto.language as pl


@pl.program
class ColumnLoop:
    @pl.function
    def main(self, a: pl.Tensor[[17, 16], pl.FP16], b: pl.Tensor[[16, 32], pl.FP16],
             col: pl.Tensor[[17, 1], pl.FP32], out: pl.Out[pl.Tensor[[17, 32], pl.FP32]],
             out2: pl.Out[pl.Tensor[[17, 1], pl.FP32]]) -> tuple[pl.Tensor[[17, 32], pl.FP32], pl.Tensor[[17, 1], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [17, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            v = pl.move(s, target_memory=pl.Mem.Vec)
            c = pl.load(col, [0, 0], [17, 1])
            w = c
            for k in pl.range(2):
                w = pl.mul(w, 0.5)
            out = pl.store(v, [0, 0], out)
            out2 = pl.store(w, [0, 0], out2)
        return out, out2
