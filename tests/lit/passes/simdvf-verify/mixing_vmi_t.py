# The reference's mixing case in T syntax: hand-written T.vmi calls next to a T.Parallel
# unit in one T.SimdVF region.
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=128):
            # CHECK: {{.*}}mixing_vmi_t.py:[[@LINE+1]]:20: error: [VerifyParallelToPTO] mixing: hand-written tl.vmi.* calls cannot be mixed with T.Parallel inside a converting SIMD_VF block [at region #0 (lanes 128)]
            mask = T.vmi.create_mask(128, size=128)
            value = T.vmi.vload(a[0], size=128)
            T.vmi.vstore(value, b[0], mask)
            for i in T.Parallel(150):
                b[i] = a[i] + a[i]
        T.copy(b, B)
