"""Factor-based sharding rules per op, kept apart from the propagation algorithm.

A rule maps every dimension of every operand and result to factors (major to minor), e.g.
`dot_general`: `([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}`. Each factor has a
size and a kind:
- pass-through: sharding it costs nothing when all tensors agree;
- reduction: only in operands; sharding it leaves the results partial (an all-reduce);
- need_replication: must stay unsharded (the sort dimension, a gathered dimension);
- permutation: sharding it needs data movement (sliced, padded, reversed dimensions);
and may be `blocked` (propagation never moves axes along it).

`RULES` maps an op name to `rule_fn(op) -> ShardingRule | None`; `rule_for(op)` looks it up.
Custom calls take rules registered with `register_custom_call_rule(target, rule)`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

PASS_THROUGH = "pass_through"
REDUCTION = "reduction"
NEED_REPLICATION = "need_replication"
PERMUTATION = "permutation"
KINDS = (PASS_THROUGH, REDUCTION, NEED_REPLICATION, PERMUTATION)


class RuleError(ValueError):
    """A rule that does not fit its op (wrong number of tensors or dimensions)."""


@dataclasses.dataclass(frozen=True)
class Factor:
    size: int
    kind: str = PASS_THROUGH
    blocked: bool = False


TensorMapping = tuple[tuple[int, ...], ...]  # per dimension: factor indices, major to minor


@dataclasses.dataclass(frozen=True)
class ShardingRule:
    operands: tuple[TensorMapping, ...]
    results: tuple[TensorMapping, ...]
    factors: tuple[Factor, ...]
    is_custom: bool = False

    @property
    def text(self) -> str:
        """Shardy's `#sdy.op_sharding_rule<...>` syntax."""
        names = factor_names(len(self.factors))

        def tensor(mapping):
            return "[" + ", ".join("".join(names[f] for f in dim) for dim in mapping) + "]"

        def group(mappings):
            return "(" + ", ".join(tensor(m) for m in mappings) + ")"

        sizes = ", ".join(f"{names[i]}={f.size}" for i, f in enumerate(self.factors))
        extras = ""
        for key, kind in (
            ("reduction", REDUCTION),
            ("need_replication", NEED_REPLICATION),
            ("permutation", PERMUTATION),
        ):
            picked = [names[i] for i, f in enumerate(self.factors) if f.kind == kind]
            if picked:
                extras += f" {key}={{{', '.join(picked)}}}"
        blocked = [names[i] for i, f in enumerate(self.factors) if f.blocked]
        if blocked:
            extras += f" blocked_propagation={{{', '.join(blocked)}}}"
        custom = ", custom" if self.is_custom else ""
        return (
            f"#sdy.op_sharding_rule<{group(self.operands)}->{group(self.results)} "
            f"{{{sizes}}}{extras}{custom}>"
        )

    def tensors(self) -> tuple[TensorMapping, ...]:
        return self.operands + self.results

    def check_ranks(self, operand_ranks, result_ranks) -> None:
        """Raises RuleError unless the rule has one mapping per tensor and dimension."""
        for role, mappings, ranks in (
            ("operand", self.operands, operand_ranks),
            ("result", self.results, result_ranks),
        ):
            if len(mappings) != len(ranks):
                raise RuleError(f"rule has {len(mappings)} {role}s, op has {len(ranks)}")
            for i, (mapping, rank) in enumerate(zip(mappings, ranks)):
                if len(mapping) != rank:
                    raise RuleError(
                        f"rule maps {len(mapping)} dims of {role} {i}, which has rank {rank}"
                    )
        for mapping in self.tensors():
            for dim in mapping:
                for f in dim:
                    if not 0 <= f < len(self.factors):
                        raise RuleError(f"rule names factor {f}, has {len(self.factors)}")


def factor_names(count: int) -> list[str]:
    base = "ijklmnopqrstuvwxyz"
    return [base[i] if i < len(base) else f"z_{i - len(base) + 1}" for i in range(count)]


