# SIMD cast kernel at lanes=128: UINT8 pixels and INT16 offsets read element-wise, pl.cast to FP32, normalized, pl.cast to FP16 and stored per element.
import pypto.language as pl


@pl.program
class ImageNormalize:
    @pl.function(type=pl.FunctionType.AIV)
    def normalize(self, img: pl.Tensor[[4, 128], pl.UINT8], off: pl.Tensor[[4, 128], pl.INT16],
                  out: pl.Out[pl.Tensor[[4, 128], pl.FP16]]) -> pl.Tensor[[4, 128], pl.FP16]:
        px: pl.Tile[[4, 128], pl.UINT8, pl.Mem.Vec] = pl.load(img, [0, 0], [4, 128])
        of = pl.load(off, [0, 0], [4, 128])
        o = pl.tile.create([4, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=128):
            for i in pl.parallel(4):
                for j in pl.parallel(128):
                    f = pl.cast(px[i, j], pl.FP32) * 0.00392156862745098
                    g = f + pl.cast(of[i, j], pl.FP32) * 0.001
                    o[i, j] = pl.cast(g - 0.5, pl.FP16)
        out = pl.store(o, [0, 0], out)
        return out
