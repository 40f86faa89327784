# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# PyPTO's defaults of the pipe set-up: a consumer buffer left out is 0 (the direction is
# unused), also before one given by keyword; reserve_buffer's base=pl.AUTO is -1.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def vec(x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c_buf", size=4096)
    buf = pl.system.reserve_buffer(name="v2c_buf", size=4096, base=pl.AUTO)
    # CHECK: pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=4096
    pl.system.aiv_initialize_pipe(v2c_consumer_buf=buf, dir_mask=2, slot_size=4096)
    # CHECK: pl.system.aiv_initialize_pipe(0, 0, dir_mask=1, slot_size=4096
    pl.system.aiv_initialize_pipe(dir_mask=1, slot_size=4096)
    return x
