# W8A8 GEMM: INT8 x INT8 pl.tile.matmul into an INT32 Acc, then dequantize on the vector side (cast INT32->FP32, muls, cast to FP16).
import pypto.language as pl


@pl.program
class Int8Gemm:
    @pl.function(type=pl.FunctionType.InCore)
    def gemm_w8a8(self, a: pl.Tensor[[32, 64], pl.INT8], b: pl.Tensor[[64, 64], pl.INT8],
                  scale: pl.Scalar[pl.FP32],
                  out: pl.Out[pl.Tensor[[32, 64], pl.FP16]]) -> pl.Tensor[[32, 64], pl.FP16]:
        a_mat = pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b_mat = pl.tile.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a_l: pl.Tile[[32, 64], pl.INT8, pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_r: pl.Tile[[64, 64], pl.INT8, pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc: pl.Tile[[32, 64], pl.INT32, pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
        acc_v = pl.tile.move(acc, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major,
                             slayout=pl.TileLayout.none_box)
        f: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.cast(acc_v, dtype=pl.FP32)
        deq = pl.tile.muls(f, scale)
        h: pl.Tile[[32, 64], pl.FP16, pl.Mem.Vec] = pl.tile.cast(deq, dtype=pl.FP16)
        out = pl.tile.store(h, [0, 0], out)
        return out
