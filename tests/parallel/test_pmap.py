"""pmap with collectives against a NumPy per-device reference."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp  # noqa: F401  (the JAX-oracle case bodies use it)
from meshjit import lax
from meshjit.compiler.errors import IndivisibleError
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P

M42 = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


def run(mesh, body, x, in_spec, out_spec, **kw):
    f = meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=in_spec, out_specs=out_spec, **kw))
    return np.asarray(f(x))


def arange(*shape, dtype=np.float32):
    return np.arange(np.prod(shape)).astype(dtype).reshape(shape)


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


# ---------------------------------------------------------------------------------------------
# pmap.


def test_pmap_numerics_and_collectives():
    x = rand(8, 3)
    f = meshjit.pmap(lambda v: v - lax.pmean(v, "i"), axis_name="i")
    np.testing.assert_allclose(np.asarray(f(x)), x - x.mean(0), rtol=1e-5, atol=1e-6)
    g = meshjit.pmap(lambda v: lax.ppermute(v, "i", [(j, (j + 1) % 8) for j in range(8)]), "i")
    np.testing.assert_array_equal(np.asarray(g(x)), np.roll(x, 1, 0))
    h = meshjit.pmap(lambda v: lax.all_gather(v, "i"), "i")
    np.testing.assert_array_equal(np.asarray(h(x)), np.broadcast_to(x, (8, 8, 3)))


def test_pmap_in_axes_none_and_axis_index():
    x = rand(4, 3)
    g = meshjit.pmap(lambda v, w: v * w + lax.axis_index("i"), axis_name="i", in_axes=(0, None))
    want = x * 2.0 + np.arange(4, dtype=np.float32)[:, None]
    np.testing.assert_allclose(np.asarray(g(x, np.float32(2.0))), want, rtol=1e-6)


def test_pmap_in_axes_1_and_out_axes_1():
    x = rand(3, 2)
    f = meshjit.pmap(lambda v: v * 2 + lax.psum(v, "i"), "i", in_axes=1, out_axes=1)
    got = np.asarray(f(x))
    assert got.shape == (3, 2)
    np.testing.assert_allclose(got, x * 2 + x.sum(1, keepdims=True), rtol=1e-6)
    f0 = meshjit.pmap(lambda v: v + 1, "i", in_axes=(1,), out_axes=0)
    np.testing.assert_allclose(np.asarray(f0(x)), x.T + 1, rtol=1e-6)


def test_pmap_pytree_args_and_outputs():
    xs = {"a": rand(2, 3), "b": rand(2, 3, seed=1)}
    f = meshjit.pmap(lambda d: (d["a"] + d["b"], lax.psum(d["a"], "i")), "i")
    s, t = f(xs)
    np.testing.assert_allclose(np.asarray(s), xs["a"] + xs["b"], rtol=1e-6)
    np.testing.assert_allclose(np.asarray(t), np.broadcast_to(xs["a"].sum(0), (2, 3)), rtol=1e-6)


def test_pmap_negative_axes_and_out_axes_none():
    x = rand(3, 4)
    f = meshjit.pmap(lambda v: v + lax.axis_index("i"), "i", in_axes=-1, out_axes=-1)
    np.testing.assert_allclose(np.asarray(f(x)), x + np.arange(4, dtype=np.float32), rtol=1e-6)
    g = meshjit.pmap(lambda v: lax.psum(v, "i"), "i", out_axes=None)
    np.testing.assert_allclose(np.asarray(g(x)), x.sum(0), rtol=1e-5)


def test_pmean_of_ints_is_float_like_jax():
    x = arange(8, 4, dtype=np.int32)
    got = run(M42, lambda b: lax.pmean(b, "x"), x, P("x", "y"), P(None, "y"))
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, x.reshape(4, 2, 4).mean(0), rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Gradients of an unmapped (in_axes=None) argument stay per device, as in JAX's pmap (a
# shard_map without varying-axes tracking): the data-parallel step then averages them once.

_GRAD_UNMAPPED = r"""
w = np.array([1.0, -2.0, 0.5], np.float32)
x = np.arange(24, dtype=np.float32).reshape(8, 3) / 10


def loss(w, x):
    return jnp.sum(jnp.tanh(x * w) ** 2)