class RuleBuilder:
    """Builds a ShardingRule: `f = b.factor(8)`, then `b.map(operand=0, dim=1, factors=[f])`."""

    def __init__(self, operand_ranks, result_ranks):
        self.factors: list[Factor] = []
        self.operands = [[[] for _ in range(r)] for r in operand_ranks]
        self.results = [[[] for _ in range(r)] for r in result_ranks]

    def factor(self, size: int, kind: str = PASS_THROUGH, blocked: bool = False) -> int:
        self.factors.append(Factor(size, kind, blocked))
        return len(self.factors) - 1

    def operand(self, index: int, dim: int, factor: int) -> None:
        self.operands[index][dim].append(factor)

    def result(self, index: int, dim: int, factor: int) -> None:
        self.results[index][dim].append(factor)

    def build(self, is_custom: bool = False) -> ShardingRule:
        def freeze(group):
            return tuple(tuple(tuple(dim) for dim in t) for t in group)

        return ShardingRule(
            freeze(self.operands), freeze(self.results), tuple(self.factors), is_custom
        )


# --------------------------------------------------------------------------- op helpers


def shape_of(value: ir.Value) -> tuple[int, ...]:
    t = value.type
    if not isinstance(t, ir.RankedTensorType):
        return ()
    return tuple(ir.RankedTensorType(t).shape)


def is_tensor(value: ir.Value) -> bool:
    return isinstance(value.type, ir.RankedTensorType)


def _ranks(values) -> list[int]:
    return [len(shape_of(v)) for v in values]


def _ints(op: ir.Operation, name: str) -> list[int]:
    if name not in op.attributes:
        return []
    attr = op.attributes[name]
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return list(ir.DenseI64ArrayAttr(attr))
    if isinstance(attr, ir.DenseIntElementsAttr):
        return [int(x) for x in ir.DenseIntElementsAttr(attr)]
    if isinstance(attr, ir.IntegerAttr):
        return [ir.IntegerAttr(attr).value]
    return [ir.IntegerAttr(a).value for a in ir.ArrayAttr(attr)]


def _int(op: ir.Operation, name: str, default: int = 0) -> int:
    values = _ints(op, name)
    return values[0] if values else default


def _builder(op: ir.Operation) -> RuleBuilder:
    return RuleBuilder(_ranks(op.operands), _ranks(op.results))


# --------------------------------------------------------------------------- registry

RuleFn = Callable[[ir.Operation], "ShardingRule | None"]
RULES: dict[str, RuleFn] = {}
CUSTOM_CALL_RULES: dict[str, ShardingRule | Callable] = {}


def sharding_rule(*op_names: str):
    """Decorator registering `rule_fn(op)` for every op in `op_names`."""

    def decorate(fn: RuleFn) -> RuleFn:
        for name in op_names:
            RULES[name] = fn
        return fn

    return decorate


def register_custom_call_rule(target_name: str, rule) -> None:
    """Registers the rule for `stablehlo.custom_call @target_name`.

    `rule` is a ShardingRule, its `#sdy.op_sharding_rule` text, or `fn(op) -> ShardingRule`.
    Its ranks are checked against each op when it is used (RuleError if they differ).
    """
    if not isinstance(rule, (ShardingRule, str)) and not callable(rule):
        raise TypeError(f"custom call rule for '{target_name}' must be a ShardingRule or callable")
    CUSTOM_CALL_RULES[target_name] = rule


def unregister_custom_call_rule(target_name: str) -> None:
    CUSTOM_CALL_RULES.pop(target_name, None)


# Rules of ops whose rule depends only on their name and shapes, by (name, shapes).
_SHAPE_ONLY_CACHE: dict[tuple, "ShardingRule | None"] = {}


def rule_for(op: ir.Operation) -> ShardingRule | None:
    """The op's rule, None for ops without one. Raises RuleError for ill-fitting rules."""
    op = op.operation
    name = op.name
    fn = RULES.get(name)
    if fn is None:
        return None
    key = None
    if name in _SHAPE_ONLY_OPS:
        key = (name, tuple(map(shape_of, op.operands)), tuple(map(shape_of, op.results)))
        if key in _SHAPE_ONLY_CACHE:
            return _SHAPE_ONLY_CACHE[key]
    rule = fn(op)
    if rule is not None:
        rule.check_ranks(_ranks(op.operands), _ranks(op.results))
    if key is not None:
        _SHAPE_ONLY_CACHE[key] = rule
    return rule


# --------------------------------------------------------------------------- pointwise


