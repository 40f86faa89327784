# Statements after a return in the same block never run (Python; PyPTO's inliner drops them as
# dead), so the binder does not bind them. (After a break or continue they are kept: PyPTO reads
# a `pl.yield_` there as the loop's carried values, e.g. test_ctrl_flow_transform's programs.)
# Before, the dead `return out_1` stayed in the IR and expand-mixed-kernel's Group returned the
# Out parameter it names instead of `a`, the value the function returns (found by the
# compile-mutations campaign, seed 32: every element of the result was wrong). The program is
# lower-auto-vector-split/c2v_add_left_right.py with `return a` put before its return.
# RUN: sed 's/^        return out_1$/        return a\n        return out_1/' %S/../passes/lower-auto-vector-split/c2v_add_left_right.py > %t.py
# RUN: %ptoc opt %t.py | FileCheck %s
# RUN: %ptoc check %t.py --passes=compile | FileCheck %s --check-prefix=CHECKOK
# RUN: %ptoc check %t.py --passes=compile --arch=a2a3 | FileCheck %s --check-prefix=CHECKOK
# CHECK: out_1: {{.*}} = pl.tile.store(y, [0, 0], out_0)
# CHECK-NEXT: return a
# CHECK-NOT: return out_1
# CHECKOK: check ok: split_auto gives the same 2 output(s)
