"""Public functions carry public names, as JAX's do (`jnp.sin.__name__ == "sin"`): functions
made by factories take the name they are exported under (aliases share one)."""

import types

import meshjit.lax as lax
import meshjit.numpy as jnp


def test_every_public_function_has_a_public_name():
    for module in (jnp, lax):
        names = set(module.__all__)
        for name in names:
            fn = getattr(module, name)
            if isinstance(fn, types.FunctionType):
                assert fn.__name__ in names, (module.__name__, name, fn.__name__)


def test_common_names():
    for name in ("sin", "exp", "add", "multiply", "less", "floor", "sum", "where", "divide"):
        assert getattr(jnp, name).__name__ == name
    assert lax.bitwise_and.__name__ == "bitwise_and"
