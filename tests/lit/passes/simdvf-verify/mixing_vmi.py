# Hand-written vmi calls mixed with a parallel unit in one region (pl spelling).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.Out[pl.Tensor[[64], pl.FP32]]):
    a = pl.load(A, [0], [64])
    b = pl.tile.create([64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        # CHECK: {{.*}}mixing_vmi.py:[[@LINE+1]]:{{[0-9]+}}: error: [VerifyParallelToPTO] mixing: hand-written tl.vmi.* calls cannot be mixed with T.Parallel inside a converting SIMD_VF block [at region #0 (lanes 64)]
        m = pl.vmi.create_mask(64, size=64)
        for i in pl.parallel(64):
            b[i] = a[i]
    B = pl.store(b, [0], B)
