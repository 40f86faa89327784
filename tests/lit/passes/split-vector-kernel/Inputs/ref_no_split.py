import pypto.language as pl


@pl.program
class NoSplit:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, y: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf = pl.system.reserve_buffer(name="k_c2v", size=4096, base=4096)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=512)
        z: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        pl.system.tfree_to_aic(z)
        y_1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(z, [0, 0], y)
        return y_1
