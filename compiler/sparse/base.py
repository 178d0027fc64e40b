"""JAXSparse: the base class of meshjit's sparse arrays (BCOO, BCSR), as JAX's `_base.py`:
array-like attributes, the repr, and operators that the sparse classes define."""

from __future__ import annotations

import math

from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.trace.tracing import Tracer


class JAXSparse:
    """Base class for high-level sparse objects."""

    is_sparse_array = True  # jnp's functions refuse it, as JAX's check_arraylike does

    __hash__ = None
    _defer_binop = True  # Array operators leave `dense @ sparse` to the sparse class

    def __init__(self, args, *, shape):
        self.shape = tuple(int(s) for s in shape)

    def __len__(self):
        return self.shape[0]

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def T(self):
        return self.transpose()

    def _repr_extra(self) -> str:
        return ""

    def __repr__(self):
        name = type(self).__name__
        try:
            text = f"{name}({self.dtype}{list(self.shape)}, nse={self.nse}{self._repr_extra()})"
        except Exception:
            text = f"{name}(<invalid>)"
        if isinstance(self.data, Tracer):
            text = f"{_tracer_name(self.data)}[{text}]"
        return text

    def block_until_ready(self):
        for buf in self.tree_flatten()[0]:
            buf.block_until_ready()
        return self

    def _unimplemented(self, name):
        raise MeshjitNotImplementedError(f"{type(self)}.{name}")


def _tracer_name(tracer) -> str:
    """The tracer class name JAX's sparse repr shows (its tracers' Python class names)."""
    kind = tracer._trace.kind
    if kind == "grad":
        return "LinearizeTracer"
    return "DynamicJaxprTracer" if kind is None else "BatchTracer"
