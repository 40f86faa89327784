# A GM-mediated exchange: the cube stores its product to `ws`, the vector side loads it back.
# The AIC pushes the stored tile right after the store, the AIV pops and frees that token
# before the load, so the load cannot overtake the store.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: ws1: {{.*}} = pl.tile.store(acc, [0, 0], ws)
# CHECK-NEXT: pl.tile.tpush_to_aiv(acc, split=0)
# CHECK: def f_aiv(
# CHECK: gm_sync: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: pl.system.tfree_to_aic(gm_sync, split=0)
# CHECK-NEXT: t: {{.*}} = pl.tile.load(ws, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class GmSync:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          ws: pl.InOut[pl.Tensor[[32, 32], pl.FP32]],
          y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        ws1 = pl.store(acc, [0, 0], ws)
        t = pl.load(ws1, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(t), [0, 0], y)
        return y1
