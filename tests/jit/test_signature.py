"""Static arguments: argnums / argnames, retracing per value, hashability."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.ir.core import ShapedArray

f32, i32, i8 = np.float32, np.int32, np.int8


# ---------------------------------------------------------------------------------------------
# Static arguments.


def test_static_argnums_retrace_per_value(counters):
    @meshjit.jit
    def plain(x):
        return x

    f = meshjit.jit(lambda x, n: x * n, static_argnums=1)
    assert float(f(np.float32(2), 3)) == 6.0
    assert float(f(np.float32(2), 3)) == 6.0
    assert counters["trace"] == 1
    assert float(f(np.float32(2), 4)) == 8.0
    assert counters["trace"] == 2
    closed = meshjit.make_jaxpr(lambda x, n: x * n, static_argnums=1)(np.float32(2), 7)
    assert closed.in_avals == [ShapedArray((), f32)]
    assert "7.0:f32[]" in str(closed)


def test_static_argnames_and_kwargs(counters):
    def f(x, *, mode="sum", axis=0):
        return x.sum(axis) if mode == "sum" else x.max(axis)

    g = meshjit.jit(f, static_argnames=("mode", "axis"))
    x = np.arange(6, dtype=f32).reshape(2, 3)
    np.testing.assert_array_equal(np.asarray(g(x, mode="sum")), x.sum(0))
    np.testing.assert_array_equal(np.asarray(g(x, mode="max", axis=1)), x.max(1))
    np.testing.assert_array_equal(np.asarray(g(x, mode="sum")), x.sum(0))
    assert counters["trace"] == 2


def test_static_argnums_and_argnames_are_linked():
    def f(x, n):
        return x * n

    by_name = meshjit.jit(f, static_argnames="n")
    assert float(by_name(np.float32(2), 3)) == 6.0  # positional use of a static name
    by_num = meshjit.jit(f, static_argnums=(1,))
    assert float(by_num(np.float32(2), n=5)) == 10.0  # keyword use of a static position


def test_static_argument_can_be_any_hashable():
    f = meshjit.jit(lambda x, shape, fn: fn(x.reshape(shape)), static_argnums=(1, 2))
    out = f(np.arange(6, dtype=f32), (2, 3), jnp.transpose)
    np.testing.assert_array_equal(np.asarray(out), np.arange(6).reshape(2, 3).T)


def test_unhashable_static_argument_is_an_error():
    f = meshjit.jit(lambda x, cfg: x, static_argnums=1)
    with pytest.raises(meshjit.MeshjitValueError, match="hash an object of type <class 'dict'>"):
        f(np.ones(2, f32), {"a": 1})


# ---------------------------------------------------------------------------------------------
# Static arguments that name no parameter are errors at jit(), as in JAX.


def _two(x, y):
    return x * y


@pytest.mark.parametrize(
    "kwargs",
    [
        {"static_argnums": 3},
        {"static_argnums": -3},
        {"static_argnames": "z"},
        {"static_argnums": (0, 5)},
    ],
)
def test_static_arguments_naming_no_parameter_are_rejected_as_jax(kwargs):
    with pytest.raises(meshjit.MeshjitValueError) as info:
        meshjit.jit(_two, **kwargs)  # L:bad-static
    assert "name" in str(info.value) and "_two" in str(info.value)
    assert f"test_signature.py:{_line('L:bad-static')}" in info.value.__notes__[0]
    jax = pytest.importorskip("jax")
    with pytest.raises(ValueError):
        jax.jit(_two, **kwargs)


def test_negative_static_argnums_count_from_the_last_positional_parameter(counters):
    f = meshjit.jit(lambda x, n: x * n, static_argnums=-1)
    assert f.static_argnames == frozenset({"n"})
    np.testing.assert_allclose(np.asarray(f(np.float32(2), 3)), 6.0)
    f(np.float32(2), 4)
    assert counters["trace"] == 2


def test_varargs_and_kwargs_accept_any_static_argument():
    f = meshjit.jit(lambda *a, **k: a[0] * k["s"], static_argnums=3, static_argnames="s")
    assert float(f(np.float32(2), s=3)) == 6.0


def _line(marker):
    with open(__file__) as source:
        return next(i + 1 for i, t in enumerate(source) if t.rstrip().endswith(f"# {marker}"))


def test_jit_option_mistakes_raise_jaxs_errors():
    with pytest.raises(TypeError, match="'str' object cannot be interpreted as an integer"):
        meshjit.jit(lambda x: x, static_argnums="x")(1.0)
    with pytest.raises(ValueError, match="can't specify both a device and a backend for jit"):
        meshjit.jit(lambda x: x, device=meshjit.devices()[0], backend="cpu")
    with pytest.raises(TypeError, match="is not a valid JAX type"):
        meshjit.jit(jnp.sin)(meshjit.ShapeDtypeStruct((3,), jnp.float32))
    with pytest.raises(AttributeError, match="'Config' object has no attribute 'jax_foo'"):
        meshjit.config.jax_foo  # noqa: B018


# ---------------------------------------------------------------------------------------------
# Non-array arguments: JAX's message names the leaf's path in the function's parameters.


def _params(a, b, *rest, c=1.0, **kw):
    return a


@pytest.mark.parametrize(
    "args, kwargs, path",
    [
        ((1.0, {"k": [1.0, object()]}), {}, "b['k'][1]"),
        ((1.0, 2.0, object()), {}, "rest[0]"),
        ((1.0, 2.0), {"c": object()}, "c"),
        ((1.0, 2.0), {"z": (object(),)}, "kw['z'][0]"),
    ],
)
def test_non_array_argument_names_its_path(args, kwargs, path):
    with pytest.raises(TypeError, match="Error interpreting argument to <function _params") as e:
        meshjit.jit(_params)(*args, **kwargs)
    assert f"passed to the function at path {path}.\n" in str(e.value)
    assert "static_argnums or static_argnames" in str(e.value)
    with pytest.raises(TypeError, match=f"at path {path.replace('[', '.').replace(']', '.')}"):
        meshjit.eval_shape(_params, *args, **kwargs)


def test_compiled_call_with_a_non_array_is_jaxs_short_message():
    compiled = meshjit.jit(lambda a: a).lower(1.0).compile()
    with pytest.raises(TypeError, match="Cannot interpret value of type <class 'object'>"):
        compiled(object())


# ---------------------------------------------------------------------------------------------
# The cache key: values on an Explicit mesh.


def test_a_nested_jit_traced_on_an_explicit_mesh_is_not_reused_off_it():
    """Fuzz seed 2801075: jnp.where (a nested jit) traced on values replicated over an Explicit
    mesh was reused for plain values of the same shape (an unsharded type equals an untyped
    one), so its results carried the other mesh: a later take on another Explicit mesh was
    refused (mesh for all inputs should be equal). The trace is keyed by the meshes too."""
    S = meshjit.sharding
    devices = np.array(meshjit.devices())
    explicit = S.Mesh(devices.reshape(2, 4), ("a", "b"), axis_types=(S.AxisType.Explicit,) * 2)
    other = S.Mesh(devices[:1], ("a",), axis_types=(S.AxisType.Explicit,))

    def on_explicit(x):
        v = S.reshard(x, S.NamedSharding(explicit, S.P(None)))
        return S.reshard(jnp.where(v > 0, v, v), S.NamedSharding(explicit, S.P()))

    def plain(x, y):
        w = jnp.where(x > 0, x, x)
        assert meshjit.typeof(w).sharding.mesh.empty
        v = S.reshard(y, S.NamedSharding(other, S.P()))
        return S.reshard(jnp.take(v, w, axis=0), S.NamedSharding(other, S.P()))

    x = np.arange(2, dtype=i32)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(on_explicit)(x)), x)
    y = np.arange(6, dtype=f32).reshape(3, 2)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(plain)(x, y)), y[x])


def test_non_hashable_static_and_non_array_arguments_in_jaxs_words():
    with pytest.raises(ValueError) as e:
        meshjit.jit(lambda x, cfg: x, static_argnums=1)(1.0, {"s": 2})
    assert str(e.value) == (
        "Non-hashable static arguments are not supported. An error occurred while trying to hash "
        "an object of type <class 'dict'>, {'s': 2}. The error was:\n"
        "TypeError: unhashable type: 'dict'\n"
    )
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x: x + 1)("a")
    assert str(e.value).endswith(
        "not marked as static using the static_argnums or static_argnames parameters of jax.jit."
    )
