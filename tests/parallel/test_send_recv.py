"""lax.psend / lax.precv as JAX 0.10.2's (one JAX subprocess): inside shard_map psend gives a
token and precv an array of out_shape's type (invariant: no varying axes), with JAX's parameters;
compiling them fails with JAX's NotImplementedError (they lower only for GPUs); an axis name no
shard_map binds is JAX's NameError."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
perm = [(0, 1), (1, 2), (7, 0)]


def body(x):
    token = lax.psend((x, x * 2), "x", perm)
    return lax.precv(token[0], jax.ShapeDtypeStruct((1, 3), jnp.int32), "x", perm)


f = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
x = jnp.arange(8.0)
inner = jax.make_jaxpr(f)(x).eqns[0].params["jaxpr"]
out["eqns"] = np.array(
    [f"{e.primitive.name} {sorted((k, str(v)) for k, v in e.params.items())} "
     f"{[str(v.aval) for v in e.outvars]}" for e in inner.eqns if e.primitive.name in ("psend", "precv")]
)
for name, run in (("compile", lambda: jax.jit(f)(x)), ("unbound", lambda: lax.psend(x, "y", perm))):
    try:
        run()
        out[name] = np.array("no error")
    except Exception as e:
        out[name] = np.array(f"{type(e).__name__}: {str(e).split(' (')[0]}")
"""


def test_psend_precv_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
