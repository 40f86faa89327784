# Explicit SSA: pl.range with init_values / pl.yield_ (one and two carried values, start/stop/step) and an if/else whose arms end in pl.yield_.
import pypto.language as pl


@pl.program
class SsaLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_blocks(self, x: pl.Tensor[[64, 64], pl.FP32], use_max: pl.Scalar[pl.BOOL],
                      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        zero = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(zero,)):
            blk = pl.load(x, [i * 16, 0], [16, 64], target_memory=pl.Mem.Vec)
            nxt = pl.add(acc, blk)
            total = pl.yield_(nxt)
        lowest = pl.tile.full([16, 64], -3.0e38, dtype=pl.FP32)
        for j, (mx, cnt) in pl.range(0, 64, 16, init_values=(lowest, 0)):
            blk2 = pl.load(x, [j, 0], [16, 64], target_memory=pl.Mem.Vec)
            mx2 = pl.maximum(mx, blk2)
            cnt2 = cnt + 1
            mx_out, cnt_out = pl.yield_(mx2, cnt2)
        if use_max:
            res = pl.yield_(mx_out)
        else:
            avg = pl.mul(total, 1.0 / pl.cast(cnt_out, pl.FP32))
            res = pl.yield_(avg)
        y = pl.store(res, [0, 0], y)
        return y
