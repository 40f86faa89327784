# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s | %ptoc fmt - | FileCheck %s
# Dynamic tensor dimensions (docs/ir.md "Dynamic tensor dimensions"): a module-level
# pl.dynamic dim, an integer scalar parameter and arithmetic of them give a tensor axis a
# symbolic extent. The printer declares the pl.dynamic dims it names after the imports;
# the text reads back to the same program.
import pypto.language as pl

M = pl.dynamic("M")
N = pl.dynamic("N")
UNUSED = pl.dynamic("UNUSED")
BLOCK = 16

# CHECK: import pypto.language as pl
# CHECK-EMPTY:
# CHECK-NEXT: M = pl.dynamic("M")
# CHECK-NEXT: N = pl.dynamic("N")
# CHECK-EMPTY:
# CHECK-NEXT: @pl.program


@pl.program
class Dyn:
    @pl.function(type=pl.FunctionType.InCore)
    # CHECK: def rows(self, x: pl.Tensor{{\[\[}}M, 64], pl.FP32], n: pl.Scalar[pl.INDEX], z: pl.Tensor{{\[\[}}n, N], pl.FP16], w: pl.Tensor{{\[\[}}M * 2, n + 1], pl.FP16], y: pl.Out[pl.Tensor{{\[\[}}M, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}M, 64], pl.FP32]:
    def rows(self, x: pl.Tensor[[M, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
             z: pl.Tensor[[n, N], pl.FP16], w: pl.Tensor[[M * 2, n + 1], pl.FP16],
             y: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        # Loads and stores of a static window are checked against the static axes only.
        t: pl.Tile[[BLOCK, 64], pl.FP32] = pl.load(x, [0, 0], [BLOCK, 64])
        # CHECK: rows_n: pl.Scalar[pl.INDEX] = pl.tensor.dim(x, 0)
        rows_n: pl.Scalar[pl.INDEX] = pl.tensor.dim(x, 0)
        # CHECK: y: pl.Tensor{{\[\[}}M, 64], pl.FP32] = pl.tile.store(t, [0, 0], y)
        y = pl.store(t, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def make(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n, 64], pl.FP32]:
        # CHECK: buf: pl.Tensor{{\[\[}}n, 64], pl.FP32] = pl.tensor.create([n, 64], dtype=pl.FP32)
        buf: pl.Tensor[[n, 64], pl.FP32] = pl.tensor.create([n, 64], dtype=pl.FP32)
        return buf
