# examples/mnist_vae.py (stax + optimizers), small synthetic binarized data
import numpy.random as npr
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, lax, random
from jax.example_libraries import optimizers
from jax.example_libraries import stax
from jax.example_libraries.stax import Dense, FanOut, Relu, Softplus


def gaussian_kl(mu, sigmasq):
    return -0.5 * jnp.sum(1. + jnp.log(sigmasq) - mu**2. - sigmasq)


def gaussian_sample(rng, mu, sigmasq):
    return mu + jnp.sqrt(sigmasq) * random.normal(rng, mu.shape)


def bernoulli_logpdf(logits, x):
    return -jnp.sum(jnp.logaddexp(0., jnp.where(x, -1., 1.) * logits))


def elbo(rng, params, images):
    enc_params, dec_params = params
    mu_z, sigmasq_z = encode(enc_params, images)
    logits_x = decode(dec_params, gaussian_sample(rng, mu_z, sigmasq_z))
    return bernoulli_logpdf(logits_x, images) - gaussian_kl(mu_z, sigmasq_z)


def image_sample(rng, params, nrow, ncol):
    _, dec_params = params
    code_rng, img_rng = random.split(rng)
    logits = decode(dec_params, random.normal(code_rng, (nrow * ncol, 4)))
    sampled_images = random.bernoulli(img_rng, jnp.logaddexp(0., logits))
    return sampled_images.reshape(nrow, ncol, 4, 4)


encoder_init, encode = stax.serial(
    Dense(32), Relu,
    FanOut(2),
    stax.parallel(Dense(4), stax.serial(Dense(4), Softplus)),
)
decoder_init, decode = stax.serial(Dense(32), Relu, Dense(16))

step_size = 0.001
num_epochs = 3
batch_size = 16
nrow, ncol = 2, 2
test_rng = random.key(1)
rs = npr.RandomState(0)
train_images = (rs.rand(64, 16) > 0.5).astype(np.float32)
test_images = (rs.rand(32, 16) > 0.5).astype(np.float32)
num_complete_batches, leftover = divmod(train_images.shape[0], batch_size)
num_batches = num_complete_batches + bool(leftover)

enc_init_rng, dec_init_rng = random.split(random.key(2))
out_shape, init_encoder_params = encoder_init(enc_init_rng, (batch_size, 16))
print(out_shape)
_, init_decoder_params = decoder_init(dec_init_rng, (batch_size, 4))
init_params = init_encoder_params, init_decoder_params
print(jax.tree.map(lambda x: x.shape, init_params))

opt_init, opt_update, get_params = optimizers.momentum(step_size, mass=0.9)
train_images = jax.device_put(train_images)
test_images = jax.device_put(test_images)


def binarize_batch(rng, i, images):
    i = i % num_batches
    batch = lax.dynamic_slice_in_dim(images, i * batch_size, batch_size)
    return random.bernoulli(rng, batch)


@jit
def run_epoch(rng, opt_state, images):
    def body_fun(i, opt_state):
        elbo_rng, data_rng = random.split(random.fold_in(rng, i))
        batch = binarize_batch(data_rng, i, images)
        loss = lambda params: -elbo(elbo_rng, params, batch) / batch_size
        g = jax.grad(loss)(get_params(opt_state))
        return opt_update(i, g, opt_state)
    return lax.fori_loop(0, num_batches, body_fun, opt_state)


@jit
def evaluate(opt_state, images):
    params = get_params(opt_state)
    elbo_rng, data_rng, image_rng = random.split(test_rng, 3)
    binarized_test = random.bernoulli(data_rng, images)
    test_elbo = elbo(elbo_rng, params, binarized_test) / images.shape[0]
    sampled_images = image_sample(image_rng, params, nrow, ncol)
    return test_elbo, sampled_images


opt_state = opt_init(init_params)
for epoch in range(num_epochs):
    opt_state = run_epoch(random.key(epoch), opt_state, train_images)
    test_elbo, sampled_images = evaluate(opt_state, test_images)
    print(f"{epoch: 3d} {test_elbo:.3f}")
    print(sampled_images.shape, sampled_images.dtype)

# other optimizers on the same problem
for name, opt in [("sgd", optimizers.sgd(0.01)), ("adam", optimizers.adam(0.01)),
                  ("rmsprop", optimizers.rmsprop(0.01)), ("adagrad", optimizers.adagrad(0.1)),
                  ("nesterov", optimizers.nesterov(0.01, 0.9)), ("adamax", optimizers.adamax(0.01)),
                  ("sm3", optimizers.sm3(0.1)), ("rmsprop_momentum", optimizers.rmsprop_momentum(0.01))]:
    o_init, o_update, o_get = opt
    st = o_init(jnp.array([1.0, -2.0]))
    for i in range(3):
        st = o_update(i, jax.grad(lambda p: jnp.sum(p ** 2))(o_get(st)), st)
    print(name, jnp.round(o_get(st), 4))
sched = optimizers.exponential_decay(0.1, 10, 0.5)
print(jnp.round(sched(20), 4), optimizers.piecewise_constant([2, 4], [1., 0.5, 0.1])(3))
print(jnp.round(optimizers.l2_norm({'a': jnp.ones(4)}), 4))
print(optimizers.clip_grads({'a': jnp.ones(4) * 3}, 1.0))
