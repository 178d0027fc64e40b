"""`meshjit.numpy.vectorize`: NumPy's generalized ufunc vectorization, built on vmap as in JAX.

The arguments' loop dimensions (those before their core dimensions, from `signature`) are
broadcast together; the function is vmapped once per loop dimension over the core parts.
"""

from __future__ import annotations

import functools
import re

from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.lax import shapes
from meshjit.compiler.trace.tracing import abstractify

_DIMS = r"\w+"
_CORE = rf"(?:{_DIMS}(?:,{_DIMS})*)?"
_ARGS = rf"\({_CORE}\)(?:,\({_CORE}\))*"
_SIGNATURE = re.compile(rf"^{_ARGS}->{_ARGS}$")


def _parse_signature(signature: str):
    """'(m,n),(n)->(m)' -> ([('m','n'), ('n',)], [('m',)])."""
    text = signature.replace(" ", "")
    if not _SIGNATURE.match(text):
        raise MeshjitValueError(f"not a valid gufunc signature: {signature}")
    ins, outs = text.split("->")
    parse = lambda part: [  # noqa: E731
        tuple(d for d in group.split(",") if d) for group in re.findall(r"\((.*?)\)", part)
    ]
    return parse(ins), parse(outs)


def vectorize(pyfunc, *, excluded=frozenset(), signature=None):
    """Vectorizes `pyfunc` over the loop dimensions of its arguments (see the module doc)."""
    excluded = frozenset(excluded)

    @functools.wraps(pyfunc)
    def wrapped(*args, **kwargs):
        kept = [i for i in range(len(args)) if i not in excluded]
        fixed = {i: args[i] for i in range(len(args)) if i in excluded}
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in excluded}
        fixed_kwargs = {k: v for k, v in kwargs.items() if k in excluded}

        def call(*dyn, **dkw):
            it = iter(dyn)
            full = [fixed[i] if i in fixed else next(it) for i in range(len(args))]
            return pyfunc(*full, **dkw, **fixed_kwargs)

        dyn = [args[i] for i in kept]
        if dyn_kwargs:
            # keyword arguments are vectorized as scalars-core positional ones
            names = list(dyn_kwargs)
            dyn = dyn + [dyn_kwargs[k] for k in names]
            n = len(kept)
            inner = call
            call = lambda *xs: inner(*xs[:n], **dict(zip(names, xs[n:])))  # noqa: E731
        context = f"on vectorized function with excluded={excluded!r} and signature={signature!r}"
        cores = _input_cores(signature, len(dyn), context)
        return _apply(call, dyn, cores, context)

    return wrapped


def _input_cores(signature, n: int, context: str) -> list[tuple]:
    """The core dimensions of each input (JAX's words, `context` naming the function)."""
    if signature is None:
        return [()] * n
    ins, _ = _parse_signature(signature)
    if len(ins) != n:
        raise MeshjitTypeError(
            f"wrong number of positional arguments: expected {len(ins)}, got {n} {context}"
        )
    return ins


def _apply(call, args, cores, context: str):
    from meshjit.compiler.numpy.creation import asarray  # numpy/ is a sibling family

    args = [asarray(x) for x in args]  # as JAX's: lists (of numbers or tracers) are arrays
    avals = [abstractify(x) for x in args]
    sizes: dict[str, int] = {}
    loop_shapes = []
    for aval, core in zip(avals, cores):
        if aval.ndim < len(core):
            raise MeshjitValueError(
                f"input with shape {aval.shape} does not have enough dimensions for all core "
                f"dimensions {core} {context}"
            )
        split = aval.ndim - len(core)
        for name, size in zip(core, aval.shape[split:]):
            if sizes.setdefault(name, size) != size:
                raise MeshjitValueError(
                    f"inconsistent size for core dimension {name!r}: {size} vs {sizes[name]} "
                    f"{context}"
                )
        loop_shapes.append(aval.shape[:split])
    loop = _broadcast_shapes(loop_shapes)
    full = [
        shapes.broadcast_in_dim(
            x,
            (*loop, *a.shape[len(s) :]),
            tuple(range(len(loop) - len(s), a.ndim + len(loop) - len(s))),
        )
        if tuple(s) != loop
        else x
        for x, a, s in zip(args, avals, loop_shapes)
    ]
    fun = call
    for _ in loop:
        fun = vmap(fun)
    return fun(*full)


def _broadcast_shapes(shapes_: list) -> tuple:
    rank = max((len(s) for s in shapes_), default=0)
    out = []
    for i in range(rank):
        dims = {s[len(s) - rank + i] for s in shapes_ if len(s) - rank + i >= 0} - {1}
        if len(dims) > 1:
            raise MeshjitValueError(f"vectorize: loop dimensions {shapes_} do not broadcast")
        out.append(dims.pop() if dims else 1)
    return tuple(out)


__all__ = ["vectorize"]
