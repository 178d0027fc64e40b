# Advanced automatic differentiation
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, jacfwd, jacrev, jvp, vjp, random

key = random.key(0)


def hessian(f):
    return jacfwd(grad(f))


def f(x):
    return jnp.dot(x, x)


print(hessian(f)(jnp.array([1., 2., 3.])))


def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)


def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)


inputs = jnp.array([[0.52, 1.12,  0.77],
                    [0.88, -1.08, 0.15],
                    [0.52, 0.06, -1.30],
                    [0.74, -2.49, 1.39]])
targets = jnp.array([True, True, False, True])
key, W_key, b_key = random.split(key, 3)
W = random.normal(W_key, (3,))
b = random.normal(b_key, ())

f = lambda W: predict(W, b, inputs)
J = jacfwd(f)(W)
print("jacfwd result, with shape", J.shape)
print(J)
J = jacrev(f)(W)
print("jacrev result, with shape", J.shape)
print(J)


def predict_dict(params, inputs):
    return predict(params['W'], params['b'], inputs)


J_dict = jacrev(predict_dict)({'W': W, 'b': b}, inputs)
for k, v in J_dict.items():
    print("Jacobian from {} to logits is".format(k))
    print(v)


def hessian2(f):
    return jacfwd(jacrev(f))


H = hessian2(f)(W)
print("hessian, with shape", H.shape)
print(H)

# stop_gradient / TD(0)
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


def f_straight_through(x):
    zero = x - jax.lax.stop_gradient(x)
    return zero + jax.lax.stop_gradient(jnp.round(x))


print("f(x): ", jnp.round(3.2))
print("straight_through f'(x):", grad(f_straight_through)(3.2))

# per-example gradients
perex_grads = jax.jit(jax.vmap(jax.grad(td_loss), in_axes=(None, 0, 0, 0)))
batched_s_tm1 = jnp.stack([s_tm1, s_tm1])
batched_r_t = jnp.stack([r_t, r_t])
batched_s_t = jnp.stack([s_t, s_t])
print(perex_grads(theta, batched_s_tm1, batched_r_t, batched_s_t))

# hvp
from jax import jvp, grad


def hvp(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp2(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def fh(X):
    return jnp.sum(jnp.tanh(X)**2)


key, subkey1, subkey2 = random.split(key, 3)
X = random.normal(subkey1, (6, 8))
V = random.normal(subkey2, (6, 8))
ans1 = hvp2(fh, (X,), (V,))
ans2 = jnp.tensordot(hessian2(fh)(X), V, 2)
print(jnp.allclose(ans1, ans2, 1e-4, 1e-4))
print(jnp.allclose(hvp(fh, X, V), ans1, 1e-4, 1e-4))


def hvp_revrev(f, primals, tangents):
    x, = primals
    v, = tangents
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


print(jnp.allclose(hvp_revrev(fh, (X,), (V,)), ans1, 1e-4, 1e-4))

# jvp / vjp
key, subkey = random.split(key)
v = random.normal(subkey, W.shape)
y, u = jvp(f, (W,), (v,))
print(y, u)
y, vjp_fun = vjp(f, W)
key, subkey = random.split(key)
u = random.normal(subkey, y.shape)
v = vjp_fun(u)
print(v)


def vgrad(f, x):
    y, vjp_fn = vjp(f, x)
    return vjp_fn(jnp.ones(y.shape))[0]


print(vgrad(lambda x: 3*x**2, jnp.ones((2, 2))))

# jacobian-matrix and matrix-jacobian products
key, subkey = random.split(key)
M = random.normal(subkey, (W.shape[0], 10))
f_vmap_jvp = vmap(lambda t: jvp(f, (W,), (t,))[1], in_axes=1, out_axes=1)
print(f_vmap_jvp(M).shape)
jacobian_mp = jacfwd(f)(W) @ M
print(jnp.allclose(jacobian_mp, f_vmap_jvp(M), atol=1e-5))

# complex numbers
def fc(z):
    x, y = jnp.real(z), jnp.imag(z)
    return x**2 + y**2


z = 3. + 4j
print(grad(fc)(z))


def gc(z):
    x, y = jnp.real(z), jnp.imag(z)
    return x**2 + y**2


print(grad(lambda z: jnp.abs(z)**2)(3. + 4j))
print(grad(jnp.sin, holomorphic=True)(3. + 4j) if hasattr(jnp, 'sin') else None)
A = jnp.array([[5.,    2.+3j,    5j],
              [2.-3j,   7.,  1.+7j],
              [-5j,  1.-7j,    12.]])


def fchol(X):
    L = jnp.linalg.cholesky(X)
    return jnp.sum((L - jnp.sin(L))**2)


print(grad(fchol, holomorphic=True)(A))
