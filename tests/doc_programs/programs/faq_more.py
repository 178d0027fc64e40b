# FAQ pieces: jit and methods via static self, buffer donation, float0 gradients for ints,
# benchmarking with block_until_ready, gradients of where, committed data placement
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp


class CustomClass:
    def __init__(self, x: jax.Array, mul: bool):
        self.x = x
        self.mul = mul

    @jax.jit
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y


c = CustomClass(2, True)
try:
    c.calc(3)
except TypeError as e:
    print(type(e).__name__)


class CustomClass2:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    def calc(self, y):
        return _calc(self.mul, self.x, y)


@partial(jax.jit, static_argnums=0)
def _calc(mul, x, y):
    if mul:
        return x * y
    return y


print(CustomClass2(2, True).calc(3), CustomClass2(2, False).calc(3))


class CustomClass3:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    @partial(jax.jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def _tree_flatten(self):
        return (self.x,), {'mul': self.mul}

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)


c3 = CustomClass3(2, True)
print(c3.calc(3))
c3.mul = False
try:
    print(c3.calc(3))
except Exception as e:
    print(type(e).__name__)
jax.tree_util.register_pytree_node(CustomClass3, CustomClass3._tree_flatten, CustomClass3._tree_unflatten)


@jax.jit
def calc4(obj, y):
    return obj.x * y if obj.mul else y


print(calc4(CustomClass3(2, True), 3), calc4(CustomClass3(2, False), 3))

# gradients with respect to integer inputs
def f(x, i):
    return x * i


print(jax.grad(f)(2., 3))
try:
    jax.grad(f, argnums=1)(2., 3)
except TypeError as e:
    print(type(e).__name__)
g = jax.grad(f, argnums=(0, 1), allow_int=True)(2., 3)
print(g[0], g[1].dtype, g[1].shape)
print(jax.vjp(f, 2., 3)[1](1.)[1].dtype)

# donation
def add(x, y):
    return x + y


x = jax.device_put(np.ones((2, 3)))
y = jax.device_put(np.ones((2, 3)))
z = jax.jit(add, donate_argnums=0)(x, y)
print(z, x.is_deleted())
try:
    print(x)
except RuntimeError as e:
    print(type(e).__name__)

# benchmarking idiom
key = jax.random.key(0)
m = jax.random.normal(key, (64, 64))
out = jnp.dot(m, m.T).block_until_ready()
print(out.shape, jax.block_until_ready({'a': m}) is not None)

# gradients of where
def my_log(x):
    return jnp.where(x > 0., jnp.log(x), 0.)


print(my_log(0.), jax.grad(my_log)(0.))


def my_log_safe(x):
    safe_for_log = jnp.where(x > 0., x, 1.)
    return jnp.where(x > 0., jnp.log(safe_for_log), 0.)


print(my_log_safe(0.), jax.grad(my_log_safe)(0.))
# committed vs uncommitted placement
a = jnp.ones(3)
b = jax.device_put(jnp.ones(3), jax.devices()[1])
print(a.devices(), b.devices(), (a + b).devices())
c = jax.device_put(jnp.ones(3), jax.devices()[2])
try:
    b + c
except ValueError as e:
    print(type(e).__name__)
print(jax.jit(lambda x: x * 2)(b).devices())
print(jnp.asarray(np.ones(2)).committed if hasattr(jnp.asarray(np.ones(2)), 'committed') else 'n/a')
print(jax.numpy.ones(2).devices() == {jax.devices()[0]})
