# Bias / vector matmuls and padding fills: tmatmul.bias, tgemv, tgemv.acc (in place),
# tgemv.bias; tfillpad with the fill value in the destination's pad field (fillpad_inplace
# too, into a fresh buffer), tfillpad_expand into the bigger tile.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def mm(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], bias: pl.Tensor[[1, 64], pl.FP32],
           g: pl.Tensor[[1, 32], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]], z: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        bi = pl.move(pl.load(bias, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        g_l = pl.move(pl.load(g, [0, 0], [1, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        acc = pl.tile.matmul_bias(a_l, b_r, bi)
        gv = pl.tile.gemv(g_l, b_r)
        gv = pl.tile.gemv_acc(gv, g_l, b_r)
        gb = pl.tile.gemv_bias(g_l, b_r, bi)
        y1 = pl.store(acc, [0, 0], y)
        z1 = pl.store(gv, [0, 0], z)
        z2 = pl.store(gb, [0, 0], z1)
        return y1, z2

    @pl.function(type=pl.FunctionType.AIV)
    def pad(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
            z: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[10, 60])
        f = pl.tile.fillpad(t, pad_value=pl.PadValue.max)
        g = pl.tile.fillpad_inplace(t, pad_value=pl.PadValue.zero)
        h = pl.add(f, g)
        e = pl.tile.fillpad_expand(t, [32, 64], pad_value=pl.PadValue.min)
        y1 = pl.store(h, [0, 0], y)
        z1 = pl.store(e, [0, 0], z)
        return y1, z1
# A5-LABEL: func.func @mm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bias: !pto.ptr<f32>, %g: !pto.ptr<f16>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: pto.tmatmul.bias ins(%a_l_1, %b_r_1, %bi_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, p
# A5: pto.tgemv ins(%g_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.tile
# A5: pto.tgemv.acc ins(%gv, %g_l_1, %b_r_1 : !pto.tile_buf<loc=acc, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, 
# A5: pto.tgemv.bias ins(%g_l_1, %b_r_1, %bi_1 : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0
# A5-LABEL: func.func @pad(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tfillpad ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%f : !pto.til
# A5: pto.tfillpad ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%g : !pto.til
# A5: pto.tfillpad_expand ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !
# A2A3-LABEL: func.func @mm(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %bias: !pto.ptr<f32>, %g: !pto.ptr<f16>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: pto.tmatmul.bias ins(%a_l_1, %b_r_1, %bi_1 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=row_major, fractal=512, p
# A2A3: pto.tgemv ins(%g_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.tile
# A2A3: pto.tgemv.acc ins(%gv, %g_l_1, %b_r_1 : !pto.tile_buf<loc=acc, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>, 
# A2A3: pto.tgemv.bias ins(%g_l_1, %b_r_1, %bi_1 : !pto.tile_buf<loc=left, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0
# A2A3-LABEL: func.func @pad(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: pto.tfillpad ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%f : !pto.til
# A2A3: pto.tfillpad ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%g : !pto.til
# A2A3: pto.tfillpad_expand ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=10, v_col=60, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !
