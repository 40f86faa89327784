# A tiled tensor-level loop: tensor.slice of a GM tensor is a tile.load of the window (the
# window's offsets and shape), tensor.assemble of a tile into a GM tensor is a tile.store
# at the offset; the carried GM tensor stays a tensor.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Tiled:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            blk: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.slice(x, [16, 64], [i * 16, 0])
            m: pl.Tensor[[16, 1], pl.FP32] = pl.tensor.row_max(blk)
            d: pl.Tensor[[16, 64], pl.FP32] = pl.sub(blk, m)
            e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(d)
            acc_next: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(acc, e, [i * 16, 0])
            res = pl.yield_(acc_next)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        o: pl.Tensor[[64, 64], pl.FP32] = self.kernel(x, out)
        return o

# CHECK:      def kernel(self, x: pl.Tensor{{\[\[}}64, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# CHECK-NEXT:     for i, (acc,) in pl.range(4, init_values=(out,)):
# CHECK-NEXT:         blk: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.load(x, [i * 16, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         m: pl.Tile{{\[\[}}16, 1], pl.FP32{{.*}}] = pl.tile.row_max(blk)
# CHECK-NEXT:         d: pl.Tile{{.*}} = pl.tile.row_expand_sub(blk, m)
# CHECK-NEXT:         e: pl.Tile{{.*}} = pl.tile.exp(d)
# CHECK-NEXT:         acc_next: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(e, [i * 16, 0], acc)
# CHECK-NEXT:         res = pl.yield_(acc_next)
# CHECK-NEXT:     return res
# CHECK:      def main(
# CHECK-NEXT:     o: pl.Tensor{{\[\[}}64, 64], pl.FP32] = self.kernel(x, out)
