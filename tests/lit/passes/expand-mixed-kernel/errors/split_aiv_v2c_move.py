# A hand-written split_aiv kernel runs its AIV side on both lanes; a plain vector -> cube move
# there would send each lane's tile to the one cube core, which pops once: before this check
# it compiled and the cube computed with lane 0's tile only (2048 of 4096 elements wrong).
# RUN: not %ptoc compile %s 2>&1 | FileCheck %s
# CHECK: split_aiv_v2c_move.py:[[@LINE+13]]:13: error: expand-mixed-kernel: 'f' runs on both AIV lanes (split_aiv), but this vector -> cube move sends one lane's tile: the cube core receives one tile, not one per lane
# CHECK: hint: gather the lanes' tiles first (x = pl.aic_gather(t) inside a pl.split_aiv region) and move the gathered tile, or keep the value on the vector side
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        lane = pl.tile.get_subblock_idx()
        t = pl.load(x, [lane * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
        m = pl.move(t, target_memory=pl.Mem.Mat)
        v = pl.move(m, target_memory=pl.Mem.Vec)
        y1 = pl.store(v, [lane * 32, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32],
             y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        y1 = self.f(x, w, y)
        return y1
