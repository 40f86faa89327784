# The forms real TileLang PTO kernels use: T.Buffer parameters, dtypes as attributes,
# T.Cast(dtype, x), typed literals, T.copy of slices, a Python-constant `if`, constant
# arithmetic, T.SimdVF() without lanes, `with T.SimdVF(...), T.Parallel(M, N) as (i, j)`,
# T.alloc_var, T.serial, element loads and stores outside a region, T.infinity, T.Select,
# T.min / T.max, and / or / not, & / |.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc check %s --passes=simdvf --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
# OK: check ok
import tilelang.ascend.language as T

K = 64
M = 2
DEBUG = False


@T.prim_func
def main(X: T.Buffer((K,), T.float16), Y: T.Buffer((M, K), T.float32), n: T.int32):
    with T.Kernel(1, is_npu=True) as (cid, vid):
        x16 = T.alloc_shared((K * 2,), T.float16)
        y = T.alloc_shared((M, K), "float32")
        acc = T.alloc_var(T.float32, init=0)
        T.copy(X, x16[0:K])
        with T.SimdVF(), T.Parallel(M, K) as (i, j):
            y[i, j] = T.max(T.Cast(T.float32, x16[j]) * T.float32(2), -T.infinity(T.float32))
        with T.SimdVF(lanes=64):
            for r in T.serial(M):
                for j in T.Parallel(K):
                    y[r, j] = T.Select((y[r, j] > 0.0) & (y[r, j] < 4.0) | (not (n > 3)), T.min(y[r, j], 1.0), y[r, j] / 2.0)
        if DEBUG:
            y[0, 0] = 0.0
        else:
            acc = y[0, 1] + y[1, 0]
            y[0, 0] = acc
        T.copy(y, Y)
# CHECK: def main(X: pl.Tensor{{\[\[}}64], pl.FP16], Y: pl.Out[pl.Tensor{{\[\[}}2, 64], pl.FP32{{\]\]}}, n: pl.Scalar[pl.INT32]):
# CHECK-NEXT: cid: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
# CHECK-NEXT: vid: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: acc: pl.Scalar[pl.FP32] = 0.0
# CHECK: _copy0: pl.Tile{{\[\[}}64], pl.FP16, pl.Mem.Vec] = pl.tile.load(X, [0], [64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: for _c1_0 in pl.range(64):
# CHECK-NEXT: x16[0 + _c1_0] = _copy0[_c1_0]
# CHECK-NEXT: with pl.simd_vf(lanes=128):
# CHECK-NEXT: for i in pl.parallel(2):
# CHECK-NEXT: for j in pl.parallel(64):
# CHECK-NEXT: y[i, j] = pl.max(pl.cast(x16[j], pl.FP32) * 2.0, -pl.const("inf", pl.FP32))
# CHECK: for r in pl.range(2):
# CHECK-NEXT: for j_1 in pl.parallel(64):
# CHECK-NEXT: y[r, j_1] = pl.select((y[r, j_1] > 0.0) & (y[r, j_1] < 4.0) | (not n > pl.const(3, pl.INT32)), pl.min(y[r, j_1], 1.0), y[r, j_1] / 2.0)
# CHECK: acc: pl.Scalar[pl.FP32] = y[0, 1] + y[1, 0]
# CHECK-NEXT: y[0, 0] = acc
