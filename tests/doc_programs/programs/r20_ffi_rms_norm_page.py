# The "Foreign function interface (FFI)" page: the RmsNorm C++ handlers (forward, and the
# fwd / bwd pair for a custom_vjp) compiled against jax.ffi.include_dir(), loaded with ctypes
# and registered with register_ffi_target(pycapsule(...)); ffi_call with an attribute, checked
# against a jnp reference, under jit (the lowered custom_call), under vmap with
# vmap_method="broadcast_all" and without one (an error), and differentiated with custom_vjp
import ctypes
import os
import shutil
import subprocess
import tempfile

import jax
import jax.numpy as jnp
import numpy as np

SOURCE = r"""
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <type_traits>
#include <utility>

#include "xla/ffi/api/c_api.h"
#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

float ComputeRmsNorm(float eps, int64_t size, const float *x, float *y) {
  float sm = 0.0f;
  for (int64_t n = 0; n < size; ++n) {
    sm += x[n] * x[n];
  }
  float scale = 1.0f / std::sqrt(sm / float(size) + eps);
  for (int64_t n = 0; n < size; ++n) {
    y[n] = x[n] * scale;
  }
  return scale;
}

template <ffi::DataType T>
std::pair<int64_t, int64_t> GetDims(const ffi::Buffer<T> &buffer) {
  auto dims = buffer.dimensions();
  if (dims.size() == 0) {
    return std::make_pair(0, 0);
  }
  return std::make_pair(buffer.element_count(), dims.back());
}

ffi::Error RmsNormImpl(float eps, ffi::Buffer<ffi::F32> x,
                       ffi::ResultBuffer<ffi::F32> y) {
  auto [totalSize, lastDim] = GetDims(x);
  if (lastDim == 0) {
    return ffi::Error::InvalidArgument("RmsNorm input must be an array");
  }
  for (int64_t n = 0; n < totalSize; n += lastDim) {
    ComputeRmsNorm(eps, lastDim, &(x.typed_data()[n]), &(y->typed_data()[n]));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    RmsNorm, RmsNormImpl,
    ffi::Ffi::Bind()
        .Attr<float>("eps")
        .Arg<ffi::Buffer<ffi::F32>>()  // x
        .Ret<ffi::Buffer<ffi::F32>>()  // y
);

ffi::Error RmsNormFwdImpl(float eps, ffi::Buffer<ffi::F32> x,
                          ffi::ResultBuffer<ffi::F32> y,
                          ffi::ResultBuffer<ffi::F32> res) {
  auto [totalSize, lastDim] = GetDims(x);
  if (lastDim == 0) {
    return ffi::Error::InvalidArgument("RmsNormFwd input must be an array");
  }
  for (int64_t n = 0, idx = 0; n < totalSize; n += lastDim, ++idx) {
    res->typed_data()[idx] = ComputeRmsNorm(eps, lastDim, &(x.typed_data()[n]),
                                            &(y->typed_data()[n]));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(RmsNormFwd, RmsNormFwdImpl,
                              ffi::Ffi::Bind()
                                  .Attr<float>("eps")
                                  .Arg<ffi::Buffer<ffi::F32>>()  // x
                                  .Ret<ffi::Buffer<ffi::F32>>()  // y
                                  .Ret<ffi::Buffer<ffi::F32>>()  // res
);

void ComputeRmsNormBwd(int64_t size, float res, const float *x,
                       const float *ct_y, float *ct_x) {
  float ct_res = 0.0f;
  for (int64_t n = 0; n < size; ++n) {
    ct_res += x[n] * ct_y[n];
  }
  float factor = ct_res * res * res * res / float(size);
  for (int64_t n = 0; n < size; ++n) {
    ct_x[n] = res * ct_y[n] - factor * x[n];
  }
}

ffi::Error RmsNormBwdImpl(ffi::Buffer<ffi::F32> res, ffi::Buffer<ffi::F32> x,
                          ffi::Buffer<ffi::F32> ct_y,
                          ffi::ResultBuffer<ffi::F32> ct_x) {
  auto [totalSize, lastDim] = GetDims(x);
  if (lastDim == 0) {
    return ffi::Error::InvalidArgument("RmsNormBwd inputs must be arrays");
  }
  for (int64_t n = 0, idx = 0; n < totalSize; n += lastDim, ++idx) {
    ComputeRmsNormBwd(lastDim, res.typed_data()[idx], &(x.typed_data()[n]),
                      &(ct_y.typed_data()[n]), &(ct_x->typed_data()[n]));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(RmsNormBwd, RmsNormBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()  // res
                                  .Arg<ffi::Buffer<ffi::F32>>()  // x
                                  .Arg<ffi::Buffer<ffi::F32>>()  // ct_y
                                  .Ret<ffi::Buffer<ffi::F32>>()  // ct_x
);
"""

build = tempfile.mkdtemp()
src, lib_path = os.path.join(build, "rms_norm.cc"), os.path.join(build, "librms_norm.so")
with open(src, "w") as f:
    f.write(SOURCE)
