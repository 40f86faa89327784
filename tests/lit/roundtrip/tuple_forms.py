# Tuple values and types round-trip: `()` / `tuple[()]`, one element `(x,)`, nested,
# mixed tile / scalar / tensor elements (`(x, n)`, never a list `[x, n]`, which reads
# only scalars), one result of a tuple type (`-> tuple[tuple[...]]`) and several
# results (`-> tuple[T1, T2]`).
# RUN: %ptoc fmt %s > %t.py
# RUN: %ptoc fmt %t.py > %t2.py
# RUN: diff %t.py %t2.py
# RUN: %ptoc equal %s %t.py
# RUN: FileCheck %s < %t.py
import pypto.language as pl


@pl.program
class Tuples:
    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, n: pl.Scalar[pl.INDEX], x: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]) -> tuple[tuple[pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], pl.Scalar[pl.INDEX]]]:
        # CHECK: def pair(self, n: pl.Scalar[pl.INDEX], x: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec]) -> tuple[tuple[pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec], pl.Scalar[pl.INDEX]]]:
        # CHECK-NEXT: return (x, n)
        return (x, n)

    @pl.function(type=pl.FunctionType.InCore)
    def main(self, n: pl.Scalar[pl.INDEX], t: pl.Tensor[[16, 16], pl.FP32]) -> tuple[pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], pl.Scalar[pl.INDEX]]:
        x = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        # CHECK: _: tuple[()] = ()
        _ = ()
        # CHECK: one: tuple[pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec]] = (x,)
        one = (x,)
        # CHECK: mixed: tuple[pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec], pl.Scalar[pl.INDEX], pl.Tensor{{\[\[}}16, 16], pl.FP32]] = (x, n, t)
        mixed = (x, n, t)
        # CHECK: nested: tuple[tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]], tuple[()], tuple[pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec]]] = ([n, 1], (), (x,))
        nested = ((n, 1), (), (x,))
        # CHECK: scalars: tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]] = [n, 2]
        scalars = [n, 2]
        y = one[0]
        m = nested[0][1]
        r = self.pair(m, y)
        return r[0], mixed[1]
