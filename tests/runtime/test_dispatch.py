"""A jit's results' shardings as JAX's `maybe_recover_user_shardings` names them: a result of
the first argument's rank, mesh and layout has that argument's NamedSharding as written."""

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P


def _specs(f, *args):
    return [str(o.sharding.spec) for o in meshjit.jit(f)(*args)]


def test_results_laid_out_as_the_first_argument_keep_its_spec():
    mesh = meshjit.make_mesh((2, 4), ("data", "fsdp"), axis_types=(AxisType.Auto,) * 2)
    b = meshjit.device_put(jnp.zeros(8), NamedSharding(mesh, P(None)))
    c = meshjit.device_put(jnp.zeros((4, 8)), NamedSharding(mesh, P(None, "fsdp")))
    # JAX 0.10.2's specs: b's own `P(None,)` for results of its rank, mesh and layout; a
    # constant (on no mesh) or a result of another rank reads its layout back
    assert _specs(lambda b: (b * 2, jnp.zeros(8), b.sum(), jnp.zeros(8) + b), b) == [
        "P(None,)",
        "P()",
        "P()",
        "P(None,)",
    ]
    assert _specs(lambda b, c: (c * 2, b * 2, c[0]), b, c) == [
        "P(None, 'fsdp')",
        "P(None,)",
        "P('fsdp',)",
    ]
    # only the first argument counts: b second, its rank's results read back as P()
    assert _specs(lambda c, b: (c * 2, b * 2), c, b) == ["P(None, 'fsdp')", "P()"]
    # an uncommitted first argument has no sharding: the next one is not consulted
    assert _specs(lambda x, b: (x * 2, b * 2), jnp.ones(8), b) == ["P()", "P()"]
