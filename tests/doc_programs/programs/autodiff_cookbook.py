# The Autodiff Cookbook
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, jvp, vjp, jacfwd, jacrev, random

key = random.key(0)
grad_tanh = grad(jnp.tanh)
print(grad_tanh(2.0))
print(grad(grad(grad(jnp.tanh)))(2.0))


def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)


def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)


inputs = jnp.array([[0.52, 1.12, 0.77],
                    [0.88, -1.08, 0.15],
                    [0.52, 0.06, -1.30],
                    [0.74, -2.49, 1.39]])
targets = jnp.array([True, True, False, True])


def loss(W, b):
    preds = predict(W, b, inputs)
    label_probs = preds * targets + (1 - preds) * (1 - targets)
    return -jnp.sum(jnp.log(label_probs))


key, W_key, b_key = random.split(key, 3)
W = jnp.array([0.1, -0.2, 0.3])
b = 0.05
W_grad = grad(loss, argnums=0)(W, b)
print(f'{W_grad=}')
W_grad, b_grad = grad(loss, (0, 1))(W, b)
print(f'{b_grad=}')


def loss2(params_dict):
    preds = predict(params_dict['W'], params_dict['b'], inputs)
    label_probs = preds * targets + (1 - preds) * (1 - targets)
    return -jnp.sum(jnp.log(label_probs))


print(grad(loss2)({'W': W, 'b': b}))
loss_value, Wb_grad = jax.value_and_grad(loss, (0, 1))(W, b)
print('loss value', loss_value)
print('loss value', loss(W, b))

eps = 1e-4
b_grad_numerical = (loss(W, b + eps / 2.) - loss(W, b - eps / 2.)) / eps
print('b_grad_numerical', round(float(b_grad_numerical), 2))
print('b_grad_autodiff', round(float(grad(loss, 1)(W, b)), 2))


def hvp(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp2(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def f(X):
    return jnp.sum(jnp.tanh(X) ** 2)


X = jnp.array([[0.5, -1.], [2., 0.3]])
V = jnp.array([[1., 0.], [0.5, -0.2]])
ans1 = hvp(f, X, V)
ans2 = jnp.tensordot(jax.hessian(f)(X), V, 2)
print(jnp.allclose(ans1, ans2, 1e-4, 1e-4))
print(jnp.allclose(hvp2(f, (X,), (V,)), ans2, 1e-4, 1e-4))

J = jacfwd(predict, argnums=1)(W, b, inputs)
print(J)
J = jacrev(predict, argnums=0)(W, b, inputs)
print(J.shape)


def predict_dict(params, inputs):
    return predict(params['W'], params['b'], inputs)


J_dict = jacrev(predict_dict)({'W': W, 'b': b}, inputs)
for k, v in J_dict.items():
    print("Jacobian from {} to logits is".format(k))
    print(v)
print(jax.tree.map(jnp.shape, jacfwd(lambda p: {'a': p[0] * 2, 'b': (p[1] ** 2, p[0])})((jnp.ones(2), 3.))))

y, u = jvp(f, (W,), (jnp.ones_like(W),))
print(y, u)
y, vjp_fun = vjp(predict, W, b, inputs)
print(vjp_fun(jnp.ones(4))[0])
y, f_jvp = jax.linearize(jnp.sin, 1.5)
print(y, f_jvp(1.0), f_jvp(2.0))


def vmap_mjp(f, x, M):
    y, vjp_fun = vjp(f, x)
    outs, = vmap(vjp_fun)(M)
    return outs


U = jnp.eye(4)[:2]
print(vmap_mjp(lambda W: predict(W, b, inputs), W, U))


# Complex numbers and differentiation
def f(z):
    x, y = jnp.real(z), jnp.imag(z)
    return x**2 + y**2


z = 3. + 4j
print(grad(f)(z))


def f(z):
    return jnp.abs(z) ** 2


print(grad(f)(z))
print(grad(jnp.sin, holomorphic=True)(z))
print(grad(lambda z: z ** 3, holomorphic=True)(1. + 1j))
print(jacfwd(lambda z: z * 2j, holomorphic=True)(jnp.array([1. + 1j, 2.])))
try:
    grad(jnp.sin)(z)
except TypeError as e:
    print(type(e).__name__)
try:
    grad(lambda z: z * 2, holomorphic=True)(1.)
except TypeError as e:
    print(type(e).__name__)
A = jnp.array([[5., 2. + 3j, 5j], [2. - 3j, 7., 1. + 7j], [-5j, 1. - 7j, 12.]])


def f(X):
    L = jnp.linalg.cholesky(X)
    return jnp.sum((L - jnp.sin(L)) ** 2)


print(grad(f, holomorphic=True)(A))
print(jvp(jnp.exp, (1j,), (1. + 0j,)))


# stop_gradient: TD(0)
value_fn = lambda theta, state: jnp.dot(theta, state)
theta = jnp.array([0.1, -0.1, 0.])
s_tm1 = jnp.array([1., 2., -1.])
r_t = jnp.array(1.)
s_t = jnp.array([2., 1., 0.])


def td_loss(theta, s_tm1, r_t, s_t):
    v_tm1 = value_fn(theta, s_tm1)
    target = r_t + value_fn(theta, s_t)
    return -0.5 * ((jax.lax.stop_gradient(target) - v_tm1) ** 2)


td_update = jax.grad(td_loss)
delta_theta = td_update(theta, s_tm1, r_t, s_t)
print(delta_theta)


# Straight-through estimator
def f(x):
    return jnp.round(x)


def straight_through_f(x):
    zero = x - jax.lax.stop_gradient(x)
    return zero + jax.lax.stop_gradient(f(x))


print("f(x): ", f(3.2))
print("straight_through_f(x):", straight_through_f(3.2))
print("grad(f)(x):", jax.grad(f)(3.2))
print("grad(straight_through_f)(x):", jax.grad(straight_through_f)(3.2))

# Per-example gradients
perex_grads = jax.jit(jax.vmap(jax.grad(td_loss), in_axes=(None, 0, 0, 0)))
batched_s_tm1 = jnp.stack([s_tm1, s_tm1])
batched_r_t = jnp.stack([r_t, r_t])
batched_s_t = jnp.stack([s_t, s_t])
print(perex_grads(theta, batched_s_tm1, batched_r_t, batched_s_t))
dtdloss_dtheta = jax.grad(td_loss)
print(jax.vmap(dtdloss_dtheta, in_axes=(None, 0, 0, 0))(theta, batched_s_tm1, batched_r_t, batched_s_t))
