# jax.numpy names the docs' API pages list that other programs do not run: iscomplex / isreal
# / isneginf / isposinf, fmin, reciprocal, amin, greater / less_equal / not_equal, inverse
# trigonometric aliases (asin, atan, arcsinh, arccosh), sinh / cosh, s_ and index_exp,
# euler_gamma, iterable, fromstring, get_printoptions / set_printoptions, and the scalar type
# aliases (float_, int_, uint, complex_, cdouble, csingle) with issubdtype checks
import jax.numpy as jnp
import numpy as np

z = jnp.array([1 + 0j, 2 + 3j, -1j, 4.0])
x = jnp.array([-jnp.inf, -1.0, 0.0, 2.0, jnp.inf, jnp.nan])
print(jnp.iscomplex(z), jnp.isreal(z))
print(jnp.iscomplex(jnp.arange(3)), jnp.isreal(jnp.arange(3.0)))
print(jnp.isneginf(x), jnp.isposinf(x))
print(jnp.fmin(jnp.array([1.0, jnp.nan, 3.0]), jnp.array([2.0, 1.0, jnp.nan])))
print(jnp.reciprocal(jnp.array([1.0, 2.0, 4.0])), jnp.reciprocal(jnp.array([1, 2, 4])))
print(jnp.amin(jnp.arange(12).reshape(3, 4), axis=0), jnp.amin(jnp.array([3.0, 1.0, 2.0])))
a, b = jnp.array([1, 2, 3]), jnp.array([3, 2, 1])
print(jnp.greater(a, b), jnp.greater_equal(a, b), jnp.less_equal(a, b), jnp.not_equal(a, b))
v = jnp.array([0.0, 0.5, 1.0])
print(jnp.asin(v), jnp.arcsin(v))
print(jnp.atan(v), jnp.arctan(v))
print(jnp.arcsinh(v), jnp.arccosh(v + 1.0))
print(jnp.sinh(v), jnp.cosh(v))
print(jnp.s_[1:3], jnp.s_[::2, 1], jnp.index_exp[2:4], jnp.index_exp[1])
m = jnp.arange(20).reshape(4, 5)
print(m[jnp.s_[1:3, ::2]], m[jnp.index_exp[::3]])
print(jnp.euler_gamma, jnp.pi, jnp.e)
print(jnp.iterable([1, 2]), jnp.iterable(3), jnp.iterable(jnp.arange(2)))
print(jnp.fromstring("1 2 3 4", sep=" ", dtype=jnp.int32))
print(jnp.fromstring("1.5, 2.5", sep=",", dtype=jnp.float32))
opts = jnp.get_printoptions()
print(opts["precision"], opts["threshold"])
jnp.set_printoptions(precision=3)
print(jnp.array([1.0 / 3.0, 2.0 / 3.0]))
jnp.set_printoptions(precision=opts["precision"])
with jnp.printoptions(suppress=True, precision=2):
    print(jnp.array([1e-8, 1.23456]))
print(
    jnp.float_.dtype,
    jnp.int_.dtype,
    jnp.uint.dtype,
    jnp.complex_.dtype,
    jnp.cdouble.dtype,
    jnp.csingle.dtype,
)
print(jnp.dtype(jnp.float_), jnp.float_ == jnp.float64, jnp.int_ == jnp.int32, jnp.float_.__name__)
print(jnp.float_(1.5), jnp.int_(3), jnp.uint(4), jnp.complex_(1 + 2j), jnp.csingle(2j))
print(jnp.issubdtype(jnp.float32, jnp.floating), jnp.issubdtype(jnp.int8, jnp.unsignedinteger))
print(jnp.issubdtype(jnp.complex64, jnp.complexfloating), jnp.issubdtype(jnp.str_, jnp.flexible))
print(jnp.issubdtype(jnp.uint8, jnp.unsignedinteger), jnp.object_, jnp.flexible)
print(np.asarray(jnp.csingle(1j)).dtype, jnp.array(1, jnp.uint).dtype)
print(jnp.ComplexWarning.__name__)
