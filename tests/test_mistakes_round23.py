"""meshjit's answers to the user mistakes of the catalogue's round 23: JAX's error types, words
and results (tests/support/mistakes_catalogue_round23.py runs them against JAX)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.experimental import checkify
from meshjit.sharding import AxisType, PartitionSpec

_PYTREE = "Function compiled with input pytree does not match the input pytree it was called with."
_VECTORIZED = "on vectorized function with excluded=frozenset() and signature='(n),(n)->()'"


def _compiled():
    return meshjit.jit(lambda a: a * 2).lower(jnp.ones(4)).compile()


def _vectorized():
    return jnp.vectorize(lambda a, b: a @ b, signature="(n),(n)->()")


def _context_mesh_mismatch():
    m2 = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
    m24 = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    spec = PartitionSpec("x")
    with meshjit.set_mesh(m24):
        return meshjit.shard_map(lambda a: a, mesh=m2, in_specs=spec, out_specs=spec)(jnp.ones(4))


@pytest.mark.parametrize(
    "call, error, words",
    [
        # a compiled function: its arguments' structure by path, then tracers, then types
        (lambda: _compiled()(jnp.ones(4), jnp.ones(4)), TypeError,
         f"{_PYTREE} There are 1 mismatches, including:\n    * at args, seen tuple of length 1 "
         "but now given tuple of length 2, so the lengths do not match"),
        (lambda: _compiled()((jnp.ones(4),)), TypeError,
         "* at args[0], seen pytree leaf but now given <class 'tuple'>, so their Python types "
         "differ"),
        (lambda: lax.map(lambda _: _compiled()(jnp.ones(4)).sum(), jnp.zeros(2)), TypeError,
         "Cannot apply JAX transformations to a function lowered and compiled for a particular "
         "signature. Detected argument of Tracer type"),
        (lambda: meshjit.grad(lambda x: _compiled()(x * jnp.ones(4)).sum())(1.0), TypeError,
         "Cannot apply JAX transformations to a function lowered and compiled"),
        # autodiff outside jit has a constant's value: the types are checked
        (lambda: meshjit.jvp(lambda x: x * _compiled()(jnp.ones(3)).sum(), (1.0,), (1.0,)),
         TypeError, "Argument types differ from the types for which this computation was"),
        (lambda: meshjit.pmap(lambda a: a, in_axes=0.5), TypeError,
         "pmap in_axes must be an int, None, or (nested) container with those types as leaves, "
         "but got 0.5."),
        (lambda: meshjit.pmap(lambda a: a, out_axes=(None, 1.0)), TypeError,
         "pmap out_axes must be an int, None, or (nested) container with those types as "
         "leaves, but got (None, 1.0)."),
        (lambda: _vectorized()(jnp.ones(3), jnp.ones(4)), ValueError,
         f"inconsistent size for core dimension 'n': 4 vs 3 {_VECTORIZED}"),
        (lambda: _vectorized()(jnp.ones(3)), TypeError,
         f"wrong number of positional arguments: expected 2, got 1 {_VECTORIZED}"),
        (lambda: _vectorized()(jnp.ones(3), 1.0), ValueError,
         f"input with shape () does not have enough dimensions for all core dimensions ('n',) "
         f"{_VECTORIZED}"),
        (lambda: random.key(0) == 0, TypeError, "equal does not accept dtypes key<fry>, int32."),
        (lambda: random.key(0) != jnp.zeros(2, jnp.uint32), TypeError,
         "not_equal does not accept dtypes key<fry>, uint32."),
        (lambda: jnp.array([1.0, object()]), TypeError,
         "with dtype object is not a valid JAX array type. Only arrays of numeric types are "
         "supported by JAX."),
        (lambda: checkify.checkify(lambda a: checkify.check(a, "bad"))(jnp.arange(3.0)),
         TypeError, "check takes a scalar pred as argument, got [0. 1. 2.]"),
        (lambda: meshjit.named_scope(3), TypeError, "named_scope name argument must be a string."),
        (lambda: meshjit.jvp(lambda t: t * lax.switch(jnp.array([0, 1]), [lambda: 1.0] * 2),
                             (1.0,), (1.0,)),
         TypeError, "Branch index must be scalar, got [0 1] of shape (2,)."),
        (_context_mesh_mismatch, ValueError,
         "The context mesh AbstractMesh('x': 2, 'y': 4, axis_types=(Auto, Auto), device_kind=cpu"
         ", num_cores=None, platform=cpu) should match the mesh passed to shard_map Mesh('x': 2, "
         "axis_types=(Auto,))"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_a_compiled_function_of_constants_runs_under_grad_as_in_jax():
    compiled = _compiled()
    assert float(meshjit.grad(lambda x: x * compiled(jnp.ones(4)).sum())(1.0)) == 8.0


def test_an_inner_jit_of_constants_runs_now_under_grad_and_jvp():
    g = meshjit.jit(lambda a: a * 3)
    assert float(meshjit.grad(lambda x: x * g(jnp.ones(2)).sum())(1.0)) == 6.0
    assert float(meshjit.grad(lambda x: meshjit.jit(lambda: x * 2)())(1.0)) == 2.0  # closure
    primal, tangent = meshjit.jvp(lambda x: x * g(2.0), (1.0,), (1.0,))
    assert (float(primal), float(tangent)) == (6.0, 6.0)


def test_split_takes_a_number_of_sections_as_jax_does():
    x = jnp.arange(4.0)
    assert [p.shape for p in jnp.split(x, 1.5)] == [(4,)]
    assert [p.shape for p in jnp.split(x, np.int64(2))] == [(2,), (2,)]
    assert [p.shape for p in jnp.split(x, jnp.array(2))] == [(2,), (2,)]


def test_keys_still_compare_with_keys():
    a, b = random.key(0), random.key(1)
    assert bool(a == a) and bool(a != b)
