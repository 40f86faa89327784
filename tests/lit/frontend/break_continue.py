# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: rm -rf %t.out && %ptoc run %s --out %t.out > /dev/null
# RUN: %python -c "import struct,sys;d=open(sys.argv[1],'rb').read();h=struct.unpack('<H',d[8:10])[0];print('result', struct.unpack('<q',d[10+h:18+h])[0])" %t.out/return_0.npy | FileCheck %s --check-prefix=SIM
# `break` / `continue` in sequential loops (pl.range, pl.while_, `while`), natural and SSA
# code. In an SSA loop, `break` leaves with the current iter_args as the results and
# `continue` keeps them for the next iteration.
# total = 1 + 3 + 5 = 9 (odd i below 7), j = 5, acc = 0 + 1 + 2 + 3 = 6, w = 3 + 4 + 5 = 12,
# n = 3:
# SIM: result 3126509
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def loops() -> pl.Scalar[pl.INDEX]:
    total = 0
    # CHECK: for i in pl.range(10):
    for i in pl.range(10):
        if i == 7:
            # CHECK: break
            break
        if i % 2 == 0:
            # CHECK: continue
            continue
        total = total + i
    j = 0
    while j < 100:
        j = j + 1
        if j >= 5:
            break
    for k, (acc,) in pl.range(10, init_values=(0,)):
        if k == 4:
            break
        acc2 = acc + k
        acc_out = pl.yield_(acc2)
    for (n, a) in pl.while_(init_values=(0, 0)):
        pl.cond(n < 100)
        if n == 3:
            break
        n2 = n + 1
        n_out, a_out = pl.yield_(n2, a + n)
    for m, (w,) in pl.range(6, init_values=(0,)):
        if m < 3:
            # CHECK: continue
            continue
        w2 = w + m
        w_out = pl.yield_(w2)
    return total + j * 100 + acc_out * 1000 + w_out * 10000 + n_out * 1000000
