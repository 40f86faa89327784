# `return (a, b)` is `return a, b` in Python: several results when the signature declares
# several (the robustness harness prints programs back with ast.unparse, which writes it so).
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc fmt %S/Inputs/return_parenthesized_tuple_count.py 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK: return y, z
# ERR: {{.*}}return_parenthesized_tuple_count.py:8:5: error: function 'f' returns 3 value(s) but its signature declares 2
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[8, 8], pl.FP32], y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
      z: pl.Out[pl.Tensor[[8, 8], pl.FP32]]) -> tuple[pl.Tensor[[8, 8], pl.FP32], pl.Tensor[[8, 8], pl.FP32]]:
    t = pl.load(x, [0, 0], [8, 8])
    y = pl.store(t, [0, 0], y)
    z = pl.store(pl.exp(t), [0, 0], z)
    return (y, z)
