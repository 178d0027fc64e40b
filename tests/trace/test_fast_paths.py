"""The tracing fast paths give what the general paths give: the same jaxpr, or the same error.

Reductions and matrix products bind their primitives directly in common cases; operators call
meshjit.numpy's functions without a lookup; the user's source line is found through caches.
Each test traces a program twice, with the fast path on and forced off, and compares.
"""

import contextlib
import functools
import sys
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler import errors
from meshjit.compiler import numpy as numpy_api
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import Literal, ShapedArray, shaped_array
from meshjit.compiler.lax import shapes as lax_shapes
from meshjit.compiler.numpy import elementwise
from meshjit.compiler.numpy import products as numpy_products
from meshjit.compiler.numpy import reductions as numpy_reductions
from meshjit.compiler.numpy import ufuncs as numpy_ufuncs
from meshjit.compiler.trace.array_methods import ArrayMethods
from tests.support import campaign

SETTINGS = settings(max_examples=campaign.examples(150), deadline=None)
DTYPES = ["float32", "bfloat16", "float16", "int32", "int8", "uint8", "uint32", "bool"]


def outcome(fn, *args):
    """The printed jaxpr of fn(*args), or the error it raises (type and message)."""
    try:  # a fresh function each time: no trace cache may answer
        return str(meshjit.make_jaxpr(lambda *a: fn(*a))(*args))
    except (TypeError, ValueError, IndexError) as e:
        return type(e), getattr(e, "bare_message", str(e))


@contextlib.contextmanager
def general_paths():
    with (
        mock.patch.object(numpy_reductions, "_reduce_fast", lambda *args: None),
        mock.patch.object(numpy_reductions, "_arg_reduce_fast", lambda *args: None),
        mock.patch.object(numpy_products, "_matrix_product_fast", lambda *args: None),
        mock.patch.object(numpy_ufuncs, "_simple_binary_operands", lambda *args: None),
        mock.patch.object(dtypes, "FLOATS", frozenset()),  # unary functions promote first
    ):
        yield


def same_with_and_without_fast_paths(fn, *args):
    fast = outcome(fn, *args)
    with general_paths():
        general = outcome(fn, *args)
    assert fast == general


REDUCTIONS = {
    "sum": jnp.sum,
    "prod": jnp.prod,
    "max": jnp.max,
    "min": jnp.min,
    "mean": jnp.mean,
    "var": jnp.var,
    "std": jnp.std,
    "argmax": jnp.argmax,
    "argmin": jnp.argmin,
    "any": jnp.any,
    "all": jnp.all,
    "sum method": lambda x, **kw: x.sum(**kw),
    "max method": lambda x, **kw: x.max(**kw),
    "mean method": lambda x, **kw: x.mean(**kw),
}
AXES = st.one_of(
    st.none(),
    st.integers(-4, 3),
    st.tuples(st.integers(-3, 2)),
    st.tuples(st.integers(-3, 2), st.integers(-3, 2)),
    st.just(()),
    st.just(True),
)


@SETTINGS
@given(
    shape=st.sampled_from([(2, 3), (3,), (1, 3, 2), (), (2, 0), (0,)]),
    dtype=st.sampled_from(DTYPES),
    weak=st.booleans(),
    name=st.sampled_from(sorted(REDUCTIONS)),
    axis=AXES,
    keepdims=st.booleans(),
)
def test_reductions_match_the_general_path(shape, dtype, weak, name, axis, keepdims):
    arg = meshjit.ShapeDtypeStruct(shape, dtype, weak_type=weak and dtype in ("int32", "float32"))
    fn = REDUCTIONS[name]
    same_with_and_without_fast_paths(lambda x: fn(x, axis=axis, keepdims=keepdims), arg)


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_common_reductions_match_the_general_path(name, dtype):
    arg = meshjit.ShapeDtypeStruct((3, 4), dtype)
    for axis in (None, 0, 1, -1, -2, 2, (1,), (-1, 0), ()):
        for keepdims in (False, True):
            reduce = functools.partial(REDUCTIONS[name], axis=axis, keepdims=keepdims)
            same_with_and_without_fast_paths(reduce, arg)


SHAPES = st.sampled_from([(2, 3), (3, 4), (3,), (2, 3, 3), (), (4, 3), (3, 3)])


