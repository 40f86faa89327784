# --print-after=NAME dumps the IR after the named pass only; --print-after-all after
# every pass; --time-passes prints one line per pass and the total; --verify-each
# verifies every established property after every pass.
# RUN: %ptoc opt %s --passes=mixed-split --print-after=outline-incore-scopes --verify-each | FileCheck %s --check-prefix=ONE
# ONE: # IR after outline-incore-scopes
# ONE-NOT: # IR after
# ONE: pl.tile.aiv_shard
# RUN: %ptoc opt %s --passes=mixed-split --print-after-all | FileCheck %s --check-prefix=ALL
# ALL: # IR after convert-to-ssa
# ALL: # IR after outline-incore-scopes
# ALL: # IR after convert-tensor-to-tile-ops
# ALL: # IR after infer-tile-memory-space
# ALL: # IR after lower-acc-zero-init
# ALL: # IR after resolve-backend-op-layouts
# ALL: # IR after lower-auto-vector-split
# RUN: %ptoc opt %s --passes=mixed-split --time-passes | FileCheck %s --check-prefix=TIME
# TIME: # pass timing (ms)
# TIME-NEXT: #   {{ *[0-9.]+}}  convert-to-ssa
# TIME-NEXT: #   {{ *[0-9.]+}}  outline-incore-scopes
# TIME-NEXT: #   {{ *[0-9.]+}}  convert-tensor-to-tile-ops
# TIME-NEXT: #   {{ *[0-9.]+}}  infer-tile-memory-space
# TIME-NEXT: #   {{ *[0-9.]+}}  lower-acc-zero-init
# TIME-NEXT: #   {{ *[0-9.]+}}  resolve-backend-op-layouts
# TIME-NEXT: #   {{ *[0-9.]+}}  lower-auto-vector-split
# TIME-NEXT: #   {{ *[0-9.]+}}  total
import pypto.language as pl


@pl.function
def main(q: pl.Tensor[[64, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
         p: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        q_l = pl.move(pl.load(q, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.move(pl.matmul(q_l, k_r), target_memory=pl.Mem.Vec)
        p = pl.store(pl.exp(s), [0, 0], p)
    return p
