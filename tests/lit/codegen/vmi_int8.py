# Vectorized int8 add, 256 lanes.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A: !pto.ptr<i8>, %B_init: !pto.ptr<i8>, %B: !pto.ptr<i8>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%a_pv : !pto.partition_tensor_view<1x512xi8>) outs(%a_1 : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=
# A5: pto.tload ins(%b_pv : !pto.partition_tensor_view<1x512xi8>) outs(%b_1 : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=
# A5: pto.vecscope {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<256xpred>
# A5: scf.for %q = %c0 to %c2 step %c1 {
# A5: %vload_0 = pto.vmi.vload %a_1_ub[%v] : !pto.ptr<i8, ub> -> !pto.vmi.vreg<256xi8>
# A5: %vadd_1 = pto.vmi.vadd %vload_0, %vload_0, %mask : !pto.vmi.vreg<256xi8>, !pto.vmi.vreg<256xi8>, !pto.vmi.mask<256xpred> -> !pto.vmi.vreg<256xi8>
# A5: pto.vmi.vstore %vadd_1, %b_1_ub[%v_1], %mask : !pto.vmi.vreg<256xi8>, !pto.ptr<i8, ub>, !pto.vmi.mask<256xpred>
# A5: pto.tstore ins(%b_1 : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B_pv : !pto.p
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((512,), "int8"), B_init: T.Tensor((512,), "int8"),
         B: T.Tensor((512,), "int8")):
    with T.Kernel(1):
        a = T.alloc_shared((512,), "int8")
        b = T.alloc_shared((512,), "int8")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=256):
            for i in T.Parallel(512):
                b[i] = a[i] + a[i]
        T.copy(b, B)
