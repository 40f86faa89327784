# A SIMD_VF region runs once per iteration of the loop around it, and each run is a new vecscope:
# a register assigned in the first run (t == 0) is not there in the second. The simulator refuses
# the read (never takes the stale value), and verify-codegen-legality rejects the program.
# RUN: not %ptoc run %s 2>&1 | FileCheck %s
# RUN: not env PTOC_SIM_VMI_INTERPRET=1 %ptoc run %s 2>&1 | FileCheck %s
# RUN: not %ptoc opt %s --passes=verify-codegen-legality 2>&1 | FileCheck %s --check-prefix=VERIFY
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[64], pl.FP32], B: pl.InOut[pl.Tensor[[64], pl.FP32]]):
    a = pl.load(A, [0], [64])
    b = pl.load(B, [0], [64])
    for t in pl.range(2):
        with pl.simd_vf(lanes=64):
            m = pl.vmi.create_mask(64, size=64)
            if t == 0:
                x = pl.vmi.vload(a, 0, size=64)
            # CHECK: vecscope_previous_instance.py:[[@LINE+2]]:13: error: vector value `x` (VReg[64, FP32]) is not assigned on every path from the start of this SIMD_VF region before this read; registers do not survive the end of a vecscope, so a value from an earlier execution of the region is gone
            # VERIFY: vecscope_previous_instance.py:[[@LINE+1]]:13: error: [VerifyPTOCodegenLegality] vector value `x` (VReg[64, FP32]) of region #0 is read before it is assigned on every path from the start of the region; registers do not survive the end of a vecscope
            pl.vmi.vstore(x, b, 0, m)
    B = pl.store(b, [0], B)
