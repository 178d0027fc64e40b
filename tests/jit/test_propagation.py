"""jit's propagation stage: meshjit's passes by default, Shardy's, or XLA's own."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from examples.mlp import BATCH_SPEC, PARAM_SPECS, init_params, make_batch, mlp, mlp_numpy
from meshjit import lax
from meshjit.sharding import AxisType, NamedSharding, P

MODES = ("meshjit", "shardy", "xla")


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


def _mlp_call(mesh, propagation):
    params, x = init_params((16, 32, 8)), make_batch(16, 16)
    shardings = {k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()}
    f = meshjit.jit(
        mlp, in_shardings=(shardings, NamedSharding(mesh, BATCH_SPEC)), propagation=propagation
    )
    return f, params, x


@pytest.mark.parametrize("propagation", MODES)
def test_numbers_are_the_same_for_every_propagation(mesh, propagation):
    f, params, x = _mlp_call(mesh, propagation)
    np.testing.assert_allclose(np.asarray(f(params, x)), mlp_numpy(params, x), rtol=1e-5, atol=1e-5)


def test_propagated_module_is_observable_and_closed(mesh):
    f, params, x = _mlp_call(mesh, "meshjit")
    lowered = f.lower(params, x)
    emitted, propagated = lowered.as_text(), lowered.as_text(stage="propagated")
    assert "sdy.sharding_per_value" not in emitted
    # meshjit's passes annotate intermediate values and close every dimension (no `?`).
    assert "sdy.sharding_per_value" in propagated
    assert "?" not in propagated
    dot = next(line for line in propagated.splitlines() if "stablehlo.dot_general" in line)
    assert '"data"' in dot


def test_xla_mode_compiles_the_module_as_emitted(mesh):
    f, params, x = _mlp_call(mesh, "xla")
    lowered = f.lower(params, x)
    assert lowered.as_text(stage="propagated") == lowered.as_text()


@pytest.mark.parametrize("propagation", MODES)
def test_constraints_and_shard_map_run_under_every_propagation(mesh, propagation):
    def f(x):
        y = meshjit.lax.with_sharding_constraint(jnp.sin(x) * 2, NamedSharding(mesh, P("data")))
        body = meshjit.shard_map(
            lambda b: lax.psum(b, "model"),
            mesh=mesh,
            in_specs=P("data", "model"),
            out_specs=P("data"),
        )
        return body(y) + 1

    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    out = meshjit.jit(f, propagation=propagation)(x)
    expected = (np.sin(x) * 2).reshape(8, 2, 2).sum(1) + 1
    np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-5, atol=1e-5)


def test_unknown_propagation_is_an_error():
    with pytest.raises(meshjit.MeshjitValueError, match="propagation='gspmd'.*meshjit"):
        meshjit.jit(lambda x: x, propagation="gspmd")


def _pad_interior(x):  # the fuzzer's seed 260064 kind: XLA pads a sharded dim's interior wrong
    return lax.pad(x, np.int16(0), [(0, 0, 0), (0, 1, 1), (0, 0, 0)])


def test_xla_mode_keeps_the_hand_off_guards():
    """propagation='xla' with an op XLA partitions wrongly under some shardings (here a pad's
    interior padding on a sharded dim, an FFT next to a gather): Shardy's propagation places the
    guards (passes/export/xla.py), XLA propagates the rest."""
    mesh = meshjit.make_mesh((4, 2), ("a", "b"), axis_types=(AxisType.Auto,) * 2)
    x = np.arange(25, dtype=np.int16).reshape(1, 5, 5)
    f = meshjit.jit(
        _pad_interior, out_shardings=NamedSharding(mesh, P(None, "b")), propagation="xla"
    )
    want = np.zeros((1, 10, 5), np.int16)
    want[:, 0:9:2] = x
    np.testing.assert_array_equal(np.asarray(f(x)), want)
    y = np.arange(40, dtype=np.float32).reshape(5, 8)
    g = meshjit.jit(
        lambda v: lax.with_sharding_constraint(jnp.fft.fft(v), NamedSharding(mesh, P(None, "a"))),
        out_shardings=NamedSharding(mesh, P()),
        propagation="xla",
    )
    np.testing.assert_allclose(np.asarray(g(y)), np.fft.fft(y), rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("propagation", MODES)
@pytest.mark.parametrize("nesting", [1, 2])
def test_a_callback_result_returned_through_a_nested_jit_reaches_every_device(propagation, nesting):
    # Fuzzer seed 3300053 (r32_callback under vmap_jit): the one-device result came out of a
    # func.call, was left without a result sharding, and the other devices' zeros were read.
    m = meshjit.make_mesh((8,), ("a",), axis_types=(AxisType.Explicit,))
    x = meshjit.device_put(np.arange(8.0, dtype=np.float32), NamedSharding(m, P("a")))
    double = lambda v: np.asarray(v) * 2  # noqa: E731
    f = lambda v: meshjit.pure_callback(double, meshjit.ShapeDtypeStruct(v.shape, v.dtype), v)  # noqa: E731
    for _ in range(nesting):
        f = meshjit.jit(f)
    y = meshjit.jit(f, propagation=propagation)(x)
    np.testing.assert_array_equal(np.asarray(y), np.arange(8.0) * 2)
    for shard in y.addressable_shards:
        np.testing.assert_array_equal(np.asarray(shard.data), (np.arange(8.0) * 2)[shard.index])
