# Nested pl.split_aiv regions are rejected with a hint (found by the robustness harness:
# the diagnostic used to come without one).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
# CHECK: split_aiv_nested.py:[[@LINE+9]]:18: error: pl.split_aiv regions cannot nest
# CHECK-NEXT: for b in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK: hint: close the outer region first; sibling regions may use different modes
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[8, 8], pl.FP32]) -> pl.Tensor[[8, 8], pl.FP32]:
    for a in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        for b in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.load(x, [0, 0], [8, 8])
    return x
