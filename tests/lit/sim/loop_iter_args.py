# SSA loops: pl.range with two iter_args and a dynamic trip count, a stepped loop carrying a
# tile, and pl.while_ carrying two scalars (the step count is returned as a 0-d array).
# RUN: rm -rf %t && %python %S/Inputs/sim_expect.py gen loop_iter_args %t/in
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# RUN: %python %S/Inputs/sim_expect.py check loop_iter_args %t/in %t/out
# CHECK: ran blocks in {{.*}}; inputs: x (file), n (file), total (zeros), peak (zeros); wrote total.npy, peak.npy, return_0.npy, return_1.npy, return_2.npy
import pypto.language as pl


@pl.program
class Loops:
    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
               total: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
               peak: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
               ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32], pl.Scalar[pl.INDEX]]:
        zero = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (acc, cnt) in pl.range(n, init_values=(zero, 0)):
            blk = pl.load(x, [i * 16, 0], [16, 64], target_memory=pl.Mem.Vec)
            nxt = pl.add(acc, blk)
            cnt2 = cnt + 1
            acc_out, cnt_out = pl.yield_(nxt, cnt2)
        mean = pl.mul(acc_out, 1.0 / pl.cast(cnt_out, pl.FP32))
        total = pl.store(mean, [0, 0], total)
        lowest = pl.tile.full([16, 64], -3.0e38, dtype=pl.FP32)
        for j, (mx,) in pl.range(0, 64, 16, init_values=(lowest,)):
            blk2 = pl.load(x, [j, 0], [16, 64])
            mx2 = pl.maximum(mx, blk2)
            mx_out = pl.yield_(mx2)
        peak = pl.store(mx_out, [0, 0], peak)
        for (k, steps) in pl.while_(init_values=(100, 0)):
            pl.cond(k > 1)
            k2 = k // 3
            steps2 = steps + 1
            k_out, steps_out = pl.yield_(k2, steps2)
        return total, peak, steps_out
