# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [16, 64])

    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: hint_call_signature.py:[[@LINE+2]]:19: error: argument 2 of 'k' has type Tensor{{\[\[}}16, 64], FP32] but parameter 'n' has type Scalar[INDEX]
# CHECK: hint: pass a value of that type; the signature is self.k(x, n)
        self.k(x, x)
