"""`experimental.xla_metadata.set_xla_metadata` (compiler/lax/xla_metadata.py): the value form
tags the producing op as JAX 0.10.2 does (its printed jaxpr and StableHLO); the context form
(and decorator) tags the ops producing the results of every equation traced inside, nested
contexts merged, as JAX's StableHLO shows; neither changes what is computed."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.xla_metadata import set_xla_metadata
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program


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


CONTEXT_PROGRAM = r"""
import re

from jax.experimental.xla_metadata import set_xla_metadata


def tagged(fun, *args):
    text = jax.jit(fun).lower(*args).as_text()
    found = re.findall(
        r"(stablehlo\.\w+|func\.call).*mhlo\.frontend_attributes = (\{[^}]*\})", text
    )
    return np.array(sorted(" ".join(m) for m in found))


def nested(x):
    with set_xla_metadata(a="1"):
        y = jnp.sin(x) * 2
        with set_xla_metadata(b=True, a="2"):
            z = y + jnp.cos(y)
        with set_xla_metadata(a=None, c=3):
            w = z @ z.T
    return w.sum() + jnp.exp(x).sum()


@set_xla_metadata(k="dec")
def decorated(x):
    return jnp.tanh(x) + 1


def control_flow(x):
    with set_xla_metadata(loop="yes"):
        return lax.while_loop(lambda v: v.sum() < 9, lambda v: v * 2, x), lax.cond(
            x.sum() > 0, jnp.sin, jnp.cos, x
        )


def grad_inside(x):
    with set_xla_metadata(g="1"):
        return jax.grad(lambda v: (jnp.sin(v) * v).sum())(x)


def grad_outside(x):
    def inner(v):
        with set_xla_metadata(t="in"):
            return (jnp.sin(v) * v).sum()

    return jax.grad(inner)(x)


inner_jit = jax.jit(lambda v: jnp.sin(v) + 1)


def calls(x):
    with set_xla_metadata(c="call"):
        return inner_jit(x) * 2


def value_in_context(x):
    with set_xla_metadata(ctx="1"):
        return set_xla_metadata(jnp.sin(x), val="2", ctx="3")


x = np.ones((2, 2), np.float32)
out["nested"] = tagged(nested, x)
out["decorated"] = tagged(decorated, x)
out["control_flow"] = tagged(control_flow, x)
out["grad_inside"] = tagged(grad_inside, x)
out["grad_outside"] = tagged(grad_outside, x)
out["calls"] = tagged(calls, x)
out["vmap"] = tagged(jax.vmap(lambda v: set_xla_metadata(k=1)(jnp.sin)(v)), x)
out["value_in_context"] = tagged(value_in_context, x)
plain = jax.jit(lambda v: jnp.sin(v) * 2)
out["before"] = np.array(plain.lower(x).as_text().count("frontend_attributes"))
with set_xla_metadata(k="later"):
    out["traced_again_inside"] = np.array(plain.lower(x).as_text().count('k = "later"'))
"""


def test_context_form_tags_ops_as_jax(tmp_path):
    want = jax_on_8_devices(CONTEXT_PROGRAM, tmp_path)
    got = meshjit_on_program(CONTEXT_PROGRAM, set_xla_metadata=set_xla_metadata)
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name].tolist() == want[name].tolist(), name
