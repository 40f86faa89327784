# A pass run on its own on natural (non-SSA) code: convert-to-ssa is not in the
# run, so the pass manager checks the required SSAForm on the input with its
# verifier, which names the offending statement, then names the pass and the
# property.
# RUN: not %ptoc opt %s --passes=outline-incore-scopes 2>&1 | FileCheck %s
# CHECK: required_property_on_input.py:18:9: error: property SSAForm violated in function 'main': 'y' is assigned more than once
# CHECK: error: pass 'outline-incore-scopes' requires property SSAForm, which the input does not satisfy
# CHECK: hint: run the pass that produces it first (see `ptoc passes`)
# With convert-to-ssa first in the run the property is produced, not checked on the input:
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes | FileCheck %s --check-prefix=OK
# OK: def main_incore_0(
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP):
        y = pl.store(pl.exp(pl.load(x, [0, 0], [16, 16])), [0, 0], y)
    return y
