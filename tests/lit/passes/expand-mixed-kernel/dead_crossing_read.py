# A scalar of the cube side read only by vector work whose result is dead: the side cleanup
# removes that work, so nothing crosses and the kernel expands (no error).
# RUN: %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space,expand-mixed-kernel | FileCheck %s
# CHECK: def f_aiv(
# CHECK-NOT: muls
# CHECK-NOT: tile.read
# CHECK: return
import pypto.language as pl


@pl.program
class DeadCrossing:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
          y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        e = pl.tile.read(s, [0, 0])
        h = pl.move(s, target_memory=pl.Mem.Vec)
        unused = pl.muls(h, e)
        y = pl.store(h, [0, 0], y)
        return y
