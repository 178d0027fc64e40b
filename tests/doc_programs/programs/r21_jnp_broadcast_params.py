# jax.numpy functions with array-valued parameters that broadcast: clip with array bounds,
# interp at a 2D x, where of three shapes, select with array defaults, piecewise,
# take_along_axis with broadcast indices, linspace / geomspace / logspace with array endpoints
# and axis, full with an array fill, average with weights along an axis, percentile / quantile
# with q arrays and axis tuples, histogram with weights, and searchsorted on a 2D query
import jax.numpy as jnp

x = jnp.arange(12.0).reshape(3, 4)
print(jnp.clip(x, jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.array([[5.0], [6.0], [7.0]])))
print(jnp.clip(x, max=jnp.array([2.0, 4.0, 6.0, 8.0])))
print(
    jnp.interp(
        jnp.array([[0.5, 1.5], [2.5, 9.0]]),
        jnp.array([0.0, 1.0, 2.0, 3.0]),
        jnp.array([0.0, 10.0, 20.0, 30.0]),
    )
)
print(jnp.where(x > 5, jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.array([[0.0], [-1.0], [-2.0]])))
print(jnp.select([x < 3, x > 8], [x, -x], default=jnp.array([100.0, 200.0, 300.0, 400.0])))
print(jnp.piecewise(x, [x < 4, x >= 8], [lambda v: v * 10, lambda v: -v, 0.5]))
idx = jnp.array([[0], [3], [1]])
print(
    jnp.take_along_axis(x, idx, axis=1), jnp.take_along_axis(x, jnp.array([[2, 0, 1, 2]]), axis=0)
)
print(jnp.linspace(jnp.array([0.0, 10.0]), jnp.array([1.0, 20.0]), 5))
print(jnp.linspace(jnp.array([0.0, 10.0]), 20.0, 3, axis=1, endpoint=False))
print(jnp.geomspace(jnp.array([1.0, 2.0]), jnp.array([1000.0, 32.0]), 4))
print(jnp.logspace(0.0, jnp.array([2.0, 3.0]), 3, base=jnp.array([10.0, 2.0])))
print(
    jnp.full((2, 3), jnp.array([1, 2, 3])),
    jnp.full((3, 2), jnp.array([[7], [8], [9]]), dtype=jnp.float32),
)
w = jnp.array([1.0, 0.0, 2.0, 1.0])
print(jnp.average(x, axis=1, weights=w), jnp.average(x, axis=1, weights=w, returned=True)[1])
print(jnp.average(x, axis=0, weights=jnp.array([1.0, 2.0, 3.0]), keepdims=True))
print(jnp.percentile(x, jnp.array([10.0, 50.0, 90.0]), axis=1))
print(
    jnp.quantile(x, jnp.array([0.25, 0.75]), axis=(0, 1)),
    jnp.quantile(x, 0.5, axis=0, method="nearest"),
)
try:
    jnp.quantile(x, jnp.array([[0.25], [0.75]]))
except ValueError as e:
    print("ValueError", e)
print(jnp.nanpercentile(jnp.where(x > 9, jnp.nan, x), 50.0, axis=1, keepdims=True))
print(
    jnp.histogram(jnp.array([0.1, 0.4, 0.5, 0.9]), bins=2, weights=jnp.array([1.0, 2.0, 3.0, 4.0]))
)
print(
    jnp.searchsorted(
        jnp.array([1.0, 3.0, 5.0, 7.0]), jnp.array([[0.0, 4.0], [7.0, 9.0]]), side="right"
    )
)
print(jnp.digitize(jnp.array([[0.5, 2.5], [4.5, 9.0]]), jnp.array([1.0, 2.0, 4.0])))
print(
    jnp.maximum(x, jnp.array([[3.0], [7.0], [9.0]])),
    jnp.fmax(jnp.array([jnp.nan, 1.0]), jnp.array([[0.0], [2.0]])),
)
print(jnp.heaviside(jnp.array([-1.0, 0.0, 2.0]), jnp.array([[0.5], [1.0]])))
print(
    jnp.ldexp(jnp.array([1.0, 2.0]), jnp.array([[1], [3]])),
    jnp.copysign(jnp.array([1.0, -2.0]), jnp.array([[-1.0], [1.0]])),
)
