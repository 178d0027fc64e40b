"""einsum and einsum_path against JAX 0.10.2 (one JAX subprocess): the same contraction order
(opt_einsum's path), so the same values bit for bit, the same dtypes and weak types, and the
same printed path report."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from tests.support.jax_oracle import assert_same_bits, oracle_fixture, values_vs_jax

HARNESS = r"""
rng = np.random.default_rng(3)


def arr(*shape):
    return rng.standard_normal(shape).astype(np.float32)


A, B, C, D = arr(6, 7), arr(7, 9), arr(9, 3), arr(3, 8)
T, U = arr(2, 6, 7), arr(2, 7, 5)
V, W = arr(7), arr(9)
I, J = np.arange(12, dtype=np.int32).reshape(3, 4), np.arange(20, dtype=np.int32).reshape(4, 5)
E = arr(4, 4)
S15, S831, S155, S1 = arr(1, 5), arr(8, 3, 1), arr(1, 5, 5), arr(1)

CASES = {
    "matmul": lambda: jnp.einsum("ij,jk->ik", A, B),
    "chain3": lambda: jnp.einsum("ij,jk,kl->il", A, B, C),
    "chain4": lambda: jnp.einsum("ij,jk,kl,lm", A, B, C, D),
    "chain4_greedy": lambda: jnp.einsum("ij,jk,kl,lm", A, B, C, D, optimize="greedy"),
    "chain4_optimal": lambda: jnp.einsum("ij,jk,kl,lm", A, B, C, D, optimize=True),
    "chain4_unoptimized": lambda: jnp.einsum("ij,jk,kl,lm", A, B, C, D, optimize=False),
    "chain3_path": lambda: jnp.einsum("ij,jk,kl->il", A, B, C, optimize=[(1, 2), (0, 1)]),
    "vec_mat_vec": lambda: jnp.einsum("i,ij,j->", V, B, W),
    "batched": lambda: jnp.einsum("bij,bjk->bik", T, U),
    "batched_out_order": lambda: jnp.einsum("bij,bjk->kib", T, U),
    "ellipsis": lambda: jnp.einsum("...ij,jk->...ik", T, B),
    "trace": lambda: jnp.einsum("ii", E),
    "diag": lambda: jnp.einsum("ii->i", E),
    "outer": lambda: jnp.einsum("i,j->ij", V, W),
    "sum_away": lambda: jnp.einsum("ij,kl->", A, C),
    "ints": lambda: jnp.einsum("ij,jk->ik", I, J),
    "mixed": lambda: jnp.einsum("ij,jk->ki", I, arr(4, 2)),
    "weak": lambda: jnp.einsum(",->", jnp.asarray(2.0), jnp.asarray(3.0)),
    "preferred": lambda: jnp.einsum("ij,jk->ik", I, J, preferred_element_type=np.float32),
    "interleaved": lambda: jnp.einsum(A, [0, 1], B, [1, 2], C, [2, 3], [3, 0]),
    "interleaved_implicit": lambda: jnp.einsum(A, [0, 1], B, [1, 2]),
    "jit_chain": lambda: jax.jit(lambda a, b, c: jnp.einsum("ij,jk,kl", a, b, c))(A, B, C),
    "grad": lambda: jax.grad(lambda a: jnp.einsum("ij,jk,kl->", a, B, C))(A),
    # a label of size 1 in a later operand broadcasts (fuzzer find: meshjit raised)
    "size_one_later": lambda: jnp.einsum("ij,jk->ik", A, S15),
    "size_one_batch": lambda: jnp.einsum("bij,bkj->bik", S831, S155),
    "size_one_vector": lambda: jnp.einsum("ij,j->i", A, S1),
    "size_one_dot": lambda: jnp.einsum("i,i->", V, S1),
}


def run_case(case, record):
    if case == "path":
        path, report = jnp.einsum_path("ij,jk,kl,lm", A, B, C, D, optimize="optimal")
        record("path|path", np.asarray(path, np.int32))
        record("path|report", np.frombuffer(str(report).encode(), np.uint8))
        return
    out = CASES[case]()
    record(case + "|value", out)
    record(case + "|weak", np.asarray(getattr(out, "weak_type", False)))
"""

CASES = [
    "matmul", "chain3", "chain4", "chain4_greedy", "chain4_optimal", "chain4_unoptimized",
    "chain3_path", "vec_mat_vec", "batched", "batched_out_order", "ellipsis", "trace", "diag",
    "outer", "sum_away", "ints", "mixed", "weak", "preferred", "interleaved",
    "interleaved_implicit", "jit_chain", "grad", "path", "size_one_later", "size_one_batch",
    "size_one_vector", "size_one_dot",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, per_machine=True)  # LAPACK / dot bits


@pytest.mark.parametrize("case", CASES)
def test_einsum_same_bits_as_jax(jax_results, case):
    assert_same_bits(values_vs_jax(jax_results, HARNESS, case))


def test_einsum_path_takes_optimize_false_and_lists():
    a, b, c = np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5))
    assert jnp.einsum_path("ij,jk,kl", a, b, c, optimize=False)[0] == [(0, 1), (0, 1)]
    path, _ = jnp.einsum_path("ij,jk,kl", a, b, c, optimize=[(1, 2), (0, 1)])
    assert path == [(1, 2), (0, 1)]
    value = jnp.einsum("ij,jk,kl", a, b, c, optimize=path)
    np.testing.assert_allclose(np.asarray(value), a @ b @ c)
