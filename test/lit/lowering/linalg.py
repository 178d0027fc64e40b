# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit.lax import linalg


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


batch = meshjit.ShapeDtypeStruct((2, 3, 3), np.float32)
tall = meshjit.ShapeDtypeStruct((4, 3), np.float32)


# CHECK-LABEL: module @jit_cholesky
# CHECK: %[[POTRF:.*]]:2 = stablehlo.custom_call @lapack_spotrf_ffi(%{{.*}}) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i]) {i=2, j=3, k=3, l=3, m=3}, custom>}
# CHECK: stablehlo.compare EQ, %[[POTRF]]#1
# CHECK: stablehlo.select
def cholesky(x):
    return linalg.cholesky(x)


lower(cholesky, batch)


# CHECK-LABEL: module @jit_eigh
# CHECK: stablehlo.custom_call @lapack_ssyevd_ffi({{.*}}mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}
# CHECK-SAME: -> (tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2xi32>)
def eigh(x):
    return linalg.eigh(x)


lower(eigh, batch)


# CHECK-LABEL: module @jit_svd
# CHECK: stablehlo.custom_call @lapack_sgesdd_ffi({{.*}}mhlo.backend_config = {mode = 83 : ui8}
# CHECK-SAME: -> (tensor<4x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<3x3xf32>, tensor<i32>)
def svd(x):
    return linalg.svd(x, full_matrices=False)


lower(svd, tall)


# CHECK-LABEL: module @jit_qr
# CHECK: %[[GEQRF:.*]]:2 = stablehlo.custom_call @lapack_sgeqrf_ffi
# CHECK: stablehlo.pad %[[GEQRF]]#0
# CHECK: stablehlo.custom_call @lapack_sorgqr_ffi({{.*}}, %[[GEQRF]]#1)
# CHECK-SAME: -> tensor<4x4xf32>
def qr(x):
    return linalg.qr(x)


lower(qr, tall)


# CHECK-LABEL: module @jit_lu
# CHECK: stablehlo.custom_call @lapack_sgetrf_ffi
# CHECK-SAME: -> (tensor<4x3xf32>, tensor<3xi32>, tensor<i32>)
# CHECK: stablehlo.while
def lu(x):
    return linalg.lu(x)


lower(lu, tall)


# CHECK-LABEL: module @jit_triangular_solve
# CHECK: stablehlo.custom_call @lapack_strsm_ffi(%arg0, %arg1) {{.*}}mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}
# CHECK-SAME: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]
def triangular_solve(a, b):
    return linalg.triangular_solve(a, b, left_side=True, lower=True, transpose_a=True)


lower(triangular_solve, batch, batch)
