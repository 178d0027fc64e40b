"""jnp.ufunc objects and frompyfunc against JAX 0.10.2 (one JAX subprocess): reduce (axes,
keepdims, initial, where, dtype), accumulate, at, reduceat and outer of jax.numpy's fifteen
ufuncs and of frompyfunc ones, bit for bit; their attributes and errors."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign
from tests.support.jax_oracle import RUN_CASES, assert_same_bits, oracle_fixture, values_vs_jax

HARNESS = (
    r"""
I = np.array([[3, 6, 1, 7], [2, 9, 4, 5], [8, 0, 11, 10]], np.int32)
F = np.linspace(-2.0, 3.0, 12).astype(np.float32).reshape(3, 4)
B = np.array([[True, False, True, True], [False, False, True, False], [True, True, True, False]])
W = np.array([[True, False, True, True]] * 3)
IDX = np.array([0, 2, 2, 3], np.int32)
affine = jnp.frompyfunc(lambda x, y: 2 * x + y, 2, 1, identity=0)
clipped = jnp.frompyfunc(lambda x, y: jnp.minimum(x + y, 20), 2, 1)

CASES = {
    "add_reduce": lambda: (jnp.add.reduce(I), jnp.add.reduce(F, axis=1), jnp.add.reduce(F, axis=None, keepdims=True)),
    "add_reduce_where": lambda: jnp.add.reduce(F, axis=0, where=W, initial=1.0),
    "multiply_reduce": lambda: (jnp.multiply.reduce(I, axis=1), jnp.multiply.reduce(F, dtype=jnp.float32)),
    "max_min_reduce": lambda: (jnp.maximum.reduce(I), jnp.minimum.reduce(F, axis=1, keepdims=True), jnp.maximum.reduce(I, axis=None, initial=20)),
    "max_where": lambda: jnp.maximum.reduce(F, axis=1, where=W, initial=-5.0),
    "bitwise_reduce": lambda: (jnp.bitwise_and.reduce(I), jnp.bitwise_or.reduce(I, axis=1), jnp.bitwise_xor.reduce(I, axis=None), jnp.bitwise_or.reduce(B)),
    "logical_reduce": lambda: (jnp.logical_and.reduce(B), jnp.logical_or.reduce(I, axis=1), jnp.logical_xor.reduce(B, axis=None)),
    "logaddexp_reduce": lambda: (jnp.logaddexp.reduce(F), jnp.logaddexp.reduce(F, axis=1, keepdims=True), jnp.logaddexp2.reduce(F, axis=None)),
    "subtract_reduce": lambda: (jnp.subtract.reduce(I), jnp.subtract.reduce(F, axis=1), jnp.subtract.reduce(I, axis=None)),
    "frompyfunc_reduce": lambda: (affine.reduce(I), affine.reduce(I, axis=1, keepdims=True), clipped.reduce(I, axis=1)),
    "accumulate": lambda: (jnp.add.accumulate(I), jnp.multiply.accumulate(F, axis=1), jnp.subtract.accumulate(I, axis=1), jnp.maximum.accumulate(I), affine.accumulate(I, axis=1)),
    "at": lambda: (jnp.add.at(I, IDX % 3, 100, inplace=False), jnp.multiply.at(F, (IDX % 3, IDX), 2.0, inplace=False), jnp.subtract.at(I[0], IDX, I[1], inplace=False), jnp.add.at(B[0], IDX, True, inplace=False), jnp.negative.at(I[0], IDX, inplace=False), affine.at(I[0], IDX, 1, inplace=False), jnp.maximum.at(I[1], IDX, 6, inplace=False)),
    "at_methods": lambda: (jnp.asarray(F).at[IDX % 3].subtract(1.5), jnp.asarray(F).at[IDX % 3, IDX].divide(3.0), jnp.asarray(F).at[0, IDX].power(2.0), jnp.asarray(I[0].astype(np.uint8)).at[IDX].subtract(5)),
    "reduceat": lambda: (jnp.add.reduceat(I[0], jnp.array([0, 2])), jnp.multiply.reduceat(F, jnp.array([0, 1, 3]), axis=1), jnp.maximum.reduceat(I, jnp.array([0, 1]), axis=0)),
    "outer": lambda: (jnp.add.outer(I[0], F[1]), jnp.multiply.outer(I, I[0]), affine.outer(I[0], I[1]), jnp.logaddexp.outer(F[0], F[1])),
    "call": lambda: (jnp.add(I, 1), jnp.negative(F), affine(I, 3), clipped(I, I)),
    "jit": lambda: jax.jit(lambda x: (jnp.add.reduce(x), affine.reduce(x, axis=1), jnp.add.outer(x[0], x[1])))(I),
}
"""
    + RUN_CASES
)


CASES = [
    "add_reduce", "add_reduce_where", "multiply_reduce", "max_min_reduce", "max_where",
    "bitwise_reduce", "logical_reduce", "logaddexp_reduce", "subtract_reduce",
    "frompyfunc_reduce", "accumulate", "at", "at_methods", "reduceat", "outer", "call", "jit",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_same_as_jax(jax_results, case):
    assert_same_bits(values_vs_jax(jax_results, HARNESS, case))


def test_attributes():
    assert repr(jnp.add) == "<jnp.ufunc 'add'>"
    assert isinstance(jnp.maximum, jnp.ufunc)
    assert (jnp.add.nin, jnp.add.nout, jnp.add.nargs, jnp.add.identity) == (2, 1, 2, 0)
    assert jnp.negative.nin == 1 and jnp.minimum.identity is None
    assert jnp.add == jnp.add and hash(jnp.add) == hash(jnp.add) and jnp.add != jnp.multiply
    f = jnp.frompyfunc(lambda x: x + 1, 1, 1)
    assert f.__name__ == "<lambda>" and f.nin == 1
    # a ufunc is static-friendly: jit can take it as a static argument
    g = meshjit.jit(lambda u, x: u.reduce(x), static_argnums=0)
    assert int(g(jnp.add, np.arange(4))) == 6


def test_errors():
    with pytest.raises(NotImplementedError, match="cannot operate inplace like"):
        jnp.add.at(jnp.zeros(3), 0, 1.0)
    with pytest.raises(ValueError, match="reduce only supported for binary ufuncs"):
        jnp.negative.reduce(jnp.arange(3))
    with pytest.raises(ValueError, match="does not have an identity"):
        jnp.maximum.reduce(jnp.arange(3), where=np.array([True, False, True]))
    with pytest.raises(ValueError, match="zero-size array to reduction operation subtract"):
        jnp.subtract.reduce(jnp.zeros((0, 3)))
    with pytest.raises(ValueError, match="requires integer or boolean"):
        jnp.bitwise_and.reduce(jnp.ones(3))
    with pytest.raises(NotImplementedError, match="out argument"):
        jnp.add(1, 2, out=np.zeros(()))
