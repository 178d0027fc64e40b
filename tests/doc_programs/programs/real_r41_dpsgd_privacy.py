# examples/differentially_private_sgd.py: per-example gradients by vmap of grad over a
# batch with a leading singleton axis, clipping each example's gradient by its global norm
# (ravel_pytree), summing, adding Gaussian noise scaled by l2_norm_clip * noise_multiplier,
# normalizing by the batch size, then an optimizers.sgd update; compared with a non-private
# step and with a shuffled data stream
import itertools

import jax.numpy as jnp
import numpy as np
import numpy.random as npr
from jax import grad, jit, random, vmap
from jax import tree as jtree
from jax.example_libraries import optimizers, stax
from jax.example_libraries.stax import Dense, LogSoftmax, Relu
from jax.flatten_util import ravel_pytree

init_random_params, predict = stax.serial(Dense(32), Relu, Dense(16), Relu, Dense(4), LogSoftmax)

rs = npr.RandomState(0)
centers = rs.randn(4, 20).astype(np.float32) * 1.5
ys = rs.randint(0, 4, size=256)
train_images = centers[ys] + rs.randn(256, 20).astype(np.float32)
train_labels = np.eye(4, dtype=np.float32)[ys]


def loss(params, batch):
    inputs, targets = batch
    logits = predict(params, inputs)
    logits = logits - jnp.max(logits, axis=1, keepdims=True)
    return -jnp.mean(jnp.sum(logits * targets, axis=1))


def accuracy(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.argmax(predict(params, inputs), axis=1) == jnp.argmax(targets, axis=1))


def clipped_grad(params, l2_norm_clip, single_example_batch):
    grads = grad(loss)(params, single_example_batch)
    nonempty_grads, tree_def = jtree.flatten(grads)
    total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(neg.ravel()) for neg in nonempty_grads]))
    divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.0)
    normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
    return jtree.unflatten(tree_def, normalized_nonempty_grads)


def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size):
    clipped_grads = vmap(clipped_grad, (None, None, 0))(params, l2_norm_clip, batch)
    clipped_grads_flat, grads_treedef = jtree.flatten(clipped_grads)
    aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
    rngs = random.split(rng, len(aggregated_clipped_grads))
    noised_aggregated_clipped_grads = [
        g + l2_norm_clip * noise_multiplier * random.normal(r, g.shape) for r, g in zip(rngs, aggregated_clipped_grads)
    ]
    normalized_noised_aggregated_clipped_grads = [g / batch_size for g in noised_aggregated_clipped_grads]
    return jtree.unflatten(grads_treedef, normalized_noised_aggregated_clipped_grads)


def shape_as_image(images, labels, dummy_dim=False):
    target_shape = (-1, 1, 20) if dummy_dim else (-1, 20)
    return jnp.reshape(images, target_shape), labels


batch_size = 32
num_batches = 256 // batch_size
l2_norm_clip, noise_multiplier, learning_rate = 1.5, 1.1, 0.15


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(256)
        for i in range(num_batches):
            idx = perm[i * batch_size : (i + 1) * batch_size]
            yield train_images[idx], train_labels[idx]


opt_init, opt_update, get_params = optimizers.sgd(learning_rate)


@jit
def update(_, i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)


@jit
def private_update(rng, i, opt_state, batch):
    params = get_params(opt_state)
    rng = random.fold_in(rng, i)
    return opt_update(i, private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size), opt_state)


key = random.PRNGKey(0)
_, init_params = init_random_params(key, (-1, 20))
print([jnp.shape(p) for p in jtree.leaves(init_params)])
g1 = clipped_grad(init_params, l2_norm_clip, shape_as_image(train_images[:1], train_labels[:1]))
print(jnp.linalg.norm(ravel_pytree(g1)[0]) <= l2_norm_clip + 1e-5)

for private in (False, True):
    opt_state = opt_init(init_params)
    itercount = itertools.count()
    batches = data_stream()
    for epoch in range(3):
        for _ in range(num_batches):
            i = next(itercount)
            if private:
                opt_state = private_update(key, i, opt_state, shape_as_image(*next(batches), dummy_dim=True))
            else:
                opt_state = update(key, i, opt_state, next(batches))
        params = get_params(opt_state)
        print(private, epoch, accuracy(params, (train_images, train_labels)), loss(params, (train_images, train_labels)))

pg = private_grad(init_params, shape_as_image(train_images[:8], train_labels[:8], True), random.PRNGKey(3), 1.0, 0.0, 8)
flat, unravel = ravel_pytree(pg)
print(flat.shape, jnp.linalg.norm(flat) <= 1.0 + 1e-5, jtree.structure(unravel(flat)) == jtree.structure(pg))
