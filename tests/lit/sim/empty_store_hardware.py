# A store of a tile with an empty valid region is outside the PTO ISA contract (pto-isa's TSTORE
# requires valid rows and columns > 0). A store of a tile empty at run time (here min(k, 0) rows)
# is reported by the simulator at the store in an AIV / AIC function (what the hardware runs), while an author-level InCore function keeps the
# abstract meaning (the store writes nothing), which the split lowering implements with a guard
# (passes/lower-auto-vector-split/empty_lane_store_guard.py).
# RUN: not %ptoc run %s 2>&1 | FileCheck %s --check-prefix=AIV
# RUN: sed 's/pl.FunctionType.AIV/pl.FunctionType.InCore/' %s > %t.py && %ptoc run %t.py | FileCheck %s --check-prefix=INCORE
# AIV: empty_store_hardware.py:[[@LINE+11]]:15: error: tile.store stores a tile whose valid region is empty (extent 0 on axis 0) in AIV 'f': outside the PTO ISA contract (TSTORE requires valid rows and columns > 0)
# AIV: hint: guard the store with an `if` on the valid extent
# INCORE: ran f in
import pypto.language as pl


@pl.program
class EmptyStore:
    @pl.function(type=pl.FunctionType.AIV)
    def f(self, k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        e = pl.tile.set_validshape(pl.tile.full([4, 8], 1.0, dtype=pl.FP32), pl.min(k, 0), 8)
        out = pl.store(e, [0, 0], out)
        return out
