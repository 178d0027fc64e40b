"""meshjit.numpy einsum and einsum_path, as JAX computes them: opt_einsum picks the order of
pairwise contractions (`optimize`, "auto" by default), and each step is a reduce-sum of labels
only one side has, a diagonal mask for repeated labels, and one dot_general.

Supported: explicit (`'ij,jk->ik'`) and implicit (`'ij,jk'`) outputs, `...` (broadcast axes,
size 1 broadcasts), repeated labels inside one operand (diagonals), labels summed away, the
interleaved form `einsum(a, [0, 1], b, [1, 2], [0, 2])`, and any number of operands.
"""

from __future__ import annotations

import collections
import functools

import numpy as np
import opt_einsum

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.numpy.util import aval_of, materialize, promote_product, sharded_by

__all__ = ["einsum", "einsum_path"]

# An ellipsis' dimensions get labels of Unicode's private use area, which users do not type: a
# label is any other character but the separators (JAX's opt_einsum takes '1', '_', 'β', ...).
_ELLIPSIS_LABELS = [chr(0xE000 + k) for k in range(64)]
_NOT_LABELS = frozenset("->,.") | frozenset(_ELLIPSIS_LABELS)


class _Unoptimized(opt_einsum.paths.PathOptimizer):
    """`optimize=False`: contract the operands from left to right."""

    def __call__(self, inputs, *args, **kwargs):
        return [(0, 1)] * (len(inputs) - 1)


def _path_type(optimize):
    if optimize is True:
        return "optimal"
    if optimize is False:
        return _Unoptimized()
    return optimize


def einsum(
    subscripts,
    /,
    *operands,
    out=None,
    optimize="auto",
    precision=None,
    preferred_element_type=None,
    _dot_general=lax.dot_general,
    out_sharding=None,
):
    """JAX's jnp.einsum; `_dot_general` (as JAX's) replaces lax.dot_general in the pairwise
    contractions."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.einsum is not supported.")
    arrays, spec_args = _split_operands(subscripts, operands, preferred_element_type)
    if isinstance(subscripts, str):
        inputs, _ = _parse(subscripts, [aval_of(x).ndim for x in arrays])
        _label_sizes(inputs, arrays)
    steps = _cached_contractions(spec_args, _path_key(optimize))
    weak = all(aval_of(x).weak_type for x in arrays)

    def contract(*xs):
        return _einsum(list(xs), steps, preferred_element_type, weak, precision, _dot_general)

    return sharded_by(out_sharding, "einsum", contract, *arrays)


def einsum_path(subscripts, /, *operands, optimize="auto"):
    """opt_einsum's contraction path and its printed report, for the same arguments as einsum."""
    shaped = [_Shaped(np.shape(x), np.result_type(x)) if _is_array(x) else x for x in operands]
    if _is_array(subscripts):
        subscripts = _Shaped(np.shape(subscripts), np.result_type(subscripts))
    return _contract_path(subscripts, *shaped, optimize=_path_type(optimize))


def _contract_path(*args, **kwargs):
    """opt_einsum's contract_path; its errors (JAX's words: JAX's copy of opt_einsum raises
    them) as meshjit's, so they name the user's line."""
    try:
        return opt_einsum.contract_path(*args, **kwargs)
    except ValueError as e:
        raise MeshjitValueError(str(e)) from None


