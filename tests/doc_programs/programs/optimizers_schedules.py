# jax.example_libraries.optimizers: every optimizer on a quadratic, schedules, pack / unpack
# of the optimizer state (for checkpointing), clip_grads and l2_norm
import pickle
import numpy as np
import jax
import jax.numpy as jnp
from jax import grad, jit
from jax.example_libraries import optimizers

target = {'w': jnp.array([1.0, -2.0, 3.0]), 'b': jnp.array(0.5)}


def loss(params):
    return sum(jnp.sum((params[k] - target[k]) ** 2) for k in params)


init = {'w': jnp.zeros(3), 'b': jnp.array(0.0)}
makers = {
    'sgd': lambda: optimizers.sgd(0.1),
    'momentum': lambda: optimizers.momentum(0.1, mass=0.9),
    'nesterov': lambda: optimizers.nesterov(0.1, mass=0.9),
    'adagrad': lambda: optimizers.adagrad(0.5),
    'rmsprop': lambda: optimizers.rmsprop(0.05),
    'rmsprop_momentum': lambda: optimizers.rmsprop_momentum(0.05),
    'adam': lambda: optimizers.adam(0.1),
    'adamax': lambda: optimizers.adamax(0.1),
    'sm3': lambda: optimizers.sm3(0.5),
}
for name, make in makers.items():
    opt_init, opt_update, get_params = make()
    opt_state = opt_init(init)

    def step(i, opt_state):
        return opt_update(i, grad(loss)(get_params(opt_state)), opt_state)

    for i in range(5):
        opt_state = step(i, opt_state)
    p = get_params(opt_state)
    print(f"{name:17s} loss={float(loss(p)):.5f} w={np.round(np.asarray(p['w']), 4)}")

# schedules
for name, sched in [
    ('constant', optimizers.constant(0.1)),
    ('exponential_decay', optimizers.exponential_decay(0.1, 10, 0.5)),
    ('inverse_time_decay', optimizers.inverse_time_decay(0.1, 10, 0.5)),
    ('inverse_time_decay_staircase', optimizers.inverse_time_decay(0.1, 10, 0.5, staircase=True)),
    ('polynomial_decay', optimizers.polynomial_decay(0.1, 10, 0.01, power=2.0)),
    ('piecewise_constant', optimizers.piecewise_constant([5, 15], [0.1, 0.05, 0.01])),
]:
    print(name, [round(float(sched(i)), 6) for i in (0, 5, 12, 20)])

# a schedule as the step size of adam, under jit
opt_init, opt_update, get_params = optimizers.adam(optimizers.exponential_decay(0.2, 5, 0.5))
opt_state = opt_init(init)


@jit
def update(i, opt_state):
    return opt_update(i, grad(loss)(get_params(opt_state)), opt_state)


for i in range(8):
    opt_state = update(i, opt_state)
print("scheduled adam loss:", round(float(loss(get_params(opt_state))), 5))

# pack / unpack for checkpointing
print(type(opt_state).__name__, opt_state._fields)
marked = optimizers.unpack_optimizer_state(opt_state)
print(type(marked).__name__)
print(jax.tree.structure(marked, is_leaf=lambda x: isinstance(x, optimizers.JoinPoint)))
leaves = jax.tree.leaves(marked)
print(len(leaves), [tuple(np.shape(l)) for l in leaves])
restored = optimizers.pack_optimizer_state(pickle.loads(pickle.dumps(marked)))
print(jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b)),
                                get_params(restored), get_params(opt_state))))
opt_state = update(8, restored)
print("after restore:", round(float(loss(get_params(opt_state))), 5))

# clipping
g = grad(loss)(init)
print("l2_norm:", round(float(optimizers.l2_norm(g)), 5))
clipped = optimizers.clip_grads(g, 1.0)
print("clipped norm:", round(float(optimizers.l2_norm(clipped)), 5))
print(jax.tree.map(lambda x: np.round(np.asarray(x), 4), clipped))
