# The loop index as a value in the pl spelling: pl.cast(i, pl.INT32) becomes a vci ramp.
# RUN: %ptoc opt %s --passes=simdvf | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[512], pl.INT32], B: pl.Out[pl.Tensor[[512], pl.INT32]]):
    a = pl.load(A, [0], [512])
    b = pl.tile.create([512], dtype=pl.INT32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=128):
        for i in pl.parallel(512):
            b[i] = a[i] + pl.cast(i, pl.INT32)
    B = pl.store(b, [0], B)
# CHECK: pl.vmi.vci(pl.cast(q * 128, pl.INT32), size=128)
