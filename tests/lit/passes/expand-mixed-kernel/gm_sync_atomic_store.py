# A GM-mediated exchange through an atomic store: the cube stores its product to `ws`, then the
# vector side adds its tile into `ws` (atomic=1, which reads the destination: the registry's
# read-write effect). The add must not overtake the cube's store (it would be overwritten), so
# it is fenced like a load: the AIC pushes the stored tile, the AIV pops and frees it before
# the atomic store. Before, only a tile.load counted as a read of the tensor.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_aic(
# CHECK: ws1: {{.*}} = pl.tile.store(acc, [0, 0], ws)
# CHECK-NEXT: pl.tile.tpush_to_aiv(acc, split=0)
# CHECK: def f_aiv(
# CHECK: gm_sync: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: pl.system.tfree_to_aic(gm_sync, split=0)
# CHECK-NEXT: ws2: {{.*}} = pl.tile.store({{.*}}, [0, 0], ws, atomic=1)
import pypto.language as pl


@pl.program
class GmSyncAtomic:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          x: pl.Tensor[[32, 32], pl.FP32],
          ws: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        ws1 = pl.store(acc, [0, 0], ws)
        t = pl.load(x, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
        ws2 = pl.store(t, [0, 0], ws1, atomic=True)
        return ws2
