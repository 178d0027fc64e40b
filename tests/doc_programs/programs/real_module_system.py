# A Flax-like module system: layers are pytree classes (register_pytree_node_class) holding
# their params, built by init(key, x) and applied by __call__; a Sequential container, a
# BatchNorm-free residual MLP, parameter counting, jit of a method through a module argument,
# grads that come back as modules, and an SGD step with jax.tree.map over modules
import jax
import jax.numpy as jnp
from jax import random
from jax.flatten_util import ravel_pytree
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Dense:
    def __init__(self, w, b, activation="relu"):
        self.w, self.b, self.activation = w, b, activation

    @classmethod
    def init(cls, key, n_in, n_out, activation="relu"):
        w = random.normal(key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
        return cls(w, jnp.zeros(n_out), activation)

    def __call__(self, x):
        y = x @ self.w + self.b
        return jax.nn.relu(y) if self.activation == "relu" else y

    def tree_flatten(self):
        return (self.w, self.b), self.activation

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, activation=aux)

    def __repr__(self):
        return f"Dense({self.w.shape}, {self.activation})"


@register_pytree_node_class
class Residual:
    def __init__(self, inner):
        self.inner = inner

    def __call__(self, x):
        return x + self.inner(x)

    def tree_flatten(self):
        return (self.inner,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@register_pytree_node_class
class Sequential:
    def __init__(self, layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def tree_flatten(self):
        return tuple(self.layers), len(self.layers)

    @classmethod
    def tree_unflatten(cls, n, children):
        return cls(children)


def make_model(key, sizes):
    keys = random.split(key, len(sizes))
    layers = [Dense.init(keys[0], sizes[0], sizes[1])]
    for k in keys[1:-1]:
        layers.append(Residual(Dense.init(k, sizes[1], sizes[1])))
    layers.append(Dense.init(keys[-1], sizes[1], sizes[-1], activation=None))
    return Sequential(layers)


model = make_model(random.key(0), [3, 16, 16, 16, 1])
print(model.layers)
print("params:", sum(x.size for x in jax.tree.leaves(model)))
print("treedef:", jax.tree.structure(model))
print("leaf shapes:", [x.shape for x in jax.tree.leaves(model)])

x = random.uniform(random.key(1), (64, 3), minval=-1.0, maxval=1.0)
y = jnp.sin(x[:, :1] * 2.0) + x[:, 1:2] * x[:, 2:3]


def loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@jax.jit
def step(model, x, y, lr=0.05):
    l, g = jax.value_and_grad(loss)(model, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, model, g), l, g


_, _, g = step(model, x, y)
print("grad type:", type(g).__name__, type(g.layers[1]).__name__, g.layers[-1].activation)
for i in range(60):
    model, l, _ = step(model, x, y)
    if i % 20 == 0:
        print(i, float(l))
print("final loss", float(loss(model, x, y)))
print("predict", jax.jit(Sequential.__call__)(model, x[:3]).ravel())
print("eval_shape", jax.eval_shape(model, jax.ShapeDtypeStruct((5, 3), jnp.float32)))
twice = jax.tree.map(lambda a, b: a + b, model, model)
print("tree ops keep classes:", type(twice.layers[1].inner).__name__)
flat, unravel = ravel_pytree(model)
print("flat", flat.shape, type(unravel(flat)).__name__)
print(jax.tree_util.tree_map_with_path(lambda p, a: a.shape, model).layers[0].w)
print([jax.tree_util.keystr(p) for p, _ in jax.tree_util.tree_flatten_with_path(model)[0][:4]])
