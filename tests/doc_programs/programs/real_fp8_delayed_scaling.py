# FP8 training with delayed scaling, as in transformer-engine style recipes: per-tensor scales
# from an amax history (jnp.roll into a fixed window), quantisation to float8_e4m3fn for weights
# / activations and float8_e5m2 for gradients via astype with clipping to the format's finfo max,
# matmuls of fp8 operands with preferred_element_type=float32, a custom_vjp that quantises the
# incoming gradient, training of a small regression compared with a float32 run, and
# reduce_precision / finfo queries of the formats
import jax
import jax.numpy as jnp

E4M3, E5M2 = jnp.float8_e4m3fn, jnp.float8_e5m2
HIST = 4
for dt in (E4M3, E5M2, jnp.bfloat16):
    fi = jnp.finfo(dt)
    print(jnp.dtype(dt).name, float(fi.max), float(fi.eps), fi.bits)
x = jnp.array([0.1, 1.0, 3.3, 300.0, 1000.0])
print(x.astype(E4M3), x.astype(E5M2))
print(jax.lax.reduce_precision(x, exponent_bits=4, mantissa_bits=3))


def quantize(x, scale, dtype):
    fmax = float(jnp.finfo(dtype).max)
    return jnp.clip(x * scale, -fmax, fmax).astype(dtype)


def new_scale(history, dtype, margin=0.0):
    amax = jnp.max(history)
    return jnp.where(amax > 0, float(jnp.finfo(dtype).max) / amax / 2.0**margin, 1.0)


@jax.custom_vjp
def fp8_dot(x, w, sx, sw, sg):
    y = jnp.dot(quantize(x, sx, E4M3), quantize(w, sw, E4M3), preferred_element_type=jnp.float32)
    return y / (sx * sw)


def fp8_dot_fwd(x, w, sx, sw, sg):
    return fp8_dot(x, w, sx, sw, sg), (x, w, sx, sw, sg)


def fp8_dot_bwd(res, g):
    x, w, sx, sw, sg = res
    gq = quantize(g, sg, E5M2)
    gx = jnp.dot(gq, quantize(w, sw, E4M3).T, preferred_element_type=jnp.float32) / (sg * sw)
    gw = jnp.dot(quantize(x, sx, E4M3).T, gq, preferred_element_type=jnp.float32) / (sx * sg)
    return gx, gw, None, None, None


fp8_dot.defvjp(fp8_dot_fwd, fp8_dot_bwd)
kx, kw, kt = jax.random.split(jax.random.key(0), 3)
X = jax.random.normal(kx, (64, 16))
W_true = jax.random.normal(kt, (16, 4))
Y = X @ W_true
print(fp8_dot(X, W_true, 1.0, 1.0, 1.0).dtype, bool(jnp.allclose(fp8_dot(X, W_true, 10.0, 10.0, 1.0), Y, atol=1.0)))


def loss_fn(w, scales, fp8):
    pred = fp8_dot(X, w, *scales) if fp8 else X @ w
    return jnp.mean((pred - Y) ** 2)


@jax.jit
def step(state):
    w, hx, hw, hg = state
    scales = (new_scale(hx, E4M3), new_scale(hw, E4M3), new_scale(hg, E5M2))
    loss, g = jax.value_and_grad(loss_fn)(w, scales, True)
    pred_grad = 2 * (X @ w - Y) / Y.size
    hx = jnp.roll(hx, 1).at[0].set(jnp.max(jnp.abs(X)))
    hw = jnp.roll(hw, 1).at[0].set(jnp.max(jnp.abs(w)))
    hg = jnp.roll(hg, 1).at[0].set(jnp.max(jnp.abs(pred_grad)))
    return (w - 0.05 * g, hx, hw, hg), loss


state = (jnp.zeros((16, 4)) + 0.01, jnp.zeros(HIST), jnp.zeros(HIST), jnp.zeros(HIST))
losses = []
for _ in range(60):
    state, loss = step(state)
    losses.append(float(loss))
w32 = jnp.zeros((16, 4)) + 0.01
for _ in range(60):
    w32 = w32 - 0.05 * jax.grad(loss_fn)(w32, None, False)
print(f"{losses[0]:.3f}", losses[-1] < 0.1 * losses[0], bool(jnp.abs(losses[-1] - loss_fn(w32, None, False)) < 0.5))
print(jnp.round(state[1], 3), state[3].dtype, bool(jnp.all(state[2] > 0)))
print(quantize(jnp.array([1e6, -1e6, 0.3]), 1.0, E4M3), quantize(jnp.array([1e6]), 1.0, E5M2))
print((jnp.ones(3, E4M3) + jnp.ones(3, E4M3)).dtype, (jnp.ones(2, E4M3) * 2).dtype)
for a, b in ((E4M3, jnp.bfloat16), (E4M3, E5M2)):
    try:
        jnp.result_type(a, b)
    except jax.dtypes.TypePromotionError:
        print("no implicit promotion:", jnp.dtype(a).name, jnp.dtype(b).name)
