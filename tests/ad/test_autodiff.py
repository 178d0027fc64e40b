"""Autodiff: jvp / vjp / grad / linearize, custom rules, check_grads over the differentiable ops,
nested jit, sharding constraints and collectives inside shard_map, and the error messages."""

import functools

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.parallel.collectives import all_gather_invariant  # not public in JAX
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P
from meshjit.test_util import check_grads
from tests.support import campaign

RNG = np.random.RandomState(0)


@pytest.fixture(autouse=True)
def _reseed():
    RNG.seed(0)  # each test sees the same samples, whichever tests run


def normal(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def positive(*shape):
    return RNG.uniform(0.5, 2.0, shape).astype(np.float32)


def unit(*shape):
    return RNG.uniform(-0.8, 0.8, shape).astype(np.float32)


# ---------------------------------------------------------------------------------------------
# check_grads over the elementwise ops.

UNARY = {
    "neg": (lax.neg, normal),
    "abs": (lax.abs, positive),
    "exp": (lax.exp, normal),
    "log": (lax.log, positive),
    "log1p": (lax.log1p, positive),
    "expm1": (lax.expm1, normal),
    "sqrt": (lax.sqrt, positive),
    "rsqrt": (lax.rsqrt, positive),
    "cbrt": (lax.cbrt, positive),
    "sin": (lax.sin, normal),
    "cos": (lax.cos, normal),
    "tan": (lax.tan, unit),
    "tanh": (lax.tanh, normal),
    "logistic": (lax.logistic, normal),
    "erf": (lax.erf, normal),
    "integer_pow": (lambda x: lax.integer_pow(x, 3), normal),
    "integer_pow_neg": (lambda x: lax.integer_pow(x, -2), positive),
    "square": (lax.square, normal),
    # zero derivatives: the outputs are piecewise constant
    "sign": (lambda x: lax.sign(x) * x, positive),
    "floor": (lambda x: lax.floor(x) + x, lambda n: np.float32([0.3, 1.2, 2.7])),
    "ceil": (lambda x: lax.ceil(x) * x, lambda n: np.float32([0.3, 1.2, -2.7])),
    "round": (lambda x: lax.round(x) + x, lambda n: np.float32([0.3, 1.2, -2.7])),
}


@pytest.mark.parametrize("name", campaign.every(2, sorted(UNARY)))  # half in make test
def test_unary_grads(name):
    fn, sample = UNARY[name]
    check_grads(fn, (sample(3),), order=2)


BINARY = {
    "add": (lax.add, normal, normal),
    "sub": (lax.sub, normal, normal),
    "mul": (lax.mul, normal, normal),
    "div": (lax.div, normal, positive),
    "pow": (lax.pow, positive, normal),
    "max": (lax.max, normal, normal),
    "min": (lax.min, normal, normal),
    "atan2": (lax.atan2, normal, positive),
    "rem": (lax.rem, lambda *s: positive(*s) * 3, lambda *s: positive(*s) + 0.7),
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_grads(name):
    fn, sx, sy = BINARY[name]
    check_grads(fn, (sx(4), sy(4)), order=2)


def test_comparisons_and_logical_ops_have_zero_tangents():
    def f(x, y):
        mask = lax.bitwise_and(lax.gt(x, y), lax.ne(x, 0.0))
        return lax.select(mask, x, y) + lax.convert_element_type(lax.le(x, y), np.float32)

    x, y = normal(5), normal(5)
    check_grads(f, (x, y), order=2)
    _, t = meshjit.jvp(lambda x: lax.lt(x, 0.5), (x,), (x,))
    assert t.dtype == meshjit.compiler.ad.api.float0


def test_select_clamp_convert():
    x, lo, hi = np.float32([-1.2, -0.7, -0.2, 0.1, 0.3, 0.9]), np.float32(-0.5), np.float32(0.5)
    check_grads(lambda x, lo, hi: lax.clamp(lo, x, hi), (x, lo, hi), order=2)
    check_grads(lambda x, y: lax.select_n(lax.gt(x, y), x, y), (x, normal(6)), order=2)
    to_bf16 = lambda x: lax.convert_element_type(x, jnp.bfloat16)  # noqa: E731
    _, t = meshjit.jvp(to_bf16, (x,), (np.ones_like(x),))
    assert t.dtype == jnp.bfloat16 and np.all(np.asarray(t, np.float32) == 1)
    (ct,) = meshjit.vjp(to_bf16, x)[1](np.ones(6, jnp.bfloat16))
    assert ct.dtype == np.float32 and np.all(np.asarray(ct) == 1)


# ---------------------------------------------------------------------------------------------
# check_grads over shapes, reductions, contractions and indexing.

M34 = normal(3, 4)

STRUCTURAL = {
    "broadcast_in_dim": (lambda x: lax.broadcast_in_dim(x, (2, 3, 4), (1, 2)), (M34,)),
    "broadcast_size1": (lambda x: lax.broadcast_in_dim(x, (3, 5), (0, 1)), (normal(3, 1),)),
    "reshape": (lambda x: lax.reshape(x, (4, 3)) ** 2, (M34,)),
    "squeeze": (lambda x: lax.squeeze(x, (1,)) * 2.0, (normal(3, 1),)),
    "expand_dims": (lambda x: lax.expand_dims(x, (0,)), (M34,)),
    "transpose": (lambda x: lax.transpose(x, (1, 0)) * jnp.arange(3.0), (M34,)),
    "concatenate": (lambda x, y: lax.concatenate([x, y, x], 1), (M34, normal(3, 2))),
    "pad": (lambda x, v: lax.pad(x, v, [(1, 2, 1), (-1, 1, 0)]), (M34, np.float32(0.3))),
    "slice": (lambda x: lax.slice(x, (1, 0), (3, 4), (1, 2)), (M34,)),
    "dynamic_slice": (lambda x: lax.dynamic_slice(x, (1, 2), (2, 2)), (M34,)),
    "dynamic_update_slice": (
        lambda x, u: lax.dynamic_update_slice(x, u, (1, 1)),
        (M34, normal(2, 2)),
    ),
    "rev": (lambda x: lax.rev(x, (0,)) * jnp.arange(4.0), (M34,)),
    "reduce_sum": (lambda x: lax.reduce_sum(x, (0,)), (M34,)),
    "reduce_max": (lambda x: lax.reduce_max(x, (1,)), (M34,)),
    "reduce_min": (lambda x: lax.reduce_min(x, (0, 1)), (M34,)),
    "reduce_prod": (lambda x: lax.reduce_prod(x, (1,)), (M34,)),
    "reduce_prod_zero": (lambda x: lax.reduce_prod(x, (0,)), (np.float32([1.5, 0.0, 2.0]),)),
    "argmax": (lambda x: x[0] * lax.argmax(x, 0, np.int32).astype(np.float32), (normal(5),)),
    "dot": (lambda x, y: lax.dot(x, y), (M34, normal(4, 2))),
    "dot_general_batch": (
        lambda x, y: lax.dot_general(x, y, (((2,), (1,)), ((0,), (2,)))),
        (normal(2, 3, 4), normal(5, 4, 2)),
    ),
    "matmul_vec": (lambda x, y: jnp.matmul(x, y), (M34, normal(4))),
    "iota": (lambda x: x * lax.iota(np.float32, 4), (normal(4),)),
    "cumsum": (lambda x: lax.cumsum(x, 1), (M34,)),
    "cumsum_reverse": (lambda x: lax.cumsum(x, 0, reverse=True), (M34,)),
    "cumprod": (lambda x: lax.cumprod(x, 1), (M34,)),
    "cumprod_reverse": (lambda x: lax.cumprod(x, 0, reverse=True), (M34,)),
    "cummax": (lambda x: lax.cummax(x, 1), (M34,)),
    "cummin": (lambda x: lax.cummin(x, 0, reverse=True), (M34,)),
    "sort": (lambda x: lax.sort(x, 1), (M34,)),
    "sort_key_val": (lambda k, v: lax.sort_key_val(k, v, 0)[1], (normal(5), normal(5))),
    "reduce_window_sum": (
        lambda x: lax.reduce_window_sum(x, (2, 2), (1, 2), [(1, 0), (0, 1)]),
        (M34,),
    ),
    "reduce_window_sum_dilated": (
        lambda x: lax.reduce_window_sum(x, (2, 1), (1, 1), "VALID", (2, 1), (1, 1)),
        (M34,),
    ),
    "reduce_window_max": (lambda x: lax.reduce_window_max(x, (2, 2), (1, 1), "SAME"), (M34,)),
    "reduce_window_min": (lambda x: lax.reduce_window_min(x, (1, 3), (1, 2), "VALID"), (M34,)),
}


@pytest.mark.parametrize(
    "name", campaign.every(campaign.SWEEP, sorted(STRUCTURAL))
)  # one in 48 in make test
def test_structural_grads(name):
    fn, args = STRUCTURAL[name]
    check_grads(fn, args, order=2)


IDX = np.array([[2], [0], [2]], np.int32)
SCATTER_DN = lax.ScatterDimensionNumbers((1,), (0,), (0,))
INDEXING = {
    "getitem_int_array": (lambda x: x[np.array([2, 0, 2])] * 1.5, (M34,)),
    "getitem_slices": (lambda x: x[1:, ::2], (M34,)),
    "take_along_axis": (
        lambda x: jnp.take_along_axis(x, np.array([[0, 3], [1, 1], [2, 0]]), axis=1),
        (M34,),
    ),
    "gather_clamped": (
        lambda x: lax.gather(
            x, np.array([[5], [1]], np.int32), lax.GatherDimensionNumbers((1,), (0,), (0,)), (1, 4)
        ),
        (M34,),
    ),
    "at_set": (lambda x, v: x.at[np.array([0, 2, 0])].set(v), (M34, normal(3, 4))),
    "at_set_unique": (lambda x, v: x.at[1].set(v), (M34, normal(4))),
    "at_add": (lambda x, v: x.at[np.array([0, 2, 0])].add(v), (M34, normal(3, 4))),
    "scatter_add_oob": (
        lambda x, v: lax.scatter_add(x, np.array([[1], [7]], np.int32), v, SCATTER_DN),
        (M34, normal(2, 4)),
    ),
    "at_multiply": (
        lambda x, v: x.at[np.array([0, 2])].multiply(v, unique_indices=True),
        (M34, normal(2, 4)),
    ),
    "at_max": (lambda x, v: x.at[np.array([0, 2, 0])].max(v), (M34, normal(3, 4))),
    "at_min": (lambda x, v: x.at[np.array([1, 1])].min(v), (M34, normal(2, 4))),
}


@pytest.mark.parametrize("name", campaign.every(2, sorted(INDEXING)))  # half in make test
def test_indexing_grads(name):
    fn, args = INDEXING[name]
    check_grads(fn, args, order=2)


def test_scatter_mul_of_updates_needs_unique_indices():
    f = lambda x, v: jnp.asarray(x).at[np.array([0, 0])].multiply(v)  # noqa: E731
    with pytest.raises(NotImplementedError, match=r"only implemented if `unique_indices=True`"):
        meshjit.grad(lambda v: jnp.sum(f(M34, v)))(normal(2, 4))


CONV = {
    "conv_nchw": dict(window_strides=(1, 1), padding="SAME"),
    "conv_strided": dict(window_strides=(2, 1), padding=[(1, 0), (0, 2)]),
    "conv_dilated": dict(
        window_strides=(1, 2), padding=[(0, 1), (1, 1)], lhs_dilation=(2, 1), rhs_dilation=(1, 2)
    ),
    "conv_nhwc": dict(
        window_strides=(1, 1), padding="SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")
    ),
}


@pytest.mark.parametrize("name", sorted(CONV))
def test_conv_grads(name):
    params = CONV[name]
    if "dimension_numbers" in params:
        lhs, rhs = normal(2, 5, 6, 3), normal(3, 2, 3, 4)
    else:
        lhs, rhs = normal(2, 3, 5, 6), normal(4, 3, 3, 2)
    conv = functools.partial(lax.conv_general_dilated, **params)
    check_grads(conv, (lhs, rhs), order=2)


def test_grouped_conv_grads():
    lhs, rhs = normal(2, 4, 5, 5), normal(6, 2, 3, 3)
    conv = functools.partial(
        lax.conv_general_dilated, window_strides=(1, 1), padding="SAME", feature_group_count=2
    )
    check_grads(conv, (lhs, rhs), order=1)
    check_grads(conv, (lhs, rhs), order=2, modes=("fwd",))


def test_nn_functions():
    x = normal(4, 5)
    check_grads(lambda x: meshjit.nn.log_softmax(x) * meshjit.nn.gelu(x), (x,), order=1)
    check_grads(
        lambda x: meshjit.nn.logsumexp(x, axis=1) + jnp.sum(meshjit.nn.relu(x)), (x,), order=1
    )


# ---------------------------------------------------------------------------------------------
# The API: jvp, vjp, grad, value_and_grad, linearize; pytrees, argnums, has_aux, jit, eager.


def mlp_loss(params, x, y):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    logits = h @ params["w2"]
    return jnp.mean((logits - y) ** 2)


MLP_PARAMS = {"w1": normal(4, 8) * 0.5, "b1": normal(8), "w2": normal(8, 2) * 0.5}
MLP_X, MLP_Y = normal(6, 4), normal(6, 2)


def test_mlp_grad_matches_jax():
    jax = pytest.importorskip("jax")
    jjnp = jax.numpy

    def jax_loss(params, x, y):
        h = jjnp.tanh(x @ params["w1"] + params["b1"])
        return jjnp.mean((h @ params["w2"] - y) ** 2)

    expected_value, expected = jax.value_and_grad(jax_loss)(MLP_PARAMS, MLP_X, MLP_Y)
    for vg in (meshjit.value_and_grad(mlp_loss), meshjit.jit(meshjit.value_and_grad(mlp_loss))):
        value, grads = vg(MLP_PARAMS, MLP_X, MLP_Y)
        np.testing.assert_allclose(value, expected_value, rtol=1e-5)
        assert sorted(grads) == ["b1", "w1", "w2"]
        for k in grads:
            np.testing.assert_allclose(grads[k], expected[k], rtol=1e-4, atol=1e-6)
    hessian_vector = meshjit.jvp(
        meshjit.grad(mlp_loss),
        (MLP_PARAMS, MLP_X, MLP_Y),
        (MLP_PARAMS, np.zeros_like(MLP_X), np.zeros_like(MLP_Y)),
    )[1]
    expected_hv = jax.jvp(
        jax.grad(jax_loss),
        (MLP_PARAMS, MLP_X, MLP_Y),
        (MLP_PARAMS, np.zeros_like(MLP_X), np.zeros_like(MLP_Y)),
    )[1]
    for k in expected_hv:
        np.testing.assert_allclose(hessian_vector[k], expected_hv[k], rtol=1e-4, atol=1e-5)


def test_argnums_tuple_and_has_aux():
    def f(x, y, z):
        return jnp.sum(x * y + z), {"aux": x * 2}

    x, y, z = normal(3), normal(3), normal(3)
    for transform in (lambda g: g, meshjit.jit):
        (gx, gz), aux = transform(meshjit.grad(f, argnums=(0, 2), has_aux=True))(x, y, z)
        np.testing.assert_allclose(gx, y, rtol=1e-6)
        np.testing.assert_allclose(gz, np.ones(3), rtol=1e-6)
        np.testing.assert_allclose(aux["aux"], x * 2, rtol=1e-6)
    (value, aux), gy = meshjit.value_and_grad(f, argnums=1, has_aux=True)(x, y, z)
    np.testing.assert_allclose(value, np.sum(x * y + z), rtol=1e-5)
    np.testing.assert_allclose(gy, x, rtol=1e-6)
    np.testing.assert_allclose(meshjit.grad(f, argnums=-1, has_aux=True)(x, y, z)[0], np.ones(3))


def test_jvp_and_vjp_with_pytrees():
    def f(tree):
        a, (b, c) = tree["a"], tree["bc"]
        return {"sum": a * b, "prod": (jnp.sin(c), a + c)}

    primals = ({"a": normal(2), "bc": (normal(2), normal(2))},)
    tangents = (
        {"a": np.ones(2, np.float32), "bc": (np.zeros(2, np.float32), np.ones(2, np.float32))},
    )
    out, t = meshjit.jvp(f, primals, tangents)
    p = primals[0]
    np.testing.assert_allclose(t["sum"], p["bc"][0], rtol=1e-6)
    np.testing.assert_allclose(t["prod"][0], np.cos(p["bc"][1]), rtol=1e-6)
    np.testing.assert_allclose(t["prod"][1], 2 * np.ones(2), rtol=1e-6)
    out2, f_vjp, aux = meshjit.vjp(lambda tr: (f(tr), 7.0), *primals, has_aux=True)
    (ct,) = f_vjp(
        {"sum": np.ones(2, np.float32), "prod": (np.ones(2, np.float32), np.zeros(2, np.float32))}
    )
    np.testing.assert_allclose(ct["a"], p["bc"][0], rtol=1e-6)
    np.testing.assert_allclose(ct["bc"][1], np.cos(p["bc"][1]), rtol=1e-6)
    assert float(aux) == 7.0


def test_linearize_and_vjp_under_jit():
    x = normal(4)
    out, f_jvp = meshjit.linearize(lambda x: jnp.exp(x) * x, x)
    np.testing.assert_allclose(f_jvp(np.ones(4, np.float32)), np.exp(x) * (x + 1), rtol=1e-5)

    @meshjit.jit
    def pulled_back(x, ct):
        out, f_vjp = meshjit.vjp(lambda x: jnp.sin(x) ** 2, x)
        return out, f_vjp(ct)[0]

    out, ct = pulled_back(x, np.ones(4, np.float32))
    np.testing.assert_allclose(ct, 2 * np.sin(x) * np.cos(x), rtol=1e-5, atol=1e-6)


def test_integer_inputs_get_float0_tangents():
    f = lambda x, n: x * n.astype(np.float32)  # noqa: E731
    x, n = normal(3), np.arange(3, dtype=np.int32)
    float0 = meshjit.compiler.ad.api.float0
    out, t = meshjit.jvp(f, (x, n), (np.ones(3, np.float32), np.zeros(3, float0)))
    np.testing.assert_allclose(t, n.astype(np.float32))
    _, f_vjp = meshjit.vjp(f, x, n)
    ct_x, ct_n = f_vjp(np.ones(3, np.float32))
    assert ct_n.dtype == float0 and ct_x.dtype == np.float32


def test_eager_grad_sees_closed_over_values_and_compiles_once(counters):
    scale = [np.float32(2.0)]
    f = lambda x: jnp.sum(x * scale[0])  # noqa: E731
    x = normal(3)
    np.testing.assert_allclose(meshjit.grad(f)(x), 2 * np.ones(3))
    scale[0] = np.float32(3.0)
    np.testing.assert_allclose(meshjit.grad(f)(x), 3 * np.ones(3))
    compiles = counters["compile"]
    meshjit.grad(f)(x + 1)
    assert counters["compile"] == compiles


def test_grad_of_grad_and_jvp_of_grad():
    f = lambda x: jnp.sin(x) * x**2  # noqa: E731
    x = np.float32(0.7)
    d2 = meshjit.grad(meshjit.grad(f))(x)
    expected = -np.sin(x) * x**2 + 4 * x * np.cos(x) + 2 * np.sin(x)
    np.testing.assert_allclose(d2, expected, rtol=1e-5)
    d3 = meshjit.jit(meshjit.grad(meshjit.grad(meshjit.grad(f))))(x)
    expected3 = -np.cos(x) * x**2 - 6 * x * np.sin(x) + 6 * np.cos(x)
    np.testing.assert_allclose(d3, expected3, rtol=1e-4)


# ---------------------------------------------------------------------------------------------
# custom_jvp and custom_vjp.


@meshjit.custom_jvp
def safe_log1pexp(x):
    return jnp.log(1.0 + jnp.exp(x))


@safe_log1pexp.defjvp
def _safe_log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log1pexp(x), t * meshjit.nn.sigmoid(x)


def test_custom_jvp():
    x = np.array([-3.0, 0.5, 100.0], np.float32)
    g = meshjit.grad(lambda x: jnp.sum(safe_log1pexp(x)))(x)
    np.testing.assert_allclose(g, 1 / (1 + np.exp(-x.astype(np.float64))), rtol=1e-5)
    assert np.isfinite(np.asarray(g)).all()
    np.testing.assert_allclose(
        meshjit.jit(safe_log1pexp)(x[:2]), np.log1p(np.exp(x[:2])), rtol=1e-5
    )
    check_grads(safe_log1pexp, (x[:2],), order=2)


@meshjit.custom_vjp
def clip_gradient(x, bound):
    return x


def _clip_fwd(x, bound):
    return x, bound


def _clip_bwd(bound, ct):
    return jnp.clip(ct, -bound, bound), None


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def test_custom_vjp():
    x = normal(4)
    g = meshjit.grad(lambda x: jnp.sum(clip_gradient(x, np.float32(0.5)) * 3.0))(x)
    np.testing.assert_allclose(g, 0.5 * np.ones(4))
    g = meshjit.jit(meshjit.grad(lambda x: jnp.sum(clip_gradient(x * 2, np.float32(10.0)))))(x)
    np.testing.assert_allclose(g, 2 * np.ones(4))
    np.testing.assert_allclose(clip_gradient(x, 1.0), x)
    with pytest.raises(meshjit.MeshjitError, match="jvp.*custom_vjp"):
        meshjit.jvp(lambda x: clip_gradient(x, np.float32(1.0)), (x,), (x,))


# ---------------------------------------------------------------------------------------------
# Nested jit, sharding constraints, collectives in shard_map.


def test_grads_of_nested_jit():
    inner = meshjit.jit(lambda x, w: jnp.tanh(x @ w))
    f = lambda x, w: jnp.sum(inner(x, w) ** 2)  # noqa: E731
    x, w = normal(3, 4), normal(4, 2)
    check_grads(f, (x, w), order=2)
    jaxpr = meshjit.make_jaxpr(meshjit.grad(f, argnums=1))(x, w)
    names = [e.params.get("name") for e in jaxpr.eqns if e.primitive.name == "jit"]
    assert len(names) >= 2 and set(names) == {"<lambda>"}, names  # JAX keeps the name


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


def test_grad_of_sharding_constraint(mesh):
    s = NamedSharding(mesh, P("x", "y"))

    def f(x):
        return jnp.sum(meshjit.lax.with_sharding_constraint(jnp.sin(x), s) ** 2)

    x = normal(8, 4)
    check_grads(f, (x,), order=2)
    jaxpr = meshjit.make_jaxpr(meshjit.grad(f))(x)
    assert [e.primitive.name for e in jaxpr.eqns].count("sharding_constraint") == 2


def _smap(mesh, f, in_specs, out_specs):
    return meshjit.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


RING = [(i, (i + 1) % 4) for i in range(4)]
COLLECTIVES = {
    "psum": (lambda b: lax.psum(jnp.sin(b), "x"), P("x", "y"), P(None, "y")),
    "psum_both_axes": (lambda b: lax.psum(b * b, ("x", "y")), P("x", "y"), P()),
    "pmean": (lambda b: lax.pmean(jnp.exp(b), "y"), P("x", "y"), P("x")),
    "all_gather_tiled": (
        lambda b: lax.all_gather(b, "x", axis=0, tiled=True) ** 2,
        P("x", "y"),
        P("x", "y"),
    ),
    "all_gather_invariant": (
        lambda b: all_gather_invariant(b, "x", axis=0, tiled=True) ** 2,
        P("x", "y"),
        P(None, "y"),
    ),
    "all_gather_invariant_stacked": (
        lambda b: jnp.sin(all_gather_invariant(b, ("y", "x"), axis=1)) * jnp.sum(b),
        P("x", "y"),
        P("x", None, "y"),
    ),
    "all_gather_stacked": (
        lambda b: jnp.sin(lax.all_gather(b, "y", axis=1)),
        P("x", "y"),
        P("x", None, "y"),
    ),
    "all_gather_then_vary": (
        lambda b: lax.all_gather(b, "x", tiled=True) * lax.axis_index("x").astype(np.float32),
        P("x"),
        P("x"),
    ),
    "psum_scatter_tiled": (
        lambda b: lax.psum_scatter(b * b, "x", scatter_dimension=0, tiled=True),
        P(None, "y"),
        P("x", "y"),
    ),
    "psum_scatter": (lambda b: lax.psum_scatter(jnp.sin(b), "y"), P("x"), P(("x", "y"))),
    "all_to_all": (
        lambda b: lax.all_to_all(jnp.tanh(b), "x", 0, 1, tiled=True),
        P(None, "x"),
        P(None, "x"),
    ),
    "ppermute": (lambda b: lax.ppermute(b * b, "x", RING), P("x", "y"), P("x", "y")),
    "axis_index": (
        lambda b: b * lax.axis_index(("x", "y")).astype(np.float32),
        P("x", "y"),
        P("x", "y"),
    ),
    "implicit_pvary": (lambda b: b * jnp.sum(b), P(), P("x")),
    "pvary": (lambda b: lax.pcast(jnp.sin(b), "x", to="varying") * 3.0, P(), P("x")),
}


@pytest.mark.parametrize(
    "name", campaign.every(campaign.SWEEP, sorted(COLLECTIVES))
)  # one in 48 in make test
def test_collective_grads_in_shard_map(mesh, name):
    body, in_spec, out_spec = COLLECTIVES[name]
    f = _smap(mesh, body, in_spec, out_spec)
    check_grads(f, (normal(8, 8),), order=2)


@pytest.mark.parametrize("name", ["pmax", "pmin"])
def test_pmax_pmin_are_not_differentiable_as_in_jax(mesh, name):
    f = _smap(mesh, lambda b: getattr(lax, name)(b, "x"), P("x", "y"), P(None, "y"))
    message = f"Differentiation rule for '{name}' not implemented"
    with pytest.raises(NotImplementedError, match=message):
        meshjit.grad(lambda x: f(x).sum())(normal(8, 8))
    with pytest.raises(NotImplementedError, match=message):
        meshjit.jvp(f, (normal(8, 8),), (normal(8, 8),))


def test_shard_map_grads_with_replicated_operand(mesh):
    def body(w, b):
        return lax.psum(jnp.tanh(b @ w), "x")

    f = _smap(mesh, body, (P(), P("x")), P())
    w, x = normal(4, 3), normal(8, 4)
    check_grads(f, (w, x), order=1)
    grad_w = meshjit.jit(meshjit.grad(lambda w, x: jnp.sum(f(w, x)), argnums=0))(w, x)
    np.testing.assert_allclose(grad_w, x.T @ (1 - np.tanh(x @ w) ** 2), rtol=1e-4, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# Errors: the type, the message, and the user's line.


def _raises(exc_type, pattern, fn, *args):
    with pytest.raises(exc_type, match=pattern) as info:
        fn(*args)
    assert "test_autodiff.py" in info.value.located(), str(info.value)
    return info.value


def test_grad_errors():
    x = normal(3)
    _raises(
        meshjit.MeshjitTypeError,
        r"Gradient only defined for scalar-output functions. Output had shape: \(3,\)\.(\n|$)",
        meshjit.grad(jnp.sin),
        x,
    )
    _raises(
        meshjit.MeshjitTypeError,
        r"grad requires real-valued outputs \(output dtype that is a sub-dtype of np.floating\), "
        r"but got int32",
        meshjit.grad(lambda x: jnp.sum(x).astype(np.int32)),
        x,
    )
    _raises(
        meshjit.MeshjitTypeError,
        "grad requires real- or complex-valued inputs .* but got int32. If you want to use "
        "Boolean- or integer-valued inputs, use vjp or set allow_int to True",
        meshjit.grad(lambda n: jnp.sum(n)),
        np.arange(3, dtype=np.int32),
    )
    _raises(
        meshjit.MeshjitTypeError,
        r"Gradient only defined for scalar-output functions. Output had shape: \(3,\)",
        meshjit.jit(meshjit.grad(lambda x: x * 2)),
        x,
    )
    _raises(meshjit.MeshjitTypeError, "argnums=3", meshjit.grad(jnp.sum, argnums=3), x)
    # As JAX's grad (vjp first, then the output checks): the callback's error, not the shape's.
    spec = meshjit.ShapeDtypeStruct((3,), np.float32)
    _raises(
        ValueError,
        "Pure callbacks do not support JVP",
        meshjit.grad(lambda v: meshjit.pure_callback(np.sin, spec, v)),
        x,
    )


def test_jvp_tangent_errors():
    x = normal(3)
    _raises(
        meshjit.MeshjitTypeError,
        "do not match; dtypes must be equal.*expected tangent dtype float32, but got tangent "
        "dtype int32",
        meshjit.jvp,
        jnp.sin,
        (x,),
        (np.ones(3, np.int32),),
    )
    _raises(meshjit.MeshjitTypeError, "same tree structure", meshjit.jvp, jnp.sin, (x,), (x, x))
    _raises(
        meshjit.MeshjitValueError,
        "different primal and tangent shapes",
        meshjit.jvp,
        jnp.sin,
        (x,),
        (normal(4),),
    )


def test_missing_rules_name_the_primitive():
    from meshjit.compiler.ir.registry import Primitive, abstract_eval_rules

    opaque_p = Primitive("opaque_test_op")
    abstract_eval_rules.register(opaque_p)(lambda x: x)
    try:
        err = _raises(
            NotImplementedError,
            "'opaque_test_op'.*no jvp rule",
            meshjit.grad(lambda x: jnp.sum(opaque_p.bind(x))),
            normal(3),
        )
    finally:  # the registry is global: a test primitive must not outlive its test
        abstract_eval_rules.pop(opaque_p, None)
    assert isinstance(err, meshjit.MeshjitError)

    @meshjit.custom_jvp
    def f(x):
        return x

    f.defjvp(lambda primals, tangents: (primals[0], jnp.sin(tangents[0])))
    _raises(
        NotImplementedError,
        "'sin'.*no transpose rule",
        meshjit.grad(lambda x: jnp.sum(f(x))),
        normal(3),
    )


# ---------------------------------------------------------------------------------------------
# Control flow.


def test_cond_grads():
    def f(x, y):
        return lax.cond(jnp.sum(x) > 0, lambda a, b: jnp.sin(a) * b, lambda a, b: a + b**2, x, y)

    check_grads(f, (normal(3), normal(3)), order=2)
    check_grads(f, (-positive(3), normal(3)), order=1)


def test_scan_and_fori_loop_grads():
    def f(w, xs):
        def step(c, x):
            c = jnp.tanh(c * w + x)
            return c, c * 2.0

        c, ys = lax.scan(step, jnp.zeros(3), xs)
        return c + jnp.sum(ys, axis=0)

    check_grads(f, (normal(3), normal(4, 3)), order=2)
    g = lambda x: lax.fori_loop(0, 3, lambda i, c: jnp.sin(c) * x, x)  # noqa: E731
    check_grads(g, (normal(2),), order=1)


def test_while_loop_jvp_only():
    def f(x):
        return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] * x, c[1] + 1), (x, 0))[0]

    x = np.float32([1.3, 0.7])
    _, t = meshjit.jvp(f, (x,), (np.ones(2, np.float32),))
    np.testing.assert_allclose(t, 4 * x**3, rtol=1e-5)
    _raises(
        NotImplementedError, "'while' is not supported", meshjit.grad(lambda x: jnp.sum(f(x))), x
    )


