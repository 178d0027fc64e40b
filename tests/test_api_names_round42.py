"""Calls where meshjit differed from JAX 0.10.2 (one JAX subprocess on 8 devices each):
ShardingTypeError is a plain Exception (neither a TypeError nor a ValueError), raised where JAX
raises it and with JAX's words, and JAX's ValueError where JAX raises that; a loop carry that
becomes a callback's result reads back as P(); and the values jvp / vjp / value_and_grad hand
back untouched (an output the function returned untraced, a cotangent passed straight through)
are the caller's own objects, as in JAX; `in` is JAX's Array.__contains__."""

import numpy as np

from meshjit.experimental import io_callback
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

ERRORS = r"""
import contextlib
import warnings

AxisType = jax.sharding.AxisType
NS = jax.sharding.NamedSharding
mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
auto = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Auto))


def put(a, *spec, on=mesh):
    return jax.device_put(jnp.asarray(a, jnp.float32), NS(on, P(*spec)))


def outcome(f, on=mesh):
    try:
        with jax.sharding.set_mesh(on) if on is not None else contextlib.nullcontext():
            r = f()
    except Exception as e:
        kinds = [k.__name__ for k in (ValueError, TypeError) if isinstance(e, k)]
        message = str(e).split("\n")[0].split(" This error occurs at source:")[0]  # JAX's line
        return np.array([type(e).__name__, *kinds, message])
    return np.array(["no error", repr(r.sharding.spec)])


x8, m = np.arange(8.0), np.arange(64.0).reshape(8, 8)
which = lambda: jax.device_put(jnp.arange(8) > 3, NS(mesh, P("y")))
CASES = {
    "contracting": lambda: put(m, None, "x") @ put(m, "x", None),
    "cumsum_no_axis": lambda: jnp.cumsum(put(x8, "x")),
    "nancumprod_no_axis": lambda: jnp.nancumprod(put(m, None, "y")),
    "bincount_out": lambda: jnp.bincount(jnp.arange(8), length=8, out_sharding=P("x")),
    "select_which": lambda: lax.select(which(), put(x8, "x"), put(x8, "x")),
    "sort_operands": lambda: lax.sort((put(m, "x", None), put(m, "y", None)), dimension=1,
                                      num_keys=1),
    "approx_max_k": lambda: lax.approx_max_k(put(x8, "x"), 2),
    "approx_max_k_int": lambda: lax.approx_max_k(jnp.arange(8), 2),
    "triangular_solve": lambda: lax.linalg.triangular_solve(put(m, "x", None), put(m),
                                                            left_side=True),
    "triangular_solve_a": lambda: lax.linalg.triangular_solve(put(m, None, "x"), put(m),
                                                              left_side=True),
    "reduce_window": lambda: lax.reduce_window(put(x8, "x"), 0.0, lax.add, (2,), (1,), "VALID"),
    "dus": lambda: lax.dynamic_update_slice(put(x8, "x"), put(np.ones(4)), (0,)),
    "zeros_indivisible": lambda: jnp.zeros((6,), out_sharding=P("y")),
}
for name, f in CASES.items():
    out[name] = outcome(f)
out["zeros_auto_axis"] = outcome(lambda: jnp.zeros((8, 4), out_sharding=P(None, "y")), auto)
# JAX's words alone (meshjit's details in notes)
out["index_float"] = outcome(lambda: jnp.arange(3)[1.0], None)
out["index_float_array"] = outcome(lambda: jax.jit(lambda i: jnp.arange(3)[i])(1.0), None)
out["reshard_no_mesh"] = outcome(lambda: jax.sharding.reshard(put(x8, "x"), P("y")), None)
out["int_too_large"] = outcome(lambda: jnp.array(2**40), None)
out["int_list_too_large"] = outcome(lambda: jnp.array([2**40, 1]), None)
out["at_set_too_large"] = outcome(lambda: jnp.zeros(2, jnp.int32).at[0].set(2**40), None)
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    jax.random.uniform(jax.random.key(0), (2,), dtype=np.float64)
    jnp.asarray([1.0], dtype="float64")
out["x64_warnings"] = np.array([f"{w.filename}: {w.message}" for w in seen])
"""

