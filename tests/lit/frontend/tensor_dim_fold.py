# PyPTO's fold in an Orchestration body: `n = pl.tensor.dim(x, 0)`, where x's extent on that
# axis is a pl.dynamic dimension of the signature, binds n to the dimension itself (no
# statement), so shapes built from n are the parameter's. A later assignment to n makes a new
# variable (the dimension is never assigned). Elsewhere (an InCore function, a static axis)
# tensor.dim stays a read.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[M, 64], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        # CHECK: def k(
        # CHECK-NEXT: rows: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 0)
        rows = pl.tensor.dim(a, 0)
        t = pl.load(a, [0, 0], [16, 64], valid_shape=[rows, 64])
        return pl.store(t, [0, 0], out)

    # CHECK: def main(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[M, 64], pl.FP32]:
        # CHECK-NEXT: tmp: pl.Tensor{{\[\[}}M, 64], pl.FP32] = pl.tensor.create([M, 64], dtype=pl.FP32)
        # CHECK-NEXT: y: pl.Tensor{{\[\[}}M, 64], pl.FP32] = self.k(a, tmp)
        # CHECK-NEXT: n: pl.Scalar[pl.INDEX] = 5
        # CHECK-NEXT: c: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 1)
        # CHECK-NEXT: return y
        n = pl.tensor.dim(a, axis=0)
        tmp = pl.create_tensor([n, 64], dtype=pl.FP32)
        y = self.k(a, tmp)
        n = 5
        c = pl.tensor.dim(a, 1)
        return y
