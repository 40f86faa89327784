# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=DEFAULT
# RUN: %ptoc fmt %s --define rows=32 --define dt=pl.BF16 | FileCheck %s --check-prefix=DEFINED
# RUN: %ptoc fmt %s --define COLS=16 | FileCheck %s --check-prefix=MODULE
# A plain Python function around the program (a "builder"): its parameters are constants
# that take their defaults, or the value of --define NAME=VALUE; names computed from them in
# the builder's body follow. `M, N = a, b` assigns several constants.
import pypto.language as pl

COLS, SCALE = 64, 0.5


def build(rows: int = 16, dt=pl.FP32, slots=2):
    """Builds the program for the given shape."""
    half = rows // 2
    total, width = rows * 2, COLS

    @pl.program
    class Scaled:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[rows, width], dt],
              y: pl.Out[pl.Tensor[[half, width], dt]]) -> pl.Tensor[[half, width], dt]:
            t = pl.load(x, [0, 0], [half, width], target_memory=pl.Mem.Vec)
            u = pl.mul(t, SCALE)
            y = pl.store(u, [0, 0], y)
            return y

    return Scaled

# DEFAULT: class Scaled:
# DEFAULT: def k(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}8, 64], pl.FP32]])
# DEFAULT: pl.tile.load(x, [0, 0], [8, 64], target_memory=pl.Mem.Vec)
# DEFINED: def k(self, x: pl.Tensor{{\[\[}}32, 64], pl.BF16], y: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.BF16]])
# MODULE: def k(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}8, 16], pl.FP32]])