@SETTINGS
@given(
    a=SHAPES,
    b=SHAPES,
    dtypes=st.sampled_from([("float32", "float32"), ("float32", "bfloat16"), ("int32", "int32")]),
    weak=st.sampled_from([(False, False), (True, False), (False, True)]),
    op=st.sampled_from(["@", "matmul", "dot", "dot method"]),
)
def test_matrix_products_match_the_general_path(a, b, dtypes, weak, op):
    args = [
        meshjit.ShapeDtypeStruct(s, d, weak_type=w and d == "float32")
        for s, d, w in zip((a, b), dtypes, weak)
    ]
    fn = {
        "@": lambda x, y: x @ y,
        "matmul": jnp.matmul,
        "dot": jnp.dot,
        "dot method": lambda x, y: x.dot(y),
    }[op]
    same_with_and_without_fast_paths(fn, *args)


@pytest.mark.parametrize(
    "dtypes", [("float32", "float32"), ("float32", "bfloat16"), ("int8", "int32")]
)
@pytest.mark.parametrize("weak", [(False, False), (True, False), (False, True)])
def test_common_matrix_products_match_the_general_path(dtypes, weak):
    args = [
        meshjit.ShapeDtypeStruct(s, d, weak_type=w and d in ("float32", "int32"))
        for s, d, w in zip(((2, 3), (3, 4)), dtypes, weak)
    ]
    for fn in (jnp.matmul, jnp.dot, lambda x, y: x @ y):
        same_with_and_without_fast_paths(fn, *args)
    same_with_and_without_fast_paths(jnp.matmul, args[0], args[0])  # contracting sizes differ


BINARY = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,
    "maximum": jnp.maximum,
    "<": lambda x, y: x < y,
}
OPERANDS = st.one_of(
    st.tuples(
        st.sampled_from([(2, 3), (2, 1), (1, 3), (3,), (1,), (), (4, 3), (2, 2, 3)]),
        st.sampled_from(["float32", "int32", "bool", "bfloat16"]),
        st.booleans(),
    ),
    st.sampled_from([0.5, 2, True, -1.0]),
)


def _operand(spec):
    if not isinstance(spec, tuple):
        return spec  # a Python scalar, closed over
    shape, dtype, weak = spec
    return meshjit.ShapeDtypeStruct(shape, dtype, weak_type=weak and dtype in ("int32", "float32"))


@SETTINGS
@given(op=st.sampled_from(sorted(BINARY)), x=OPERANDS, y=OPERANDS)
def test_binary_ops_match_the_general_path(op, x, y):
    fn, x, y = BINARY[op], _operand(x), _operand(y)
    traced = [v for v in (x, y) if isinstance(v, meshjit.ShapeDtypeStruct)]
    if len(traced) == 2:
        same_with_and_without_fast_paths(fn, x, y)
    elif traced == [x]:
        same_with_and_without_fast_paths(lambda a: fn(a, y), x)
    elif traced == [y]:
        same_with_and_without_fast_paths(lambda b: fn(x, b), y)


@pytest.mark.parametrize("op", sorted(BINARY))
def test_common_binary_ops_match_the_general_path(op):
    specs = [(shape, "float32", weak) for shape in [(2, 3), (2, 1), (3,), ()] for weak in (0, 1)]
    for x in specs:
        for y in specs + [(x[0], "int32", False)]:
            same_with_and_without_fast_paths(BINARY[op], _operand(x), _operand(y))


def _broadcast_outcome(rule, x, shape, dims):
    try:
        return rule(x, shape=shape, broadcast_dimensions=dims)
    except TypeError as e:
        return type(e), str(e)


def _checked_broadcast(x, *, shape, broadcast_dimensions):
    lax_shapes._check_broadcast_in_dim(x, shape, broadcast_dimensions)
    return shaped_array(shape, x.dtype, x.weak_type)


@SETTINGS
@given(
    operand=st.lists(st.sampled_from([1, 2, 3]), max_size=3),
    shape=st.lists(st.sampled_from([1, 2, 3]), max_size=3),
    dims=st.lists(st.integers(-1, 3), max_size=3),
)
def test_broadcast_in_dim_rule_checks_as_its_full_checks(operand, shape, dims):
    """The abstract rule's one-pass test gives the full checks' result, or their first error."""
    x, shape, dims = shaped_array(tuple(operand), np.dtype("float32")), tuple(shape), tuple(dims)
    fast = _broadcast_outcome(lax_shapes._broadcast_in_dim_rule, x, shape, dims)
    assert fast == _broadcast_outcome(_checked_broadcast, x, shape, dims)


