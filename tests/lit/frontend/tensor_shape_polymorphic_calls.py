# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: not %ptoc fmt %S/Inputs/dyn_result_names_local.py 2>&1 | FileCheck %s --check-prefix=LOCAL
# RUN: not %ptoc fmt %S/Inputs/dyn_call_mismatch.py 2>&1 | FileCheck %s --check-prefix=MISMATCH
# Calls are shape-polymorphic (docs/ir.md "Dynamic tensor dimensions"): a dynamic parameter
# axis takes the argument's extent, the result is stated in the caller's terms, and views
# (strides / layouts) are not compared at calls and returns.
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class Calls:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[M, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        y = pl.store(t, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def make(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n, 64], pl.FP32]:
        buf: pl.Tensor[[n, 64], pl.FP32] = pl.tensor.create([n, 64], dtype=pl.FP32)
        return buf

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 64], pl.FP32],
             b: pl.Tensor[[128, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
             m: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 64], pl.FP32]:
        # CHECK: c: pl.Tensor{{\[\[}}128, 64], pl.FP32] = self.copy(a, b)
        c = self.copy(a, b)
        # CHECK: d: pl.Tensor{{\[\[}}m, 64], pl.FP32] = self.make(m)
        d = self.make(m)
        # CHECK: e: pl.Tensor{{\[\[}}m, 64], pl.FP32] = self.copy(d, d)
        e = self.copy(d, d)
        return c
# LOCAL: dyn_result_names_local.py:11:16: error: the result type Tensor{{\[\[}}n, 128], FP32] names 'n', a value computed in the function body
# LOCAL: hint: annotate the function's result type
# MISMATCH: dyn_call_mismatch.py:17:{{[0-9]+}}: error: argument 2 of 'copy' has type Tensor{{\[\[}}64, 64], FP32] but parameter 'y' has type Tensor{{\[\[}}128, 64], FP32]
