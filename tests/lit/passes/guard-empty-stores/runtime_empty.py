# guard-empty-stores wraps a store whose tile's valid region may be empty at run time (rows
# min(k, 4), k a scalar parameter) in `if extent > 0:`, the destination's new version carried
# out of the if. A store inside an `if` that already states `extent > 0` is not guarded again
# (so the pass is idempotent and leaves the split lowering's own guards alone); the else branch
# of that if knows nothing and is guarded.
# RUN: %ptoc opt %s --passes=convert-to-ssa,guard-empty-stores --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=convert-to-ssa,guard-empty-stores > %t1.py
# RUN: %ptoc opt %t1.py --passes=guard-empty-stores > %t2.py && diff %t1.py %t2.py
# RUN: rm -rf %t.k0 %t.k3 && %python %S/../simdvf-control/Inputs/npy.py write %t.k0 k i8 0 0
# RUN: %python %S/../simdvf-control/Inputs/npy.py write %t.k3 k i8 0 3
# RUN: %ptoc run %t1.py --entry f --inputs %t.k0 | FileCheck %s --check-prefix=RUN0
# RUN: not %ptoc run %s --entry f --inputs %t.k0 2>&1 | FileCheck %s --check-prefix=BEFORE
# RUN: %ptoc check %s --passes=convert-to-ssa,guard-empty-stores --entry f --inputs %t.k3 | FileCheck %s --check-prefix=SAME
# The author-level (InCore) function writes nothing for k = 0, and so does the guarded one:
# RUN: sed 's/pl.FunctionType.AIV/pl.FunctionType.InCore/' %s > %t.incore.py
# RUN: %ptoc check %t.incore.py --passes=convert-to-ssa,guard-empty-stores --entry f --inputs %t.k0 | FileCheck %s --check-prefix=SAME
# RUN: %ptoc opt %t.incore.py --passes=convert-to-ssa,guard-empty-stores | FileCheck %s
# CHECK-LABEL: def f(
# CHECK: if pl.min(k, 4) > 0:
# CHECK-NEXT: out_1_lane: {{.*}} = pl.tile.store(e, [0, 0], out)
# CHECK-NEXT: out_1 = pl.yield_(out_1_lane)
# CHECK-NEXT: else:
# CHECK-NEXT: out_1 = pl.yield_(out)
# CHECK: if k > 0:
# CHECK-NEXT: t: {{.*}} = pl.tile.set_validshape
# CHECK-NEXT: out_2: {{.*}} = pl.tile.store(t, [4, 0], out_1)
# CHECK: else:
# CHECK: if k > 0:
# CHECK-NEXT: out_2_lane: {{.*}} = pl.tile.store(u, [4, 0], out_1)
# CHECK-NEXT: out_2_2 = pl.yield_(out_2_lane)
# RUN0: ran f in
# BEFORE: error: tile.store stores a tile whose valid region is empty (extent 0 on axis 0) in AIV 'f'
# SAME: check ok
import pypto.language as pl


@pl.program
class RuntimeEmpty:
    @pl.function(type=pl.FunctionType.AIV)
    def f(self, k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[8, 8], pl.FP32]]) -> pl.Tensor[[8, 8], pl.FP32]:
        e = pl.tile.set_validshape(pl.tile.full([4, 8], 1.0, dtype=pl.FP32), pl.min(k, 4), 8)
        out_1 = pl.store(e, [0, 0], out)
        if k > 0:
            t = pl.tile.set_validshape(pl.tile.full([4, 8], 2.0, dtype=pl.FP32), k, 8)
            out_2 = pl.store(t, [4, 0], out_1)
        else:
            u = pl.tile.set_validshape(pl.tile.full([4, 8], 3.0, dtype=pl.FP32), k, 8)
            out_2 = pl.store(u, [4, 0], out_1)
        return out_2
