# Hand-written VMI version of kernels/square_2d_bf16.py.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def main(X: pl.Tensor[[32, 512], pl.BF16], Y: pl.Out[pl.Tensor[[32, 512], pl.BF16]]):
    x = pl.load(X, [0, 0], [32, 512])
    y = pl.tile.create([32, 512], dtype=pl.BF16, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=128):
        m = pl.vmi.create_mask(128, size=128)
        for q in pl.range(128):
            v = pl.vmi.vload(x, q * 128, size=128)
            pl.vmi.vstore(pl.vmi.vmul(v, v, m), y, q * 128, m)
    Y = pl.store(y, [0, 0], Y)
