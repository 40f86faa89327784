# Through the whole pipeline: before stamp-tfree-split the tfrees carry no split; after it each
# has its tpop's code (3 for the odd 63-row shard).
# RUN: %ptoc opt %s --passes=compile --print-after=split-vector-kernel 2>&1 | FileCheck %s --check-prefix=BEFORE
# RUN: %ptoc opt %s --passes=compile | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# BEFORE: pl.system.tfree_to_aic(h_1)
# CHECK: h_1: {{.*}} = pl.tile.tpop_from_aic(split=3)
# CHECK: pl.system.tfree_to_aic(h_1, split=3)
import pypto.language as pl


@pl.program
class OddRows:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[63, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          y: pl.Out[pl.Tensor[[63, 64], pl.FP32]]) -> pl.Tensor[[63, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        a_l = pl.move(pl.load(a, [0, 0], [63, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        y1 = pl.store(pl.exp(h), [0, 0], y)
        return y1
