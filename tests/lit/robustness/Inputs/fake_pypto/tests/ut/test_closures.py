# A stand-in for a PyPTO test file (written for ptoc's harness test): programs that use
# values of the Python code around them.
import pytest
import pypto.language as pl

_DT = {"f32": pl.FP32, "f16": pl.FP16}
SIZES = [(16, 64), (32, 32)]


class _Base:
    def __init__(self, *, rows=16, cols=64, valid=None):
        self._rows, self._cols = rows, cols
        self._valid = valid


class AddCase(_Base):
    def __init__(self, kind, **kw):
        super().__init__(**kw)
        self.kind = kind

    @property
    def width(self):
        return self._cols // 2

    def get_program(self):
        m, n = self._rows, self.width
        vshape = list(self._valid) if self._valid else [m, n]
        dt = _DT[self.kind]

        @pl.program
        class AddProgram:
            @pl.function(type=pl.FunctionType.InCore)
            def kernel(self, a: pl.Tensor[[m, n], dt], out: pl.Out[pl.Tensor[[m, n], dt]]) -> pl.Tensor[[m, n], dt]:
                t = pl.load(a, [0, 0], [m, n], valid_shape=vshape)
                out = pl.store(pl.add(t, t), [0, 0], out)
                return out

        return AddProgram


def test_add():
    AddCase("f32", rows=8, valid=(4, 16))


def _build(rows, cols, scale):
    if rows > 16:
        half = rows // 2
    else:
        half = rows

    @pl.function(type=pl.FunctionType.InCore)
    def scaled(x: pl.Tensor[[rows, cols], pl.FP32], out: pl.Out[pl.Tensor[[half, cols], pl.FP32]]) -> pl.Tensor[[half, cols], pl.FP32]:
        t = pl.load(x, [0, 0], [half, cols])
        out = pl.store(pl.mul(t, scale), [0, 0], out)
        return out

    return scaled


@pytest.mark.parametrize("rows,cols", SIZES)
def test_build(rows, cols):
    _build(rows, cols, 0.5)


def test_unknown(config):
    n = config.rows

    @pl.function
    def opaque(x: pl.Tensor[[n, 16], pl.FP32]) -> pl.Tensor[[n, 16], pl.FP32]:
        return x


def test_patched(monkeypatch):
    monkeypatch.setattr(pl, "add", None)
    with pytest.raises(ValueError):

        @pl.function
        def patched(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
            return x


def test_expected_error():
    with pytest.raises(ValueError):

        @pl.function
        def bad(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
            return pl.no_such_op(x)
