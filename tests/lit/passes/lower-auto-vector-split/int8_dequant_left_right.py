# An int8 GEMM (INT32 Acc) dequantized on the vector side under LEFT_RIGHT: the
# shard, the casts and the scale all work on 32 of the 64 output columns; the
# FP16 store is localized.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: acc: pl.Tile{{\[\[}}32, 64], pl.INT32, pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
# CHECK-NEXT: hi: pl.Tile{{\[\[}}32, 32], pl.INT32, pl.Mem.Vec] = pl.tile.aiv_shard(acc, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: hf: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cast(hi, dtype=pl.FP32)
# CHECK-NEXT: h16: pl.Tile{{\[\[}}32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.cast(pl.tile.muls(hf, scale), dtype=pl.FP16)
# CHECK-NEXT: y1: {{.*}} = pl.tile.store(h16, [0, 0 + subblock_idx * 32], y)
import pypto.language as pl


@pl.program
class W8A8:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 64], pl.INT8], b: pl.Tensor[[64, 64], pl.INT8],
          scale: pl.Scalar[pl.FP32],
          y: pl.Out[pl.Tensor[[32, 64], pl.FP16]]) -> pl.Tensor[[32, 64], pl.FP16]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        hi = pl.move(acc, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        hf = pl.cast(hi, pl.FP32)
        h16 = pl.cast(pl.mul(hf, scale), pl.FP16)
        y1 = pl.store(h16, [0, 0], y)
        return y1