def pointwise_rule(op: ir.Operation, special=None) -> ShardingRule:
    """One factor per result dim shared by every same-rank tensor; scalars map to nothing.

    `special(dim) -> (kind, blocked) | None` overrides a dimension's factor kind.
    """
    b = _builder(op)
    shape = shape_of(op.results[0]) if len(op.results) else shape_of(op.operands[0])
    rank = len(shape)
    for d, size in enumerate(shape):
        kind, blocked = (special(d) if special else None) or (PASS_THROUGH, False)
        f = b.factor(size, kind, blocked)
        for i, v in enumerate(op.operands):
            if len(shape_of(v)) == rank:
                b.operand(i, d, f)
        for i, v in enumerate(op.results):
            if len(shape_of(v)) == rank:
                b.result(i, d, f)
    return b.build()


ELEMENTWISE_OPS = tuple(
    "stablehlo." + n
    for n in [
        "abs",
        "add",
        "and",
        "atan2",
        "bitcast_convert",
        "cbrt",
        "ceil",
        "clamp",
        "compare",
        "complex",
        "convert",
        "cosine",
        "count_leading_zeros",
        "divide",
        "exponential",
        "exponential_minus_one",
        "floor",
        "imag",
        "is_finite",
        "log",
        "log_plus_one",
        "logistic",
        "maximum",
        "minimum",
        "multiply",
        "negate",
        "not",
        "or",
        "popcnt",
        "power",
        "real",
        "reduce_precision",
        "remainder",
        "round_nearest_afz",
        "round_nearest_even",
        "rsqrt",
        "select",
        "shift_left",
        "shift_right_arithmetic",
        "shift_right_logical",
        "sign",
        "sine",
        "sqrt",
        "subtract",
        "tan",
        "tanh",
        "xor",
        "all_reduce",
        "collective_permute",
        "optimization_barrier",
    ]
) + ("sdy.sharding_constraint", "sdy.reshard", "chlo.erf", "chlo.erf_inv")


_SHAPE_ONLY_OPS = frozenset(ELEMENTWISE_OPS)


@sharding_rule(*ELEMENTWISE_OPS)
def elementwise_rule(op):
    if op.name == "stablehlo.bitcast_convert" and shape_of(op.operands[0]) != shape_of(
        op.results[0]
    ):
        return None
    if op.name in ("stablehlo.optimization_barrier", "stablehlo.all_reduce") and (
        len(op.results) > 1
    ):
        return _per_pair_rule(op)
    return pointwise_rule(op)


def _per_pair_rule(op) -> ShardingRule:
    """Operand i and result i share factors (variadic identity-like ops)."""
    b = _builder(op)
    for i, (v, r) in enumerate(zip(op.operands, op.results)):
        for d, size in enumerate(shape_of(r)):
            f = b.factor(size)
            if len(shape_of(v)) == len(shape_of(r)):
                b.operand(i, d, f)
            b.result(i, d, f)
    return b.build()


# --------------------------------------------------------------------------- shape ops


@sharding_rule("stablehlo.broadcast_in_dim")
def broadcast_rule(op):
    b = _builder(op)
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    mapped = dict(zip(_ints(op, "broadcast_dimensions"), range(len(in_shape))))
    for r, size in enumerate(out_shape):
        f = b.factor(size)
        b.result(0, r, f)
        d = mapped.get(r)
        if d is not None and in_shape[d] == size:
            b.operand(0, d, f)
    return b.build()


@sharding_rule("stablehlo.transpose")
def transpose_rule(op):
    b = _builder(op)
    in_shape = shape_of(op.operands[0])
    perm = _ints(op, "permutation")
    factors = [b.factor(size) for size in in_shape]
    for d, f in enumerate(factors):
        b.operand(0, d, f)
    for r, d in enumerate(perm):
        b.result(0, r, factors[d])
    return b.build()


@sharding_rule("stablehlo.reshape")
def reshape_rule(op):
    return reshape_factors(_builder(op), shape_of(op.operands[0]), shape_of(op.results[0]))


