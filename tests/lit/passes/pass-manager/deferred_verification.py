# A property a pass establishes anew is verified when it is next relied on (before a
# later pass that requires it, or at the end of the run), and not at all when a later
# pass invalidates it first: in mixed-split, AivSplitValid from outline-incore-scopes
# is invalidated and produced again by infer-tile-memory-space, so it is verified once,
# on the memory-resolved program, before lower-auto-vector-split requires it.
# --time-passes lists every verifier run.
# RUN: %ptoc opt %s --passes=mixed-split --time-passes | FileCheck %s --check-prefix=MIXED
# MIXED: # property verification (ms)
# MIXED-NEXT: #   {{ *[0-9.]+}}  UseAfterDef on the input
# MIXED-NEXT: #   {{ *[0-9.]+}}  StructuredCtrlFlow on the input
# MIXED-NEXT: #   {{ *[0-9.]+}}  SSAForm before outline-incore-scopes
# MIXED-NEXT: #   {{ *[0-9.]+}}  SplitIncoreOrch before convert-tensor-to-tile-ops
# MIXED-NEXT: #   {{ *[0-9.]+}}  IncoreTileOps before infer-tile-memory-space
# MIXED-NEXT: #   {{ *[0-9.]+}}  TileMemoryInferred before lower-auto-vector-split
# MIXED-NEXT: #   {{ *[0-9.]+}}  AivSplitValid before lower-auto-vector-split
# MIXED-NEXT: #   {{ *[0-9.]+}}  total
# A run that ends after the producing pass verifies what its output claims at the end:
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes --time-passes | FileCheck %s --check-prefix=END
# END: # property verification (ms)
# END: SSAForm before outline-incore-scopes
# END-NEXT: SplitIncoreOrch at the end
# END-NEXT: AivSplitValid at the end
# END-NEXT: total
# --verify-each verifies every established property after every pass:
# RUN: %ptoc opt %s --passes=mixed-split --verify-each --time-passes | FileCheck %s --check-prefix=EACH
# EACH: AivSplitValid after outline-incore-scopes
# EACH: AivSplitValid after infer-tile-memory-space
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
