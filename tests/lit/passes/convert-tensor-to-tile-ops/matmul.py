# tensor.matmul: its GM operands are loaded into Mat (a_trans / b_trans read the Mat tile
# through tile.transpose_view); the product is an Acc tile that infer-tile-memory-space
# then feeds from Left / Right. A vector op on the product makes a mixed kernel.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=SPLIT
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, q: pl.Tensor[[16, 64], pl.FP16], k: pl.Tensor[[32, 64], pl.FP16]) -> pl.Tensor[[16, 32], pl.FP32]:
        s: pl.Tensor[[16, 32], pl.FP32] = pl.matmul(q, k, b_trans=True)
        e: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.exp(s)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[16, 64], pl.FP16], k: pl.Tensor[[32, 64], pl.FP16]) -> pl.Tensor[[16, 32], pl.FP32]:
        o: pl.Tensor[[16, 32], pl.FP32] = self.kernel(q, k)
        return o

# CHECK:      q__mat: pl.Tile{{\[\[}}16, 64], pl.FP16{{.*}}] = pl.tile.load(q, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: k__mat: pl.Tile{{\[\[}}32, 64], pl.FP16{{.*}}] = pl.tile.load(k, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: s: pl.Tile{{\[\[}}16, 32], pl.FP32{{.*}}] = pl.tile.matmul(q__mat, pl.tile.transpose_view(k__mat))
# CHECK-NEXT: e: pl.Tile{{.*}} = pl.tile.exp(s)
# SPLIT-NOT: pl.tensor.matmul
# SPLIT: pl.tile.matmul(