def reshape_factors(b: RuleBuilder, in_shape, out_shape) -> ShardingRule:
    """gcd decomposition: `[6, 4] -> [2, 12]` gives `([ij, k])->([i, jk]) {i=2, j=3, k=4}`."""
    i = j = 0
    cur_in = in_shape[0] if in_shape else 1
    cur_out = out_shape[0] if out_shape else 1
    while i < len(in_shape) and j < len(out_shape):
        if cur_in == 1:
            i += 1
            cur_in = in_shape[i] if i < len(in_shape) else 1
            continue
        if cur_out == 1:
            j += 1
            cur_out = out_shape[j] if j < len(out_shape) else 1
            continue
        g = math.gcd(cur_in, cur_out)
        if g == 1:
            return _reshape_fallback(b, in_shape, out_shape, i, j)
        f = b.factor(g)
        b.operand(0, i, f)
        b.result(0, j, f)
        cur_in //= g
        cur_out //= g
    return b.build()


def _reshape_fallback(b: RuleBuilder, in_shape, out_shape, i, j) -> ShardingRule:
    """Dims from (i, j) on without a common factor: each is its own need_replication factor."""
    for d in range(i, len(in_shape)):
        if in_shape[d] > 1 and not b.operands[0][d]:
            b.operand(0, d, b.factor(in_shape[d], NEED_REPLICATION))
    for d in range(j, len(out_shape)):
        if out_shape[d] > 1 and not b.results[0][d]:
            b.result(0, d, b.factor(out_shape[d], NEED_REPLICATION))
    return b.build()


def _sliced_dims_rule(op, changed) -> ShardingRule:
    """Pointwise; dims where `changed(d)` are permutation factors."""
    return pointwise_rule(op, lambda d: (PERMUTATION, False) if changed(d) else None)


@sharding_rule("stablehlo.slice")
def slice_rule(op):
    shape = shape_of(op.operands[0])
    starts, limits = _ints(op, "start_indices"), _ints(op, "limit_indices")
    strides = _ints(op, "strides") or [1] * len(shape)
    return _sliced_dims_rule(op, lambda d: (starts[d], limits[d], strides[d]) != (0, shape[d], 1))


@sharding_rule("stablehlo.pad")
def pad_rule(op):
    lo, hi = _ints(op, "edge_padding_low"), _ints(op, "edge_padding_high")
    inner = _ints(op, "interior_padding")
    return _sliced_dims_rule(op, lambda d: (lo[d], hi[d], inner[d]) != (0, 0, 0))


@sharding_rule("stablehlo.reverse")
def reverse_rule(op):
    dims = set(_ints(op, "dimensions"))
    return _sliced_dims_rule(op, lambda d: d in dims)


@sharding_rule("stablehlo.concatenate")
def concatenate_rule(op):
    # Shardy shards the concatenated dim too (a permutation: the pieces move between devices).
    axis = _int(op, "dimension")
    return pointwise_rule(op, lambda d: (PERMUTATION, False) if d == axis else None)


@sharding_rule("stablehlo.sort")
def sort_rule(op):
    axis = _int(op, "dimension")
    return pointwise_rule(op, lambda d: (NEED_REPLICATION, False) if d == axis else None)


@sharding_rule("stablehlo.dynamic_slice")
def dynamic_slice_rule(op):
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    b = _builder(op)
    for d, (n_in, n_out) in enumerate(zip(in_shape, out_shape)):
        if n_in == n_out:
            f = b.factor(n_in)
        else:
            f = b.factor(n_in, NEED_REPLICATION, blocked=True)
        b.operand(0, d, f)
        b.result(0, d, f)
    return b.build()


@sharding_rule("stablehlo.dynamic_update_slice")
def dynamic_update_slice_rule(op):
    shape, upd = shape_of(op.operands[0]), shape_of(op.operands[1])
    b = _builder(op)
    for d, size in enumerate(shape):
        f = b.factor(size)
        b.operand(0, d, f)
        b.result(0, d, f)
        if upd[d] == size:
            b.operand(1, d, f)
        else:
            b.operand(1, d, b.factor(upd[d], NEED_REPLICATION))
    return b.build()


# --------------------------------------------------------------------------- contractions


@sharding_rule("stablehlo.dot_general")
def dot_general_rule(op):
    dn = stablehlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"])
    lhs, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    lb, rb = list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)
    lc, rc = list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)
    b = _builder(op)
    out = 0
    for ld, rd in zip(lb, rb):
        f = b.factor(lhs[ld])
        b.operand(0, ld, f), b.operand(1, rd, f), b.result(0, out, f)
        out += 1
    for side, shape, skip in ((0, lhs, lb + lc), (1, rhs, rb + rc)):
        for d, size in enumerate(shape):
            if d not in skip:
                f = b.factor(size)
                b.operand(side, d, f), b.result(0, out, f)
                out += 1
    for ld, rd in zip(lc, rc):
        f = b.factor(lhs[ld], REDUCTION)
        b.operand(0, ld, f), b.operand(1, rd, f)
    return b.build()


