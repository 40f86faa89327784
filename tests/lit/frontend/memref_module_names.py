# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# A module-level name for a pl.MemRef (and one slot of a multi-buffer, DB[i % 2]) in a tile
# type is the same memory-planning detail as pl.MemRef(...) written in place: read and
# dropped.
import pypto.language as pl

SINGLE = pl.MemRef()
DB = pl.MemRef(slots=2)


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
      ) -> pl.Tensor[[64, 64], pl.FP32]:
    # CHECK: t0: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64]
    t0: pl.Tile[[16, 64], pl.FP32, SINGLE, pl.Mem.Vec] = pl.load(a, [0, 0], [16, 64])
    for i in pl.range(4):
        # CHECK: t: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [i * 16, 0], [16, 64]
        t: pl.Tile[[16, 64], pl.FP32, DB[i % 2], pl.Mem.Vec] = pl.load(a, [i * 16, 0], [16, 64])
        t2 = pl.add(t, t0)
        out = pl.store(t2, [i * 16, 0], out)
    return out
