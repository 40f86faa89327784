# Vector work inside a loop (LEFT_RIGHT): the C->V shard happens before the loop,
# each iteration scales the per-lane half and stores it at a localized column
# offset; the tensor is carried through the loop as an iter_arg.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: h: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK: for i, (o,) in pl.range(3, init_values=(y,)):
# CHECK-NEXT: hs: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.muls(h, pl.cast(i, pl.FP32))
# CHECK-NEXT: o2: {{.*}} = pl.tile.store(hs, [i * 32, 0 + subblock_idx * 32], o)
import pypto.language as pl


@pl.program
class LoopStore:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[96, 64], pl.FP32]]) -> pl.Tensor[[96, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        for i, (o,) in pl.range(3, init_values=(y,)):
            hs = pl.mul(h, pl.cast(i, pl.FP32))
            o2 = pl.store(hs, [i * 32, 0], o)
            o_out = pl.yield_(o2)
        return o_out
