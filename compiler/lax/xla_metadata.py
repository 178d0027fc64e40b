"""`jax.experimental.xla_metadata.set_xla_metadata`: key-value hints for XLA, as
`mhlo.frontend_attributes` on ops. `set_xla_metadata(x, k=v)` tags the op producing each leaf
of `x` (an identity primitive, `xla_metadata_value`, as JAX's); `set_xla_metadata(k=v)` is a
context manager or decorator for the code it wraps, which meshjit accepts without tagging its
ops (the values computed are the same: the hints only steer XLA's scheduling)."""

from __future__ import annotations

import functools

from jaxlib.mlir import ir

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
from meshjit.compiler.tree_util import tree_map

xla_metadata_value_p = Primitive("xla_metadata_value")


class _Wrapped:
    """A function run inside the metadata context (its attributes, `.lower` of a jitted
    function, too)."""

    def __init__(self, f, context):
        self._f, self._context = f, context
        functools.wraps(f)(self)

    def __call__(self, *args, **kwargs):
        with self._context:
            return self._f(*args, **kwargs)

    def __getattr__(self, name):
        attr = getattr(self._f, name)
        if not callable(attr):
            return attr

        @functools.wraps(attr)
        def wrapper(*args, **kwargs):
            with self._context:
                return attr(*args, **kwargs)

        return wrapper


class XlaMetadataContextManager:
    __slots__ = ("updates",)

    def __init__(self, updates: dict):
        self.updates = updates

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None

    def __call__(self, f):
        return _Wrapped(f, self)


def set_xla_metadata(x=None, **kwargs):
    """A context manager / decorator (without `x`), or `x` with its producing ops tagged."""
    if x is None:
        return XlaMetadataContextManager(kwargs)
    kvs = tuple(sorted(kwargs.items()))
    return tree_map(lambda v: xla_metadata_value_p.bind(v, xla_metadata_kvs=kvs), x)


@abstract_eval_rules.register(xla_metadata_value_p)
def _value_rule(x, *, xla_metadata_kvs):
    return x


def _value_lowering(ctx, x, *, xla_metadata_kvs):
    """Tags the op producing `x` (an argument has none) with the pairs, after its own."""
    op = x.owner
    if not xla_metadata_kvs or op is None or isinstance(op, ir.Block):
        return x
    op = op.operation
    attrs = {
        k: ir.StringAttr.get(str(v).lower() if isinstance(v, bool) else str(v))
        for k, v in xla_metadata_kvs
    }
    if "mhlo.frontend_attributes" in op.attributes:
        attrs.update(
            (a.name, a.attr) for a in ir.DictAttr(op.attributes["mhlo.frontend_attributes"])
        )
    op.attributes["mhlo.frontend_attributes"] = ir.DictAttr.get(attrs)
    return x


lowering_rules.register(xla_metadata_value_p, _value_lowering)
sharding_rules.register(xla_metadata_value_p, same_as_first)
linear_jvp(xla_metadata_value_p)
transpose_rules.register(xla_metadata_value_p, lambda ct, x, **params: [ct])
unary_rule(xla_metadata_value_p)
