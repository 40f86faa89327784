# RUN: %ptoc fmt %s > %t.py
# RUN: FileCheck %s < %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# Module-level lists and tuples (`SHAPE = [16, 64]`, as PyPTO's tests write them in the
# Python around a program) stand for the list where it is written: a tensor or tile shape,
# an op's list argument, a keyword value such as valid_shape=.
import pypto.language as pl

ROWS = 16
SHAPE = [ROWS, 64]
TILE = (ROWS, 32)
VALID = [8, 32]
OFFSET = [0, 32]


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[SHAPE, pl.FP32], y: pl.Out[pl.Tensor[SHAPE, pl.FP32]]) -> pl.Tensor[SHAPE, pl.FP32]:
    # CHECK: def k(x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]])
    t: pl.Tile[TILE, pl.FP32] = pl.load(x, OFFSET, TILE, valid_shape=VALID)
    # CHECK: pl.tile.load(x, [0, 32], [16, 32], [8, 32], target_memory=pl.Mem.Vec)
    y = pl.store(t, OFFSET, y)
    # CHECK: pl.tile.store(t, [0, 32], y)
    return y
