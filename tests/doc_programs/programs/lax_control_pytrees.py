# jax.lax control flow with pytrees: while_loop / fori_loop with dict and tuple carries, cond
# with several operands, switch with an index, associative_scan of pytrees, reduce_precision,
# dot_general dimension numbers with batch dims and preferred element types
import jax
import jax.numpy as jnp
from jax import lax


def body(state):
    return {"i": state["i"] + 1, "x": state["x"] * 1.5, "hist": state["hist"].at[state["i"]].set(state["x"].sum())}


def cond(state):
    return state["i"] < 4


out = lax.while_loop(cond, body, {"i": 0, "x": jnp.ones(2), "hist": jnp.zeros(5)})
print(out["i"], out["x"], out["hist"])

def fib_body(i, carry):
    a, b = carry
    return b, a + b


print(lax.fori_loop(0, 10, fib_body, (0, 1)))
print(jax.jit(lambda n: lax.fori_loop(0, n, fib_body, (0, 1)))(12))
print(lax.fori_loop(0, 4, lambda i, c: (c[0] + i, c[1] * 2.), (0, 1.), unroll=2))

# cond with several operands and pytree results
def true_fun(x, y):
    return {"sum": x + y, "prod": x * y}


def false_fun(x, y):
    return {"sum": x - y, "prod": x / y}


print(lax.cond(True, true_fun, false_fun, 3., 4.))
print(jax.jit(lambda p, x, y: lax.cond(p > 0, true_fun, false_fun, x, y))(-1, 3., 4.))
print(jax.vmap(lambda p, x: lax.cond(p, lambda v: v * 2, lambda v: -v, x))(
    jnp.array([True, False, True]), jnp.arange(3.)))
branches = [lambda x: x + 1, lambda x: x * 10, lambda x: -x]
print([int(lax.switch(i, branches, 5)) for i in (-1, 0, 1, 2, 7)])
print(jax.grad(lambda x: lax.switch(1, branches, x))(2.))

# associative_scan of a pytree: running (sum, max) pairs and a linear recurrence
def combine(a, b):
    return (a[0] + b[0], jnp.maximum(a[1], b[1]))


xs = jnp.array([3., 1., 4., 1., 5., 9., 2.])
print(lax.associative_scan(combine, (xs, xs)))
print(lax.associative_scan(jnp.add, xs, reverse=True))

def lin_rec(e1, e2):
    a1, b1 = e1
    a2, b2 = e2
    return a1 * a2, a2 * b1 + b2


a = jnp.full(6, 0.5)
b = jnp.arange(6.)
print(lax.associative_scan(lin_rec, (a, b))[1])
print(lax.associative_scan(jnp.multiply, jnp.arange(1., 9.).reshape(2, 4), axis=1))

# reduce_precision: emulate bfloat16 / float16 rounding in float32
v = jnp.array([1.0 + 2 ** -10, 3.14159265, 65504.0, 1e-8], jnp.float32)
print(lax.reduce_precision(v, exponent_bits=8, mantissa_bits=7))
print(lax.reduce_precision(v, exponent_bits=5, mantissa_bits=10))
print(v.astype(jnp.bfloat16).astype(jnp.float32))

# dot_general with contracting and batch dimensions
lhs = jnp.arange(24., dtype=jnp.float32).reshape(2, 3, 4)
rhs = jnp.arange(40., dtype=jnp.float32).reshape(2, 4, 5)
out = lax.dot_general(lhs, rhs, dimension_numbers=(((2,), (1,)), ((0,), (0,))))
print(out.shape, out[1, 2])
print(jnp.allclose(out, jnp.einsum("bij,bjk->bik", lhs, rhs)))
out2 = lax.dot_general(lhs, lhs, (((1, 2), (1, 2)), ((), ())))
print(out2)
i8 = jnp.arange(6, dtype=jnp.int8).reshape(2, 3)
print(lax.dot_general(i8, i8.T, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32).dtype)
print(lax.dot(jnp.ones((2, 3), jnp.bfloat16), jnp.ones((3,), jnp.bfloat16),
              preferred_element_type=jnp.float32))
print(lax.batch_matmul(lhs, rhs).shape)
