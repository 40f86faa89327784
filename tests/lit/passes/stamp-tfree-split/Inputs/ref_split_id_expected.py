import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def consumer(self):
        buf = pl.system.reserve_buffer(name="c2v", size=4096, base=4096)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, id=3)
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1, id=3)
        pl.system.tfree_to_aic(t, split=1, id=3)
