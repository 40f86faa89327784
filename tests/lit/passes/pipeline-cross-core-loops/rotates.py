# A hand-written AIC / AIV pair in the form expand-mixed-kernel emits, two iterations (with
# three or more the loops turn two stages deep: rotates_two_stages.py): the AIC pushes s_i
# (X), pops the AIV's xh_i and pushes o_i (Y); the AIV pops s_i, pushes xh_i (A), pops o_i
# and accumulates (B, its carried `acc` produced there). Both loops turn by one
# stage: s_{i+1} is pushed before o_i and popped in that order; B(i-1) runs on the carried
# value of the previous iteration. Bit-exact on both arches (a wrong pairing of pushes and
# pops changes the output or deadlocks).
# RUN: %ptoc opt %s --passes=pipeline-cross-core-loops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops --arch=a2a3 --seed 5 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops,schedule-cross-core | FileCheck %s --check-prefix=OK
# CHECK-LABEL: def k_aic(
# CHECK: i: pl.Scalar[pl.INDEX] = 0
# CHECK-NEXT: a_l: {{.*}} = pl.tile.move(pl.tile.load(x, [i * 64, 0]
# CHECK-NEXT: s: {{.*}} = pl.tile.matmul(a_l, a_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s, split=1)
# CHECK-NEXT: for i_1 in pl.range(1):
# CHECK-NEXT: i_2: pl.Scalar[pl.INDEX] = i_1 + 1
# CHECK-NEXT: a_l_1: {{.*}} = pl.tile.move(pl.tile.load(x, [i_2 * 64, 0]
# CHECK-NEXT: s_1: {{.*}} = pl.tile.matmul(a_l_1, a_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(s_1, split=1)
# CHECK-NEXT: xs: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: pl.tile.tpush_to_aiv(o, split=1)
# CHECK-NEXT: i_3: pl.Scalar[pl.INDEX] = 1
# CHECK-NEXT: xs_1: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: pl.tile.tpush_to_aiv(o_1, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: sv: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK: pl.tile.tpush_to_aic(xh, split=1)
# CHECK-NEXT: for i_1, (acc_prev,) in pl.range(1, 2, init_values=(acc0,)):
# CHECK-NEXT: sv_1: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK: pl.tile.tpush_to_aic(xh_1, split=1)
# CHECK-NEXT: i_2: pl.Scalar[pl.INDEX] = i_1 - 1
# CHECK-NEXT: h: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK: acc2: {{.*}} = pl.tile.add(pl.tile.muls(acc_prev, 2.0), pl.tile.add(h, b))
# CHECK: acc_prev_1 = pl.yield_(acc2)
# CHECK-NEXT: i_3: pl.Scalar[pl.INDEX] = 1
# CHECK-NEXT: h_1: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK: acc2_1: {{.*}} = pl.tile.add(pl.tile.muls(acc_prev_1, 2.0), pl.tile.add(h_1, b_1))
# CHECK: acc_out: {{.*}} = acc2_1
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Rot:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=32768, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        a_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(2):
            a_l = pl.move(pl.load(x, [i * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            s = pl.matmul(a_l, a_r)
            pl.tile.tpush_to_aiv(s, split=1)
            xs: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
            x_l = pl.move(xs, target_memory=pl.Mem.Left)
            pl.system.tfree_to_aiv(xs, split=1)
            w_r = pl.move(pl.load(w, [i * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(x_l, w_r)
            g = pl.load(out, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
            pl.tile.tpush_to_aiv(o, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        acc0 = pl.tile.full([32, 64], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            sv: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            xh = pl.cast(sv, pl.FP16)
            pl.system.tfree_to_aic(sv, split=1)
            pl.tile.tpush_to_aic(xh, split=1)
            h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            b = pl.load(bt, [sb * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
            acc2 = pl.add(pl.mul(acc, 2.0), pl.add(h, b))
            pl.system.tfree_to_aic(h, split=1)
            acc_out = pl.yield_(acc2)
        out = pl.store(acc_out, [sb * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
          bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.k_aic(x, w, bt, out)
        self.k_aiv(x, w, bt, out)
        return out
