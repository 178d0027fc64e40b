"""`jax.interpreters.xla`: kept for old programs; lowering goes through `mlir`."""


def apply_primitive(prim, *args, **params):
    """`prim` applied to concrete arguments now (compiled alone, as an eager op)."""
    from meshjit.compiler.jit.eager import apply_primitive as apply

    return apply(prim, args, params)


__all__ = ["apply_primitive"]
