# A GM tensor written both by a bulk store (tensor.assemble -> tile.store, MTE3) and by
# tensor.write (the scalar path) in one InCore function: the two paths are not coherent, so
# the pass rejects it at the element write, following the store through the loop carry (distinct_gm_stores.py: distinct tensors are fine).
# RUN: not %ptoc opt %s --passes=convert-tensor-to-tile-ops 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def bad(self, x: pl.Tensor[[16, 64], pl.FP32], dst: pl.InOut[pl.Tensor[[32, 64], pl.FP32]],
            v: pl.Scalar[pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(x)
        d1: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.assemble(dst, e, [0, 0])
        for i, (d,) in pl.range(4, init_values=(d1,)):
            # CHECK: diag_mixed_gm_stores.py:[[@LINE+2]]:{{[0-9]+}}: error: convert-tensor-to-tile-ops: 'dst' is written both by a bulk store (tile.store, from tensor.assemble) and by tensor.write in 'bad'
            # CHECK: hint: stage the values in an on-chip tensor (pl.tensor.full, then pl.tensor.write on it) and assemble it once, or write every element with pl.tensor.write
            pl.tensor.write(d, [16 + i, 0], v)
            r = pl.yield_(d)
        return r