def test_custom_jvp_of_a_jitted_function_keeps_the_jit():
    # functools.update_wrapper copies a jit's __dict__; it must not replace the wrapped function
    inner = meshjit.jit(lambda x: x * 2.0)
    f = meshjit.custom_jvp(inner)
    f.defjvp(lambda primals, tangents: (f(*primals), tangents[0] * 10.0))
    assert f.fun is inner
    assert float(meshjit.grad(f)(np.float32(1.0))) == 10.0


def test_grad_refuses_a_non_array_output_and_names_integer_outputs_as_jax():
    # [x] has one scalar leaf, but it is a list: JAX refuses it (meshjit returned a gradient).
    with pytest.raises(TypeError, match="Gradient only defined for scalar-output functions"):
        meshjit.grad(lambda x: [x])(1.0)
    with pytest.raises(TypeError, match="grad requires real-valued outputs .* but got int32"):
        meshjit.grad(lambda x: jnp.int32(1))(1.0)


def test_a_custom_rule_missing_is_jaxs_attribute_error():
    f = meshjit.custom_jvp(lambda x: x)
    with pytest.raises(AttributeError, match="No JVP defined for custom_jvp function"):
        meshjit.jvp(f, (1.0,), (1.0,))


def test_gradient_weak_types_flow_through_transposes_as_jax():
    """A gradient's weak type is what the transposes give (JAX 0.10.2's values): weak at a
    Python float through ordinary ops and select-made masks (where / abs / maximum), and a
    custom_vjp's bwd output as the bwd rule made it (meshjit once made every gradient at a
    weak input weak)."""
    import meshjit
    import meshjit.numpy as jnp

    weak = {
        "mul": lambda x: x * 2.0,
        "strong_const": lambda x: x * jnp.float32(2.0),
        "where": lambda x: jnp.where(x > 0, x, 0.0),
        "abs": jnp.abs,
        "maximum": lambda x: jnp.maximum(x, 1.0),
        "scan": lambda x: meshjit.lax.scan(lambda c, _: (c * 2.0, None), x, None, length=3)[0],
    }
    for name, f in weak.items():
        for g in (meshjit.grad(f), meshjit.jit(meshjit.grad(f))):
            assert g(2.0).weak_type, name

    @meshjit.custom_vjp
    def h(x, k):
        return x * k

    h.defvjp(lambda x, k: (h(x, k), (x, k)), lambda r, g: (r[1] * g, r[0] * g))
    gx, gk = meshjit.grad(h, argnums=(0, 1))(jnp.float32(2.0), 0.3)
    assert not gx.weak_type and not gk.weak_type  # k's cotangent is x * g: strong
    gx, gk = meshjit.grad(h, argnums=(0, 1))(2.0, 0.3)
    assert gx.weak_type and gk.weak_type
    np.testing.assert_allclose([gx, gk], [0.3, 2.0], rtol=1e-6)


