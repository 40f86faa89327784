# Several results leave through a tuple: two stores into Out tensors and a tile the
# parent keeps using. The caller unpacks the tuple with TupleGetItem into fresh variables.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 4 output(s)
import pypto.language as pl


@pl.program
class Multi:
    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
             hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 64])
            e = pl.exp(t)
            lo_1 = pl.store(pl.mul(e, 0.5), [0, 0], lo)
            r = pl.relu(t)
        with pl.at(level=pl.Level.CORE_GROUP):
            hi_1 = pl.store(pl.add(r, e), [0, 0], hi)
        return lo_1, hi_1

# CHECK:      @pl.program
# CHECK-NEXT: class Multi:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], lo: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> tuple[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         e: {{.*}} = pl.tile.exp(t)
# CHECK-NEXT:         lo_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.muls(e, 0.5), [0, 0], lo)
# CHECK-NEXT:         r: {{.*}} = pl.tile.relu(t)
# CHECK-NEXT:         return e, lo, r
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_1(self, r: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], e: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], hi: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         hi_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(pl.tile.add(r, e), [0, 0], hi)
# CHECK-NEXT:         return hi
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], lo: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]], hi: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tensor{{\[\[}}16, 64], pl.FP32]]:
# CHECK-NEXT:         main_incore_0_result: tuple[pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]] = self.main_incore_0(x, lo)
# CHECK-NEXT:         e: {{.*}} = main_incore_0_result[0]
# CHECK-NEXT:         lo_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = main_incore_0_result[1]
# CHECK-NEXT:         r: {{.*}} = main_incore_0_result[2]
# CHECK-NEXT:         hi_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.main_incore_1(r, e, hi)
# CHECK-NEXT:         return lo_1, hi_1
