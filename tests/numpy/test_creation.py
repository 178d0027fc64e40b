"""Array creation and conversion (zeros, arange, astype, ...) against NumPy."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.numerics import (
    INTS,
    LOW_PRECISION,
    SETTINGS,
    assert_close,
    bf16,
    bool_,
    f16,
    f32,
    i8,
    i32,
    is_float,
    shape_st,
    u8,
    values,
)

# ---------------------------------------------------------------------------------------------
# Creation and conversion.


@pytest.mark.parametrize("dtype", [None, f32, bf16, f16, i32, i8, u8, bool_])
def test_creation(dtype):
    def f(a):
        return {
            "zeros": jnp.zeros((2, 3), dtype),
            "ones": jnp.ones(4, dtype),
            "full": jnp.full((3, 1), 7 if dtype != bool_ else True, dtype),
            "zeros_like": jnp.zeros_like(a, dtype),
            "ones_like": jnp.ones_like(a, dtype),
            "eye": jnp.eye(3, 4, k=1, dtype=dtype),
            "eye_neg_k": jnp.eye(3, k=-1, dtype=dtype),
            "arange": jnp.arange(2, dtype=dtype if dtype != bool_ else None),
        }

    x = np.ones((2, 2), i8)
    out = meshjit.jit(f)(x)
    default = f32 if dtype is None else dtype
    like = i8 if dtype is None else dtype
    fill = 7 if dtype != bool_ else True
    expected = {
        "zeros": np.zeros((2, 3), default),
        "ones": np.ones(4, default),
        "full": np.full((3, 1), fill, i32 if dtype is None else dtype),
        "zeros_like": np.zeros((2, 2), like),
        "ones_like": np.ones((2, 2), like),
        "eye": np.eye(3, 4, k=1, dtype=default),
        "eye_neg_k": np.eye(3, k=-1, dtype=default),
        "arange": np.arange(2).astype(i32 if dtype in (None, bool_) else dtype),
    }
    for name, ref in expected.items():
        assert_close(out[name], ref, ref.dtype), name


@pytest.mark.parametrize(
    "args, kwargs",
    [
        ((5,), {}),
        ((2, 9), {}),
        ((2, 9, 3), {}),
        ((9, 2, -2), {}),
        ((0.0, 2.0, 0.5), {}),
        ((1, 2, 0.25), {}),
        ((5,), {"dtype": f32}),
        ((3, 1), {}),
        ((-3.5, 1.0), {}),
    ],
)
def test_arange(args, kwargs):
    out = meshjit.jit(lambda: jnp.arange(*args, **kwargs))()
    ref = np.arange(*args, **kwargs)
    ref = ref.astype(f32 if ref.dtype.kind == "f" else i32)
    assert_close(out, ref, ref.dtype)


_CONVERTIBLE = [f32, bf16, f16, i32, i8, u8, bool_]


@SETTINGS
@given(st.data(), st.sampled_from(_CONVERTIBLE), st.sampled_from(_CONVERTIBLE), shape_st)
def test_astype_and_convert_element_type(data, src, dst, shape):
    # Values that every destination can represent (float -> int conversion truncates).
    lo = 0 if dst in (u8, bool_) or src == u8 else -100
    x = data.draw(
        values(src, shape, lo=lo / 25 if src in INTS else lo, hi=4 if src in INTS else 100)
    )
    out = meshjit.jit(
        lambda a: (a.astype(dst), jnp.astype(a, dst), lax.convert_element_type(a, dst))
    )(x)
    if dst == bool_:
        ref = x != 0
    elif dst in INTS and is_float(src):
        ref = np.trunc(x.astype(f32)).astype(dst)
    else:
        ref = x.astype(f32).astype(dst) if src in LOW_PRECISION else x.astype(dst)
    for got in out:
        assert_close(got, ref, dst)


def test_linspace_takes_array_endpoints_an_axis_and_retstep_as_numpy():
    start, stop = np.array([0.0, 1.0], np.float32), np.array([1.0, 3.0], np.float32)
    for axis in (0, 1, -1):
        np.testing.assert_allclose(
            jnp.linspace(start, stop, 5, axis=axis), np.linspace(start, stop, 5, axis=axis)
        )
    points, step = jnp.linspace(0, 1, 5, retstep=True)
    assert float(step) == 0.25 and points.shape == (5,)
    np.testing.assert_array_equal(jnp.linspace(0, 10, 4, dtype=int), [0, 3, 6, 10])
    assert jnp.linspace(0, 1, 0).shape == (0,) and float(jnp.linspace(2, 3, 1)[0]) == 2.0
    np.testing.assert_allclose(
        jnp.geomspace(np.array([1.0, 2.0]), np.array([100.0, 8.0]), 4),
        np.geomspace([1.0, 2.0], [100.0, 8.0], 4),
        rtol=1e-6,
    )


def test_array_of_traced_scalars_converts_each_to_the_strong_common_dtype_as_jax():
    text = str(meshjit.make_jaxpr(lambda a, b: jnp.array([a, b]))(1, 2))
    # per element: convert (weak -> strong), then its new axis; then one concatenate
    order = [line.split(" = ")[1].split()[0] for line in text.splitlines() if " = " in line]
    assert order == [
        "convert_element_type[new_dtype=int32",
        "broadcast_in_dim",
        "convert_element_type[new_dtype=int32",
        "broadcast_in_dim",
        "concatenate[dimension=0]",
    ]
    out = meshjit.jit(lambda a: jnp.array([a, 1]))(1.5)
    assert out.dtype == np.float32 and not out.weak_type
    np.testing.assert_array_equal(out, [1.5, 1.0])
    assert type(meshjit.make_jaxpr(lambda a: a)(1.0)).__name__ != "DynamicJaxprTracer"
    leaked = []
    meshjit.jit(lambda a: leaked.append(a) or a)(1.0)
    assert type(leaked[0]).__name__ == "DynamicJaxprTracer"  # as JAX names jit's tracers


def test_linspace_keeps_the_endpoints_inexact_type():
    """As JAX: float16 / bfloat16 endpoints give float16 / bfloat16 points (not float32)."""
    assert jnp.linspace(np.float16(0), 1, 5).dtype == np.float16
    assert jnp.linspace(jnp.bfloat16(0), 1, 5).dtype == jnp.bfloat16
    assert jnp.linspace(np.int8(0), np.int16(1), 5).dtype == np.float32
    assert jnp.linspace(0, 1j, 3).dtype == np.complex64
    assert jnp.logspace(np.float16(0), np.float16(2), 5).dtype == np.float16


def test_integer_linspace_is_computed_in_float32_with_x64_on_as_jax():
    """JAX computes an int32 linspace in to_inexact_dtype(int32), float32 with x64 on too: its
    rounding floors -3.5 * 2/3 + 7 / 3 to 0 (float64 gives -4e-16, floored to -1; fuzz x64
    vocabulary entry linspace_int)."""
    with meshjit.enable_x64(True):
        out = jnp.linspace(-3.5, 7, 3, endpoint=False, dtype=jnp.int32)
        assert out.dtype == np.int32
        np.testing.assert_array_equal(out, [-4, 0, 3])
        assert jnp.linspace(0, 1, 3, dtype=jnp.int64).dtype == np.int64


def test_array_of_an_array_copies_by_default_as_jax():
    # JAX: `jnp.array(x) is x` is False (copy=True); asarray and copy=False give `x` itself
    x = jnp.arange(3.0)
    copied = jnp.array(x)
    assert copied is not x and jnp.array(x, copy=False) is x and jnp.asarray(x) is x
    np.testing.assert_array_equal(np.asarray(copied), [0.0, 1.0, 2.0])
    assert copied.sharding == x.sharding and copied.dtype == x.dtype


# ---------------------------------------------------------------------------------------------
# The __jax_array__ protocol (JAX 0.10.2: converted by jnp.array / asarray / *_like, by
# operators and by the functions JAX gives `ensure_arraylike` before any jit; refused with a
# ValueError by the jitted ones).


class _Wrapped:
    def __init__(self, value):
        self.value = value

    def __jax_array__(self):
        return jnp.asarray(self.value)


def test_jax_array_protocol_converts_in_constructors_and_operators():
    w = _Wrapped(np.arange(3.0, dtype=np.float32))
    np.testing.assert_array_equal(jnp.asarray(w), [0.0, 1.0, 2.0])
    np.testing.assert_array_equal(jnp.array([w, w]), [[0.0, 1.0, 2.0]] * 2)
    np.testing.assert_array_equal(jnp.zeros_like(w), [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(jnp.ones(3) + w, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(w * jnp.ones(3), [0.0, 1.0, 2.0])
    assert bool((jnp.arange(3.0) == w).all())


def test_jax_array_protocol_result_is_strongly_typed():
    # As JAX: asarray's weak type is the object's own (a wrapper is not weak), not its array's
    x = jnp.asarray(_Wrapped(2.5))
    assert float(x) == 2.5 and x.dtype == jnp.float32 and not x.weak_type


@pytest.mark.parametrize(
    "call, expected",
    [
        (lambda w: jnp.stack([w, w]), [[0.0, 1.0, 2.0]] * 2),
        (lambda w: jnp.concatenate([w, jnp.ones(1)]), [0.0, 1.0, 2.0, 1.0]),
        (lambda w: jnp.column_stack([w, w]), [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]),
        (lambda w: jnp.argmax(w), 2),
        (lambda w: jnp.flip(w), [2.0, 1.0, 0.0]),
        (lambda w: jnp.squeeze(w), [0.0, 1.0, 2.0]),
        (lambda w: jnp.var(w), 2.0 / 3.0),
        (lambda w: jnp.shape(w), (3,)),
        (lambda w: jnp.power(jnp.ones(3) * 2, w), [1.0, 2.0, 4.0]),
        (lambda w: jnp.broadcast_arrays(w, jnp.ones(3))[0], [0.0, 1.0, 2.0]),
        (lambda w: jnp.nonzero(w)[0], [1, 2]),
        (lambda w: jnp.unique(w), [0.0, 1.0, 2.0]),
    ],
)
def test_jax_array_protocol_converted_where_jax_converts_first(call, expected):
    out = call(_Wrapped(np.arange(3.0, dtype=np.float32)))
    np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-6)


@pytest.mark.parametrize(
    "call",
    [
        lambda w: jnp.sin(w),
        lambda w: jnp.add(w, 1),
        lambda w: jnp.where(w, w, w),
        lambda w: lax.add(w, jnp.ones(3)),
        lambda w: meshjit.jit(lambda a: a)(w),
    ],
)
def test_jax_array_protocol_refused_elsewhere_as_jax(call):
    with pytest.raises(ValueError, match=r"Triggering __jax_array__\(\) during abstractification"):
        call(_Wrapped(np.ones(3, np.float32)))


def test_like_functions_keep_a_committed_arrays_sharding():
    # As JAX's lax.full_like: a committed Array's sharding when the shape stays (or it is
    # replicated) and the fill is a scalar; the default device otherwise.
    from meshjit.sharding import NamedSharding, PartitionSpec

    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    s = NamedSharding(mesh, PartitionSpec(None, "y"))
    x = meshjit.device_put(np.ones((8, 4), np.float32), s)
    for like in (
        jnp.zeros_like(x),
        jnp.ones_like(x, dtype=jnp.int32),
        jnp.full_like(x, 3.0),
        jnp.empty_like(x),
        meshjit.lax.full_like(x, 2),
    ):
        assert like.sharding == s and like.committed
    assert jnp.zeros_like(x, shape=(3,)).sharding != s  # a new shape, not replicated
    assert jnp.full_like(x, jnp.ones(4)).sharding != s  # an array fill
    replicated = meshjit.device_put(np.ones(4, np.float32), NamedSharding(mesh, PartitionSpec()))
    assert jnp.zeros_like(replicated, shape=(2, 3)).sharding == replicated.sharding
    on_3 = meshjit.device_put(np.ones(3, np.float32), meshjit.devices()[3])
    assert (
        jnp.zeros_like(on_3).devices() == {meshjit.devices()[3]} and jnp.zeros_like(on_3).committed
    )
    uncommitted = jnp.ones(3)
    assert not jnp.zeros_like(uncommitted).committed


def test_like_functions_vary_as_their_argument_in_shard_map():
    # As JAX (jnp's *_like with a scalar fill are lax.full_like, which inserts a pvary): inside a
    # shard_map the result varies over the manual axes the argument varies over, so a scan carry
    # started from zeros_like(x) has the type of a body output computed from x. A broadcast array
    # fill does not.
    from meshjit.sharding import AxisType, NamedSharding, PartitionSpec

    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    seen = {}

    def body(a):
        seen["like"] = [
            str(meshjit.typeof(f(a)))
            for f in (
                jnp.zeros_like,
                lambda v: jnp.ones_like(v, shape=(3,)),
                lambda v: jnp.full_like(v, 2.0),
                jnp.empty_like,
                lambda v: jnp.zeros_like(v[0], dtype=jnp.int32),
            )
        ]
        seen["array_fill"] = str(meshjit.typeof(jnp.full_like(a, jnp.ones(1))))
        carry, _ = lax.scan(lambda c, r: (c + r, None), jnp.zeros_like(a[0]), a)
        return carry[None]

    spec = PartitionSpec("y", "x")
    x = meshjit.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), NamedSharding(mesh, spec))
    out = meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec))(x)
    assert seen["like"] == [
        "float32[4,1]{V:(x,y)}",
        "float32[3]{V:(x,y)}",
        "float32[4,1]{V:(x,y)}",
        "float32[4,1]{V:(x,y)}",
        "int32[1]{V:(x,y)}",
    ]
    assert seen["array_fill"] == "float32[4,1]"
    want = np.arange(32, dtype=np.float32).reshape(2, 4, 4).sum(1)
    np.testing.assert_array_equal(np.asarray(out), want)


def test_array_and_asarray_of_typed_keys_are_keys():
    # JAX's: jnp.array / jnp.asarray of a typed key array give a key array (meshjit read the
    # key's numeric aval and refused it)
    k = meshjit.random.key(0)
    for make in (jnp.array, jnp.asarray):
        got = make(k)
        assert str(got.dtype) == "key<fry>" and got.shape == ()
        assert meshjit.random.uniform(got) == meshjit.random.uniform(k)
    keys = jnp.array(meshjit.random.split(k))
    assert str(keys.dtype) == "key<fry>" and keys.shape == (2,)
    traced = meshjit.jit(lambda key: meshjit.random.normal(jnp.asarray(key)))(k)
    assert traced == meshjit.random.normal(k)


def test_overflowing_python_float_warns_as_jax_twice():
    # JAX checks a Python scalar by NumPy first (coerce_to_array), then converts it: a float
    # past float32's range warns at each of the two places
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x = jnp.asarray(1e40, dtype=jnp.float32)
    assert np.isinf(np.asarray(x))
    assert [w.category for w in caught] == [RuntimeWarning, RuntimeWarning]


def test_tri_takes_a_traced_diagonal_offset_as_jax():
    # JAX's lax._tri makes the offset an operand: a traced k is fine under jit
    got = meshjit.jit(lambda k: jnp.tri(3, 4, k))(-1)
    np.testing.assert_array_equal(np.asarray(got), np.tri(3, 4, -1, dtype=np.float32))
    got = meshjit.jit(lambda k: jnp.tri(2, 2, k, dtype=bool))(0)
    np.testing.assert_array_equal(np.asarray(got), np.tri(2, 2, 0, dtype=bool))
    with pytest.raises(TypeError, match="offset must be an integer, got JitTracer"):
        meshjit.jit(lambda k: jnp.tri(2, 2, k))(1.5)


def test_shape_errors_are_jaxs_sentences_with_its_contexts():
    shape_words = "Shapes must be 1D sequences of concrete values of integer type, got"
    for fn, text in [
        (lambda: jnp.zeros((2.5,)), f"{shape_words} (2.5,)."),
        (lambda: jnp.eye(2.5), f"{shape_words} (2.5,). argument of 'N' jnp.eye()."),
        (lambda: jnp.eye(2, 2.5), f"{shape_words} (2.5,). argument 'M' of jnp.eye()."),
        (
            lambda: jnp.fromfunction(lambda i: i, (2.5,)),
            f"{shape_words} (2.5,). shape argument of jnp.fromfunction().",
        ),
        (lambda: jnp.ones((2, 3)).reshape(2.0, 3), f"{shape_words} (2.0, 3)."),
        (
            lambda: jnp.zeros(-1),
            "broadcast_in_dim shape must have every element be nonnegative, got (-1,).",
        ),
    ]:
        with pytest.raises(TypeError) as e:
            fn()
        assert str(e.value) == text
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda n: jnp.eye(n))(3)
    assert str(e.value).startswith(
        f"{shape_words} (JitTracer(~int32[]),). argument of 'N' jnp.eye().\nIf using `jit`, try"
    )
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda n: jnp.fromfunction(lambda i: i, (n,)))(2)
    assert ". shape argument of jnp.fromfunction().\nIf using `jit`" in str(e.value)


def test_python_numbers_past_a_dtypes_range_warn_twice_as_jax():
    # JAX casts a Python number by NumPy twice (coerce_to_array, then the array): two warnings
    for make in (lambda: jnp.float16(70000), lambda: jnp.asarray(70000, jnp.float16)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert np.isinf(np.asarray(make()))
        assert [w.category for w in caught] == [RuntimeWarning, RuntimeWarning]


def test_arange_of_python_ints_past_int32_wraps_as_jax():
    """JAX 0.10.2 types Python int bounds as the weak default int whatever their value and wraps
    them converting (int32 with x64 off); meshjit raised OverflowError."""
    got = meshjit.numpy.arange(2**31, 2**31 + 3)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, [-(2**31), -(2**31) + 1, -(2**31) + 2])
    np.testing.assert_array_equal(meshjit.numpy.arange(2**40, 2**40 + 3), [0, 1, 2])
