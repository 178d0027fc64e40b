# The FAQ and jit docs: jit of methods (static self, pytree self), static_argnums with hashable
# class instances, jax.disable_jit, donate_argnums / donate_argnames, block_until_ready on
# pytrees, device_get / device_put of pytrees, jit's keyword options and the errors they give
import functools
import warnings
import jax
import jax.numpy as jnp


class CustomClass:
    def __init__(self, x: jax.Array, mul: bool):
        self.x = x
        self.mul = mul

    @functools.partial(jax.jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((self.x.shape, self.mul))

    def __eq__(self, other):
        return isinstance(other, CustomClass) and (self.x.shape, self.mul) == (other.x.shape, other.mul)


c = CustomClass(jnp.array(2.0), True)
print(c.calc(3.0))
c.mul = False
print(c.calc(3.0))


@jax.tree_util.register_pytree_node_class
class PytreeClass:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    @jax.jit
    def calc(self, y):
        return self.x * y if self.mul else y

    def tree_flatten(self):
        return (self.x,), self.mul

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, aux)


p = PytreeClass(jnp.array(2.0), True)
print(p.calc(3.0))
p.mul = False
print(p.calc(3.0))


class Unhashable:
    __hash__ = None


try:
    jax.jit(lambda a, b: a, static_argnums=1)(1.0, Unhashable())
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda a, b: a + b, static_argnums=1)(1.0, jnp.array(2.0))
except Exception as e:
    print(type(e).__name__)


def f(x):
    print("x:", type(x).__name__ if not isinstance(x, jax.core.Tracer) else "Tracer")
    return jnp.sin(x)


with jax.disable_jit():
    print(jax.jit(f)(0.5))
print(jax.jit(f)(0.5))


@functools.partial(jax.jit, donate_argnums=0)
def add_one(x):
    return x + 1


x = jnp.ones(3)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    y = add_one(x)
print(y)
g = jax.jit(lambda a, *, b: a * b, donate_argnames="a")
print(g(jnp.arange(3.), b=2.))
print(jax.jit(lambda a, b: a - b, static_argnames="b")(3., b=1))

tree = {"a": jnp.ones(2), "b": [jnp.zeros(3), 4]}
ready = jax.block_until_ready(tree)
print(ready["a"], ready["b"][1])
host = jax.device_get(tree)
print(type(host["a"]).__name__, type(host["b"][1]).__name__)
dev = jax.device_put({"w": [1.0, 2.0], "n": 3})
print(jax.tree.map(lambda v: type(v).__name__, dev))
dev = jax.device_put((jnp.arange(2), jnp.ones(1)), jax.devices()[1])
print([list(v.devices())[0].id for v in dev])
placed = jax.device_put([1.0, 2.0], [jax.devices()[2], jax.devices()[3]])
print([list(v.devices())[0].id for v in placed])
print(jax.device_put(jnp.ones(2), jax.devices()[0]).committed if hasattr(jax.Array, "committed") else True)
try:
    jax.jit(lambda a: a, static_argnums=3)(1)
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda a: a)(object())
except Exception as e:
    print(type(e).__name__)
