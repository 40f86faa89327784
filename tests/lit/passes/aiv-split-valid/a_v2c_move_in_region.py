# AivSplitValid rule (a): a move into cube memory inside a pl.split_aiv region is consumed on the
# cube side (the reference counts a cross-side move as a consumer on its target side). Each
# lane holds only its own tile, and expand-mixed-kernel pairs the cube core's one pop with one
# push: before this check the mutant below compiled and lane 1 computed with lane 0's half
# (found by scripts/campaigns.sh, compile-mutations seed 31: 4096 of 8192 elements differed).
# Any mode: a NONE region runs on both lanes too.
# RUN: not %ptoc compile %s 2>&1 | FileCheck %s
# RUN: sed 's/SplitMode.UP_DOWN/SplitMode.NONE/; s/\[\[32, 128\]/[[64, 128]/' %s > %t.py
# RUN: not %ptoc opt %t.py --passes=convert-to-ssa,outline-incore-scopes 2>&1 | FileCheck %s --check-prefix=NONE
# CHECK: a_v2c_move_in_region.py:[[@LINE+17]]:17: error: property AivSplitValid violated in function 'qk': (a) tile.move into Acc memory inside a pl.split_aiv region: the cube side consumes it, and each lane holds only its own tile
# CHECK: hint: gather the lanes' tiles with x = pl.aic_gather(t) inside the region and move x to cube memory after it
# NONE: error: property AivSplitValid violated in function 'qk': (a) tile.move into Acc memory inside a pl.split_aiv region
import pypto.language as pl


@pl.program
class QkShard:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(qk)
                sc = pl.mul(pl.move(qk_h, target_memory=pl.Mem.Acc), 0.125)
                out_1 = pl.store(sc, [aiv_id * 32, 0], out)
        return out_1
