# PTOAS v0.27 has one pipe per direction and kernel: a pipe id is refused at the op.
# RUN: not %ptoc compile %s --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="b", size=2048)
        # CHECK: pipe_id.py:[[@LINE+2]]:9: error: system.aiv_initialize_pipe with id=1: PTO (v0.27) has one pipe per direction and kernel
        # CHECK: hint: use one C2V and one V2C pipe per kernel
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, id=1)
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0, id=1)
        pl.system.tfree_to_aic(t, split=0, id=1)
        y_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t, [0, 0], y)
        return y_1
