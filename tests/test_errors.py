"""Every bad input raises a meshjit error that names the problem and the user's source line."""

import ml_dtypes
import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import MeshjitError, MeshjitTypeError, MeshjitValueError
from tests.support.error_checks import ErrorChecker  # noqa: E402

_check = ErrorChecker(__file__, builtin_types=(Exception,))


f32 = np.float32


# ---------------------------------------------------------------------------------------------
# Shapes.


def test_broadcast_failure_in_binary_op():
    def f(x, y):
        return x + y  # L:broadcast

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(np.ones(3, f32), np.ones(4, f32))
    _check(ei, "L:broadcast", "broadcast", "(3,)", "(4,)")
    assert isinstance(ei.value, ValueError)


def test_broadcast_failure_in_numpy_function():
    def f(x, y):
        return jnp.maximum(x, y)  # L:broadcast-maximum

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(np.ones((2, 3), f32), np.ones((3, 2), f32))
    _check(ei, "L:broadcast-maximum", "broadcast", "(2, 3)", "(3, 2)")


def test_matmul_contracting_mismatch():
    def f(a, b):
        return a @ b  # L:matmul

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones((2, 3), f32), np.ones((4, 5), f32))
    _check(ei, "L:matmul", "matmul", "f32[2,3]", "f32[4,5]")
    assert isinstance(ei.value, TypeError)


def test_dot_general_contracting_mismatch():
    def f(a, b):
        return meshjit.lax.dot_general(a, b, (((1,), (0,)), ((), ())))  # L:dot_general

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones((2, 3), f32), np.ones((4, 5), f32))
    _check(ei, "L:dot_general", "contracting", "(3,) and (4,)")


def test_concatenate_mismatch():
    def f(a, b):
        return jnp.concatenate([a, b], axis=0)  # L:concat

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones((2, 3), f32), np.ones((2, 4), f32))
    _check(ei, "L:concat", "concatenate", "(2, 3), (2, 4).")  # JAX's words


def test_concatenate_rank_mismatch():
    def f(a, b):
        return jnp.concatenate([a, b])  # L:concat-rank

    with pytest.raises(MeshjitError) as ei:
        meshjit.jit(f)(np.ones((2, 3), f32), np.ones((3,), f32))
    _check(ei, "L:concat-rank", "concatenate", "(2, 3)", "(3,)")


def test_bad_reshape_size():
    def f(x):
        return x.reshape(4, 2)  # L:reshape

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(6, f32))
    _check(ei, "L:reshape", "reshape", "(6,) (size 6)", "(4, 2)")


def test_bad_reshape_with_minus_one():
    def f(x):
        return jnp.reshape(x, (4, -1))  # L:reshape-1

    with pytest.raises(MeshjitError) as ei:
        meshjit.jit(f)(np.ones(6, f32))
    _check(ei, "L:reshape-1", "reshape", "(6,) (size 6)")


def test_stack_shape_mismatch():
    def f(a, b):
        return jnp.stack([a, b])  # L:stack

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(np.ones(3, f32), np.ones(4, f32))
    _check(ei, "L:stack", "must have the same shape", "(3,), (4,).")


def test_split_unequal():
    def f(x):
        return jnp.split(x, 3)  # L:split

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(np.ones(4, f32))
    _check(ei, "L:split", "equal division")


def test_where_broadcast_failure():
    def f(c, x, y):
        return jnp.where(c, x, y)  # L:where

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(np.ones(3, bool), np.ones(3, f32), np.ones(2, f32))
    _check(ei, "L:where", "broadcast")


# ---------------------------------------------------------------------------------------------
# Out-of-range axes.


