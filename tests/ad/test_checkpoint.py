"""checkpoint / remat: gradients unchanged under every policy, the recomputation visible in the
backward jaxpr, lower XLA temp memory with nothing_saveable on a deep MLP, names and policies,
static_argnums, vmap and jit of checkpointed functions, and a bad policy."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import MeshjitValueError, checkpoint, grad, jit, vmap
from meshjit import checkpoint_policies as cp
from meshjit.ad_checkpoint import checkpoint_name
from tests.support.error_checks import ErrorChecker

check = ErrorChecker(__file__)
RNG = np.random.default_rng(0)
X = RNG.standard_normal((4, 4)).astype(np.float32)
W = (RNG.standard_normal((4, 4)) / 2).astype(np.float32)


def block(x, w):
    z = checkpoint_name(x @ w, "z")
    h = jnp.sin(z)
    return jnp.sum(jnp.cos(h) * h)


def _count(closed, name: str) -> int:
    return sum(e.primitive.name == name for e in closed.jaxpr.eqns)


POLICIES = [
    None, cp.nothing_saveable, cp.everything_saveable, cp.dots_saveable,
    cp.dots_with_no_batch_dims_saveable, cp.save_only_these_names("z"),
    cp.save_any_names_but_these("z"),
]  # fmt: skip


@pytest.mark.parametrize("policy", POLICIES, ids=lambda p: getattr(p, "__name__", str(p)))
def test_gradients_are_unchanged(policy):
    want = grad(block, argnums=(0, 1))(X, W)
    got = jit(grad(checkpoint(block, policy=policy), argnums=(0, 1)))(X, W)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def _backward(closed):
    """The body of the backward pass's one differentiated remat2 (JAX's form of grad of a
    checkpointed function: the forward inline, the backward one call recomputing in it)."""
    (eqn,) = [e for e in closed.jaxpr.eqns if e.primitive.name == "remat2"]
    assert eqn.params["differentiated"] and eqn.params["prevent_cse"]
    return eqn.params["jaxpr"]


def test_the_backward_pass_recomputes():
    plain = meshjit.make_jaxpr(grad(block, argnums=1))(X, W)
    remat = meshjit.make_jaxpr(grad(checkpoint(block), argnums=1))(X, W)
    saved = meshjit.make_jaxpr(grad(checkpoint(block, policy=cp.everything_saveable), argnums=1))(
        X, W
    )
    # The backward recomputes z = x @ w and h = sin(z) (sin(h) is cos's derivative); saving
    # everything recomputes none, sin(h) included.
    assert _count(plain, "remat2") == 0 and _count(remat, "remat2") == 1
    assert _count(_backward(remat), "sin") == 2 and _count(_backward(remat), "dot_general") == 2
    assert _count(_backward(saved), "sin") == 0 and _count(_backward(saved), "dot_general") == 1


def test_names_choose_what_is_saved():
    only_z = checkpoint(block, policy=cp.save_only_these_names("z"))
    backward = _backward(meshjit.make_jaxpr(grad(only_z, argnums=1))(X, W))
    assert _count(backward, "dot_general") == 1  # z saved: only the transposed product is left
    assert _count(backward, "sin") == 2  # h = sin(z) recomputed from it (and cos's sin(h))


def test_nothing_saveable_lowers_xla_temp_memory():
    ws = [(RNG.standard_normal((128, 128)) / 11).astype(np.float32) for _ in range(6)]
    x = RNG.standard_normal((512, 128)).astype(np.float32)

    def layer(w, h):
        z = h @ w
        a = jnp.sin(z)
        b = jnp.cos(z) * a
        return jnp.tanh(jnp.exp(-b) * z + a * b)

    def loss(ws, x, wrap):
        for w in ws:
            x = wrap(layer)(w, x)
        return jnp.sum(x**2)

    def temp_bytes(wrap):
        lowered = jit(grad(lambda ws, x: loss(ws, x, wrap))).lower(ws, x)
        return lowered.compile().memory_analysis().temp_size_in_bytes

    plain = temp_bytes(lambda f: f)
    remat = temp_bytes(lambda f: checkpoint(f, policy=cp.nothing_saveable))
    assert remat < plain, (remat, plain)


def test_static_argnums_vmap_and_jit():
    def f(x, n):
        for _ in range(n):
            x = jnp.sin(x)
        return jnp.sum(x)

    g = checkpoint(f, static_argnums=(1,))
    np.testing.assert_allclose(grad(g)(X, 3), grad(f)(X, 3), rtol=1e-6)
    per = jit(vmap(grad(checkpoint(block)), in_axes=(0, None)))(np.stack([X, 2 * X]), W)
    want = np.stack([grad(block)(X, W), grad(block)(2 * X, W)])
    np.testing.assert_allclose(per, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(meshjit.remat(block)(X, W), block(X, W), rtol=1e-6)


def test_a_policy_of_the_wrong_type():
    with pytest.raises(TypeError) as e:
        checkpoint(block, policy="dots")  # bad-policy
    check(e, "bad-policy", "checkpoint policy must be a callable", "str")


def test_save_from_both_policies_saves_what_either_saves():
    both = cp.save_from_both_policies(cp.dots_saveable, cp.save_only_these_names("z"))
    want = grad(block, argnums=(0, 1))(X, W)
    for g, w in zip(jit(grad(checkpoint(block, policy=both), argnums=(0, 1)))(X, W), want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    # the dot is saved (dots_saveable), so the backward pass does not recompute it
    closed = meshjit.make_jaxpr(grad(checkpoint(block, policy=both), argnums=1))(X, W)
    nothing = meshjit.make_jaxpr(grad(checkpoint(block, policy=cp.nothing_saveable), argnums=1))
    assert _count(_backward(closed), "dot_general") < _count(
        _backward(nothing(X, W)), "dot_general"
    )
    bad = cp.save_from_both_policies(lambda *a, **k: "yes", cp.dots_saveable)
    with pytest.raises(ValueError, match="The return value of the policies should be a boolean"):
        grad(checkpoint(block, policy=bad))(X, W)


def test_a_policy_answer_of_the_wrong_type():
    from meshjit.ad_checkpoint import Offloadable

    for answer, words in [(None, "Got None of type"), (Offloadable, "instantiated `Offloadable")]:
        policy = lambda *a, answer=answer, **k: answer  # noqa: E731
        with pytest.raises(TypeError, match="should be a bool or `ad_checkpoint.Recompute`") as e:
            grad(checkpoint(block, policy=policy))(X, W)
        assert words in str(e.value)


def test_offloading_names_must_not_be_saved_names_too():
    with pytest.raises(ValueError, match="should not intersect"):
        cp.save_and_offload_only_these_names(
            names_which_can_be_saved=["a"], names_which_can_be_offloaded=["a", "b"],
            offload_src="device", offload_dst="pinned_host",
        )  # fmt: skip


def _doubling_loop(x):
    y = meshjit.lax.while_loop(lambda c: jnp.sum(c) < 100.0, lambda c: c * 2 + 1, x)
    return jnp.sum(jnp.sin(y))


def test_jvp_of_a_checkpointed_while_loop():
    """The loop's jvp carries primals and tangents together, so the primal outputs cannot be
    split from the tangents: one call computes both (was a KeyError). JAX's numbers."""
    x = np.ones(3, np.float32)
    y, t = jit(lambda v: meshjit.jvp(checkpoint(_doubling_loop), (v,), (v,)))(x)
    np.testing.assert_allclose([float(y), float(t)], [0.5020671, 94.64607], rtol=1e-5)


