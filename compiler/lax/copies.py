"""`copy_p`, as JAX's: a copy of an array (`jnp.array(x, copy=True)`, `jnp.copy`, `x.copy()`),
kept in the jaxpr (not simplified away) and lowered as the value itself."""

from __future__ import annotations

from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.lax.ad_util import linear_jvp
from meshjit.compiler.lax.batching import unary_rule

copy_p = Primitive("copy")
abstract_eval_rules.register(copy_p, lambda x: x)
lowering_rules.register(copy_p, lambda ctx, x: x)
sharding_rules.register(copy_p, same_as_first)
linear_jvp(copy_p)
unary_rule(copy_p)


@transpose_rules.register(copy_p)
def _copy_transpose(ct, x):
    return [copy_p.bind(ct)]


def array_copy(x):
    """A copy of `x` (JAX's `lax._array_copy`)."""
    return copy_p.bind_internal(x)
