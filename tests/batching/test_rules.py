"""Every batching rule against a Python loop over the mapped axis.

Each case is a function of per-example arguments; it runs under `vmap` with several in_axes
(all mapped in front, all mapped last, only the first mapped, only the last mapped) and must
equal the per-example results stacked. Both sides run under jit (one compile each).
"""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.ir.registry import abstract_eval_rules, batching_rules
from tests.support import campaign

B = 3
F32 = np.float32


def f32(rng, *shape):
    return rng.standard_normal(shape).astype(F32)


def i32(rng, hi, *shape):
    return rng.integers(0, hi, shape).astype(np.int32)


def _conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=1)


def _grouped_conv(x, w):
    return lax.conv_general_dilated(x, w, (2, 1), ((1, 0), (0, 1)), feature_group_count=2)


def _batch_group_conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "VALID", batch_group_count=2)


def _while(x, n):
    return lax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * 1.5 + 1.0), (0, x))[1]


def _scan(xs, c):
    return lax.scan(lambda carry, x: (carry * 0.5 + x, carry + x.sum()), c, xs)


def _switch(i, x):
    return lax.switch(i, [lambda v: v + 1.0, lambda v: v * 2.0, lambda v: -v], x)


def _dus(x, u, i):
    return lax.dynamic_update_slice(x, u, (i, 1))


def _gather_2d(x, i):
    return x[i[:, 0], i[:, 1]]


def _scatter_add(x, i, u):
    return x.at[i].add(u)


def _scatter_max(x, i, u):
    return x.at[i].max(u)


def _jitted(x, y):
    return meshjit.jit(lambda a, b: jnp.sin(a) @ b)(x, y)


def _key_normal(seed):
    return random.normal(random.PRNGKey(seed), (4,))


