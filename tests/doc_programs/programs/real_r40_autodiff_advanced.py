# The "Automatic differentiation" and "Advanced automatic differentiation" pages in one user
# session: grad with argnums and has_aux, value_and_grad of a logistic model, jacfwd / jacrev
# shapes, hessians, hvp by forward-over-reverse and reverse-over-forward, jvp / vjp / linearize,
# stop_gradient in a TD(0) update, per-example gradients, and gradients of pytrees
import jax
import jax.numpy as jnp
from jax import grad, jacfwd, jacrev, jit, jvp, vjp, vmap

key = jax.random.key(0)


def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)


def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)


inputs = jnp.array([[0.52, 1.12, 0.77], [0.88, -1.08, 0.15], [0.52, 0.06, -1.30], [0.74, -2.49, 1.39]])
targets = jnp.array([True, True, False, True])


def loss(W, b):
    preds = predict(W, b, inputs)
    label_probs = preds * targets + (1 - preds) * (1 - targets)
    return -jnp.sum(jnp.log(label_probs))


key, W_key, b_key = jax.random.split(key, 3)
W = jax.random.normal(W_key, (3,))
b = jax.random.normal(b_key, ())
W_grad = grad(loss, argnums=0)(W, b)
print("W_grad", W_grad)
W_grad, b_grad = grad(loss, (0, 1))(W, b)
print("b_grad", b_grad)
loss_value, Wb_grad = jax.value_and_grad(loss, (0, 1))(W, b)
print("loss value", loss_value)
print("loss value", loss(W, b))

eps = 1e-4
b_grad_numerical = (loss(W, b + eps / 2.0) - loss(W, b - eps / 2.0)) / eps
print("b_grad_numerical", b_grad_numerical)

J = jacfwd(predict, argnums=0)(W, b, inputs)
print("jacfwd result, with shape", J.shape)
J = jacrev(predict, argnums=0)(W, b, inputs)
print("jacrev result, with shape", J.shape)


def hessian(f):
    return jacfwd(jacrev(f))


H = hessian(lambda W: loss(W, b))(W)
print("hessian, with shape", H.shape)
print(jnp.allclose(H, H.T, atol=1e-5))


def hvp(f, x, v):
    return jvp(grad(f), (x,), (v,))[1]


def hvp_revfwd(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp_fwdrev(f, x, v):
    return grad(lambda x: jvp(f, (x,), (v,))[1])(x)


f = lambda W: loss(W, b)
v = jnp.array([1.0, -1.0, 0.5])
print(hvp(f, W, v))
print(jnp.allclose(hvp(f, W, v), H @ v, atol=1e-5), jnp.allclose(hvp_revfwd(f, W, v), H @ v, atol=1e-5))
print(jnp.allclose(hvp_fwdrev(f, W, v), H @ v, atol=1e-5))

y, u = jvp(f, (W,), (v,))
print(y, u)
y, vjp_fun = vjp(f, W)
print(vjp_fun(1.0))
y, f_jvp = jax.linearize(f, W)
print(f_jvp(v))

# has_aux
def loss_aux(W, b):
    preds = predict(W, b, inputs)
    return jnp.sum((preds - targets) ** 2), preds


g, aux = grad(loss_aux, has_aux=True)(W, b)
print(g.shape, aux.shape)

# stop_gradient: TD(0)
value_fn = lambda theta, state: jnp.dot(theta, state)
theta = jnp.array([0.1, -0.1, 0.0])
s_tm1 = jnp.array([1.0, 2.0, -1.0])
r_t = jnp.array(1.0)
s_t = jnp.array([2.0, 1.0, 0.0])


def td_loss(theta, s_tm1, r_t, s_t):
    v_tm1 = value_fn(theta, s_tm1)
    target = r_t + value_fn(theta, s_t)
    return -0.5 * ((jax.lax.stop_gradient(target) - v_tm1) ** 2)


td_update = grad(td_loss)
delta_theta = td_update(theta, s_tm1, r_t, s_t)
print(delta_theta)

# per-example gradients
perex_grads = jit(vmap(grad(td_loss), in_axes=(None, 0, 0, 0)))
batched_s_tm1 = jnp.stack([s_tm1, s_tm1])
batched_r_t = jnp.stack([r_t, r_t])
batched_s_t = jnp.stack([s_t, s_t])
print(perex_grads(theta, batched_s_tm1, batched_r_t, batched_s_t))

# pytrees
def loss2(params, x):
    return jnp.sum(jnp.tanh(x @ params["w"] + params["b"]) ** 2)


params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
gp = grad(loss2)(params, inputs)
print(jax.tree.map(jnp.shape, gp))
print(jax.tree.map(lambda g: g.dtype, jax.jacrev(loss2)(params, inputs)))
try:
    grad(lambda x: x)(jnp.ones(3))
except TypeError as e:
    print(type(e).__name__)
try:
    grad(lambda x: x * 2)(3)
except TypeError as e:
    print(type(e).__name__)
print(grad(lambda x: x ** 3)(2.0), grad(grad(lambda x: x ** 3))(2.0), grad(grad(grad(lambda x: x ** 3)))(2.0))
