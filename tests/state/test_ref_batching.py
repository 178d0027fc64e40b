"""vmap through mutable array references (the batching rules in state/primitives.py): refs
made inside the mapped function, refs passed mapped, loops writing a ref, indices that vary
per example, and the writes JAX rejects; checked against a Python loop over the examples."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import MeshjitError

X = np.arange(6.0, dtype=np.float32).reshape(2, 3)


def _rows_rewritten(x):
    r = meshjit.new_ref(x)
    r[0] = r[1] * 2
    r[...] += 1.0
    return meshjit.freeze(r)


def _unmapped_init(x):
    r = meshjit.new_ref(jnp.zeros(3))
    r[1] = x[0]
    return r[...]


def _mapped_index(x, i):
    r = meshjit.new_ref(x)
    r[i] = 7.0
    r[i] += x[0]
    return r[i] + r[...].sum()


def _array_index(x, i):
    r = meshjit.new_ref(x)
    r[i] = r[i] * 10.0
    r[np.array([1, 1])] += jnp.ones(2)
    return r[...]


def _fori_accumulates(x):
    acc = meshjit.new_ref(0.0)

    def body(i, _):
        acc[...] += x[i]

    lax.fori_loop(0, 3, body, None)
    return acc[...]


def _cond_writes(x, p):
    r = meshjit.new_ref(x)
    lax.cond(p, lambda: r.__setitem__(0, -1.0), lambda: None)
    return r[...]


def _while_writes(x):
    r = meshjit.new_ref(x)

    def body(c):
        r[0] += 1.0
        return c + 1

    lax.while_loop(lambda c: c < x[1], body, 0.0)  # a mapped predicate
    return r[...]


CASES = [  # (fun, args, in_axes)
    (_rows_rewritten, (X.reshape(2, 3, 1) * np.ones(2, np.float32),), 0),
    (_unmapped_init, (X,), 0),
    (_mapped_index, (X, np.array([0, 2], np.int32)), 0),
    (_mapped_index, (X, np.int32(1)), (0, None)),
    (_array_index, (X, np.array([[0, 2], [2, 1]], np.int32)), 0),
    (_array_index, (X, np.array([0, 2], np.int32)), (0, None)),
    (_fori_accumulates, (X,), 0),
    (_cond_writes, (X, True), (0, None)),
    (_while_writes, (X,), 0),
]


@pytest.mark.parametrize("fun, args, in_axes", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_vmap_equals_a_loop_over_examples(fun, args, in_axes):
    dims = in_axes if type(in_axes) is tuple else (in_axes,) * len(args)
    examples = [tuple(a[k] if d == 0 else a for a, d in zip(args, dims)) for k in range(2)]
    want = np.stack([np.asarray(meshjit.jit(fun)(*e)) for e in examples])
    np.testing.assert_allclose(meshjit.vmap(fun, in_axes)(*args), want)
    np.testing.assert_allclose(meshjit.jit(meshjit.vmap(fun, in_axes))(*args), want)


def test_vmap_prints_the_ref_ops_batched_as_jax():
    text = str(meshjit.make_jaxpr(meshjit.vmap(_rows_rewritten))(X))
    assert "b:Ref{f32[2,3]} = new_ref" in text and "c:f32[2] <- b[:,1]" in text
    assert "b[:,0] <- d" in text and "b[...] <- f" in text


def test_mapped_ref_argument_written_per_example():
    def step(r, x):
        r[...] += x
        return r[0]

    r = meshjit.new_ref(jnp.zeros((2, 3)))
    np.testing.assert_allclose(meshjit.vmap(step)(r, X), X[:, 0])
    np.testing.assert_allclose(r[...], X)
    meshjit.jit(meshjit.vmap(step))(r, X)
    np.testing.assert_allclose(r[...], 2 * X)


def test_closed_over_ref_read_under_vmap():
    c = meshjit.new_ref(jnp.arange(3.0))
    np.testing.assert_allclose(meshjit.vmap(lambda x: x * c[...])(X), X * np.arange(3.0))


@pytest.mark.parametrize(
    "write",
    [
        lambda c, x: c.__setitem__(..., x),
        lambda c, x: c.__setitem__(..., jnp.ones(3)),  # JAX: any write, mapped value or not
        lambda c, x: c.__setitem__(1, x[0]),
        lambda c, x: meshjit.ref.addupdate(c, (), x),
    ],
)
def test_write_into_an_unmapped_ref_rejected_as_jax(write):
    c = meshjit.new_ref(jnp.zeros(3))
    with pytest.raises(MeshjitError, match="operation with vmapped value on an unbatched array"):
        meshjit.vmap(lambda x: write(c, x) or x)(X)
    with pytest.raises(MeshjitError, match="operation with vmapped value on an unbatched array"):
        meshjit.vmap(lambda r, x: write(r, x) or x, in_axes=(None, 0))(c, X)
    np.testing.assert_array_equal(c[...], np.zeros(3))


def test_ref_mapped_along_another_axis_rejected():
    r = meshjit.new_ref(jnp.zeros((3, 2)))
    with pytest.raises(ValueError, match="along its axis 0 only"):
        meshjit.vmap(lambda r, x: r[...], in_axes=(1, 0))(r, X)


def test_writes_under_a_mapped_cond_predicate_rejected_as_jax():
    with pytest.raises(NotImplementedError, match="State effect not supported in vmap-of-cond"):
        meshjit.vmap(_cond_writes)(X, np.array([True, False]))
