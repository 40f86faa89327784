# An element store into a tile makes the repaired copies made before it stale: the column
# op after `w[9, 0] = 0.5` reshapes w to a [1, N] row again (it used to reuse the row view
# made before the store), and the add after `x[1, 2] = 5.0` moves x to row-major again.
# Found by tests/robustness/gen_mixed.py as a mismatch after the split passes. (x asks for the
# NZ view explicitly: a fixpipe move without layout kwargs would deliver row-major itself.)
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,resolve-backend-op-layouts | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,resolve-backend-op-layouts | FileCheck %s --check-prefix=CHK
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=CHK
# CHK: check ok
# CHECK: w[9, 0] = 0.5
# CHECK-NEXT: w_row_1: pl.Tile{{\[\[}}1, 33], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(w, [1, 33])
# CHECK-NEXT: b_row: {{.*}} = pl.tile.mul(w_row_1, c_row)
# CHECK: x[1, 2] = 5.0
# CHECK-NEXT: x_row_major_1: {{.*}} = pl.tile.move(x, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: z: {{.*}} = pl.tile.add(x_row_major_1, x_row_major_1)
import pypto.language as pl


@pl.program
class StoreInvalidates:
    @pl.function
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], c_in: pl.Tensor[[33, 1], pl.FP32],
             o: pl.Out[pl.Tensor[[33, 1], pl.FP32]], o2: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             o3: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[33, 1], pl.FP32], pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            x = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
            c = pl.load(c_in, [0, 0], [33, 1])
            w = pl.add(c, 0.0)
            w[9, 0] = 0.5
            b = pl.mul(w, c)
            o = pl.store(b, [0, 0], o)
            y = pl.add(x, x)
            x[1, 2] = 5.0
            z = pl.add(x, x)
            o2 = pl.store(y, [0, 0], o2)
            o3 = pl.store(z, [0, 0], o3)
        return o, o2, o3
