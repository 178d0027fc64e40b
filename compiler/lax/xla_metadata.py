"""`jax.experimental.xla_metadata.set_xla_metadata`: key-value hints for XLA, as
`mhlo.frontend_attributes` on ops. `set_xla_metadata(x, k=v)` tags the op producing each leaf
of `x` (an identity primitive, `xla_metadata_value`, as JAX's); `set_xla_metadata(k=v)` is a
context manager or decorator: the equations traced inside carry its pairs (merged with the
enclosing contexts', inner keys first, a key set to None dropped) and lowering tags the ops
producing their results (see lowering.tag_results)."""

from __future__ import annotations

import functools

from meshjit.compiler.errors import XLA_METADATA, merge_metadata
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
from meshjit.compiler.lowering import tag_results
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
    __slots__ = ("updates", "prev")

    def __init__(self, updates: dict):
        self.updates = updates

    def __enter__(self):
        if self.updates:
            self.prev = XLA_METADATA[0]
            XLA_METADATA[0] = merge_metadata(self.prev, self.updates)

    def __exit__(self, *exc):
        if self.updates:
            XLA_METADATA[0] = self.prev

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
    if xla_metadata_kvs:
        tag_results(xla_metadata_kvs, [x])
    return x


lowering_rules.register(xla_metadata_value_p, _value_lowering)
sharding_rules.register(xla_metadata_value_p, same_as_first)
linear_jvp(xla_metadata_value_p)
transpose_rules.register(xla_metadata_value_p, lambda ct, x, **params: [ct])
unary_rule(xla_metadata_value_p)
