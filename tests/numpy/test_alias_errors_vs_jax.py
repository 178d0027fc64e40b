"""Errors of JAX's alias pairs name the function JAX's check names: each of jnp.acos and
jnp.arccos its own name, jnp.divide and jnp.pow the function they call (true_divide, power),
jnp.linalg.matrix_norm / svdvals themselves, nn.logmeanexp logsumexp."""

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

ALIAS_ERRORS_PROGRAM = r"""
calls = {
    "acos": lambda: jnp.acos([1.0]), "arccos": lambda: jnp.arccos([1.0]),
    "asin": lambda: jnp.asin([1.0]), "arcsin": lambda: jnp.arcsin([1.0]),
    "atan": lambda: jnp.atan([1.0]), "arctan": lambda: jnp.arctan([1.0]),
    "asinh": lambda: jnp.asinh([1.0]), "arcsinh": lambda: jnp.arcsinh([1.0]),
    "acosh": lambda: jnp.acosh([1.0]), "arccosh": lambda: jnp.arccosh([1.0]),
    "atanh": lambda: jnp.atanh([1.0]), "arctanh": lambda: jnp.arctanh([1.0]),
    "atan2": lambda: jnp.atan2([1.0], 1.0), "arctan2": lambda: jnp.arctan2([1.0], 1.0),
    "invert": lambda: jnp.invert([1]), "bitwise_not": lambda: jnp.bitwise_not([1]),
    "bitwise_invert": lambda: jnp.bitwise_invert([1]),
    "divide": lambda: jnp.divide([1.0], 1.0), "true_divide": lambda: jnp.true_divide([1.0], 1.0),
    "pow": lambda: jnp.pow([1.0], 1.0), "power": lambda: jnp.power([1.0], 1.0),
    "left_shift": lambda: jnp.left_shift([1], 1),
    "bitwise_left_shift": lambda: jnp.bitwise_left_shift([1], 1),
    "permute_dims": lambda: jnp.permute_dims([1.0], (0,)),
    "transpose": lambda: jnp.transpose([1.0]),
    "vecmat": lambda: jnp.vecmat([1.0], jnp.ones((1, 1))),
    "matvec": lambda: jnp.matvec([[1.0]], jnp.ones(1)),
    "matrix_norm": lambda: jnp.linalg.matrix_norm([[1.0]]),
    "svdvals": lambda: jnp.linalg.svdvals([[1.0]]),
    "det": lambda: jnp.linalg.det([[1.0]]),
    "logmeanexp": lambda: jax.nn.logmeanexp([1.0]),
    "acos_str": lambda: jnp.acos("a"),
    "abs_str": lambda: jnp.abs("a"),
}
for name, call in calls.items():
    try:
        call()
        out[name] = np.array("no error")
    except TypeError as e:
        out[name] = np.array(str(e).split(" at 0x")[0])
"""


def test_alias_pairs_name_jaxs_function(tmp_path):
    want = jax_on_8_devices(ALIAS_ERRORS_PROGRAM, tmp_path)
    got = meshjit_on_program(ALIAS_ERRORS_PROGRAM)
    assert sorted(got) == sorted(want)
    differ = {k: (str(got[k]), str(w)) for k, w in want.items() if str(w) not in str(got[k])}
    assert not differ, differ
