# The kernel of rotates_two_stages.py at its original width: two stages deep its AIV would
# allocate 268 KiB of Vec tiles (each padded as laid out, popped ones included) next to the
# 64 KiB pipe ring PTOAS v0.27 reserves (4 slots x 16 KiB, dir_mask=3), more than a5's 248 KiB
# UB, so the pass rotates it one stage deep (184 + 64 KiB fits). On a2a3 (192 KiB UB) even
# one stage does not fit and the loops stay as written. PTOAS places the ring after planning
# the tiles, in one free hole (its PlanMemory), and rejected such a kernel ("failed to
# allocate local memory hole for reserve_buffer"); with every tile and the ring fitting side
# by side it always finds the hole (docs/passes/pipeline-cross-core-loops.md, "Capacity").
# RUN: %ptoc opt %s --passes=pipeline-cross-core-loops --verify-each | FileCheck %s --check-prefix=A5
# RUN: %ptoc opt %s --passes=pipeline-cross-core-loops --arch=a2a3 --verify-each | FileCheck %s --check-prefix=A2A3
# RUN: %ptoc check %s --passes=pipeline-cross-core-loops | FileCheck %s --check-prefix=OK
# A5-LABEL: def k_aic(
# A5: pl.tile.tpush_to_aiv(s, split=1)
# A5-NEXT: for i_1 in pl.range(3):
# A5-LABEL: def k_aiv(
# A5: for i_1, {{.*}} in pl.range(1, 4,
# A2A3-LABEL: def k_aic(
# A2A3: for i in pl.range(4):
# A2A3-LABEL: def k_aiv(
# A2A3: for i, (acc, r) in pl.range(4, init_values=(acc0, r0)):
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class Rot:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        c2v = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        v2c = pl.system.reserve_buffer(name="k_v2c", size=32768, base=-1)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        a_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(4):
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
    def k_aiv(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 64], pl.FP16],
              bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True, "split_aiv": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=32768, base=-1)
        v2c = pl.system.import_peer_buffer(name="k_v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=16384, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        acc0 = pl.tile.full([32, 64], 0.0, dtype=pl.FP32)
        r0 = pl.tile.full([32, 64], 1.0, dtype=pl.FP32)
        for i, (acc, r) in pl.range(4, init_values=(acc0, r0)):
            sv: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            xh = pl.cast(sv, pl.FP16)
            sc = pl.add(sv, r)
            r2 = pl.mul(r, 0.5)
            pl.system.tfree_to_aic(sv, split=1)
            pl.tile.tpush_to_aic(xh, split=1)
            h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            b = pl.load(bt, [sb * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
            acc2 = pl.add(pl.add(pl.mul(acc, 2.0), pl.add(h, b)), pl.sub(sc, r))
            pl.system.tfree_to_aic(h, split=1)
            acc_out, r_out = pl.yield_(acc2, r2)
        out = pl.store(acc_out, [sb * 32, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def k(self, x: pl.Tensor[[256, 64], pl.FP16], w: pl.Tensor[[256, 64], pl.FP16],
          bt: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        self.k_aic(x, w, bt, out)
        self.k_aiv(x, w, bt, out)
        return out
