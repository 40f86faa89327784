# Attention score block Q @ K^T * scale: GM->Mat loads, Mat->Left/Right moves, matmul into Acc, Acc->Vec move with explicit layouts, muls by a Scalar param.
import pypto.language as pl


@pl.program
class QkScale:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 64], pl.FP16],
           scale: pl.Scalar[pl.FP32],
           s: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        q_mat: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        k_mat: pl.Tile[[128, 64], pl.FP16, pl.Mem.Mat] = pl.load(kt, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        q_l: pl.Tile[[64, 128], pl.FP16, pl.Mem.Left] = pl.move(q_mat, target_memory=pl.Mem.Left)
        k_r: pl.Tile[[128, 64], pl.FP16, pl.Mem.Right] = pl.move(k_mat, target_memory=pl.Mem.Right)
        acc: pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc] = pl.matmul(q_l, k_r)
        sv: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.move(acc, target_memory=pl.Mem.Vec,
                                                              blayout=pl.TileLayout.row_major,
                                                              slayout=pl.TileLayout.none_box)
        scaled = pl.mul(sv, scale)
        s = pl.store(scaled, [0, 0], s)
        return s
