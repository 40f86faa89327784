# RUN: %ptoc fmt %s | FileCheck %s
# Module-level constants are inlined where they are used (shapes, arguments, keyword values,
# dtypes); keyword forms of positional arguments take their positions.
import pypto.language as pl

ROWS = 16
COLS = ROWS * 4
DT = pl.FP32
SCALE = 0.5


@pl.program(strict_ssa=True)
class Consts:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[ROWS, COLS], DT], y: pl.Out[pl.Tensor[[ROWS, COLS // 2], DT]]
          ) -> pl.Tensor[[ROWS, COLS // 2], DT]:
        # CHECK: def k(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16, 32], pl.FP32]])
        t = pl.load(x, offsets=[0, COLS // 2], shapes=[ROWS, COLS // 2], target_memory=pl.Mem.Vec)
        # CHECK: pl.tile.load(x, [0, 32], [16, 32], target_memory=pl.Mem.Vec)
        u = pl.mul(t, SCALE)
        # CHECK: pl.tile.muls(t, 0.5)
        z = pl.tile.full([ROWS, COLS // 2], dtype=DT, value=0.0)
        # CHECK: pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        w = pl.add(u, z)
        y = pl.store(w, [0, 0], y)
        return y
