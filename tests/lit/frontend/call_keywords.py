# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc fmt %S/Inputs/call_keywords_bad.py 2>&1 | FileCheck %s --check-prefix=BAD
# Calls of the program's functions may name their arguments (PyPTO reads Python calls);
# the printed call passes them in order.
import pypto.language as pl


@pl.program
class Kw:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
          ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.cast(pl.load(x, [0, 0], [16, 64]), target_type=pl.BF16, mode=3)
        # CHECK: pl.tile.cast(pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec), dtype=pl.BF16, mode="floor")
        u = pl.cast(t, pl.FP32)
        y = pl.store(u, [0, 0], y)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
             ) -> pl.Tensor[[16, 64], pl.FP32]:
        # CHECK: self.k(x, y)
        r = self.k(y=y, x=x)
        return r
# BAD: call_keywords_bad.py:{{[0-9]+}}:{{[0-9]+}}: error: 'k' has no parameter 'z'
