# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# A window whose shape names pld.world_size() (one signal row per rank) has a dynamic first
# dimension: the extent is the world-size value, inline or through a name.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Signals:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, inp: pl.Tensor[[4, 64], pl.FP32]) -> pl.Tensor[[4, 64], pl.FP32]:
        sig_buf = pld.alloc_window_buffer([pld.world_size(), 1], dtype=pl.INT32)
        # CHECK: sig: pld.DistributedTensor{{\[\[}}pld.system.world_size(), 1], pl.INT32] = pld.tensor.window(sig_buf, [pld.system.world_size(), 1], dtype=pl.INT32)
        sig = pld.window(sig_buf, [pld.world_size(), 1], dtype=pl.INT32)
        n = pld.world_size()
        # CHECK: sig2: pld.DistributedTensor{{\[\[}}n, 2], pl.INT32] = pld.tensor.window(sig_buf, [n, 2], dtype=pl.INT32)
        sig2 = pld.window(sig_buf, [n, 2], dtype=pl.INT32)
        return inp
