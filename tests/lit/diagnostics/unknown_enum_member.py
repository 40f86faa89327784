# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    # CHECK: unknown_enum_member.py:[[@LINE+2]]:28: error: unknown split mode 'pl.SplitMode.SIDEWAYS'
    # CHECK: hint: expected one of: pl.SplitMode.NONE, pl.SplitMode.UP_DOWN, pl.SplitMode.LEFT_RIGHT
    pl.func_attr({"split": pl.SplitMode.SIDEWAYS})
    return