@sharding_rule("stablehlo.reduce")
def reduce_rule(op):
    n = len(op.results)
    reduced = set(_ints(op, "dimensions"))
    shape = shape_of(op.operands[0])
    b = _builder(op)
    out = 0
    for d, size in enumerate(shape):
        f = b.factor(size, REDUCTION if d in reduced else PASS_THROUGH)
        for i in range(n):
            b.operand(i, d, f)
            if d not in reduced:
                b.result(i, out, f)
        out += d not in reduced
    return b.build()


@sharding_rule("stablehlo.reduce_window")
def reduce_window_rule(op):
    n = len(op.results)
    shape = shape_of(op.operands[0])
    rank = len(shape)
    window = _ints(op, "window_dimensions")
    strides = _ints(op, "window_strides") or [1] * rank
    base = _ints(op, "base_dilations") or [1] * rank
    win_dil = _ints(op, "window_dilations") or [1] * rank
    padding = _ints(op, "padding") or [0] * (2 * rank)
    b = _builder(op)
    for d, size in enumerate(shape):
        trivial = (window[d], strides[d], base[d], win_dil[d]) == (1, 1, 1, 1) and not any(
            padding[2 * d : 2 * d + 2]
        )
        f = b.factor(size, PASS_THROUGH if trivial else PERMUTATION)
        for i in range(n):
            b.operand(i, d, f)
            b.result(i, d, f)
    return b.build()


@sharding_rule("stablehlo.convolution")
def convolution_rule(op):
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    lhs, rhs, out = shape_of(op.operands[0]), shape_of(op.operands[1]), shape_of(op.results[0])
    groups = _int(op, "feature_group_count", 1)
    batch_groups = _int(op, "batch_group_count", 1)
    b = _builder(op)
    f = b.factor(
        out[dn.output_batch_dimension], PASS_THROUGH if batch_groups == 1 else NEED_REPLICATION
    )
    if batch_groups == 1:
        b.operand(0, dn.input_batch_dimension, f)
    else:
        b.operand(
            0, dn.input_batch_dimension, b.factor(lhs[dn.input_batch_dimension], NEED_REPLICATION)
        )
    b.result(0, dn.output_batch_dimension, f)
    f = b.factor(out[dn.output_feature_dimension])
    b.operand(1, dn.kernel_output_feature_dimension, f)
    b.result(0, dn.output_feature_dimension, f)
    kind = REDUCTION if groups == 1 else NEED_REPLICATION
    f = b.factor(lhs[dn.input_feature_dimension], kind)
    b.operand(0, dn.input_feature_dimension, f)
    if groups == 1:
        b.operand(1, dn.kernel_input_feature_dimension, f)
    else:
        b.operand(
            1,
            dn.kernel_input_feature_dimension,
            b.factor(rhs[dn.kernel_input_feature_dimension], NEED_REPLICATION),
        )
    strides = _ints(op, "window_strides") or [1] * len(dn.input_spatial_dimensions)
    for s, (ld, kd, od) in enumerate(
        zip(dn.input_spatial_dimensions, dn.kernel_spatial_dimensions, dn.output_spatial_dimensions)
    ):
        trivial = rhs[kd] == 1 and strides[s] == 1 and lhs[ld] == out[od]
        f = b.factor(out[od], PASS_THROUGH if trivial else PERMUTATION)
        b.operand(0, ld, f)
        b.result(0, od, f)
        b.operand(1, kd, b.factor(rhs[kd], NEED_REPLICATION))
    return b.build()


# --------------------------------------------------------------------------- gather / scatter


