"""lax.dot_general of mixed floating operands with a wider preferred_element_type (as JAX
allows them), and the transpose that keeps a cotangent in that wider type: values against
NumPy, the jaxpr as JAX's."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler import errors

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
    with pytest.raises(errors.MeshjitTypeError, match="same dtypes"):
        lax.dot_general(A, b16, DIMS)  # no preferred type: refused, as before
    with pytest.raises(errors.MeshjitTypeError, match="same dtypes"):
        lax.dot_general(A, b16, DIMS, preferred_element_type=jnp.bfloat16)


def test_bf16_product_gradient_keeps_the_f32_cotangent():
    """grad of a bf16 x bf16 -> f32 product: the f32 cotangent meets the bf16 operand in a
    dot_general with f32 preferred (it was rounded to bf16 first), converted to bf16 after."""

    def loss(w, x):
        out = jnp.dot(x.astype(jnp.bfloat16), w.astype(jnp.bfloat16),
                      preferred_element_type=jnp.float32)
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