OPERATOR_PAIRS = {
    "mul": (lambda a, b: a * b, jnp.multiply),
    "rsub": (lambda a, b: b - a, lambda a, b: jnp.subtract(b, a)),
}


@pytest.mark.parametrize("pair", sorted(OPERATOR_PAIRS))
@pytest.mark.parametrize("other", [2.0, 3, np.float32(2.0), np.ones(3, np.float32), "self"])
def test_operators_with_plain_operands_match_numpy_functions(pair, other):
    """Operators skip the defer / __jax_array__ checks for tracers and Python scalars only."""
    op, fn = OPERATOR_PAIRS[pair]
    arg = meshjit.ShapeDtypeStruct((2, 3), "float32")
    operand = (lambda x: x) if isinstance(other, str) else (lambda x: other)
    assert outcome(lambda x: op(x, operand(x)), arg) == outcome(lambda x: fn(x, operand(x)), arg)


UNARY = ["exp", "tanh", "sqrt", "sin", "log1p", "isfinite", "arcsinh", "fabs", "log2", "degrees"]


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("weak", [False, True])
def test_unary_functions_match_the_general_path(name, dtype, weak):
    arg = meshjit.ShapeDtypeStruct((2, 3), dtype, weak_type=weak and dtype in ("int32", "float32"))
    same_with_and_without_fast_paths(getattr(jnp, name), arg)
    same_with_and_without_fast_paths(lambda x: getattr(jnp, name)(x * 2), arg)  # not an input


def test_operators_are_the_numpy_functions():
    x = meshjit.ShapeDtypeStruct((2, 3), np.float32)
    pairs = [
        (lambda a, b: a + b, jnp.add),
        (lambda a, b: a - b, jnp.subtract),
        (lambda a, b: a / b, jnp.true_divide),
        (lambda a, b: a < b, jnp.less),
        (lambda a, b: 2.0 - a + 0 * b, lambda a, b: jnp.add(jnp.subtract(2.0, a), 0 * b)),
        (lambda a, b: -a + abs(b), lambda a, b: jnp.add(jnp.negative(a), jnp.abs(b))),
        (lambda a, b: a.sum(axis=0) + b.max(), lambda a, b: jnp.sum(a, 0) + jnp.max(b)),
    ]
    for operator_form, function_form in pairs:
        assert outcome(operator_form, x, x) == outcome(function_form, x, x)


def test_operators_call_the_numpy_functions_without_a_lookup():
    meshjit.make_jaxpr(lambda a: a + a)(np.ones(2, np.float32))  # the first use installs them
    # the function jnp.add (a ufunc object) calls, without the object's __call__ (behind
    # the operator's one check: a sparse operand's type takes the operation over)
    assert ArrayMethods.__add__.__wrapped__ is elementwise.add
    assert ArrayMethods.sum is numpy_api.sum
    assert ArrayMethods.flatten is numpy_api.ravel


@pytest.mark.parametrize(
    "scalar", [np.float32(0.5), np.asarray(0.5, np.float32), np.float64(0.5), np.asarray(2)]
)
def test_rank0_numpy_operands_become_literals_of_their_canonical_dtype(scalar):
    def f(x):
        return jnp.multiply(x, scalar)

    jaxpr = meshjit.make_jaxpr(f)(meshjit.ShapeDtypeStruct((2,), np.float32)).jaxpr
    literals = [v for eqn in jaxpr.eqns for v in eqn.invars if isinstance(v, Literal)]
    assert literals
    for literal in literals:
        assert literal.val.dtype == literal.aval.dtype
        assert literal.aval.dtype in (np.float32, np.int32)


# ---------------------------------------------------------------------------------------------
# The user's source line, found once per instruction and code object.


def test_every_op_names_its_own_line_and_column_in_a_long_function():
    n = 300
    body = "".join(f"    x = {'  ' * (i % 3)}jnp.tanh(x) * {i}.0\n" for i in range(n))
    src = "def f(x):\n" + body + "    return x\n"
    namespace = {"jnp": jnp}
    exec(compile(src, "<generated long function>", "exec"), namespace)
    jaxpr = meshjit.make_jaxpr(namespace["f"])(meshjit.ShapeDtypeStruct((2,), np.float32)).jaxpr
    by_line = {}
    for eqn in jaxpr.eqns:
        assert eqn.source.file == "<generated long function>"
        assert eqn.source.function == "f"
        by_line.setdefault(eqn.source.line, set()).add(eqn.source.column)
    assert sorted(by_line) == list(range(2, n + 2))
    for line, columns in by_line.items():
        # The column of the first instruction seen on the line: `jnp.tanh(x)`'s call.
        assert columns == {9 + 2 * ((line - 2) % 3)}


