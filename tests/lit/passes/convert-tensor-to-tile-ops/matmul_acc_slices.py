# A K loop on tensors: a GM slice that feeds a matmul is loaded straight into Mat (no Vec
# detour), tensor.matmul_acc becomes tile.matmul_acc carried as a tile through the loop.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class KLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 128], pl.FP16], b: pl.Tensor[[128, 32], pl.FP16]) -> pl.Tensor[[16, 32], pl.FP32]:
        a0: pl.Tensor[[16, 64], pl.FP16] = pl.tensor.slice(a, [16, 64], [0, 0])
        b0: pl.Tensor[[64, 32], pl.FP16] = pl.tensor.slice(b, [64, 32], [0, 0])
        c0: pl.Tensor[[16, 32], pl.FP32] = pl.matmul(a0, b0)
        for k, (c,) in pl.range(1, 2, init_values=(c0,)):
            ak: pl.Tensor[[16, 64], pl.FP16] = pl.tensor.slice(a, [16, 64], [0, k * 64])
            bk: pl.Tensor[[64, 32], pl.FP16] = pl.tensor.slice(b, [64, 32], [k * 64, 0])
            c1: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.matmul_acc(c, ak, bk)
            r = pl.yield_(c1)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 128], pl.FP16], b: pl.Tensor[[128, 32], pl.FP16]) -> pl.Tensor[[16, 32], pl.FP32]:
        o: pl.Tensor[[16, 32], pl.FP32] = self.kernel(a, b)
        return o

# CHECK:      a0: pl.Tile{{\[\[}}16, 64], pl.FP16{{.*}}] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: b0: pl.Tile{{\[\[}}64, 32], pl.FP16{{.*}}] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
# CHECK-NEXT: c0: pl.Tile{{\[\[}}16, 32], pl.FP32{{.*}}] = pl.tile.matmul(a0, b0)
# CHECK-NEXT: for k, (c,) in pl.range(1, 2, init_values=(c0,)):
# CHECK-NEXT:     ak: {{.*}} = pl.tile.load(a, [0, k * 64], [16, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT:     bk: {{.*}} = pl.tile.load(b, [k * 64, 0], [64, 32], target_memory=pl.Mem.Mat)
# CHECK-NEXT:     c1: pl.Tile{{.*}} = pl.tile.matmul_acc(c, ak, bk)
# CHECK-NEXT:     r = pl.yield_(c1)
# CHECK-NEXT: ret0__store: {{.*}} = pl.tile.store(r, [0, 0], ret0__out)
