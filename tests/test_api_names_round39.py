"""Everyday calls where meshjit differed from JAX 0.10.2 (one JAX subprocess): `jnp.array` of a
list holding NumPy scalars or arrays promotes as JAX (`[np.int8(1), 2]` is int8), `lax.full`
takes an int shape and a bool fill value is not weakly typed, list arguments are refused with
JAX's words, `jax.test_util.check_jvp` / `check_vjp` and `jax.distributed.initialize` have
JAX's parameters, a traced ref reads and writes by `get` / `set` / `swap` / `addupdate`,
`jax.dtypes.prng_key` / `extended` are `np.generic` subclasses and `jax.dtypes.bfloat16` is
ml_dtypes' scalar type."""

import numpy as np

from meshjit import distributed, test_util
from tests.support import jax_oracle
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

# Each call as (dtype, weak type, shape, values), or (error type, first line of its message).
DESCRIBED = jax_oracle.DESCRIBED

PROGRAM = (
    DESCRIBED
    + r"""
import inspect
from functools import partial
from jax import distributed, test_util


LISTS = [
    "[np.float32(1), np.int64(2)]", "[np.int8(1), 2]", "[np.float16(1), 2.0]",
    "[np.int32(1), np.uint8(2)]", "[np.bool_(True), 2]", "[np.uint8(1), 2.5]",
    "[np.int16(1), np.float16(2)]", "[np.complex64(1), 2.0]", "[[np.int8(1)], [2]]",
    "(np.float16(1), 2)", "[np.float64(1), 2]", "[np.ones(2, np.int8), [1, 2]]",
    "[np.uint32(1), np.int8(1)]", "[np.array(1, np.int16), 1]", "[1, 2.5, True]",
    "[jnp.float16(0.5), 2]", "[jnp.int8(3), 2.5]", "[jnp.float16(0.5), np.float32(2)]",
]
for i, text in enumerate(LISTS):
    out[f"array_{i}"] = described(lambda: jnp.array(eval(text)))
    out[f"asarray_{i}"] = described(lambda: jnp.asarray(eval(text)))

FULLS = {
    "int_shape": lambda: lax.full(3, 1.0),
    "int_shape_int": lambda: lax.full(2, 7, jnp.int8),
    "bool": lambda: lax.full((2,), True),
    "bool_dtype": lambda: lax.full((2,), True, jnp.float32),
    "int": lambda: lax.full((2,), 1),
    "np_int8": lambda: lax.full((2,), np.int8(1)),
    "jnp_full_bool": lambda: jnp.full(3, True),
    "full_like_bool": lambda: lax.full_like(jnp.zeros(2, bool), True),
}
for name, f in FULLS.items():
    out["full_" + name] = described(f)

LIST_ERRORS = {
    "sum": lambda: jnp.sum([1, 2]),
    "mean": lambda: jnp.mean([1.0, 2.0]),
    "sin": lambda: jnp.sin([1.0, 2.0]),
    "add": lambda: jnp.add([1, 2], [3, 4]),
    "cumsum": lambda: jnp.cumsum((1, 2)),
    "reshape": lambda: jnp.reshape([1, 2], (2, 1)),
    "lax_sin": lambda: lax.sin([1.0, 2.0]),
}
for name, f in LIST_ERRORS.items():
    out["list_" + name] = described(f)


def parameters(f):
    return np.array(
        [f"{p.name}:{p.kind.name}:{p.default!r}" for p in inspect.signature(f).parameters.values()]
    )


out["sig_check_jvp"] = parameters(test_util.check_jvp)
out["sig_check_vjp"] = parameters(test_util.check_vjp)
out["sig_initialize"] = parameters(distributed.initialize)
out["sig_ref_get"] = parameters(jax.ref.get)
out["sig_ref_addupdate"] = parameters(jax.ref.addupdate)

x = jnp.array([0.5, 1.0, 2.0])
test_util.check_jvp(jnp.sin, partial(jax.jvp, jnp.sin), (x,))
test_util.check_vjp(jnp.sin, partial(jax.vjp, jnp.sin), (x,))
for name, check, wrong in (
    ("jvp", test_util.check_jvp, partial(jax.jvp, jnp.cos)),
    ("vjp", test_util.check_vjp, lambda x: (jnp.sin(x), lambda ct: (2 * ct,))),
):
    try:
        check(jnp.sin, wrong, (x,))
        out["wrong_" + name] = np.array("passed")
    except AssertionError:
        out["wrong_" + name] = np.array("AssertionError")


def with_methods(x):
    r = jax.new_ref(x)
    r[...] = r[...] + 1
    r.set(r.get(None) * 2, None)
    old = r.swap(r.get() + 1)
    r.addupdate(10.0, 0)
    r.set(jnp.zeros(1), (slice(1, 2),))
    return r[...], r.get(None), old, r.get(2)


out["ref_methods"] = np.concatenate([np.ravel(v) for v in jax.jit(with_methods)(x)])
ref = jax.new_ref(jnp.arange(6.0).reshape(2, 3))
out["ref_reads"] = np.concatenate(
    [np.ravel(v) for v in (ref[...], ref[None], jax.ref.get(ref), jax.ref.get(ref, None), ref[1])]
)
out["eager_ref_has"] = np.array([hasattr(ref, n) for n in ("get", "set", "swap", "addupdate")])
ref.addupdate(1.0, (0, 1))
ref.addupdate(jnp.ones((2, 3)))
out["eager_addupdate"] = np.asarray(ref[...])

key = jax.random.key(0)
out["dtype_kinds"] = np.array(
    [
        issubclass(jax.dtypes.prng_key, np.generic),
        issubclass(jax.dtypes.extended, np.generic),
        issubclass(jax.dtypes.prng_key, jax.dtypes.extended),
        jnp.issubdtype(jax.dtypes.prng_key, jax.dtypes.extended),
        jnp.issubdtype(jax.dtypes.extended, jax.dtypes.prng_key),
        jnp.issubdtype(key.dtype, jax.dtypes.prng_key),
        jnp.issubdtype(key.dtype, jax.dtypes.extended),
        jnp.issubdtype(key.dtype, np.generic),
        jnp.issubdtype(np.float32, jax.dtypes.extended),
        jnp.issubdtype(jax.dtypes.prng_key, np.generic),
        jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key),
    ]
)
out["dtype_kind_names"] = np.array([jax.dtypes.prng_key.__name__, jax.dtypes.extended.__name__])
bf = jax.dtypes.bfloat16
out["bfloat16"] = np.array(
    [bf.__name__, issubclass(bf, np.generic), str(np.dtype(bf)), repr(bf(1.5)), str(jnp.zeros(1, bf).dtype)]
)
out["mT"] = described(lambda: jnp.arange(6.0).reshape(1, 2, 3).mT)
"""
)


