# `m = pl.yield_(x)` ending both arms names the if's result: m = select(c, x, y).
# RUN: %ptoc opt %s --passes=simdvf-layout-inference,verify-parallel,legalize-parallel | FileCheck %s --check-prefix=LEG
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: rm -rf %t.in && %python %S/Inputs/npy.py write %t.in x f4 128 nan,-0.0,0.0,inf,-inf,1.5,-2.0,3.0,0.5,-0.5,2.0,-7.0
# RUN: %python %S/Inputs/npy.py write %t.in z f4 128 0.0,nan,-0.0,-inf,inf,1.5,3.0,-2.0,0.5,2.0,-0.5,1.5,-3.0
# RUN: %ptoc check %s --passes=simdvf --inputs %t.in | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=simdvf | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.program
class ValueYield:
    @pl.function(type=pl.FunctionType.AIV)
    def main(self, x: pl.Tensor[[128], pl.FP32], z: pl.Tensor[[128], pl.FP32],
             y: pl.Out[pl.Tensor[[128], pl.FP32]]) -> pl.Tensor[[128], pl.FP32]:
        a = pl.load(x, [0], [128])
        c = pl.load(z, [0], [128])
        out = pl.tile.create([128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for i in pl.parallel(128):
                if a[i] > c[i]:
                    m = pl.yield_(a[i] - c[i])
                else:
                    m = pl.yield_(c[i] - a[i])
                out[i] = m
        y = pl.store(out, [0], y)
        return y
# LEG: cond_0: pl.Scalar[pl.BOOL] = a[i] > c[i]
# LEG-NEXT: m: pl.Scalar[pl.FP32] = pl.select(cond_0, a[i] - c[i], c[i] - a[i])
# LEG-NEXT: out[i] = m
# CHECK: pl.vmi.vcmp(
# CHECK: pl.vmi.vsel(
