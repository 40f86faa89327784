# Found by tests/robustness/gen_mixed.py (seed 33001825): a mixed kernel without a split stores
# `pl.slice(v, [33, 15], [0, 18])` of a tile with 16 valid columns: the slice has no valid
# column. The author-level program writes nothing; the compiled AIV stored the empty tile, which
# the simulator reports (TSTORE requires a non-empty region). guard-empty-stores, the last pass
# of `compile`, drops the store (its valid extent is the constant 0).
# RUN: %ptoc check %s --passes=compile --seed=1825 | FileCheck %s
# RUN: %ptoc check %s --passes=compile --seed=1825 --arch=a2a3 | FileCheck %s
# RUN: %ptoc compile %s | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR-LABEL: def main_incore_0_aiv(
# IR-NOT: pl.tile.store(sl2
# IR: pl.tile.store(m7
import pypto.language as pl


@pl.program
class Gen:
    @pl.function
    def main(self, in0: pl.Tensor[[33, 32], pl.FP16], in1: pl.Tensor[[32, 16], pl.FP16], flag: pl.Scalar[pl.BOOL], out0: pl.Out[pl.Tensor[[33, 15], pl.FP32]], out1: pl.Out[pl.Tensor[[38, 18], pl.FP32]]) -> tuple[pl.Tensor[[33, 15], pl.FP32], pl.Tensor[[38, 18], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(in0, [0, 0], [33, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(in1, [0, 0], [32, 33], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            v = pl.move(s, target_memory=pl.Mem.Vec)
            r1 = pl.row_min(v)
            sl2 = pl.slice(v, [33, 15], [0, 18])
            u3 = pl.abs(r1)
            acc4 = sl2
            for i in pl.range(2):
                acc4 = pl.add(acc4, sl2)
                e5 = pl.row_expand_sub(acc4, u3)
                acc4 = pl.add(acc4, e5)
                acc4 = pl.mul(acc4, 0.5)
            sv6 = pl.tile.set_validshape(acc4, 25, 3)
            m7 = sv6
            if flag:
                m7 = pl.neg(m7)
            out0 = pl.store(sl2, [0, 0], out0)
            out1 = pl.store(m7, [5, 3], out1)
        return out0, out1
