# Vector-level predication and reductions: vcmps/vcmp, mask_and/mask_or/mask_not, vsel, vcvt to FP16, vcadd/vcmax/vcmin broadcast and packed into lanes 0..2.
import pypto.language as pl


@pl.program
class VmiCompare:
    @pl.function(type=pl.FunctionType.AIV)
    def gate(self, x: pl.Tensor[[4, 64], pl.FP32], th: pl.Tensor[[4, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[4, 64], pl.FP16]],
             st: pl.Out[pl.Tensor[[4, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[4, 64], pl.FP16], pl.Tensor[[4, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [4, 64])
        b = pl.load(th, [0, 0], [4, 64])
        o16 = pl.tile.create([4, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        stats = pl.tile.create([4, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            full: pl.Mask[64] = pl.vmi.create_mask(64, size=64)
            low_half: pl.Mask[64] = pl.vmi.create_mask(32, size=64)
            lane0 = pl.vmi.create_mask(1, size=64)
            lanes01 = pl.vmi.create_mask(2, size=64)
            first3 = pl.vmi.create_mask(3, size=64)
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
                total = pl.vmi.vbrc(pl.vmi.vcadd(g, full), size=64)
                top = pl.vmi.vbrc(pl.vmi.vcmax(g, full), size=64)
                bottom = pl.vmi.vbrc(pl.vmi.vcmin(g, full), size=64)
                packed = pl.vmi.vsel(lane0, total, pl.vmi.vsel(lanes01, top, bottom))
                pl.vmi.vstore(packed, stats, r * 64, first3)
        y = pl.store(o16, [0, 0], y)
        st = pl.store(stats, [0, 0], st)
        return y, st
