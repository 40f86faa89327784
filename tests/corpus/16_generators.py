# Tile generators: tile.random (INT32 and UINT32, keyed from a UINT64 seed via scalar pl.cast and >>), tile.full, tile.ci (INT32, INT16, UINT16).
import pypto.language as pl


@pl.program
class Generators:
    @pl.function(type=pl.FunctionType.InCore)
    def noise(self, x: pl.Tensor[[8, 64], pl.FP32], seed: pl.Scalar[pl.UINT64],
              y: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
              pos: pl.Out[pl.Tensor[[1, 64], pl.INT32]],
              pos16: pl.Out[pl.Tensor[[1, 64], pl.INT16]],
              upos: pl.Out[pl.Tensor[[1, 64], pl.UINT16]]
              ) -> tuple[pl.Tensor[[8, 64], pl.FP32], pl.Tensor[[1, 64], pl.INT32],
                         pl.Tensor[[1, 64], pl.INT16], pl.Tensor[[1, 64], pl.UINT16]]:
        k0: pl.Scalar[pl.INT32] = pl.cast(seed, pl.INT32)
        k1 = pl.cast(seed >> pl.const(32, pl.UINT64), pl.INT32)
        zero = pl.const(0, pl.INT32)
        r: pl.Tile[[8, 64], pl.INT32, pl.Mem.Vec] = pl.tile.random(k0, k1, zero, zero, zero, zero, [8, 64], dtype=pl.INT32)
        ru = pl.tile.random(k1, k0, pl.const(1, pl.INT32), zero, zero, zero, [8, 64], dtype=pl.UINT32)
        rf = pl.tile.cast(r, dtype=pl.FP32)
        uf = pl.tile.cast(ru, dtype=pl.FP32)
        jitter = pl.tile.muls(pl.tile.sub(rf, uf), 1e-12)
        base: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([8, 64], 0.5, dtype=pl.FP32)
        t = pl.load(x, [0, 0], [8, 64])
        yt = pl.add(pl.add(t, jitter), base)
        y = pl.store(yt, [0, 0], y)
        idx: pl.Tile[[1, 64], pl.INT32, pl.Mem.Vec] = pl.tile.ci(zero, [1, 64], dtype=pl.INT32)
        idx16 = pl.tile.ci(pl.const(0, pl.INT16), [1, 64], dtype=pl.INT16)
        uidx = pl.tile.ci(pl.const(0, pl.UINT16), [1, 64], dtype=pl.UINT16)
        pos = pl.store(idx, [0, 0], pos)
        pos16 = pl.store(idx16, [0, 0], pos16)
        upos = pl.store(uidx, [0, 0], upos)
        return y, pos, pos16, upos