@pytest.mark.parametrize(
    "name, fn, words",
    [
        ("sum", lambda x: jnp.sum(x, axis=2), ("axis 2", "dimension 2")),  # L:axis-sum
        ("sum-neg", lambda x: x.sum(axis=-3), ("axis -3", "dimension 2")),  # L:axis-sum-neg
        ("argmax", lambda x: jnp.argmax(x, axis=5), ("axis 5", "dimension 2")),  # L:axis-argmax
        ("expand_dims", lambda x: jnp.expand_dims(x, 3), ("axis 3", "dim")),  # L:axis-expand
        ("swapaxes", lambda x: jnp.swapaxes(x, 0, 2), ("axis 2", "dimension 2")),  # L:axis-swap
        ("concat", lambda x: jnp.concatenate([x, x], 2), ("axis 2", "dim")),  # L:axis-concat
        ("mean", lambda x: jnp.mean(x, axis=(0, 4)), ("axis 4",)),  # L:axis-mean
        ("squeeze", lambda x: jnp.squeeze(x, 0), ("squeeze", "dimensions=(0,)")),  # L:axis-squeeze
    ],
)
def test_out_of_range_axis(name, fn, words):
    markers = {
        "sum": "L:axis-sum",
        "sum-neg": "L:axis-sum-neg",
        "argmax": "L:axis-argmax",
        "expand_dims": "L:axis-expand",
        "swapaxes": "L:axis-swap",
        "concat": "L:axis-concat",
        "mean": "L:axis-mean",
        "squeeze": "L:axis-squeeze",
    }
    # JAX's: a ValueError, an IndexError (only) where it indexes the shape with the axis
    indexed = name in ("argmax", "swapaxes", "mean")
    with pytest.raises(IndexError if indexed else ValueError) as ei:
        meshjit.jit(fn)(np.ones((2, 3), f32))
    _check(ei, markers[name], *words)
    assert isinstance(ei.value, ValueError) != indexed


# ---------------------------------------------------------------------------------------------
# Dtypes and argument kinds.


@pytest.mark.parametrize(
    "value, words",
    [
        (np.ones(3, ml_dtypes.float6_e2m3fn), ("float6_e2m3fn", "not supported")),
        (np.array([object(), object()], dtype=object), ("object", "not a valid JAX array type")),
        (np.array(["a", "b"]), ("<U1", "not a valid JAX array type")),
    ],
    ids=["float6", "object", "str"],
)
def test_unsupported_dtype_argument(value, words):
    f = meshjit.jit(lambda x: x)
    with pytest.raises(MeshjitTypeError) as ei:
        f(value)  # L:bad-dtype
    _check(ei, "L:bad-dtype", "at path x", *words)


def test_float64_is_canonicalised_not_rejected():
    out = meshjit.jit(lambda x: x * 2)(np.ones(3, np.float64))
    assert out.dtype == np.float32
    np.testing.assert_array_equal(np.asarray(out), np.full(3, 2.0, np.float32))


def test_unsupported_dtype_in_astype():
    def f(x):
        return x.astype(ml_dtypes.float6_e2m3fn)  # L:astype-float6

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(3, f32))
    _check(ei, "L:astype-float6", "float6_e2m3fn", "not supported")


def test_unsupported_dtype_eager():
    with pytest.raises(MeshjitTypeError) as ei:
        jnp.add(np.ones(2, ml_dtypes.float6_e2m3fn), 1)  # L:eager-float6
    _check(ei, "L:eager-float6", "float6_e2m3fn")


def test_string_argument_to_jit():
    f = meshjit.jit(lambda x: x)
    with pytest.raises(MeshjitTypeError) as ei:
        f("hello")  # L:str-arg
    _check(ei, "L:str-arg", "at path x", "str", "static_argnums")


def test_set_leaf_in_dict_argument():
    f = meshjit.jit(lambda d: d["a"] + 1)
    with pytest.raises(MeshjitTypeError) as ei:
        f({"a": np.ones(2, f32), "b": {1, 2}})  # L:set-leaf
    _check(ei, "L:set-leaf", "set", "not a valid array")


def test_none_function_and_bad_jit_option():
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(3)  # L:jit-noncallable
    _check(ei, "L:jit-noncallable", "Expected a callable value, got 3")
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(lambda x: x, donate_everything=True)  # L:jit-option
    _check(ei, "L:jit-option", "donate_everything")


def test_unhashable_static_argument():
    f = meshjit.jit(lambda x, n: x * len(n), static_argnums=1)
    with pytest.raises(MeshjitValueError) as ei:
        f(np.ones(2, f32), [1, 2])  # L:unhashable
    _check(ei, "L:unhashable", "hashable", "list")


def test_non_array_output():
    def f(x):
        return x, "label"  # L:str-out

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(2, f32))
    assert "output component 1" in str(ei.value) and "str" in str(ei.value)


def test_python_int_too_large():
    def f(x):
        return x + 2**40  # L:bigint

    with pytest.raises(OverflowError) as ei:  # JAX's plain OverflowError (not a ValueError)
        meshjit.jit(f)(np.ones(2, np.int32))
    assert not isinstance(ei.value, ValueError)
    _check(ei, "L:bigint", "too large", "int32")


