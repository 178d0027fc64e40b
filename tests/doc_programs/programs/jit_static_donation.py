# jax.jit options as the JIT page and FAQ use them: static_argnums / static_argnames with
# keywords and defaults, hashable static objects, donate_argnums / donate_argnames and deleted
# arrays, keep_unused, jit of methods (partial with self static, or registered classes), cache
# hits counted by Python side effects, jit of functions returning None / ints / nested pytrees
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

traces = []


@partial(jax.jit, static_argnames=("n", "mode"))
def power(x, n=2, mode="plain"):
    traces.append((n, mode))
    y = x ** n
    return -y if mode == "neg" else y


print(power(3.), power(3., n=3), power(3., 3), power(jnp.arange(3.), mode="neg"), power(2., n=3))
print(traces)
try:
    power(2., n=jnp.array(3))
except ValueError as e:
    print("ValueError")


@partial(jax.jit, static_argnums=(1,))
def reshape_to(x, shape):
    return x.reshape(shape)


print(reshape_to(jnp.arange(6), (2, 3)).shape, reshape_to(jnp.arange(6), (3, 2)).shape)
try:
    reshape_to(jnp.arange(6), [2, 3])
except (ValueError, TypeError) as e:
    print(type(e).__name__)


@partial(jax.jit, donate_argnums=0)
def add_inplace(buf, v):
    return buf + v


buf = jnp.zeros(4)
new = add_inplace(buf, 1.)
print(new, buf.is_deleted() in (True, False))


@partial(jax.jit, donate_argnames=("state",))
def update(state, delta):
    return jax.tree.map(lambda s: s + delta, state)


state = {"a": jnp.ones(2), "b": jnp.ones(3)}
print(update(state=state, delta=2.))
print(jax.jit(lambda x, unused: x * 2, keep_unused=True).lower(1., 2.).as_text().count("%arg"))
print(jax.jit(lambda x, unused: x * 2).lower(1., 2.).as_text().count("%arg"))


class Scaler:
    def __init__(self, k):
        self.k = k

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        return x * self.k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return isinstance(other, Scaler) and self.k == other.k


print(Scaler(2.)(jnp.ones(2)), Scaler(3.)(jnp.ones(2)))


@jax.tree_util.register_pytree_node_class
class Counter:
    def __init__(self, count, step):
        self.count, self.step = count, step

    def tree_flatten(self):
        return (self.count,), self.step

    @classmethod
    def tree_unflatten(cls, step, children):
        return cls(children[0], step)

    @jax.jit
    def advance(self):
        return Counter(self.count + self.step, self.step)


c = Counter(jnp.array(0), 5).advance().advance()
print(c.count, c.step)
print(jax.jit(lambda x: None)(1.), jax.jit(lambda x: (x, 3, [x * 2, {"k": ()}]))(1.))
print(jax.jit(lambda x: 3)(1.), type(jax.jit(lambda x: 3)(1.)).__name__)

count = [0]


@jax.jit
def cached(x):
    count[0] += 1
    return x + 1


for v in (1., 2., jnp.float32(3.), np.float32(4.), jnp.ones(2), jnp.ones(2, jnp.int32), 5):
    cached(v)
print(count[0])


def outer(x):
    return jax.jit(lambda y: y * 2, inline=True)(x) + 1


print(jax.make_jaxpr(outer)(1.))
print(jax.jit(partial(jnp.where, size=3), static_argnames="fill_value")(jnp.array([0, 1, 1]), fill_value=-1))