@pytest.mark.parametrize("policy", [None, cp.everything_saveable])
def test_grad_of_a_checkpointed_while_loop_is_a_reverse_mode_error(policy):
    """JAX's ValueError (meshjit transposed the loop's primal products: NotImplementedError)."""
    with pytest.raises(MeshjitValueError) as ei:
        jit(grad(checkpoint(_doubling_loop, policy=policy)))(np.ones(3, np.float32))
    assert isinstance(ei.value, ValueError) and "Reverse-mode" in str(ei.value)


def test_checkpoint_static_argnums_out_of_range_is_refused():
    # Regression: an IndexError deep in meshjit.
    with pytest.raises(MeshjitValueError, match="can only take integer values"):
        checkpoint(lambda x: jnp.sin(x), static_argnums=(2,))(1.0)


def test_everything_saveable_keeps_only_what_the_tangents_read():
    """A saved cos(y) makes y needless: JAX's everything_saveable saves no dot output here."""
    from meshjit.compiler.ad.residuals import saved_residuals

    def f(w, x):
        return jnp.sin(jnp.dot(w, x))

    policy = meshjit.checkpoint_policies.everything_saveable
    res = saved_residuals(meshjit.checkpoint(f, policy=policy), jnp.ones((5, 4)), jnp.ones(4))
    origins = [where.split(" from ")[0] for _, where in res]
    assert origins == ["from the argument w", "from the argument x", "output of cos"]


