# On A2/A3 a no-split mixed kernel's AIV function runs on both vector lanes: expand-mixed-kernel
# stamps dual_aiv_dispatch and split-vector-kernel makes lane 1 replay the handshakes
# (pop and free) without storing. The whole pipeline still computes the same numbers.
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=compile --arch=a5 | FileCheck %s --check-prefix=A5
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: def compute_aiv(
# CHECK-NEXT: pl.func_attr({"dual_aiv_dispatch": True})
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: compute_c2v_slot_buffer: {{.*}} = pl.system.reserve_buffer(
# CHECK-NEXT: pl.system.aiv_initialize_pipe(
# CHECK-NEXT: if subblock_idx == 0:
# CHECK-NEXT: z_vec: {{.*}} = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: out_1: {{.*}} = pl.tile.store(z_vec, [0, 0], out_0)
# CHECK-NEXT: pl.system.tfree_to_aic(z_vec, split=0)
# CHECK-NEXT: out_1_lane = pl.yield_(out_1)
# CHECK-NEXT: else:
# CHECK-NEXT: z_vec_1: {{.*}} = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: out_1_1: pl.Tensor{{\[\[}}16, 128], pl.FP32] = out_0
# CHECK-NEXT: pl.system.tfree_to_aic(z_vec_1, split=0)
# CHECK-NEXT: out_1_lane = pl.yield_(out_1_1)
# CHECK-NEXT: return out_1_lane
# A5: def compute_aiv(
# A5-NOT: dual_aiv_dispatch
# A5-NOT: get_subblock_idx
# A5: def compute(
import pypto.language as pl


@pl.program
class NoSplitDual:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[16, 128], pl.FP16], y: pl.Tensor[[128, 128], pl.FP16],
                out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        x_left = pl.move(pl.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        y_right = pl.move(pl.load(y, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        z_tile = pl.matmul(x_left, y_right)
        z_vec = pl.move(z_tile, target_memory=pl.Mem.Vec)
        out_1 = pl.store(z_vec, [0, 0], out_0)
        return out_1
