# "The Autodiff Cookbook" end to end as a reader pastes it: gradients with argnums, value_and_grad,
# checking against finite differences, hvp by forward-over-reverse, jacobians of a pytree to a
# pytree, jacobian-matrix products via vmap, complex numbers and holomorphic functions
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, random, jacfwd, jacrev, jvp, vjp

key = random.key(0)


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
W = random.normal(W_key, (3,))
b = random.normal(b_key, ())
W_grad = grad(loss, argnums=0)(W, b)
print('W_grad', W_grad)
b_grad = grad(loss, 1)(W, b)
print('b_grad', b_grad)
W_grad, b_grad = grad(loss, (0, 1))(W, b)
print('W_grad', W_grad, 'b_grad', b_grad)


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
key, subkey = random.split(key)
vec = random.normal(subkey, W.shape)
unitvec = vec / jnp.sqrt(jnp.vdot(vec, vec))
W_grad_numerical = (loss(W + eps / 2. * unitvec, b) - loss(W - eps / 2. * unitvec, b)) / eps
print('W_dirderiv_numerical', round(float(W_grad_numerical), 1))
print('W_dirderiv_autodiff', round(float(jnp.vdot(grad(loss)(W, b), unitvec)), 1))


def hvp(f, x, v):
    return jvp(grad(f), (x,), (v,))[1]


def f(X):
    return jnp.sum(jnp.tanh(X) ** 2)


key, subkey1, subkey2 = random.split(key, 3)
X = random.normal(subkey1, (30, 40))
V = random.normal(subkey2, (30, 40))
ans1 = hvp(f, X, V)
ans2 = jnp.tensordot(jax.hessian(f)(X), V, 2)
print(jnp.allclose(ans1, ans2, 1e-4, 1e-4))

J = jacfwd(predict, argnums=0)(W, b, inputs)
print("jacfwd result, with shape", J.shape)
J = jacrev(predict)(W, b, inputs)
print("jacrev result, with shape", J.shape)


def hessian(f):
    return jacfwd(jacrev(f))


H = hessian(predict)(W, b, inputs)
print("hessian, with shape", H.shape)


def predict_dict(params, inputs):
    return predict(params['W'], params['b'], inputs)


J_dict = jacrev(predict_dict)({'W': W, 'b': b}, inputs)
for k, v in J_dict.items():
    print("Jacobian from {} to logits is".format(k))
    print(v.shape)

Y = jnp.ones((5, 3))


def vmap_mjp(f, x, M):
    y, vjp_fun = vjp(f, x)
    outs, = vmap(vjp_fun)(M)
    return outs


U = random.normal(key, (4, 3 * 0 + 4))
print(vmap_mjp(lambda W: predict(W, b, inputs), W, U).shape)


def vmap_jmp(f, W, M):
    _jvp = lambda s: jvp(f, (W,), (s,))[1]
    return vmap(_jvp)(M)


S = random.normal(key, (2, 3))
print(vmap_jmp(lambda W: predict(W, b, inputs), W, S).shape)


def f(z):
    x, y = jnp.real(z), jnp.imag(z)
    return x ** 2 + y ** 2


z = 3. + 4j
print(grad(f)(z))


def g(z):
    return jnp.sin(z)


print(grad(g, holomorphic=True)(z), jnp.cos(z))


def f(z):
    return jnp.abs(z) ** 2


print(grad(f)(z))
A = jnp.array([[5., 2. + 3j, 5j], [2. - 3j, 7., 1. + 7j], [-5j, 1. - 7j, 12.]])


def f(X):
    L = jnp.linalg.cholesky(X)
    return jnp.sum((L - jnp.sin(L)) ** 2)


print(grad(f, holomorphic=True)(A))
try:
    grad(jnp.sin)(1 + 1j)
except TypeError as e:
    print(type(e).__name__)
print(jacrev(jnp.sin, holomorphic=True)(jnp.array([1 + 1j, 2 - 1j])))
try:
    jacfwd(lambda z: z * jnp.conj(z))(jnp.array(1 + 2j))
except TypeError as e:
    print(type(e).__name__, str(e)[:60])
