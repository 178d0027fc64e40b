"""meshjit's answers to the user mistakes of the catalogue's round 20: JAX's error types, words
and results (tests/support/mistakes_catalogue_round20.py runs them against JAX)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import AxisType, Mesh, NamedSharding, PartitionSpec

P = PartitionSpec
_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
_LONG = NamedSharding(_MESH, P("x", None))


def _smap(f):
    return meshjit.shard_map(f, mesh=_MESH, in_specs=P("x"), out_specs=P("x"))


def _ppermute(perm):
    return _smap(lambda a: lax.ppermute(a, "x", perm))


@pytest.mark.parametrize(
    "call, error, words",
    [
        # ppermute over an unbound name: JAX's NameError under jit, its missing evaluation
        # rule's NotImplementedError outside (grad and vmap evaluate op by op)
        (lambda: meshjit.jit(lambda a: lax.ppermute(a, "x", [(0, 1)]))(jnp.ones(4)), NameError,
         "Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`."),
        (lambda: meshjit.grad(lambda v: meshjit.jit(lambda a: lax.ppermute(a, "x", [(0, 1)]))(
            v))(1.0), NameError, "Found an unbound axis name: x."),
        (lambda: lax.ppermute(jnp.ones(4), "x", [(0, 1)]), NotImplementedError,
         "Evaluation rule for 'ppermute' not implemented"),
        (lambda: meshjit.grad(lambda v: lax.ppermute(v, "x", [(0, 1)]))(1.0),
         NotImplementedError, "Evaluation rule for 'ppermute' not implemented"),
        # jnp.gradient canonicalizes its axes first: NumPy's AxisError words, a ValueError
        (lambda: jnp.gradient(jnp.ones((3, 3)), axis=2), ValueError,
         "axis 2 is out of bounds for array of dimension 2"),
        (lambda: jnp.gradient(jnp.ones((3, 3)), axis=(0, -3)), ValueError,
         "axis -3 is out of bounds for array of dimension 2"),
        # a scan body's single output, weakly typed as JAX prints it
        (lambda: lax.scan(lambda c, x: c, 0.0, jnp.ones(3)), TypeError,
         "scan body output must be a pair, got ~float32[]."),
        (lambda: lax.scan(lambda c, x: c, jnp.float32(0), jnp.ones(3)), TypeError,
         "scan body output must be a pair, got float32[]."),
        # device_put inside jit with a spec longer than the rank: device_put's words
        (lambda: meshjit.jit(lambda: meshjit.device_put(jnp.ones(4), _LONG))(), ValueError,
         "One of device_put args is incompatible with its sharding annotation"),
        # a jit called inside another trace checks its shardings' ranks as a top-level call
        (lambda: meshjit.jit(lambda: meshjit.jit(lambda a: a * 2, in_shardings=_LONG)(
            jnp.ones(4)) * 0)(), ValueError,
         "One of pjit arguments with pytree key path a is incompatible with its sharding"),
        (lambda: meshjit.make_jaxpr(lambda: meshjit.jit(lambda a: a * 2, in_shardings=_LONG)(
            jnp.ones(4)) * 0)(), ValueError, "One of pjit arguments with pytree key path a"),
        (lambda: meshjit.jit(lambda: meshjit.jit(
            lambda a: a.sum(), out_shardings=NamedSharding(_MESH, P("x")))(jnp.ones(4)))(),
         ValueError,
         "One of pjit outputs with pytree key path result is incompatible with its sharding"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


@pytest.mark.parametrize("perm", [[(0, 1), (0, 0)], [(0, 1), (1, 1)]])
def test_ppermute_repeats_refused_eagerly_and_when_lowered(perm):
    """JAX checks a ppermute's permutation as it lowers it: an eager shard_map (or one under
    grad, vmap or an eager checkpoint, which JAX evaluates op by op) refuses it at once, a
    staged one when it is lowered, and a staged one whose value is unused not at all (JAX
    drops it first)."""
    words = f"ppermute sources and destinations must be unique, got {tuple(perm)}."
    calls = [
        lambda: _ppermute(perm)(jnp.ones(4)),
        lambda: meshjit.grad(lambda v: v + _ppermute(perm)(jnp.ones(4)).sum())(1.0),
        lambda: meshjit.vmap(lambda v: v + _ppermute(perm)(jnp.ones(4)).sum())(jnp.ones(1)),
        lambda: meshjit.checkpoint(lambda: _ppermute(perm)(jnp.ones(4)).sum())(),
        lambda: meshjit.jit(lambda: _ppermute(perm)(jnp.ones(4)))(),
        lambda: meshjit.jit(lambda a: lax.cond(True, _ppermute(perm), lambda b: b, a))(jnp.ones(4)),
    ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value).startswith(words)
    unused = [
        meshjit.jit(lambda: (_ppermute(perm)(jnp.ones(4)), jnp.float32(0))[1]),
        meshjit.jit(lambda: lax.cond(True, lambda: (_ppermute(perm)(jnp.ones(4)), 0.0)[1],
                                     lambda: 0.0)),
    ]  # fmt: skip
    for f in unused:
        assert float(f()) == 0.0
    assert "ppermute" in str(meshjit.make_jaxpr(lambda: _ppermute(perm)(jnp.ones(4)))())


_OTHER = Mesh(np.array(meshjit.devices()[4:6]), ("x",))
_ON_X = meshjit.device_put(jnp.ones(4), NamedSharding(_MESH, P("x")))


def _on_other_devices():
    return meshjit.jit(lambda a: a * 2, out_shardings=NamedSharding(_OTHER, P()))(_ON_X)


def test_device_mismatch_names_the_function_by_its_qualified_name():
    with pytest.raises(ValueError) as e:
        _on_other_devices()
    assert str(e.value) == (
        "Received incompatible devices for jitted computation. Got argument a of "
        "_on_other_devices.<locals>.<lambda> with shape float32[4] and with device ids [0, 1] "
        "on platform CPU and explicit output sharding with device ids [4, 5] on platform CPU"
    )


def test_unused_sharding_on_other_devices_does_not_assign_devices():
    """JAX drops the unused call before assigning the program's devices (as inside a branch)."""
    assert float(meshjit.jit(lambda: (_on_other_devices(), jnp.float32(0))[1])()) == 0.0
    f = meshjit.jit(lambda: lax.cond(True, lambda: (_on_other_devices(), 1.0)[1], lambda: 2.0))
    assert float(f()) == 1.0
    with pytest.raises(ValueError, match="Received incompatible devices"):
        meshjit.jit(lambda: _on_other_devices() + 1)()
