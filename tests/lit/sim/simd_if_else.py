# A pl.simd_vf region run as its scalar reference: element reads and stores in nested
# pl.parallel loops, an if/else on the element value, pl.select / pl.min / pl.max.
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen simd_if_else %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check simd_if_else %t/in %t/out
# CHECK: ran leaky_clip in {{.*}}; inputs: x (file), y (zeros), z (zeros); wrote y.npy, z.npy, return_0.npy, return_1.npy
import pypto.language as pl


@pl.program
class SimdActivations:
    @pl.function(type=pl.FunctionType.AIV)
    def leaky_clip(self, x: pl.Tensor[[8, 64], pl.FP32],
                   y: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
                   z: pl.Out[pl.Tensor[[8, 64], pl.FP32]]
                   ) -> tuple[pl.Tensor[[8, 64], pl.FP32], pl.Tensor[[8, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [8, 64])
        ya = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        za = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for i in pl.parallel(8):
                for j in pl.parallel(64):
                    v = a[i, j]
                    if v > 0.0:
                        ya[i, j] = v
                    else:
                        ya[i, j] = v * 0.01
                    mag = pl.select(v < 0.0, -v, v)
                    za[i, j] = pl.min(pl.max(v, -6.0), 6.0) + mag
        y = pl.store(ya, [0, 0], y)
        z = pl.store(za, [0, 0], z)
        return y, z
