# A tensor extent written as arithmetic on constants in an op's shape folds as it does in a
# type annotation, so the printed annotation reads back as the same type. (Found by the
# front-end fuzzer: `pl.tensor.create([4 % 8])` gave the type Tensor[[4 % 8]] with a
# "dynamic" extent, printed as an annotation that reads back as Tensor[[4]].) Python's
# semantics: 17 // -2 is -9, -7 % 3 is 2.
# RUN: %ptoc fmt --verify-roundtrip %s > %t.py
# RUN: FileCheck %s < %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: sed 's/(\[2 \* 8, /([0 * 8, /' %s | not %ptoc fmt - 2>&1 | FileCheck %s --check-prefix=ZERO
import pypto.language as pl

@pl.function
def main(out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
    # CHECK: a: pl.Tensor{{\[\[}}4], pl.FP32] = pl.tensor.create([4 % 8], dtype=pl.FP32)
    a = pl.tensor.create([4 % 8], dtype=pl.FP32)
    # CHECK: b: pl.Tensor{{\[\[}}16, 9], pl.FP32] = pl.tensor.create([2 * 8, -(17 // -2)], dtype=pl.FP32)
    # ZERO: error: extent 0 of the shape of tensor.create must be in [1, 2^31], got 0
    b = pl.tensor.create([2 * 8, -(17 // -2)], dtype=pl.FP32)
    # CHECK: c: pl.Tensor{{\[\[}}8, 16, 2], pl.FP32] = pl.tensor.create([2 ** 3, 1 << 4, -7 % 3], dtype=pl.FP32)
    c = pl.tensor.create([2 ** 3, 1 << 4, -7 % 3], dtype=pl.FP32)
    # CHECK: d: pl.Tensor{{\[\[}}16], pl.FP32] = pl.tensor.create([16], dtype=pl.FP32)
    d: pl.Tensor[[2 * 8], pl.FP32] = pl.tensor.create([16], dtype=pl.FP32)
    return out
