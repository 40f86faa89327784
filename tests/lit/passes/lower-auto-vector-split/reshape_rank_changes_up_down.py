# Which reshapes of a halved tile keep each lane's half a contiguous block (UP_DOWN: a
# lane owns whole rows, a contiguous run of the row-major element order):
#  - adding / removing unit axes ([N, 1] <-> [1, N]) at any parity, lane stride or
#    raggedness: the split axis moves to its counterpart (odd 17 rows -> [1, 9] per lane);
#  - regrouping whole rows into an even row count: [64, 64] -> [128, 32] (64 rows each);
#  - flattening into one row: [64, 64] -> [1, 4096] (the split axis moves to dim 1).
# The rejected ones are in errors/ (untrackable_reshape: a column block under
# LEFT_RIGHT; odd_regroup: an odd split axis regrouped).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split | FileCheck %s --check-prefix=CHK
# CHK: check ok
# CHECK: col: pl.Tile{{\[\[}}9, 1], {{.*}} = pl.tile.row_max(h17)
# CHECK-NEXT: row: pl.Tile{{\[\[}}1, 9], {{.*}} = pl.tile.reshape(col, [1, 9])
# CHECK-NEXT: pl.tile.store(row, [0, 0 + subblock_idx * 9], o1)
# CHECK: g: pl.Tile{{\[\[}}64, 32], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(h, [64, 32])
# CHECK-NEXT: f: pl.Tile{{\[\[}}1, 2048], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(h, [1, 2048])
# CHECK: pl.tile.store(g, [0 + subblock_idx * 64, 0], o2)
# CHECK: pl.tile.store(f, [0, 0 + subblock_idx * 2048], o3)
import pypto.language as pl


@pl.program
class RankChanges:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32], a17: pl.Tensor[[17, 64], pl.FP32],
          o1: pl.Out[pl.Tensor[[1, 17], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 32], pl.FP32]],
          o3: pl.Out[pl.Tensor[[1, 4096], pl.FP32]]) -> tuple[pl.Tensor[[1, 17], pl.FP32], pl.Tensor[[128, 32], pl.FP32], pl.Tensor[[1, 4096], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        m17 = pl.load(a17, [0, 0], [17, 64], target_memory=pl.Mem.Mat)
        h17 = pl.tile.move(m17, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        col = pl.row_max(h17)
        row = pl.tile.reshape(col, [1, 17])
        r1 = pl.tile.store(row, [0, 0], o1)
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        h = pl.tile.move(m, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        g = pl.tile.reshape(h, [128, 32])
        f = pl.tile.reshape(h, [1, 4096])
        r2 = pl.tile.store(g, [0, 0], o2)
        r3 = pl.tile.store(f, [0, 0], o3)
        return r1, r2, r3
