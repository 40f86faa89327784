# A region written directly in a pl.FunctionType.InCore function: the parser wraps
# it in an InCore scope (the seed's rule), outline-incore-scopes skips InCore
# functions, so the region reaches this pass scope-wrapped and is rejected at the
# pl.split_aiv line.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}region_inside_scope.py:16:9: error: lower-auto-vector-split: this pl.split_aiv region of 'f' sits inside a scope, which region lowering does not enter, so it would reach e
# CHECK: hint: write the kernel as a plain @pl.function (Opaque) so outline-incore-scopes lifts the enclo
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 128], pl.FP32],
          c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c1 = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128])), [base, 0], c)
        return c1
