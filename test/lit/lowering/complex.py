# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


c64 = meshjit.ShapeDtypeStruct((2, 3), np.complex64)
f32 = meshjit.ShapeDtypeStruct((2, 3), np.float32)
f32_8 = meshjit.ShapeDtypeStruct((4, 8), np.float32)


# TEST: a Python complex scalar is a rank-0 complex<f32> constant, broadcast by the multiply.
# CHECK-LABEL: module @jit_scale
# CHECK: func.func public @main(%arg0: tensor<2x3xcomplex<f32>>) -> (tensor<2x3xcomplex<f32>> {jax.result_info = "result"})
# CHECK: %[[C:.*]] = stablehlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = []
# CHECK: stablehlo.multiply %arg0, %[[B]] : tensor<2x3xcomplex<f32>>
def scale(z):
    return z * (1 - 2j)


lower(scale, c64)


# TEST: an array constant of complex values is one dense attribute.
# CHECK-LABEL: module @jit_add_table
# CHECK: stablehlo.constant dense<{{\[}}(0.000000e+00,1.000000e+00), (2.000000e+00,-3.000000e+00), (5.000000e-01,0.000000e+00)]> : tensor<3xcomplex<f32>>
def add_table(z):
    return z + np.array([1j, 2 - 3j, 0.5], np.complex64)


lower(add_table, c64)


# TEST: complex, real, imag are one op each; abs of complex is real; conj rebuilds the number.
# CHECK-LABEL: module @jit_parts
# CHECK: %[[Z:.*]] = stablehlo.complex %arg0, %arg1 : tensor<2x3xcomplex<f32>>
# CHECK: stablehlo.real %[[Z]] : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
# CHECK: stablehlo.imag %[[Z]] : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
# CHECK: stablehlo.abs %[[Z]] : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
# CHECK: %[[NEG:.*]] = stablehlo.negate
# CHECK: stablehlo.complex %{{.*}}, %[[NEG]] : tensor<2x3xcomplex<f32>>
def parts(x, y):
    z = lax.complex(x, y)
    return lax.real(z) + lax.imag(z) + lax.abs(z), lax.conj(z)


lower(parts, f32, f32)


# TEST: converting complex to real takes the real part first (as JAX).
# CHECK-LABEL: module @jit_to_int
# CHECK: %[[RE:.*]] = stablehlo.real %arg0 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
# CHECK: stablehlo.convert %[[RE]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
def to_int(z):
    return lax.convert_element_type(z, np.int32)  # (NumPy's ComplexWarning on stderr)


lower(to_int, c64)


# TEST: the four FFT types are stablehlo.fft with their lengths, each in a function of its own
# (lax.fft is a jitted function named fft, as JAX's).
# CHECK-LABEL: module @jit_transforms
# CHECK: %[[R:.*]] = call @fft(%arg0) : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
# CHECK: call @fft_0(%[[R]]) : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
# CHECK: %[[F:.*]] = call @fft_1(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
# CHECK: call @fft_2(%[[F]]) : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
# CHECK: func.func private @fft(
# CHECK: stablehlo.fft %arg0, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
# CHECK: func.func private @fft_0(
# CHECK: stablehlo.fft %arg0, type = IRFFT, length = [8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
# CHECK: func.func private @fft_1(
# CHECK: %[[C:.*]] = stablehlo.convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
# CHECK: stablehlo.fft %[[C]], type = FFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
# CHECK: func.func private @fft_2(
# CHECK: stablehlo.fft %arg0, type = IFFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
def transforms(x):
    spectrum = lax.fft(x, "rfft", (8,))
    back = lax.fft(spectrum, "irfft", (8,))
    full = lax.fft(lax.fft(x, "fft", (4, 8)), "ifft", (8,))
    return back, full


lower(transforms, f32_8)
