# A store to one allocation keeps the vectors loaded from the others (separate tile.create /
# tile.load buffers cannot alias): after the predicated store to b, c[i] is not loaded again.
# A buffer that is another name of the stored one (d = b) is loaded again after the store; e[i],
# stored under the chunk mask, is read back from the register stored.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in A f4 128 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in C f4 128 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf --seed 5 | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[128], pl.FP32], C: pl.Tensor[[128], pl.FP32], B: pl.InOut[pl.Tensor[[128], pl.FP32]],
         E: pl.InOut[pl.Tensor[[128], pl.FP32]]):
    a = pl.load(A, [0], [128])
    c = pl.load(C, [0], [128])
    b = pl.load(B, [0], [128])
    e = pl.load(E, [0], [128])
    d = b
    with pl.simd_vf(lanes=64):
        for i in pl.parallel(128):
            e[i] = d[i] * 2.0
            if a[i] > 0.0:
                if c[i] > 1.0:
                    b[i] = a[i]
            else:
                if c[i] < 0.0:
                    b[i] = c[i]
            e[i] = e[i] + d[i] + c[i]
    B = pl.store(b, [0], B)
    E = pl.store(e, [0], E)
# CHECK: pl.vmi.vload(d, q * 64, size=64)
# CHECK: pl.vmi.vstore({{.*}}, e, q * 64, mask)
# CHECK: pl.vmi.vload(c, q * 64, size=64)
# CHECK: pl.vmi.vstore({{.*}}, b, q * 64,
# CHECK-NOT: pl.vmi.vload(c
# CHECK: pl.vmi.vstore({{.*}}, b, q * 64,
# CHECK-NEXT: pl.vmi.vload(d, q * 64, size=64)
# CHECK-NOT: pl.vmi.vload(c
