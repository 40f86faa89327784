# A SIMD_VF region is one resultless vecscope: a register defined in one region and read in the
# next is a simulator error (never a silent pass), as it is for verify-codegen-legality.
# RUN: not %ptoc run %s 2>&1 | FileCheck %s
# RUN: not %ptoc opt %s --passes=verify-codegen-legality 2>&1 | FileCheck %s --check-prefix=VERIFY
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.InOut[pl.Tensor[[64], pl.FP32]]):
    a = pl.load(A, [0], [64])
    b = pl.load(B, [0], [64])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        x = pl.vmi.vload(a, 0, size=64)
    with pl.simd_vf(lanes=64):
        # CHECK: vecscope_boundary.py:[[@LINE+2]]:9: error: vector value `x` (VReg[64, FP32]) is defined outside this SIMD_VF region; a vecscope is resultless and registers do not cross its boundary
        # VERIFY: vecscope_boundary.py:[[@LINE+1]]:9: error: [VerifyPTOCodegenLegality] vector value `x` (VReg[64, FP32]) of region #0 escapes its vecscope (used in region #1)
        pl.vmi.vstore(x, b, 0, m)
    B = pl.store(b, [0], B)
