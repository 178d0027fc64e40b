# Flax-NNX-style stateful modules in plain JAX: Python objects holding Param / BatchStat variable
# wrappers, a split into (graph definition, state dict keyed by attribute paths) and a merge back,
# state filtered by variable type, jitted steps that split / merge around a pure function,
# key paths printed with jax.tree_util.keystr, tree_map_with_path for per-path learning rates,
# and flatten_with_path ordering
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Variable:
    value: jax.Array


class Param(Variable):
    pass


class BatchStat(Variable):
    pass


class Module:
    def variables(self, prefix=()):
        for name, v in sorted(vars(self).items()):
            if isinstance(v, Variable):
                yield prefix + (name,), v
            elif isinstance(v, Module):
                yield from v.variables(prefix + (name,))
            elif isinstance(v, list):
                for i, m in enumerate(v):
                    yield from m.variables(prefix + (name, i))


def split(module, kind=Variable):
    return {"/".join(map(str, p)): v.value for p, v in module.variables() if isinstance(v, kind)}


def merge_into(module, state):
    for p, v in module.variables():
        key = "/".join(map(str, p))
        if key in state:
            v.value = state[key]


class Linear(Module):
    def __init__(self, key, din, dout):
        self.kernel = Param(jax.random.normal(key, (din, dout)) / jnp.sqrt(din))
        self.bias = Param(jnp.zeros(dout))

    def __call__(self, x):
        return x @ self.kernel.value + self.bias.value


class BatchNorm(Module):
    def __init__(self, n):
        self.scale = Param(jnp.ones(n))
        self.mean = BatchStat(jnp.zeros(n))
        self.var = BatchStat(jnp.ones(n))
        self.training = True

    def __call__(self, x):
        if self.training:
            m, v = x.mean(0), x.var(0)
            self.mean.value = 0.9 * self.mean.value + 0.1 * m
            self.var.value = 0.9 * self.var.value + 0.1 * v
        else:
            m, v = self.mean.value, self.var.value
        return (x - m) / jnp.sqrt(v + 1e-5) * self.scale.value


class MLP(Module):
    def __init__(self, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        self.layers = [Linear(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
        self.norm = BatchNorm(sizes[1])

    def __call__(self, x):
        x = jax.nn.relu(self.norm(self.layers[0](x)))
        for layer in self.layers[1:]:
            x = layer(x)
        return x


model = MLP(jax.random.key(0), [3, 16, 16, 1])
params, stats = split(model, Param), split(model, BatchStat)
print(sorted(params), sorted(stats))
print(jax.tree.map(jnp.shape, params)["layers/0/kernel"], len(jax.tree.leaves(split(model))))
x = jax.random.normal(jax.random.key(1), (64, 3))
y = (x**2).sum(1, keepdims=True)


@jax.jit
def train_step(params, stats, x, y):
    def loss(params):
        merge_into(model, {**params, **stats})
        pred = model(x)
        return jnp.mean((pred - y) ** 2), split(model, BatchStat)

    (l, new_stats), g = jax.value_and_grad(loss, has_aux=True)(params)
    lr = jax.tree_util.tree_map_with_path(lambda path, _: 0.02 if "bias" in jax.tree_util.keystr(path) else 0.05, g)
    params = jax.tree.map(lambda p, g, r: p - r * g, params, g, lr)
    return params, new_stats, l


for i in range(100):
    params, stats, l = train_step(params, stats, x, y)
merge_into(model, {**params, **stats})
print(float(l) < 1.0, type(model.layers[0].kernel.value).__name__ if False else model.layers[0].kernel.value.shape)
model.norm.training = False
print(float(jnp.mean((model(x) - y) ** 2)) < 2.0, stats["norm/mean"][:3])
paths, _ = jax.tree_util.tree_flatten_with_path(params)
print([jax.tree_util.keystr(p) for p, _ in paths[:3]])
print(jax.tree_util.keystr(paths[0][0], simple=True, separator="."))
nested = {"a": [1, {"b": (2, 3)}], "c": None}
print([jax.tree_util.keystr(p) for p, _ in jax.tree_util.tree_leaves_with_path(nested)])
print([type(k).__name__ for k in jax.tree_util.tree_leaves_with_path(nested)[1][0]])
