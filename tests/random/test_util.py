"""The samplers' dtype handling (compiler/random/util.py): JAX's x64 truncation warning."""

import numpy as np

import meshjit


def test_a_64_bit_dtype_with_x64_off_warns_as_jax():
    import warnings

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        x = meshjit.random.uniform(meshjit.random.key(0), (3,), dtype=np.float64)
        n = meshjit.random.randint(meshjit.random.key(0), (3,), 0, 5, dtype=np.int64)
        meshjit.random.normal(meshjit.random.key(0), (3,), dtype=np.float32)
    assert x.dtype == np.float32 and n.dtype == np.int32
    messages = [str(w.message) for w in seen if w.category is UserWarning]
    assert {w.filename for w in seen if w.category is UserWarning} == {__file__}  # the user's
    assert messages == [
        "Explicitly requested dtype float64 is not available, and will be truncated to dtype "
        "float32. To enable more dtypes, set the jax_enable_x64 configuration option or the "
        "JAX_ENABLE_X64 shell environment variable. See "
        "https://github.com/jax-ml/jax#current-gotchas for more.",
        "Explicitly requested dtype int64 is not available, and will be truncated to dtype "
        "int32. To enable more dtypes, set the jax_enable_x64 configuration option or the "
        "JAX_ENABLE_X64 shell environment variable. See "
        "https://github.com/jax-ml/jax#current-gotchas for more.",
    ]


def test_numpy_scalar_types_name_sampler_dtypes():
    key = meshjit.random.key(0)
    a = meshjit.random.uniform(key, (4,), dtype=np.float16)
    b = meshjit.random.uniform(key, (4,), dtype=meshjit.numpy.float16)
    assert a.dtype == np.float16 and np.array_equal(np.asarray(a), np.asarray(b))
    assert meshjit.random.randint(key, (2,), 0, 3, dtype=np.int8).dtype == np.int8


NEGATIVE_SHAPE_PROGRAM = r"""
k = jax.random.key(0)
calls = {
    "normal": lambda: jax.random.normal(k, (2, -3)), "uniform": lambda: jax.random.uniform(k, (-1,)),
    "bits": lambda: jax.random.bits(k, (-1,)), "split": lambda: jax.random.split(k, -1),
    "gumbel": lambda: jax.random.gumbel(k, (-1,)), "laplace": lambda: jax.random.laplace(k, (-1,)),
    "randint": lambda: jax.random.randint(k, (-1,), 0, 3),
    "bernoulli": lambda: jax.random.bernoulli(k, 0.5, (-1,)),
    "gamma": lambda: jax.random.gamma(k, 1.0, (-1,)),
    "poisson": lambda: jax.random.poisson(k, 1.0, (-1,)),
}
for name, call in calls.items():
    try:
        call()
        out[name] = np.array("no error")
    except Exception as e:
        out[name] = np.array(type(e).__name__ + ": " + str(e).replace("\n", " "))
"""


def test_a_negative_shape_is_refused_as_jax(tmp_path):
    """Samplers drawing their bits first fail in JAX's MLIR (MLIRError, its words); those
    broadcasting their parameters first with its TypeError."""
    from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

    want = jax_on_8_devices(NEGATIVE_SHAPE_PROGRAM, tmp_path)
    got = meshjit_on_program(NEGATIVE_SHAPE_PROGRAM)
    for name, value in want.items():
        assert str(got[name]).startswith(str(value)), (name, str(got[name]), str(value))


def test_a_traced_sample_shape_is_jaxs_type_error():
    try:
        meshjit.jit(lambda n: meshjit.random.normal(meshjit.random.key(0), (n,)))(3)
    except TypeError as e:
        assert str(e).startswith(
            "Shapes must be 1D sequences of concrete values of integer type, got "
            "(JitTracer(~int32[]),).\nIf using `jit`, try using `static_argnums`"
        )
    else:
        raise AssertionError("no error")
