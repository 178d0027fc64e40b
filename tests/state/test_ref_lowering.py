"""`jit(f).lower(...)` of functions using mutable array references: the discharged program's
module (the refs' values in, their final values out), compiled and called with refs; and
eval_shape with ref arguments."""

import numpy as np

import meshjit
import meshjit.numpy as jnp


@meshjit.jit
def step(r, x):
    r[...] += x
    return r[0] * 2


def test_lowered_module_takes_and_returns_the_ref_values():
    r = meshjit.new_ref(jnp.zeros(3))
    text = step.lower(r, jnp.ones(3)).as_text()
    assert "module @jit_step" in text
    assert "@main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<f32>" in text
    assert "return %3, %0 : tensor<f32>, tensor<3xf32>" in text  # the ref's final value
    assert "scatter" not in text  # a whole-ref write is the value itself
    np.testing.assert_array_equal(r[...], np.zeros(3))  # lowering runs nothing


def test_compiled_call_writes_the_refs_back():
    r = meshjit.new_ref(jnp.zeros(3))
    compiled = step.lower(r, jnp.ones(3)).compile()
    assert float(compiled(r, jnp.ones(3))) == 2.0
    assert float(compiled(r, jnp.arange(3.0))) == 2.0
    np.testing.assert_array_equal(r[...], [1.0, 2.0, 3.0])
    assert float(step.trace(r, jnp.ones(3)).lower().compile()(r, jnp.ones(3))) == 4.0


def test_closed_over_ref_and_local_ref_lowered():
    c = meshjit.new_ref(jnp.ones(2))

    def f(x):
        b = meshjit.new_ref(x)
        b[0] = 5.0
        c[...] += b[...]
        return meshjit.freeze(b)

    lowered = meshjit.jit(f).lower(jnp.zeros(2))
    assert "module @jit_f" in lowered.as_text()
    np.testing.assert_array_equal(lowered.compile()(jnp.zeros(2)), [5.0, 0.0])
    np.testing.assert_array_equal(c[...], [6.0, 1.0])


def test_eval_shape_with_a_ref_argument():
    r = meshjit.new_ref(jnp.zeros(3))
    for fun in (step, step.__wrapped__):
        out = meshjit.eval_shape(fun, r, jnp.ones(3))
        assert (out.shape, out.dtype) == ((), np.float32)
    np.testing.assert_array_equal(r[...], np.zeros(3))


def test_python_numbers_written_to_refs_made_inside_jit_read_as_arrays_as_jax():
    @meshjit.jit
    def f(s):
        r = meshjit.new_ref(0)
        a = r[...] + jnp.int8(1)  # a weak ref: its reads take the other operand's type
        r[...] = s
        b = r[...] + jnp.int8(1)
        r[...] = 2  # a Python number written whole
        c = r[...] + jnp.int8(1)
        return a, b, c

    a, b, c = f(jnp.int32(4))
    assert (int(a), int(b), int(c)) == (1, 5, 3)  # JAX 0.10.2's
    assert a.dtype == b.dtype == c.dtype == jnp.int8
