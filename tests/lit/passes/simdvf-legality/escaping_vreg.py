# verify-codegen-legality: a register defined in one region and used in another escapes its
# vecscope (a pto.vecscope is resultless).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.Out[pl.Tensor[[64], pl.FP32]]):
    a = pl.load(A, [0], [64])
    b = pl.tile.create([64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        v = pl.vmi.vload(a, 0, size=64)
    with pl.simd_vf(lanes=64):
        # CHECK: {{.*}}escaping_vreg.py:[[@LINE+1]]:9: error: [VerifyPTOCodegenLegality] vector value `v` (VReg[64, FP32]) of region #0 escapes its vecscope (used in region #1); a pto.vecscope is resultless
        pl.vmi.vstore(v, b, 0, m)
    B = pl.store(b, [0], B)
