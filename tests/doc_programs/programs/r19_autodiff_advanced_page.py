# The "Advanced automatic differentiation" page: taking gradients (grad of grad), hessian-vector
# products four ways, jacobians of pytrees and their shapes, the jacobian-matrix and
# matrix-jacobian products by vmap of jvp / vjp, stopping gradients (TD(0)), straight-through
# estimators, per-example gradients, and hessians of a loss with respect to a dict of params
import jax
import jax.numpy as jnp
from jax import grad, jacfwd, jacrev, jit, jvp, vjp, vmap

key = jax.random.key(0)


def f(x):
    return jnp.tanh(x)


dfdx = grad(f)
d2fdx = grad(dfdx)
d3fdx = grad(d2fdx)
print(dfdx(1.0), d2fdx(1.0), d3fdx(1.0))

f2 = lambda x: x**3 + 2 * x**2 - 3 * x + 1
print(grad(f2)(1.0), grad(grad(f2))(1.0), grad(grad(grad(f2)))(1.0), grad(grad(grad(grad(f2))))(1.0))


def hessian(f):
    return jacfwd(grad(f))


def fq(x):
    return jnp.dot(x, x)


print(hessian(fq)(jnp.array([1.0, 2.0, 3.0])))


def hvp(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp_fwd_rev(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def hvp_rev_fwd(f, primals, tangents):
    g = lambda primals: jvp(f, primals, tangents)[1]
    return grad(g)(primals)


def hvp_rev_rev(f, primals, tangents):
    x, = primals
    v, = tangents
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def fsum(X):
    return jnp.sum(jnp.tanh(X) ** 2)


key, subkey1, subkey2 = jax.random.split(key, 3)
X = jax.random.normal(subkey1, (30, 40))
V = jax.random.normal(subkey2, (30, 40))
ans1 = hvp(fsum, X, V)
ans2 = jnp.tensordot(hessian(fsum)(X), V, 2)
print(jnp.allclose(ans1, ans2, 1e-4, 1e-4), ans1.shape, ans1[0, :3])
for h in (hvp_fwd_rev, hvp_rev_fwd, hvp_rev_rev):
    r = h(fsum, (X,), (V,))
    r = r[0] if isinstance(r, tuple) else r
    print(h.__name__, jnp.allclose(r, ans2, 1e-4, 1e-4))


def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)


def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)


inputs = jnp.array([[0.52, 1.12, 0.77], [0.88, -1.08, 0.15], [0.52, 0.06, -1.30], [0.74, -2.49, 1.39]])
key, W_key, b_key = jax.random.split(key, 3)
W = jax.random.normal(W_key, (3,))
b = jax.random.normal(b_key, ())
f = lambda W: predict(W, b, inputs)
J = jacfwd(f)(W)
print("jacfwd result, with shape", J.shape)
print(J)
J = jacrev(f)(W)
print("jacrev result, with shape", J.shape)
print(J)


def predict_dict(params, inputs):
    return predict(params["W"], params["b"], inputs)


J_dict = jacrev(predict_dict)({"W": W, "b": b}, inputs)
for k, v in J_dict.items():
    print("Jacobian from {} to logits is".format(k))
    print(v)
print("hessian, with shape", hessian(f)(W).shape)
print(hessian(f)(W)[0])

key, subkey = jax.random.split(key)
Vmat = jax.random.normal(subkey, (5, 3))
vmap_jvp = vmap(lambda v: jvp(f, (W,), (v,))[1], out_axes=1)
print(vmap_jvp(Vmat).shape, jnp.allclose(vmap_jvp(Vmat), J @ Vmat.T, atol=1e-5))
y, vjp_fun = vjp(f, W)
key, subkey = jax.random.split(key)
U = jax.random.normal(subkey, (2, 4))
print(vmap(vjp_fun)(U)[0].shape, jnp.allclose(vmap(vjp_fun)(U)[0], U @ J, atol=1e-5))


def value_fn(theta, state):
    return theta.dot(state)


theta = jnp.array([0.1, -0.1, 0.0])
s_tm1 = jnp.array([1.0, 2.0, -1.0])
r_t = jnp.array(1.0)
s_t = jnp.array([2.0, 1.0, 0.0])


def td_loss(theta, s_tm1, r_t, s_t):
    v_tm1 = value_fn(theta, s_tm1)
    target = r_t + value_fn(theta, s_t)
    return -0.5 * ((jax.lax.stop_gradient(target) - v_tm1) ** 2)


td_update = jax.grad(td_loss)
print(td_update(theta, s_tm1, r_t, s_t))
s_batch = jnp.stack([s_tm1, s_t, s_tm1 * 2])
per_example = jit(vmap(td_update, in_axes=(None, 0, None, 0)))
print(per_example(theta, s_batch, r_t, s_batch[::-1]))


def f_st(x):
    return jnp.round(x)


def straight_through_f(x):
    zero = x - jax.lax.stop_gradient(x)
    return zero + jax.lax.stop_gradient(f_st(x))


print("f(x): ", f_st(3.2))
print("straight_through_f(x):", straight_through_f(3.2))
print("grad(f)(x):", jax.grad(f_st)(3.2))
print("grad(straight_through_f)(x):", jax.grad(straight_through_f)(3.2))