def test_everyday_calls_behave_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM, distributed=distributed, test_util=test_util)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


PROBED = (
    DESCRIBED
    + r"""

ARANGES = [
    "np.int8(5)", "5", "5.0", "np.uint8(2), 5", "np.uint8(2), 5.0", "jnp.float16(0), 3",
    "0, 3, np.int16(1)", "jnp.int32(3)", "jnp.array(3.0)", "np.float64(3)", "0, 1, 0.25",
    "np.int64(4)", "jnp.bfloat16(0), 2, 0.5", "np.uint32(3)", "2, np.int8(5)",
]
for i, text in enumerate(ARANGES):
    out[f"arange_{i}"] = described(lambda: eval(f"jnp.arange({text})"))
out["lu_is_list"] = np.array(type(lax.linalg.lu(jnp.eye(2))).__name__)
FLOAT0S = {
    "zeros": lambda: jnp.zeros(2, jax.dtypes.float0),
    "ones": lambda: jnp.ones((2, 1), jax.dtypes.float0),
    "zeros_like": lambda: jnp.zeros_like(jnp.ones(3), jax.dtypes.float0),
    "full": lambda: jnp.full((2,), 0, jax.dtypes.float0),
    "empty": lambda: jnp.empty((), jax.dtypes.float0),
}
for name, f in FLOAT0S.items():
    x = f()
    out["float0_" + name] = np.array([isinstance(x, np.ndarray), str(x.dtype), str(x.shape)])
"""
)


def test_probed_calls_behave_as_jax(tmp_path):
    want = jax_on_8_devices(PROBED, tmp_path)
    got = meshjit_on_program(PROBED)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
