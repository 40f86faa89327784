# Pair (annotated): hand-written AIV consumer of a C->V pipe; reserve_buffer handle and tpop result annotated (the tpop annotation is required in both files).
import pypto.language as pl


@pl.program
class HandPipePair:
    @pl.function(type=pl.FunctionType.AIV)
    def consume(self, out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="consume_c2v_slot_buffer", size=8192, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=4096, slot_num=2)
        z: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        e: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.exp(z)
        pl.system.tfree_to_aic(z)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.store(e, [0, 0], out)
        return out
