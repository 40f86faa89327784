# A cube store, then a vector store into the same tensor (write after write): after the split
# the AIC and the AIV run concurrently, and the vector store must land after the cube's or the
# cube's value stays (the source program's result is the vector's). It is fenced like a load:
# the AIC pushes the stored tile, the AIV pops and frees it before its store. Before, only a
# vector op that read the tensor was fenced, and this kernel's two stores raced on hardware
# (the simulator's default order runs the AIC first and hid it; under --schedule=aiv-first the
# unfenced form gives the cube's value, sim/schedule_aiv_first.py).
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --schedule=aiv-first
# The same store order inside a loop body is fenced in every iteration.
# RUN: %ptoc opt %S/Inputs/gm_sync_vector_store_loop.py --passes=compile --verify-each | FileCheck %s --check-prefix=LOOP
# RUN: %ptoc check %S/Inputs/gm_sync_vector_store_loop.py --passes=compile
# RUN: %ptoc check %S/Inputs/gm_sync_vector_store_loop.py --passes=compile --schedule=aiv-first
# CHECK: def f_aic(
# CHECK: o1: {{.*}} = pl.tile.store(acc, [0, 0], o)
# CHECK-NEXT: pl.tile.tpush_to_aiv(acc, split=0)
# CHECK: def f_aiv(
# CHECK: gm_sync: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: pl.system.tfree_to_aic(gm_sync, split=0)
# CHECK-NEXT: o2: {{.*}} = pl.tile.store({{.*}}, [0, 0], o)
# LOOP: def f_aic(
# LOOP: for i, (oc,) in pl.range(4
# LOOP: pl.tile.store(acc, [0, 0], oc)
# LOOP-NEXT: pl.tile.tpush_to_aiv(acc, split=0)
# LOOP: def f_aiv(
# LOOP: for i, (oc,) in pl.range(4
# LOOP: gm_sync: {{.*}} = pl.tile.tpop_from_aic(split=0)
# LOOP-NEXT: pl.system.tfree_to_aic(gm_sync, split=0)
# LOOP-NEXT: o3: {{.*}} = pl.tile.store({{.*}}, [0, 0], o)
import pypto.language as pl


@pl.program
class GmSyncVectorStore:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        o1 = pl.store(acc, [0, 0], o)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        o2 = pl.store(pl.exp(t), [0, 0], o1)
        return o2
