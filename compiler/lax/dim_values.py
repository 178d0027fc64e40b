"""`dim_as_value`: a symbolic dimension (shape polymorphism) as a value to compute with, as
JAX's `core.dimension_as_value` and arithmetic mixing dimensions with arrays make it: an int32
(int64 under x64) weakly typed scalar, lowered to the dimension's value computed from the
function's dimension variables."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import Primitive, abstract_eval_rules, lowering_rules
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.lowering_dims import dim_dtype, eval_dim

dim_as_value_p = Primitive("dim_as_value")


@abstract_eval_rules.register(dim_as_value_p)
def _dim_as_value_rule(*, dim):
    return ShapedArray((), dim_dtype(), weak_type=True)


def _dim_as_value_impl(*, dim):
    raise MeshjitValueError(
        f"The symbolic dimension '{dim}' has no value outside a traced function: shape "
        "polymorphism lives in meshjit.export (export a jitted function)"
    )


dim_as_value_p.def_impl(_dim_as_value_impl)


def _dim_as_value_lowering(ctx: LoweringRuleContext, *, dim):
    return eval_dim(ctx.module_ctx, dim)


lowering_rules.register(dim_as_value_p, _dim_as_value_lowering)


def dimension_as_value(dim):
    return dim_as_value_p.bind(dim=dim)
