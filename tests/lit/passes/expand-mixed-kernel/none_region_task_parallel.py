# A task-parallel pl.split_aiv(mode=NONE) region: both lanes run the whole vector body on the
# full tile (a split=0 copy each) and divide the stores by aiv_id. The slot of `qv` is freed
# after the last use of its view `half` (a slice reads the slot). The function has no split
# mode, so the AIV runs on both lanes because it is split_aiv: split-vector-kernel stamps
# dual_aiv_dispatch.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def qk_aic(
# CHECK: pl.tile.tpush_to_aiv(qk, split=0)
# CHECK: def qk_aiv(
# CHECK-NEXT: pl.func_attr({"dual_aiv_dispatch": True, "split_aiv": True, "split_aiv_region_validated": True})
# CHECK: qv: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: half: {{.*}} = pl.tile.slice(qv, [32, 128], [aiv_id * 32, 0])
# CHECK-NEXT: half_row_major: {{.*}} = pl.tile.move(half,
# CHECK-NEXT: pl.system.tfree_to_aic(qv, split=0)
import pypto.language as pl


@pl.program
class NoneRegion:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            qv = pl.move(qk, target_memory=pl.Mem.Vec)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                half = pl.slice(qv, [32, 128], [aiv_id * 32, 0])
                out = pl.store(pl.exp(half), [aiv_id * 32, 0], out)
        return out
