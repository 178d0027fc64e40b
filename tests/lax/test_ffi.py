"""meshjit.ffi as JAX 0.10.2's jax.ffi, on a real CPU target: a tiny typed-FFI handler compiled
here with the system C++ compiler against jaxlib's headers (`ffi.include_dir()`), registered
through `register_ffi_target(name, pycapsule(...))` and called eagerly, under jit and vmap.
The lowered custom call and the error messages are JAX's (checked against JAX 0.10.2 once, and
written here)."""

import ctypes
import shutil
import subprocess

import numpy as np
import pytest

import meshjit
from meshjit import ffi

SOURCE = r"""
#include <cstdint>
#include "xla/ffi/api/ffi.h"
namespace ffi = xla::ffi;

static ffi::Error ScaleImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y,
                            float factor, int64_t offset) {
  for (size_t i = 0; i < x.element_count(); ++i)
    y->typed_data()[i] = factor * x.typed_data()[i] + offset;
  return ffi::Error::Success();
}
XLA_FFI_DEFINE_HANDLER_SYMBOL(Scale, ScaleImpl, ffi::Ffi::Bind()
    .Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>()
    .Attr<float>("factor").Attr<int64_t>("offset"));
"""

X = np.arange(6, dtype=np.float32).reshape(2, 3)
WANT = 2.5 * X + 1


@pytest.fixture(scope="module")
def scale(tmp_path_factory):
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no C++ compiler to build an FFI target")
    where = tmp_path_factory.mktemp("ffi")
    (where / "scale.cc").write_text(SOURCE)
    library = where / "libscale.so"
    command = [compiler, "-std=c++17", "-O0", "-w", "-shared", "-fPIC", f"-I{ffi.include_dir()}"]
    subprocess.run([*command, str(where / "scale.cc"), "-o", str(library)], check=True)
    ffi.register_ffi_target(
        "meshjit_test_scale", ffi.pycapsule(ctypes.cdll.LoadLibrary(str(library)).Scale)
    )

    def call(x, **options):
        result = meshjit.ShapeDtypeStruct(x.shape, x.dtype)
        return ffi.ffi_call("meshjit_test_scale", result, **options)(
            x, factor=np.float32(2.5), offset=np.int64(1)
        )

    return call


def test_ffi_call_runs_the_target_eagerly_under_jit_and_vmap(scale):
    np.testing.assert_array_equal(np.asarray(scale(X)), WANT)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(scale)(X)), WANT)
    for method in ("sequential", "expand_dims", "broadcast_all", "legacy_vectorized"):
        out = meshjit.vmap(lambda r, m=method: scale(r, vmap_method=m))(X)
        np.testing.assert_array_equal(np.asarray(out), WANT)


def test_vmap_of_an_ffi_call_without_vmap_method_is_jaxs_error():
    def call(x):  # no target needed: JAX 0.10.2 refuses while batching
        return ffi.ffi_call("meshjit_no_target", meshjit.ShapeDtypeStruct(x.shape, x.dtype))(x)

    with pytest.raises(NotImplementedError, match="Got vmap_method=None."):
        meshjit.make_jaxpr(meshjit.vmap(call))(X)


def test_ffi_call_lowers_as_jax(scale):
    text = meshjit.jit(scale).lower(X).as_text()
    assert (
        '%0 = stablehlo.custom_call @meshjit_test_scale(%arg0) {backend_config = "", '
        "mhlo.backend_config = {factor = 2.500000e+00 : f32, offset = 1 : i64}, operand_layouts "
        "= [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]}"
        " : (tensor<2x3xf32>) -> tensor<2x3xf32>"
    ) in text
    assert "ffi_call[" in str(meshjit.make_jaxpr(scale)(X))


def test_ffi_errors_as_jax(scale):
    struct = meshjit.ShapeDtypeStruct(X.shape, X.dtype)
    with pytest.raises(
        ValueError, match="The FFI call to `meshjit_test_scale` cannot be differentiated"
    ):
        meshjit.grad(lambda x: scale(x).sum())(X)
    with pytest.raises(
        ValueError, match=r"vmap_method must be on of the allowed methods \['sequential'"
    ):
        ffi.ffi_call("meshjit_test_scale", struct, vmap_method="bad")
    with pytest.raises(
        ValueError, match="must have 'shape' and 'dtype' attributes. Got 1 at position 0"
    ):
        ffi.ffi_call("meshjit_test_scale", [1])
    with pytest.raises(
        ValueError,
        match=r"number of input arguments \(1\) must equal the number of input layouts \(2\)",
    ):
        ffi.ffi_call("meshjit_test_scale", struct, input_layouts=[None, None])(X)
    with pytest.raises(TypeError, match="Non-hashable keyword argument to ffi_call factor: "):
        ffi.ffi_call("meshjit_test_scale", struct)(X, factor=[1, 2])
    with pytest.raises(RuntimeError, match="No FFI handler registered for meshjit_no_such_target"):
        meshjit.jit(ffi.ffi_call("meshjit_no_such_target", struct))(X)
    with pytest.raises(RuntimeError, match="Wrong scalar data type: expected F32 but got F64"):
        # Python floats are f64 attributes (as JAX's); the run's error shows when it is read
        np.asarray(ffi.ffi_call("meshjit_test_scale", struct)(X, factor=2.5, offset=1))
    with pytest.raises(
        ValueError, match="register_ffi_type_id is not supported after jaxlib version 381"
    ):
        ffi.register_ffi_type_id("t", None)
