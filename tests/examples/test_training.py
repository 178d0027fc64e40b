"""A sharded training step end to end (examples/train.py at small sizes): the gradients of the
step computed with jit + shardings and with shard_map + explicit collectives equal the unsharded
ones, SGD matches its reference, the loss falls, and the MLP agrees with JAX."""

import functools
import itertools

import numpy as np
import pytest

import meshjit
from examples import train as T
from meshjit import lax
from meshjit.sharding import PartitionSpec as P

MLP_SIZES = (8, 16, 4)
STEPS = 4


def mlp_case():
    x, y = T.mlp_batch(batch=16, sizes=MLP_SIZES)
    return T.MLP, T.mlp_init(MLP_SIZES), x, y


def transformer_case():
    params = T.transformer_init(d_model=8, n_heads=2, d_ff=16)
    x, y = T.transformer_batch(batch=8, seq=4, d_model=8)
    return T.TRANSFORMER, params, x, y


CASES = {"mlp": mlp_case, "transformer": transformer_case}


@pytest.fixture(scope="module")
def mesh():
    auto = (meshjit.sharding.AxisType.Auto,) * len(T.MESH_AXES)  # the examples' mode
    return meshjit.make_mesh(T.MESH_SHAPE, T.MESH_AXES, axis_types=auto)


def assert_trees_close(actual: dict, expected: dict, tol=1e-5):
    assert sorted(actual) == sorted(expected)
    for k, want in expected.items():
        np.testing.assert_allclose(np.asarray(actual[k]), want, rtol=tol, atol=tol, err_msg=k)


def trimmed(spec: P) -> tuple:
    """The spec's entries without trailing Nones (P("x") and P("x", None) lay out alike)."""
    entries = list(spec)
    while entries and entries[-1] is None:
        entries.pop()
    return tuple(entries)


@pytest.mark.parametrize("case", sorted(CASES))
def test_sharded_grads_match_unsharded(mesh, case):
    model, params, x, y = CASES[case]()
    fns = T.sharded_grad_fns(mesh, model)
    ref_grads, ref_loss = fns["unsharded"](params, x, y)
    place = T.placer(mesh, model)
    for name in ("jit+shardings", "shard_map"):
        grads, loss = fns[name](*place(params, x, y))
        np.testing.assert_allclose(float(loss), float(ref_loss), rtol=1e-6)
        assert_trees_close(grads, {k: np.asarray(v) for k, v in ref_grads.items()})
        for k, g in grads.items():  # each gradient comes back laid out like its parameter
            assert g.sharding.mesh.axis_names == T.MESH_AXES
            assert trimmed(g.sharding.spec) == trimmed(model.param_specs[k]), (name, k)


def test_mlp_grads_match_numpy_backprop(mesh):
    model, params, x, y = mlp_case()
    loss, expected = T.mlp_numpy_value_and_grad(
        {k: v.astype(np.float64) for k, v in params.items()}, x.astype(np.float64), y
    )
    grads, value = T.sharded_grad_fns(mesh, model)["shard_map"](params, x, y)
    np.testing.assert_allclose(float(value), loss, rtol=1e-5)
    assert_trees_close(grads, expected)


@pytest.mark.parametrize("check_vma", [True, False])
@pytest.mark.parametrize("case", sorted(CASES))
def test_grad_of_shard_map_loss(mesh, case, check_vma):
    """The other way round: differentiate a shard_map'd loss from outside (its transpose). With
    check_vma=False (untyped, as in JAX) the replicated loss's cotangent is shared among the
    devices and the replicated parameters' cotangents summed: the gradient is the same."""
    model, params, x, y = CASES[case]()

    def local_loss(p, x, y):
        return lax.pmean(model.loss(p, x, y, model_sum=T.psum_model), "data")

    loss = meshjit.shard_map(
        local_loss,
        mesh=mesh,
        out_specs=P(),
        check_vma=check_vma,
        in_specs=(model.param_specs, model.batch_spec, model.batch_spec),
    )
    grads = meshjit.jit(meshjit.grad(loss))(params, x, y)
    expected, _ = T.sharded_grad_fns(mesh, model)["unsharded"](params, x, y)
    assert_trees_close(grads, {k: np.asarray(v) for k, v in expected.items()})


