"""Public functions carry their public names, as JAX's do (`jnp.sin.__name__ == "sin"`): functions
made by factories take the name they are exported under, and an alias is a function of its own
name (`jnp.arctan2.__name__` is "arctan2", `jnp.atan2.__name__` "atan2", `jax.tree.map`'s "map")."""

import inspect
import types

import meshjit
import meshjit.lax as lax
import meshjit.numpy as jnp
import meshjit.scipy.special
import meshjit.scipy.stats.norm as norm
from meshjit.compiler.api_util import JittedApiFunction
from meshjit.nn import initializers


def test_every_public_function_is_called_by_its_name():
    for module in (jnp, lax, meshjit.tree):
        for name in module.__all__:
            fn = getattr(module, name)
            if isinstance(fn, JittedApiFunction):  # shown as JAX's PjitFunction
                fn = fn.__wrapped__
            if isinstance(fn, types.FunctionType):
                assert (fn.__name__, fn.__qualname__) == (name, name), (module.__name__, name)


def test_aliases_are_functions_of_their_own_name():
    pairs = [("arctan2", "atan2"), ("absolute", "abs"), ("true_divide", "divide"), ("pow", "power"),
             ("bitwise_not", "invert"), ("conjugate", "conj"), ("amax", "max")]  # fmt: skip
    for alias, name in pairs:
        assert getattr(jnp, alias).__name__ == alias and getattr(jnp, name).__name__ == name
        code, other = (inspect.unwrap(getattr(jnp, n)).__code__ for n in (alias, name))
        assert code.co_code == other.co_code  # one function body (a copy named as the alias)
    for name in (
        "jacobian",
        "remat",
        "host_count",
        "host_id",
        "effects_barrier",
        "closure_convert",
    ):
        assert getattr(meshjit, name).__name__ == name
    assert meshjit.tree.map(lambda x: x + 1, [1, 2]) == [2, 3]


def test_names_of_other_modules():
    assert initializers.xavier_normal.__name__ == "glorot_normal"  # JAX's alias of one function
    assert initializers.he_uniform.__name__ == "he_uniform"
    assert (norm.sf.__name__, norm.logsf.__name__) == ("sf", "logsf")
    assert meshjit.scipy.special.expn.__name__ == "expn"
    assert lax.sin.__qualname__ == "sin"
