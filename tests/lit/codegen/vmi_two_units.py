# Two parallel units with different masks in one region.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A1: !pto.ptr<f32>, %B1: !pto.ptr<f32>, %A2: !pto.ptr<f32>, %B2_init: !pto.ptr<f32>, %B2: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<ve
# A5: pto.tload ins(%a1_pv : !pto.partition_tensor_view<1x256xf32>) outs(%a1_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slay
# A5: pto.tload ins(%a2_pv : !pto.partition_tensor_view<1x256xf32>) outs(%a2_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slay
# A5: pto.tload ins(%b2_pv : !pto.partition_tensor_view<1x256xf32>) outs(%b2_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slay
# A5: pto.vecscope {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<128xpred>
# A5: scf.for %q = %c0 to %c2 step %c1 {
# A5: %vload_0 = pto.vmi.vload %a1_1_ub[%v] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>
# A5: %vadd_1 = pto.vmi.vadd %vload_0, %vload_0, %mask : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xf32>
# A5: pto.vmi.vstore %vadd_1, %b1_ub[%v_1], %mask : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xpred>
# A5: %q_res:1 = scf.for %q_1 = %c0 to %c2 step %c1 iter_args(%remaining = %c150_i32) -> (i32) {
# A5: %mask_1 = pto.vmi.create_mask %cast_1 : index -> !pto.vmi.mask<128xpred>
# A5: %vload_0_1 = pto.vmi.vload %a2_1_ub[%v_2] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<128xf32>
# A5: %vadd_1_1 = pto.vmi.vadd %vload_0_1, %vload_0_1, %mask_1 : !pto.vmi.vreg<128xf32>, !pto.vmi.vreg<128xf32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xf32>
# A5: pto.vmi.vstore %vadd_1_1, %b2_1_ub[%v_3], %mask_1 : !pto.vmi.vreg<128xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<128xpred>
# A5: scf.yield %v_4 : i32
# A5: pto.tstore ins(%b1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B1_pv : !pto.
# A5: pto.tstore ins(%b2_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B2_pv : !pt
import tilelang.language as T


@T.prim_func
def main(A1: T.Tensor((256,), "float32"), B1: T.Tensor((256,), "float32"),
         A2: T.Tensor((256,), "float32"), B2_init: T.Tensor((256,), "float32"),
         B2: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a1 = T.alloc_shared((256,), "float32")
        b1 = T.alloc_shared((256,), "float32")
        a2 = T.alloc_shared((256,), "float32")
        b2 = T.alloc_shared((256,), "float32")
        T.copy(A1, a1)
        T.copy(A2, a2)
        T.copy(B2_init, b2)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(256):
                b1[i] = a1[i] + a1[i]
            for i in T.Parallel(150):
                b2[i] = a2[i] + a2[i]
        T.copy(b1, B1)
        T.copy(b2, B2)
