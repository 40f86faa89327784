# A SIMD vector-function kernel written as scalar code.
#
# Inside `with pl.simd_vf(lanes=64):` each pl.parallel loop is a SIMD unit:
# one iteration per lane, reading tile elements a[i, j] and storing y[i, j].
# Control flow on element values is allowed: the vectorizer turns the if/else
# into a compare (vcmps) plus a select (vsel), pl.select into vsel, and
# pl.max / pl.min into compare + select, all on 64-lane FP32 registers.
#
# This kernel is a masked, clipped leaky-ReLU: elements are only written where
# the INT8 keep-mask is non-zero; elsewhere the output is 0. The if/else assigns
# a value (`act`) in both arms: legalize-parallel makes it act = select(c, t, e).
# (The keep-mask is INT8, not BOOL: a BOOL tile has no vector element type.)
#
# Print the canonical form with:
#     ptoc fmt examples/simd_select.py
import pypto.language as pl


@pl.program
class SimdSelect:
    @pl.function(type=pl.FunctionType.AIV)
    def masked_leaky_relu(self, x: pl.Tensor[[8, 64], pl.FP32], keep: pl.Tensor[[8, 64], pl.INT8],
                          slope: pl.Scalar[pl.FP32],
                          y: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[8, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [8, 64])
        k = pl.load(keep, [0, 0], [8, 64])
        out = pl.tile.create([8, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        with pl.simd_vf(lanes=64):
            for i in pl.parallel(8):
                for j in pl.parallel(64):
                    v = a[i, j]
                    if v > 0.0:
                        act = pl.min(v, 6.0)
                    else:
                        act = pl.max(v * slope, -6.0)
                    out[i, j] = pl.select(k[i, j] != 0, act, 0.0)
        y = pl.store(out, [0, 0], y)
        return y
