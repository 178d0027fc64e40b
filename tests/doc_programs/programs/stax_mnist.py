# examples/mnist_classifier.py with stax and optimizers (synthetic data)
import itertools
import numpy.random as npr
import numpy as np
import jax.numpy as jnp
from jax import jit, grad, random
from jax.example_libraries import optimizers
from jax.example_libraries import stax
from jax.example_libraries.stax import Dense, Relu, LogSoftmax, Conv, Flatten, MaxPool


def loss(params, batch):
    inputs, targets = batch
    preds = predict(params, inputs)
    return -jnp.mean(jnp.sum(preds * targets, axis=1))


def accuracy(params, batch):
    inputs, targets = batch
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(predict(params, inputs), axis=1)
    return jnp.mean(predicted_class == target_class)


init_random_params, predict = stax.serial(
    Dense(32), Relu,
    Dense(32), Relu,
    Dense(10), LogSoftmax)

rng = random.key(0)
step_size = 0.001
num_epochs = 2
batch_size = 32
momentum_mass = 0.9
r = np.random.RandomState(0)
centers = r.normal(size=(10, 20)).astype(np.float32)
lab = r.randint(0, 10, 256)
train_images = centers[lab] + 0.3 * r.normal(size=(256, 20)).astype(np.float32)
train_labels = np.eye(10, dtype=np.float32)[lab]
num_train = train_images.shape[0]
num_complete_batches, leftover = divmod(num_train, batch_size)
num_batches = num_complete_batches + bool(leftover)


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(num_train)
        for i in range(num_batches):
            batch_idx = perm[i * batch_size:(i + 1) * batch_size]
            yield train_images[batch_idx], train_labels[batch_idx]


batches = data_stream()
opt_init, opt_update, get_params = optimizers.momentum(step_size, mass=momentum_mass)


@jit
def update(i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)


_, init_params = init_random_params(rng, (-1, 20))
opt_state = opt_init(init_params)
itercount = itertools.count()
print("\nStarting training...")
for epoch in range(num_epochs):
    for _ in range(num_batches):
        opt_state = update(next(itercount), opt_state, next(batches))
    params = get_params(opt_state)
    train_acc = accuracy(params, (train_images, train_labels))
    print(f"Epoch {epoch}")
    print(f"Training set accuracy {train_acc:.3f}")

# adam + conv net
init_fun, conv_net = stax.serial(Conv(4, (3, 3), padding='SAME'), Relu, MaxPool((2, 2)),
                                 Flatten, Dense(10), LogSoftmax)
out_shape, cparams = init_fun(random.key(1), (2, 8, 8, 1))
print(out_shape)
print(conv_net(cparams, jnp.ones((2, 8, 8, 1))).shape)
opt_init, opt_update, get_params = optimizers.adam(1e-2)
state = opt_init(cparams)
x = jnp.ones((2, 8, 8, 1))
y = jnp.eye(10)[:2]
for i in range(3):
    g = grad(lambda p: -jnp.mean(jnp.sum(conv_net(p, x) * y, axis=1)))(get_params(state))
    state = opt_update(i, g, state)
print(float(-jnp.mean(jnp.sum(conv_net(get_params(state), x) * y, axis=1))))
print(optimizers.l2_norm(get_params(state)) > 0)
print(optimizers.clip_grads(g, 1.0)[0][0].shape)
sched = optimizers.exponential_decay(0.1, 10, 0.5)
print(sched(20))
