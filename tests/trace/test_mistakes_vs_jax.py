"""Common mistakes raise what JAX raises: the same error class name, and a message that starts
as JAX's does (meshjit adds its hint after it). JAX runs in a subprocess."""

import numpy as np

import meshjit
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import numpy as onp

MISTAKES = {
    "if_on_traced": lambda: jax.jit(lambda x: 1 if x > 0 else 2)(1.0),
    "range_of_traced": lambda: jax.jit(lambda n: list(range(n)))(3),
    "numpy_of_traced": lambda: jax.jit(lambda x: onp.asarray(x))(1.0),
    "int_of_traced": lambda: jax.jit(lambda x: int(x))(1.0),
    "traced_shape": lambda: jax.jit(lambda n: jnp.zeros(n))(3),
    "item_assignment": lambda: jnp.arange(3).__setitem__(0, 1),
    "reshape_size": lambda: jnp.arange(6).reshape(4, 2),
    "list_to_sum": lambda: jnp.sum([1, 2, 3]),
    "list_to_exp": lambda: jnp.exp([1.0, 2.0]),
    "list_to_where": lambda: jnp.where([True, False], 1, 2),
    "concatenate_ranks": lambda: jnp.concatenate([jnp.ones((2, 2)), jnp.ones(2)]),
    "concatenate_scalars": lambda: jnp.concatenate([jnp.ones(()), jnp.ones(())]),
}
for name, mistake in MISTAKES.items():
    try:
        mistake()
        out[name] = np.array("no error")
    except Exception as e:  # noqa: BLE001
        first = str(e).split("\n")[0]
        builtin = [c for c in (TypeError, ValueError, IndexError) if isinstance(e, c)]
        base = builtin[0].__name__ if builtin else type(e).__mro__[-3].__name__
        out[name] = np.array(type(e).__name__ + "|" + base + "|" + first)
"""

# JAX's first sentence, up to where the texts part (JAX prints tracer reprs meshjit does not).
PREFIX = {"traced_shape": "Shapes must be 1D sequences of concrete values of integer type, got"}


def test_mistakes_raise_as_in_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    for name, text in want.items():
        jax_type, jax_base, jax_first = str(text).split("|", 2)
        our_type, our_base, our_first = str(got[name]).split("|", 2)
        # the same class, or JAX's is the builtin ours derives from (ConcretizationTypeError
        # is meshjit's ConcretizationError)
        same = jax_type == our_type or jax_type in (our_base, "ConcretizationTypeError")
        assert same and jax_base == our_base, (name, jax_type, our_type)
        expected = PREFIX.get(name, jax_first.split(". ")[0])
        assert our_first.startswith(expected), (name, our_first, jax_first)


def test_traced_shape_names_static_argnums():
    try:
        meshjit.jit(lambda n: meshjit.numpy.ones(n))(3)
    except TypeError as e:
        assert "static_argnums" in str(e)
    else:
        raise AssertionError("no error")
    np.testing.assert_array_equal(
        np.asarray(meshjit.jit(lambda n: meshjit.numpy.ones(n), static_argnums=0)(3)), np.ones(3)
    )