class _Shaped:
    """What opt_einsum reads of an operand: its shape (and dtype), not its values."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape, self.dtype = tuple(shape), dtype


def _is_array(x) -> bool:
    return hasattr(x, "shape") or isinstance(x, (int, float, complex, bool, np.generic))


def _promoted(operands, preferred_element_type) -> list:
    """The operands in their common dtype (`promote_product`); one dtype with different weak
    types is left as it is, as JAX's einsum (whose contractions then give a strong result and
    strong cotangents)."""
    arrays = [materialize(x) for x in operands]
    if len({aval_of(x).dtype for x in arrays}) <= 1:
        return arrays
    return [materialize(x) for x in promote_product(preferred_element_type, *operands)]


def _split_operands(subscripts, operands, preferred_element_type=None):
    """The operand arrays, promoted, and a hashable stand-in of einsum's arguments for
    opt_einsum: the string form, or the interleaved form `a, [0, 1], b, [1, 2], [0, 2]`."""
    if isinstance(subscripts, str):
        arrays = _promoted(operands, preferred_element_type)
        return arrays, (subscripts, *map(_shape_key, arrays))
    if not _is_array(subscripts):
        raise MeshjitTypeError(
            "einsum: the first argument must be a subscript string such as 'ij,jk->ik', or an "
            f"array in the interleaved form, got {type(subscripts).__name__}"
        )
    args = (subscripts, *operands)
    count = len(args) // 2  # array, labels, array, labels, ..., and the output labels if odd
    arrays = _promoted(args[0 : 2 * count : 2], preferred_element_type)
    spec_args = []
    for k, x in enumerate(arrays):
        spec_args += [_shape_key(x), _sublist(args[2 * k + 1])]
    if len(args) % 2:
        spec_args.append(_sublist(args[-1]))
    return arrays, tuple(spec_args)


def _sublist(labels) -> tuple:
    """An interleaved form's labels of an operand: hashable ones, or opt_einsum's words."""
    labels = tuple(labels)
    for label in labels:
        try:
            hash(label)
        except TypeError:
            raise MeshjitTypeError(
                "For this input type lists must contain either Ellipsis or hashable and "
                "comparable object (e.g. int, str). (einsum's interleaved form: each operand "
                f"is followed by the list of its axes' labels, got a {type(label).__name__})"
            ) from None
    return labels


def _shape_key(x):
    """The operand as opt_einsum sees it; a symbolic dimension (shape polymorphism) as 8, as
    JAX's: opt_einsum only orders the contractions with it, the shape rules check the rest."""
    aval = aval_of(x)
    shape = tuple(8 if is_symbolic_dim(d) else d for d in aval.shape)
    return ("__shape__", shape, str(aval.dtype))


def _path_key(optimize):
    if isinstance(optimize, (list, tuple)):
        return tuple(tuple(step) for step in optimize if not isinstance(step, str))
    return optimize


@functools.lru_cache(maxsize=512)
def _cached_contractions(args, optimize):
    """opt_einsum's steps: (operand positions, contracted labels, 'ab,bc->ac') per step."""
    dummies = [_Shaped(a[1], np.dtype(a[2])) if _is_key(a) else _labels_arg(a) for a in args]
    path = [tuple(s) for s in optimize] if isinstance(optimize, tuple) else _path_type(optimize)
    _, steps = _contract_path(*dummies, einsum_call=True, use_blas=True, optimize=path)
    return tuple((tuple(a), frozenset(b), c) for a, b, c, *_ in steps)


def _is_key(a) -> bool:
    return isinstance(a, tuple) and len(a) == 3 and a[0] == "__shape__"


def _labels_arg(a):
    return list(a) if isinstance(a, tuple) else a


# ---------------------------------------------------------------------------------------------
# The contractions, as JAX's _einsum performs them.


def _einsum(
    operands, steps, preferred_element_type, weak, precision=None, dot_general=lax.dot_general
):
    if preferred_element_type is None:
        result_dtype = aval_of(operands[0]).dtype
    else:
        result_dtype, weak = dtypes.canonicalize(preferred_element_type), False
    # As JAX's: each dot_general is given the result dtype as its preferred one.
    preferred = result_dtype
    for positions, contracted, einstr in steps:
        inputs, result_names = einstr.split("->")
        names_in = inputs.split(",")
        contracted = sorted(contracted)
        if len(positions) == 1:
            operand = operands.pop(positions[0])
            operand, names = _reduce_one(operand, names_in[0], contracted, result_names)
        else:
            lhs, rhs = map(operands.pop, positions)
            operand, names = _contract_two(
                lhs, rhs, *names_in, contracted, result_names, preferred, precision, dot_general
            )
        if names != result_names:
            operand = lax.transpose(operand, tuple(names.index(n) for n in result_names))
        operands.append(operand)
    return _finish(operands[0], result_dtype, weak)


def _finish(x, dtype, weak):
    aval = aval_of(x)
    if aval.dtype == dtype and aval.weak_type == weak:
        return x
    return lax.convert_element_type(x, dtype, weak_type=weak)


def _reduce_one(operand, names, contracted, result_names):
    counts = collections.Counter(names)
    uniques = [n for n in contracted if counts[n] == 1]
    operand, names = _sum_uniques(operand, names, uniques)
    return _sum_repeats(operand, names, counts, result_names)


