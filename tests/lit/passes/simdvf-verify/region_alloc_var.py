# T.alloc_var at region level (outside the units) assigned inside a unit would be one scalar
# shared by all lanes (seed §5.2).
# RUN: not %ptoc opt %s --passes=simdvf 2>&1 | FileCheck %s
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            m = T.alloc_var("float32", 0.0)
            for i in T.Parallel(128):
                # CHECK: {{.*}}region_alloc_var.py:[[@LINE+1]]:17: error: [VerifyParallelToPTO] local.var: only a single-element local.var inside a converting T.Parallel unit is supported: `m` is declared at region level and assigned inside the unit (declare it with T.alloc_var inside the T.Parallel loop)
                m = T.max(m, a[i])
                b[i] = m
        T.copy(b, B)
