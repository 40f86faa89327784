# Statements after a return / break / continue of the same block never run (Python; PyPTO's
# inliner drops them as dead), so the binder does not bind them. Before, the dead `return out_1`
# stayed in the IR and expand-mixed-kernel's Group returned the Out parameter it names instead
# of `a`, the value the function returns (found by the compile-mutations campaign, seed 32:
# every element of the result was wrong).
# RUN: %ptoc opt %s | FileCheck %s
# RUN: %ptoc check %s --passes=compile --entry split_auto | FileCheck %s --check-prefix=CHECKOK
# RUN: %ptoc check %s --passes=compile --entry split_auto --arch=a2a3 | FileCheck %s --check-prefix=CHECKOK
# CHECK: out_1: {{.*}} = pl.tile.store(y, [0, 0], out_0)
# CHECK-NEXT: return a
# CHECK-NOT: return out_1
# CHECK: for i in pl.range(4):
# CHECK-NEXT: if i == 2:
# CHECK-NEXT: break
# CHECK-NOT: pl.tile.muls
# CHECK: return
# CHECKOK: check ok: split_auto gives the same 2 output(s)
import pypto.language as pl


@pl.program
class DeadAfterReturn:
    @pl.function(type=pl.FunctionType.InCore)
    def split_auto(self, a: pl.Tensor[[128, 128], pl.FP32],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        qk = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.mul(popped, 3.0)
        out_1 = pl.store(y, [0, 0], out_0)
        return a
        return out_1

    @pl.function(type=pl.FunctionType.InCore)
    def loop(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        for i in pl.range(4):
            if i == 2:
                break
                t = pl.mul(pl.load(x, [0, 0], [16, 16]), 2.0)
                out = pl.store(t, [0, 0], out)
        return