CALLBACK_CARRIES = r"""
from jax.experimental import io_callback

mesh = jax.make_mesh((2, 4), ("x", "y"))
xs = jax.device_put(jnp.arange(8.0), jax.sharding.NamedSharding(mesh, P("x")))
double = lambda a: np.asarray(a) * 2
pure = lambda x: jax.pure_callback(double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
host = lambda x: io_callback(double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
LOOPS = {
    "fori_pure": lambda x: lax.fori_loop(0, 3, lambda i, c: pure(c), x),
    "fori_io": lambda x: lax.fori_loop(0, 3, lambda i, c: host(c), x),
    "io_plus_one": lambda x: host(x) + 1,
}
with jax.sharding.set_mesh(mesh):
    for name, f in LOOPS.items():
        r = jax.jit(f)(xs)
        out[name] = np.array([repr(r.sharding.spec), str(jax.typeof(r))])
        out[name + "_values"] = np.asarray(r)
"""

UNTOUCHED = r"""
def kinds(r):
    return np.array([
        f"{type(leaf).__name__}:{getattr(leaf, 'weak_type', '-')}:{getattr(leaf, 'dtype', '-')}:"
        f"{leaf!r}"
        for leaf in jax.tree_util.tree_leaves(r)
    ])


def pulled(ct, f, *primals):
    primal_out, f_vjp = jax.vjp(f, *primals)
    return primal_out, f_vjp(ct)


CASES = {
    "jvp_float": lambda: jax.jvp(lambda x: 1.0, (1.0,), (1.0,)),
    "jvp_int": lambda: jax.jvp(lambda x: 1, (1.0,), (1.0,)),
    "jvp_numpy_scalar": lambda: jax.jvp(lambda x: np.float32(2.0), (1.0,), (1.0,)),
    "value_and_grad_float": lambda: jax.value_and_grad(lambda x: 1.0)(1.0),
    "linearize_float": lambda: (lambda o, f: (o, f(1.0)))(*jax.linearize(lambda x: 1.0, 1.0)),
    "vjp_float": lambda: pulled(1.0, lambda x: 1.0, 1.0),
    "vjp_identity": lambda: pulled(2.0, lambda x: x, 1.0),
    "vjp_identity_numpy": lambda: pulled(np.ones(2, np.float32), lambda x: x, jnp.zeros(2)),
    "vjp_first_of_two": lambda: pulled(3.0, lambda x, y: x, 1.0, 2.0),
    "vjp_used_twice": lambda: pulled(3.0, lambda x: x + 0 * x, 1.0),
    "grad_ignoring": lambda: jax.grad(lambda x: 1.0)(1.0),
}
for name, f in CASES.items():
    out[name] = kinds(f())

# `in` (JAX's __contains__): a one-dimensional array and a scalar query, else its errors
x = jnp.arange(3.0)
for name, (query, array) in {"in_1d": (1.0, x), "in_missing": (5, x), "in_2d": (1.0, x[None]),
                             "in_vector": (x, x), "in_none": (None, x)}.items():
    try:
        out[name] = np.array([str(query in array), repr(array.__contains__(query))])
    except Exception as e:
        out[name] = np.array([type(e).__name__, str(e)])
"""


def _assert_as_jax(program, tmp_path, **names):
    want = jax_on_8_devices(program, tmp_path)
    got = meshjit_on_program(program, **names)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


def test_sharding_type_errors_as_jax(tmp_path):
    _assert_as_jax(ERRORS, tmp_path)


def test_callback_loop_carries_read_back_as_jax(tmp_path):
    _assert_as_jax(CALLBACK_CARRIES, tmp_path, io_callback=io_callback)


def test_untouched_values_handed_back_as_jax(tmp_path):
    _assert_as_jax(UNTOUCHED, tmp_path)