# (id, function of per-example args, per-example args from an rng)
CASES = [
    ("unary", lambda x: jnp.exp(jnp.sin(x)) + jnp.abs(x), lambda r: [f32(r, 3, 4)]),
    ("special", lambda x: lax.lgamma(jnp.abs(x) + 1) + jnp.arcsinh(x), lambda r: [f32(r, 5)]),
    ("binary", lambda x, y: x * y - x / (jnp.abs(y) + 1), lambda r: [f32(r, 3, 4), f32(r, 3, 4)]),
    ("binary_rank0", lambda x, s: x * s + s, lambda r: [f32(r, 3, 4), f32(r)]),
    ("size1_broadcast", lambda x, y: lax.add(x, y), lambda r: [f32(r, 1, 4), f32(r, 3, 4)]),
    ("compare_select", lambda x, y: jnp.where(x > y, x, y), lambda r: [f32(r, 6), f32(r, 6)]),
    # a rank-0 case beside a mapped one (slogdet's where(is_zero, 0, sign) on one matrix)
    (
        "select_rank0_case",
        lambda x: jnp.where(x.sum() > 0, np.zeros((), F32), x.sum()),
        lambda r: [f32(r, 4)],
    ),
    ("clamp", lambda lo, x: lax.clamp(lo, x, 1.0), lambda r: [f32(r), f32(r, 5)]),
    ("integer_pow_convert", lambda x: (x**3).astype(np.int32), lambda r: [f32(r, 4)]),
    ("logaddexp_shift", lambda x, y: jnp.logaddexp(x, y), lambda r: [f32(r, 4), f32(r, 4)]),
    ("shifts", lambda x, y: lax.shift_left(x, y), lambda r: [i32(r, 9, 4), i32(r, 5, 4)]),
    ("bitcast", lambda x: lax.bitcast_convert_type(x, np.int32), lambda r: [f32(r, 4)]),
    ("broadcast_in_dim", lambda x: jnp.broadcast_to(x[:, None], (3, 5)), lambda r: [f32(r, 3)]),
    ("reshape_transpose", lambda x: x.reshape(2, 6).T, lambda r: [f32(r, 3, 4)]),
    ("squeeze_expand", lambda x: jnp.squeeze(x[None], 0) + x[:, :1], lambda r: [f32(r, 2, 3)]),
    ("iota", lambda x: x + jnp.arange(4.0), lambda r: [f32(r, 4)]),
    (
        "concatenate",
        lambda x, y: jnp.concatenate([x, y, x], 1),
        lambda r: [f32(r, 2, 3), f32(r, 2, 2)],
    ),
    ("pad", lambda x, v: lax.pad(x, v, ((1, 2, 1), (0, 1, 0))), lambda r: [f32(r, 3, 2), f32(r)]),
    ("slice", lambda x: x[1:, ::2], lambda r: [f32(r, 4, 5)]),
    (
        "dynamic_slice",
        lambda x, i: lax.dynamic_slice(x, (i, 1), (2, 2)),
        lambda r: [f32(r, 5, 4), i32(r, 5)],
    ),
    ("dynamic_update_slice", _dus, lambda r: [f32(r, 5, 4), f32(r, 2, 2), i32(r, 5)]),
    (
        "reductions",
        lambda x: (x.sum(0), x.max(1), x.prod(), jnp.argmax(x, 1)),
        lambda r: [f32(r, 3, 4)],
    ),
    ("reduce_bool", lambda x: (jnp.all(x > 0, 0), jnp.any(x > 0)), lambda r: [f32(r, 3, 4)]),
    (
        "cumulative",
        lambda x: (jnp.cumsum(x, 1), lax.cummax(x, 0, reverse=True)),
        lambda r: [f32(r, 3, 4)],
    ),
    (
        "reduce_window",
        lambda x: lax.reduce_window(x, 0.0, lax.add, (2, 2), (1, 2), "SAME"),
        lambda r: [f32(r, 4, 5)],
    ),
    ("sort", lambda x, y: lax.sort((x, y), num_keys=1), lambda r: [f32(r, 6), f32(r, 6)]),
    ("top_k", lambda x: lax.top_k(x, 2), lambda r: [f32(r, 6)]),
    ("dot", lambda x, y: x @ y, lambda r: [f32(r, 3, 4), f32(r, 4, 2)]),
    (
        "dot_batch_dims",
        lambda x, y: jnp.einsum("bij,bjk->bik", x, y),
        lambda r: [f32(r, 2, 3, 4), f32(r, 2, 4, 2)],
    ),
    ("dot_vector", lambda x, y: jnp.dot(x, y), lambda r: [f32(r, 4), f32(r, 4)]),
    ("conv", _conv, lambda r: [f32(r, 2, 4, 5, 5), f32(r, 3, 4, 3, 3)]),
    ("conv_groups", _grouped_conv, lambda r: [f32(r, 1, 4, 6, 5), f32(r, 4, 2, 3, 2)]),
    ("conv_batch_groups", _batch_group_conv, lambda r: [f32(r, 4, 2, 5, 5), f32(r, 4, 2, 2, 2)]),
    ("gather", lambda x, i: x[i], lambda r: [f32(r, 5, 3), i32(r, 5, 4)]),
    ("gather_2d", _gather_2d, lambda r: [f32(r, 5, 4), i32(r, 4, 3, 2)]),
    ("scatter_add", _scatter_add, lambda r: [f32(r, 5, 3), i32(r, 5, 4), f32(r, 4, 3)]),
    ("scatter_max", _scatter_max, lambda r: [f32(r, 5), i32(r, 5, 3), f32(r, 3)]),
    ("rev", lambda x: x[::-1, ::-1], lambda r: [f32(r, 3, 4)]),
    (
        "cond",
        lambda p, x: lax.cond(p > 0, lambda v: v * 2.0, lambda v: v - 1.0, x),
        lambda r: [f32(r), f32(r, 3)],
    ),
    ("switch", _switch, lambda r: [i32(r, 3), f32(r, 3)]),
    ("while", _while, lambda r: [f32(r, 2), i32(r, 4)]),
    ("fori", lambda x: lax.fori_loop(0, 3, lambda i, c: c * x + i, x), lambda r: [f32(r, 3)]),
    ("scan", _scan, lambda r: [f32(r, 4, 2), f32(r, 2)]),
    ("jit", _jitted, lambda r: [f32(r, 3, 4), f32(r, 4, 2)]),
    ("stop_gradient", lambda x: lax.stop_gradient(x) * x, lambda r: [f32(r, 3)]),
    ("threefry", _key_normal, lambda r: [np.int32(r.integers(0, 100))]),
]


def _in_axes_variants(example):
    """(in_axes per argument, description): mapped in front, mapped last, only first / last."""
    n = len(example)
    last = tuple(-1 if np.ndim(a) else 0 for a in example)
    out = [((0,) * n, "front"), (last, "last")]
    if n > 1:
        out.append(((0,) + (None,) * (n - 1), "first_only"))
        out.append(((None,) * (n - 1) + (last[-1],), "last_only"))
    return out


def _stack(example_sets, in_axes):
    args = []
    for i, axis in enumerate(in_axes):
        column = [ex[i] for ex in example_sets]
        args.append(column[0] if axis is None else np.stack(column, axis=axis))
    return args


def _per_example(example_sets, in_axes):
    return [
        [ex[i] if axis is not None else example_sets[0][i] for i, axis in enumerate(in_axes)]
        for ex in example_sets
    ]


