"""Objects of the `__jax_array__` protocol, as JAX 0.10.2 takes them: converted by the functions
that call `ensure_arraylike` / `asarray` before any jit (reshape, pad, einsum, where(c), ...),
refused with its ValueError by the jitted ones (block, i0, partition, linalg.inv, ...);
array_repr / array_str read `.size` / `.shape` first (AttributeError)."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROTOCOL_PROGRAM = r"""
class W:
    def __init__(self, v):
        self.v = v

    def __jax_array__(self):
        return jnp.asarray(self.v)

w = W(np.array([[2.0, -1.0], [1.0, 3.0]], np.float32))
calls = {
    "block": lambda: jnp.block([w, w]), "i0": lambda: jnp.i0(w),
    "unstack": lambda: jnp.unstack(w), "lexsort": lambda: jnp.lexsort([w, w]),
    "partition": lambda: jnp.partition(w, 1), "digitize": lambda: jnp.digitize(w, jnp.ones(2)),
    "inv": lambda: jnp.linalg.inv(w), "det": lambda: jnp.linalg.det(w),
    "solve": lambda: jnp.linalg.solve(w, w), "svd": lambda: jnp.linalg.svd(w)[1],
    "matrix_norm": lambda: jnp.linalg.matrix_norm(w),
    "array_repr": lambda: jnp.array_repr(w), "array_str": lambda: jnp.array_str(w),
    "array_repr_list": lambda: jnp.array_repr([1.0]),
    "where1": lambda: jnp.where(w)[0], "where3": lambda: jnp.where(w, w, w),
    "reshape": lambda: jnp.reshape(w, (4,)), "einsum": lambda: jnp.einsum("ij->i", w),
    "pad": lambda: jnp.pad(w, 1), "expand_dims": lambda: jnp.expand_dims(w, 0),
    "tile": lambda: jnp.tile(w, 2), "broadcast_to": lambda: jnp.broadcast_to(w, (2, 2, 2)),
    "moveaxis": lambda: jnp.moveaxis(w, 0, 1), "tensordot": lambda: jnp.tensordot(w, w, 1),
    "astype": lambda: jnp.astype(w, jnp.int32),
    "logit": lambda: jax.scipy.special.logit(w), "zeta": lambda: jax.scipy.special.zeta(w, w),
    "ufunc_outer": lambda: jnp.multiply.outer(w, w),
    "ufunc_at": lambda: jnp.add.at(w, 0, 1.0, inplace=False),
    "device_put": lambda: jax.device_put(w),
}
for name, call in calls.items():
    try:
        out[name] = np.asarray(call())
    except (ValueError, AttributeError) as e:
        out[name] = np.array(type(e).__name__ + ": " + str(e))
"""


def test_jax_array_protocol_taken_and_refused_as_jax(tmp_path):
    import meshjit.scipy.special  # noqa: F401  (the program reads jax.scipy.special)

    want = jax_on_8_devices(PROTOCOL_PROGRAM, tmp_path)
    got = meshjit_on_program(PROTOCOL_PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        if value.dtype.kind == "U":
            assert str(value) in str(got[name]), (name, str(got[name]))
        else:
            assert got[name].dtype == value.dtype, name
            np.testing.assert_allclose(got[name], value, rtol=1e-5, err_msg=name)
