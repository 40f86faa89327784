# A loop-carried tensor whose yield becomes a tile is carried as a tile: its GM init (an In
# parameter) is loaded at entry and the loop result is stored into the new Out parameter.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Carry:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, acc: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (run,) in pl.range(3, init_values=(acc,)):
            nxt: pl.Tensor[[64], pl.FP32] = pl.add(run, x)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, acc: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        o: pl.Tensor[[64], pl.FP32] = self.kernel(acc, x)
        return o

# CHECK:      x__tile: pl.Tile{{\[\[}}64], pl.FP32{{.*}}] = pl.tile.load(x, [0], [64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: acc__tile: pl.Tile{{\[\[}}64], pl.FP32{{.*}}] = pl.tile.load(acc, [0], [64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: for i, (run,) in pl.range(3, init_values=(acc__tile,)):
# CHECK-NEXT:     nxt: pl.Tile{{.*}} = pl.tile.add(run, x__tile)
# CHECK-NEXT:     res = pl.yield_(nxt)
# CHECK-NEXT: ret0__store: {{.*}} = pl.tile.store(res, [0], ret0__out)
# CHECK-NEXT: return ret0__out
