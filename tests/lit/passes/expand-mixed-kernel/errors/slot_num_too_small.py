# The scope pins slot_num=2, but the vector side holds three popped tiles at once: the
# pipe would deadlock. Rejected, with the slot count that works.
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: slot_num_too_small.py:14:9: error: expand-mixed-kernel: 'main_incore_0' holds 3 popped tiles at once, but its cross-core pipe has slot_num=2 slots: the producer would wait for a slot the consumer never frees
# CHECK: hint: write pl.cross_core_slot(slot_num=3) on the scope, or use each moved tile before the next one is moved
import pypto.language as pl


@pl.program
class HeldTiles:
    @pl.function
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             g: pl.Tensor[[32, 32], pl.FP32], o: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2)]):
            a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            x1 = pl.move(pl.load(g, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Vec)
            x2 = pl.move(pl.load(g, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Vec)
            o = pl.store(pl.add(pl.add(v, x1), x2), [0, 0], o)
        return o
