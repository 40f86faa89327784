# A scalar read from a cube tile (the matmul result in Acc) scales the vector side's tile:
# only tiles cross between the cores, so the vector side cannot read it.
# RUN: not %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space,expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: crossing_scalar.py:[[@LINE+15]]:{{[0-9]+}}: error: expand-mixed-kernel: 'e' is computed on the cube (AIC) side of 'f' but read on the vector (AIV) side; only tiles cross between the cores (through tpush / tpop)
# CHECK: hint: compute the value on both sides from shared values (parameters, loop indices, scalars), or move it to a tile and across with pl.move
import pypto.language as pl


@pl.program
class Crossing:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        e = pl.tile.read(s, [0, 0])
        h = pl.move(s, target_memory=pl.Mem.Vec)
        y = pl.store(pl.muls(h, e), [0, 0], y)
        return y
