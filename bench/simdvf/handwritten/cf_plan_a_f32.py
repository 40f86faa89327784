# Hand-written VMI version of kernels/cf_plan_a_f32.py, with the Plan A contract of the seed
# (§2.5): the carried buffer is four lane vectors wide, so each iteration of the carrying loop is
# its own vecscope and the carry goes through UB across the scope transition.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(A: pl.Tensor[[16384], pl.FP32], C: pl.Tensor[[16384], pl.FP32], B: pl.InOut[pl.Tensor[[16384], pl.FP32]]):
    a = pl.load(A, [0], [16384])
    c = pl.load(C, [0], [16384])
    b = pl.load(B, [0], [16384])
    acc = pl.tile.create([256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        zero = pl.vmi.vbrc(0.0, size=64)
        for q in pl.range(4):
            pl.vmi.vstore(zero, acc, q * 64, m)
    for t in pl.range(64):
        with pl.simd_vf(lanes=64):
            m = pl.vmi.create_mask(64, size=64)
            for q in pl.range(4):
                s = pl.vmi.vadd(pl.vmi.vload(acc, q * 64, size=64), pl.vmi.vload(a, t * 256 + q * 64, size=64), m)
                pl.vmi.vstore(s, acc, q * 64, m)
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
        for q in pl.range(4):
            pl.vmi.vstore(pl.vmi.vmuls(pl.vmi.vload(acc, q * 64, size=64), 0.5, m), b, q * 64, m)
    B = pl.store(b, [0], B)
