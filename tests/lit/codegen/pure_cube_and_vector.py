# Pure cube and pure vector kernels: one func.func each with its kernel kind, no pipe.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @cube(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A5: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<32x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A5: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x32xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A5: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A5: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A5: pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%c1_pv : !p
# A5-LABEL: func.func @vec(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%t_pv : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=
# A5: pto.texp ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1 : !pto.tile_b
# A5: pto.tstore ins(%y1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.
# A2A3-LABEL: func.func @cube(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %c: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
# A2A3: pto.tload ins(%a_l_pv : !pto.partition_tensor_view<32x32xf16>) outs(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%a_l : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%a_l_1 : !pto.
# A2A3: pto.tload ins(%b_r_pv : !pto.partition_tensor_view<32x32xf16>) outs(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slay
# A2A3: pto.tmov ins(%b_r : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%b_r_1 : !pto.
# A2A3: pto.tmatmul ins(%a_l_1, %b_r_1 : !pto.tile_buf<loc=left, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>, !pto.
# A2A3: pto.tstore ins(%acc : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%c1_pv : !p
# A2A3-LABEL: func.func @vec(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: pto.tload ins(%t_pv : !pto.partition_tensor_view<32x32xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=
# A2A3: pto.texp ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1 : !pto.tile_b
# A2A3: pto.tstore ins(%y1 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y1_pv : !pto.
import pypto.language as pl


@pl.program
class Pure:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             c: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        c1 = pl.store(acc, [0, 0], c)
        return c1

    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[32, 32], pl.FP32],
            y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        t = pl.load(x, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.exp(t), [0, 0], y)
        return y1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             x: pl.Tensor[[32, 32], pl.FP32], c: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
             y: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        c1 = self.cube(a, b, c)
        y1 = self.vec(x, y)
        return y1
