# The fixpipe (an Acc -> Vec tile.move without layout kwargs) converts L0C's NZ to ND on its
# way out (ptoas-facts §4.5): when a row-major reader uses its result, the move itself gets
# blayout=row_major, slayout=none_box, and no Vec -> Vec repair move follows. Nested in a
# reader's arguments inside a loop (bench/split/matmul_exp_loop.py) and assigned alike. A
# move whose result no row-major op reads (only stored) keeps the NZ view; a move that asks
# for a layout keeps it (and its reader gets the repair move).
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,resolve-backend-op-layouts | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=compile --arch=a2a3 | FileCheck %s --check-prefix=OK
# OK: check ok
# CHECK: for j, {{.*}} in pl.range(2,
# CHECK: s: {{.*}} = pl.tile.matmul(
# CHECK-NEXT: sv: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(pl.tile.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box), 2.0)
# CHECK-NOT: row_major =
# CHECK: kept: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(t, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pl.tile.store(kept,
# CHECK-NEXT: asked: {{.*}}col_major{{.*}} = pl.tile.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# CHECK-NEXT: asked_row_major: {{.*}} = pl.tile.move(asked, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: pl.tile.exp(asked_row_major)
# CHECK-NEXT: u: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: pl.tile.adds(u, 1.0)
import pypto.language as pl


@pl.program
class FixpipeRowMajor:
    @pl.function
    def main(self, x: pl.Tensor[[64, 32], pl.FP16], w: pl.Tensor[[32, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             o3: pl.Out[pl.Tensor[[32, 64], pl.FP32]], o4: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            w_r = pl.move(pl.load(w, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            for j in pl.range(2):
                x_l = pl.move(pl.load(x, [j * 32, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
                s = pl.matmul(x_l, w_r)
                sv = pl.mul(pl.move(s, target_memory=pl.Mem.Vec), 2.0)
                out = pl.store(pl.exp(sv), [j * 32, 0], out)
            x0 = pl.move(pl.load(x, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            t = pl.matmul(x0, w_r)
            kept = pl.move(t, target_memory=pl.Mem.Vec)
            o2 = pl.store(kept, [0, 0], o2)
            asked = pl.move(t, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
            o3 = pl.store(pl.exp(asked), [0, 0], o3)
            u = pl.move(t, target_memory=pl.Mem.Vec)
            o4 = pl.store(pl.add(u, 1.0), [0, 0], o4)
        return out, o2, o3, o4