def test_bool_negative_and_invalid_unary():
    def f(x):
        return -x  # L:neg-bool

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(2, bool))
    _check(ei, "L:neg-bool", "negative", "bool")

    def g(x):
        return meshjit.lax.exp(x)  # L:lax-exp-int

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(g)(np.ones(2, np.int32))
    _check(ei, "L:lax-exp-int", "exp", "floating", "i32[2]")


def test_lax_binary_dtype_mismatch():
    def f(x, y):
        return meshjit.lax.add(x, y)  # L:lax-add

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(2, f32), np.ones(2, np.int32))
    _check(ei, "L:lax-add", "lax.add", "same dtypes", "float32, int32", "Tip: jnp.add")


# ---------------------------------------------------------------------------------------------
# Compiled objects.


def test_compiled_with_different_structure():
    compiled = meshjit.jit(lambda x, y: x + y).lower(np.ones(2, f32), np.ones(2, f32)).compile()
    with pytest.raises(MeshjitTypeError) as ei:
        compiled((np.ones(2, f32), np.ones(2, f32)))  # L:compiled-tree
    _check(ei, "L:compiled-tree", "does not match the input pytree it was called with")


def test_compiled_with_different_shape():
    compiled = meshjit.jit(lambda x: x * 2).lower(np.ones((2, 3), f32)).compile()
    with pytest.raises(MeshjitTypeError) as ei:
        compiled(np.ones((3, 2), f32))  # L:compiled-shape
    _check(ei, "L:compiled-shape", "Argument types differ", "float32[2,3]", "float32[3,2]")


def test_compiled_with_different_dtype():
    compiled = meshjit.jit(lambda x: x * 2).lower(np.ones(3, f32)).compile()
    with pytest.raises(MeshjitTypeError) as ei:
        compiled(np.ones(3, np.int32))  # L:compiled-dtype
    _check(ei, "L:compiled-dtype", "Argument types differ", "float32[3]", "int32[3]")


# ---------------------------------------------------------------------------------------------
# Tracers.


def test_python_control_flow_on_tracer():
    def f(x):
        if x.sum() > 0:  # L:if-tracer
            return x
        return -x

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.ones(3, f32))
    _check(ei, "L:if-tracer", "boolean conversion", "bool[]", "for jit", "the argument x.")
    assert isinstance(ei.value, TypeError)


@pytest.mark.parametrize("convert", [int, float, lambda t: np.asarray(t), lambda t: range(t)])
def test_concretization_of_tracer(convert):
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(lambda x: convert(x))(np.ones((), np.int32))
    assert "traced array" in str(ei.value)


def test_leaked_tracer_used_eagerly():
    leaked = []

    def f(x):
        leaked.append(x)
        return x + 1

    meshjit.jit(f)(np.ones(2, f32))
    with pytest.raises(MeshjitError) as ei:
        jnp.sin(leaked[0])  # L:leak-eager
    _check(ei, "L:leak-eager", "escape", "f32[2]")
    assert isinstance(ei.value, TypeError)


def test_leaked_tracer_used_in_another_trace():
    leaked = []

    def f(x):
        leaked.append(x)
        return x + 1

    meshjit.jit(f)(np.ones(2, f32))

    def g(y):
        return y * leaked[0]  # L:leak-trace

    with pytest.raises(MeshjitError) as ei:
        meshjit.jit(g)(np.ones(2, f32))
    _check(ei, "L:leak-trace", "leaked", "float32[2] wrapped in a DynamicJaxprTracer")
    assert isinstance(ei.value, TypeError)


# ---------------------------------------------------------------------------------------------
# Config.


def test_enable_x64_is_accepted_and_turns_off_again():
    try:
        meshjit.config.update("jax_enable_x64", True)
        assert meshjit.config.jax_enable_x64 is True
    finally:
        meshjit.config.update("jax_enable_x64", False)
    assert meshjit.config.jax_enable_x64 is False


def test_unknown_config_option():
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.config.update("jax_no_such_option", 1)  # L:unknown-option
    _check(ei, "L:unknown-option", "unknown option", "jax_no_such_option")


def test_num_devices_after_start_is_rejected():
    meshjit.devices()
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.config.update("jax_num_cpu_devices", 3)  # L:late-devices
    _check(ei, "L:late-devices", "jax_num_cpu_devices", "before the first computation")


# ---------------------------------------------------------------------------------------------
# Common mistakes: a clear error and the user's line, with JAX's error type where JAX has one.


