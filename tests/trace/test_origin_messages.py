"""Concretization errors end as JAX's do (its tracers' `_origin_msg`): the function being
traced, what for (jit, cond, scan, while_cond, fori_loop, ...), and the arguments the value
depends on, or the operations on constants that made it. The JIT and control-flow pages print
these messages; the texts below are JAX 0.10.2's."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

HERE = __file__
BOOL = "Attempted boolean conversion of traced array with shape {}."
LINK = "See https://docs.jax.dev/en/latest/errors.html#jax.errors."


def _message(fn, *args, **kwargs) -> str:
    with pytest.raises(TypeError) as e:
        fn(*args, **kwargs)
    return str(e.value)


def _origin(fun, traced_for: str, depends: str) -> str:
    code = fun.__code__
    return (
        f"The error occurred while tracing the function {fun.__name__} at {HERE}:"
        f"{code.co_firstlineno} for {traced_for}. This concrete value was not available in "
        f"Python because it depends on {depends}."
    )


def branchy(x, y):
    if x + y > 0:
        return x
    return y


def test_a_branch_under_jit_names_the_function_and_its_arguments():
    got = _message(meshjit.jit(branchy), 1.0, 2.0)
    origin = _origin(branchy, "jit", "the values of the arguments x and y")
    assert got == f"{BOOL.format('bool[]')}\n{origin}\n{LINK}TracerBoolConversionError"


def test_three_arguments_keywords_and_pytree_paths_are_named_as_jax_names_them():
    def three(a, b, c):
        return bool(a + b + c)

    got = _message(meshjit.jit(three), 1.0, 2.0, 3.0)
    assert "the values of the arguments a, b, and c." in got
    got = _message(meshjit.jit(lambda x, *, k: bool(k > 0)), 1.0, k=2.0)
    assert "depends on the value of the argument k.\n" in got
    got = _message(meshjit.jit(lambda d: int(d["a"])), {"a": 1.0, "b": 2.0})
    assert "depends on the value of the argument d['a'].\n\nSee" in got  # JAX's blank line


def test_conversions_say_where_they_arose_then_the_origin():
    def conv(x):
        return float(x)

    got = _message(meshjit.jit(conv), 1.0)
    assert got == (
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape float32[]\nThe problem arose with the `float` function. If trying to convert the "
        "data type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead.\n"
        f"{_origin(conv, 'jit', 'the value of the argument x')}\n\n"
        f"{LINK}ConcretizationTypeError"
    )
    got = _message(meshjit.jit(lambda x: x.item()), 1.0)
    assert "This occurred in the item() method of jax.Array\nThe error occurred" in got
    got = _message(meshjit.jit(lambda x: np.asarray(x)), jnp.ones(2))
    assert got.startswith(
        "The numpy.ndarray conversion method __array__() was called on traced array with "
        "shape float32[2]\nThe error occurred while tracing the function <lambda>"
    )


def test_a_value_made_from_constants_names_the_operations():
    got = _message(meshjit.jit(lambda x: bool(jnp.float32(2.0) > 1)), 1.0)
    assert "for jit. This value became a tracer due to JAX operations on these lines:\n\n" in got
    assert "  operation a:bool[] = gt 2.0:f32[] 1.0:f32[]\n    from line " in got


def test_control_flow_bodies_name_the_body_and_its_parameters():
    def body(i, c):
        if c > 0:
            return c
        return c + 1

    got = _message(meshjit.jit(lambda x: lax.fori_loop(0, 3, body, x)), 1.0)
    assert _origin(body, "fori_loop", "the value of the argument c") in got
    got = _message(lambda x: lax.fori_loop(0, x, body, 1.0), 3)
    assert _origin(body, "fori_loop", "the value of the argument c") in got

    def branch(v):
        return bool(v)

    got = _message(meshjit.jit(lambda x: lax.cond(x > 0, branch, lambda v: True, x)), 1.0)
    assert _origin(branch, "cond", "the value of the argument v") in got
    got = _message(lambda x: lax.switch(0, [branch, branch], x), 1.0)
    assert _origin(branch, "switch", "the value of the argument v") in got

    def step(c, v):
        return bool(c), v

    got = _message(lambda x: lax.scan(step, x, jnp.ones(2)), 1.0)
    assert _origin(step, "scan", "the value of the argument c") in got

    def cond_fun(c):
        return bool(c)

    got = _message(lambda x: lax.while_loop(cond_fun, lambda c: c, x), 1.0)
    assert _origin(cond_fun, "while_cond", "the value of the argument c") in got


def test_partials_unwrap_and_other_callables_are_unknown():
    def fun(a, x):
        return bool(x)

    got = _message(meshjit.jit(functools.partial(fun, 1)), 1.0)
    assert _origin(fun, "jit", "the value of the argument x") in got

    class Callable:
        def __call__(self, x):
            return bool(x)

    got = _message(meshjit.jit(Callable()), 1.0)
    assert "tracing the function <unknown> for jit." in got


def test_traced_shapes_are_jax_type_errors_with_the_origin():
    def ones(n):
        return jnp.ones((2, n))

    got = _message(meshjit.jit(ones), 3)
    assert got == (
        "Shapes must be 1D sequences of concrete values of integer type, got (2, "
        "JitTracer(~int32[])).\nIf using `jit`, try using `static_argnums` or applying `jit` to "
        f"smaller subfunctions.\n{_origin(ones, 'jit', 'the value of the argument n')}"
    )


def test_tangents_and_eager_autodiff_say_no_more():
    got = _message(meshjit.grad(lambda x: float(x)), 1.0)
    assert got.endswith("instead.\n\n" + LINK + "ConcretizationTypeError")


def test_autodiff_under_jit_names_the_jitted_function_and_its_arguments():
    # JAX's JVP tracers hand a value without a tangent (a comparison, a value of the
    # non-differentiated arguments) to jit's trace: its words name jit's function and arguments.
    def two(x, y):
        if x * y > 0:
            return x * 2
        return x

    origin = _origin(two, "jit", "the values of the arguments x and y")
    assert origin in _message(meshjit.jit(meshjit.grad(two)), 1.0, 2.0)
    assert origin in _message(meshjit.jit(meshjit.grad(meshjit.grad(two))), 1.0, 2.0)
    got = _message(meshjit.jit(lambda x: meshjit.jvp(branchy, (x, 2.0), (1.0, 0.0))), 1.0)
    assert got.endswith(
        "for jit. This concrete value was not available in Python because it "
        f"depends on the value of the argument x.\n{LINK}TracerBoolConversionError"
    )

    def rows(x):
        return x if x.sum() > 0 else -x

    assert _origin(rows, "jit", "the value of the argument x") in _message(
        meshjit.jit(meshjit.jacfwd(rows)), jnp.ones(2)
    )


def test_autodiff_under_jit_names_operations_on_constants_and_says_nothing_of_tangents():
    def consts(x):
        return x * 2 if jnp.ones(3).sum() > 0 else x

    got = _message(meshjit.jit(meshjit.grad(consts)), 1.0)
    assert f"tracing the function consts at {HERE}:" in got
    assert "for jit. This value became a tracer due to JAX operations on these lines:\n\n" in got
    assert "  operation a:bool[] = gt b 0.0:f32[]\n" in got

    def floored(x):  # floor's result has no tangent: jit's tracer, named
        return float(jnp.floor(x)) * x

    got = _message(meshjit.jit(meshjit.grad(floored)), 1.0)
    assert _origin(floored, "jit", "the value of the argument x") in got
    got = _message(meshjit.jit(meshjit.grad(lambda x: float(x * 2))), 1.0)  # a JVPTracer's
    assert got.endswith("instead.\n\n" + LINK + "ConcretizationTypeError")


def test_autodiff_under_vmap_names_the_line_of_the_batched_value():
    def positive(x):
        return x * 2 if x > 0 else x

    got = _message(meshjit.vmap(meshjit.grad(positive)), jnp.ones(2))
    assert "\nThis BatchTracer with object id " in got
    assert f" was created on line:\n  {HERE}:" in got and ".positive)\n" in got
