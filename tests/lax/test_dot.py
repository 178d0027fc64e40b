"""lax.dot_general of mixed floating operands with a wider preferred_element_type (as JAX
allows them), and the transpose that keeps a cotangent in that wider type: values against
NumPy, the jaxpr as JAX's."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

DIMS = (((1,), (0,)), ((), ()))
A = np.arange(6.0, dtype=np.float32).reshape(2, 3) / 7
B = np.arange(6.0, dtype=np.float32).reshape(3, 2) / 5


def test_mixed_floats_with_a_wider_preferred_type_contract_in_it():
    b16 = jnp.asarray(B, jnp.bfloat16)
    f = lambda a, b: lax.dot_general(a, b, DIMS, preferred_element_type=jnp.float32)
    want = A @ np.asarray(b16, np.float32)
    np.testing.assert_allclose(f(A, b16), want, rtol=1e-6)
    np.testing.assert_allclose(meshjit.jit(f)(A, b16), want, rtol=1e-6)
    eqns = meshjit.make_jaxpr(f)(A, b16).jaxpr.eqns
    assert [e.primitive.name for e in eqns] == ["dot_general"]
    # without a wider preferred type the operands meet in the more precise dtype, as JAX 0.10.2
    assert lax.dot_general(A, b16, DIMS).dtype == jnp.float32
    assert lax.dot_general(A, b16, DIMS, preferred_element_type=jnp.bfloat16).dtype == jnp.bfloat16


def test_bf16_product_gradient_keeps_the_f32_cotangent():
    """grad of a bf16 x bf16 -> f32 product: the f32 cotangent meets the bf16 operand in a
    dot_general with f32 preferred (it was rounded to bf16 first), converted to bf16 after."""

    def loss(w, x):
        out = jnp.dot(
            x.astype(jnp.bfloat16), w.astype(jnp.bfloat16), preferred_element_type=jnp.float32
        )
        return jnp.mean(out**2)

    w = np.full((3, 2), 0.1, np.float32)
    gw, gx = meshjit.jit(meshjit.grad(loss, argnums=(0, 1)))(w, A)
    xb = np.asarray(jnp.asarray(A, jnp.bfloat16), np.float32)
    wb = np.asarray(jnp.asarray(w, jnp.bfloat16), np.float32)
    ct = 2 * (xb @ wb) / 4
    rnd = lambda v: np.asarray(jnp.asarray(v, jnp.bfloat16), np.float32)
    np.testing.assert_allclose(gw, rnd(xb.T @ ct), rtol=1e-6)
    np.testing.assert_allclose(gx, rnd(ct @ wb.T), rtol=1e-6)
    jaxpr = str(meshjit.make_jaxpr(meshjit.grad(loss))(w, A))
    assert "bf16[2,2] = convert_element_type" not in jaxpr  # the cotangent is not rounded


@pytest.mark.parametrize(
    "product",
    [
        lambda a, b: jnp.dot(a, b, precision="highest"),
        lambda a, b: jnp.matmul(a, b, precision=lax.Precision.HIGHEST),
        lambda a, b: jnp.einsum("ij,jk->ik", a, b, precision="highest"),
        lambda a, b: jnp.tensordot(a, b, 1, precision="highest"),
        lambda a, b: lax.dot(a, b, precision="highest"),
    ],
)
def test_precision_is_a_dot_general_param_kept_by_grad_and_vmap(product):
    """As JAX's jaxprs: `precision=(Precision.HIGHEST, Precision.HIGHEST)` on the dot_general
    (it was dropped), on its transposes and batched forms too; values unchanged."""
    b = np.ones((3, 4), np.float32)
    pair = (lax.Precision.HIGHEST, lax.Precision.HIGHEST)
    for jaxpr in (
        meshjit.make_jaxpr(product)(A, b),
        meshjit.make_jaxpr(meshjit.grad(lambda a: product(a, b).sum()))(A),
        meshjit.make_jaxpr(meshjit.vmap(product))(np.stack([A, A]), np.stack([b, b])),
    ):
        dots = [e for e in jaxpr.jaxpr.eqns if e.primitive.name == "dot_general"]
        assert dots and all(e.params["precision"] == pair for e in dots)
    np.testing.assert_allclose(meshjit.jit(product)(A, b), A @ b, rtol=1e-6)
    assert "precision" not in meshjit.make_jaxpr(jnp.dot)(A, b).jaxpr.eqns[0].params


def test_einsum_gives_dot_general_its_result_dtype_as_preferred():
    eqn = meshjit.make_jaxpr(lambda a, b: jnp.einsum("ij,jk->ik", a, b))(A, B).jaxpr.eqns[0]
    assert eqn.params["preferred_element_type"] == np.float32


@pytest.mark.parametrize(
    "rhs_shape,dims,words",
    [
        ((3, 2), (((1, 1), (0, 0)), ((), ())), "lhs contracting dimensions to be distinct"),
        ((2, 3), (((0,), (0,)), ((0,), (0,))), "lhs batch dimensions to be disjoint from"),
    ],
)
def test_dot_general_repeated_or_shared_dimensions_are_type_errors(rhs_shape, dims, words):
    # XLA refused these modules at compile time (a crash with an MLIR dump); JAX checks them.
    with pytest.raises(TypeError, match=words):
        lax.dot_general(jnp.ones((2, 3)), jnp.ones(rhs_shape), dims)


def test_a_narrower_preferred_type_of_integer_operands_is_jaxs_type_error():
    """As JAX's (XLA's MaybeUpcast): int64 operands with float32 preferred (x64 on: fuzz seed
    400266), int32 with int16 or float16, are a TypeError; a float's narrower preferred type
    and a wider one pass."""
    dims = (((0,), (0,)), ((), ()))
    x = np.arange(3, dtype=np.int32)
    for pref in (np.int16, np.float16):
        with pytest.raises(TypeError, match="must not be narrower than the original type"):
            lax.dot_general(x, x, dims, preferred_element_type=pref)
    with meshjit.enable_x64(True):
        with pytest.raises(TypeError, match="float32 for result type of int64"):
            meshjit.jit(lambda v: lax.dot_general(v, v, dims, preferred_element_type=np.float32))(
                x.astype(np.int64))
        assert lax.dot_general(x.astype(np.float64), x.astype(np.float64), dims,
                               preferred_element_type=np.float32).dtype == np.float32
    assert lax.dot_general(x, x, dims, preferred_element_type=np.float32) == 5


def test_eqn_params_are_jax_s_with_their_defaults():
    """A custom jaxpr interpreter prints `eqn.params`: dot_general's four and broadcast_in_dim's
    three, defaults included, in JAX's order (the jaxpr_interpreter doc program); they bind back."""
    w, b, x = np.ones((5, 10), np.float32), np.ones(5, np.float32), np.ones(10, np.float32)
    eqns = meshjit.make_jaxpr(lambda w, b, x: jnp.dot(w, x) + b + jnp.ones(5))(w, b, x).eqns
    dot, bcast = eqns[0].params, eqns[2].params
    assert list(dot) == ["dimension_numbers", "precision", "preferred_element_type", "out_sharding"]
    assert dot["precision"] is None and dot["out_sharding"] is None
    assert bcast == {"shape": (5,), "broadcast_dimensions": (), "sharding": None}
    assert list(bcast) == ["shape", "broadcast_dimensions", "sharding"]
    out = eqns[0].primitive.bind(w, x, **dot)
    np.testing.assert_array_equal(out, np.full(5, 10.0))
    np.testing.assert_array_equal(eqns[2].primitive.bind(np.float32(2), **bcast), np.full(5, 2.0))
    batched = meshjit.make_jaxpr(meshjit.vmap(lambda x: jnp.dot(w, x)))(np.ones((3, 10), np.float32))
    assert "out_sharding" in batched.eqns[0].params
