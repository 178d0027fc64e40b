# Ahead-of-time lowering and compilation: trace / lower / compile, static args, shape structs
import jax
import jax.numpy as jnp
import numpy as np


def f(x, y):
    return 2 * x + y


x, y = 3, 4
traced = jax.jit(f).trace(x, y)
print(traced.jaxpr)
lowered = traced.lower()
print(type(lowered).__name__)
compiled = lowered.compile()
print(type(compiled).__name__)
print(compiled(x, y))
print(jax.jit(f).lower(x, y).compile()(5, 6))
i32_scalar = jax.ShapeDtypeStruct((), jnp.dtype('int32'))
print(jax.jit(f).lower(i32_scalar, i32_scalar).compile()(x, y))
try:
    compiled(1., 2.)
except TypeError as e:
    print(type(e).__name__)
try:
    compiled(jnp.ones(2, jnp.int32), 2)
except TypeError as e:
    print(type(e).__name__)
print(compiled.in_tree if hasattr(compiled, 'in_tree') else None)
lowered_with_x = jax.jit(f, static_argnums=0).lower(7, 8)
print(lowered_with_x.as_text().count('func.func'))
print(lowered_with_x.compile()(5))
try:
    lowered_with_x.compile()(7, 8)
except TypeError as e:
    print(type(e).__name__)
print(jax.jit(f).lower(1., 2.).args_info)
print(jax.jit(lambda d: d['a'] + d['b']).lower({'a': 1., 'b': jnp.ones(2)}).compile().out_info)
c2 = jax.jit(lambda x: x @ x.T).lower(jax.ShapeDtypeStruct((4, 3), jnp.float32)).compile()
ca = c2.cost_analysis()
print(type(ca).__name__, 'flops' in (ca if isinstance(ca, dict) else ca[0]))
print(c2(jnp.ones((4, 3))).shape)
print(jax.jit(jnp.sin).lower(1.).as_text().splitlines()[0])
t = jax.jit(lambda x, n: x * n, static_argnames='n').trace(jnp.ones(2), n=3)
print(t.out_info, t.fun_name)
print(t.lower().compile()(jnp.arange(2.)))
vmapped = jax.jit(jax.vmap(f)).lower(jnp.ones(3), jnp.ones(3)).compile()
print(vmapped(jnp.arange(3.), jnp.ones(3)))
print(jax.jit(f).eval_shape(1., jnp.ones(2)))
print(jax.eval_shape(f, jax.ShapeDtypeStruct((2,), jnp.float16), 1))
