# While loops: natural `while r < n:` carrying a running tile and the Out tensor, and the SSA form `for (...) in pl.while_(init_values=...)` with pl.cond.
import pypto.language as pl


@pl.program
class WhileLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def prefix_blocks(self, x: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
                      y: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
                      s: pl.Out[pl.Tensor[[8, 32], pl.FP32]]
                      ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[8, 32], pl.FP32]]:
        r = 0
        run = pl.tile.full([8, 32], 0.0, dtype=pl.FP32)
        while r < n:
            blk = pl.load(x, [r, 0], [8, 32])
            run = pl.add(run, blk)
            y = pl.store(run, [r, 0], y)
            r = r + 8
        for (k, steps) in pl.while_(init_values=(n, 0)):
            pl.cond(k > 8)
            k2 = k // 2
            steps2 = steps + 1
            k_out, steps_out = pl.yield_(k2, steps2)
        scaled = pl.mul(run, pl.cast(steps_out, pl.FP32))
        s = pl.store(scaled, [0, 0], s)
        return y, s
