"""`meshjit.experimental.random` (compiler/random/stateful_rng.py): the stateful generator's
draws, eagerly, under jit and vmap, against the values JAX 0.10.2's docstrings print."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import random


def _key_data(key) -> list:
    return np.asarray(meshjit.random.key_data(key)).tolist()


def test_draws_update_the_state_eagerly_and_under_jit_as_jax():
    rng = random.stateful_rng(42)
    assert repr(rng) == (
        "StatefulPRNG(_base_key=Array((), dtype=key<fry>) overlaying:\n"
        "[ 0 42], _counter=Ref(0, dtype=int32, weak_type=True))"
    )
    assert float(rng.uniform()) == np.float32(0.5302608)
    assert float(rng.uniform()) == np.float32(0.72766423)
    jit_uniform = meshjit.jit(rng.uniform)
    assert float(jit_uniform()) == np.float32(0.6672406)
    assert float(jit_uniform()) == np.float32(0.3890121)
    assert _key_data(rng.key()) == [2954079971, 3276725750]
    assert _key_data(rng.key()) == [2765691542, 824333390]


def test_split_for_vmap_and_spawn_as_jax():
    rng = random.stateful_rng(123)
    out = meshjit.vmap(lambda r, x: x + r.uniform())(rng.split(3), jnp.zeros(3))
    np.testing.assert_allclose(out, [0.35525954, 0.21937883, 0.5336956], rtol=1e-6)
    children = random.stateful_rng(123).spawn(2)
    assert [r.integers(0, 10, 2).tolist() for r in children] == [[4, 5], [2, 1]]


def test_samplers_shapes_and_dtypes():
    r = random.stateful_rng(7)
    normal = r.normal(1.0, 2.0, (2, 3))
    np.testing.assert_allclose(normal[0], [3.2280943, 1.2832626, -0.0449084], rtol=1e-5)
    assert r.random(4).shape == (4,)
    ints = r.integers(5, size=3)
    assert ints.dtype == jnp.int32 and ints.tolist() == [1, 3, 3]
    assert r.normal(size=2, dtype=jnp.float16).dtype == jnp.float16
    assert r.uniform(jnp.zeros(3), 2.0).shape == (3,)  # size: the arguments' broadcast shape
    assert r.key((2,)).shape == (2,)


def test_a_generator_made_inside_jit_needs_a_seed_as_jax():
    @meshjit.jit
    def draw(seed):
        q = random.stateful_rng(seed)
        return q.normal(size=3) + q.uniform(size=3)

    np.testing.assert_allclose(draw(3), [-2.352345, -1.1644276, -0.01037482], rtol=1e-5)
    with pytest.raises(TypeError, match="requires an explicit seed to be set"):
        meshjit.jit(lambda: random.stateful_rng().uniform())()
    with pytest.raises(ValueError, match="cannot operate on split stateful generator"):
        random.stateful_rng(0).split(2).uniform()
    assert str(meshjit.tree.structure(random.stateful_rng(0))) == (
        "PyTreeDef(CustomNode(StatefulPRNG[()], [*, *]))"
    )


def test_a_python_number_held_by_a_ref_made_inside_jit_reads_as_an_array():
    @meshjit.jit
    def f(s):
        r = meshjit.new_ref(0)
        r[...] += s
        return r[...] + 1, meshjit.new_ref(2.0)[...] * jnp.float16(3)

    total, product = f(3)
    assert int(total) == 4 and product.dtype == jnp.float16 and float(product) == 6.0