def test_a_pytree_that_contains_itself():
    tree = [1.0]
    tree.append(tree)
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(lambda t: t[0])(tree)  # L:cyclic-tree
    _check(ei, "L:cyclic-tree", "contain itself")


def test_dict_keys_that_do_not_sort():
    with pytest.raises(ValueError) as ei:  # JAX: ValueError, "Comparator raised exception ..."
        meshjit.jit(lambda d: d[1])({1: 1.0, "a": 2.0})  # L:dict-keys
    _check(ei, "L:dict-keys", "keys of types int, str", "[1, 'a']")


def test_a_string_operand_of_a_numpy_function():
    with pytest.raises(TypeError) as ei:  # JAX: TypeError
        jnp.sin("abc")  # L:str-eager
    _check(ei, "L:str-eager", "str 'abc'", "arrays and numbers")
    # an operator given a str returns NotImplemented: Python's own TypeError, as JAX's
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \+: '\w+' and 'str'"):
        meshjit.jit(lambda x: x + "1")(f32(1))


def test_a_mesh_of_integers_instead_of_devices():
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.sharding.Mesh(np.array([0, 1]), ("x",))  # L:mesh-ints
    _check(ei, "L:mesh-ints", "Mesh takes devices", "int 0", "make_mesh")


def test_error_types_match_jax():
    jax = pytest.importorskip("jax")
    with pytest.raises(ValueError):
        jax.jit(lambda d: d[1])({1: 1.0, "a": 2.0})
    with pytest.raises(TypeError):
        jax.numpy.sin("abc")
    with pytest.raises(NameError):
        jax.jit(lambda x: jax.lax.psum(x, "i"))(np.ones(3))
    with pytest.raises(NameError):
        meshjit.jit(lambda x: meshjit.lax.psum(x, "i"))(np.ones(3))


# ---------------------------------------------------------------------------------------------
# linalg: non-square and integer input, where JAX raises (the same error types as JAX's).


def test_linalg_non_square_and_integer_input():
    with pytest.raises(ValueError) as ei:
        meshjit.jit(jnp.linalg.inv)(np.ones((2, 3), f32))
    assert "inv must have shape [..., n, n], got (2, 3)" in str(ei.value)
    with pytest.raises(TypeError) as ei:
        meshjit.jit(lambda x: jnp.linalg.cholesky(x))(np.ones((2, 3), f32))  # L:linalg-chol
    _check(ei, "L:linalg-chol", "cholesky", "square")
    with pytest.raises(TypeError) as ei:
        meshjit.lax.linalg.lu(np.eye(3, dtype=np.int32))  # L:linalg-int
    _check(ei, "L:linalg-int", "lu does not accept dtype int32")
    with pytest.raises(TypeError) as ei:
        i2 = np.eye(2, dtype=np.int32)
        meshjit.lax.linalg.triangular_solve(i2, i2)  # L:tri-int
    _check(ei, "L:tri-int", "triangular_solve does not accept dtype int32")
    with pytest.raises(ValueError) as ei:
        meshjit.lax.linalg.cholesky(np.ones((2, 3), f32), symmetrize_input=False)  # L:chol-rect
    _check(ei, "L:chol-rect", "cholesky requires square matrices", "f32[2,3]")


def test_linalg_error_types_match_jax():
    jax = pytest.importorskip("jax")
    with pytest.raises(ValueError):
        jax.numpy.linalg.inv(np.ones((2, 3), f32))
    with pytest.raises(TypeError):
        jax.numpy.linalg.cholesky(np.ones((2, 3), f32))
    with pytest.raises(TypeError):
        jax.lax.linalg.lu(np.eye(3, dtype=np.int32))
    with pytest.raises(TypeError):
        jax.lax.linalg.triangular_solve(np.eye(2, dtype=np.int32), np.eye(2, dtype=np.int32))
    with pytest.raises(ValueError):
        jax.lax.linalg.cholesky(np.ones((2, 3), f32), symmetrize_input=False)


def test_key_reuse_error_is_jaxs_type_error_class():
    assert meshjit.errors.KeyReuseError.__name__ == "KeyReuseError"
    assert issubclass(meshjit.errors.KeyReuseError, TypeError)
    assert meshjit.errors.KeyReuseError is not meshjit.errors.MeshjitError


