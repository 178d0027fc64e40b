"""Weak types and dtypes of control flow's results as JAX 0.10.2's (one JAX subprocess): scan,
fori_loop and while_loop carries initialised with Python scalars (weak until the body makes
them strong; a weak init takes the dtype a strong f16 / bf16 body gives it), cond / switch
outputs (typed as branch 0: cond's false_fun), associative_scan, and those results combined
with f16 / bf16 / int arrays. Each value is recorded with its weak type."""

import pytest

from tests.support import campaign
from tests.support.jax_oracle import assert_as_jax, oracle_fixture

HARNESS = r"""
import ml_dtypes
ARGS = {"f16": np.ones(3, np.float16), "bf16": np.ones(3, ml_dtypes.bfloat16),
        "i32": np.arange(3, dtype=np.int32), "f32": np.ones(3, np.float32)}
F32 = lambda v: jnp.float32(v)
PROGRAMS = {
    "scan_add_xs": lambda x: lax.scan(lambda c, xi: (c + xi, c + 1), 0.0, x),
    "scan_int": lambda x: lax.scan(lambda c, xi: (c + 1, c), 0, x),
    "scan_weak_then_combine": lambda x: (lambda c, ys: (c + x, ys + x))(
        *lax.scan(lambda c, xi: (c * 2, c), 1.0, x)),
    "scan_tuple": lambda x: lax.scan(lambda c, xi: ((c[0] + 1, c[1] * xi), xi), (0, 1.0), x),
    "scan_no_xs": lambda x: lax.scan(lambda c, _: (c + 1.0, c), 0.0, None, length=2),
    "fori": lambda x: lax.fori_loop(0, 3, lambda i, c: c * 2.0, 1.0),
    "fori_index": lambda x: lax.fori_loop(0, 3, lambda i, c: c + i, 0),
    "fori_combine": lambda x: lax.fori_loop(0, 3, lambda i, c: c * 2.0, 1.0) + x,
    "fori_xs": lambda x: lax.fori_loop(0, 3, lambda i, c: c + x[i], 0.0),
    "fori_unrolled": lambda x: lax.fori_loop(0, 3, lambda i, c: c * 2.0, 1.0, unroll=True),
    "while": lambda x: lax.while_loop(lambda c: c < 3.0, lambda c: c + 1.0, 0.0) * x,
    "while_xs": lambda x: lax.while_loop(
        lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] + x[0]), (0, 0.0)),
    "cond_weak": lambda x: lax.cond(x[0] > 0, lambda: 1.0, lambda: 2.0) + x,
    "cond_operand": lambda x: lax.cond(x[0] > 0, lambda y: y + 1, lambda y: y * 2, 3),
    "cond_strong_true": lambda x: lax.cond(x[0] > 0, lambda: F32(1.0), lambda: 2.0),
    "cond_strong_false": lambda x: lax.cond(x[0] > 0, lambda: 1.0, lambda: F32(2.0)),
    "switch_strong_0": lambda x: lax.switch(
        x[0].astype(int), [lambda: F32(1.0), lambda: 2.0, lambda: 3.0]),
    "switch_strong_1": lambda x: lax.switch(x[0].astype(int), [lambda: 1.0, lambda: F32(2.0)]),
    "switch_combine": lambda x: lax.switch(1, [lambda y: y, lambda y: y + 1.0], 1.0) + x,
    "cond_vmap": lambda x: jax.vmap(lambda y: lax.cond(y > 0, lambda: F32(1.0), lambda: 2.0))(x),
    "cond_jvp": lambda x: jax.jvp(
        lambda y: lax.cond(y > 0, lambda: F32(1.0), lambda: y * 2.0), (1.0,), (1.0,)),
    "assoc_weak": lambda x: lax.associative_scan(lambda a, b: a + b, jnp.asarray([1.0, 2.0])),
    "assoc_combine": lambda x: lax.associative_scan(lambda a, b: a * b, x) * 2.0,
}
CASES = {f"{p}/{a}": (p, a) for p in PROGRAMS for a in ARGS}

def run_case(case, record):
    program, arg = CASES[case]
    f = PROGRAMS[program]
    shapes = jax.tree_util.tree_leaves(jax.eval_shape(f, ARGS[arg]))
    for i, (leaf, shape) in enumerate(zip(jax.tree_util.tree_leaves(jax.jit(f)(ARGS[arg])), shapes)):
        record(f"{case}|{i}", leaf)
        record(f"{case}|{i}.weak", np.asarray([leaf.weak_type, shape.weak_type]))
"""

PROGRAMS = [line.split('"')[1] for line in HARNESS.splitlines() if line.startswith('    "')]
CASES = [f"{p}/{a}" for p in PROGRAMS for a in ("f16", "bf16", "i32", "f32")]

jax_results = oracle_fixture(CASES, HARNESS, every=3)  # 3: each dtype among make test's slice


@pytest.mark.parametrize("case", campaign.every(3, CASES))
def test_control_flow_weak_types_and_values_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)
