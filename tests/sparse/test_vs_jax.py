"""jax.experimental.sparse as JAX 0.10.2's (one JAX subprocess): BCOO's buffers after
fromdense / layouts / shape ops / products / sum_duplicates, sparsify, and gradients w.r.t. the
data and the dense operand. Results are the BCOO leaves (data, indices) or dense arrays."""

import pytest

from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import importlib
S = importlib.import_module(jax.__name__ + ".experimental.sparse")  # JAX's or meshjit's
A = np.array([[0., 1., 0., 2.], [3., 0., 0., 0.], [0., 0., 4., 0.]], np.float32)
B = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) % 5 == 1) * np.arange(24, dtype=np.float32).reshape(2, 3, 4)
V = np.array([1., -2., 0.5, 3.], np.float32)
W = np.arange(12, dtype=np.float32).reshape(4, 3) / 7
SP = lambda: S.BCOO.fromdense(A)
SPC = S.BCOO.fromdense(A)
BSC = S.BCSR.fromdense(A)
DUP = lambda: S.BCOO((jnp.array([1., 2., 3., 0.]), jnp.array([[1, 1], [0, 0], [1, 1], [0, 1]])), shape=(2, 2))

CASES = {
    "fromdense": lambda: SP(),
    "fromdense_nse": lambda: S.BCOO.fromdense(A, nse=6),
    "fromdense_batch": lambda: S.BCOO.fromdense(B, n_batch=1),
    "fromdense_dense": lambda: S.BCOO.fromdense(B, n_dense=1),
    "todense_batch": lambda: S.BCOO.fromdense(B, n_batch=2).todense(),
    "matvec_T": lambda: SP().T @ jnp.array([3., 6., 5.]),
    "matmat": lambda: SP() @ W,
    "rmatmul": lambda: [jnp.asarray(W.T) @ SP().T, jnp.asarray(V) * SP()],
    "spmatmul": lambda: (SP() @ SP().T).todense(),
    "batch_dot": lambda: S.bcoo_dot_general(S.BCOO.fromdense(B, n_batch=1), np.ones((2, 4), np.float32), dimension_numbers=(((2,), (1,)), ((0,), (0,)))),
    "mul_scalar": lambda: SP() * 2,
    "mul_dense": lambda: SP() * V,
    "mul_sparse": lambda: (SP() * SP()).todense(),
    "add_same": lambda: (lambda m: m + m)(SP()),
    "add_other": lambda: SP() + S.BCOO.fromdense(2 * A),
    "sub": lambda: (SP() - S.BCOO.fromdense(A.T).T).todense(),
    "neg_abs": lambda: [-SP(), abs(-SP())],
    "sum": lambda: [SP().sum(0), SP().sum(1), SP().sum()],
    "reduce_sum_batch": lambda: S.bcoo_reduce_sum(S.BCOO.fromdense(B, n_batch=1), axes=(0,)).todense(),
    "transpose": lambda: S.BCOO.fromdense(B, n_batch=1).transpose((0, 2, 1)),
    "reshape": lambda: SP().reshape(2, 6),
    "slice": lambda: S.bcoo_slice(SP(), start_indices=(1, 0), limit_indices=(3, 3)),
    "dynamic_slice": lambda: S.bcoo_dynamic_slice(SP(), (jnp.array(1), 1), (2, 2)).todense(),
    "concatenate": lambda: [S.bcoo_concatenate([SP(), SP()], dimension=d).todense() for d in (0, 1)],
    "sort_indices": lambda: S.BCOO((jnp.array([1., 2., 3.]), jnp.array([[2, 1], [0, 3], [1, 0]])), shape=(3, 4)).sort_indices(),
    "sum_duplicates": lambda: [DUP().sum_duplicates(), DUP().sum_duplicates(nse=4), DUP().sum_duplicates(remove_zeros=False)],
    "update_layout": lambda: [SP().update_layout(n_batch=1, on_inefficient=None), S.BCOO.fromdense(B, n_batch=1).update_layout(n_batch=0)],
    "astype": lambda: SP().astype(np.int32),
    "extract": lambda: S.bcoo_extract(SP(), jnp.arange(12.).reshape(3, 4)),
    "eye_empty": lambda: [S.eye(3, 4, k=1).todense(), S.eye(3).todense(), S.empty((2, 3)).todense()],
    "jit": lambda: jax.jit(lambda m, v: (m @ v, m.T))(SP(), V),
    "grad_dense": lambda: jax.jit(jax.grad(lambda y: (SPC.T @ y).sum()))(jnp.array([3., 6., 5.])),
    "grad_data": lambda: jax.grad(lambda d: (S.BCOO((d, SP().indices), shape=(3, 4)) @ V).sum())(SP().data),
    "grad_todense": lambda: jax.grad(lambda d: (S.BCOO((d, SP().indices), shape=(3, 4)).todense() ** 2).sum())(SP().data),
    "vmap_dense": lambda: jax.vmap(lambda v: SPC @ v)(jnp.stack([V, 2 * V])),
    "vmap_batch": lambda: jax.vmap(lambda m: m @ V)(S.BCOO.fromdense(B, n_batch=1)),
    "sparsify": lambda: S.sparsify(lambda M, v: 2 * jnp.dot(jnp.log1p(M.T), v) + 1)(SP(), jnp.array([3., 6., 5.])),
    "sparsify_ops": lambda: S.sparsify(lambda M: [jnp.sqrt(M).sum(0), (M ** 2).T, jnp.concatenate([M, M]), M[1:]])(SP()),
    "sparsify_loops": lambda: S.sparsify(lambda M, v: [
        lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, M @ c[1]), (0, v))[1],
        lax.cond(True, lambda m: m.sum(), lambda m: (2 * m).sum(), M),
        lax.scan(lambda c, _: (c + (M @ V).sum(), None), 0.0, None, length=2)[0],
    ])(S.BCOO.fromdense(np.eye(4, dtype=np.float32) + np.eye(4, k=1, dtype=np.float32)), V),
    "bcsr": lambda: [S.BCSR.fromdense(A), S.BCSR.fromdense(A).todense(), S.BCSR.fromdense(A, nse=5)],
    "bcsr_batch": lambda: [S.BCSR.fromdense(B, n_batch=1), S.BCSR.fromdense(B, n_batch=1).todense()],
    "bcsr_matmul": lambda: [S.BCSR.fromdense(A) @ V, S.BCSR.fromdense(A) @ W],
    "bcsr_convert": lambda: [S.BCSR.from_bcoo(SP()), S.BCSR.fromdense(A).to_bcoo()],
    "bcsr_jit_grad": lambda: jax.jit(jax.grad(lambda v: (BSC @ v).sum()))(V),
    "random_bcoo": lambda: [S.random_bcoo(random.key(0), (3, 4), nse=3),
                            S.random_bcoo(random.key(1), (2, 3, 4), n_batch=1, nse=0.5, sorted_indices=True)],
    "sparsify_todense": lambda: [S.sparsify(lambda m: jnp.exp(S.todense(m)) @ V)(SP()),
                                 jax.grad(lambda x: S.todense(x).sum())(V)],
    "gather": lambda: [SP()[jnp.array([0, 2])], SP()[:, jnp.array([3, 0])],
                       SP()[jnp.array([2, 1]), jnp.array([2, 0])]],
    "sparse_ad": lambda: [S.value_and_grad(lambda X, y: X @ y)(SPC.reshape(12), jnp.arange(12.)),
                          S.grad(lambda X, y: (X @ y).sum(), argnums=(0, 1))(SPC, V),
                          S.jacfwd(lambda X: X @ V)(SPC), S.jacrev(lambda X: X @ V)(SPC)],
    "dot_sampled": lambda: S.bcoo_dot_general_sampled(A, W, S.eye(3, k=1).indices, dimension_numbers=(((1,), (0,)), ((), ()))),
}
"""
    + RUN_CASES
)

CASES = [
    "fromdense", "fromdense_nse", "fromdense_batch", "fromdense_dense", "todense_batch",
    "matvec_T", "matmat", "rmatmul", "spmatmul", "batch_dot", "mul_scalar", "mul_dense",
    "mul_sparse", "add_same", "add_other", "sub", "neg_abs", "sum", "reduce_sum_batch",
    "transpose", "reshape", "slice", "dynamic_slice", "concatenate", "sort_indices",
    "sum_duplicates", "update_layout", "astype", "extract", "eye_empty", "jit", "grad_dense",
    "grad_data", "grad_todense", "vmap_dense", "vmap_batch", "sparsify", "sparsify_ops",
    "sparsify_loops", "bcsr", "bcsr_batch", "bcsr_matmul", "bcsr_convert", "bcsr_jit_grad",
    "random_bcoo", "sparsify_todense", "gather", "sparse_ad", "dot_sampled",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)

# products sum in another order than JAX's scatter: float32 rounding
RTOL = {"matmat": 1e-6, "rmatmul": 1e-6, "sparsify": 1e-6}


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))
def test_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, RTOL)
