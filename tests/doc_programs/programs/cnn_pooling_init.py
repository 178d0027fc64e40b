# A small CNN from lax.conv_general_dilated and lax.reduce_window (max and average pooling),
# its weights drawn with jax.nn.initializers, trained a few steps with SGD
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.nn import initializers

key = jax.random.key(0)
keys = jax.random.split(key, 4)
inits = {
    'he_normal': initializers.he_normal(in_axis=-2, out_axis=-1),
    'glorot_uniform': initializers.glorot_uniform(in_axis=-2, out_axis=-1),
    'lecun_normal': initializers.lecun_normal(in_axis=-2, out_axis=-1),
    'variance_scaling': initializers.variance_scaling(2.0, 'fan_out', 'truncated_normal',
                                                      in_axis=-2, out_axis=-1),
}
for name, init in inits.items():
    w = init(keys[0], (3, 3, 2, 4))
    print(name, w.shape, w.dtype, round(float(jnp.std(w)), 4))
print(initializers.orthogonal()(keys[1], (4, 4)).shape)
print(jnp.round(initializers.delta_orthogonal()(keys[1], (3, 3, 4, 4))[1, 1], 4)[0])
print(initializers.constant(0.1)(keys[2], (2,)), initializers.zeros(keys[2], (2,), jnp.int32))
print(jnp.round(initializers.uniform(0.5)(keys[3], (3,)), 4), jnp.round(initializers.normal(0.5)(keys[3], (3,)), 4))


def init_cnn(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        'conv1': initializers.he_normal(in_axis=-2, out_axis=-1)(k1, (3, 3, 1, 4)),
        'conv2': initializers.he_normal(in_axis=-2, out_axis=-1)(k2, (3, 3, 4, 8)),
        'dense': initializers.glorot_normal()(k3, (8, 3)),
        'bias': jnp.zeros(3),
    }


dn = ('NHWC', 'HWIO', 'NHWC')


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), 'VALID')


def avg_pool(x):
    summed = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), 'SAME')
    counts = lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), 'SAME')
    return summed / counts


def cnn(params, x):
    x = lax.conv_general_dilated(x, params['conv1'], (1, 1), 'SAME', dimension_numbers=dn)
    x = max_pool(jax.nn.relu(x))
    x = lax.conv_general_dilated(x, params['conv2'], (1, 1), ((1, 1), (1, 1)),
                                 rhs_dilation=(1, 1), dimension_numbers=dn)
    x = avg_pool(jax.nn.relu(x))
    x = jnp.mean(x, axis=(1, 2))
    return x @ params['dense'] + params['bias']


rng = np.random.RandomState(0)
images = jnp.asarray(rng.rand(6, 8, 8, 1).astype(np.float32))
labels = jnp.asarray(rng.randint(3, size=6))
params = init_cnn(jax.random.key(1))
print(cnn(params, images).shape)
print(jax.eval_shape(cnn, params, images))


def loss(params, images, labels):
    logits = cnn(params, images)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))


@jax.jit
def sgd_step(params, images, labels):
    l, g = jax.value_and_grad(loss)(params, images, labels)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), l


for i in range(4):
    params, l = sgd_step(params, images, labels)
    print(i, round(float(l), 5))

x = jnp.arange(16.0).reshape(1, 4, 4, 1)
print(max_pool(x)[0, ..., 0])
print(avg_pool(x)[0, ..., 0])
print(jax.grad(lambda x: max_pool(x).sum())(x)[0, ..., 0])
print(lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), 'VALID',
                        window_dilation=(1, 1, 1, 1), base_dilation=(1, 1, 1, 1))[0, ..., 0])
