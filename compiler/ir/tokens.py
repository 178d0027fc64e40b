"""Tokens: the abstract value `Tok` (lowered to `!stablehlo.token`) that orders side effects,
and the concrete `Token` a computation hands back, as JAX 0.10.2's `core.AbstractToken` /
`core.Token`. The primitives making them are in compiler/lax/tokens.py."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.ir.core import ShapedArray
from meshjit.dialects.types import TOKEN_DTYPE

# The array type PJRT gives a token's buffer (JAX's `core.get_token_aval()`).
TOKEN_BUFFER_AVAL = ShapedArray((0,), np.dtype(np.bool_))


class AbstractToken(ShapedArray):
    """`Tok`: the type of a token. A ShapedArray (so the tracing and lowering machinery carry
    it) of a dtype no array has, equal only to itself."""

    __slots__ = ()

    def __init__(self):
        super().__init__((), TOKEN_DTYPE)

    def __eq__(self, other):
        return type(other) is AbstractToken

    def __hash__(self):
        return hash(AbstractToken)

    def update(self, *args, **kwargs):
        return self  # a token has no shape, dtype or sharding to change

    def str_short(self) -> str:
        return "Tok"

    str_long = str_short

    def __str__(self):
        return "AbstractToken()"

    __repr__ = __str__


abstract_token = AbstractToken()


def is_token_aval(aval) -> bool:
    return type(aval) is AbstractToken


class Token:
    """A token a computation returned: it wraps the token-shaped device buffer, which a later
    call takes back as its `!stablehlo.token` argument."""

    __slots__ = ("_buf",)

    aval = abstract_token

    def __init__(self, buf):
        self._buf = buf

    def block_until_ready(self) -> None:
        self._buf.block_until_ready()
