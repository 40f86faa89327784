# pl.submit of a kernel without results: `_` stands for the missing result, and the program
# prints and parses back (the tuple's missing part is `None`); a named part is reported.
# RUN: %ptoc opt %s --verify-roundtrip | FileCheck %s
# CHECK: __tid_tuple: tuple[None, pl.Scalar[pl.TASK_ID]] = pl.system.submit((x,), (), kernel="touch")
# CHECK-NEXT: tid: pl.Scalar[pl.TASK_ID] = __tid_tuple[1]
# RUN: sed 's/_, tid = pl.submit/r, tid = pl.submit/' %s > %t.py
# RUN: not %ptoc opt %t.py 2>&1 | FileCheck %s --check-prefix=NAMED
# NAMED: 17:9: error: part 0 of this value has no value to assign
# NAMED: hint: write `_` for it
import pypto.language as pl


@pl.program
class NoResult:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]):
        _, tid = pl.submit(self.touch, x)

    @pl.function(type=pl.FunctionType.InCore)
    def touch(self, x: pl.Tensor[[16], pl.FP32]):
        pl.system.bar_all()
