# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(v: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
    arr = pl.array.create(4, pl.INT32)
    # CHECK: array_index_out_of_range.py:[[@LINE+2]]:{{[0-9]+}}: error: index 4 is outside the array of 4 elements
    # CHECK: hint: use an index in [0, 4)
    arr = pl.array.update_element(arr, 4, v)
    return v
