"""jnp.pad's statistic, linear_ramp, empty and callable modes as JAX 0.10.2's (one JAX
subprocess): the same bits, under jit and grad too."""

import pytest

from tests.support.jax_oracle import (
    RUN_CASES,
    assert_as_jax,
    oracle_fixture,
)

HARNESS = (
    r"""
X = np.array([[1., 2., 5.], [3., 4., 8.]], np.float32)
XI = np.array([1, 2, 4, 9], np.int32)


def pad_with(vector, pad_width, iaxis, kwargs):
    vector = vector.at[:pad_width[0]].set(kwargs.get("padder", 10))
    return vector.at[vector.size - pad_width[1]:].set(kwargs.get("padder", 10))


CASES = {
    **{f"{mode}": (lambda mode: lambda: [jnp.pad(X, ((1, 2), (2, 1)), mode=mode),
                                         jnp.pad(XI, (2, 3), mode=mode)])(mode)
       for mode in ("mean", "maximum", "minimum", "median", "linear_ramp", "empty")},
    "stat_length": lambda: [jnp.pad(X, 2, mode="mean", stat_length=1),
                            jnp.pad(X, ((1, 1), (2, 2)), mode="maximum",
                                    stat_length=((1, 2), (2, 1)))],
    "end_values": lambda: [jnp.pad(XI, 3, mode="linear_ramp", end_values=(5, -4)),
                           jnp.pad(X, 1, mode="linear_ramp", end_values=((1, 2), (3, 4)))],
    "callable": lambda: [jnp.pad(np.arange(6).reshape(2, 3), 2, pad_with),
                         jnp.pad(np.arange(6).reshape(2, 3), 1, pad_with, padder=100)],
    "jit_median": lambda: jax.jit(lambda a: jnp.pad(a, 2, mode="median"))(X),
    "grad_mean": lambda: jax.grad(lambda a: jnp.pad(a, 2, mode="mean").sum())(X),
}
"""
    + RUN_CASES
)


CASES = [
    "mean", "maximum", "minimum", "median", "linear_ramp", "empty", "stat_length",
    "end_values", "callable", "jit_median", "grad_mean",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_bits_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


@pytest.mark.parametrize("mode", ["meshjit", "shardy", "xla"])
def test_statistic_pad_with_a_zero_width_on_a_sharded_input(mode):
    """Fuzzer find: the statistic over a zero width reshapes empty arrays, whose reshape rule
    divided by zero in meshjit's propagation."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:8]).reshape(2, 2, 2), ("a", "b", "c"))
    x = np.cos(np.arange(120, dtype=np.float32)).reshape(8, 5, 3)
    widths = [(1, 0), (1, 0), (1, 2)]
    out = meshjit.jit(lambda a: jnp.pad(a, widths, mode="maximum"), propagation=mode,
                      in_shardings=NamedSharding(mesh, P("c", None, None)))(x)
    np.testing.assert_array_equal(np.asarray(out), np.pad(x, widths, mode="maximum"))
