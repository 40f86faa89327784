# verify-codegen-legality: a parallel loop left in a region cannot be emitted.
# RUN: not %ptoc opt %s --passes=verify-codegen-legality 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.Out[pl.Tensor[[64], pl.FP32]]):
    a = pl.load(A, [0], [64])
    b = pl.tile.create([64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        # CHECK: {{.*}}parallel_left.py:[[@LINE+1]]:9: error: [VerifyPTOCodegenLegality] a parallel loop (`i`) is left in region #0; codegen emits only VMI inside a vecscope (run vectorize-parallel)
        for i in pl.parallel(64):
            b[i] = a[i]
    B = pl.store(b, [0], B)
