# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc run %s --entry arrays | FileCheck %s --check-prefix=EXEC
# Runtime handles are a type family of their own: pl.Ptr (pl.tile.alloc), pl.Array[n, dtype]
# (pl.array.*; a dtype or memory space may be passed positionally) and the prefetch handles.
# Arrays of modeled dtypes run in the simulator.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
# CHECK: def buffers(x: pl.Tensor{{\[\[}}4096], pl.FP32]) -> pl.Scalar[pl.BOOL]:
def buffers(x: pl.Tensor[[4096], pl.FP32]) -> pl.Scalar[pl.BOOL]:
    # CHECK: mem: pl.Ptr = pl.tile.alloc(16384, memory_space=pl.Mem.Vec)
    mem: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)
    # CHECK: ctx: pl.PrefetchAsyncContext = pl.prefetch.make_context()
    ctx = pl.prefetch.make_context()
    # CHECK: evt: pl.AsyncEvent = pl.prefetch.async_prefetch(x, ctx)
    evt = pl.prefetch.async_prefetch(x, ctx)
    # CHECK: session: pl.AsyncSession = pl.prefetch.session(ctx)
    session = pl.prefetch.session(ctx)
    done = pl.prefetch.wait(evt, session)
    return done


@pl.function(type=pl.FunctionType.InCore)
def arrays(v: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
    # CHECK: arr: pl.Array[3, pl.INT32] = pl.array.create(3, dtype=pl.INT32)
    arr: pl.Array[3, pl.INT32] = pl.array.create(3, pl.INT32)
    arr = pl.array.update_element(arr, 1, v)
    arr = pl.array.update_element(arr, 2, v + 5)
    # CHECK: s: pl.Scalar[pl.INT32] = pl.array.get_element(arr, 1) + pl.array.get_element(arr, 2)
    s = pl.array.get_element(arr, 1) + pl.array.get_element(arr, 2)
    return s
# EXEC: ran arrays
