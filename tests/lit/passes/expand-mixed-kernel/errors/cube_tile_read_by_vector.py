# A vector op reading a cube tile without a boundary move (tile.extract from a Mat tile into
# Vec): the tile exists only on the AIC, so the AIV cannot read it.
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: cube_tile_read_by_vector.py:20:9: error: expand-mixed-kernel: 'gm' is computed on the cube (AIC) side of 'f' but read on the vector (AIV) side; only tiles cross between the cores (through tpush / tpop)
# CHECK: hint: move the tile across with pl.move(gm, target_memory=pl.Mem.Vec) first, and read that
import pypto.language as pl


@pl.program
class CubeRead:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          gt: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        gm = pl.load(gt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        g = pl.tile.extract(gm, 0, 0, [64, 64], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.add(h, g), [0, 0], y)
        return y1
