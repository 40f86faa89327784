# A builder function (PyPTO's `def build(...): ...; return P`) may define @pl.function's next
# to its @pl.program class, before or after it: they are functions of the program, as at the
# top level of a file (PyPTO adds the functions the class calls).
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
import pypto.language as pl


def build(rows: int = 16):
    @pl.function(type=pl.FunctionType.InCore)
    def scale(x: pl.Tensor[[rows, 64], pl.FP32], out: pl.Out[pl.Tensor[[rows, 64], pl.FP32]]) -> pl.Tensor[[rows, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [rows, 64])
        return pl.store(pl.mul(t, 2.0), [0, 0], out)

    @pl.program
    class P:
        # CHECK: class P:
        # CHECK: def scale(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]
        # CHECK: def twice(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]
        # CHECK: def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]
        # CHECK: y: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.scale(x, o)
        # CHECK-NEXT: z: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.twice(y, o)
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[rows, 64], pl.FP32], o: pl.Out[pl.Tensor[[rows, 64], pl.FP32]]) -> pl.Tensor[[rows, 64], pl.FP32]:
            y = scale(x, o)
            z = twice(y, o)
            return z

    @pl.function(type=pl.FunctionType.InCore)
    def twice(x: pl.Tensor[[rows, 64], pl.FP32], out: pl.Out[pl.Tensor[[rows, 64], pl.FP32]]) -> pl.Tensor[[rows, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [rows, 64])
        return pl.store(pl.add(t, t), [0, 0], out)

    return P
