# Vector-level predication and reductions: vcmps/vcmp, mask_and/mask_or/mask_not, vsel, vcvt to FP16, vcadd/vcmax/vcmin stored through a one-lane mask.
import pypto.language as pl


@pl.program
class VmiCompare:
    @pl.function(type=pl.FunctionType.AIV)
    def gate(self, x: pl.Tensor[[4, 64], pl.FP32], th: pl.Tensor[[4, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[4, 64], pl.FP16]],
             st: pl.Out[pl.Tensor[[4, 8], pl.FP32]]
             ) -> tuple[pl.Tensor[[4, 64], pl.FP16], pl.Tensor[[4, 8], pl.FP32]]:
        a = pl.load(x, [0, 0], [4, 64])
        b = pl.load(th, [0, 0], [4, 64])
        o16 = pl.tile.create([4, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        stats = pl.tile.create([4, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            full: pl.Mask[64] = pl.vmi.create_mask(64, size=64)
            low_half: pl.Mask[64] = pl.vmi.create_mask(32, size=64)
            lane0 = pl.vmi.create_mask(1, size=1)
            zero = pl.vmi.vbrc(0.0, size=64)
            for r in pl.range(4):
                v = pl.vmi.vload(a, r * 64, size=64)
                t = pl.vmi.vload(b, r * 64, size=64)
                pos: pl.Mask[64] = pl.vmi.vcmps(v, 0.0, full, cmp="gt")
                big = pl.vmi.vcmp(v, t, full, cmp="ge")
                keep = pl.vmi.mask_and(pos, pl.vmi.mask_not(big))
                edge = pl.vmi.mask_or(keep, pl.vmi.mask_not(low_half))
                clipped = pl.vmi.vsel(keep, v, t)
                g: pl.VReg[64, pl.FP32] = pl.vmi.vsel(edge, clipped, zero)
                h = pl.vmi.vcvt(g, to_dtype=pl.FP16)
                pl.vmi.vstore(h, o16, r * 64, full)
                pl.vmi.vstore(pl.vmi.vcadd(g, full), stats, r * 8, lane0)
                pl.vmi.vstore(pl.vmi.vcmax(g, full), stats, r * 8 + 1, lane0)
                pl.vmi.vstore(pl.vmi.vcmin(g, full), stats, r * 8 + 2, lane0)
        y = pl.store(o16, [0, 0], y)
        st = pl.store(stats, [0, 0], st)
        return y, st
