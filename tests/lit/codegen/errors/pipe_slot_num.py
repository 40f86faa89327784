# PTOAS v0.27 fixes a one-way pipe at 8 slots (its init ops have no slot_num): a pipe asking
# for more is refused at the pop of the function that reserves the ring.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="b", size=16384)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=16)
        # CHECK: pipe_slot_num.py:[[@LINE+2]]:53: error: the C2V pipe of 'k' asks for slot_num=16, but PTOAS v0.27 fixes a pipe with dir_mask=1 at 8 slots
        # CHECK: hint: use pl.cross_core_slot(slot_num=N) with N <= 8
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        pl.system.tfree_to_aic(t, split=0)
        y_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t, [0, 0], y)
        return y_1
