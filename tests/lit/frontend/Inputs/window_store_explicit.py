import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    a = pl.tensor.slice(x, [8, 64], [0, 0])
    out = pl.tensor.assemble(out, a, [8, 0])
    out = pl.tensor.assemble(out, a, [0, 0])
    r = pl.tensor.slice(x, [1, 64], [3, 0])
    row = pl.tensor.reshape(r, [64])
    for i in pl.range(2):
        out = pl.tensor.assemble(out, pl.tensor.reshape(row, [1, 64]), [i + 4, 0])
        h = pl.tensor.slice(x, [1, 32], [0, 0])
        out = pl.tensor.assemble(out, h, [i, 32])
    t = pl.load(x, [0, 0], [16, 64])
    u = pl.load(x, [0, 0], [8, 64])
    t = pl.tile.assemble(t, u, [8, 0])
    out = pl.store(t, [0, 0], out)
    return out
