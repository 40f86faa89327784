# A store of a halved tile whose split-axis offset steps by less than the tile's extent per
# loop iteration: in the unsplit program the later iteration overwrites the overlap, after
# the split lane 1's window of one iteration overlaps lane 0's of the next and the lanes
# race. Rejected at the store (a region inside the loop here; found by the mutation
# harness). A step of at least the extent is accepted (loop_store_left_right.py).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: loop_store_overlap.py:21:22: error: lower-auto-vector-split: this store of a halved tile moves its split-axis offset by 32 per iteration of the loop over 'blk', less than the 64 rows / columns the two AIV lanes write per iteration
# CHECK: hint: step the store offset by at least 64 per iteration (the tile's extent), or keep the loop's stores disjoint
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[128, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for blk, (o,) in pl.range(2, init_values=(out,)):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [blk * 64, 0], [64, 64], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.neg(t), [blk * 32, 0], o)
            o_out = pl.yield_(o2)
        return o_out