steps = {
    "pmean_of_grad": lambda w, x: lax.pmean(jax.grad(loss)(w, x), "i"),
    "grad": lambda w, x: jax.grad(loss)(w, x),
    "value_and_grad": lambda w, x: jax.value_and_grad(loss)(w, x)[1],
    "grad_of_pmean": lambda w, x: jax.grad(lambda w: lax.pmean(loss(w, x), "i"))(w),
    "grad_with_psum": lambda w, x: jax.grad(lambda w: loss(w, x) + lax.psum(w.sum(), "i"))(w),
}
for name, step in steps.items():
    out[name] = jax.pmap(step, axis_name="i", in_axes=(None, 0))(w, x)
"""


def test_grad_of_unmapped_argument_in_pmap_matches_jax(tmp_path):
    from tests.support.jax_oracle import jax_on_8_devices

    want = jax_on_8_devices(_GRAD_UNMAPPED, tmp_path)
    scope = dict(jax=meshjit, jnp=jnp, lax=lax, np=np, out={})
    exec(_GRAD_UNMAPPED, scope)
    for name, got in scope["out"].items():
        np.testing.assert_allclose(np.asarray(got), want[name], rtol=2e-6, atol=1e-6, err_msg=name)


def test_pmean_of_grad_of_unmapped_argument_is_the_mean_gradient():
    """The canonical data-parallel step, against NumPy: not 8x the mean."""
    w = np.array([1.0, -2.0, 0.5], np.float32)
    x = rand(8, 3)

    def step(w, x):
        return lax.pmean(meshjit.grad(lambda w: jnp.sum(x * w * w))(w), "i")

    got = np.asarray(meshjit.pmap(step, axis_name="i", in_axes=(None, 0))(w, x))
    np.testing.assert_allclose(got, np.broadcast_to(2 * w * x.mean(0), (8, 3)), rtol=1e-5)


def test_pmap_static_broadcasted_argnums():
    calls = []

    def step(x, scale, mode, y):
        calls.append((scale, mode))
        z = x * scale + y
        return lax.psum(z, "i") if mode == "sum" else z

    f = meshjit.pmap(step, "i", in_axes=(0, None, None, 0), static_broadcasted_argnums=(1, 2))
    x, y = arange(4, 3), rand(4, 3)
    np.testing.assert_allclose(np.asarray(f(x, 2.0, "none", y)), x * 2.0 + y, rtol=1e-6)
    summed = np.broadcast_to((x * 3.0 + y).sum(0), (4, 3))
    np.testing.assert_allclose(np.asarray(f(x, 3.0, "sum", y)), summed, rtol=1e-5)
    f(x, 3.0, "sum", y)  # the same static values: no new trace
    assert calls == [(2.0, "none"), (3.0, "sum")]


def test_pmap_static_argnum_as_int_and_unhashable_static_is_an_error():
    f = meshjit.pmap(lambda x, n: x + n, static_broadcasted_argnums=1)
    np.testing.assert_array_equal(np.asarray(f(arange(2, 2), 5)), arange(2, 2) + 5)
    with pytest.raises(ValueError, match=r"Static argument \(index 1\) of type .* is non-hashable"):
        f(arange(2, 2), [5])


def test_pmap_axis_size_with_nothing_mapped_and_donation_accepted():
    f = meshjit.pmap(lambda x: x * lax.axis_index("i"), "i", in_axes=None, axis_size=4)
    np.testing.assert_array_equal(np.asarray(f(np.float32(2))), np.arange(4, dtype=np.float32) * 2)
    g = meshjit.pmap(lambda x: x + 1, donate_argnums=0, backend="cpu")
    np.testing.assert_array_equal(np.asarray(g(arange(2, 3))), arange(2, 3) + 1)


def test_pmap_in_axes_past_the_rank_is_an_index_error_as_in_jax():
    with pytest.raises(IndexError, match="pmap in_axes 2 is out of range for an array of rank 2"):
        meshjit.pmap(lambda x: x, in_axes=2)(np.ones((8, 2), np.float32))


def test_round8_pmap_sizes_as_jax():
    # JAX lays a pmapped axis out over the devices: an uneven one is its IndivisibleError.
    with pytest.raises(IndivisibleError, match="partitioned 8 times, but the dimension size is 9"):
        meshjit.pmap(lambda x: x * 2)(np.ones(9, np.float32))
    with pytest.raises(IndivisibleError, match="partitioned 2 times, but the dimension size is 3"):
        meshjit.pmap(lambda x, y: x + y)(np.ones(2, np.float32), np.ones(3, np.float32))
    with pytest.raises(
        ValueError, match="static_broadcasted_argnums=\\(3,\\) but was called with only 1"
    ):
        meshjit.pmap(lambda x: x, static_broadcasted_argnums=3)(np.ones(2, np.float32))
