"""meshjit.numpy products: matmul, dot, vdot, inner, outer, tensordot, kron and cross."""

from __future__ import annotations

import builtins
import contextlib
import contextvars

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import trace_state
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.dot import (
    DotAlgorithm,
    DotAlgorithmPreset,
    canonicalize_precision,
    dot_general_p,
    widens_to,
)
from meshjit.compiler.numpy.creation import array, zeros_like
from meshjit.compiler.numpy.elementwise import multiply, subtract
from meshjit.compiler.numpy.shapes import broadcast_arrays, moveaxis, ravel, reshape
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_shapes,
    check_arraylike,
    check_out,
    jitted,
    jitted_as_jax,
    materialize,
    promote,
    promote_product,
    sharded_by,
    static_axis,
    weak_result_type,
)
from meshjit.compiler.trace.tracing import Tracer

__all__ = [
    "cross",
    "dot",
    "inner",
    "kron",
    "matmul",
    "outer",
    "tensordot",
    "vdot",
]


_MATRIX_PRODUCT = (((1,), (0,)), ((), ()))


def _as_preferred(out, preferred_element_type):
    if preferred_element_type is None:
        return out
    return lax.convert_element_type(out, dtypes.canonicalize(preferred_element_type))


_promotes_to = widens_to  # float8s widen to a wider float (no NumPy promotion)


def _widened(preferred_element_type, *xs):
    """The operands in `preferred_element_type` when it is wider than theirs and of another
    kind (an int8 product with float32 preferred); a wider type of their kind is dot_general's
    preferred type instead (`_contract`: XLA accumulates in it, so an int8 product with int32
    preferred does not wrap at 127, and the jaxpr shows it as JAX's); narrower, the result is
    converted after."""
    if preferred_element_type is None:
        return xs
    target = dtypes.canonicalize(preferred_element_type)
    out = []
    for x in xs:
        x = materialize(x)
        dtype = aval_of(x).dtype
        wider = dtype != target and _promotes_to(dtype, target) and not _same_kind(dtype, target)
        out.append(lax.convert_element_type(x, target) if wider else x)
    return out


def _same_kind(a, b) -> bool:
    """Both floating, both complex, both signed or both unsigned integers (bfloat16 too)."""
    kinds = (dtypes.is_float, dtypes.is_complex, dtypes.is_unsigned, dtypes.is_bool)
    kind = lambda d: next((k for k in kinds if k(d)), dtypes.is_int)
    return kind(a) is kind(b)


# (precision, preferred_element_type) of the jnp product being traced, for `_contract`; None
# when both are None (the common case, with its fast path).
_OPTIONS: contextvars.ContextVar = contextvars.ContextVar("product_options", default=None)


@contextlib.contextmanager
def _product_options(precision, preferred_element_type):
    given = precision is not None or preferred_element_type is not None
    token = _OPTIONS.set((precision, preferred_element_type) if given else None)
    try:
        yield
    finally:
        _OPTIONS.reset(token)


def _contract(a, b, dims):
    """dot_general as jnp's products bind it (JAX's): the operands unpromoted (the primitive
    takes mixed dtypes), the result in their promoted dtype or the user's
    preferred_element_type, with the user's precision."""
    options = _OPTIONS.get()
    if options is None:
        dtype = aval_of(a).dtype
        if dtype == aval_of(b).dtype:
            return lax.dot_general(a, b, dims, preferred_element_type=dtype)
        dtype, weak = weak_result_type(a, b)
        return _weak(lax.dot_general(a, b, dims, preferred_element_type=dtype), weak)
    precision, preferred = options
    if preferred is not None:
        dtype = dtypes.canonicalize(preferred)
        return lax.dot_general(a, b, dims, precision=precision, preferred_element_type=dtype)
    dtype, weak = weak_result_type(a, b)
    out = lax.dot_general(a, b, dims, precision=precision, preferred_element_type=dtype)
    return _weak(out, weak)


def _weak(out, weak: bool):
    """As JAX's products: weak when the operands' promotion is (a bool matrix times a weakly
    typed int one is a weak int32; fuzz seed 3101182), which dot_general's result is not."""
    aval = aval_of(out)
    if not weak or aval.weak_type:
        return out
    return lax.convert_element_type(out, aval.dtype, weak_type=True)


