# The pl ops beyond the original tile catalog that PTO v0.27 has (docs/codegen.md §Tile ops):
# column / row broadcasts, products, prelu (ui8 scratch), a sub-tile window (pto.subset),
# element read / write (linear offset r * cols + c), pipe barriers. Accepted by PTOAS v0.27
# on both arches (scripts/check-with-ptoas.sh).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 64], pl.FP32], r: pl.Tensor[[1, 64], pl.FP32],
            c: pl.Tensor[[16, 1], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        row = pl.load(r, [0, 0], [1, 64])
        col = pl.load(c, [0, 0], [16, 1])
        a = pl.tile.col_expand(t, row)
        b = pl.tile.col_expand_add(a, row)
        b = pl.tile.col_expand_sub(b, row)
        b = pl.tile.col_expand_mul(b, row)
        b = pl.tile.col_expand_div(b, row)
        b = pl.tile.col_expand_max(b, row)
        b = pl.tile.col_expand_min(b, row)
        b = pl.tile.col_expand_expdif(b, row)
        e = pl.tile.row_expand(b, col)
        e = pl.tile.row_expand_max(e, col)
        e = pl.tile.row_expand_min(e, col)
        e = pl.tile.row_expand_expdif(e, col)
        rp = pl.tile.row_prod(e)
        cp = pl.tile.col_prod(e)
        pr = pl.tile.prelu(e, t)
        s = pl.tile.slice(pr, [8, 32], [8, 32])
        v = pl.tile.read(s, [1, 2])
        w = pl.tile.write(pr, [0, 0], v)
        asm = w
        pl.system.bar_v()
        pl.system.bar_all()
        y1 = pl.store(asm, [0, 0], y)
        return y1
# A5-LABEL: func.func @vec(%x: !pto.ptr<f32>, %r: !pto.ptr<f32>, %c: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tcolexpand ins(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%a : !pto.t
# A5: pto.tcolexpandadd ins(%a, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A5: pto.tcolexpandsub ins(%b, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A5: pto.tcolexpandmul ins(%b_1, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: pto.tcolexpanddiv ins(%b_2, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: pto.tcolexpandmax ins(%b_3, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: pto.tcolexpandmin ins(%b_4, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: pto.tcolexpandexpdif ins(%b_5, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !p
# A5: pto.trowexpand ins(%col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !pto.t
# A5: pto.trowexpandmax ins(%e, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A5: pto.trowexpandmin ins(%e_1, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: pto.trowexpandexpdif ins(%e_2, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !p
# A5: pto.trowprod ins(%e_3, %rp_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A5: pto.tcolprod ins(%e_3 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cp : !pto.
# A5: pto.tprelu ins(%e_3, %t, %pr_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A5: %s = pto.subset %pr[%c8, %c32] sizes [8, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, p
# A5: %v_off = arith.muli %c1, %c32 : index
# A5: %v_off_1 = arith.addi %v_off, %c2 : index
# A5: %v = pto.tgetval ins(%s, %v_off_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index)
# A5: %w_off = arith.muli %c0, %c64 : index
# A5: %w_off_1 = arith.addi %w_off, %c0 : index
# A5: pto.tsetval ins(%w_off_1, %v : index, f32) outs(%pr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal
# A5: pto.barrier <PIPE_V>
# A5: pto.barrier <PIPE_ALL>
# A2A3-LABEL: func.func @vec(%x: !pto.ptr<f32>, %r: !pto.ptr<f32>, %c: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: pto.tcolexpand ins(%row : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%a : !pto.t
# A2A3: pto.tcolexpandadd ins(%a, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tcolexpandsub ins(%b, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tcolexpandmul ins(%b_1, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: pto.tcolexpanddiv ins(%b_2, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: pto.tcolexpandmax ins(%b_3, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: pto.tcolexpandmin ins(%b_4, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: pto.tcolexpandexpdif ins(%b_5, %row : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !p
# A2A3: pto.trowexpand ins(%col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>) outs(%e : !pto.t
# A2A3: pto.trowexpandmax ins(%e, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A2A3: pto.trowexpandmin ins(%e_1, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: pto.trowexpandexpdif ins(%e_2, %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !p
# A2A3: pto.trowprod ins(%e_3, %rp_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.ti
# A2A3: pto.tcolprod ins(%e_3 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cp : !pto.
# A2A3: pto.tprelu ins(%e_3, %t, %pr_tmp : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.
# A2A3: %s = pto.subset %pr[%c8, %c32] sizes [8, 32] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, p
# A2A3: %v_off = arith.muli %c1, %c32 : index
# A2A3: %v_off_1 = arith.addi %v_off, %c2 : index
# A2A3: %v = pto.tgetval ins(%s, %v_off_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=8, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, index)
# A2A3: %w_off = arith.muli %c0, %c64 : index
# A2A3: %w_off_1 = arith.addi %w_off, %c0 : index
# A2A3: pto.tsetval ins(%w_off_1, %v : index, f32) outs(%pr : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal
# A2A3: pto.barrier <PIPE_V>
# A2A3: pto.barrier <PIPE_ALL>
