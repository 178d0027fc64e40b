# "Automatic differentiation" / "Advanced automatic differentiation" / custom derivatives
# pages: the errors they show, printed whole: jvp with mismatched primals and tangents, vjp
# cotangents of the wrong shape or dtype, holomorphic grads of real inputs, grad with has_aux
# returning no pair, jacfwd of integer inputs, custom_vjp bwd rules returning the wrong
# structure, custom_jvp rules with mismatched outputs, and value_and_grad of a vector output
import jax
import jax.numpy as jnp


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


f = lambda x: jnp.sin(x) * 2.0  # noqa: E731
show(jax.jvp, f, (1.0,), (jnp.ones(2),))
show(jax.jvp, f, (1.0,), (1,))
show(jax.jvp, f, (1.0, 2.0), (1.0,))
show(jax.jvp, f, [1.0], [1.0])
y, vjp_fn = jax.vjp(f, jnp.ones(3))
show(vjp_fn, jnp.ones(2))
show(vjp_fn, jnp.ones(3, jnp.int32))
show(jax.grad(f, holomorphic=True), 1.0)
show(jax.grad(lambda z: (z * z).real), 1.0 + 1.0j)
show(jax.grad(lambda x: (x, 1.0), has_aux=True), 2.0)
show(jax.jacfwd(lambda x: x * 2), jnp.arange(3))
show(jax.jacrev(lambda x: x * 2), jnp.arange(3))
show(jax.value_and_grad(lambda x: x * 2), jnp.ones(2))
show(jax.hessian(lambda x: x), jnp.arange(2))


@jax.custom_vjp
def clip_grad(x, lo):
    return x


def clip_fwd(x, lo):
    return x, lo


def clip_bwd(lo, g):
    return (jnp.maximum(g, lo),)


clip_grad.defvjp(clip_fwd, clip_bwd)
show(jax.grad(clip_grad), 2.0, 0.5)


def good_bwd(lo, g):
    return (jnp.maximum(g, lo), None)


clip_grad.defvjp(clip_fwd, good_bwd)
show(jax.grad(clip_grad), 2.0, 0.5)


@jax.custom_jvp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus(x), (t * jax.nn.sigmoid(x)).astype(jnp.int32)


show(jax.grad(softplus), 1.0)


@jax.custom_jvp
def twice(x):
    return 2 * x


@twice.defjvp
def twice_jvp(primals, tangents):
    return twice(primals[0]), (tangents[0], tangents[0])


show(jax.jvp, twice, (1.0,), (1.0,))
show(lambda: jax.custom_vjp(lambda x: x)(1.0))
show(jax.grad(lambda x: jax.lax.stop_gradient(x) * x), 3.0)
show(jax.linearize(f, 1.0)[1], 2)
