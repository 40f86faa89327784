# A push goes up, with what it needs, ahead of the pure work since the previous transfer that
# it does not need; that work moves to just after it. On the AIV: the push of `xh` needs the
# cast; the row sum feeds a store (a side effect, which stays) and so stays too; the tfree
# stays (a release is never reordered with a push: the peer may wait on it); `acc2` reads
# the popped `sv`, which the tfree releases, so it stays before the tfree; `rs2` needs
# nothing the push does and reads no released tile, so it goes after the push. The push does
# not pass the pop above it. On the AIC, the load of `w_r` goes up before the pop of `xs`
# (the first rule) and then after the push of `s`; the matmul split out of the last push
# goes up too, and after the push of `o`.
# RUN: %ptoc opt %s --passes=schedule-cross-core --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=schedule-cross-core | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %s --passes=schedule-cross-core --arch=a2a3 | FileCheck %s --check-prefix=OK
# CHECK-LABEL: def k_aic(
# CHECK: pl.tile.tpush_to_aiv(s, split=1)
# CHECK-NEXT: w_r: {{.*}} = pl.tile.move(pl.tile.load(w, [64, 0], [64, 64]
# CHECK-NEXT: xs: {{.*}} = pl.tile.tpop_from_aiv(split=1)
# CHECK: o: {{.*}} = pl.tile.matmul(x_l, a_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(o, split=1)
# CHECK-NEXT: early: {{.*}} = pl.tile.matmul(x_l, w_r)
# CHECK-NEXT: pl.tile.tpush_to_aiv(early, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: sv: {{.*}} = pl.tile.tpop_from_aic(split=1)
# CHECK-NEXT: xh: {{.*}} = pl.tile.cast(sv, dtype=pl.FP16)
# CHECK-NEXT: rs: {{.*}} = pl.tile.row_sum(sv)
# CHECK-NEXT: acc2: {{.*}} = pl.tile.add(acc, sv)
# CHECK-NEXT: pl.system.tfree_to_aic(sv, split=1)
# CHECK-NEXT: dbg_2: {{.*}} = pl.tile.store(rs, [sb * 32, 0], dbg_1)
# CHECK-NEXT: pl.tile.tpush_to_aic(xh, split=1)
# CHECK-NEXT: rs2: {{.*}} = pl.tile.muls(rs, 2.0)
# CHECK-NEXT: acc3_early: {{.*}} = pl.tile.row_expand_mul(acc2, rs2)
# CHECK-NEXT: h: {{.*}} = pl.tile.tpop_from_aic(split=1)
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class PushEarly:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], dbg: pl.Out[pl.Tensor[[64, 1], pl.FP32]]):
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
            o = pl.matmul(x_l, a_r)
            w_r = pl.move(pl.load(w, [64, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            pl.tile.tpush_to_aiv(o, split=1)
            pl.tile.tpush_to_aiv(pl.matmul(x_l, w_r), split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
              dbg: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        acc0 = pl.tile.full([32, 64], 0.0, dtype=pl.FP32)
        for i, (acc, dbg_1) in pl.range(2, init_values=(acc0, dbg)):
            sv: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            xh = pl.cast(sv, pl.FP16)
            rs = pl.row_sum(sv)
            acc2 = pl.add(acc, sv)
            rs2 = pl.mul(rs, 2.0)
            pl.system.tfree_to_aic(sv, split=1)
            dbg_2 = pl.store(rs, [sb * 32, 0], dbg_1)
            pl.tile.tpush_to_aic(xh, split=1)
            h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            h2: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            acc3 = pl.add(pl.row_expand_mul(acc2, rs2), pl.add(h, h2))
            pl.system.tfree_to_aic(h, split=1)
            pl.system.tfree_to_aic(h2, split=1)
            acc_out, dbg_3 = pl.yield_(acc3, dbg_2)
        out = pl.store(acc_out, [sb * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          dbg: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.k_aic(x, w, out, dbg)
        self.k_aiv(x, w, out, dbg)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP16], w: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
             dbg: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.k(x, w, out, dbg)
        return out
