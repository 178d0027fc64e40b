"""The public functions' reprs (meshjit.compiler.api_util): JAX's jitted API functions print
as `<PjitFunction of <function abs at 0x...>>`, the others as plain functions; so does
`jax.jit(f)`."""

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

REPRS_PROGRAM = r"""
import importlib
import re

def shown(f):
    return re.sub(" at 0x[0-9a-f]+", "", repr(f))

MODULES = (
    "numpy numpy.linalg numpy.fft nn lax lax.linalg random scipy.special scipy.linalg "
    "scipy.integrate scipy.stats.truncnorm scipy.stats.poisson scipy.stats.betabinom"
)
for m in MODULES.split():
    mod = importlib.import_module(jax.__name__ + "." + m)
    for name in dir(mod):
        f = getattr(mod, name)
        if name.startswith("_") or not callable(f) or isinstance(f, type):
            continue
        if shown(f).startswith(("<PjitFunction", "<function")) and name != "random_gamma_grad":  # (JAX: a factory's inner name)
            out[m + "." + name] = np.array(shown(f))

def user_function(x):
    return x

out["jit"] = np.array(shown(jax.jit(user_function)))
out["str"] = np.array(re.sub(" at 0x[0-9a-f]+", "", str(jnp.abs)))
out["same"] = np.array(jax.nn.tanh is jnp.tanh)
out["called"] = jnp.abs(jnp.array([-1.0, 2.0]))
out["name"] = np.array(jnp.arctan2.__name__ + " " + jnp.atan2.__name__)
"""


def test_reprs_of_api_functions_are_jaxs(tmp_path):
    want = jax_on_8_devices(REPRS_PROGRAM, tmp_path)
    got = meshjit_on_program(REPRS_PROGRAM)
    differ = {k: (str(got[k]), str(want[k])) for k in want.keys() & got.keys()}
    differ = {k: v for k, v in differ.items() if v[0] != v[1]}
    assert not differ, differ
    assert len(want.keys() & got.keys()) > 700


def test_an_error_in_a_jitted_api_function_shows_only_the_users_frame():
    """The wrapper is the outermost API boundary: its frame is filtered with meshjit's."""
    import traceback

    import meshjit.numpy as jnp

    try:
        jnp.abs([1.0])
    except TypeError as e:
        frames = traceback.extract_tb(e.__traceback__)
    assert [f.name for f in frames] == [
        "test_an_error_in_a_jitted_api_function_shows_only_the_users_frame"
    ]
