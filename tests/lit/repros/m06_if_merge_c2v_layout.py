# Repro m06: the same NZ-vs-default-Vec layout difference at an if-merge: the then-branch
# yields a value moved back to the C->V move's NZ view, the else-branch yields the shard
# itself. The else yield was moved to the then yield's layout. Since the C->V move delivers
# row-major to its readers and an if's result takes the layout both arms yield
# (docs/passes/resolve-backend-op-layouts.md, "Ifs and loops"), neither arm moves anything.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: if flag:
# IR-NEXT: v_1: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.relu(v)
# IR-NEXT: v_2 = pl.yield_(v_1)
# IR-NEXT: else:
# IR-NEXT: v_2 = pl.yield_(v)
# IR-NEXT: o_1: {{.*}} = pl.tile.store(v_2,
import pypto.language as pl


@pl.program
class IfMergeLayout:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
             flag: pl.Scalar[pl.BOOL],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            if flag:
                v = pl.relu(v)
            o = pl.store(v, [0, 0], o)
        return o
