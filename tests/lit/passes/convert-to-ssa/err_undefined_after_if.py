# A tile defined in one branch only and read after the if: not defined on the
# other path (there is no write destination to stand in for a tile).
# RUN: not %ptoc opt %s --passes=convert-to-ssa 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    if flag:
        t = pl.load(x, [0, 0], [16, 64])
    # CHECK: err_undefined_after_if.py:[[@LINE+3]]:5: error: 't' is not defined on every path to this use
    # CHECK: err_undefined_after_if.py:[[@LINE-2]]:9: note: 't' is assigned here, only on some paths through the if at {{.*}}err_undefined_after_if.py:[[@LINE-3]]:5
    # CHECK: hint: assign 't' before the if, or in both branches
    y = pl.store(t, [0, 0], y)
    return y
# A store result assigned in one arm only is rejected too (the other path would
# read an undefined value; the write destination is not substituted for it).
# RUN: not %ptoc opt %S/Inputs/if_store_one_arm.py --passes=convert-to-ssa 2>&1 | FileCheck %s --check-prefix=STORE
# STORE: if_store_one_arm.py:13:5: error: 'r' is not defined on every path to this use
