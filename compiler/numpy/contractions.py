"""meshjit.numpy einsum: subscripts -> diagonals, per-operand sums, pairwise dot_generals, transpose.

Supported: explicit (`'ij,jk->ik'`) and implicit (`'ij,jk'`) outputs, `...` (broadcast axes,
size 1 broadcasts), repeated labels inside one operand (diagonals), labels summed away, and any
number of operands, contracted pairwise from left to right.
"""

from __future__ import annotations

import string

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of, materialize, promote, sharded_by

__all__ = ["einsum"]

_LETTERS = set(string.ascii_letters)
_ELLIPSIS_LABELS = [chr(0x3B1 + k) for k in range(24)]  # Greek letters: never user labels


def einsum(
    subscripts: str,
    *operands,
    optimize=None,
    precision=None,
    preferred_element_type=None,
    out_sharding=None,
):
    def contract(*xs):
        return _einsum(subscripts, *xs, preferred_element_type=preferred_element_type)

    return sharded_by(out_sharding, "einsum", contract, *operands)


def _einsum(subscripts: str, *operands, preferred_element_type=None):
    if not isinstance(subscripts, str):
        raise MeshjitTypeError(
            "einsum: only the string form einsum('ij,jk->ik', a, b) is supported"
        )
    operands = [materialize(x) for x in promote(*operands)]
    inputs, output = _parse(subscripts, [aval_of(x).ndim for x in operands])
    sizes = _label_sizes(inputs, operands)
    arrays = []
    for labels, x in zip(inputs, operands):
        arrays.append(_squeeze_broadcast(x, labels, sizes))
    arrays = [_take_diagonals(x, labels) for x, labels in arrays]
    return _contract_all(arrays, output, preferred_element_type)


# ---------------------------------------------------------------------------------------------
# Parsing.


def _parse(subscripts: str, ranks: list[int]) -> tuple[list[str], str]:
    spec = subscripts.replace(" ", "")
    lhs, arrow, rhs = spec.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise MeshjitValueError(
            f"einsum: subscripts {subscripts!r} name {len(terms)} operands but "
            f"{len(ranks)} were given"
        )
    max_ellipsis = max(
        (rank - len(term.replace("...", "")) for term, rank in zip(terms, ranks) if "..." in term),
        default=0,
    )
    inputs = [_expand_term(t, r, max_ellipsis, subscripts) for t, r in zip(terms, ranks)]
    if arrow:
        output = _expand_output(rhs, max_ellipsis, subscripts)
    else:
        output = _implicit_output(inputs, max_ellipsis)
    _check_output(output, inputs, subscripts)
    return inputs, output


def _check_labels(term: str, subscripts: str):
    bad = set(term.replace("...", "")) - _LETTERS
    if bad or term.count("...") > 1 or "." in term.replace("...", ""):
        raise MeshjitValueError(
            f"einsum: invalid subscript term {term!r} in {subscripts!r}: use letters and at "
            "most one '...'"
        )


