# PyPTO passes an integer scalar of any width to an integer or BOOL parameter of a function
# (the runtime hands scalars over as 64-bit words): a flag yielded as 0 / 1 into a BOOL
# parameter, an INT64 into an INT32 one. The conversion is explicit in the printed IR; a
# float into an integer parameter stays an error (function_pypto_forms.test, FLOAT).
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py - && FileCheck %s < %t.py
# CHECK: self.k(x, pl.cast(flag, pl.BOOL), pl.cast(n, pl.INT32))
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32], first: pl.Scalar[pl.BOOL], count: pl.Scalar[pl.INT32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[16], pl.FP32]:
        if n == 0:
            flag = pl.yield_(1)
        else:
            flag = pl.yield_(0)
        y = self.k(x, flag, n)
        return y
