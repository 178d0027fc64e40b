"""custom_vmap and sequential_vmap against JAX 0.10.2 (one JAX subprocess): the user's rule runs
under vmap (also nested, under jit, with unbatched arguments and pytrees), the function runs
otherwise, jvp of a custom_vmap function batches with the jvp of the rule, and custom_vjp on
the outside gives reverse mode; errors as JAX raises them."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.custom_batching import custom_vmap
from tests.support.jax_oracle import RUN_CASES, assert_same_bits, oracle_fixture, values_vs_jax

HARNESS = (
    r"""
cb = jax.custom_batching
X = np.linspace(-1.0, 2.0, 6).astype(np.float32).reshape(3, 2)
Y = np.arange(1.0, 7.0, dtype=np.float32).reshape(3, 2)


@cb.custom_vmap
def add(x, y):
    return x + y


@add.def_vmap
def add_rule(axis_size, in_batched, xs, ys):
    xs = xs if in_batched[0] else jnp.broadcast_to(xs, (axis_size,) + xs.shape)
    ys = ys if in_batched[1] else jnp.broadcast_to(ys, (axis_size,) + ys.shape)
    return xs * ys + axis_size, True


@cb.custom_vmap
def sin_mul(x, y):
    return jnp.sin(x) * y


@sin_mul.def_vmap
def sin_mul_rule(axis_size, in_batched, xs, ys):
    return jnp.cos(xs) * ys, in_batched[0] or in_batched[1]


@cb.custom_vmap
def tree_fn(d):
    return {"s": d["a"] + d["b"], "p": d["a"] * d["b"]}


@tree_fn.def_vmap
def tree_rule(axis_size, in_batched, d):
    return {"s": d["a"] - d["b"], "p": d["a"] * d["b"]}, {"s": True, "p": in_batched[0]["b"]}


@jax.custom_vjp
@cb.custom_vmap
def both(x, y):
    return jnp.sin(x) * y


@both.def_vmap
def both_rule(axis_size, in_batched, xs, ys):
    return jnp.cos(xs) * ys, True


def both_fwd(x, y):
    return both(x, y), (jnp.cos(x), jnp.sin(x), y)


def both_bwd(res, g):
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)


both.defvjp(both_fwd, both_bwd)


@cb.sequential_vmap
def seq(x, y):
    return jnp.sum(x) * y, x[::-1]


CASES = {
    "plain": lambda: add(X, Y),
    "vmap": lambda: jax.vmap(add)(X, Y),
    "vmap_in_axes_none": lambda: jax.vmap(add, in_axes=(0, None))(X, Y[0]),
    "vmap_axis1": lambda: jax.vmap(add, in_axes=(1, 1))(X, Y),
    "vmap_nested": lambda: jax.vmap(jax.vmap(add))(X, Y),
    "jit_vmap": lambda: jax.jit(jax.vmap(sin_mul))(X, Y),
    "vmap_jit": lambda: jax.vmap(jax.jit(sin_mul))(X, Y),
    "tree": lambda: jax.vmap(tree_fn)({"a": X, "b": Y}),
    "tree_unbatched_b": lambda: jax.vmap(tree_fn, in_axes=({"a": 0, "b": None},))({"a": X, "b": Y[0]}),
    "jvp": lambda: jax.jvp(sin_mul, (X, Y), (Y, X)),
    "vmap_jvp": lambda: jax.vmap(lambda x, y: jax.jvp(sin_mul, (x, y), (jnp.ones_like(x), jnp.zeros_like(y))))(X, Y),
    "vmap_jvp_unbatched_tangent": lambda: jax.vmap(lambda x: jax.jvp(sin_mul, (x, Y[0]), (Y[1], X[0])))(X),
    "jvp_vmap": lambda: jax.jvp(jax.vmap(sin_mul), (X, Y), (Y, X)),
    "custom_vjp_vmap": lambda: jax.vmap(both)(X[:, 0], Y[:, 0]),
    "custom_vjp_grad": lambda: jax.grad(lambda x: both(x, 2.0))(0.5),
    "custom_vjp_vmap_grad": lambda: jax.vmap(jax.grad(both))(X[:, 0], Y[:, 0]),
    "sequential": lambda: jax.vmap(seq)(X, Y[:, 0]),
    "sequential_unbatched": lambda: jax.vmap(seq, in_axes=(None, 0))(X[0], Y[:, 0]),
    "sequential_plain": lambda: seq(X[0], 3.0),
}
"""
    + RUN_CASES
)


CASES = [
    "plain", "vmap", "vmap_in_axes_none", "vmap_axis1", "vmap_nested", "jit_vmap", "vmap_jit",
    "tree", "tree_unbatched_b", "jvp", "vmap_jvp", "vmap_jvp_unbatched_tangent", "jvp_vmap",
    "custom_vjp_vmap", "custom_vjp_grad", "custom_vjp_vmap_grad", "sequential",
    "sequential_unbatched", "sequential_plain",
]  # fmt: skip


# JAX runs these op by op; meshjit compiles the transformed function whole, where XLA's fused
# sin / cos may round the last bit differently.
WITHIN_ONE_ULP = {"jvp_vmap"}


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_as_jax(jax_results, case):
    pairs = values_vs_jax(jax_results, HARNESS, case)
    if case in WITHIN_ONE_ULP:
        for _, g, w in pairs:
            np.testing.assert_array_max_ulp(g, w, maxulp=1)
    else:
        assert_same_bits(pairs)


def test_rule_runs_only_under_vmap():
    calls = []

    @custom_vmap
    def f(x):
        return x + 1.0

    @f.def_vmap
    def rule(axis_size, in_batched, xs):
        calls.append((axis_size, in_batched))
        return xs * 10.0, True

    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(f)(x)), x + 1)
    assert not calls
    np.testing.assert_array_equal(np.asarray(meshjit.vmap(f)(x)), x * 10)
    assert calls == [(4, [True])]
    assert "custom_vmap_call" in str(meshjit.make_jaxpr(f)(x))


def test_missing_rule_is_attribute_error():
    @custom_vmap
    def g(x):
        return x

    with pytest.raises(AttributeError, match="No batching rule defined for custom_vmap function g"):
        meshjit.vmap(g)(jnp.arange(3.0))


def test_rule_output_structure_is_checked():
    @custom_vmap
    def g(x):
        return x

    @g.def_vmap
    def bad_rule(axis_size, in_batched, xs):
        return (xs, xs), True

    with pytest.raises(ValueError, match=r"do not match.\nOutput values: PyTreeDef\(\(\*, \*\)\)"):
        meshjit.vmap(g)(jnp.arange(3.0))

    @g.def_vmap
    def other_rule(axis_size, in_batched, xs):
        return (xs, xs), (True, True)

    with pytest.raises(ValueError, match="does not match that of original custom-vmapped"):
        meshjit.vmap(g)(jnp.arange(3.0))


def test_reverse_mode_is_refused_as_in_jax():
    @custom_vmap
    def f(x):
        return jnp.sin(x)

    f.def_vmap(lambda n, b, xs: (jnp.cos(xs), True))
    with pytest.raises(ValueError, match="does not support reverse-mode autodiff"):
        meshjit.grad(f)(1.0)


def test_keyword_arguments_are_resolved():
    @custom_vmap
    def f(x, y):
        return x - y

    f.def_vmap(lambda n, b, xs, ys: (xs + ys, True))
    x = np.arange(3, dtype=np.float32)
    np.testing.assert_array_equal(np.asarray(meshjit.vmap(lambda a: f(a, y=a))(x)), 2 * x)
