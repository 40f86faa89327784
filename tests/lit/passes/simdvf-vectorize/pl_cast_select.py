# Casts and selects in the pl spelling: fp16 -> fp32 (vcvt), pl.select on a comparison,
# pl.max / pl.min, 64 lanes, a 2-D unit.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(X: pl.Tensor[[8, 64], pl.FP16], Y: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
    x = pl.load(X, [0, 0], [8, 64])
    y = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        for i in pl.parallel(8):
            for j in pl.parallel(64):
                v = pl.cast(x[i, j], pl.FP32)
                y[i, j] = pl.select(v > 0.0, pl.min(v, 6.0), pl.max(v * 0.1, -6.0))
    Y = pl.store(y, [0, 0], Y)
# CHECK: pl.vmi.vcvt(vload_0, to_dtype=pl.FP32)
# CHECK: pl.vmi.vcmps(vcvt_1, 0.0, mask, cmp="gt")
# CHECK: pl.vmi.vsel(
