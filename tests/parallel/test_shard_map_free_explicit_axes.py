"""A partly manual shard_map (axis_names= a subset of an Explicit mesh's axes) keeps the
Explicit axes it leaves free in its body's types (through all_gather and vmap too) and in its
results' (JAX's), rather than typing the results by out_specs alone; the gradients of such a map
run too, and an out_spec's replication claim counts the free axes as unmentioned (JAX's
sentence)."""

from __future__ import annotations

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8) / 10, P("data", None))
    w = jax.device_put(jnp.ones((8, 16)) / 4, P(None, "model"))
    seen = []

    def body(h, w):
        seen.append(str(jax.typeof(h)))
        seen.append(str(jax.typeof(jax.lax.all_gather(h @ w, "model", axis=1, tiled=True))))
        return h + jax.lax.psum(jnp.tanh(h @ w) @ w.T, "model")

    f = jax.shard_map(body, in_specs=(P(), P(None, "model")), out_specs=P(), axis_names={"model"})
    res = jax.jit(f)(x, w)
    eager = f(x, w)
    g = jax.jit(jax.grad(lambda x, w: jnp.sum(f(x, w) ** 2), argnums=(0, 1)))(x, w)
    batched = jax.jit(jax.vmap(lambda xi: f(xi, w)))(jnp.stack([x, 2 * x]))
    out_["batched_type"] = np.asarray(str(jax.typeof(batched)))
    out_["batched"] = np.asarray(batched)
    try:
        jax.shard_map(lambda h, w: h @ w, in_specs=(P(), P(None, "model")), out_specs=P(),
                      axis_names={"model"})(x, w)
    except ValueError as e:
        out_["claim"] = np.asarray([ln for ln in str(e).splitlines() if "implies" in ln][0].lstrip("* "))
    out_["body"] = np.asarray(seen[0])
    out_["gathered"] = np.asarray(seen[1])
    out_["jit_type"] = np.asarray(str(jax.typeof(res)))
    out_["eager_type"] = np.asarray(str(jax.typeof(eager)))
    out_["dx_type"] = np.asarray(str(jax.typeof(g[0])))
    out_["dw_type"] = np.asarray(str(jax.typeof(g[1])))
    out_["out"] = np.asarray(res)
    out_["dx"] = np.asarray(g[0])
    out_["dw"] = np.asarray(g[1])
""".replace("out_[", "out[")


def test_free_explicit_axes_stay_in_the_types_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert str(want["jit_type"]) == "float32[8@data,8]"  # what was lost: float32[8,8]
    assert "only varying across mesh axes {} and not {model}" in str(want["claim"])
    for key in (
        "body",
        "gathered",
        "jit_type",
        "eager_type",
        "dx_type",
        "dw_type",
        "batched_type",
        "claim",
    ):
        assert str(got[key]) == str(want[key]), key
    for key in ("out", "dx", "dw", "batched"):
        np.testing.assert_allclose(got[key], want[key], rtol=1e-5, atol=1e-6)
