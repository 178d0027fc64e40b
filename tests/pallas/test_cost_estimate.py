"""`pl.estimate_cost` (compiler/pallas/cost_estimate.py): the figures JAX 0.10.2 gives for the
same functions."""

import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import pallas as pl

f32 = jnp.float32


@pytest.mark.parametrize(
    ("fun", "args", "expected"),
    [
        (lambda a: a @ a, [((8, 8), f32)], (1024, 0, 512)),
        (lambda a, b: jnp.exp(a @ b) + 1, [((8, 16), f32), ((16, 4), f32)], (1056, 32, 896)),
        (
            lambda a: jnp.tanh(a) ** 5 - jnp.floor(a) * jnp.sqrt(a),
            [((4, 8), f32)],
            (224, 64, 256),
        ),
        (
            lambda a, b: jnp.einsum("bij,bjk->bik", a, b),
            [((3, 4, 5), f32), ((3, 5, 6), jnp.bfloat16)],
            (720, 0, 708),
        ),
        (lambda a: meshjit.jit(meshjit.nn.sigmoid)(a).sum(), [((4, 8), f32)], (0, 32, 132)),
    ],
)
def test_estimate_cost_as_jax(fun, args, expected):
    structs = [meshjit.ShapeDtypeStruct(shape, dtype) for shape, dtype in args]
    cost = pl.estimate_cost(fun, *structs)
    assert (cost.flops, cost.transcendentals, cost.bytes_accessed) == expected
    assert cost.remote_bytes_transferred == 0


def test_estimate_cost_takes_arrays_and_keywords():
    cost = pl.estimate_cost(lambda a, *, k: a * k, jnp.ones((4, 4)), k=2.0)
    assert (cost.flops, cost.bytes_accessed) == (16, 128)