def test_has_aux_leaves_that_are_not_arrays_come_back_as_they_are():
    """As JAX: a string (or other object) in the aux output is returned untouched."""
    grads, aux = meshjit.grad(lambda w: (jnp.sum(w**2), {"note": "ok", "w": w}), has_aux=True)(
        jnp.ones(3)
    )
    np.testing.assert_array_equal(np.asarray(grads), np.full(3, 2.0))
    assert aux["note"] == "ok"
    np.testing.assert_array_equal(np.asarray(aux["w"]), np.ones(3))
    _, _, aux = meshjit.vjp(lambda w: (w * 2, ("tag", w)), jnp.ones(2), has_aux=True)
    assert aux[0] == "tag"


# ---------------------------------------------------------------------------------------------
# Round 5 of the mistakes catalogue.


@pytest.mark.parametrize(
    "call",
    [
        lambda: meshjit.jvp(3, (1.0,), (1.0,)),
        lambda: meshjit.vjp("f", 1.0),
        lambda: meshjit.eval_shape(3, np.ones(2)),
        lambda: meshjit.jacrev("f"),
        lambda: meshjit.hessian([jnp.sin]),
    ],
)
def test_transformations_of_non_callables(call):
    with pytest.raises(TypeError, match="Expected a callable value, got"):
        call()