@sharding_rule("stablehlo.gather")
def gather_rule(op):
    dn = stablehlo.GatherDimensionNumbers(op.attributes["dimension_numbers"])
    operand, indices, out = (shape_of(v) for v in (*op.operands[:2], op.results[0]))
    slice_sizes = _ints(op, "slice_sizes")
    offset_dims = list(dn.offset_dims)
    collapsed, op_batch = set(dn.collapsed_slice_dims), list(dn.operand_batching_dims)
    idx_batch, index_map = list(dn.start_indices_batching_dims), set(dn.start_index_map)
    ivd = dn.index_vector_dim
    b = _builder(op)
    batch_out = [d for d in range(len(out)) if d not in offset_dims]
    idx_dims = [d for d in range(len(indices)) if d != ivd]
    idx_factor = {}
    for r, d in zip(batch_out, idx_dims):
        f = b.factor(indices[d])
        b.operand(1, d, f), b.result(0, r, f)
        idx_factor[d] = f
    if ivd < len(indices):
        b.operand(1, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    window = [d for d in range(len(operand)) if d not in collapsed and d not in op_batch]
    for r, d in zip(offset_dims, window):
        if slice_sizes[d] == operand[d] and d not in index_map:
            f = b.factor(operand[d])
            b.operand(0, d, f), b.result(0, r, f)
        else:
            b.operand(0, d, b.factor(operand[d], NEED_REPLICATION))
            b.result(0, r, b.factor(out[r]))
    for p, d in enumerate(op_batch):
        b.operand(0, d, idx_factor[idx_batch[p]])
    for d in collapsed:
        b.operand(0, d, b.factor(operand[d], NEED_REPLICATION))
    return b.build()


@sharding_rule("stablehlo.scatter")
def scatter_rule(op):
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    n = len(op.results)
    operand, indices, updates = (shape_of(op.operands[i]) for i in (0, n, n + 1))
    window_dims = list(dn.update_window_dims)
    inserted, in_batch = set(dn.inserted_window_dims), list(dn.input_batching_dims)
    idx_batch, ivd = list(dn.scatter_indices_batching_dims), dn.index_vector_dim
    to_operand = set(dn.scattered_dims_to_operand_dims)
    b = _builder(op)
    operand_factor = []
    for d, size in enumerate(operand):
        f = b.factor(
            size, NEED_REPLICATION if d in to_operand and d not in in_batch else PASS_THROUGH
        )
        operand_factor.append(f)
        for i in range(n):
            b.operand(i, d, f), b.result(i, d, f)
    idx_dims = [d for d in range(len(indices)) if d != ivd]
    scatter_dims = [d for d in range(len(updates)) if d not in window_dims]
    batch_of_idx = {idx_batch[p]: in_batch[p] for p in range(len(in_batch))}
    for ud, d in zip(scatter_dims, idx_dims):
        if d in batch_of_idx:
            f = operand_factor[batch_of_idx[d]]
        else:
            f = b.factor(indices[d], REDUCTION)
        b.operand(n, d, f)
        for i in range(n):
            b.operand(n + 1 + i, ud, f)
    if ivd < len(indices):
        b.operand(n, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    window = [d for d in range(len(operand)) if d not in inserted and d not in in_batch]
    for ud, d in zip(window_dims, window):
        f = (
            operand_factor[d]
            if updates[ud] == operand[d]
            else b.factor(updates[ud], NEED_REPLICATION)
        )
        for i in range(n):
            b.operand(n + 1 + i, ud, f)
    return b.build()


# --------------------------------------------------------------------------- collectives


def _collective_rule(op, in_dims, out_dims) -> ShardingRule:
    """Pointwise except `in_dims` / `out_dims`: need_replication on each side separately."""
    b = _builder(op)
    shape = shape_of(op.operands[0])
    out_shape = shape_of(op.results[0])
    for d, size in enumerate(shape):
        if d in in_dims or d in out_dims:
            b.operand(0, d, b.factor(size, NEED_REPLICATION))
            b.result(0, d, b.factor(out_shape[d], NEED_REPLICATION))
        else:
            f = b.factor(size)
            b.operand(0, d, f), b.result(0, d, f)
    return b.build()


@sharding_rule("stablehlo.all_gather")
def all_gather_rule(op):
    if len(op.operands) != 1:
        return None
    return _collective_rule(op, {_int(op, "all_gather_dim")}, set())


@sharding_rule("stablehlo.reduce_scatter")
def reduce_scatter_rule(op):
    return _collective_rule(op, {_int(op, "scatter_dimension")}, set())


@sharding_rule("stablehlo.all_to_all")
def all_to_all_rule(op):
    if len(op.operands) != 1:
        return None
    return _collective_rule(op, {_int(op, "split_dimension")}, {_int(op, "concat_dimension")})


# --------------------------------------------------------------------------- custom calls


def _parse_rule_text(text: str) -> ShardingRule:
    from jaxlib.mlir.dialects import sdy

    attr = sdy.OpShardingRuleAttr(ir.Attribute.parse(text))
    sizes = list(attr.factor_sizes)
    kinds = {f: REDUCTION for f in attr.reduction_factors}
    kinds.update({f: NEED_REPLICATION for f in attr.need_replication_factors})
    kinds.update({f: PERMUTATION for f in attr.permutation_factors})
    blocked = set(attr.blocked_propagation_factors)

    def mapping(m):
        dims = [sdy.DimMappingAttr(d) for d in sdy.TensorMappingAttr(m).dim_mappings]
        return tuple(tuple(d.factor_indices) for d in dims)

    return ShardingRule(
        tuple(mapping(m) for m in attr.operand_mappings),
        tuple(mapping(m) for m in attr.result_mappings),
        tuple(Factor(s, kinds.get(i, PASS_THROUGH), i in blocked) for i, s in enumerate(sizes)),
        True,
    )


@sharding_rule("stablehlo.custom_call")
def custom_call_rule(op):
    target = ir.StringAttr(op.attributes["call_target_name"]).value
    rule = CUSTOM_CALL_RULES.get(target)
    if rule is None:
        return None
    if isinstance(rule, str):
        rule = _parse_rule_text(rule)
    elif not isinstance(rule, ShardingRule):
        rule = rule(op)
    return dataclasses.replace(rule, is_custom=True) if rule is not None else None


def custom_call_target(op: ir.Operation) -> str | None:
    op = op.operation
    if op.name != "stablehlo.custom_call":
        return None
    return ir.StringAttr(op.attributes["call_target_name"]).value


# --------------------------------------------------------------------------- rule cache

# Ops whose rule depends only on their operand and result types and these attributes.
_RULE_ATTRS: dict[str, tuple[str, ...]] = {
    **{name: () for name in ELEMENTWISE_OPS},
    "stablehlo.broadcast_in_dim": ("broadcast_dimensions",),
    "stablehlo.transpose": ("permutation",),
    "stablehlo.reshape": (),
    "stablehlo.slice": ("start_indices", "limit_indices", "strides"),
    "stablehlo.pad": ("edge_padding_low", "edge_padding_high", "interior_padding"),
    "stablehlo.reverse": ("dimensions",),
    "stablehlo.concatenate": ("dimension",),
    "stablehlo.sort": ("dimension",),
    "stablehlo.dynamic_slice": (),
    "stablehlo.dynamic_update_slice": (),
    "stablehlo.dot_general": ("dot_dimension_numbers",),
    "stablehlo.reduce": ("dimensions",),
}


def rule_cache_key(op: ir.Operation) -> tuple | None:
    """A key equal for ops that get the same rule (None: no key, ask `rule_for`).

    It holds MLIR types and attributes, so a cache using it must not outlive the context."""
    name = op.name
    attr_names = _RULE_ATTRS.get(name)
    if attr_names is None or RULES.get(name) is not _DEFAULT_RULES.get(name):
        return None
    attrs = op.attributes
    return (
        name,
        tuple(v.type for v in op.operands),
        tuple(v.type for v in op.results),
        tuple(attrs[a] if a in attrs else None for a in attr_names),
    )


# --------------------------------------------------------------------------- op classes

# Ops Shardy treats as elementwise (MLIR's Elementwise trait, or broadcasting elementwise).
SHARDY_ELEMENTWISE_OPS = frozenset(ELEMENTWISE_OPS) - {
    "stablehlo.all_reduce",
    "stablehlo.collective_permute",
    "stablehlo.optimization_barrier",
    "sdy.sharding_constraint",
    "sdy.reshard",
}
# Ops that take their users' sharding and have no rule of their own.
NO_RULE_OPS = frozenset({"stablehlo.constant", "stablehlo.iota"})
# First op-priority stage: ops that never move data when shardings agree.
PASS_THROUGH_OPS = frozenset(ELEMENTWISE_OPS) | {"stablehlo.reshape", "stablehlo.transpose"}

# The built-in rules, so that `rule_cache_key` knows when one was replaced.
_DEFAULT_RULES = dict(RULES)
