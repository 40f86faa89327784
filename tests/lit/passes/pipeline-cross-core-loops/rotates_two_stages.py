# The pair of rotates.py (narrower, so that two stages fit the buffers: see capacity.test), four
# iterations, rotated two stages deep: the AIC pushes s_0 and
# s_1, then s_{i+2} before o_i; the AIV runs A(0) and A(1), then A(i) before B(i-2). B reads
# the iter arg r and A's value sc as of iteration i-2: the loop carries each through two
# registers (_prev, _prev2) shifted every iteration, and acc (B's own) once. Bit-exact on
# both arches with two slots (a wrong register or pairing changes the output or deadlocks).
# RUN: %ptoc opt %s --passes=pipeline-cross-core-loops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops --arch=a2a3 --seed 5 | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops,schedule-cross-core | FileCheck %s --check-prefix=OK
# CHECK-LABEL: def k_aic(
# CHECK: pl.tile.tpush_to_aiv(s, split=1)
# CHECK-NEXT: i_1: pl.Scalar[pl.INDEX] = 1
# CHECK: pl.tile.tpush_to_aiv(s_1, split=1)
# CHECK-NEXT: for i_2 in pl.range(2):
# CHECK-NEXT: i_3: pl.Scalar[pl.INDEX] = i_2 + 2
# CHECK: pl.tile.tpush_to_aiv(s_2, split=1)
# CHECK-NEXT: xs: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: i_4: pl.Scalar[pl.INDEX] = 2
# CHECK-NEXT: xs_1: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: i_5: pl.Scalar[pl.INDEX] = 3
# CHECK-NEXT: xs_2: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.tpush_to_aic(xh, split=1)
# CHECK-NEXT: i_1: pl.Scalar[pl.INDEX] = 1
# CHECK-NEXT: r: {{.*}} = r2
# CHECK: pl.tile.tpush_to_aic(xh_1, split=1)
# CHECK-NEXT: for i_2, (r_1, acc_prev, r_prev, r_prev2, sc_prev, sc_prev2) in pl.range(2, 4, init_values=(r2_1, acc0, r2, r0, sc_1, sc)):
# CHECK: i_3: pl.Scalar[pl.INDEX] = i_2 - 2
# CHECK-NEXT: h: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK: pl.tile.sub(sc_prev2, r_prev2)
# CHECK: = pl.yield_(r2_2, acc2, r_1, r_prev, sc_2, sc_prev)
# CHECK-NEXT: i_4: pl.Scalar[pl.INDEX] = 2
# CHECK: pl.tile.sub(sc_prev2_1, r_prev2_1)
# CHECK: i_5: pl.Scalar[pl.INDEX] = 3
# CHECK-NEXT: acc: {{.*}} = acc2_1
# CHECK: pl.tile.add(pl.tile.add(pl.tile.muls(acc, 2.0), pl.tile.add(h_2, b_2)), pl.tile.sub(sc_prev_1, r_prev_1))
# CHECK: acc_out: {{.*}} = acc2_2
# CHECK-NEXT: r_out: {{.*}} = r_2
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Rot:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 32], pl.FP16],
              bt: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=16384, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=8192, slot_num=2)
        a_r = pl.move(pl.load(w, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(4):
            a_l = pl.move(pl.load(x, [i * 64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            s = pl.matmul(a_l, a_r)
            pl.tile.tpush_to_aiv(s, split=1)
            xs: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
            x_l = pl.move(xs, target_memory=pl.Mem.Left)
            pl.system.tfree_to_aiv(xs, split=1)
            w_r = pl.move(pl.load(w, [i * 32, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(x_l, w_r)
            g = pl.load(out, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
            pl.tile.tpush_to_aiv(o, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 32], pl.FP16],
              bt: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=16384, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=8192, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        acc0 = pl.tile.full([32, 32], 0.0, dtype=pl.FP32)
        r0 = pl.tile.full([32, 32], 1.0, dtype=pl.FP32)
        for i, (acc, r) in pl.range(4, init_values=(acc0, r0)):
            sv: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            xh = pl.cast(sv, pl.FP16)
            sc = pl.add(sv, r)
            r2 = pl.mul(r, 0.5)
            pl.system.tfree_to_aic(sv, split=1)
            pl.tile.tpush_to_aic(xh, split=1)
            h: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            b = pl.load(bt, [sb * 32, 0], [32, 32], target_memory=pl.Mem.Vec)
            acc2 = pl.add(pl.add(pl.mul(acc, 2.0), pl.add(h, b)), pl.sub(sc, r))
            pl.system.tfree_to_aic(h, split=1)
            acc_out, r_out = pl.yield_(acc2, r2)
        out = pl.store(acc_out, [sb * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 32], pl.FP16],
          bt: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        self.k_aic(x, w, bt, out)
        self.k_aiv(x, w, bt, out)
        return out
