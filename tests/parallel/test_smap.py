"""meshjit.smap (JAX 0.10's jax.smap): shard_map over one mesh axis with vmap-style in_axes /
out_axes, against JAX's results for the same programs, and its argument checks."""

from __future__ import annotations

import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from functools import partial
mesh = jax.make_mesh((4, 2), ("x", "y"))
with jax.set_mesh(mesh):
    x = jnp.arange(32.0).reshape(8, 4)
    out["axis_index"] = jax.smap(lambda a: a * lax.axis_index("x"), in_axes=0, out_axes=0, axis_name="x")(x)
    g = jax.jit(jax.smap(lambda a, b: lax.psum(a.sum(), "x") + b, in_axes=(1, None), out_axes=None, axis_name="x"))
    out["psum_jit"] = g(jnp.arange(16.0).reshape(2, 8), 1.0)
    h = partial(jax.smap, in_axes=0, out_axes=1, axis_name="y")(lambda a: a.T)
    out["out_axes_1"] = h(jnp.arange(12.0).reshape(4, 3))
    xs = jax.device_put(x, P("x"))
    out["inferred"] = jax.smap(lambda a: a + 1, out_axes=0, axis_name="x")(xs)
    pair = jax.smap(lambda d: (d["a"] * 2, d["b"].sum(0)), in_axes=({"a": 0, "b": 1},), out_axes=(0, 0), axis_name="x")
    out["pytree_0"], out["pytree_1"] = pair({"a": jnp.arange(8.0), "b": jnp.ones((3, 8))})
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("smap"))


@pytest.fixture(scope="module")
def ours():
    return meshjit_on_program(PROGRAM)


@pytest.mark.parametrize(
    "case", ["axis_index", "psum_jit", "out_axes_1", "inferred", "pytree_0", "pytree_1"]
)
def test_matches_jax(case, ours, jax_out):
    assert ours[case].shape == jax_out[case].shape
    assert ours[case].tolist() == jax_out[case].tolist()


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(in_axes=0, out_axes=0, axis_name=("x",)), "axis_name should be a `str`"),
        (dict(in_axes=[0], out_axes=0, axis_name="x"), "in_axes must be an int, None"),
        (dict(in_axes=(0, "a"), out_axes=0, axis_name="x"), "(nested) container"),
        (dict(in_axes=0, out_axes="a", axis_name="x"), "out_axes must be an int, None"),
    ],
)
def test_bad_axes_are_type_errors_as_jax_s(kwargs, words):
    with pytest.raises(TypeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        meshjit.smap(lambda a: a, **kwargs)


def test_without_a_context_mesh():
    f = meshjit.smap(lambda a: a, in_axes=0, out_axes=0, axis_name="x")
    with pytest.raises(ValueError, match="context mesh cannot be empty"):
        f(jnp.ones(8))


def test_inferred_in_axes_need_an_explicit_axis():
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(meshjit.sharding.AxisType.Auto,))
    f = meshjit.smap(lambda a: a, out_axes=0, axis_name="x")
    with meshjit.set_mesh(mesh), pytest.raises(TypeError, match="in_axes was not specified"):
        f(jnp.ones(8))