def test_vjp_function_takes_one_cotangent():
    _, f_vjp = meshjit.vjp(jnp.sin, np.ones(3, np.float32))
    with pytest.raises(TypeError, match="must be called with a single argument"):
        f_vjp(np.ones(3, np.float32), np.ones(3, np.float32))


def test_linearized_function_called_on_a_tangent_of_another_shape():
    _, f_jvp = meshjit.linearize(jnp.sin, np.ones(3, np.float32))
    with pytest.raises(ValueError, match="linearized function called on tangent values"):
        f_jvp(np.ones(4, np.float32))


def test_custom_jvp_rule_calls_checked_round5():
    f = meshjit.custom_jvp(lambda x: x * 2, nondiff_argnums=(2,))
    f.defjvp(lambda p, t: (p[0] * 2, t[0] * 2))
    with pytest.raises(IndexError, match="tuple index out of range"):
        f(1.0)
    g = meshjit.custom_jvp(lambda x: x * 2)
    g.defjvp(3)
    with pytest.raises(TypeError, match="the first argument must be callable"):
        meshjit.jvp(g, (1.0,), (1.0,))


def test_custom_vjp_binds_keyword_arguments():
    @meshjit.custom_vjp
    def f(x, y=1.0):
        return x * y

    f.defvjp(lambda x, y: (f(x, y), y), lambda y, g: (g * y, None))
    assert float(f(x=2.0, y=3.0)) == 6.0
    assert float(meshjit.grad(lambda x: f(x=x, y=3.0))(2.0)) == 3.0
    with pytest.raises(TypeError, match="could not be resolved to positional-only arguments"):
        f(z=1.0)


