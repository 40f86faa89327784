# Element-wise tensor ops of an InCore function become tile ops: each In parameter is loaded
# whole into Vec once, at function entry; the returned value is stored into a new Out
# parameter, and the Orchestration caller creates that tensor and passes it.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-tensor-to-tile-ops | FileCheck %s --check-prefix=RUNS
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32],
               y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        s: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, y)
        t: pl.Tensor[[16, 64], pl.FP32] = pl.mul(s, x)
        u: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.adds(t, 1.0)
        v: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(u)
        return v

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        r: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, y)
        return r

# CHECK:      def kernel(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Tensor{{\[\[}}16, 64], pl.FP32], ret0__out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:     x__tile: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:     y__tile: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.load(y, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:     s: pl.Tile{{.*}} = pl.tile.add(x__tile, y__tile)
# CHECK-NEXT:     t: pl.Tile{{.*}} = pl.tile.mul(s, x__tile)
# CHECK-NEXT:     u: pl.Tile{{.*}} = pl.tile.adds(t, 1.0)
# CHECK-NEXT:     v: pl.Tile{{.*}} = pl.tile.exp(u)
# CHECK-NEXT:     ret0__store: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(v, [0, 0], ret0__out)
# CHECK-NEXT:     return ret0__out
# CHECK:      def main(
# CHECK-NEXT:     ret0__out: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.create([16, 64], dtype=pl.FP32)
# CHECK-NEXT:     r: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.kernel(x, y, ret0__out)
# CHECK-NEXT:     return r
# CHECK-NOT: pl.tensor.add
