"""`experimental.xla_metadata.set_xla_metadata` (compiler/lax/xla_metadata.py): the value form
tags the producing op as JAX 0.10.2 does (its printed jaxpr and StableHLO); the context form
wraps code and functions without changing what they compute."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.xla_metadata import set_xla_metadata


def _tagged(x):
    y = set_xla_metadata(jnp.sin(x), k="v", flag=True)
    z = set_xla_metadata({"a": y * 2, "b": x}, w=3)
    return z["a"] + z["b"]


def test_value_form_jaxpr_and_stablehlo_as_jax():
    x = jnp.ones(3)
    text = str(meshjit.make_jaxpr(_tagged)(x))
    assert "c:f32[3] = xla_metadata_value[xla_metadata_kvs=(('flag', True), ('k', 'v'))] b" in text
    assert "f:f32[3] = xla_metadata_value[xla_metadata_kvs=(('w', 3),)] a" in text
    hlo = meshjit.jit(_tagged).lower(x).as_text()
    assert 'stablehlo.sine %arg0 {mhlo.frontend_attributes = {flag = "true", k = "v"}}' in hlo
    assert '{mhlo.frontend_attributes = {w = "3"}} : tensor<3xf32>' in hlo
    assert "stablehlo.add %2, %arg0 : tensor<3xf32>" in hlo  # an argument has no op to tag


def test_value_form_is_an_identity_under_transforms():
    x = np.ones(3, np.float32)
    np.testing.assert_allclose(_tagged(x), 2 * np.sin(x) + x, rtol=1e-6)
    np.testing.assert_allclose(
        meshjit.grad(lambda v: _tagged(v).sum())(x), 2 * np.cos(x) + 1, rtol=1e-6
    )
    np.testing.assert_allclose(meshjit.vmap(_tagged)(np.ones((2, 3), np.float32))[1], 2.682942)


def test_context_and_decorator_forms_compute_the_same():
    def f(x):
        with set_xla_metadata(a="b", n=1):
            y = jnp.sin(x) * 2
        return y + 1

    np.testing.assert_allclose(meshjit.jit(f)(jnp.ones(3)), 2.682942, rtol=1e-6)

    @set_xla_metadata(k="v")
    def g(x):
        return x * 3

    assert g.__name__ == "g"
    np.testing.assert_array_equal(g(jnp.ones(2)), [3.0, 3.0])
    jitted = set_xla_metadata(k="v")(meshjit.jit(g))
    assert "stablehlo.multiply" in jitted.lower(jnp.ones(2)).as_text()
