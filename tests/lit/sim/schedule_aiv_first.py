# --schedule=aiv-first: the simulator starts with the AIV and hands the baton backwards.
# This split program has a cube store and a vector store into `o` and nothing ordering them,
# as expand-mixed-kernel produced before it fenced a vector store after a cube store. The cores
# run concurrently on the NPU, so the result is undefined; the two schedules show it: the default
# runs the AIC first (the vector's value stays), aiv-first runs the AIV first (the cube's value
# stays). The fenced form (the pass's output today) gives the same under both.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %ptoc run %s --entry f --out %t/aic | FileCheck %s --check-prefix=RANOK
# RUN: %ptoc run %s --entry f --out %t/aiv --schedule=aiv-first | FileCheck %s --check-prefix=RANOK
# RUN: not cmp -s %t/aic/o.npy %t/aiv/o.npy
# RUN: %ptoc opt %S/../passes/expand-mixed-kernel/gm_sync_vector_store.py --passes=compile > %t/fenced.py
# RUN: %ptoc run %t/fenced.py --entry f --out %t/fenced_aic
# RUN: %ptoc run %t/fenced.py --entry f --out %t/fenced_aiv --schedule=aiv-first
# RUN: cmp %t/fenced_aic/o.npy %t/fenced_aiv/o.npy
# RUN: cmp %t/aic/o.npy %t/fenced_aiv/o.npy
# RUN: not %ptoc run %s --schedule=sideways 2>&1 | FileCheck %s --check-prefix=BAD
# RANOK: ran f in
# BAD: --schedule: sideways not in {aic-first,aiv-first,both}

@pl.program
class UnfencedGmWaw:
    @pl.function(type=pl.FunctionType.AIC)
    def f_aic(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32], o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]):
        a_l: pl.Tile[[16, 32], pl.FP16, pl.Mem.Left] = pl.tile.move(pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r: pl.Tile[[32, 16], pl.FP16, pl.Mem.Right] = pl.tile.move(pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
        o2: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(acc, [0, 0], o)

    @pl.function(type=pl.FunctionType.AIV)
    def f_aiv(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32], o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        o3: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(pl.tile.exp(t), [0, 0], o)
        return o3

    @pl.function(type=pl.FunctionType.Group)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32], o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.f_aic(a, b, x, o)
        self.f_aiv(a, b, x, o)
        return o