def _residual_sources(f, *args):
    from meshjit.compiler.ad.residuals import saved_residuals

    return [
        where.split(" from ")[0] if not where.startswith("from the argument") else where
        for _, where in saved_residuals(f, *args)
    ]


def test_saved_values_make_an_argument_needless_and_save_anything_except_is_jax_s():
    """As JAX: with everything saved, sin(sin(x))'s tangent reads only the two saved cosines, so
    x is no residual; JAX 0.10.2's save_anything_except_these_names saves the names given too."""
    pol = meshjit.checkpoint_policies
    f = lambda x: jnp.sin(jnp.sin(x))
    assert _residual_sources(meshjit.checkpoint(f, policy=pol.everything_saveable), 1.0) == [
        "output of cos",
        "output of cos",
    ]
    assert _residual_sources(meshjit.checkpoint(f), 1.0) == ["from the argument x"]

    def g(x):
        b = meshjit.ad_checkpoint.checkpoint_name(jnp.sin(x) * 2, "b")
        return jnp.sin(b) * b

    policy = pol.save_anything_except_these_names("b")
    assert "named 'b'" in _residual_sources(meshjit.checkpoint(g, policy=policy), 1.0)
    np.testing.assert_allclose(
        meshjit.grad(meshjit.checkpoint(g, policy=policy))(1.0), meshjit.grad(g)(1.0)
    )


def test_a_checkpointed_block_in_a_shard_map_varies_as_its_body_does():
    """A checkpoint's results vary over the manual axes its body's results vary over: a
    row-parallel block ending in a psum is invariant over the summed axis (meshjit cast the
    block's operands to vary over every axis and typed the result varying over the psum's
    axis: a scan carrying it was refused; real-world program shardmap_remat_blocks)."""
    from functools import partial

    from meshjit.sharding import PartitionSpec as P

    auto = (meshjit.sharding.AxisType.Auto,) * 2
    mesh = meshjit.make_mesh((2, 4), ("data", "model"), axis_types=auto)

    def block(h, w):
        return h + meshjit.lax.psum(jnp.tanh(h @ w) @ w.T, "model")

    types = []

    @partial(
        meshjit.shard_map, mesh=mesh, in_specs=(P("data"), P(None, "model")), out_specs=P("data")
    )
    def f(x, w):
        out = checkpoint(block)(x, w)
        types.append(str(meshjit.typeof(out)))
        carried, _ = meshjit.lax.scan(
            lambda h, _: (checkpoint(block)(h, w), None), x, None, length=2
        )
        return out + carried

    x, w = jnp.ones((16, 8)), jnp.full((8, 8), 0.1)
    out = jit(f)(x, w)
    assert types == ["float32[8,8]{V:data}"]
    np.testing.assert_allclose(out, jit(f)(x, w), rtol=1e-6)
    ref = lambda h: h + jnp.tanh(h @ w) @ w.T  # noqa: E731
    np.testing.assert_allclose(out, ref(x) + ref(ref(x)), rtol=1e-5)


def test_concretization_errors_of_the_body_name_checkpoint_and_hint_static_argnums():
    def body(x, n):
        if n > 0:
            return x * n
        return x

    with pytest.raises(TypeError) as e:
        checkpoint(body)(1.0, 2)
    code = body.__code__
    assert str(e.value) == (
        "Attempted boolean conversion of traced array with shape bool[].\n"
        f"The error occurred while tracing the function body at {code.co_filename}:"
        f"{code.co_firstlineno} for checkpoint / remat. This concrete value was not available "
        "in Python because it depends on the value of the argument n.\n"
        "See https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError\n\n"
        "Consider using the `static_argnums` parameter for `jax.remat` or `jax.checkpoint`. See "
        "the `jax.checkpoint` docstring and its example involving `static_argnums`:\n"
        "https://docs.jax.dev/en/latest/_autosummary/jax.checkpoint.html\n"
    )
    assert checkpoint(body, static_argnums=(1,))(1.0, 2) == 2.0
    with pytest.raises(TypeError) as e:  # a traced shape: its TypeError, no hint
        checkpoint(lambda x, n: jnp.ones(n) * x)(1.0, 3)
    assert "for checkpoint / remat. This concrete value" in str(e.value)
    assert "Consider using" not in str(e.value)
