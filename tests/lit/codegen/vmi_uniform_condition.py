# A uniform condition around vector work.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A: !pto.ptr<f32>, %B_init: !pto.ptr<f32>, %B: !pto.ptr<f32>, %flag: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%a_pv : !pto.partition_tensor_view<1x128xf32>) outs(%a_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayou
# A5: pto.tload ins(%b_pv : !pto.partition_tensor_view<1x128xf32>) outs(%b_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayou
# A5: pto.vecscope {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<128xpred>
# A5: %vload_0 = pto.vmi.vload %a_1_ub[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>
# A5: %mask_1 = pto.vmi.create_mask %cast_1 : index -> !pto.vmi.mask<128xpred>
# A5: %vbrc_2 = pto.vmi.vbrc %cst_f32 : f32 -> !pto.vmi.vreg<128xf32>
# A5: %vsel_3 = pto.vmi.vsel %mask_1, %vload_0, %vbrc_2 : !pto.vmi.mask<128xpred>, !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32> -> !pto.vmi.vreg<128xf32>
# A5: pto.vmi.vstore %vsel_3, %b_1_ub[%c0], %mask : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xpred>
# A5: pto.tstore ins(%b_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B_pv : !pto.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((128,), "float32"), B_init: T.Tensor((128,), "float32"),
         B: T.Tensor((128,), "float32"), flag: T.int32):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        b = T.alloc_shared((128,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(128):
                b[i] = T.Select(flag > 0, a[i], 0.0)
        T.copy(b, B)
