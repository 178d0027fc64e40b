"""A factor-based sharding rule and its builder.

A rule maps every dimension of every operand and result to factors (major to minor), e.g.
`dot_general`: `([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}`. Each factor has a
size and a kind:
- pass-through: sharding it costs nothing when all tensors agree;
- reduction: only in operands; sharding it leaves the results partial (an all-reduce);
- need_replication: must stay unsharded (the sort dimension, a gathered dimension);
- permutation: sharding it needs data movement (sliced, padded, reversed dimensions);
and may be `blocked` (propagation never moves axes along it).
"""

from __future__ import annotations

import dataclasses

from jaxlib.mlir.dialects import sdy

PASS_THROUGH = "pass_through"
REDUCTION = "reduction"
NEED_REPLICATION = "need_replication"
PERMUTATION = "permutation"


class RuleError(ValueError):
    """A rule that does not fit its op (wrong number of tensors or dimensions)."""


@dataclasses.dataclass(frozen=True)
class Factor:
    size: int
    kind: str = PASS_THROUGH
    blocked: bool = False


TensorMapping = tuple[tuple[int, ...], ...]  # per dimension: factor indices, major to minor

# Rule text keywords of the factor kinds other than pass-through, in Shardy's order.
_KIND_KEYWORDS = (
    ("reduction", REDUCTION),
    ("need_replication", NEED_REPLICATION),
    ("permutation", PERMUTATION),
)


@dataclasses.dataclass(frozen=True)
class ShardingRule:
    operands: tuple[TensorMapping, ...]
    results: tuple[TensorMapping, ...]
    factors: tuple[Factor, ...]
    is_custom: bool = False

    def __hash__(self) -> int:
        """The fields' hash, computed once: rules key the step memo and the costings of ops
        alike (propagation/step_memo.py, cost/op_cost.py), which hash them per step."""
        try:
            return self._hash
        except AttributeError:
            value = hash((self.operands, self.results, self.factors, self.is_custom))
            object.__setattr__(self, "_hash", value)
            return value

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
        for key, kind in _KIND_KEYWORDS:
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
    """Builds a ShardingRule: `f = b.factor(8)`, then `b.operand(0, 1, f)` maps operand 0's
    dim 1 to it (and `b.result(...)` a result's)."""

    def __init__(self, operand_ranks, result_ranks):
        self.factors: list[Factor] = []
        self.operands = [[[] for _ in range(r)] for r in operand_ranks]
        self.results = [[[] for _ in range(r)] for r in result_ranks]

    def factor(self, size: int, kind: str = PASS_THROUGH, blocked: bool = False) -> int:
        self.factors.append(Factor(size, kind, blocked))
        return len(self.factors) - 1

    def operand(self, index: int, dim: int, *factors: int) -> None:
        self.operands[index][dim].extend(factors)

    def result(self, index: int, dim: int, *factors: int) -> None:
        self.results[index][dim].extend(factors)

    def build(self, is_custom: bool = False) -> ShardingRule:
        def freeze(group):
            return tuple(tuple(_dim(dim) for dim in t) for t in group)

        def _dim(factors):
            # a dim of several factors leaves out the size-one ones (Shardy's rules cannot
            # hold them: e.g. a convolution's one input feature per feature group)
            if len(factors) > 1:
                factors = [f for f in factors if self.factors[f].size != 1] or factors[:1]
            return tuple(factors)

        return ShardingRule(
            freeze(self.operands), freeze(self.results), tuple(self.factors), is_custom
        )


def rule_from_attr(attribute, replication_propagates=False) -> ShardingRule:
    """The rule an `#sdy.op_sharding_rule` attribute spells (an op's own `sdy.sharding_rule`,
    which Shardy takes before its registry's); `replication_propagates` reads its
    need_replication factors as pass-through."""
    attr = sdy.OpShardingRuleAttr(attribute)
    sizes = list(attr.factor_sizes)
    kinds = {f: REDUCTION for f in attr.reduction_factors}
    if not replication_propagates:
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
        attr.is_custom,
    )
