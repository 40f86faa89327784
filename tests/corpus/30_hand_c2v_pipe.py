# Hand-written AIC / AIV / Group triple with a cube->vector pipe: import_peer_buffer, reserve_buffer, aic/aiv_initialize_pipe, tpush_to_aiv, annotated tpop_from_aic, tfree_to_aic.
import pypto.language as pl


@pl.program
class HandC2V:
    @pl.function(type=pl.FunctionType.AIC)
    def qk_aic(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        c2v_import = pl.system.import_peer_buffer(name="qk_c2v_slot_buffer", peer_func="qk_aiv")
        pl.system.aic_initialize_pipe(c2v_import, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=2)
        q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        pl.tile.tpush_to_aiv(s, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def qk_aiv(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="qk_c2v_slot_buffer", size=65536, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=32768, slot_num=2)
        s: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        p = pl.mul(s, 0.125)
        pl.system.tfree_to_aic(s)
        out = pl.store(p, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def qk(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
           out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        self.qk_aic(q, kt, out)
        self.qk_aiv(q, kt, out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        out = self.qk(q, kt, out)
        return out