# Every second (case, in_axes) in `make test` (each case has two to four, so every case runs
# there with one of them at least), the others in `make test-campaigns`.
_VARIANTS = [
    ((fun, make, in_axes), f"{name}-{desc}")
    for name, fun, make in CASES
    for in_axes, desc in _in_axes_variants(make(np.random.default_rng(0)))
]
PARAMS = [
    pytest.param(*p.values[0], marks=p.marks, id=p.id)
    for p in campaign.every(2, [v for v, _ in _VARIANTS], [i for _, i in _VARIANTS])
]


@pytest.mark.parametrize("fun, make, in_axes", PARAMS)
def test_rule_matches_a_loop(fun, make, in_axes):
    rng = np.random.default_rng(1)
    examples = [make(rng) for _ in range(B)]
    got = meshjit.jit(meshjit.vmap(fun, in_axes=in_axes))(*_stack(examples, in_axes))
    one = meshjit.jit(fun)
    per = [one(*args) for args in _per_example(examples, in_axes)]
    want = meshjit.tree_util.tree_map(lambda *xs: np.stack([np.asarray(x) for x in xs]), *per)
    got_leaves = meshjit.tree_util.tree_leaves(got)
    want_leaves = meshjit.tree_util.tree_leaves(want)
    assert len(got_leaves) == len(want_leaves)
    for g, w in zip(got_leaves, want_leaves):
        assert np.asarray(g).dtype == w.dtype
        np.testing.assert_allclose(np.asarray(g), w, rtol=2e-5, atol=2e-5)


def test_the_cases_cover_the_lax_families():
    """Each family's primitives appear in some case's jaxpr (collectives, shard_map and the
    custom-derivative calls have their own tests)."""
    seen = set()
    for _, fun, make in CASES:
        args = make(np.random.default_rng(0))
        seen |= _primitives(
            meshjit.make_jaxpr(meshjit.vmap(fun))(*_stack([args] * 2, [0] * len(args)))
        )
    # (a mapped cond predicate makes a select: cond itself is checked with an unmapped one)
    for name in (
        "dot_general",
        "conv_general_dilated",
        "gather",
        "scatter-add",
        "while",
        "scan",
        "jit",
        "sort",
        "cumsum",
        "reduce_window_sum",
        "random_bits",
        "pad",
    ):
        assert name in seen, name


def _primitives(closed) -> set:
    names = set()
    for eqn in closed.jaxpr.eqns:
        names.add(eqn.primitive.name)
        for value in eqn.params.values():
            for sub in value if isinstance(value, tuple) else (value,):
                if hasattr(sub, "jaxpr") and hasattr(sub, "consts"):
                    names |= _primitives(sub)
    return names


# Primitives that need no batching rule, and why (empty: every primitive has one).
# name -> why it has none (vmap of it is a clear "no batching rule" error)
EXEMPT: dict[str, str] = {
    # a symbolic dimension's value (shape polymorphism): no operands, so never batched
    "dim_as_value": "takes no operands",
    "rng_uniform": "JAX 0.10.2 has no batching rule for it either",
    "linear_call": "JAX 0.10.2 has no batching rule for it either",
    # JAX batches it as a collective over the vmapped axis; XLA:CPU cannot run it at all
    "ragged_all_to_all": "not ported: XLA:CPU has no kernel for it",
    # JAX batches them as ppermute; they only run on GPU (XLA:CPU refuses them, as under JAX)
    "psend": "not ported: GPU-only, XLA:CPU cannot run it",
    "precv": "not ported: GPU-only, XLA:CPU cannot run it",
    "scaled_matmul": "not ported: cuDNN-only in JAX, it never compiles on CPU",
}


def test_every_primitive_has_a_batching_rule():
    missing = sorted(
        p.name for p in abstract_eval_rules if p not in batching_rules and p.name not in EXEMPT
    )
    assert not missing, f"primitives without a batching rule: {missing}"


def test_a_vmapped_reduction_keeps_its_mapped_axis_and_differentiates():
    """JAX's reducer_batcher: the mapped axis stays where it is, the reduced axes past it shift
    (NumPy integers in the params, as JAX's jaxprs print them); gradients and nested vmaps read
    them (nn_data_loading's grad of a vmapped logsumexp raised on the NumPy integer axis)."""
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    f = meshjit.vmap(lambda v: v - meshjit.nn.logsumexp(v), in_axes=1, out_axes=1)
    text = str(meshjit.make_jaxpr(f)(x))
    assert "reduce_max[axes=(np.int64(0),)" in text
    g = meshjit.grad(lambda x: f(x)[0].sum())(x)
    softmax = np.exp(x) / np.exp(x).sum(0)
    want = (np.arange(3) == 0)[:, None] - softmax  # d/dx of sum_j (x[0, j] - lse(x[:, j]))
    np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-6)