def _matrix_product_fast(a, b):
    """What `matmul` gives for two traced matrices of one strong dtype, bound directly; or None."""
    trace = trace_state.current  # bound directly (`bind_internal` inlined): a call less
    if type(a) is not Tracer or type(b) is not Tracer or trace is None or _OPTIONS.get():
        return None
    la, lb = a._var.aval, b._var.aval
    if (
        len(la.shape) != 2
        or len(lb.shape) != 2
        or la.shape[1] != lb.shape[0]
        or la.weak_type
        or lb.weak_type
        or (la.dtype is not lb.dtype and la.dtype != lb.dtype)
    ):
        return None
    params = {"dimension_numbers": _MATRIX_PRODUCT, "preferred_element_type": la.dtype}
    return trace.process(dot_general_p, (a, b), params, 2)


def matmul(a, b, *, precision=None, preferred_element_type=None, out_sharding=None):
    """`a @ b` (`out_sharding=`: the result's sharding in explicit mode)."""
    if precision is None and preferred_element_type is None and out_sharding is None:
        out = _matrix_product_fast(a, b)  # `x @ w`: none of the options' work below
        if out is not None:
            return out
    if _algorithm(precision):
        return _with_algorithm(a, b, precision, preferred_element_type, out_sharding)
    with _product_options(precision, preferred_element_type):
        out = sharded_by(out_sharding, "matmul", _matmul, a, b)
    return _as_preferred(out, preferred_element_type)


def _operands(a, b):
    """The operands of a product as arrays, unpromoted: dot_general takes mixed dtypes and
    the product's dtype is its preferred one (`_contract`), as JAX's dot, matmul and
    tensordot."""
    return materialize(a), materialize(b)


def _matmul(a, b):
    """As JAX: batch dimensions both operands have are dot_general batch dimensions, the ones
    only one has (after size-1 ones are squeezed) stay free, so `x[b,s,d] @ w[d,h]` contracts
    directly instead of broadcasting `w`; vectors contract without a row or column."""
    out = _matrix_product_fast(a, b)
    if out is not None:
        return out
    a, b = _operands(a, b)
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 2 and lb.ndim == 2 and la.shape[1] == lb.shape[0]:
        return _contract(a, b, _MATRIX_PRODUCT)  # the common case of the code below
    if la.ndim == 0 or lb.ndim == 0:
        raise MeshjitValueError(
            f"matmul input operand {0 if not la.shape else 1} must have ndim at least 1, but it has ndim 0: matmul: operands must not be scalars, got {la.str_short()} and {lb.str_short()}"
        )
    ca, cb = la.ndim - 1, max(lb.ndim - 2, 0)
    if la.shape[ca] != lb.shape[cb]:
        err = MeshjitTypeError(  # JAX's words; the operands in a note
            "dot_general requires contracting dimensions to have the same shape, got "
            f"({la.shape[ca]},) and ({lb.shape[cb]},)."
        )
        err.add_note(f"matmul: contracting dimensions differ: {la.str_short()} @ {lb.str_short()}")
        raise err
    a_batch, b_batch = la.shape[:-2], lb.shape[:-2]
    try:
        broadcast_shapes(a_batch, b_batch)  # the batch dimensions must broadcast
    except ValueError:
        raise MeshjitValueError(
            f"Incompatible types for matmul arguments: {la.str_long()} and {lb.str_long()} "
            f"(their batch dimensions {a_batch} and {b_batch} do not broadcast)"
        ) from None
    _check_batch_shardings(la, lb)
    n = max(len(a_batch), len(b_batch))
    a_pos = range(n - len(a_batch), n)  # the output batch position of each batch dimension
    b_pos = range(n - len(b_batch), n)
    # A size-1 batch dimension facing a larger one is squeezed: the larger one stays free.
    a_drop = [i for i, p in enumerate(a_pos) if a_batch[i] == 1 and _size(b_batch, b_pos, p) > 1]
    b_drop = [i for i, p in enumerate(b_pos) if b_batch[i] == 1 and _size(a_batch, a_pos, p) > 1]
    if a_drop:
        a, a_pos, ca = lax.squeeze(a, a_drop), _without(a_pos, a_drop), ca - len(a_drop)
    if b_drop:
        b, b_pos, cb = lax.squeeze(b, b_drop), _without(b_pos, b_drop), cb - len(b_drop)
    shared = sorted(set(a_pos) & set(b_pos))
    batch = ([a_pos.index(p) for p in shared], [b_pos.index(p) for p in shared])
    out = _contract(a, b, (((ca,), (cb,)), (tuple(batch[0]), tuple(batch[1]))))
    # dot_general's order: shared batch, a's free batch and row, b's free batch and column.
    row = ["row"] if la.ndim > 1 else []
    col = ["col"] if lb.ndim > 1 else []
    got = shared + [p for p in a_pos if p not in shared] + row
    got += [p for p in b_pos if p not in shared] + col
    want = sorted(p for p in got if type(p) is int) + row + col
    perm = [got.index(t) for t in want]
    return out if perm == list(range(len(perm))) else lax.transpose(out, perm)


