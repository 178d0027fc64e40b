"""create_token and after_all: tokens that order side effects (`stablehlo.create_token`,
`stablehlo.after_all`), as JAX 0.10.2's lax. A token passes through jit (as an argument and a
result), while loops and scan outputs; autodiff and vmap leave it as it is."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
)
from meshjit.compiler.ir.tokens import AbstractToken, Token, abstract_token, is_token_aval
from meshjit.compiler.lowering import emit

__all__ = ["AbstractToken", "Token", "after_all", "create_token"]

create_token_p = Primitive("create_token")
after_all_p = Primitive("after_all")


@abstract_eval_rules.register(create_token_p)
def _create_token_rule():
    return abstract_token


@abstract_eval_rules.register(after_all_p)
def _after_all_rule(*operands):
    if not all(is_token_aval(a) for a in operands):
        raise MeshjitTypeError("Arguments to after_all must be tokens")  # JAX's words
    return abstract_token


@lowering_rules.register(create_token_p)
def _create_token_lowering(ctx):
    return emit("stablehlo.create_token", [ctx.tensor_type(abstract_token)], []).result


@lowering_rules.register(after_all_p)
def _after_all_lowering(ctx, *operands):
    return emit("stablehlo.after_all", [ctx.tensor_type(abstract_token)], operands).result


@jvp_rules.register(create_token_p)
def _create_token_jvp(primals, tangents):
    return create_token_p.bind(), None


@jvp_rules.register(after_all_p)
def _after_all_jvp(primals, tangents):
    return after_all_p.bind(*primals), None


@batching_rules.register(create_token_p)
def _create_token_batching(args, dims, **params):
    return create_token_p.bind(), None


@batching_rules.register(after_all_p)
def _after_all_batching(args, dims, **params):
    return after_all_p.bind(*args), None


def create_token(_=None):
    """A fresh token (the argument, JAX's old operand, is ignored)."""
    return create_token_p.bind()


def after_all(*operands):
    """A token that depends on every token in `operands`."""
    return after_all_p.bind(*operands)
