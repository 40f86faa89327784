# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s --check-prefix=DERIVED
# RUN: not %ptoc fmt %s --define tile=2 2>&1 | FileCheck %s --check-prefix=DERIVED
# RUN: not %ptoc fmt %s --define rows=16 --define nope=3 2>&1 | FileCheck %s --check-prefix=UNUSED
# RUN: not %ptoc fmt %s --define rows 2>&1 | FileCheck %s --check-prefix=FORM
# RUN: not %ptoc fmt %s --define rows=16 --define tile=pl.FP32 2>&1 | FileCheck %s --check-prefix=CONST
# RUN: not %ptoc fmt %s --define rows=16 2>&1 | FileCheck %s --check-prefix=DIRECT
# A builder parameter without a default or a --define has no value: a use of it (or of a name
# computed from it) is reported at the use, with the --define hint.
import pypto.language as pl


def build(rows, cols, tile=8):
    # CONST: builder_function_errors.py:[[@LINE+1]]:12: error: module-level name 'half' must be a compile-time constant
    half = rows // tile

    @pl.program
    class P:
        @pl.function(type=pl.FunctionType.InCore)
        # DERIVED: builder_function_errors.py:[[@LINE+4]]:35: error: the tensor shape uses 'half', computed from 'rows', a parameter of 'build' without a value
        # DERIVED: hint: give the parameter a default (`rows=64`), or pass `--define rows=VALUE` to ptoc
        # DIRECT: builder_function_errors.py:[[@LINE+2]]:41: error: the tensor shape uses 'cols', a parameter of 'build' without a value
        # UNUSED: --define nope:1:1: error: --define 'nope' names no builder parameter or module constant
        def k(self, x: pl.Tensor[[half, cols], pl.FP32]):
            return

    return P
# FORM: error: --define expects NAME=VALUE, got 'rows'