def _check_batch_shardings(la, lb) -> None:
    """As JAX's matmul: batch dimensions that meet must be sharded alike (explicit mode)."""
    if la.sharding is None and lb.sharding is None:
        return
    a_specs, b_specs = _batch_specs(la), _batch_specs(lb)
    for (sa, da), (sb, db) in zip(reversed(a_specs), reversed(b_specs)):
        if sa != sb and da == db and not (da == 1 and (sa is None or sb is None)):
            raise MeshjitValueError(
                f"Incompatible types for matmul arguments: {la.str_long()} and {lb.str_long()}"
            )


def _batch_specs(aval) -> list:
    spec = tuple(aval.sharding.spec) if aval.sharding is not None else ()
    spec += (None,) * (aval.ndim - len(spec))
    return list(zip(spec, aval.shape))[: max(aval.ndim - 2, 0)]


def _size(batch, positions, p) -> int:
    """The size of the batch dimension at output position `p` (1 when there is none)."""
    return batch[positions.index(p)] if p in positions else 1


def _without(positions, drop) -> list:
    return [p for i, p in enumerate(positions) if i not in drop]


def dot(a, b, *, precision=None, preferred_element_type=None, out_sharding=None):
    if _algorithm(precision):
        return _with_algorithm(a, b, precision, preferred_element_type, out_sharding)
    with _product_options(precision, preferred_element_type):
        out = sharded_by(out_sharding, "dot", _dot, a, b)
    return _as_preferred(out, preferred_element_type)


def _algorithm(precision) -> bool:
    """Whether `precision` (checked as JAX checks it) names a dot algorithm other than the
    default: the product then runs as lax.dot_general with it."""
    p = canonicalize_precision(precision)
    if isinstance(p, DotAlgorithmPreset):
        return p is not DotAlgorithmPreset.DEFAULT
    return isinstance(p, DotAlgorithm)


def _with_algorithm(a, b, precision, preferred, out_sharding):
    a, b = materialize(a), materialize(b)
    la, lb = aval_of(a), aval_of(b)
    if la.ndim not in (1, 2) or lb.ndim not in (1, 2):
        raise MeshjitValueError(
            f"a dot algorithm ({precision}) is supported for vector and matrix operands only, "
            f"got {la.str_short()} and {lb.str_short()}; use lax.dot_general"
        )
    dims = (((la.ndim - 1,), (0,)), ((), ()))
    return lax.dot_general(a, b, dims, precision, preferred, out_sharding=out_sharding)


def _dot(a, b):
    out = _matrix_product_fast(a, b)  # on matrices dot is matmul
    if out is not None:
        return out
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 0 or lb.ndim == 0:
        return multiply(a, b)
    if lb.ndim <= 2:
        return _matmul(a, b)
    a, b = _operands(a, b)
    dims = (((la.ndim - 1,), (lb.ndim - 2,)), ((), ()))
    if la.shape[-1] != lb.shape[-2]:
        raise MeshjitTypeError(f"dot: shapes {la.str_short()} and {lb.str_short()} not aligned")
    return _contract(materialize(a), materialize(b), dims)


@jitted_as_jax("precision", "preferred_element_type", inline=True)
def vdot(a, b, *, precision=None, preferred_element_type=None):
    """The dot product of the flattened arrays, conjugating the first."""
    a = ravel(a)
    if dtypes.is_complex(aval_of(a).dtype):
        a = lax.conj(a)
    return dot(a, ravel(b), precision=precision, preferred_element_type=preferred_element_type)


def inner(a, b, *, precision=None, preferred_element_type=None):
    canonicalize_precision(precision)  # checked as JAX checks it; XLA's CPU dot is exact
    a, b = _widened(preferred_element_type, a, b)
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 0 or lb.ndim == 0:
        return _as_preferred(multiply(a, b), preferred_element_type)
    a, b = promote_product(preferred_element_type, a, b)
    dims = (((la.ndim - 1,), (lb.ndim - 1,)), ((), ()))
    with _product_options(precision, preferred_element_type):
        out = _contract(materialize(a), materialize(b), dims)
    return _as_preferred(out, preferred_element_type)


def outer(a, b, out=None):
    check_out(out, "outer")
    a, b = promote(a, b)  # as JAX's: promoted, raveled, then a[:, None] * b[None, :]
    return multiply(ravel(a)[:, None], ravel(b)[None, :])


