# A DCGAN-style generator / discriminator on 16x16 images: lax.conv_transpose with strides 2 and
# "SAME" padding doubling spatial sizes, the equivalence of a transposed convolution with a
# dilated-input convolution (lhs_dilation) and with the gradient of a strided convolution,
# strided discriminator convolutions, batch statistics normalisation, and one non-saturating GAN
# update with output shapes and gradient norms
import jax
import jax.numpy as jnp

DN = ("NHWC", "HWIO", "NHWC")


def deconv(x, w):
    return jax.lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=DN)


def conv(x, w, stride=2):
    return jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=DN)


def bn(x):
    return (x - x.mean((0, 1, 2))) / jnp.sqrt(x.var((0, 1, 2)) + 1e-5)


def init(key):
    k = jax.random.split(key, 6)
    n = lambda k, s: jax.random.normal(k, s) * 0.05
    return {
        "g_fc": n(k[0], (8, 4 * 4 * 32)),
        "g_d1": n(k[1], (4, 4, 32, 16)),
        "g_d2": n(k[2], (4, 4, 16, 1)),
        "d_c1": n(k[3], (4, 4, 1, 16)),
        "d_c2": n(k[4], (4, 4, 16, 32)),
        "d_fc": n(k[5], (4 * 4 * 32, 1)),
    }


def generator(p, z):
    h = jax.nn.relu(bn((z @ p["g_fc"]).reshape(-1, 4, 4, 32)))
    h = jax.nn.relu(bn(deconv(h, p["g_d1"])))
    return jnp.tanh(deconv(h, p["g_d2"]))


def discriminator(p, x):
    h = jax.nn.leaky_relu(conv(x, p["d_c1"]), 0.2)
    h = jax.nn.leaky_relu(bn(conv(h, p["d_c2"])), 0.2)
    return (h.reshape(h.shape[0], -1) @ p["d_fc"])[:, 0]


p = init(jax.random.key(0))
z = jax.random.normal(jax.random.key(1), (4, 8))
img = jax.jit(generator)(p, z)
print(img.shape, float(img.min()) >= -1, float(img.max()) <= 1)
print(discriminator(p, img).shape)

x = jax.random.normal(jax.random.key(2), (1, 5, 5, 3))
w = jax.random.normal(jax.random.key(3), (3, 3, 3, 2))
t = jax.lax.conv_transpose(x, w, (2, 2), "VALID", dimension_numbers=DN)
dil = jax.lax.conv_general_dilated(x, jnp.flip(w, (0, 1)), (1, 1), [(2, 2), (2, 2)], lhs_dilation=(2, 2), dimension_numbers=DN)
print(t.shape, dil.shape, bool(jnp.allclose(t, dil, atol=1e-5)))
y_shape = jax.eval_shape(lambda a: conv(a, jnp.zeros((3, 3, 2, 3)), 2), jax.ShapeDtypeStruct((1, 10, 10, 2), jnp.float32))
_, vjp = jax.vjp(lambda a: conv(a, w.transpose(0, 1, 3, 2), 2), jnp.zeros((1, 10, 10, 2)))
grad_like = vjp(jax.random.normal(jax.random.key(4), y_shape.shape))[0]
print(y_shape.shape, grad_like.shape)
t_trans = jax.lax.conv_transpose(x, w.swapaxes(2, 3), (2, 2), "SAME", dimension_numbers=DN, transpose_kernel=True)
print(t_trans.shape)


def d_loss(p, real, z):
    fake = generator(p, z)
    return jnp.mean(jax.nn.softplus(-discriminator(p, real))) + jnp.mean(jax.nn.softplus(discriminator(p, jax.lax.stop_gradient(fake))))


def g_loss(p, z):
    return jnp.mean(jax.nn.softplus(-discriminator(p, generator(p, z))))


real = jnp.tanh(jax.random.normal(jax.random.key(5), (4, 16, 16, 1)))
dl, dg = jax.jit(jax.value_and_grad(d_loss))(p, real, z)
gl, gg = jax.jit(jax.value_and_grad(g_loss))(p, z)
print(float(dl), float(gl))
print(sorted(k for k, v in dg.items() if float(jnp.abs(v).sum()) > 0), sorted(k for k, v in gg.items() if float(jnp.abs(v).sum()) > 0))
