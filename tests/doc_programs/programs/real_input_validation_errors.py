# A training script's defensive checks: shapes validated before a jitted step by catching the
# errors JAX raises (TypeError for dot_general / reshape / concatenate mismatches, ValueError for
# vmap axis sizes and uneven splits, out-of-range static indices (clamped, no error),
# ConcretizationTypeError for Python control flow on traced values, and a non-hashable static
# argument), each error's class and whether it is a TypeError / ValueError / IndexError, then a
# guarded training step that falls back to reshaping inputs
import jax
import jax.numpy as jnp


def check(name, fn):
    try:
        out = fn()
        print(name, "ok", getattr(out, "shape", out))
    except Exception as e:  # noqa: BLE001
        print(name, type(e).__name__, isinstance(e, (TypeError, ValueError, IndexError)))


w = jnp.ones((4, 3))
check("matmul", lambda: jnp.ones((2, 5)) @ w)
check("dot", lambda: jnp.dot(jnp.ones((2, 4)), w))
check("reshape", lambda: jnp.ones(10).reshape(3, 4))
check("reshape-infer", lambda: jnp.ones(12).reshape(-1, 5))
check("concat", lambda: jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))]))
check("broadcast", lambda: jnp.ones((3, 2)) + jnp.ones((4, 2)))
check("vmap-sizes", lambda: jax.vmap(lambda a, b: a + b)(jnp.ones((3, 2)), jnp.ones((4, 2))))
check("index", lambda: jnp.ones((3, 4))[5])
check("index-jit", lambda: jax.jit(lambda a: a[5])(jnp.ones((3, 4))))


def relu_python(x):
    if x > 0:
        return x
    return 0.0


check("python-if", lambda: jax.jit(relu_python)(1.0))
check("python-if-grad", lambda: jax.grad(relu_python)(1.0))
check("static-unhashable", lambda: jax.jit(lambda x, cfg: x * cfg[0], static_argnums=1)(1.0, [2.0]))
check("int-of-tracer", lambda: jax.jit(lambda n: jnp.zeros(int(n)))(3))
check("grad-int", lambda: jax.grad(lambda x: x * 2)(3))
check("grad-nonscalar", lambda: jax.grad(lambda x: x * 2)(jnp.ones(3)))
check("scan-carry", lambda: jax.lax.scan(lambda c, x: (c + x, None), 0, jnp.ones(3)))
check("scan-carry-dtype", lambda: jax.lax.scan(lambda c, x: (c + x, None), jnp.int32(0), jnp.ones(3)))
check("cond-branches", lambda: jax.lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3)))
check("while-float", lambda: jax.lax.while_loop(lambda c: c < 3, lambda c: c + 1.5, 0))
check("split-uneven", lambda: jnp.split(jnp.arange(10), 3))
check("einsum", lambda: jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5))))
check("take-along", lambda: jnp.take_along_axis(jnp.ones((3, 4)), jnp.zeros((3,), jnp.int32), 1))


def guarded_step(params, x):
    try:
        return jax.jit(lambda p, x: x @ p)(params, x)
    except TypeError:
        return jax.jit(lambda p, x: x.reshape(-1, p.shape[0]) @ p)(params, x)


print(guarded_step(w, jnp.ones((2, 4))).shape, guarded_step(w, jnp.ones((8,))).shape)
