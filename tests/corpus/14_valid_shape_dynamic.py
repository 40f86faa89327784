# Ragged tail with n (Scalar INDEX) valid columns: 4-arg tile.load with valid_shape=[8, n], TileView(valid_shape=...) annotations, slice with valid_shape, set_validshape.
import pypto.language as pl


@pl.program
class RaggedTail:
    @pl.function(type=pl.FunctionType.InCore)
    def tail(self, x: pl.Tensor[[8, 128], pl.FP32], n: pl.Scalar[pl.INDEX],
             y: pl.Out[pl.Tensor[[8, 128], pl.FP32]],
             head: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
             top: pl.Out[pl.Tensor[[8, 128], pl.FP32]]
             ) -> tuple[pl.Tensor[[8, 128], pl.FP32], pl.Tensor[[8, 64], pl.FP32], pl.Tensor[[8, 128], pl.FP32]]:
        t: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, n])] = pl.tile.load(
            x, [0, 0], [8, 128], [8, n], target_memory=pl.Mem.Vec)
        e: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, n])] = pl.tile.exp(t)
        y = pl.store(e, [0, 0], y)
        full = pl.tile.load(x, [0, 0], [8, 128], target_memory=pl.Mem.Vec)
        k = pl.min(n, 64)
        h = pl.tile.slice(full, [8, 64], [0, 0], [8, k])
        hs: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, k])] = pl.tile.muls(h, 0.5)
        head = pl.store(hs, [0, 0], head)
        rows = pl.tile.set_validshape(full, 4, n)
        r = pl.tile.relu(rows)
        top = pl.store(r, [0, 0], top)
        return y, head, top