def test_traced_shapes_are_plain_type_errors_as_jax():
    # JAX: "Shapes must be 1D sequences of concrete values" is a TypeError, not a
    # ConcretizationTypeError (jnp.zeros(n), dynamic_slice sizes)
    import meshjit.numpy as jnp
    from meshjit import lax

    for fn, arg in [
        (lambda n: jnp.zeros(n), 3),
        (lambda x: lax.dynamic_slice(x, (1,), (x[0],)), jnp.arange(4)),
    ]:
        with pytest.raises(TypeError, match="Shapes must be 1D sequences of concrete") as e:
            meshjit.jit(fn)(arg)
        assert not isinstance(e.value, meshjit.errors.ConcretizationTypeError)
    assert lax.dynamic_slice(jnp.arange(4), (1,), (jnp.int32(2),)).tolist() == [1, 2]


# ---------------------------------------------------------------------------------------------
# How errors print: as JAX's.


def test_errors_print_as_jax_s_with_the_users_line_in_a_note():
    with pytest.raises(TypeError) as ei:
        jnp.ones(3) + jnp.ones(4)  # L:printed
    err = ei.value
    # JAX 0.10.2: TypeError('add got incompatible shapes for broadcasting: (3,), (4,).')
    assert type(err).__name__ == "TypeError"
    assert repr(err) == "TypeError('add got incompatible shapes for broadcasting: (3,), (4,).')"
    assert str(err) == "add got incompatible shapes for broadcasting: (3,), (4,)."
    assert isinstance(err, MeshjitError)
    assert f"test_errors.py:{_check.line('L:printed')}" in err.__notes__[0]
    assert f"test_errors.py:{_check.line('L:printed')}" in err.located()


def test_binary_ops_of_two_ranks_fail_in_rank_promotion_as_jax_s():
    """JAX's jnp ops promote ranks before lax sees them: operands of two non-scalar ranks that
    do not broadcast are its ValueError "Incompatible shapes for broadcasting: shapes=[...]"
    (meshjit named the op, lax's TypeError); operands of one rank still get lax's error."""
    a, b = jnp.ones((32, 3)), jnp.ones(32)
    for call in (lambda: a * b, lambda: jnp.maximum(a, b), lambda: meshjit.jit(jnp.add)(a, b)):
        with pytest.raises(ValueError) as ei:
            call()
        assert str(ei.value) == "Incompatible shapes for broadcasting: shapes=[(32, 3), (32,)]"
        assert type(ei.value).__name__ == "ValueError"
    with pytest.raises(TypeError, match=r"^mul got incompatible shapes for broadcasting"):
        jnp.ones((2, 3)) * jnp.ones((3, 3))


@pytest.mark.parametrize(
    "make, name",
    [
        (lambda: jnp.broadcast_to(jnp.ones(3), (4,)), "ValueError"),
        (lambda: jnp.ones(3)[5:7:0], "ValueError"),
        (lambda: jnp.sum(jnp.ones(3), axis=4), "ValueError"),
        (lambda: meshjit.jit(lambda x: int(x))(1.0), "ConcretizationTypeError"),
        (lambda: jnp.ones(3).reshape(7), "TypeError"),
        (lambda: meshjit.debug.print("{missing}", x=1), "KeyError"),
    ],
)
def test_error_class_names_are_jax_s(make, name):
    with pytest.raises(Exception) as ei:
        make()
    assert type(ei.value).__name__ == name
    assert isinstance(ei.value, MeshjitError)


@pytest.mark.parametrize(
    "fn, text",
    [
        (
            lambda: jnp.ones((2, 3)) @ jnp.ones((2, 3)),
            "dot_general requires contracting dimensions to have the same shape, got (3,) and "
            "(2,).",
        ),
        (
            lambda: meshjit.grad(lambda x, y: x * y, argnums=2)(1.0, 2.0),
            "differentiating with respect to argnums=2 requires at least 3 positional arguments "
            "to be passed by the caller, but got only 2 positional arguments.",
        ),
        (
            lambda: meshjit.random.normal(0, (2,)),
            "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and "
            "dtype attributes. Got 0",
        ),
        (
            lambda: meshjit.random.uniform(meshjit.random.key(0), (2,), minval=jnp.ones(3)),
            "mul got incompatible shapes for broadcasting: (2,), (3,).",
        ),
        (
            lambda: meshjit.lax.conv(
                jnp.ones((1, 1, 4, 4)), jnp.ones((1, 2, 3, 3)), (1, 1), "SAME"
            ),
            "conv_general_dilated lhs feature dimension size divided by feature_group_count must "
            "equal the rhs input feature dimension size, but 1 // 1 != 2.",
        ),
        (
            lambda: jnp.take_along_axis(jnp.ones((2, 3)), jnp.ones(3, int), axis=1),
            "indices and arr must have the same number of dimensions; 1 vs. 2",
        ),
        (lambda: jnp.astype(jnp.ones(3), "string"), "data type 'string' not understood"),
        (
            lambda: meshjit.vmap(lambda x: x, out_axes=2)(jnp.ones(3)),
            "axis 2 is out of bounds for array of dimension 1",
        ),
    ],
)
def test_messages_are_jaxs_sentences_alone(fn, text):
    # meshjit's explanations of these (the operands, the fix) are notes, shown with the
    # traceback; the message is JAX's (programs print it).
    with pytest.raises(Exception) as e:
        fn()
    assert str(e.value) == text


