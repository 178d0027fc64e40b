# JAX's examples/ffi CPU handlers: an array attribute (ffi::Span) summed, a dictionary of
# attributes (ffi::Dictionary) read by key and counted, an operand aliased to the result
# (input_output_aliases), has_side_effect, and a missing attribute's runtime error, each under
# jit too
import ctypes
import os
import shutil
import subprocess
import tempfile

import jax
import jax.numpy as jnp
import numpy as np

SOURCE = r"""
#include <cstdint>
#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

ffi::Error ArrayAttrImpl(ffi::Span<const int32_t> array,
                         ffi::ResultBufferR0<ffi::S32> res) {
  int64_t total = 0;
  for (int32_t x : array) {
    total += x;
  }
  res->typed_data()[0] = total;
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(ArrayAttr, ArrayAttrImpl,
                              ffi::Ffi::Bind()
                                  .Attr<ffi::Span<const int32_t>>("array")
                                  .Ret<ffi::BufferR0<ffi::S32>>());

ffi::Error DictionaryAttrImpl(ffi::Dictionary attrs,
                              ffi::ResultBufferR0<ffi::S32> secret,
                              ffi::ResultBufferR0<ffi::S32> count) {
  auto maybe_secret = attrs.get<int64_t>("secret");
  if (maybe_secret.has_error()) {
    return maybe_secret.error();
  }
  secret->typed_data()[0] = maybe_secret.value();
  count->typed_data()[0] = attrs.size();
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(DictionaryAttr, DictionaryAttrImpl,
                              ffi::Ffi::Bind()
                                  .Attrs()
                                  .Ret<ffi::BufferR0<ffi::S32>>()
                                  .Ret<ffi::BufferR0<ffi::S32>>());

ffi::Error AddOneInPlaceImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  for (size_t i = 0; i < x.element_count(); ++i) {
    y->typed_data()[i] = x.typed_data()[i] + 1.0f;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(AddOneInPlace, AddOneInPlaceImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
"""

build = tempfile.mkdtemp()
src, lib_path = os.path.join(build, "cpu_examples.cc"), os.path.join(build, "libcpu_examples.so")
with open(src, "w") as f:
    f.write(SOURCE)
compiler = shutil.which("c++") or shutil.which("g++")
subprocess.run(
    [
        compiler,
        "-std=c++17",
        "-O0",
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
lib = ctypes.cdll.LoadLibrary(lib_path)
for name, symbol in [
    ("array_attr", lib.ArrayAttr),
    ("dictionary_attr", lib.DictionaryAttr),
    ("add_one", lib.AddOneInPlace),
]:
    jax.ffi.register_ffi_target(name, jax.ffi.pycapsule(symbol), platform="cpu")


def array_attr(num: int):
    return jax.ffi.ffi_call("array_attr", jax.ShapeDtypeStruct((), np.int32))(
        array=np.arange(num, dtype=np.int32)
    )


def dictionary_attr(**kwargs):
    return jax.ffi.ffi_call(
        "dictionary_attr",
        (jax.ShapeDtypeStruct((), np.int32), jax.ShapeDtypeStruct((), np.int32)),
    )(**kwargs)


print(array_attr(5), jax.jit(array_attr, static_argnums=0)(10))
secret, count = dictionary_attr(secret=5)
print(secret, count)
secret, count = dictionary_attr(secret=3, other=np.float32(1.5), flag=True, name="hello")
print(secret, count)
print(jax.jit(lambda: dictionary_attr(secret=np.int64(7), x=np.int32(2)))())
try:
    dictionary_attr(other=np.int32(1))
except Exception as e:
    print(type(e).__name__)


def add_one(x):
    return jax.ffi.ffi_call(
        "add_one", jax.ShapeDtypeStruct(x.shape, x.dtype), input_output_aliases={0: 0}
    )(x)


x = jnp.arange(4.0)
print(add_one(x), x)
print(jax.jit(add_one)(jnp.ones((2, 2))))
print("output_operand_aliases" in jax.jit(add_one).lower(x).as_text())
effect = jax.ffi.ffi_call("add_one", jax.ShapeDtypeStruct((3,), jnp.float32), has_side_effect=True)
print(jax.jit(lambda v: effect(v))(jnp.zeros(3)))
print("has_side_effect = true" in jax.jit(lambda v: effect(v)).lower(jnp.zeros(3)).as_text())
