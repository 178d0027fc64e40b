# The FAQ: jit of methods (static self, a registered pytree self), NaN gradients through
# jnp.where and the double-where trick, gradients of functions with integer / boolean parts,
# `jnp.abs` at 0, sqrt at 0, safe norms, stop_gradient of integer arrays, "how to use jit with
# methods" strategies, and comparing jit's caching with a changing Python attribute
from functools import partial

import jax
import jax.numpy as jnp


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    @partial(jax.jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((self.x.item() if self.x.size == 1 else id(self.x), self.mul))

    def __eq__(self, other):
        return isinstance(other, CustomClass) and (self.x is other.x) and self.mul == other.mul


c = CustomClass(jnp.float32(2), True)
print(c.calc(3))
c.mul = False
print(c.calc(3))


class PyTreeClass:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    @jax.jit
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def _tree_flatten(self):
        return (self.x,), {"mul": self.mul}

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)


jax.tree_util.register_pytree_node(PyTreeClass, PyTreeClass._tree_flatten, PyTreeClass._tree_unflatten)
p = PyTreeClass(2, True)
print(p.calc(3))
p.mul = False
print(p.calc(3))


def my_log(x):
    return jnp.where(x > 0.0, jnp.log(x), 0.0)


print(my_log(0.0), jax.grad(my_log)(0.0))


def safe_for_grad_log(x):
    return jnp.log(jnp.where(x > 0.0, x, 1.0))


def my_log_safe(x):
    return jnp.where(x > 0.0, safe_for_grad_log(x), 0.0)


print(my_log_safe(0.0), jax.grad(my_log_safe)(0.0), jax.grad(my_log_safe)(2.0))
print(jax.grad(jnp.abs)(0.0), jax.grad(jnp.sqrt)(0.0), jax.grad(lambda x: jnp.linalg.norm(x))(jnp.zeros(2)))


def safe_norm(x):
    sq = jnp.sum(x**2)
    is_zero = sq == 0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))


print(jax.grad(safe_norm)(jnp.zeros(2)), jax.grad(safe_norm)(jnp.array([3.0, 4.0])))
print(jax.grad(lambda x: jnp.maximum(x, 0.0))(0.0), jax.grad(jax.nn.relu)(0.0), jax.grad(lambda x: jnp.minimum(x, 0.0))(0.0))
print(jax.grad(lambda x: jnp.clip(x, 0.0, 1.0))(1.0), jax.grad(lambda x: jnp.round(x))(1.3), jax.grad(lambda x: jnp.floor(x) + x)(1.3))
print(jax.grad(lambda x: jnp.max(jnp.array([x, x, 1.0])))(2.0), jax.grad(lambda x: jnp.sort(x)[0])(jnp.array([2.0, 1.0, 1.0])))
print(jax.grad(lambda x: jnp.where(x > 0, x, 0).astype(jnp.float32).sum())(jnp.array([1.0, -1.0])))
print(jax.grad(lambda x: (x > 0).astype(jnp.float32) * x)(2.0), jax.grad(lambda x: x ** 0.5)(0.0), jax.grad(lambda x: x ** 2.0)(0.0))
print(jax.grad(lambda x: jnp.power(x, 0))(0.0), jax.grad(lambda x: 0.0 ** x)(1.0), jax.grad(lambda x: jnp.arctan2(x, 0.0))(0.0))
print(jax.grad(lambda x: jnp.sinc(x))(0.0), jax.grad(lambda x: jnp.logaddexp(x, x))(0.0), jax.grad(lambda x: jax.nn.softplus(x))(100.0))
print(jax.grad(lambda x: jnp.log1p(jnp.exp(x)))(100.0), jax.grad(lambda x: jax.scipy.special.xlogy(x, x))(0.0), jax.grad(lambda x: jax.scipy.special.entr(x))(1.0))
try:
    jax.grad(lambda n: n * 2)(3)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
print(jax.grad(lambda x, n: x * n, argnums=0)(2.0, 3), jax.value_and_grad(lambda x: x.sum())(jnp.ones(2)))
try:
    jax.grad(lambda x: x)(jnp.ones(2))
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
try:
    jax.grad(lambda x: x.astype(jnp.complex64).real.sum())(jnp.ones(2, jnp.complex64))
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
print(jax.grad(lambda z: jnp.abs(z) ** 2, holomorphic=False)(jnp.complex64(1 + 2j)), jax.grad(lambda z: z**2, holomorphic=True)(jnp.complex64(1 + 1j)))
print(jax.grad(lambda x: jax.lax.stop_gradient(x) * x)(3.0), jax.grad(lambda x: jax.lax.stop_gradient(x**2))(3.0))
print(jax.jacobian(lambda x: jnp.where(x > 1, x**2, x))(jnp.array([0.5, 2.0])))
