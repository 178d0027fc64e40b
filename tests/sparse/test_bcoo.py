"""BCOO against NumPy's dense equivalents, one jitted program per storage layout (n_batch,
n_dense): to/from dense, products, reductions, slices, reshapes, concatenation; and the clear
errors for layouts and arguments BCOO refuses (as JAX's)."""

import numpy as np
import pytest

import meshjit
from meshjit.experimental import sparse
from tests.support import campaign

RNG = np.random.RandomState(0)
A = (RNG.randn(3, 4, 5) * (RNG.rand(3, 4, 5) < 0.4)).astype(np.float32)
V = RNG.randn(5, 2).astype(np.float32)
W = RNG.randn(4).astype(np.float32)


def _program(sp, v, w):
    S = sparse
    out = {
        "todense": sp.todense(),
        "dot_w": S.bcoo_dot_general(sp, w, dimension_numbers=(((1,), (0,)), ((), ()))),
        "rdot_w": S.bcoo_dot_general(w, sp, dimension_numbers=(((0,), (1,)), ((), ()))),
        "sum_1": S.bcoo_reduce_sum(sp, axes=(1,)).todense(),
        "sum_02": S.bcoo_reduce_sum(sp, axes=(0, 2)).todense(),
        "slice": S.bcoo_slice(
            sp, start_indices=(1, 1, 0), limit_indices=(3, 4, 5), strides=(1, 2, 1)
        ).todense(),
        "dslice": S.bcoo_dynamic_slice(sp, (1, 2, 3), (2, 2, 2)).todense(),
        "concat": S.bcoo_concatenate([sp, sp], dimension=1).todense(),
        "rev": S.bcoo_rev(sp, (0, 1)).todense(),
        "mul": (sp * sp).todense(),
    }
    if sp.n_dense == 0:
        out["dot_v"] = S.bcoo_dot_general(sp, v, dimension_numbers=(((2,), (0,)), ((), ())))
    return out


def _expected():
    return {
        "todense": A,
        "dot_w": np.einsum("ijk,j->ik", A, W),
        "rdot_w": np.einsum("ijk,j->ik", A, W),
        "sum_1": A.sum(1),
        "sum_02": A.sum((0, 2)),
        "slice": A[1:3, 1:4:2],
        "dslice": A[1:3, 2:4, 3:5],
        "concat": np.concatenate([A, A], 1),
        "rev": A[::-1, ::-1],
        "mul": A * A,
        "dot_v": A @ V,
    }


# `make test` runs the first layout; `make test-campaigns` the others
@pytest.mark.parametrize("layout", campaign.every(4, [(0, 0), (1, 0), (0, 1), (1, 1)]))
def test_layouts_as_numpy(layout):
    n_batch, n_dense = layout
    sp = sparse.BCOO.fromdense(A, n_batch=n_batch, n_dense=n_dense)
    got = meshjit.jit(_program)(sp, V, W)
    want = _expected()
    for key, value in got.items():
        np.testing.assert_allclose(np.asarray(value), want[key], rtol=1e-5, atol=1e-5, err_msg=key)


def test_repr_and_pytree():
    sp = sparse.BCOO.fromdense(A, n_batch=1, n_dense=1)
    assert repr(sp) == "BCOO(float32[3, 4, 5], nse=4, n_batch=1, n_dense=1)"
    leaves, tree = meshjit.tree_util.tree_flatten(sp)
    assert [x.shape for x in leaves] == [(3, 4, 5), (3, 4, 1)]
    assert meshjit.tree_util.tree_unflatten(tree, leaves).shape == (3, 4, 5)


def test_repr_of_traced_sparse_arrays():
    shown = []
    sp = sparse.BCOO.fromdense(A[0])
    meshjit.jit(lambda m: shown.append(repr(m)))(sp)
    meshjit.grad(
        lambda d: shown.append(repr(sparse.BCOO((d, sp.indices), shape=sp.shape))) or d.sum()
    )(sp.data)
    batched = sparse.BCOO.fromdense(A, n_batch=1)
    meshjit.vmap(lambda m: shown.append(repr(m)) or m.data)(batched)
    assert shown == [
        f"DynamicJaxprTracer[BCOO(float32[4, 5], nse={sp.nse})]",
        f"LinearizeTracer[BCOO(float32[4, 5], nse={sp.nse})]",
        f"BatchTracer[BCOO(float32[4, 5], nse={batched.nse})]",
    ]


def test_bad_input():
    sp = sparse.BCOO.fromdense(A, n_batch=1)
    with pytest.raises(NotImplementedError, match="must not mix batch, sparse and dense"):
        sp.transpose((1, 0, 2))
    with pytest.raises(ValueError, match="Invalid"):
        sparse.BCOO((np.ones(3, np.float32), np.zeros((3, 2), np.int32)), shape=(3, 4, 5))
    with pytest.raises(sparse.SparseEfficiencyError, match="increasing n_batch"):
        sparse.BCOO.fromdense(A).update_layout(n_batch=1)
    with pytest.raises(NotImplementedError, match="sparse rule for exp is not implemented"):
        sparse.sparsify(meshjit.numpy.exp)(sp)
    with pytest.raises(NotImplementedError, match="Subtraction between sparse and dense"):
        sparse.sparsify(lambda m: m - A)(sp)
    with pytest.raises(NotImplementedError, match="BCSR lhs and ndarray rhs"):
        meshjit.numpy.ones(4) @ sparse.BCSR.fromdense(A[0])
    with pytest.raises(ValueError, match="n_batch=0"):
        meshjit.vmap(lambda m: m.todense())(sparse.BCOO.fromdense(A))


def test_jnp_function_of_a_bcoo_is_refused_as_in_jax():
    # It leaked a tracer of the BCOO's indices (an UnexpectedTracerError from a sparsify trace).
    import meshjit.numpy as jnp

    with pytest.raises(TypeError, match="sin requires ndarray or scalar arguments, got <class"):
        jnp.sin(sparse.BCOO.fromdense(jnp.eye(2)))


def test_bcoo_concatenate_and_slice_check_their_shapes():
    # Regressions: both were accepted and returned a wrong array.
    m = sparse.BCOO.fromdense(np.ones((3, 4), np.float32))
    n = sparse.BCOO.fromdense(np.ones((3, 5), np.float32))
    with pytest.raises(TypeError, match="Cannot concatenate arrays with shapes that differ"):
        sparse.bcoo_concatenate([m, n], dimension=0)
    with pytest.raises(ValueError, match="bcoo_slice: invalid indices"):
        sparse.bcoo_slice(m, start_indices=(0, 0), limit_indices=(4, 4))
