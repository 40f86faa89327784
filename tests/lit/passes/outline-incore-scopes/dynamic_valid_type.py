# A captured scalar named inside a TYPE (a dynamic valid_shape) is renamed with the
# parameter it becomes: the load's type, the matmul's and every type deduced from them
# name the InCore function's `n`, never the caller's (repro m08). The split lanes'
# extents are then built from the parameter, and the numbers match.
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes --verify-each > %t.py
# RUN: FileCheck %s < %t.py
# RUN: %ptoc fmt %t.py > /dev/null
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | %ptoc fmt - > /dev/null
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class M08:
    @pl.function
    def main(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], n: pl.Scalar[pl.INDEX],
             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [64, 32], [n + 40, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            o = pl.store(pl.mul(v, 2.0), [0, 0], o)
        return o

# CHECK:     def main_incore_0(self, a: {{.*}}, n: pl.Scalar[pl.INDEX],
# CHECK-NOT: n_1
# CHECK:     valid_shape=[n + 40, 32]
# CHECK-NOT: n_1
# CHECK:     def main(