def _contract_two(
    lhs,
    rhs,
    lhs_names,
    rhs_names,
    contracted,
    result_names,
    preferred,
    precision=None,
    dot_general=lax.dot_general,
):
    lhs, lhs_names = _drop_singletons(lhs, lhs_names, aval_of(rhs).shape, rhs_names)
    rhs, rhs_names = _drop_singletons(rhs, rhs_names, aval_of(lhs).shape, lhs_names)
    lhs_counts, rhs_counts = collections.Counter(lhs_names), collections.Counter(rhs_names)
    lhs_only = [n for n in contracted if lhs_counts[n] == 1 and rhs_counts[n] == 0]
    lhs, lhs_names = _sum_uniques(lhs, lhs_names, lhs_only)
    rhs_only = [n for n in contracted if rhs_counts[n] == 1 and lhs_counts[n] == 0]
    rhs, rhs_names = _sum_uniques(rhs, rhs_names, rhs_only)
    lhs, lhs_names = _sum_repeats(lhs, lhs_names, lhs_counts, result_names + rhs_names)
    rhs, rhs_names = _sum_repeats(rhs, rhs_names, rhs_counts, result_names + lhs_names)
    contracted = [n for n in contracted if n in set(lhs_names) | set(rhs_names)]
    batch = "".join(n for n in result_names if n in set(lhs_names) & set(rhs_names))
    lhs_cont = tuple(lhs_names.index(n) for n in contracted)
    rhs_cont = tuple(rhs_names.index(n) for n in contracted)
    lhs_batch = tuple(lhs_names.find(n) for n in batch)
    rhs_batch = tuple(rhs_names.find(n) for n in batch)
    deleted = batch + "".join(contracted)
    lhs_rest, rhs_rest = _remove(lhs_names, deleted), _remove(rhs_names, deleted)
    # opt_einsum contracts from right to left, so (rhs, lhs) most often needs no transpose.
    if batch + rhs_rest + lhs_rest == result_names:
        dims = ((rhs_cont, lhs_cont), (rhs_batch, lhs_batch))
        out = dot_general(rhs, lhs, dims, precision, preferred_element_type=preferred)
        return out, batch + rhs_rest + lhs_rest
    dims = ((lhs_cont, rhs_cont), (lhs_batch, rhs_batch))
    out = dot_general(lhs, rhs, dims, precision, preferred_element_type=preferred)
    return out, batch + lhs_rest + rhs_rest


def _remove(names: str, chars: str) -> str:
    return names.translate(str.maketrans(dict.fromkeys(chars)))


def _sum(x, axes):
    if dtypes.is_bool(aval_of(x).dtype):
        return lax.reduce_or(x, tuple(axes))
    return lax.reduce_sum(x, tuple(axes))


def _sum_uniques(operand, names, uniques):
    if not uniques:
        return operand, names
    return _sum(operand, [names.index(n) for n in uniques]), _remove(names, "".join(uniques))


def _sum_repeats(operand, names, counts, keep_names):
    """A label repeated in one operand: mask to its diagonal, then sum all but (if the label is
    kept) one of its axes."""
    for name, count in counts.items():
        if count <= 1:
            continue
        axes = [i for i, n in enumerate(names) if n == name]
        operand = _diagonal_mask(operand, axes)
        if name not in keep_names:
            operand, names = _sum(operand, axes), names.replace(name, "")
        else:
            operand, names = _sum(operand, axes[:-1]), names.replace(name, "", count - 1)
    return operand, names


def _diagonal_mask(x, axes):
    aval = aval_of(x)
    first = lax.broadcasted_iota(dtypes.int32, aval.shape, axes[0])
    on_diagonal = None
    for axis in axes[1:]:
        same = lax.eq(first, lax.broadcasted_iota(dtypes.int32, aval.shape, axis))
        on_diagonal = same if on_diagonal is None else lax.bitwise_and(on_diagonal, same)
    return lax.select(on_diagonal, x, lax.full(aval.shape, 0, aval.dtype))


def _drop_singletons(operand, names, other_shape, other_names):
    """Squeezes size-1 axes whose label has a larger size in the other operand (broadcasting)."""
    shape = aval_of(operand).shape
    drop = []
    for i, n in enumerate(names):
        j = other_names.find(n)
        if shape[i] == 1 and j != -1 and other_shape[j] != 1:
            drop.append(i)
    if not drop:
        return operand, names
    return lax.squeeze(operand, drop), "".join(n for i, n in enumerate(names) if i not in drop)


