# A pld.system.notify inside a pl.split_aiv region runs on the vector lane only; one outside
# every region is a shared statement, copied onto both functions (the reference's
# core_placement: lower-auto-vector-split stamps core_placement="aiv" on the region's shared
# communication ops, expand-mixed-kernel places them by it and strips the stamp).
# RUN: %ptoc opt %s --passes=mixed-split | FileCheck %s --check-prefix=LOWER
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# LOWER: pld.system.notify(sig, peer, [aiv_id, 0], pl.const(1, pl.INT32), op=0, core_placement="aiv")
# LOWER: pld.system.notify(sig, peer, [0, 1], pl.const(1, pl.INT32), op=1)
# CHECK: def qk_aic(
# CHECK-NOT: op=0
# CHECK: pld.system.notify(sig, peer, [0, 1], pl.const(1, pl.INT32), op=1)
# CHECK: def qk_aiv(
# CHECK: pld.system.notify(sig, peer, [aiv_id, 0], pl.const(1, pl.INT32), op=0)
# CHECK: pld.system.notify(sig, peer, [0, 1], pl.const(1, pl.INT32), op=1)
# CHECK-NOT: core_placement
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RegionNotify:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             sig: pld.DistributedTensor[[4, 4], pl.INT32], peer: pl.Scalar[pl.INT32],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
            q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            qv = pl.move(qk, target_memory=pl.Mem.Vec)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                half = pl.slice(qv, [32, 128], [aiv_id * 32, 0])
                out = pl.store(pl.exp(half), [aiv_id * 32, 0], out)
                pld.system.notify(sig, peer, [aiv_id, 0], 1, op=pld.NotifyOp.AtomicAdd)
            pld.system.notify(sig, peer, [0, 1], 1, op=pld.NotifyOp.Set)
        return out
