"""debug.inspect_array_sharding against JAX 0.10.2 on 8 CPU devices: the callback gets the
sharding XLA gives the value inside jit (an input's, a constrained value's, a value inside a
loop), in each of meshjit's propagation modes, and the array's own sharding outside jit."""

import numpy as np
import pytest

import meshjit
from meshjit.sharding import NamedSharding, SingleDeviceSharding
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
from jax.sharding import AxisType, NamedSharding

mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
x = jax.device_put(np.arange(64.0, dtype=np.float32).reshape(8, 8), NamedSharding(mesh, P("x", "y")))
seen = []


def note(tag):
    return lambda s: seen.append((tag, tuple(s.spec)))


def f(a):
    jax.debug.inspect_array_sharding(a, callback=note("arg"))
    b = jax.lax.with_sharding_constraint(jnp.sin(a) * 2, NamedSharding(mesh, P(None, "y")))
    jax.debug.inspect_array_sharding(b, callback=note("constrained"))
    c = jax.lax.with_sharding_constraint(b.T + 1, NamedSharding(mesh, P(("x", "y"))))
    jax.debug.inspect_array_sharding(c, callback=note("two_axes"))
    return c


out["result"] = jax.jit(f)(x)
jax.debug.inspect_array_sharding(x, callback=note("eager"))
for i, (tag, spec) in enumerate(seen):
    out[f"spec{i}"] = np.array(f"{tag} {spec}")
"""


def _specs(out):
    return sorted(str(v) for k, v in out.items() if k.startswith("spec"))


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_same_shardings_as_jax(tmp_path, propagation):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    jit = lambda f: meshjit.jit(f, propagation=propagation)  # noqa: E731
    got = meshjit_on_program(
        PROGRAM.replace("jax.jit(", "jit("),
        jit=jit,
        AxisType=meshjit.sharding.AxisType,
        NamedSharding=NamedSharding,
    )
    assert _specs(got) == _specs(want)
    np.testing.assert_array_equal(np.asarray(got["result"]), want["result"])


def test_without_a_mesh_the_single_device_is_reported():
    seen = []

    def f(v):
        meshjit.debug.inspect_array_sharding(v, callback=seen.append)
        return v * 2

    meshjit.jit(f)(np.ones(3, np.float32))
    assert seen == [SingleDeviceSharding(meshjit.devices()[0])]


def test_under_vmap_and_grad_the_callback_still_runs():
    seen = []
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(meshjit.sharding.AxisType.Auto,))
    x = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, meshjit.P("x")))

    def f(v):
        meshjit.debug.inspect_array_sharding(v, callback=seen.append)
        return (v**2).sum()

    meshjit.jit(meshjit.grad(f))(x)
    meshjit.jit(meshjit.vmap(f))(x)
    assert len(seen) == 2 and all(isinstance(s, NamedSharding) for s in seen)
    with pytest.raises(TypeError, match="callable"):
        meshjit.debug.inspect_array_sharding(x, callback=3)