def test_error_classes_subclass_what_jaxs_do():
    # JAX: TracerInteger- and TracerArrayConversionError are JAXTypeErrors but no
    # ConcretizationTypeErrors; NonConcreteBooleanIndexError is an IndexError only
    errors = meshjit.errors
    for cls in (errors.TracerIntegerConversionError, errors.TracerArrayConversionError):
        assert issubclass(cls, TypeError)
        assert not issubclass(cls, errors.ConcretizationTypeError)
    assert issubclass(errors.TracerBoolConversionError, errors.ConcretizationTypeError)
    assert issubclass(errors.NonConcreteBooleanIndexError, IndexError)
    assert not issubclass(errors.NonConcreteBooleanIndexError, ValueError)
    with pytest.raises(errors.TracerIntegerConversionError) as e:
        meshjit.jit(lambda i: [1, 2, 3][i])(1)
    assert not isinstance(e.value, errors.ConcretizationTypeError)


def test_leaked_tracers_are_named_as_jaxs_tracer_classes():
    leaked = []

    def keep(x):
        leaked.append(x * 2)
        return x

    meshjit.jit(keep)(1.0)
    with pytest.raises(meshjit.errors.UnexpectedTracerError) as e:
        leaked[-1] + 1
    code = keep.__code__
    line = f"{code.co_filename}:{code.co_firstlineno + 1}:22 ({code.co_qualname})"
    divider = "\n" + "-" * 30 + "\n"
    assert str(e.value) == (
        "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
        "allowing for a reference to an intermediate value with type float32[] wrapped in a "
        "DynamicJaxprTracer to escape the scope of the transformation.\nJAX transformations "
        "require that functions explicitly return their outputs, and disallow saving "
        "intermediate values to global state.\nThe function being traced when the value leaked "
        f"was keep at {code.co_filename}:{code.co_firstlineno} traced for jit.{divider}The "
        f"leaked intermediate value was created on line {line}. {divider}When the value was "
        "created, the final 5 stack frames (most recent last) excluding JAX-internal frames "
        f"were:{divider}{line}{divider}\nTo catch the leak earlier, try setting the environment "
        "variable JAX_CHECK_TRACER_LEAKS or using the `jax.checking_leaks` context manager.\n"
        "See https://docs.jax.dev/en/latest/errors.html#jax.errors.UnexpectedTracerError"
    )
    for transform, name in [
        (meshjit.vmap, "BatchTracer"),
        (meshjit.grad, "LinearizeTracer"),
        (lambda f: lambda x: meshjit.jvp(f, (x,), (x,)), "JVPTracer"),
    ]:
        transform(keep)(jnp.ones(2) if name == "BatchTracer" else 1.0)
        with pytest.raises(meshjit.errors.UnexpectedTracerError) as e:
            leaked[-1] + 1
        assert f"type float32[] wrapped in a {name} to escape" in str(e.value)
        assert "The function being traced" not in str(e.value)


def test_a_vmapped_input_was_made_on_the_callers_line():
    def to_numpy(x):
        return np.sin(x)

    with pytest.raises(meshjit.errors.TracerArrayConversionError) as e:
        meshjit.vmap(to_numpy)(jnp.arange(3.0))  # L:vmap-call
    lines = str(e.value).splitlines()
    assert lines[1].startswith("This BatchTracer with object id ")
    assert lines[2].startswith(f"  {__file__}:") and lines[2].endswith(
        " (test_a_vmapped_input_was_made_on_the_callers_line)"
    )
