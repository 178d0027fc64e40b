# Numerically safe functions with custom derivatives, as libraries write them: a norm whose
# gradient at zero is zero (custom_jvp), log1p(exp(x)) with a stable derivative, a "clip
# gradient" identity (custom_vjp) used inside a training loss, the double-where trick for sqrt
# near zero, and a check that all of them stay finite under grad, vmap and jit at edge inputs
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x**2))


@safe_norm.defjvp
def safe_norm_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    n = safe_norm(x)
    denom = jnp.where(n == 0, 1.0, n)
    return n, jnp.where(n == 0, 0.0, jnp.dot(x, t) / denom)


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


softplus.defjvps(lambda t, ans, x: jax.nn.sigmoid(x) * t)


@jax.custom_vjp
def clip_gradient(x, lo, hi):
    return x


def clip_fwd(x, lo, hi):
    return x, (lo, hi)


def clip_bwd(res, g):
    lo, hi = res
    return jnp.clip(g, lo, hi), None, None


clip_gradient.defvjp(clip_fwd, clip_bwd)


def naive_norm(x):
    return jnp.sqrt(jnp.sum(x**2))


def double_where_sqrt(x):
    safe = jnp.where(x > 0, x, 1.0)
    return jnp.where(x > 0, jnp.sqrt(safe), 0.0)


zero = jnp.zeros(3)
print("naive norm grad at 0:", jax.grad(naive_norm)(zero))
print("safe norm grad at 0:", jax.grad(safe_norm)(zero))
print("safe norm grad at (3,4,0):", jax.grad(safe_norm)(jnp.array([3.0, 4.0, 0.0])))
xs = jnp.array([-100.0, -1.0, 0.0, 1.0, 100.0])
print("softplus:", softplus(xs))
print("softplus grad:", jax.vmap(jax.grad(softplus))(xs))
print("naive log1p(exp) grad at 100:", jax.grad(lambda x: jnp.log1p(jnp.exp(x)))(100.0))
print("sqrt grad at 0 (naive, double where):", jax.grad(jnp.sqrt)(0.0), jax.grad(double_where_sqrt)(0.0))
print("double-where grads:", jax.vmap(jax.grad(double_where_sqrt))(jnp.array([-1.0, 0.0, 4.0])))
print("clip_gradient forward:", clip_gradient(jnp.array([1.0, 2.0]), -0.5, 0.5))
print("clipped grad:", jax.grad(lambda x: jnp.sum(clip_gradient(x, -0.5, 0.5) * jnp.array([3.0, -0.1])))(jnp.ones(2)))
second = jax.grad(jax.grad(softplus))(0.0)
print("softplus second derivative at 0:", second)
print("safe norm hessian finite at 1e-20:", bool(jnp.all(jnp.isfinite(jax.hessian(safe_norm)(jnp.full(3, 1e-20))))))


def loss(w, x, y):
    pred = clip_gradient(x @ w, -1.0, 1.0)
    return jnp.mean(softplus(-y * pred)) + 0.01 * safe_norm(w)


key = jax.random.key(0)
X = jax.random.normal(key, (64, 4)) * 10
y = jnp.sign(X[:, 0] + 0.1)
w = jnp.zeros(4)
step = jax.jit(lambda w: w - 0.05 * jax.grad(loss)(w, X, y))
for _ in range(100):
    w = step(w)
print("trained weights finite:", bool(jnp.all(jnp.isfinite(w))), "accuracy:", float(jnp.mean(jnp.sign(X @ w) == y)))
print("jaxpr mentions custom_jvp_call:", "custom_jvp_call" in str(jax.make_jaxpr(safe_norm)(zero)))
print("jaxpr mentions custom_vjp_call:", "custom_vjp_call" in str(jax.make_jaxpr(lambda x: clip_gradient(x, -1.0, 1.0))(zero)))
