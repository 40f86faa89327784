# guard-empty-stores drops a store whose tile is empty on every path (a constant 0 valid
# extent: a slice that starts past the valid columns). The store writes nothing in the
# author-level program; TSTORE requires a non-empty region and PTOAS rejects a partition view
# of static size 0 even in a dead branch, so the store goes, and its result (here the
# destination of a second store and a returned value) becomes its destination.
# RUN: not %ptoc run %s --entry f 2>&1 | FileCheck %s --check-prefix=BEFORE
# RUN: %ptoc opt %s --passes=guard-empty-stores --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=guard-empty-stores > %t.py && %ptoc run %t.py --entry f | FileCheck %s --check-prefix=AFTER
# RUN: %ptoc check %s --passes=guard-empty-stores --entry g | FileCheck %s --check-prefix=SAME
# BEFORE: static_empty.py:[[@LINE+20]]:17: error: tile.store stores a tile whose valid region is empty (extent 0 on axis 1) in AIV 'f'
# CHECK-LABEL: def f(
# CHECK-NOT: pl.tile.store(e,
# CHECK: out_2: {{.*}} = pl.tile.store(w, [0, 16], out)
# CHECK-NEXT: return out_2, out
# CHECK-LABEL: def g(
# CHECK-NOT: pl.tile.store(e,
# CHECK: return out
# AFTER: ran f in
# SAME: check ok
import pypto.language as pl


@pl.program
class StaticEmpty:
    @pl.function(type=pl.FunctionType.AIV)
    def f(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        v = pl.tile.set_validshape(pl.load(x, [0, 0], [16, 32]), 16, 12)
        e = pl.slice(v, [16, 8], [0, 16])
        out_1 = pl.store(e, [0, 0], out)
        w = pl.slice(pl.load(x, [0, 0], [16, 32]), [16, 16], [0, 0])
        out_2 = pl.store(w, [0, 16], out_1)
        return out_2, out_1

    @pl.function(type=pl.FunctionType.InCore)
    def g(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        v = pl.tile.set_validshape(pl.load(x, [0, 0], [16, 32]), 16, 12)
        e = pl.slice(v, [16, 8], [0, 16])
        out_1 = pl.store(e, [0, 0], out)
        return out_1
