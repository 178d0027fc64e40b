"""meshjit.lax ops under jit (dot_general, broadcast, slices, pad, select, iota, binary ops) against NumPy."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.numerics import (
    ALL,
    FLOATS,
    INTS,
    SETTINGS,
    assert_close,
    bf16,
    bool_,
    f32,
    i8,
    i32,
    is_float,
    reference,
    shape_st,
    two_shapes,
    u8,
    values,
)

# ---------------------------------------------------------------------------------------------
# lax.


@st.composite
def dot_general_case(draw):
    nb, nc = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    nfl, nfr = draw(st.integers(0, 2)), draw(st.integers(0, 1))
    batch = [draw(st.integers(1, 3)) for _ in range(nb)]
    contract = [draw(st.integers(1, 3)) for _ in range(nc)]
    lfree = [draw(st.integers(1, 3)) for _ in range(nfl)]
    rfree = [draw(st.integers(1, 3)) for _ in range(nfr)]
    # Lay out each operand's dimensions in a random order.
    lkinds = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("f", i) for i in range(nfl)]
    )
    rkinds = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("f", i) for i in range(nfr)]
    )
    lkinds, rkinds = draw(st.permutations(lkinds)), draw(st.permutations(rkinds))
    size = {"b": batch, "c": contract}
    lshape = tuple(size[k][i] if k in size else lfree[i] for k, i in lkinds)
    rshape = tuple(size[k][i] if k in size else rfree[i] for k, i in rkinds)
    lc = tuple(lkinds.index(("c", i)) for i in range(nc))
    rc = tuple(rkinds.index(("c", i)) for i in range(nc))
    lb = tuple(lkinds.index(("b", i)) for i in range(nb))
    rb = tuple(rkinds.index(("b", i)) for i in range(nb))
    return lshape, rshape, ((lc, rc), (lb, rb))


def _np_dot_general(a, b, dims):
    (lc, rc), (lb, rb) = dims
    letters = iter("abcdefghijklmnop")
    la = [None] * a.ndim
    lr = [None] * b.ndim
    for i, j in zip(lb, rb):
        la[i] = lr[j] = next(letters)
    for i, j in zip(lc, rc):
        la[i] = lr[j] = next(letters)
    for arr in (la, lr):
        for i, v in enumerate(arr):
            if v is None:
                arr[i] = next(letters)
    out = [la[i] for i in lb]
    out += [c for i, c in enumerate(la) if i not in lb and i not in lc]
    out += [c for i, c in enumerate(lr) if i not in rb and i not in rc]
    spec = f"{''.join(la)},{''.join(lr)}->{''.join(out)}"
    return np.einsum(spec, a, b)


@SETTINGS
@given(st.data(), st.sampled_from([f32, bf16, i32]), dot_general_case())
def test_lax_dot_general(data, dtype, case):
    lshape, rshape, dims = case
    a = data.draw(values(dtype, lshape, -2, 2))
    b = data.draw(values(dtype, rshape, -2, 2))
    out = meshjit.jit(lambda x, y: lax.dot_general(x, y, dims))(a, b)
    ref = _np_dot_general(a.astype(np.float64), b.astype(np.float64), dims).astype(dtype)
    assert_close(out, ref, dtype, scale=40)


def test_lax_dot_general_preferred_element_type():
    a = np.full((2, 3), 100, i8)
    out = meshjit.jit(
        lambda x: lax.dot_general(x, x, (((1,), (1,)), ((), ())), preferred_element_type=i32)
    )(a)
    assert out.dtype == i32
    np.testing.assert_array_equal(np.asarray(out), np.full((2, 2), 30000, i32))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=0, max_dims=3, max_side=3))
def test_lax_broadcast_reshape_transpose(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    lead = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2)))
    out_shape = lead + shape
    dims = tuple(range(len(lead), len(out_shape)))
    perm = tuple(data.draw(st.permutations(range(len(shape)))))
    out = meshjit.jit(
        lambda a: (
            lax.broadcast_in_dim(a, out_shape, dims),
            lax.reshape(a, (x.size,)),
            lax.transpose(a, perm),
            lax.reshape(a, (x.size,), dimensions=perm),
        )
    )(x)
    assert_close(out[0], np.broadcast_to(x, out_shape), dtype)
    assert_close(out[1], x.reshape(-1), dtype)
    assert_close(out[2], np.transpose(x, perm), dtype)
    assert_close(out[3], np.transpose(x, perm).reshape(-1), dtype)


def test_lax_broadcast_in_dim_size_one_and_middle_dims():
    x = np.arange(3, dtype=f32).reshape(3, 1)
    out = meshjit.jit(lambda a: lax.broadcast_in_dim(a, (2, 3, 4), (1, 2)))(x)
    np.testing.assert_array_equal(np.asarray(out), np.broadcast_to(x[None], (2, 3, 4)))
    out = meshjit.jit(lambda a: lax.broadcast_in_dim(a, (3, 2), (0,)))(np.arange(3, dtype=i32))
    np.testing.assert_array_equal(np.asarray(out), np.arange(3)[:, None].repeat(2, 1))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=5))
def test_lax_slices(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    starts = [data.draw(st.integers(0, d)) for d in shape]
    limits = [data.draw(st.integers(s, d)) for s, d in zip(starts, shape)]
    strides = [data.draw(st.integers(1, 3)) for _ in shape]
    sizes = [data.draw(st.integers(0, d)) for d in shape]
    # dynamic starts may be out of range: a negative one counts from the end (as in JAX), then
    # XLA clamps them so the slice fits.
    dyn = [data.draw(st.integers(-2, d + 2)) for d in shape]
    upd = data.draw(values(dtype, tuple(sizes)))
    out = meshjit.jit(
        lambda a, u, *ix: (
            lax.slice(a, starts, limits, strides),
            lax.slice(a, starts, limits),
            lax.dynamic_slice(a, ix, sizes),
            lax.dynamic_update_slice(a, u, ix),
        )
    )(x, upd, *[np.int32(i) for i in dyn])
    sl = tuple(slice(s, stop, st_) for s, stop, st_ in zip(starts, limits, strides))
    assert_close(out[0], x[sl], dtype)
    assert_close(out[1], x[tuple(slice(s, stop) for s, stop in zip(starts, limits))], dtype)
    from_end = [i + d if i < 0 else i for i, d in zip(dyn, shape)]
    clamped = [min(max(i, 0), d - s) for i, d, s in zip(from_end, shape, sizes)]
    window = tuple(slice(c, c + s) for c, s in zip(clamped, sizes))
    assert_close(out[2], x[window], dtype)
    updated = x.copy()
    updated[window] = upd
    assert_close(out[3], updated, dtype)


def test_lax_dynamic_slice_with_python_and_traced_indices():
    x = np.arange(20, dtype=f32).reshape(4, 5)
    out = meshjit.jit(lambda a, i: lax.dynamic_slice(a, (i, 1), (2, 3)))(x, np.int32(1))
    np.testing.assert_array_equal(np.asarray(out), x[1:3, 1:4])
    out = meshjit.jit(lambda a: lax.dynamic_slice(a, (3, 4), (2, 2)))(x)
    np.testing.assert_array_equal(np.asarray(out), x[2:4, 3:5])


def _np_pad(x, value, config):
    out = x
    for axis, (lo, hi, interior) in enumerate(config):
        if interior and out.shape[axis] > 1:
            n = out.shape[axis]
            shape = list(out.shape)
            shape[axis] = n + (n - 1) * interior
            spread = np.full(shape, value, x.dtype)
            index = [slice(None)] * out.ndim
            index[axis] = slice(None, None, interior + 1)
            spread[tuple(index)] = out
            out = spread
        pads = [(0, 0)] * out.ndim
        pads[axis] = (max(lo, 0), max(hi, 0))
        out = np.pad(out, pads, constant_values=np.asarray(value, x.dtype))
        index = [slice(None)] * out.ndim
        index[axis] = slice(-min(lo, 0), out.shape[axis] + min(hi, 0))
        out = out[tuple(index)]
    return out


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=4))
def test_lax_pad(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    config = []
    for d in shape:
        interior = data.draw(st.integers(0, 2))
        full = d + max(d - 1, 0) * interior
        lo = data.draw(st.integers(-min(full, 2), 2))
        hi = data.draw(st.integers(-min(full + lo, 2), 2))
        config.append((lo, hi, interior))
    value = np.array(True if dtype == bool_ else 3, dtype)  # lax.pad takes the operand's dtype
    out = meshjit.jit(lambda a: lax.pad(a, value, config))(x)
    assert_close(out, _np_pad(x, value, config), dtype)


@pytest.mark.parametrize("mode", ["meshjit", "shardy", "xla"])
@pytest.mark.parametrize("config", [(-1, -1, 1), (-1, 0, 2), (-3, -2, 2), (-2, 1, 1)])
def test_lax_pad_negative_low_interior_on_a_sharded_dim(mode, config):
    """Fuzzer find: XLA's SPMD partitioner aborted the process (JAX's too) on a pad whose
    negative low edge is not a multiple of interior + 1 on a sharded dim; meshjit pads the
    positive parts and slices the rest off."""
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:8]).reshape(4, 2), ("a", "b"))
    x = np.arange(16, dtype=np.float32).reshape(2, 8)
    full = [(0, 0, 0), config]
    out = meshjit.jit(
        lambda a: lax.pad(a, np.float32(-1), full),
        propagation=mode,
        in_shardings=NamedSharding(mesh, P(None, "b")),
    )(x)
    np.testing.assert_array_equal(np.asarray(out), _np_pad(x, np.float32(-1), full))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), shape_st)
def test_lax_select_and_select_n(data, dtype, shape):
    pred = data.draw(hnp.arrays(bool_, shape))
    which = data.draw(hnp.arrays(i32, shape, elements=st.integers(0, 2)))
    a, b, c = (data.draw(values(dtype, shape)) for _ in range(3))
    out = meshjit.jit(
        lambda p, w, x, y, z: (
            lax.select(p, x, y),
            lax.select_n(p, x, y),
            lax.select_n(w, x, y, z),
            lax.select(True, x, y),
        )
    )(pred, which, a, b, c)
    assert_close(out[0], np.where(pred, a, b), dtype)
    assert_close(out[1], np.where(pred, b, a), dtype)
    assert_close(out[2], np.choose(which, [a, b, c]), dtype)
    assert_close(out[3], a, dtype)


def test_lax_iota_rejects_bool():
    with pytest.raises(meshjit.MeshjitTypeError, match="iota does not accept dtype bool"):
        meshjit.jit(lambda: lax.iota(bool_, 3))()
    with pytest.raises(meshjit.MeshjitTypeError, match="iota"):
        meshjit.jit(lambda: jnp.arange(3, dtype=bool_))()


@pytest.mark.parametrize("dtype", [f32, bf16, i32, u8])
def test_lax_iota(dtype):
    out = meshjit.jit(
        lambda: (lax.iota(dtype, 5), lax.broadcasted_iota(dtype, (2, 3), 1), jnp.arange(3))
    )()
    assert_close(out[0], np.arange(5).astype(dtype), dtype)
    assert_close(out[1], np.broadcast_to(np.arange(3), (2, 3)).astype(dtype), dtype)
    assert_close(out[2], np.arange(3).astype(i32), i32)


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS + INTS), two_shapes)
def test_lax_binary_ops(data, dtype, shapes):
    _, shape = shapes
    x = data.draw(values(dtype, shape))
    y = data.draw(values(dtype, shape))
    y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)
    out = meshjit.jit(
        lambda a, b: (
            lax.add(a, b),
            lax.sub(a, b),
            lax.mul(a, b),
            lax.max(a, b),
            lax.lt(a, b),
            lax.rem(a, b),
            lax.div(a, b),
            lax.mul(a, np.array(2, dtype)),
        )
    )(x, y)
    assert_close(out[0], reference(np.add, x, y, dtype=dtype), dtype)
    assert_close(out[1], reference(np.subtract, x, y, dtype=dtype), dtype)
    assert_close(out[2], reference(np.multiply, x, y, dtype=dtype), dtype)
    assert_close(out[3], np.maximum(x, y), dtype)
    assert_close(out[4], reference(np.less, x, y), bool_)
    # lax.rem and lax.div round toward zero (C semantics), unlike NumPy's // and %.
    assert_close(out[5], reference(np.fmod, x, y, dtype=dtype), dtype)
    if is_float(dtype):
        assert_close(out[6], reference(np.divide, x, y, dtype=dtype), dtype)
    else:
        quotient = np.trunc(x.astype(np.float64) / y.astype(np.float64))
        assert_close(out[6], quotient.astype(dtype), dtype)
    assert_close(out[7], reference(lambda a: a * 2, x, dtype=dtype), dtype)


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.uint8], ids=lambda d: np.dtype(d).name)
def test_integer_division_of_constants_by_zero(dtype):
    """Fuzzer round 16: a division of constants by zero killed the process (SIGFPE in MLIR's
    folder, before XLA's compile); the values are XLA's: x / 0 is -1 (all ones unsigned),
    x % 0 is x, and the floor forms follow (JAX's floor_divide by a constant 0)."""
    x = np.array([-7, -1, 0, 3, 100], np.int64).astype(dtype)

    def f():
        zero = jnp.zeros(5, dtype)
        c = jnp.asarray(x)
        return lax.div(c, zero), lax.rem(c, zero), jnp.floor_divide(c, 0), c % 0

    div, rem, floor, mod = meshjit.jit(f)()
    minus_one = np.full(5, -1).astype(dtype)
    np.testing.assert_array_equal(np.asarray(div), minus_one)
    np.testing.assert_array_equal(np.asarray(rem), x)
    if np.dtype(dtype).kind == "i":  # JAX's: one less where x % 0 (x) is not zero
        np.testing.assert_array_equal(np.asarray(floor), np.where(x != 0, -2, -1).astype(dtype))
    np.testing.assert_array_equal(np.asarray(mod), np.zeros(5, dtype))


# ---------------------------------------------------------------------------------------------
# Bit counts: clz and population_count against Python's, for every integer width.

BIT_COUNT_INTS = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32]


def bit_counts(x: np.ndarray):
    width = x.dtype.itemsize * 8
    unsigned = x.astype(np.int64) & ((1 << width) - 1)
    clz = [width - int(v).bit_length() for v in unsigned.ravel()]
    pop = [bin(int(v)).count("1") for v in unsigned.ravel()]
    return np.reshape(clz, x.shape), np.reshape(pop, x.shape)


@pytest.mark.parametrize("dtype", BIT_COUNT_INTS, ids=lambda d: np.dtype(d).name)
def test_clz_and_population_count(dtype):
    info = np.iinfo(dtype)
    x = np.array([0, 1, 2, 3, info.max, info.min, info.max // 3, 5], dtype).reshape(2, 4)
    clz, pop = bit_counts(x)
    counts = meshjit.jit(lambda v: (lax.clz(v), lax.population_count(v)))(x)
    for got, want in zip(counts, (clz, pop)):
        assert np.asarray(got).dtype == x.dtype
        np.testing.assert_array_equal(np.asarray(got), want)
    np.testing.assert_array_equal(np.asarray(lax.clz(x)), clz)  # eagerly


def test_bit_counts_reject_floats():
    match = "clz does not accept dtype float32. Accepted dtypes are subtypes of integer"
    with pytest.raises(meshjit.MeshjitTypeError, match=match):
        lax.clz(np.ones(2, np.float32))


def test_broadcast_like_aligns_trailing_dimensions():
    got = lax.broadcast_like(np.array([1, 2, 3], np.int32), np.zeros((2, 3), np.float32))
    np.testing.assert_array_equal(got, [[1, 2, 3], [1, 2, 3]])
    assert got.dtype == np.int32


def test_reshape_to_another_size_is_laxs_value_error_and_jnps_type_error():
    # As JAX: lax.reshape fails its verifier (a ValueError), jnp.reshape checks first (TypeError).
    x = np.ones((2, 3), np.float32)
    with pytest.raises(ValueError, match=r"number of output elements \(8\) doesn't match") as ei:
        lax.reshape(x, (4, 2))
    assert not isinstance(ei.value, TypeError)
    with pytest.raises(TypeError, match=r"cannot reshape array of shape \(2, 3\) \(size 6\)"):
        jnp.reshape(jnp.asarray(x), (4, 2))  # (a NumPy array: NumPy's reshape, as JAX's)


_ONES = np.ones(3, np.float32)


@pytest.mark.parametrize(
    "call,kind,words",
    [
        (lambda: lax.pad(_ONES, 0.0, [(-2, -2, 0)]), ValueError, "Dimension size after padding is not at least 0, got result shape (-1,)"),
        (lambda: lax.pad(_ONES, 0.0, [(0, 0, -1)]), ValueError, "interior padding in padding_config must be nonnegative"),
        (lambda: lax.pad(_ONES, np.zeros(2, np.float32), [(1, 1, 0)]), ValueError, "padding_value must be a scalar"),
        (lambda: lax.top_k(_ONES, 5), ValueError, "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axis=0"),
        (lambda: lax.top_k(_ONES, -1), ValueError, "k argument to top_k must be nonnegative, got -1"),
        (lambda: lax.sort(_ONES[None], dimension=2), ValueError, "axis 2 is out of bounds for array of dimension 2"),
        (lambda: lax.reduce_precision(_ONES, exponent_bits=0, mantissa_bits=2), ValueError, "exponent_bits must be positive; got 0"),
        (lambda: lax.reduce_precision(_ONES, exponent_bits=5, mantissa_bits=-1), ValueError, "mantissa_bits must be non-negative; got -1"),
        (lambda: lax.bitcast_convert_type(np.ones(3, np.int8), np.float32), ValueError, "from int8 of size 8 bits to float32 of size 32, bits but 3 * 8 != 32"),
        (lambda: lax.clamp(np.zeros(2, np.float32), _ONES, _ONES), TypeError, "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,)"),
        (lambda: lax.full((3,), np.ones(2, np.float32)), TypeError, "full must be called with scalar fill_value, got fill_value.shape (2,)."),
        (lambda: lax.expand_dims(_ONES, (0, 0)), ValueError, "repeated axis in lax.expand_dims: (0, 0)"),
        (lambda: lax.reshape(np.ones((2, 3)), (3, 2), dimensions=(0, 0)), TypeError, "reshape dimensions must be a permutation of operand dimensions, got dimensions (0, 0)"),
        (lambda: lax.integer_pow(_ONES, 2.5), TypeError, "integer_pow requires an integer exponent"),
        (lambda: lax.argmax(_ONES, 0, np.float32), TypeError, "index_dtype must be an integer type, but got float32"),
        (lambda: lax.reduce(_ONES, 0.0, lax.add, (1,)), ValueError, "reduction axes (1,) contains out-of-bounds indices for float32[3]."),
        (lambda: lax.broadcast_in_dim(_ONES, (2, 3), (2,)), TypeError, "broadcast_dimensions must be a subset of output dimensions, got (2,)"),
        (lambda: lax.slice(np.ones(5), (3,), (1,)), TypeError, "slice slice_sizes must be greater than or equal to zero, got slice_sizes of (np.int64(-2),)"),
        (lambda: lax.dynamic_slice(np.ones(5), (0,), (-1,)), TypeError, "slice slice_sizes must be greater than or equal to zero"),
        (lambda: lax.dynamic_slice(np.ones((4, 4)), (0, 0), (2,)), ValueError, "slice_sizes (2,) has 1 entries"),
        (lambda: lax.reduce_window(np.ones((4, 4)), np.zeros(2), lax.add, (2, 2), (2, 2), "VALID"), TypeError, "reduce_window expected init_values to be scalars but init_values have shapes [(2,)]."),
    ],
)  # fmt: skip
def test_lax_argument_errors_in_jaxs_words(call, kind, words):
    """JAX 0.10.2's exception class and words for arguments its lax refuses (XLA never sees
    them: reduce_precision's bits used to reach its verifier)."""
    with pytest.raises(kind) as info:
        call()
    assert words in str(info.value)


def test_gather_offset_dims_error_in_jaxs_words():
    dnums = lax.GatherDimensionNumbers(
        offset_dims=(0,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    with pytest.raises(TypeError, match="All components of the offset index in a gather op"):
        lax.gather(jnp.ones(5), jnp.array([[1]]), dnums, slice_sizes=(1,))


def test_arg_reductions_warn_of_an_int64_index_dtype_without_x64():
    """As JAX's check_and_canonicalize_user_dtype: an explicit int64 index_dtype warns (x64 off)
    and gives int32; the default and int32 / uint8 ones do not warn."""
    x = np.array([[3.0, 1.0], [1.0, 5.0]], np.float32)
    with pytest.warns(UserWarning, match="int64 requested in argmax is not available"):
        assert lax.argmax(x, 0, np.int64).dtype == np.int32
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert lax.argmin(x, 1, np.uint8).dtype == np.uint8
        assert meshjit.numpy.argmax(x).dtype == np.int32


def test_broadcast_like_takes_the_sharding_in_like_arrs_type_as_jax():
    from meshjit.sharding import NamedSharding, PartitionSpec

    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    with meshjit.set_mesh(mesh):
        like = meshjit.device_put(jnp.zeros((8, 4)), NamedSharding(mesh, PartitionSpec("x")))
        got = lax.broadcast_like(jnp.arange(4.0), like)
    assert str(meshjit.typeof(got)) == "float32[8@x,4]"


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint32", "int64"])
def test_select_n_takes_any_integer_which_as_jax(dtype):
    # JAX's select_n accepts every integer `which` (jnp.select under x64 passes argmax's int64;
    # meshjit refused all but int32: hyp2f1 under x64 raised).
    cases = [np.full(4, float(i), np.float32) for i in range(3)]
    want = np.array([0.0, 1.0, 2.0, 1.0], np.float32)
    with meshjit.enable_x64(dtype == "int64"):
        which = np.array([0, 1, 2, 1], dtype)
        np.testing.assert_array_equal(np.asarray(lax.select_n(which, *cases)), want)
        jitted = meshjit.jit(lambda w, *cs: lax.select_n(w, *cs))
        np.testing.assert_array_equal(np.asarray(jitted(which, *cases)), want)
