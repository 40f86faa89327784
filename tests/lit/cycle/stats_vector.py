# --stats on a vector kernel whose figures are computed by hand (docs/cost-model.md, A5
# table): load 16x64 FP32 = 4096 B GM->UB at 100.9 GiB/s, 1.85 GHz: 69.9 -> 70 cycles (MTE2);
# adds: 6 + 2 x 16 repeats of 256 B = 38 (V); store UB->GM at 188.46 GiB/s: 37.4 -> 38
# (MTE3). A chain: 70 + 38 + 38 = 146.
# RUN: %ptoc run %s --stats | FileCheck %s
# CHECK: [a5] cycle model: 146 cycles, 3 instructions
# CHECK-NEXT: core   busy  util   per pipe (busy cycles, util)
# CHECK-NEXT: AIV0     146 100.0%  MTE2 70 (47.9%)  MTE3 38 (26.0%)  V 38 (26.0%)
# CHECK-NEXT: bytes moved: GM->UB 4096 UB->GM 4096
# CHECK-NEXT: critical path, top contributors:
# CHECK-NEXT:     70 cycles  tile.load at stats_vector.py:22
# CHECK-NEXT:     38 cycles  tile.adds at stats_vector.py:23
# CHECK-NEXT:     38 cycles  tile.store at stats_vector.py:24
# CHECK-NEXT: ran k in
import pypto.language as pl


@pl.program
class Vec:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.add(t, 1.0)
        y = pl.store(u, [0, 0], y)
        return y
