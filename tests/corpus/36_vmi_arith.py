# Hand-written vector level in an AIV function: create_mask, vload/vstore, vbrc, vci + vcvt, vadd vsub vmul vdiv vmax vmin, vadds vmuls, vexp vabs vneg vsqrt.
import pypto.language as pl


@pl.program
class VmiArith:
    @pl.function(type=pl.FunctionType.AIV)
    def fused(self, x: pl.Tensor[[4, 64], pl.FP32], w: pl.Tensor[[4, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [4, 64])
        b = pl.load(w, [0, 0], [4, 64])
        o = pl.tile.create([4, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            m: pl.Mask[64] = pl.vmi.create_mask(64, size=64)
            one: pl.VReg[64, pl.FP32] = pl.vmi.vbrc(1.0, size=64)
            ramp_i: pl.VReg[64, pl.INT32] = pl.vmi.vci(pl.const(0, pl.INT32), size=64)
            ramp: pl.VReg[64, pl.FP32] = pl.vmi.vcvt(ramp_i, to_dtype=pl.FP32)
            for r in pl.range(4):
                va: pl.VReg[64, pl.FP32] = pl.vmi.vload(a, r * 64, size=64)
                vb = pl.vmi.vload(b, r * 64, size=64)
                s = pl.vmi.vadd(va, vb, m)
                d = pl.vmi.vsub(va, vb, m)
                p = pl.vmi.vmul(s, d, m)
                den = pl.vmi.vadd(pl.vmi.vabs(vb, m), one, m)
                q = pl.vmi.vdiv(p, den, m)
                hi = pl.vmi.vmax(q, pl.vmi.vneg(ramp, m), m)
                lo = pl.vmi.vmin(hi, ramp, m)
                e = pl.vmi.vexp(pl.vmi.vmuls(lo, -0.5, m), m)
                rt: pl.VReg[64, pl.FP32] = pl.vmi.vsqrt(pl.vmi.vadds(e, 1.0, m), m)
                pl.vmi.vstore(rt, o, r * 64, m)
        y = pl.store(o, [0, 0], y)
        return y