def reference_training(model, params, x, y, mesh):
    if model is T.MLP:
        return T.numpy_sgd(params, x, y, STEPS, model.lr)
    return T.train(T.step_fns(mesh, model)["unsharded"], params, x, y, STEPS)


@pytest.mark.parametrize("case", sorted(CASES))
def test_training_matches_reference(mesh, case):
    model, params, x, y = CASES[case]()
    ref_params, ref_losses = reference_training(model, params, x, y, mesh)
    fns, place = T.step_fns(mesh, model), T.placer(mesh, model)
    runs = {
        name: T.train(fns[name], params, x, y, STEPS, place)
        for name in ("jit+shardings", "shard_map")
    }
    for name, (final, losses) in runs.items():
        assert all(b < a for a, b in itertools.pairwise(losses)), (name, losses)
        np.testing.assert_allclose(losses, ref_losses, rtol=1e-5)
        assert_trees_close(final, ref_params, tol=2e-5)
    assert T.max_diff(runs["jit+shardings"][0], runs["shard_map"][0]) < 1e-5


def test_mlp_loss_and_grad_match_jax(mesh):
    jax = pytest.importorskip("jax")
    jjnp = jax.numpy

    def jax_loss(params, x, y):
        hidden = jjnp.maximum(x @ params["w1"] + params["b1"], 0.0)
        return jjnp.mean((hidden @ params["w2"] + params["b2"] - y) ** 2)

    model, params, x, y = mlp_case()
    expected_loss, expected = jax.value_and_grad(jax_loss)(params, x, y)
    expected = {k: np.asarray(v) for k, v in expected.items()}
    fns, place = T.sharded_grad_fns(mesh, model), T.placer(mesh, model)
    for name, fn in fns.items():
        args = (params, x, y) if name == "unsharded" else place(params, x, y)
        grads, loss = fn(*args)
        np.testing.assert_allclose(float(loss), float(expected_loss), rtol=1e-6, err_msg=name)
        assert_trees_close(grads, expected)


def test_local_grads_are_per_device_before_pmean(mesh):
    """Without marking the parameters as varying over "data", grad inside shard_map already
    sums the data-invariant parameters' gradients over "data" (JAX's semantics): 4x the mean."""
    model, params, x, y = mlp_case()
    loss_fn = functools.partial(model.loss, model_sum=T.psum_model)

    def summed(p, x, y):
        return meshjit.grad(loss_fn)(p, x, y)

    f = meshjit.jit(
        meshjit.shard_map(
            summed,
            mesh=mesh,
            out_specs=model.param_specs,
            in_specs=(model.param_specs, P("data"), P("data")),
        )
    )
    expected, _ = T.sharded_grad_fns(mesh, model)["unsharded"](params, x, y)
    assert_trees_close(f(params, x, y), {k: 4 * np.asarray(v) for k, v in expected.items()})


def test_untyped_local_grads_follow_jax(mesh):
    """grad inside shard_map(check_vma=False): nothing is typed, so no implicit sums; psum
    transposes to psum (JAX's values): the model-sharded gradients, behind the forward psum over
    the 2 "model" devices, come out doubled, and the pmean over "data" averages the rest."""
    model, params, x, y = mlp_case()
    loss_fn = functools.partial(model.loss, model_sum=T.psum_model)

    def local(p, x, y):
        return lax.pmean(meshjit.grad(loss_fn)(lax.pcast(p, "data", to="varying"), x, y), "data")

    f = meshjit.jit(
        meshjit.shard_map(
            local,
            mesh=mesh,
            out_specs=model.param_specs,
            in_specs=(model.param_specs, P("data"), P("data")),
            check_vma=False,
        )
    )
    expected, _ = T.sharded_grad_fns(mesh, model)["unsharded"](params, x, y)
    factor = {"w1": 2, "b1": 2, "w2": 2, "b2": 1}
    assert_trees_close(f(params, x, y), {k: factor[k] * np.asarray(v) for k, v in expected.items()})


def test_script_runs():
    assert T.main(["--steps", "3"]) == 0
