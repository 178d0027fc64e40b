# A haiku-style `transform_with_state`: modules call get_parameter / get_state inside a frame
# kept on a Python stack, init creates parameters from a split key and apply reads them; batch
# norm keeps running statistics as state returned by apply, the pure functions are jitted and
# differentiated, and parameters are addressed by "module/name" dictionaries as haiku prints them
import dataclasses

import jax
import jax.numpy as jnp

_FRAMES = []


@dataclasses.dataclass
class Frame:
    params: dict
    state: dict
    rng: object
    init: bool
    counter: int = 0


def next_rng():
    f = _FRAMES[-1]
    f.counter += 1
    return jax.random.fold_in(f.rng, f.counter)


def get_parameter(module, name, shape, init):
    f = _FRAMES[-1]
    d = f.params.setdefault(module, {})
    if name not in d:
        if not f.init:
            raise ValueError(f"missing parameter {module}/{name}")
        d[name] = init(next_rng(), shape)
    return d[name]


def get_state(module, name, shape, init):
    f = _FRAMES[-1]
    d = f.state.setdefault(module, {})
    if name not in d:
        d[name] = init(shape)
    return d[name]


def set_state(module, name, value):
    _FRAMES[-1].state[module][name] = value


def transform_with_state(fn):
    def init(rng, *args):
        _FRAMES.append(Frame({}, {}, rng, True))
        try:
            fn(*args)
            return _FRAMES[-1].params, _FRAMES[-1].state
        finally:
            _FRAMES.pop()

    def apply(params, state, rng, *args):
        frame = Frame(jax.tree.map(lambda x: x, params), jax.tree.map(lambda x: x, state), rng, False)
        _FRAMES.append(frame)
        try:
            out = fn(*args)
            return out, frame.state
        finally:
            _FRAMES.pop()

    return init, apply


def linear(name, x, size):
    w = get_parameter(name, "w", (x.shape[-1], size), lambda k, s: jax.random.normal(k, s) / jnp.sqrt(s[0]))
    b = get_parameter(name, "b", (size,), lambda k, s: jnp.zeros(s))
    return x @ w + b


def batch_norm(name, x, is_training, decay=0.9):
    mean_s = get_state(name, "mean", x.shape[-1:], jnp.zeros)
    var_s = get_state(name, "var", x.shape[-1:], jnp.ones)
    if is_training:
        mean, var = x.mean(0), x.var(0)
        set_state(name, "mean", decay * mean_s + (1 - decay) * mean)
        set_state(name, "var", decay * var_s + (1 - decay) * var)
    else:
        mean, var = mean_s, var_s
    scale = get_parameter(name, "scale", x.shape[-1:], lambda k, s: jnp.ones(s))
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * scale


def net(x, is_training):
    h = jax.nn.relu(batch_norm("bn1", linear("linear1", x, 16), is_training))
    return linear("linear2", h, 1)[:, 0]


init, apply = transform_with_state(net)
x = jax.random.normal(jax.random.key(0), (32, 4))
y = jnp.sin(x).sum(1)
params, state = init(jax.random.key(1), x, True)
print(sorted((m, sorted(d)) for m, d in params.items()))
print(jax.tree.map(jnp.shape, state))


def loss(params, state, x, y):
    pred, new_state = apply(params, state, None, x, True)
    return jnp.mean((pred - y) ** 2), new_state


@jax.jit
def step(params, state, x, y):
    (l, state), g = jax.value_and_grad(loss, has_aux=True)(params, state, x, y)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, g), state, l


losses = []
for i in range(60):
    params, state, l = step(params, state, x, y)
    losses.append(float(l))
print(losses[0], losses[-1], losses[-1] < losses[0] / 2)
print(state["bn1"]["mean"][:3])
eval_pred, eval_state = jax.jit(apply, static_argnums=4)(params, state, None, x, False)
print(eval_pred.shape, jax.tree.all(jax.tree.map(lambda a, b: bool((a == b).all()), eval_state, state)))
try:
    apply({}, state, None, x, False)
except ValueError as e:
    print("ValueError:", e)
n = sum(p.size for p in jax.tree.leaves(params))
print("params:", n, jax.tree_util.tree_structure(params).num_leaves)
