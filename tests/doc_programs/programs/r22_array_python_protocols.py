# The jax.Array as a Python object ("Key concepts" / jax.Array API): int / float / complex /
# bool / operator.index conversions, format specs in f-strings, round / math.floor / trunc,
# divmod, len and iteration, Python builtins (sum, max, sorted, reversed), copy / deepcopy /
# pickle, and the errors those conversions raise on tracers and on arrays of several elements
import copy
import math
import operator
import pickle

import jax
import jax.numpy as jnp
import numpy as np

x = jnp.float32(2.75)
i = jnp.int32(7)
print(int(x), float(x), complex(x), bool(x), bool(jnp.float32(0.0)))
print(operator.index(i), list(range(i)), [10, 20, 30, 40, 50, 60, 70, 80][i])
print(f"{x:.3f} {x:8.2f}| {x:e} {i:04d} {i:x} {x}")
print(format(x, ".1%"), format(i, ","), "{:>6}".format(jnp.int32(42)))
print(round(x), round(x, 1), type(round(x)).__name__, math.floor(x), math.ceil(x))
print(divmod(i, 3), divmod(jnp.float32(7.5), 2))
print(abs(jnp.int32(-3)), -i, +x, ~jnp.int32(5), pow(i, 2))
a = jnp.arange(5.0)
print(len(a), [float(v) for v in a], list(a)[:2])
print(sum(a), max(a), min(jnp.array([3, 1, 2])), sorted(jnp.array([3, 1, 2]).tolist()))
print([int(v) for v in reversed(jnp.array([1, 2, 3]))])
print(3.0 in a, 7.0 in a)
m = jnp.arange(6).reshape(2, 3)
for row in m:
    print(row, row.shape)
print(len(m), m.tolist(), m[0].tolist(), jnp.float32(1.5).tolist(), type(i.item()).__name__)
print(copy.copy(m), copy.deepcopy(m).dtype)
b = pickle.loads(pickle.dumps(m))
print(type(b).__name__ == type(m).__name__, b, b.dtype)
print(np.asarray(m).dtype, np.array(a, dtype=np.float64).dtype, np.asarray(x).shape)
for bad in [lambda: int(a), lambda: float(m), lambda: bool(a), lambda: operator.index(x)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
try:
    len(jnp.float32(1.0))
except TypeError as e:
    print("TypeError", e)
try:
    iter(jnp.int32(3))
except TypeError as e:
    print("TypeError", e)
try:
    hash(a)
except TypeError as e:
    print("TypeError")


@jax.jit
def f(x):
    return x * 2


print(float(f(1.5)), int(f(jnp.int32(4))), f"{f(1.25):.2f}")
for conv in [int, float, bool, operator.index, complex]:
    try:
        jax.jit(lambda t: conv(t))(jnp.int32(1))
    except Exception as e:
        print(conv.__name__, type(e).__name__)
try:
    jax.jit(lambda t: [1, 2, 3][t])(1)
except Exception as e:
    print(type(e).__name__)
try:
    jax.jit(lambda t: range(t))(3)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(lambda t: len(t))(jnp.ones((4, 2))))
print(jax.jit(lambda t: [r.sum() for r in t])(jnp.ones((3, 2))))
