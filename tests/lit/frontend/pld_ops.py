# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: not %ptoc run %s --entry step 2>&1 | FileCheck %s --check-prefix=SIM
# RUN: not %ptoc run %s --entry host 2>&1 | FileCheck %s --check-prefix=HOST
# The ops of PyPTO's distributed module: window buffers and windows, communicator queries,
# signals, one-sided remote loads / stores, put and the collectives. Enum payloads
# (pld.NotifyOp.Set, pld.WaitCmp.Ge, pld.ReduceOp.Max, pld.AtomicType.Add) are their codes.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Ring:
    @pl.function(type=pl.FunctionType.InCore)
    def step(self, inp: pl.Tensor[[4, 64], pl.FP32],
             data: pl.InOut[pld.DistributedTensor[[4, 64], pl.FP32]],
             signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
             out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        # CHECK: ctx: pld.CommCtx = pld.system.get_comm_ctx(data)
        ctx = pld.get_comm_ctx(data)
        # CHECK-NEXT: me: pl.Scalar[pl.INT32] = pld.system.rank(ctx)
        me = pld.rank(ctx)
        n = pld.nranks(ctx)
        peer = (me + 1) % n
        # CHECK: pld.tensor.put(data, peer, inp, [me, 0], [0, 0], [1, 64])
        pld.tensor.put(data, peer, inp, [me, 0], [0, 0], [1, 64])
        # CHECK-NEXT: pld.system.notify(signal, peer, [me, 0], pl.const(1, pl.INT32), op=1)
        pld.system.notify(signal, peer=peer, offsets=[me, 0], value=1, op=pld.NotifyOp.Set)
        # CHECK-NEXT: pld.system.wait(signal, [me, 0], pl.const(1, pl.INT32), cmp=1)
        pld.system.wait(signal=signal, offsets=[me, 0], expected=1, cmp=pld.WaitCmp.Ge)
        # CHECK-NEXT: row: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, peer, [0, 0], [1, 64])
        row = pld.remote_load(data, peer, [0, 0], [1, 64])
        # CHECK-NEXT: pld.tile.remote_store(row, data, peer, [1, 0], atomic=1)
        pld.remote_store(row, data, peer, [1, 0], atomic=pld.AtomicType.Add)
        # CHECK-NEXT: data: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pld.tensor.allreduce(data, signal, op=1)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max)
        t = pl.load(data, [0, 0], [4, 64])
        out = pl.store(t, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, inp: pl.Tensor[[4, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        # CHECK: data_buf: pl.Ptr = pld.tensor.alloc_window_buffer(4 * 64 * 4)
        data_buf = pld.alloc_window_buffer(4 * 64 * pl.FP32.get_byte())
        sig_buf = pld.alloc_window_buffer([4, 1], dtype=pl.INT32)
        # CHECK: data: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pld.tensor.window(data_buf, [4, 64], dtype=pl.FP32)
        data = pld.window(data_buf, [4, 64], dtype=pl.FP32)
        sig = pld.window(sig_buf, [4, 1], dtype=pl.INT32)
        # CHECK: ranks: pl.Scalar[pl.INT64] = pld.system.world_size()
        ranks = pld.world_size()
        # CHECK: out: pl.Tensor{{\[\[}}4, 64], pl.FP32] = pl.system.dispatch((inp, data, sig, out), 1, kernel="step")
        out = self.step(inp, data, sig, out, device=1)
        return out
# SIM: error: the simulator does not model distributed tensors (parameter 'data'
# HOST: pld_ops.py:[[@LINE-11]]:{{[0-9]+}}: error: the simulator does not model distributed communication (pld.tensor.alloc_window_buffer)
