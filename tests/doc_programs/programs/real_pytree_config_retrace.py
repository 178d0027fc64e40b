# Model objects as pytree node classes whose static configuration lives in the aux data: counting
# how often jit re-traces as the configuration or shapes change (a Python counter incremented
# while tracing), treedef equality and hashing across configurations, tree.map rebuilding
# objects through tree_unflatten, a dict-valued aux turned into a sorted tuple so it hashes, and
# weak-typed Python scalars versus arrays as arguments sharing one trace
import jax
import jax.numpy as jnp

TRACES = []


@jax.tree_util.register_pytree_node_class
class Dense:
    def __init__(self, w, b, activation="relu", use_bias=True):
        self.w, self.b = w, b
        self.activation, self.use_bias = activation, use_bias

    def tree_flatten(self):
        return (self.w, self.b), (self.activation, self.use_bias)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)

    def __call__(self, x):
        y = x @ self.w + (self.b if self.use_bias else 0.0)
        return {"relu": jax.nn.relu, "tanh": jnp.tanh, "none": lambda v: v}[self.activation](y)

    def __repr__(self):
        return f"Dense({self.w.shape}, activation={self.activation!r}, use_bias={self.use_bias})"


@jax.jit
def apply(layer, x):
    TRACES.append((layer.activation, x.shape, str(x.dtype)))
    return layer(x)


k1, k2 = jax.random.split(jax.random.key(0))
layer = Dense(jax.random.normal(k1, (3, 2)), jnp.zeros(2))
x = jax.random.normal(k2, (4, 3))
apply(layer, x)
apply(layer, x + 1)
apply(Dense(layer.w * 2, layer.b), x)
print(len(TRACES), layer)
apply(Dense(layer.w, layer.b, "tanh"), x)
apply(layer, x[:2])
apply(layer, x.astype(jnp.bfloat16))
print(len(TRACES), TRACES[-3:])
t1 = jax.tree.structure(layer)
t2 = jax.tree.structure(Dense(layer.w, layer.b, "tanh"))
print(t1 == t2, t1 == jax.tree.structure(Dense(jnp.ones((5, 5)), jnp.ones(5))), hash(t1) == hash(jax.tree.structure(layer)))
print(t1)
doubled = jax.tree.map(lambda a: 2 * a, layer)
print(type(doubled).__name__, doubled.activation, float(doubled.w.sum() / layer.w.sum()))
grads = jax.grad(lambda l: apply(l, x).sum())(layer)
print(type(grads).__name__, grads.w.shape, grads.activation, len(TRACES))


@jax.tree_util.register_pytree_node_class
class Config:
    def __init__(self, values, options):
        self.values, self.options = values, options

    def tree_flatten(self):
        return (self.values,), tuple(sorted(self.options.items()))

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], dict(aux))


COUNT = []


@jax.jit
def scaled(cfg):
    COUNT.append(1)
    return cfg.values * cfg.options["scale"]


print(scaled(Config(jnp.ones(2), {"scale": 3.0, "name": "a"})), scaled(Config(jnp.zeros(2), {"name": "a", "scale": 3.0})))
print(len(COUNT), scaled(Config(jnp.ones(2), {"scale": 4.0, "name": "a"})), len(COUNT))
W = []
f = jax.jit(lambda a, s: (W.append(1), a * s)[1])
f(jnp.ones(2), 2.0)
f(jnp.ones(2), 3.0)
f(jnp.ones(2), jnp.float32(3.0))
f(jnp.ones(2), 3)
print(len(W), f(jnp.ones(2), 3).dtype)
