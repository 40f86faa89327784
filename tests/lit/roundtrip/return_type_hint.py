# The "declare the return type as T" hint spells T so that it reads back as the
# deduced type (a Left tile whose view differs from the Left defaults in blayout only).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
# CHECK: or declare the return type as pl.Tile{{\[\[}}32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)]
# RUN: sed -e 's/-> pl.Tensor\[\[32, 48\], pl.FP16\]:/-> pl.Tile[[32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)]:/' %s > %t.py
# RUN: %ptoc fmt %t.py | FileCheck --check-prefix=OK %s
# OK: def move_view(self, x: pl.Tensor{{\[\[}}32, 48], pl.FP16]) -> pl.Tile{{\[\[}}32, 48], pl.FP16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.col_major)]:
# OK: return b
import pypto.language as pl


@pl.program
class Hint:
    @pl.function(type=pl.FunctionType.InCore)
    def move_view(self, x: pl.Tensor[[32, 48], pl.FP16]) -> pl.Tensor[[32, 48], pl.FP16]:
        a = pl.load(x, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
        b = pl.tile.move(a, target_memory=pl.Mem.Left, blayout=pl.TileLayout.col_major,
                         slayout=pl.TileLayout.row_major)
        return b