def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None, out_sharding=None):
    canonicalize_precision(precision)  # checked as JAX checks it; XLA's CPU dot is exact
    with _product_options(precision, preferred_element_type):
        out = sharded_by(out_sharding, "tensordot", lambda a, b: _tensordot(a, b, axes), a, b)
    return _as_preferred(out, preferred_element_type)


def _tensordot(a, b, axes):
    la, lb = aval_of(a), aval_of(b)
    if isinstance(axes, int):
        if axes > min(la.ndim, lb.ndim):
            raise MeshjitTypeError(
                f"Number of tensordot axes (axes {axes}) exceeds input ranks ({la.shape} and "
                f"{lb.shape})"
            )
        ca, cb = tuple(range(la.ndim - axes, la.ndim)), tuple(range(axes))
    else:
        given = axes
        ca, cb = axes
        ca = (ca,) if isinstance(ca, int) else tuple(ca)
        cb = (cb,) if isinstance(cb, int) else tuple(cb)
        if len(ca) != len(cb):  # JAX's words (the lists as given)
            raise MeshjitTypeError(
                f"tensordot requires axes lists to have equal length, got {given[0]} and "
                f"{given[1]}."
            )
    ca, cb = checks.canonical_axes(ca, la.ndim), checks.canonical_axes(cb, lb.ndim)
    a, b = _operands(a, b)
    return _contract(materialize(a), materialize(b), ((ca, cb), ((), ())))


def kron(a, b):
    for x in (a, b):
        if isinstance(x, (str, bytes)):
            materialize(x)  # refused in the words of JAX's jit
    check_arraylike("kron", a, b)
    if a is None or b is None:  # an empty pytree to JAX's jit: its check_arraylike refuses it
        raise MeshjitTypeError(
            f"kron requires ndarray or scalar arguments, got {type(None)} at position "
            f"{0 if a is None else 1}."
        )
    return jitted(_kron, name="kron")(a, b)


def _kron(a, b):
    """JAX's jitted kron: the operands' dims interleaved by expand_dims, multiplied."""
    a, b = promote(a, b)
    if dtypes.is_bool(aval_of(a).dtype):  # JAX multiplies with lax.mul, which refuses bool
        raise MeshjitTypeError(
            "mul does not accept dtype bool at position 0. Accepted dtypes at position 0 are "
            "subtypes of integer, floating, complexfloating."
        )
    a, b = materialize(a), materialize(b)
    ndim = builtins.max(aval_of(a).ndim, aval_of(b).ndim)
    a, b = (lax.expand_dims(x, range(ndim - aval_of(x).ndim)) for x in (a, b))
    out_shape = [p * q for p, q in zip(aval_of(a).shape, aval_of(b).shape)]
    a = lax.expand_dims(a, range(1, 2 * ndim, 2))
    b = lax.expand_dims(b, range(0, 2 * ndim, 2))
    return reshape(lax.mul(a, b), out_shape)


def _components(x, n: int) -> list:
    """x's components along its last axis, a third of zeros for a 2-vector (JAX's order)."""
    parts = [x[..., i] for i in range(n)]
    return parts + [zeros_like(parts[0])] if n == 2 else parts


@jitted_as_jax("axisa", "axisb", "axisc", "axis")
def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = promote(a, b)
    a = moveaxis(materialize(a), static_axis(axisa, aval_of(a).ndim), -1)
    b = moveaxis(materialize(b), static_axis(axisb, aval_of(b).ndim), -1)
    na, nb = aval_of(a).shape[-1], aval_of(b).shape[-1]
    if na not in (2, 3) or nb not in (2, 3):
        raise MeshjitValueError(
            f"Dimension must be either 2 or 3 for cross product: got {na} and {nb} components "
            "along the given axes"
        )
    sub, mul = subtract, multiply
    if na == nb == 2:
        return sub(mul(a[..., 0], b[..., 1]), mul(a[..., 1], b[..., 0]))
    ca, cb = _components(a, na), _components(b, nb)
    parts = [
        sub(mul(ca[(i + 1) % 3], cb[(i + 2) % 3]), mul(ca[(i + 2) % 3], cb[(i + 1) % 3]))
        for i in range(3)
    ]
    # As JAX's: jnp.array of the three parts (a strong type, even from weak operands), its
    # leading axis moved to axisc
    out = array(broadcast_arrays(*parts))
    return moveaxis(out, 0, static_axis(axisc, aval_of(out).ndim))
