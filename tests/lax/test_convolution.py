"""lax.conv_general_dilated and friends: numerics against NumPy references, and errors."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, nn
from meshjit.compiler.lax.convolution import conv_dimension_numbers
from tests.support import campaign
from tests.support.references import np_conv, same_pads

SETTINGS = settings(max_examples=campaign.examples(12), deadline=None, derandomize=True, database=None)
RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------------------------
# Convolution numerics.


def _conv_case(lhs, rhs, strides, padding, lhs_dil=None, rhs_dil=None, dn=None, fgc=1, bgc=1):
    def f(a, b):
        return lax.conv_general_dilated(
            a,
            b,
            strides,
            padding,
            lhs_dilation=lhs_dil,
            rhs_dilation=rhs_dil,
            dimension_numbers=dn,
            feature_group_count=fgc,
            batch_group_count=bgc,
        )

    got = np.asarray(meshjit.jit(f)(lhs, rhs))
    dnums = conv_dimension_numbers(lhs.shape, rhs.shape, dn)
    nsp = lhs.ndim - 2
    lhs_dil, rhs_dil = lhs_dil or (1,) * nsp, rhs_dil or (1,) * nsp
    if isinstance(padding, str):
        in_sp = [lhs.shape[i] for i in dnums.lhs_spec[2:]]
        k_sp = [(rhs.shape[i] - 1) * d + 1 for i, d in zip(dnums.rhs_spec[2:], rhs_dil)]
        pads = (
            [(0, 0)] * nsp
            if padding == "VALID"
            else same_pads(in_sp, k_sp, strides, lower=padding == "SAME_LOWER")
        )
    else:
        pads = padding
    want = np_conv(lhs, rhs, strides, pads, lhs_dil, rhs_dil, dnums, fgc, bgc)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    return got


@pytest.mark.parametrize("padding", ["VALID", "SAME", "SAME_LOWER", [(1, 2), (0, 1)]])
@pytest.mark.parametrize("strides", [(1, 1), (2, 1), (2, 3)])
def test_conv2d_padding_strides(padding, strides):
    _conv_case(rand(2, 3, 9, 8), rand(4, 3, 3, 2), strides, padding)


@pytest.mark.parametrize(
    "lhs_dil,rhs_dil,padding",
    [
        ((1, 1), (2, 1), "SAME"),
        ((2, 1), (1, 1), [(1, 1), (0, 0)]),
        ((2, 2), (2, 3), [(2, 1), (1, -1)]),
    ],
)
def test_conv2d_dilation(lhs_dil, rhs_dil, padding):
    _conv_case(rand(1, 2, 7, 9), rand(3, 2, 3, 2), (1, 2), padding, lhs_dil, rhs_dil)


@pytest.mark.parametrize(
    "dn,lhs_shape,rhs_shape",
    [
        (("NHWC", "HWIO", "NHWC"), (2, 8, 7, 3), (3, 2, 3, 5)),
        (("NCHW", "OIHW", "NHWC"), (2, 3, 8, 7), (5, 3, 3, 2)),
        (("NWHC", "IOWH", "CNHW"), (2, 7, 8, 3), (3, 5, 2, 3)),
    ],
)
def test_conv2d_layouts(dn, lhs_shape, rhs_shape):
    _conv_case(rand(*lhs_shape), rand(*rhs_shape), (2, 1), "SAME", dn=dn)


def test_conv_dimension_numbers_tuple():
    dn = lax.ConvDimensionNumbers((0, 3, 1, 2), (3, 2, 0, 1), (0, 3, 1, 2))
    _conv_case(rand(2, 8, 7, 3), rand(3, 2, 3, 5), (1, 1), "VALID", dn=dn)


def test_conv_feature_and_batch_groups():
    _conv_case(rand(2, 6, 7, 7), rand(6, 2, 3, 3), (1, 1), "SAME", fgc=3)
    _conv_case(rand(4, 3, 6, 5), rand(6, 3, 2, 2), (1, 1), "VALID", bgc=2)


@pytest.mark.parametrize(
    ("lhs", "rhs", "kw"),
    [
        ((2, 2, 6), (4, 2, 3), {"window_strides": (1,), "padding": "VALID"}),
        ((4, 3, 7), (6, 3, 2), {"window_strides": (2,), "padding": [(1, 2)], "lhs_dilation": (2,),
                                "rhs_dilation": (2,)}),
        ((6, 5, 4, 3), (2, 2, 3, 6), {"window_strides": (1, 2), "padding": "SAME",
                                      "dimension_numbers": ("NHWC", "HWIO", "NHWC")}),
    ],
)
def test_the_lhs_derivative_of_batch_groups(lhs, rhs, kw):
    """Fuzzer round 18 (conv18_batch_groups): grad with respect to the lhs of a convolution
    with batch groups raised NotImplementedError (JAX has it). The conv is linear in its lhs:
    the gradient of <conv(x, w), c> dotted with any e is <conv(e, w), c>."""
    groups = 3 if len(lhs) == 4 else 2
    x, w, e = rand(*lhs), rand(*rhs), rand(*lhs)
    out = lax.conv_general_dilated(x, w, batch_group_count=groups, **kw)
    c = rand(*out.shape)

    def f(a):
        return jnp.sum(lax.conv_general_dilated(a, w, batch_group_count=groups, **kw) * c)

    g = meshjit.jit(meshjit.grad(f))(x)
    np.testing.assert_allclose(np.sum(np.asarray(g) * e), f(e), rtol=1e-4)


def test_conv1d_and_3d():
    _conv_case(rand(2, 3, 11), rand(4, 3, 3), (2,), "SAME", rhs_dil=(2,))
    _conv_case(rand(1, 2, 5, 6, 4), rand(3, 2, 2, 3, 2), (1, 2, 1), "SAME")
    _conv_case(
        rand(1, 5, 6, 4, 2), rand(2, 3, 2, 2, 3), (1, 1, 1), "VALID", dn=("NDHWC", "DHWIO", "NDHWC")
    )


def test_conv_and_conv_with_general_padding():
    x, w = rand(2, 3, 6, 6), rand(4, 3, 3, 3)
    got = np.asarray(meshjit.jit(lambda a, b: lax.conv(a, b, (1, 1), "SAME"))(x, w))
    np.testing.assert_allclose(got, _conv_case(x, w, (1, 1), "SAME"), rtol=1e-5, atol=1e-5)
    f = lambda a, b: lax.conv_with_general_padding(a, b, (1, 1), [(1, 1), (2, 0)], (2, 1), (1, 2))
    got = np.asarray(meshjit.jit(f)(x, w))
    want = _conv_case(x, w, (1, 1), [(1, 1), (2, 0)], (2, 1), (1, 2))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_conv_preferred_element_type_and_jaxpr():
    x, w = rand(1, 2, 4, 4, dtype=ml_dtypes.bfloat16), rand(2, 2, 2, 2, dtype=ml_dtypes.bfloat16)
    f = lambda a, b: lax.conv(a, b, (1, 1), "VALID", preferred_element_type=np.float32)
    out = meshjit.jit(f)(x, w)
    assert out.dtype == np.float32 and out.shape == (1, 2, 3, 3)
    text = str(meshjit.make_jaxpr(f)(x, w))
    assert "conv_general_dilated" in text and "f32[1,2,3,3]" in text


def test_conv_int_eager():
    x = np.arange(16, dtype=np.int32).reshape(1, 1, 4, 4)
    w = np.ones((1, 1, 2, 2), np.int32)
    got = np.asarray(lax.conv(x, w, (2, 2), "VALID"))
    np.testing.assert_array_equal(got[0, 0], [[10, 18], [42, 50]])


@SETTINGS
@given(
    st.integers(1, 2),
    st.integers(1, 3),
    st.integers(1, 3),
    st.lists(
        st.tuples(st.integers(1, 7), st.integers(1, 3), st.integers(1, 2), st.integers(1, 2)),
        min_size=1,
        max_size=2,
    ),
    st.sampled_from(["SAME", "VALID", "SAME_LOWER"]),
)
def test_conv_hypothesis(n, cin, cout, dims, padding):
    sizes, ksizes, strides, rdil = zip(*dims)
    sizes = [max(s, (k - 1) * d + 1) for s, k, d in zip(sizes, ksizes, rdil)]
    _conv_case(rand(n, cin, *sizes), rand(cout, cin, *ksizes), strides, padding, rhs_dil=rdil)


@pytest.mark.parametrize(
    "dn,fgc,bgc",
    [(None, 1, 1), (("NHWC", "HWIO", "NHWC"), 2, 1), (("NCHW", "OIHW", "NCHW"), 1, 2)],
)
def test_conv_vs_jax(dn, fgc, bgc):
    jax = pytest.importorskip("jax")
    if dn and dn[0] == "NHWC":
        x, w = rand(2, 9, 8, 4), rand(3, 2, 2, 6)
    else:
        x, w = rand(4, 3, 9, 8), rand(6, 3, 3, 2)
    kw = {
        "lhs_dilation": (1, 2),
        "rhs_dilation": (2, 1),
        "dimension_numbers": dn,
        "feature_group_count": fgc,
        "batch_group_count": bgc,
    }
    pads = [(1, 2), (0, 1)]
    got = meshjit.jit(lambda a, b: lax.conv_general_dilated(a, b, (2, 1), pads, **kw))(x, w)
    want = jax.lax.conv_general_dilated(x, w, (2, 1), pads, **kw)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# Errors.


def test_conv_feature_mismatch():
    with pytest.raises(
        meshjit.MeshjitValueError, match=r"must equal the rhs input feature.*3 // 1 != 4"
    ):
        meshjit.jit(lambda a, b: lax.conv(a, b, (1, 1), "SAME"))(rand(1, 3, 4, 4), rand(2, 4, 3, 3))


GROUP_ERRORS = {  # as JAX checks them: each a ValueError
    "features/groups != rhs in": ((1, 4, 5), (4, 3, 3), {"feature_group_count": 2}),
    "groups do not divide lhs features": ((1, 4, 5), (4, 1, 3), {"feature_group_count": 3}),
    "groups do not divide rhs out": ((1, 4, 5), (3, 2, 3), {"feature_group_count": 2}),
    "batch groups do not divide lhs batch": ((2, 4, 5), (3, 4, 3), {"batch_group_count": 3}),
    "batch groups do not divide rhs out": ((4, 4, 5), (3, 4, 3), {"batch_group_count": 2}),
    "both groups": ((4, 4, 5), (4, 2, 3), {"batch_group_count": 2, "feature_group_count": 2}),
}


@pytest.mark.parametrize("name", sorted(GROUP_ERRORS))
def test_conv_group_count_errors_are_value_errors_as_in_jax(name):
    lhs, rhs, kw = GROUP_ERRORS[name]
    args = (np.ones(lhs, np.float32), np.ones(rhs, np.float32), (1,), "VALID")
    with pytest.raises(ValueError) as ours:
        lax.conv_general_dilated(*args, **kw)
    jax = pytest.importorskip("jax")
    with pytest.raises(ValueError) as theirs:
        jax.lax.conv_general_dilated(*args, **kw)
    # The same check fails first: JAX's sentence starts meshjit's.
    assert str(ours.value).startswith(str(theirs.value).split(", but")[0].split(", got")[0])


def test_conv_rank_mismatch():
    with pytest.raises(meshjit.MeshjitTypeError, match="lhs and rhs ndim to be equal"):
        lax.conv(rand(1, 3, 4, 4), rand(2, 3, 3), (1, 1), "SAME")


@pytest.mark.parametrize(
    "dn,match",
    [
        (("NCHW", "OIHW", "NCHX"), "different spatial dimensions"),
        (("NCH", "OIHW", "NCHW"), r"dimension_numbers\[0\] must have len equal to the ndim"),
        (("NNHW", "OIHW", "NCHW"), "cannot have duplicate characters"),
        (("NCHW", "OIHW"), "must be length 3, got 2"),
        (((0, 1, 2, 2), (0, 1, 2, 3), (0, 1, 2, 3)), "not a permutation"),
    ],
)
def test_conv_bad_dimension_numbers(dn, match):
    with pytest.raises(meshjit.MeshjitError, match=match):
        lax.conv_general_dilated(
            rand(1, 3, 4, 4), rand(2, 3, 3, 3), (1, 1), "SAME", dimension_numbers=dn
        )


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"window_strides": (1,)}, "window_strides"),
        ({"padding": "FULL"}, "Unrecognized padding type: .*got FULL"),
        ({"padding": [(1, 1)]}, "Wrong number of explicit pads for convolution: expected 2, got 1"),
        ({"feature_group_count": 2}, "feature"),
        ({"rhs_dilation": (0, 1)}, r"All dilations must be positive, got \(0, 1\)"),
        ({"lhs_dilation": (2, 1)}, "String padding is not implemented for transposed conv"),
    ],
)
def test_conv_bad_params(kwargs, match):
    args = {"window_strides": (1, 1), "padding": "SAME"}
    args.update(kwargs)
    with pytest.raises(meshjit.MeshjitError, match=match):
        lax.conv_general_dilated(rand(1, 4, 4, 4), rand(2, 4, 3, 3), **args)


def test_reduce_window_bad_window_rank():
    with pytest.raises(TypeError, match=r"wrong number of window_dimensions for operand: got "):
        meshjit.jit(lambda a: lax.reduce_window(a, 0.0, lax.add, (2,), (1,), "VALID"))(rand(4, 4))
    with pytest.raises(meshjit.MeshjitTypeError, match="inconsistent window_strides"):
        lax.reduce_window_max(rand(4, 4), (2, 2), (1,), "VALID")


def test_reduce_window_unsupported_computation():
    with pytest.raises(meshjit.MeshjitTypeError, match="unsupported computation sub"):
        lax.reduce_window(rand(4, 4), 1.0, lax.sub, (2, 2), (1, 1), "VALID")
    with pytest.raises(meshjit.MeshjitTypeError, match="unsupported computation"):
        lax.reduce_window(rand(4, 4), 0.0, lambda a, b: a * 2 + b, (2, 2), (1, 1), "VALID")


def test_cumulative_errors():
    with pytest.raises(meshjit.MeshjitValueError, match="axis 2 is out of bounds"):
        lax.cumsum(rand(3, 4), axis=2)
    with pytest.raises(meshjit.MeshjitTypeError, match="Accepted dtypes are subtypes of number"):
        lax.cummax(np.ones(3, np.bool_))  # JAX's words
    with pytest.raises(meshjit.MeshjitValueError, match="axis was not set to an explicit value"):
        jnp.cumulative_sum(rand(3, 4))


def test_nn_errors():
    with pytest.raises(meshjit.MeshjitTypeError, match="num_classes"):
        nn.one_hot(np.arange(3), -1)
    with pytest.raises(meshjit.MeshjitTypeError, match="must be even"):
        nn.glu(rand(2, 3))


def test_reduce_window_of_products_with_default_strides_and_padding():
    x = np.arange(1, 11, dtype=np.float32)
    got = lax.reduce_window(x, np.float32(1), lax.mul, window_dimensions=(2,))
    np.testing.assert_array_equal(got, x[:-1] * x[1:])
    twice = meshjit.jit(lambda v: lax.reduce_window(v, 2.0, lax.mul, (3,), (2,), "SAME"))(x)
    np.testing.assert_array_equal(twice, [12, 120, 420, 1008, 180])


def test_reduce_window_computations_spelled_as_functions():
    # JAX takes any scalar computation; the ones that are lax.add / max / min / mul under
    # another spelling reduce as those (found by the fuzzer, round 35)
    x = np.array([[3, -1, 4, 1], [-5, 9, 2, -6]], np.float32)
    pads = [(1, 0), (0, 1)]
    cases = [(lambda a, b: a + b, 0.0, lax.add), (lambda a, b: lax.max(b, a), -9.0, lax.max),
             (jnp.minimum, 9.0, lax.min), (lambda a, b: b * a, 1.0, lax.mul)]  # fmt: skip
    for comp, init, same in cases:
        got = lax.reduce_window(x, init, comp, (2, 2), (1, 2), pads)
        want = lax.reduce_window(x, init, same, (2, 2), (1, 2), pads)
        np.testing.assert_array_equal(got, want)


def test_reduce_window_of_products_jvp_with_zeros_padding_and_dilation():
    # d prod(window) = sum_k t_k prod_{j != k} x_j (JAX's jvp of its generic reduce_window)
    x = np.array([1.5, 2.0, 0.0, -4.0, 3.0], np.float32)
    t = np.array([1.0, -2.0, 0.5, 3.0, 1.0], np.float32)

    def f(v):
        return lax.reduce_window(v, 1.0, lax.mul, (3,), (1,), [(1, 2)], base_dilation=(2,))

    _, got = meshjit.jvp(f, (x,), (t,))
    # the base-dilated, padded input's positions: index into x, or -1 (a hole / padding)
    where = [-1] + [i // 2 if i % 2 == 0 else -1 for i in range(9)] + [-1, -1]
    want = []
    for o in range(len(where) - 2):
        window = [w for w in where[o : o + 3] if w >= 0]
        want.append(sum(t[k] * np.prod([x[j] for j in window if j != k]) for k in window))
    np.testing.assert_allclose(got, np.asarray(want, np.float32), rtol=1e-6)


def test_complex_convolution_and_its_gradients_as_jax():
    # JAX's conv takes any dtype; complex operands multiply as complex numbers (no conjugate),
    # and the gradient of the real part is the plain (unconjugated) transpose
    x = np.array([[[1 + 1j, 2, 0.5j]]], np.complex64)
    k = np.array([[[1j, 1]]], np.complex64)
    out = lax.conv_general_dilated(x, k, (1,), "VALID")
    assert out.dtype == np.complex64
    np.testing.assert_allclose(np.asarray(out), [[[1 + 1j, 2.5j]]], atol=1e-6)
    conv_real = lambda x, k: lax.conv_general_dilated(x, k, (1,), "VALID").real.sum()
    np.testing.assert_allclose(np.asarray(meshjit.grad(conv_real)(x, k)), [[[1j, 1 + 1j, 1]]])
    np.testing.assert_allclose(
        np.asarray(meshjit.grad(conv_real, argnums=1)(x, k)), [[[3 + 1j, 2 + 0.5j]]]
    )
    np.testing.assert_allclose(
        np.asarray(jnp.correlate(x[0, 0], k[0, 0], mode="full")),
        np.correlate(x[0, 0], k[0, 0], mode="full"),
        atol=1e-6,
    )


@pytest.mark.parametrize(
    "dn,shape",
    [
        (None, (2, 3, 9, 8)),
        (("NHWC", "HWIO", "NHWC"), (2, 9, 8, 3)),
        (("NCHW", "WIOH", "HNCW"), (2, 3, 9, 8)),
        (("NTC", "OTI", "TNC"), (2, 10, 3)),
    ],
)
def test_conv_general_dilated_local_vs_jax(dn, shape):
    jax = pytest.importorskip("jax")
    x = rand(*shape)
    nsp = len(shape) - 2
    filt, strides = (3, 2)[:nsp], (2, 1)[:nsp]
    pads = [(1, 0), (0, 1)][:nsp]
    spec = conv_dimension_numbers(shape, (1, 1) + filt, dn)
    # rhs: output channels 4, input channels * window, one filter per output position
    out_spatial = [
        (shape[spec[0][2 + i]] + sum(pads[i]) - filt[i]) // strides[i] + 1 for i in range(nsp)
    ]
    sizes = {spec[1][0]: 4, spec[1][1]: shape[spec[0][1]] * int(np.prod(filt))}
    sizes.update({spec[1][2 + i]: out_spatial[i] for i in range(nsp)})
    w = rand(*(sizes[d] for d in range(nsp + 2)))
    args = (strides, pads, filt)
    kw = {"dimension_numbers": dn, "precision": "highest"}
    got = meshjit.jit(lambda a, b: lax.conv_general_dilated_local(a, b, *args, **kw))(x, w)
    want = jax.lax.conv_general_dilated_local(x, w, *args, **kw)
    assert got.shape == want.shape
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)


def test_conv_general_dilated_local_refuses_an_algorithm_preset():
    x, w = rand(1, 1, 4), rand(2, 3, 2)
    with pytest.raises(ValueError, match="Unsupported precision"):
        lax.conv_general_dilated_local(x, w, (1,), "VALID", (3,), precision="F32_F32_F32")


@pytest.mark.parametrize(
    ("dtype", "preferred", "words"),
    [
        (np.float32, np.float16, "must not be narrower"),
        (np.int32, np.uint32, "same signedness"),
        (np.float32, np.int32, "Input type is incompatible"),
    ],
)
def test_conv_preferred_element_type_is_checked_as_jaxs(dtype, preferred, words):
    """JAX's _validate_preferred_element_type (float64 operands with float32 preferred, x64
    on: round 19's x64 vocabulary sweep, conv18_*_pref); an integer's float and a wider type
    pass."""
    x = np.ones((1, 1, 3), dtype)
    with pytest.raises(TypeError, match=words):
        lax.conv_general_dilated(x, x, (1,), "SAME", preferred_element_type=preferred)
    with meshjit.enable_x64(True):
        with pytest.raises(TypeError, match="must not be narrower"):
            lax.conv_general_dilated(x.astype(np.float64), x.astype(np.float64), (1,), "SAME",
                                     preferred_element_type=np.float32)
    out = lax.conv_general_dilated(x.astype(np.int8), x.astype(np.int8), (1,), "SAME",
                                   preferred_element_type=np.float16)
    assert out.dtype == np.float16
