"""matmul and dot against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit.test_util import check_grads
from tests.support.numerics import SETTINGS, assert_close, bf16, f16, f32, i8, i32, is_float, values

# ---------------------------------------------------------------------------------------------
# Products.


@st.composite
def matmul_shapes(draw):
    m, k, n = (draw(st.integers(1, 4)) for _ in range(3))
    (ba, bb), _ = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    kind = draw(st.sampled_from(["mat", "vec-mat", "mat-vec", "vec-vec"]))
    a = (k,) if kind.startswith("vec") else ba + (m, k)
    b = (k,) if kind.endswith("vec") and kind != "vec-mat" else bb + (k, n)
    if kind == "vec-vec":
        a, b = (k,), (k,)
    return a, b


@SETTINGS
@given(st.data(), st.sampled_from([f32, bf16, f16, i32, i8]), matmul_shapes())
def test_matmul(data, dtype, shapes):
    sa, sb = shapes
    a = data.draw(values(dtype, sa, lo=-2, hi=2))
    b = data.draw(values(dtype, sb, lo=-2, hi=2))
    out = meshjit.jit(lambda x, y: (jnp.matmul(x, y), x @ y))(a, b)
    if is_float(dtype):
        ref = np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(dtype)
        scale = 4 * sa[-1]
    else:
        ref = np.matmul(a.astype(np.int64), b.astype(np.int64)).astype(dtype)  # wraps like XLA
        scale = 1
    assert_close(out[0], ref, dtype, scale=scale)
    assert_close(out[1], ref, dtype, scale=scale)


@pytest.mark.parametrize(
    "sa, sb, batch",
    [((2, 3, 4), (4, 5), ()), ((3, 4), (2, 4, 5), ()), ((2, 3, 4), (2, 4, 5), (0,))],
)
def test_matmul_contracts_batched_operands_directly(sa, sb, batch):
    # As JAX: no broadcast of the operand without batch dimensions (XLA would gather it).
    closed = meshjit.make_jaxpr(jnp.matmul)(np.ones(sa, f32), np.ones(sb, f32))
    names = [e.primitive.name for e in closed.eqns]
    assert "broadcast_in_dim" not in names and names[0] == "dot_general"
    (_, (lb, _)) = closed.eqns[0].params["dimension_numbers"]
    assert lb == batch
    a = np.random.RandomState(0).standard_normal(sa).astype(f32)
    b = np.random.RandomState(1).standard_normal(sb).astype(f32)
    np.testing.assert_allclose(np.asarray(meshjit.jit(jnp.matmul)(a, b)), a @ b, rtol=1e-5)
    check_grads(jnp.matmul, (a, b), order=1, rtol=2e-2, atol=2e-2)


@SETTINGS
@given(
    st.data(), st.sampled_from([f32, i32]), st.integers(0, 2), st.integers(1, 2), st.integers(1, 4)
)
def test_dot(data, dtype, a_rank, b_rank, k):
    sa = (3, 2, k)[3 - a_rank :] if a_rank else ()
    sb = {0: (), 1: (k,), 2: (k, 3)}[b_rank]
    if a_rank == 0:
        sb = (2, 3)
    a, b = data.draw(values(dtype, sa)), data.draw(values(dtype, sb))
    out = meshjit.jit(lambda x, y: (jnp.dot(x, y), x.dot(y)))(a, b)
    ref = np.dot(a.astype(np.float64), b.astype(np.float64)).astype(dtype)
    assert_close(out[0], ref, dtype, scale=4 * k)
    assert_close(out[1], ref, dtype, scale=4 * k)


def test_dot_with_3d_rhs():
    a = np.arange(6, dtype=f32).reshape(2, 3)
    b = np.arange(24, dtype=f32).reshape(2, 3, 4)
    out = meshjit.jit(jnp.dot)(a, b)
    np.testing.assert_allclose(np.asarray(out), np.dot(a, b))



def test_preferred_element_type_is_dot_generals_as_in_jax():
    """As JAX's jnp.dot / matmul: a wider preferred type of the operands' kind is dot_general's
    preferred_element_type (bf16 operands stay bf16 in the jaxpr; an int8 product accumulates
    in int32); of another kind, the operands convert first."""
    import meshjit
    from meshjit.compiler.ir import dtypes

    xb = jnp.asarray(np.arange(6.0).reshape(2, 3) / 7, jnp.bfloat16)
    yb = jnp.asarray(np.arange(12.0).reshape(3, 4) / 5, jnp.bfloat16)
    for product in (jnp.dot, jnp.matmul):
        jaxpr = meshjit.make_jaxpr(
            lambda a, b, product=product: product(a, b, preferred_element_type=jnp.float32)
        )(xb, yb)
        assert [e.primitive.name for e in jaxpr.jaxpr.eqns] == ["dot_general"]
        assert jaxpr.jaxpr.eqns[0].params["preferred_element_type"] == dtypes.canonicalize(
            jnp.float32
        )
        want = np.asarray(xb, np.float32) @ np.asarray(yb, np.float32)
        np.testing.assert_allclose(product(xb, yb, preferred_element_type=jnp.float32), want)
    i8 = jnp.asarray([[100, 100], [-100, 50]], jnp.int8)
    want = np.asarray(i8, np.int32) @ np.asarray(i8, np.int32)
    np.testing.assert_array_equal(jnp.dot(i8, i8, preferred_element_type=jnp.int32), want)
    np.testing.assert_array_equal(jnp.matmul(i8, i8, preferred_element_type=jnp.float32), want)
    u8 = jnp.asarray([200, 200], jnp.uint8)
    assert int(jnp.dot(u8, u8, preferred_element_type=jnp.int32)) == 80000


def test_float8_operands_of_two_formats_multiply_with_a_preferred_type_as_in_jax():
    """JAX's products hand an e5m2 and an e4m3fn operand to dot_general unpromoted when a
    preferred_element_type is given (fp8 training's gradient times weights); meshjit promoted
    them first and raised TypePromotionError. Without one, both refuse the pair."""
    from meshjit.compiler.ir.dtypes import TypePromotionError

    g = jnp.asarray(np.arange(6.0).reshape(2, 3) / 4, jnp.float8_e5m2)
    w = jnp.asarray(np.arange(12.0).reshape(3, 4) / 8, jnp.float8_e4m3fn)
    want = np.asarray(g, np.float32) @ np.asarray(w, np.float32)
    products = {
        "dot": lambda a, b, **kw: jnp.dot(a, b, **kw),
        "matmul": lambda a, b, **kw: jnp.matmul(a, b, **kw),
        "tensordot": lambda a, b, **kw: jnp.tensordot(a, b, 1, **kw),
        "inner": lambda a, b, **kw: jnp.inner(a, b.T, **kw),
        "einsum": lambda a, b, **kw: jnp.einsum("ij,jk->ik", a, b, **kw),
    }
    for name, product in products.items():
        got = product(g, w, preferred_element_type=jnp.float32)
        assert got.dtype == np.float32, name
        np.testing.assert_allclose(got, want, err_msg=name)
    jaxpr = meshjit.make_jaxpr(lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32))(g, w)
    eqn = jaxpr.jaxpr.eqns[0]
    assert [e.primitive.name for e in jaxpr.jaxpr.eqns] == ["dot_general"]
    assert [str(v.aval.dtype) for v in eqn.invars] == ["float8_e5m2", "float8_e4m3fn"]
    with pytest.raises(TypePromotionError):
        jnp.dot(g, w)


def test_float8_products_keep_their_values_with_a_narrower_preferred_type_as_in_jax():
    """An e5m2 by e4m3fn product with bfloat16 preferred contracts the operands as they are
    (meshjit rounded the e4m3fn one to e5m2 first: 0.625 for JAX's 0.71875); float32
    activations by e4m3fn weights multiply unpromoted too."""
    g = jnp.asarray(np.arange(6.0).reshape(2, 3) / 4, jnp.float8_e5m2)
    w = jnp.asarray(np.arange(12.0).reshape(3, 4) / 8, jnp.float8_e4m3fn)
    want = np.asarray(g, np.float32) @ np.asarray(w, np.float32)
    got = jnp.matmul(jnp.stack([g, g]), w, preferred_element_type=jnp.bfloat16)
    assert got.dtype == jnp.bfloat16
    np.testing.assert_allclose(np.asarray(got[1], np.float32), want, rtol=1e-2)
    x = jnp.asarray(np.arange(6.0).reshape(2, 3) / 4, jnp.float32)
    np.testing.assert_allclose(jnp.dot(x, w, preferred_element_type=jnp.float32), want)


def test_gradient_at_a_weak_operand_of_matmul_or_einsum_is_strong_as_jax():
    # JAX's matmul / einsum contract one dtype without converting a weak operand (meshjit
    # converted it, and the convert's transpose made the cotangent weak)
    a, w = jnp.arange(32.0).reshape(8, 4), jnp.full((4, 8), 0.1)
    for f in (lambda w: a @ w, lambda w: jnp.einsum("bd,df->bf", a, w)):
        g = meshjit.grad(lambda w, f=f: jnp.mean(jnp.tanh(f(w))))(w)
        assert not meshjit.typeof(g).weak_type
        assert "convert_element_type" not in str(meshjit.make_jaxpr(f)(w))


def test_outer_is_jaxs_broadcasts_of_the_raveled_operands():
    """As JAX's jnp.outer (`a.ravel()[:, None] * b.ravel()[None, :]`): the jaxpr broadcasts the
    operands (meshjit reshaped them), promoted first and raveled only when not vectors."""
    jaxpr = meshjit.make_jaxpr(jnp.outer)(jnp.arange(3.0), jnp.arange(2.0))
    assert [e.primitive.name for e in jaxpr.jaxpr.eqns] == ["broadcast_in_dim"] * 2 + ["mul"]
    jaxpr = meshjit.make_jaxpr(jnp.outer)(jnp.ones((2, 2), jnp.int32), jnp.arange(3.0))
    names = [e.primitive.name for e in jaxpr.jaxpr.eqns]
    assert names == ["convert_element_type", "reshape", "broadcast_in_dim", "broadcast_in_dim", "mul"]
    np.testing.assert_array_equal(jnp.outer(jnp.arange(3), jnp.arange(2.0)), np.outer(np.arange(3), np.arange(2.0)))


def test_a_product_of_a_bool_and_a_weak_int_is_weak_as_jax_s():
    """JAX's products convert dot_general's result to the operands' weak promotion (fuzz seed
    3101182: a bool matrix times a weakly typed int32 one came out strong)."""
    b = np.array([[True], [False], [True]])

    def f(x):
        weak = meshjit.numpy.abs(x) + 1  # (a bool plus a Python int: weak int32)
        return meshjit.numpy.matmul(x.T, weak), meshjit.numpy.dot(x.T, weak), x.T @ x

    outs = meshjit.jit(f)(b)
    assert [(str(o.dtype), o.weak_type) for o in outs] == [
        ("int32", True),
        ("int32", True),
        ("bool", False),
    ]
    assert np.asarray(outs[0]).tolist() == [[4]]
    text = str(meshjit.make_jaxpr(f)(b))
    assert "convert_element_type[new_dtype=int32 weak_type=True] " in text.split("dot_general")[1]
