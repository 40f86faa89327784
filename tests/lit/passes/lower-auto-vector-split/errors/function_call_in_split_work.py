# A call of another function inside a full-width region: the callee cannot be
# halved, so both lanes would run all of it (an in-place update applied twice).
# Rejected at the call (found by the robustness harness).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}function_call_in_split_work.py:25:18: error: lower-auto-vector-split: a call of function 'axpy' inside the split vector work: the callee cannot be halved, so both AIV lanes would r
# CHECK: hint: inline the callee's statements into the split function / region, or call it outside the sp
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def axpy(self, d: pl.Tensor[[32, 64], pl.FP32],
             h: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.load(d, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        b = pl.load(h, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        h1 = pl.store(pl.add(a, b), [0, 0], h)
        return h1

    @pl.function(type=pl.FunctionType.InCore)
    def f(self, d: pl.Tensor[[32, 64], pl.FP32],
          h: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h1 = self.axpy(d, h)
        return h1