# ---------------------------------------------------------------------------------------------
# Parsing.


def _parse(subscripts: str, ranks: list[int]) -> tuple[list[str], str]:
    spec = subscripts.replace(" ", "")
    lhs, arrow, rhs = spec.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise MeshjitValueError(
            f"Number of einsum subscripts, {len(terms)}, must be equal to the number of "
            f"operands, {len(ranks)}. (einsum {subscripts!r})"
        )
    max_ellipsis = max(
        (rank - len(term.replace("...", "")) for term, rank in zip(terms, ranks) if "..." in term),
        default=0,
    )
    inputs = [
        _expand_term(t, r, max_ellipsis, subscripts, i)
        for i, (t, r) in enumerate(zip(terms, ranks))
    ]
    if arrow:
        output = _expand_output(rhs, max_ellipsis, subscripts)
    else:
        output = _implicit_output(inputs, max_ellipsis)
    _check_output(output, inputs, subscripts)
    return inputs, output


def _check_labels(term: str, subscripts: str):
    if subscripts.count("->") > 1:
        raise MeshjitValueError(f"Subscripts can only contain one '->'. (einsum {subscripts!r})")
    bad = set(term.replace("...", "")) & (_NOT_LABELS - {"."})
    ellipses = term.count("...") > 1 or "." in term.replace("...", "")
    if bad or ellipses:
        raise MeshjitValueError(
            ("Invalid Ellipses. " if ellipses else "")  # JAX's words (opt_einsum's)
            + f"einsum: invalid subscript term {term!r} in {subscripts!r}: a label is one "
            "character other than '-', '>', ',' and '.', and a term has at most one '...'"
        )


def _expand_term(term: str, rank: int, max_ellipsis: int, subscripts: str, i: int) -> str:
    _check_labels(term, subscripts)
    named = len(term.replace("...", ""))
    if "..." not in term:
        if named != rank:
            raise MeshjitValueError(
                f"Einstein sum subscript {term!r} does not contain the correct number of "
                f"indices for operand {i}. ({named} labels for an operand of rank {rank})"
            )
        return term
    count = rank - named
    if count < 0:
        raise MeshjitValueError(
            f"einsum: term {term!r} has more labels than its operand's rank {rank}"
        )
    return term.replace("...", "".join(_ELLIPSIS_LABELS[max_ellipsis - count : max_ellipsis]))


def _expand_output(rhs: str, max_ellipsis: int, subscripts: str) -> str:
    _check_labels(rhs, subscripts)
    return rhs.replace("...", "".join(_ELLIPSIS_LABELS[:max_ellipsis]))


def _implicit_output(inputs: list[str], max_ellipsis: int) -> str:
    counts: dict[str, int] = {}
    for term in inputs:
        for label in term:
            counts[label] = counts.get(label, 0) + 1
    once = sorted(lbl for lbl, n in counts.items() if n == 1 and lbl not in _NOT_LABELS)
    return "".join(_ELLIPSIS_LABELS[:max_ellipsis]) + "".join(once)


def _check_output(output: str, inputs: list[str], subscripts: str):
    seen = set("".join(inputs))
    for label in output:
        if output.count(label) > 1:
            raise MeshjitValueError(
                f"Output character {label!r} appeared more than once in the output. "
                f"(einsum {subscripts!r})"
            )
        if label not in seen:
            raise MeshjitValueError(
                f"Output character {label!r} did not appear in the input: einsum: output label "
                f"{label!r} in {subscripts!r} does not appear in any input"
            )


def _label_sizes(inputs, operands) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for k, (labels, x) in enumerate(zip(inputs, operands)):
        for label, size in zip(labels, aval_of(x).shape):
            known = sizes.get(label)
            if known is None or known == 1:
                sizes[label] = size
            elif size not in (1, known):
                shown = "..." if label in _NOT_LABELS else repr(label)
                raise MeshjitValueError(  # JAX's (opt_einsum's) words, sizes as it shows them
                    f"Size of label {shown} for operand {k} ({known}) does not match previous "
                    f"terms ({size})."
                )
    return sizes
