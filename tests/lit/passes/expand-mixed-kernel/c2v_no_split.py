# A no-split mixed kernel (pypto-facts §2.2 c): the matmul result crosses to the vector side
# with split=0; the AIV stores it and frees the slot after the store; a one-way pipe
# (dir_mask=1) of one [16, 128] FP32 tile (8192 bytes); a Group with the kernel's name calls
# both and returns the Out parameter. On A5 the AIV function runs on lane 0 only.
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: @pl.function(type=pl.FunctionType.AIC)
# CHECK-NEXT: def compute_aic(self, x: {{.*}}, y: {{.*}}, out_0: pl.Out[pl.Tensor{{\[\[}}16, 128], pl.FP32]]):
# CHECK-NEXT: compute_c2v_slot_buffer_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="compute_c2v_slot_buffer", peer_func="compute_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(compute_c2v_slot_buffer_import, pl.const(0, pl.INT32), dir_mask=1, slot_size=8192, slot_num=2)
# CHECK: z_tile: pl.Tile{{\[\[}}16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(x_left, y_right)
# CHECK-NEXT: pl.tile.tpush_to_aiv(z_tile, split=0)
# CHECK-NOT: pl.tile.store
# CHECK: @pl.function(type=pl.FunctionType.AIV)
# CHECK-NEXT: def compute_aiv(self, {{.*}}) -> pl.Tensor{{\[\[}}16, 128], pl.FP32]:
# CHECK-NEXT: compute_c2v_slot_buffer: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="compute_c2v_slot_buffer", size=16384)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(compute_c2v_slot_buffer, pl.const(0, pl.INT32), dir_mask=1, slot_size=8192, slot_num=2)
# CHECK-NEXT: z_vec: pl.Tile{{\[\[}}16, 128], pl.FP32, pl.Mem.Vec{{.*}}] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: out_1: pl.Tensor{{\[\[}}16, 128], pl.FP32] = pl.tile.store(z_vec, [0, 0], out_0)
# CHECK-NEXT: pl.system.tfree_to_aic(z_vec, split=0)
# CHECK-NEXT: return out_1
# CHECK: @pl.function(type=pl.FunctionType.Group)
# CHECK-NEXT: def compute(self, x: {{.*}}) -> pl.Tensor{{\[\[}}16, 128], pl.FP32]:
# CHECK-NEXT: self.compute_aic(x, y, out_0)
# CHECK-NEXT: self.compute_aiv(x, y, out_0)
# CHECK-NEXT: return out_0
import pypto.language as pl


@pl.program
class NoSplit:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[16, 128], pl.FP16], y: pl.Tensor[[128, 128], pl.FP16],
                out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        x_mat = pl.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat)
        y_mat = pl.load(y, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        x_left = pl.move(x_mat, target_memory=pl.Mem.Left)
        y_right = pl.move(y_mat, target_memory=pl.Mem.Right)
        z_tile = pl.matmul(x_left, y_right)
        z_vec = pl.move(z_tile, target_memory=pl.Mem.Vec)
        out_1 = pl.store(z_vec, [0, 0], out_0)
        return out_1
