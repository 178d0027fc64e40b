"""Printed jaxprs against JAX 0.10.2's (round 30): frexp's jit shows as `frexp` with JAX's
exponent sum order and its zeros broadcast outside the `_where` (ldexp prints it too); gcd and
lcm are JAX's jits (gcd's step a `rem`, the larger first; lcm's operands abs'd before gcd);
block is JAX's jit, its parts raised in rank by lax.broadcast; linalg.det is JAX's jit; i0 is JAX's jit of its custom_jvp `_i0`; unwrap is JAX's jit (only the arguments given
passed, its promoted period a typed constant whose halves are traced); polyval is JAX's scan
(unroll=16) from a strong zero; convolve / correlate call JAX's jitted `_conv` (the longer
operand slides, the kernel flipped by `_flip`, operands given axes by indexing)."""

import pytest

from tests.support.jax_oracle import JAXPR_TEXT_RUN_CASE, check_texts_and_values, oracle_fixture

HARNESS = (
    r"""
A = np.linspace(0.1, 1.2, 12, dtype=np.float32).reshape(3, 4)
I = np.array([0, 6, -12, 7, 35, 0], np.int32)
T = np.array([0.0, -1.5, 3e-39, np.inf, 1e30, np.nan, 7.0], np.float32)

CASES = {
    "frexp": (jnp.frexp, (A,)),
    "ldexp": (lambda x: jnp.ldexp(x, 2), (A,)),
    "gcd": (lambda i: jnp.gcd(i, 4), (I,)),
    "lcm": (lambda i: jnp.lcm(i, i[::-1]), (I,)),
    "block": (lambda x: jnp.block([[x, x], [x[0], x[1]]]), (A,)),
    "block_nested": (lambda x: jnp.block([[[x[0]]], [[x[1]]]]), (A,)),
}
FNS = [f for f, _ in CASES.values()]
M = np.eye(3, dtype=np.float32) * 2 + A[:, :3]
CASES["det"] = (jnp.linalg.det, (M,))
CASES["det_2x2"] = (jnp.linalg.det, (M[:2, :2],))
CASES["grad_det"] = (jax.grad(jnp.linalg.det), (M,))
CASES["vmap_det"] = (jax.vmap(jnp.linalg.det), (np.stack([M, M.T]),))
CASES["i0"] = (jnp.i0, (A,))
CASES["values_i0"] = (lambda x: [jnp.i0(x), jax.grad(lambda v: jnp.i0(v).sum())(x - 0.1)], (A,))
W = np.array([0.1, 3.5, 7.0, -2.0, 0.4], np.float32)
CASES["unwrap"] = (jnp.unwrap, (W,))
CASES["unwrap_args"] = (lambda w: jnp.unwrap(w, discont=1.0, period=4.0), (W,))
CASES["unwrap_int"] = (lambda i: jnp.unwrap(i, period=10), (I,))
CASES["values_unwrap"] = (lambda w: [jnp.unwrap(w), jnp.unwrap(w, 1.0, period=4.0), jnp.unwrap(w[:0])], (W,))
CASES["polyval"] = (lambda w: jnp.polyval(w, 2.0), (W,))
CASES["polyval_matrix"] = (lambda x: jnp.polyval(x[:, :2], x[0, :2], unroll=2), (A,))
CASES["values_polyval"] = (lambda w: [jnp.polyval(w, 2.0), jnp.polyval(w, w), jnp.polyval(w[:0], w)], (W,))
K3 = np.array([1.0, -2.0, 0.5], np.float32)
CASES["convolve"] = (lambda w: jnp.convolve(w, w), (W,))
CASES["convolve_same"] = (lambda w: jnp.convolve(K3, w, "same"), (W,))
CASES["correlate_swapped"] = (lambda w: jnp.correlate(K3, w, "full"), (W,))
CASES["convolve_int"] = (lambda i: jnp.convolve(i, i[:3]), (I,))
CASES["values_conv"] = (
    lambda w: [jnp.convolve(K3, w, m) for m in ("full", "same", "valid")]
    + [jnp.correlate(K3, w, m) for m in ("full", "same", "valid")]
    + [jnp.correlate(w, K3), jnp.convolve(w.astype(np.int32), K3.astype(np.int32))],
    (W,),
)
CASES["values_det"] = (lambda m: [jnp.linalg.det(m), jnp.linalg.det(m[1:, 1:]), jax.grad(jnp.linalg.det)(m)], (M,))
CASES["values"] = (lambda x: [f(x) for f in FNS[:2]], (T,))
CASES["values_block"] = (lambda x: [f(x) for f in FNS[4:]] + [jnp.block([x[0], 1.0])], (A,))
CASES["values_int"] = (lambda i: [f(i) for f in FNS[2:4]] + [jnp.gcd(-i, i[::-1])], (I,))
"""
    + JAXPR_TEXT_RUN_CASE
)

CASES = ["frexp", "ldexp", "gcd", "lcm", "block", "block_nested", "values", "values_block"]
CASES += ["values_int", "det", "det_2x2", "grad_det", "vmap_det", "values_det", "i0"]
CASES += ["values_i0", "unwrap", "unwrap_args", "unwrap_int", "values_unwrap", "polyval"]
CASES += ["polyval_matrix", "values_polyval", "convolve", "convolve_same", "correlate_swapped"]
CASES += ["convolve_int", "values_conv"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values"))


def test_block_refuses_tuples_and_empty_lists_in_jaxs_words():
    import meshjit.numpy as jnp

    with pytest.raises(ValueError, match="jax.numpy.block does not allow tuples"):
        jnp.block((jnp.ones(2), jnp.ones(2)))
    with pytest.raises(ValueError, match="jax.numpy.block does not allow empty list arguments"):
        jnp.block([[jnp.ones(2)], []])
