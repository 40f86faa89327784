# A mixed AUTO-split InCore function whose body still holds a pl.at scope (e.g.
# outline-incore-scopes was not run): its body must be scope-free to be split.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}mixed_function_with_scope.py:16:9: error: lower-auto-vector-split: the mixed split function 'f' still contains a scope here; its body must be scope-free to be split
# CHECK: hint: run outline-incore-scopes first, or move the scope out of the split function
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        with pl.at(level=pl.Level.CORE_GROUP):
            h = pl.move(m, target_memory=pl.Mem.Vec)
            y1 = pl.store(h, [0, 0], y)
        return y1