def test_custom_vjp_fwd_output_of_another_shape_is_a_value_error_too():
    @meshjit.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (jnp.ones(5), None), lambda r, g: (g,))
    with pytest.raises(ValueError, match="like the function's output"):
        meshjit.grad(lambda x: f(x).sum())(np.ones(3, np.float32))


def test_argnums_out_of_range_as_jax():
    # Past the arguments: TypeError; before them: JAX's ValueError; not an int: TypeError.
    f = lambda x, y: x * y  # noqa: E731
    with pytest.raises(TypeError, match="requires at least 4 positional arguments"):
        meshjit.grad(f, argnums=(0, 3))(1.0, 2.0)
    with pytest.raises(ValueError, match="greater than or equal to -len\\(args\\)"):
        meshjit.grad(f, argnums=-3)(1.0, 2.0)
    with pytest.raises(TypeError, match="'str' object cannot be interpreted as an integer"):
        meshjit.grad(f, argnums="x")(1.0, 2.0)
    assert float(meshjit.grad(f, argnums=-1)(2.0, 3.0)) == 2.0


def test_untraced_aux_leaves_come_back_as_they_are():
    # As JAX's: a Python number or a NumPy array in has_aux's output is no traced value, so it
    # is returned unchanged (meshjit made Arrays of them; jacfwd showed its TypedInt).
    def f(x):
        return x * 2, (1.0, np.ones(2), 3, meshjit.numpy.ones(1))

    for aux in [
        meshjit.grad(f, has_aux=True)(1.0)[1],
        meshjit.vjp(f, 1.0, has_aux=True)[2],
        meshjit.jvp(f, (1.0,), (1.0,), has_aux=True)[2],
        meshjit.jacrev(f, has_aux=True)(1.0)[1],
        meshjit.jacfwd(f, has_aux=True)(1.0)[1],
    ]:
        assert type(aux[0]) is float and type(aux[1]) is np.ndarray and type(aux[2]) is int
        assert aux[1].dtype == np.float64 and type(aux[3]).__name__ == "ArrayImpl"
