# Vectorized index values (vci).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A: !pto.ptr<i32>, %B_init: !pto.ptr<i32>, %B: !pto.ptr<i32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%a_pv : !pto.partition_tensor_view<1x512xi32>) outs(%a_1 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayou
# A5: pto.tload ins(%b_pv : !pto.partition_tensor_view<1x512xi32>) outs(%b_1 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayou
# A5: pto.vecscope {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<128xpred>
# A5: scf.for %q = %c0 to %c4 step %c1 {
# A5: %vload_0 = pto.vmi.vload %a_1_ub[%v] : !pto.ptr<i32, ub> -> !pto.vmi.vreg<128xi32>
# A5: %vci_1 = pto.vmi.vci %cast_1 {order = "ASC"} : i32 -> !pto.vmi.vreg<128xi32>
# A5: %vadd_2 = pto.vmi.vadd %vload_0, %vci_1, %mask : !pto.vmi.vreg<128xi32>, !pto.vmi.vreg<128xi32>, !pto.vmi.mask<128xpred> -> !pto.vmi.vreg<128xi32>
# A5: pto.vmi.vstore %vadd_2, %b_1_ub[%v_2], %mask : !pto.vmi.vreg<128xi32>, !pto.ptr<i32, ub>, !pto.vmi.mask<128xpred>
# A5: pto.tstore ins(%b_1 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B_pv : !pto.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "int32"), B_init: T.Tensor((512,), "int32"),
         B: T.Tensor((512,), "int32")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "int32")
        b = T.alloc_shared((512,), "int32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=128):
            for i in T.Parallel(512):
                b[i] = a[i] + i
        T.copy(b, B)
