# Errors of the simulated program are diagnostics at the offending op (exit status 1): an
# element read out of bounds, an integer division by zero, a lane that never reaches the
# aic_gather its partner waits in, and aiv_shard outside split_aiv code.
# RUN: not %ptoc run %s --entry oob 2>&1 | FileCheck %s --check-prefix=OOB
# RUN: not %ptoc run %s --entry divzero 2>&1 | FileCheck %s --check-prefix=DIV
# RUN: not %ptoc run %s --entry gather 2>&1 | FileCheck %s --check-prefix=GATHER
# RUN: not %ptoc run %s --entry shard 2>&1 | FileCheck %s --check-prefix=SHARD
import pypto.language as pl


@pl.program
class SimErrors:
    @pl.function(type=pl.FunctionType.AIV)
    def oob(self, x: pl.Tensor[[4, 8], pl.FP32], y: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        a = pl.load(x, [0, 0], [4, 8])
        b = pl.tile.create([4, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for i in pl.parallel(4):
                for j in pl.parallel(8):
                    # OOB: sim_errors.py:[[@LINE+1]]:{{[0-9]+}}: error: index [0, 8] is out of bounds of 'a' with shape [4, 8]
                    b[i, j] = a[i, j + 1]
        y = pl.store(b, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def divzero(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        d = n - n
        # DIV: sim_errors.py:[[@LINE+1]]:{{[0-9]+}}: error: integer division by zero
        q = n // d
        return q

    @pl.function
    def gather(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        acc = pl.matmul(pl.move(t, target_memory=pl.Mem.Left), pl.move(t, target_memory=pl.Mem.Right))
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(acc)
            if aiv_id == 0:
                # GATHER: sim_errors.py:[[@LINE+3]]:{{[0-9]+}}: error: deadlock in core group 'gather (split_aiv region)': gather (lane 0) waits in tile.aic_gather and no task can proceed (gather (lane 1) finished)
                # GATHER: note: gather (lane 0) is blocked in tile.aic_gather: gather #0 needs both lanes, and gather (lane 1) has finished without reaching it
                # GATHER: hint: {{.*}}both lanes must reach every aic_gather
                g: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.aic_gather(h)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def shard(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        acc = pl.matmul(pl.move(t, target_memory=pl.Mem.Left), pl.move(t, target_memory=pl.Mem.Right))
        # SHARD: sim_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: tile.aiv_shard runs outside a split_aiv function or region
        # SHARD: hint: aiv_shard / aic_gather work inside `for aiv_id in pl.split_aiv(...)` regions and InCore functions with the split_aiv attribute
        h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc, split=pl.SplitMode.UP_DOWN)
