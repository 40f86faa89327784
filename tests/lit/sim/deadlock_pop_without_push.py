# A pop with no producer is a deadlock report naming every blocked task and the op it waits
# in (never a hang); exit status 1.
# RUN: not %ptoc run %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class PopWithoutPush:
    @pl.function(type=pl.FunctionType.AIC)
    def g_aic(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="g_c2v", peer_func="g_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)

    @pl.function(type=pl.FunctionType.AIV)
    def g_aiv(self, x: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True, "split": pl.SplitMode.UP_DOWN})
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="g_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        # CHECK: deadlock_pop_without_push.py:[[@LINE+4]]:{{[0-9]+}}: error: deadlock in core group 'g': g_aiv (AIV lane 0) waits in tile.tpop_from_aic and no task can proceed (g_aic (AIC) finished)
        # CHECK: note: g_aiv (AIV lane 0) is blocked in tile.tpop_from_aic: the C2V pipe 0 holds no tile for lane 0 (tile #0 of 0 pushed), and g_aic (AIC) has finished
        # CHECK: note: g_aiv (AIV lane 1) is blocked in tile.tpop_from_aic: the C2V pipe 0 holds no tile for lane 1
        # CHECK: hint: every tpop needs a matching tpush
        h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
        out = pl.store(h, [sb * 8, 0], out)
        pl.system.tfree_to_aic(h)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def g(self, x: pl.Tensor[[16, 16], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.g_aic(x, out)
        self.g_aiv(x, out)
        return out
