# Capsule networks' dynamic routing by agreement: primary capsules from a small conv layer
# (conv_general_dilated with NHWC dimension numbers), prediction vectors by einsum with
# per-pair transformation matrices, three routing iterations by fori_loop with the squash
# non-linearity and softmax coupling, margin loss with its gradient, and reconstruction masking
import jax
import jax.numpy as jnp

B, HW, C_IN = 4, 8, 1
N_PRIMARY_CH, PRIMARY_DIM, N_CLASSES, CLASS_DIM = 4, 4, 3, 8
k_img, k_conv, k_w, k_lbl = jax.random.split(jax.random.key(13), 4)
images = jax.random.uniform(k_img, (B, HW, HW, C_IN))
labels = jax.random.randint(k_lbl, (B,), 0, N_CLASSES)


def squash(s, axis=-1, eps=1e-7):
    n2 = jnp.sum(s**2, axis=axis, keepdims=True)
    return n2 / (1 + n2) * s / jnp.sqrt(n2 + eps)


def primary_capsules(kernel, x):
    y = jax.lax.conv_general_dilated(x, kernel, window_strides=(2, 2), padding="VALID",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
    b, h, w, _ = y.shape
    return squash(y.reshape(b, h * w * N_PRIMARY_CH, PRIMARY_DIM))


kernel = jax.random.normal(k_conv, (3, 3, C_IN, N_PRIMARY_CH * PRIMARY_DIM)) * 0.3
u = primary_capsules(kernel, images)
N_PRIMARY = u.shape[1]
print("primary capsules:", u.shape, "norms < 1:", bool(jnp.all(jnp.linalg.norm(u, axis=-1) < 1)))
W = jax.random.normal(k_w, (N_PRIMARY, N_CLASSES, CLASS_DIM, PRIMARY_DIM)) * 0.5


def route(u, W, iters=3):
    u_hat = jnp.einsum("ijdk,bik->bijd", W, u)
    logits = jnp.zeros(u_hat.shape[:3])

    def body(_, logits):
        c = jax.nn.softmax(logits, axis=2)
        v = squash(jnp.einsum("bij,bijd->bjd", c, u_hat))
        return logits + jnp.einsum("bijd,bjd->bij", u_hat, v)

    logits = jax.lax.fori_loop(0, iters - 1, body, logits)
    c = jax.nn.softmax(logits, axis=2)
    return squash(jnp.einsum("bij,bijd->bjd", c, u_hat)), c


v, coupling = jax.jit(route, static_argnames="iters")(u, W)
print("class capsules:", v.shape, "coupling sums to 1:", bool(jnp.allclose(coupling.sum(2), 1.0, atol=1e-5)))
lengths = jnp.linalg.norm(v, axis=-1)
print("class lengths:\n", jnp.round(lengths, 4))
for iters in (1, 2, 5):
    v_i, c_i = route(u, W, iters)
    print(f"routing iters={iters}: max coupling {float(c_i.max()):.4f} mean length {float(jnp.linalg.norm(v_i, axis=-1).mean()):.4f}")


def margin_loss(W, kernel):
    v, _ = route(primary_capsules(kernel, images), W)
    lengths = jnp.linalg.norm(v, axis=-1)
    t = jax.nn.one_hot(labels, N_CLASSES)
    present = t * jnp.maximum(0.0, 0.9 - lengths) ** 2
    absent = 0.5 * (1 - t) * jnp.maximum(0.0, lengths - 0.1) ** 2
    return jnp.mean(jnp.sum(present + absent, axis=1))


loss, (gW, gk) = jax.value_and_grad(margin_loss, argnums=(0, 1))(W, kernel)
print("margin loss:", round(float(loss), 5), "grad norms:", round(float(jnp.linalg.norm(gW)), 5), round(float(jnp.linalg.norm(gk)), 5))
step = jax.jit(lambda W, k: jax.tree.map(lambda p, g: p - 2.0 * g, (W, k), jax.grad(margin_loss, argnums=(0, 1))(W, k)))
params = (W, kernel)
for _ in range(40):
    params = step(*params)
print("loss after 40 steps:", round(float(margin_loss(*params)), 5))
v, _ = route(primary_capsules(params[1], images), params[0])
masked = v * jax.nn.one_hot(labels, N_CLASSES)[..., None]
print("masked decoder input:", masked.reshape(B, -1).shape, "nonzero per row:", jnp.sum(masked.reshape(B, -1) != 0, axis=1))
print("predictions:", jnp.argmax(jnp.linalg.norm(v, axis=-1), axis=1), "labels:", labels)