def _expand_term(term: str, rank: int, max_ellipsis: int, subscripts: str) -> str:
    _check_labels(term, subscripts)
    named = len(term.replace("...", ""))
    if "..." not in term:
        if named != rank:
            raise MeshjitValueError(
                f"einsum: term {term!r} has {named} labels but its operand has rank {rank}"
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
    once = sorted(lbl for lbl, n in counts.items() if n == 1 and lbl in _LETTERS)
    return "".join(_ELLIPSIS_LABELS[:max_ellipsis]) + "".join(once)


def _check_output(output: str, inputs: list[str], subscripts: str):
    seen = set("".join(inputs))
    for label in output:
        if output.count(label) > 1:
            raise MeshjitValueError(
                f"einsum: output label {label!r} appears more than once in {subscripts!r}"
            )
        if label not in seen:
            raise MeshjitValueError(
                f"einsum: output label {label!r} in {subscripts!r} does not appear in any input"
            )


def _label_sizes(inputs, operands) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for k, (labels, x) in enumerate(zip(inputs, operands)):
        for label, size in zip(labels, aval_of(x).shape):
            known = sizes.get(label)
            if known is None or known == 1:
                sizes[label] = size
            elif size not in (1, known) or (size == 1 and label in _LETTERS):
                shown = "..." if label not in _LETTERS else repr(label)
                raise MeshjitValueError(
                    f"einsum: size of label {shown} differs: {known} in an earlier operand but "
                    f"{size} in operand {k} ({aval_of(x).str_short()})"
                )
    return sizes


# ---------------------------------------------------------------------------------------------
# Per-operand preparation.


def _squeeze_broadcast(x, labels: str, sizes):
    """Drops size-1 axes that broadcast against a larger size elsewhere (`...` axes)."""
    shape = aval_of(x).shape
    drop = [i for i, (lbl, s) in enumerate(zip(labels, shape)) if s == 1 and sizes[lbl] != 1]
    if not drop:
        return x, labels
    kept = "".join(lbl for i, lbl in enumerate(labels) if i not in drop)
    return lax.squeeze(x, drop), kept


def _take_diagonals(x, labels: str):
    """Repeated labels in one operand select the diagonal along those axes."""
    while True:
        repeated = next((lbl for lbl in labels if labels.count(lbl) > 1), None)
        if repeated is None:
            return x, labels
        first = labels.index(repeated)
        second = labels.index(repeated, first + 1)
        x = _diagonal(x, first, second)
        labels = labels[:second] + labels[second + 1 :]


def _diagonal(x, first: int, second: int):
    aval = aval_of(x)
    rows = lax.broadcasted_iota(dtypes.int32, aval.shape, first)
    cols = lax.broadcasted_iota(dtypes.int32, aval.shape, second)
    zeros = lax.full(aval.shape, 0, aval.dtype)
    masked = lax.select(lax.eq(rows, cols), x, zeros)
    if dtypes.is_bool(aval.dtype):
        return lax.reduce_or(masked, (second,))
    return lax.reduce_sum(masked, (second,))


def _sum_labels(x, labels: str, keep: set[str]):
    axes = tuple(i for i, lbl in enumerate(labels) if lbl not in keep)
    if not axes:
        return x, labels
    return lax.reduce_sum(x, axes), "".join(lbl for lbl in labels if lbl in keep)


# ---------------------------------------------------------------------------------------------
# Contraction.


def _contract_all(arrays, output: str, preferred_element_type):
    # later[k]: the labels the output or the operands after operand k still need.
    later = [set(output)] * len(arrays)
    for k in range(len(arrays) - 2, -1, -1):
        later[k] = later[k + 1] | set(arrays[k + 1][1])
    x, labels = _sum_labels(*arrays[0], later[0])
    for k, (y, y_labels) in enumerate(arrays[1:], start=1):
        y, y_labels = _sum_labels(y, y_labels, later[k] | set(labels))
        x, labels = _contract_pair(x, labels, y, y_labels, later[k], preferred_element_type)
    x, labels = _sum_labels(x, labels, set(output))
    return lax.transpose(x, [labels.index(lbl) for lbl in output])


def _contract_pair(x, x_labels, y, y_labels, keep, preferred_element_type):
    shared = [lbl for lbl in x_labels if lbl in y_labels]
    batch = [lbl for lbl in shared if lbl in keep]
    contract = [lbl for lbl in shared if lbl not in keep]
    dims = (
        (tuple(x_labels.index(c) for c in contract), tuple(y_labels.index(c) for c in contract)),
        (tuple(x_labels.index(b) for b in batch), tuple(y_labels.index(b) for b in batch)),
    )
    out = lax.dot_general(x, y, dims, preferred_element_type=preferred_element_type)
    x_free = "".join(lbl for lbl in x_labels if lbl not in shared)
    y_free = "".join(lbl for lbl in y_labels if lbl not in shared)
    return out, "".join(batch) + x_free + y_free
