# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# PyPTO forms: `return self.f(x)` of a function with several results unpacks the call's
# tuple; a scalar pl.cast takes its dtype by keyword (target_type= or dtype=); an empty
# pl.yield_() ends a body without results and yields nothing.
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def pair(self, x: pl.Scalar[pl.INT32]) -> tuple[pl.Scalar[pl.INT32], pl.Scalar[pl.INDEX]]:
        # CHECK: i: pl.Scalar[pl.INDEX] = pl.cast(x, pl.INDEX)
        i: pl.Scalar[pl.INDEX] = pl.cast(x, target_type=pl.INDEX)
        for k in pl.range(4):
            if k > i:
                i = i + 1
                pl.yield_()
            # CHECK-NOT: pl.yield_()
            pl.yield_()
        return x, i

    @pl.function
    def main(self, x: pl.Scalar[pl.INT32]) -> tuple[pl.Scalar[pl.INT32], pl.Scalar[pl.INDEX]]:
        # CHECK: ret_tuple: tuple[pl.Scalar[pl.INT32], pl.Scalar[pl.INDEX]] = self.pair(x)
        # CHECK-NEXT: return ret_tuple[0], ret_tuple[1]
        return self.pair(x)