def test_source_of_an_op_in_a_nested_user_function():
    def inner(x):
        return jnp.sin(x)

    def outer(x):
        return inner(x) + 1.0

    jaxpr = meshjit.make_jaxpr(outer)(np.ones(2, np.float32)).jaxpr
    sin, add = jaxpr.eqns[0], jaxpr.eqns[-1]
    # the qualified names, as JAX's source info (code.co_qualname)
    assert sin.source.function == inner.__qualname__ and inner.__qualname__.endswith(
        "<locals>.inner"
    )
    assert add.source.function == outer.__qualname__
    assert sin.source.line == inner.__code__.co_firstlineno + 1
    assert add.source.line == outer.__code__.co_firstlineno + 1


def test_ops_bound_inside_meshjit_helpers_name_the_users_line():
    # Helpers bind with `bind_internal`, which skips their frame without looking at it.
    def f(x, v):
        a = jnp.tanh(x) + v
        b = jnp.sum(a, axis=1, keepdims=True) * 0.5
        c = jnp.max(x, axis=0) - b
        d = lax.exp(c) @ x.T
        e = jnp.where(d > 0, jnp.mean(d), d.reshape(2, 2).ravel().reshape(2, 2))
        return jnp.maximum(e, 1).astype(np.int32)

    x, v = meshjit.ShapeDtypeStruct((2, 2), np.float32), meshjit.ShapeDtypeStruct((2,), np.float32)
    jaxpr = meshjit.make_jaxpr(f)(x, v).jaxpr
    first = f.__code__.co_firstlineno
    got = [(eqn.primitive.name, eqn.source.line - first) for eqn in jaxpr.eqns]
    assert got == [
        *[("tanh", 1), ("broadcast_in_dim", 1), ("add", 1)],
        *[("reduce_sum", 2), ("broadcast_in_dim", 2), ("mul", 2)],
        *[("reduce_max", 3), ("broadcast_in_dim", 3), ("sub", 3)],
        *[("exp", 4), ("transpose", 4), ("dot_general", 4)],
        *[("gt", 5), ("reduce_sum", 5), ("div", 5), ("reshape", 5), ("reshape", 5)],
        *[("jit", 5), ("max", 6), ("convert_element_type", 6)],  # jnp.where: JAX's _where
    ]
    assert {(eqn.source.file, eqn.source.function) for eqn in jaxpr.eqns} == {
        (__file__, f.__qualname__)
    }


def test_user_source_agrees_with_the_frame_line_number():
    def here():
        return errors.user_source(), sys._getframe().f_lineno

    source, line = here()
    assert (source.file, source.line, source.function) == (__file__, line, here.__qualname__)


@pytest.mark.parametrize("dtype", ["float32", np.float32, np.dtype("float32"), "bfloat16", bool])
def test_avals_hold_numpy_dtypes_whatever_they_are_given(dtype):
    for _ in range(2):  # the second time the dtype's class is known
        aval = ShapedArray((2,), dtype)
        assert isinstance(aval.dtype, np.dtype) and aval.dtype == np.dtype(dtype)


@pytest.mark.parametrize("shape", [(2, 3), (), [2, 3]])
@pytest.mark.parametrize("weak", [False, True])
def test_shared_avals_equal_fresh_ones(shape, weak):
    shared = shaped_array(shape, np.dtype("float32"), weak)
    assert shared == ShapedArray(shape, np.float32, weak) and shared.shape == tuple(shape)
    assert (shaped_array(shape, np.dtype("float32"), weak) is shared) == (type(shape) is tuple)


# ---------------------------------------------------------------------------------------------
# Automatic garbage collection pauses while tracing and lowering, and always resumes.


def test_gc_pauses_during_trace_and_resumes_after_errors():
    import gc

    seen = []

    def f(x):
        seen.append(gc.isenabled())
        return x + 1

    assert gc.isenabled()
    meshjit.jit(f).lower(np.ones(3, np.float32))
    assert seen == [False] and gc.isenabled()

    def bad(x):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        meshjit.jit(bad).trace(np.ones(3, np.float32))
    assert gc.isenabled()
    gc.disable()
    try:  # a pause inside code that already disabled collection leaves it disabled
        meshjit.jit(f).lower(np.ones(2, np.float32))
        assert not gc.isenabled()
    finally:
        gc.enable()
