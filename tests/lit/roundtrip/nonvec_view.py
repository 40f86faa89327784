# Tile views on non-Vec memory round-trip: the printer leaves out the view fields
# equal to the memory space's defaults and the binder fills them from the same table
# (ir::implicitTileView). A Mat tile with a valid_shape, a Left tile from a move with
# explicit layouts, an Acc tile with a valid_shape (issue 8, m13 repro).
# RUN: %ptoc fmt %s > %t.py
# RUN: %ptoc fmt %t.py > %t2.py
# RUN: diff %t.py %t2.py
# RUN: %ptoc equal %s %t.py
# RUN: FileCheck %s < %t.py
import pypto.language as pl


@pl.program
class M13:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, b: pl.Tensor[[32, 41], pl.FP16], a: pl.Tensor[[16, 32], pl.FP16],
             o: pl.Out[pl.Tensor[[16, 80], pl.FP32]]) -> pl.Tensor[[16, 80], pl.FP32]:
        # CHECK: b_mat: pl.Tile{{\[\[}}32, 80], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[32, 41])] =
        b_mat = pl.load(b, [0, 0], [32, 80], [32, 41], target_memory=pl.Mem.Mat)
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        # CHECK: pl.Mem.Right, pl.TileView(valid_shape=[32, 41])] = pl.tile.move(b_mat
        b_r = pl.move(b_mat, target_memory=pl.Mem.Right)
        # CHECK: c: pl.Tile{{\[\[}}16, 80], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 41])] =
        c = pl.matmul(a_l, b_r)
        o = pl.store(c, [0, 0], o)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def move_view(self, x: pl.Tensor[[32, 48], pl.FP16]) -> pl.Tensor[[32, 48], pl.FP16]:
        a = pl.load(x, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
        # CHECK: b: pl.Tile{{\[\[}}32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)] =
        b = pl.tile.move(a, target_memory=pl.Mem.Left, blayout=pl.TileLayout.col_major,
                         slayout=pl.TileLayout.row_major)
        # Written views: fields left out take the Acc / Mat / Left defaults.
        # CHECK: c: pl.Tile{{\[\[}}32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)] = b
        c: pl.Tile[[32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)] = b
        # A view without a memory space takes the deduced memory's defaults.
        # CHECK: d: pl.Tile{{\[\[}}32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)] = c
        d: pl.Tile[[32, 48], pl.FP16, pl.TileView(blayout=pl.TileLayout.col_major)] = c
        o = pl.store(pl.move(d, target_memory=pl.Mem.Mat), [0, 0], x)
        return o