compiler = shutil.which("c++") or shutil.which("g++")
subprocess.run(
    [
        compiler,
        "-std=c++17",
        "-O1",
        "-shared",
        "-fPIC",
        "-w",
        f"-I{jax.ffi.include_dir()}",
        src,
        "-o",
        lib_path,
    ],
    check=True,
)
rms_norm_lib = ctypes.cdll.LoadLibrary(lib_path)
jax.ffi.register_ffi_target("rms_norm", jax.ffi.pycapsule(rms_norm_lib.RmsNorm), platform="cpu")


def rms_norm(x, eps=1e-5):
    # We only implemented the `float32` version of this function, so we start by
    # checking the dtype. This check isn't strictly necessary because type
    # checking is also performed by the FFI when decoding input and output
    # buffers, but it can be useful to check types in Python to raise more
    # informative errors.
    if x.dtype != jnp.float32:
        raise ValueError("Only the float32 dtype is implemented by rms_norm")

    call = jax.ffi.ffi_call(
        # The target name must be the same string as we used to register the target
        # above in `register_custom_call_target`
        "rms_norm",
        # In this case, the output of our FFI function is just a single array with
        # the same shape and dtype as the input. We discuss a case with a more
        # interesting output type below.
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        # The `vmap_method` parameter controls this function's behavior under `vmap`
        # as discussed below.
        vmap_method="broadcast_all",
    )

    # Note that here we're use `numpy` (not `jax.numpy`) to specify a dtype for
    # the attribute `eps`. Our FFI function expects this to have the C++ `float`
    # type (which corresponds to numpy's `float32` type), and it must be a
    # static parameter (i.e. not a JAX array).
    return call(x, eps=np.float32(eps))


# Test that this gives the same result as our reference implementation
def rms_norm_ref(x, eps=1e-5):
    eps = jnp.float32(1e-5)
    scale = jnp.sqrt(jnp.mean(jnp.square(x), axis=-1, keepdims=True) + eps)
    return x / scale


x = jnp.linspace(-0.5, 0.5, 32).reshape((8, 4))
np.testing.assert_allclose(rms_norm(x), rms_norm_ref(x), rtol=1e-5)
print(rms_norm(x)[:2])
text = jax.jit(rms_norm).lower(x).as_text()
print("stablehlo.custom_call @rms_norm" in text, "api_version = 4" in text)
print(jax.jit(rms_norm)(x)[7])
try:
    rms_norm(x.astype(jnp.float16))
except ValueError as e:
    print("ValueError:", e)

np.testing.assert_allclose(jax.vmap(rms_norm)(x), jax.vmap(rms_norm_ref)(x), rtol=1e-5)
print(jax.make_jaxpr(jax.vmap(rms_norm))(x).eqns[0].primitive)


def rms_norm_not_vectorized(x, eps=1e-5):
    call = jax.ffi.ffi_call("rms_norm", jax.ShapeDtypeStruct(x.shape, x.dtype))
    return call(x, eps=np.float32(eps))


try:
    jax.vmap(rms_norm_not_vectorized)(x)
except Exception as e:
    print(type(e).__name__)

jax.ffi.register_ffi_target(
    "rms_norm_fwd", jax.ffi.pycapsule(rms_norm_lib.RmsNormFwd), platform="cpu"
)
jax.ffi.register_ffi_target(
    "rms_norm_bwd", jax.ffi.pycapsule(rms_norm_lib.RmsNormBwd), platform="cpu"
)


def rms_norm_fwd(x, eps=1e-5):
    y, res = jax.ffi.ffi_call(
        "rms_norm_fwd",
        (
            jax.ShapeDtypeStruct(x.shape, x.dtype),
            jax.ShapeDtypeStruct(x.shape[:-1], x.dtype),
        ),
        vmap_method="broadcast_all",
    )(x, eps=np.float32(eps))
    return y, (res, x)


def rms_norm_bwd(eps, res, ct):
    del eps
    res, x = res
    assert res.shape == ct.shape[:-1]
    assert x.shape == ct.shape
    return (
        jax.ffi.ffi_call(
            "rms_norm_bwd",
            jax.ShapeDtypeStruct(ct.shape, ct.dtype),
            vmap_method="broadcast_all",
        )(res, x, ct),
    )


rms_norm = jax.custom_vjp(rms_norm, nondiff_argnums=(1,))
rms_norm.defvjp(rms_norm_fwd, rms_norm_bwd)

# Check that this gives the right answer when compared to the reference version
ct_y = jnp.ones_like(x)
np.testing.assert_allclose(
    jax.vjp(rms_norm, x)[1](ct_y), jax.vjp(rms_norm_ref, x)[1](ct_y), rtol=1e-5
)
print(jax.grad(lambda x: rms_norm(x).sum())(x)[0])
print(jax.jit(jax.grad(lambda x: (rms_norm(x) ** 2).sum()))(x)[1])
