"""`tile` is JAX's primitive (`tile[reps=(2, 1)]`, `jnp.tile` adds leading dimensions first):
its printed jaxprs (vmap, grad) and values (jit, vmap on another axis, grad) against JAX
0.10.2's, one compile per case."""

import numpy as np
import pytest

from tests.support.jax_oracle import meshjit_results, oracle_fixture

HARNESS = r"""
A = np.arange(12, dtype=np.float32).reshape(3, 4)
W = np.linspace(-1.0, 1.0, 72, dtype=np.float32).reshape(6, 12)

CASES = {
    "tiles": (lambda x: (jnp.tile(x, (2, 1)), jnp.tile(x[0], 3), jnp.tile(x, (2, 1, 1)), jnp.tile(x, (1,)), jnp.resize(x, (2, 6))), (A,)),
    "vmap_tile": (jax.vmap(lambda x: jnp.tile(x, (2, 2))), (A,)),
    "grad_tile": (jax.grad(lambda x: jnp.tile(x, (2, 1)).sum()), (A,)),
    "values": (jax.jit(lambda x: (jnp.tile(x, (2, 3)), jnp.tile(x, (2, 1, 3)), lax.tile(x.astype(np.int32), (1, 2)), jax.vmap(lambda r: jnp.tile(r, 2), in_axes=1)(x), jax.grad(lambda v: (jnp.tile(v, (2, 3)) * W).sum())(x))), (A,)),
}


def run_case(case, record):
    fn, args = CASES[case]
    if case == "values":
        for i, leaf in enumerate(fn(*args)):
            record(f"{case}{i}", leaf)
        return
    record(case, np.array(str(jax.make_jaxpr(fn)(*args))))
"""

CASES = ["tiles", "vmap_tile", "grad_tile", "values"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_tile_jaxprs_and_values_are_jaxs(jax_results, case):
    got = meshjit_results(HARNESS, case)
    mine = lambda k: k == case or (k.startswith(case) and k[len(case) :].isdigit())
    want = {k: v for k, v in jax_results.results().items() if mine(k)}
    assert sorted(got) == sorted(want)
    for key, value in want.items():
        g, w = got[key][1], value[1]
        if case == "values":
            assert got[key][0] == value[0], key
            np.testing.assert_array_equal(g, w, err_msg=key)
        else:  # (JAX's vmap shows a batched dimension as np.int64(2))
            assert str(g) == str(w).replace("np.int64(2)", "2"), f"meshjit:\n{g}\nJAX:\n{w}"
