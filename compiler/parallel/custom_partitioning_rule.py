"""The sharding rule of a custom_partitioning call: JAX's `SdyShardingRule` vocabulary
(`ArrayMapping`, `CompoundFactor`, `BATCHING`), its einsum-like text ("... i (j k) -> ... i j k"
with factor kinds and sizes as keyword arguments), and the `#sdy.op_sharding_rule` it becomes
for the call's operand and result types.

Semantics as JAX 0.10.2's: a leading `...` (or `...N`, a numbered group) stands for leading
batch dimensions, as many as the value's rank exceeds its mapping; a factor met with different
sizes takes the smaller one; a factor used only inside compound factors needs its size given.
Errors are ValueErrors (TypeErrors for wrong argument types) with JAX's messages.
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError

__all__ = ["BATCHING", "ArrayMapping", "CompoundFactor", "SdyShardingRule", "rule_from_text"]

BATCHING: str = "\u2026"  # the ellipsis character, as JAX's
_UNKNOWN = -1


def _check_factor(factor: str) -> None:
    if not factor[0].isalpha():
        raise MeshjitValueError(f"Factor names have to start with a letter, but got '{factor[0]}'")
    for char in factor[1:]:
        if char != "_" and not char.isalnum():
            raise MeshjitValueError(f"Unknown character '{char}'")


def _is_batching(factor) -> bool:
    if not isinstance(factor, str) or factor[:1] != BATCHING:
        return False
    return len(factor) == 1 or factor[1:].isdigit()


def _batching_group(factor: str) -> str:
    return factor[1:] or "0"


class CompoundFactor(tuple):
    """A dimension split into two or more factors: `CompoundFactor("b", "c")`."""

    def __new__(cls, *factors):
        if len(factors) < 2:
            raise MeshjitValueError("A compound factor should contain at least two factors")
        for factor in factors:
            if not isinstance(factor, str):
                raise MeshjitValueError(
                    f"Each element of CompoundFactor must be a str, but got {type(factor)}"
                )
            if _is_batching(factor):
                raise MeshjitValueError("Ellipsis can't be used in a compound factor")
            _check_factor(factor)
        return tuple.__new__(cls, factors)


class ArrayMapping(tuple):
    """The factors of one operand or result, one per dimension (a factor name or a
    CompoundFactor), optionally led by BATCHING."""

    def __new__(cls, *dims):
        for i, d in enumerate(dims):
            if not isinstance(d, (str, CompoundFactor)):
                raise MeshjitValueError(
                    f"Each element of ArrayMapping must be a str or CompoundFactor, but got {type(d)}"
                )
            if isinstance(d, str) and _is_batching(d):
                if i != 0:
                    raise MeshjitValueError(
                        "Ellipsis can only be used at the beginning of a dimension"
                    )
            elif isinstance(d, str):
                _check_factor(d)
        return tuple.__new__(cls, dims)


_KINDS = ("reduction_factors", "need_replication_factors", "permutation_factors")


class SdyShardingRule:
    """Operand and result mappings, the special factors' kinds and the sizes of factors used
    only in compound factors."""

    def __init__(
        self,
        operand_mappings,
        result_mappings,
        *,
        reduction_factors=(),
        need_replication_factors=(),
        permutation_factors=(),
        **factor_sizes: int,
    ):
        whole = _factor_uses(tuple(operand_mappings) + tuple(result_mappings))
        _check_sizes(whole, factor_sizes)
        special: set = set()
        kinds = (reduction_factors, need_replication_factors, permutation_factors)
        for kind, factors in zip(_KINDS, kinds):
            _check_special(kind, factors, whole, special)
        self.operand_mappings = tuple(operand_mappings)
        self.result_mappings = tuple(result_mappings)
        self.factor_sizes = factor_sizes
        self.reduction_factors = reduction_factors
        self.need_replication_factors = need_replication_factors
        self.permutation_factors = permutation_factors

    def __str__(self):
        special = "".join(
            f" {kind}={getattr(self, kind)}" for kind in _KINDS if getattr(self, kind)
        )
        return (
            f"SdyShardingRule({self.operand_mappings}, {self.result_mappings}, "
            f"{self.factor_sizes}{special})"
        )

    __repr__ = __str__


def _factor_uses(mappings) -> dict[str, bool]:
    """factor -> whether it is a whole dimension somewhere (its size then known)."""
    uses: dict[str, bool] = {}
    for mapping in mappings:
        for dim in mapping:
            if isinstance(dim, str):
                uses[dim] = True
            else:
                for factor in dim:
                    uses.setdefault(factor, False)
    return uses


def _check_sizes(whole: dict[str, bool], sizes: dict) -> None:
    for factor in sizes:
        if factor not in whole:
            raise MeshjitValueError(
                f"Factor {factor} is not used in the rule, but size is provided"
            )
    for factor, is_whole in whole.items():
        if factor not in sizes and not is_whole:
            raise MeshjitValueError(
                f"Factor {factor} is only used in compound factors; must specify its size"
            )
        if factor in sizes and is_whole:
            raise MeshjitValueError(
                f"Factor {factor} represents a whole dimension; do not specify its size"
            )


def _check_special(kind: str, factors, whole, special: set) -> None:
    if not isinstance(factors, tuple):
        raise MeshjitValueError(f"{kind} must be a tuple of factors")
    if len(factors) != len(set(factors)):
        raise MeshjitValueError(f"{kind} contains duplicated factors")
    for factor in factors:
        if factor not in whole:
            raise MeshjitValueError(f"Factor {factor} in {kind} is not used in the rule")
        if factor in special:
            raise MeshjitValueError(
                f"Factor {factor} can only be in one of the reduction, need replication, or "
                "permutation factor sets."
            )
        special.add(factor)


# ---------------------------------------------------------------------------------------------
# The einsum-like text.


class _ValuesParser:
    """One side of a rule ("a b, (c d) e") -> its ArrayMappings."""

    def __init__(self, text: str):
        self.text = " ".join(text.split())
        self.values: list = []
        self.dims: list = []
        self.name: str | None = None
        self.compound: list | None = None

    def add(self, factor) -> None:
        (self.dims if self.compound is None else self.compound).append(factor)

    def end_name(self) -> None:
        if self.name is not None:
            self.add(self.name)
            self.name = None

    def parse(self) -> tuple:
        if not self.text:
            return (ArrayMapping(),)
        i = 0
        while i < len(self.text):
            i = self.step(i)
        if self.compound is not None:
            raise MeshjitValueError(f"Brackets are not balanced in rule: '{self.text}'")
        self.end_name()
        self.values.append(ArrayMapping(*self.dims))
        return tuple(self.values)

    def step(self, i: int) -> int:
        char = self.text[i]
        if char == BATCHING:
            return self.batching(i + 1)
        if char in "(), ":
            self.end_name()
            self.punctuation(char)
        elif char == "_" or char.isalnum():
            if self.name is None and char.isdigit():
                raise MeshjitValueError(
                    f"Factor names have to start with a letter, but got '{char}'"
                )
            self.name = (self.name or "") + char
        else:
            raise MeshjitValueError(f"Unknown character '{char}'")
        return i + 1

    def batching(self, i: int) -> int:
        if self.name is not None or self.compound is not None or self.dims:
            raise MeshjitValueError("Ellipsis can only be used at the beginning of a dimension")
        j = i
        while j < len(self.text) and self.text[j].isdigit():
            j += 1
        self.add(BATCHING + (str(int(self.text[i:j])) if j > i else "0"))
        return j

    def punctuation(self, char: str) -> None:
        if char == "(":
            if self.compound is not None:
                raise MeshjitValueError(
                    "Compound factors should be one level, nested brackets are not allowed"
                )
            self.compound = []
        elif char == ")":
            if self.compound is None:
                raise MeshjitValueError("Brackets are not balanced")
            if len(self.compound) <= 1:
                raise MeshjitValueError("Brackets should contain at least two factors")
            self.dims.append(CompoundFactor(*self.compound))
            self.compound = None
        elif char == ",":
            self.values.append(ArrayMapping(*self.dims))
            self.dims = []


def rule_from_text(rule, **kinds_and_sizes) -> SdyShardingRule:
    """`str_to_sdy_sharding_rule`: the SdyShardingRule an einsum-like text describes."""
    if not isinstance(rule, str):
        raise MeshjitTypeError(f"rule must be a str, but got {type(rule)}")
    sizes = {k: v for k, v in kinds_and_sizes.items() if k not in _KINDS}
    if not all(isinstance(size, int) for size in sizes.values()):
        raise MeshjitTypeError(f"factor_sizes must be a dict of str to int, but got {sizes}")
    if BATCHING in rule:
        raise MeshjitValueError(f"Unknown character '{BATCHING}'")
    rule = rule.replace("...", BATCHING)
    if "." in rule:
        raise MeshjitValueError("Character '.' must be used inside ellipsis '...'")
    sides = rule.split("->")
    if len(sides) != 2:
        raise MeshjitValueError(f"There is no -> in rule: '{rule}'")
    operands, results = (_ValuesParser(side).parse() for side in sides)
    return SdyShardingRule(operands, results, **kinds_and_sizes)


# ---------------------------------------------------------------------------------------------
# The `#sdy.op_sharding_rule` for given operand and result shapes.


def _value_name(i: int, num_operands: int) -> str:
    return f"{i - num_operands}th result" if i >= num_operands else f"{i}th operand"


class _FactorTable:
    """factor name -> [index, size], in order of first use."""

    def __init__(self):
        self.entries: dict[str, list[int]] = {}

    def add(self, factor: str, size: int) -> None:
        entry = self.entries.get(factor)
        if entry is None:
            self.entries[factor] = [len(self.entries), size]
            return
        known = entry[1]
        if size != _UNKNOWN and known != _UNKNOWN and known != size:
            if factor.startswith("?"):
                raise MeshjitValueError(
                    f"Batching dimension {factor[1:]} corresponds to two sizes: {known} and {size}"
                )
            if size < known:
                known = _UNKNOWN
        if size != _UNKNOWN and known == _UNKNOWN:
            entry[1] = size

    def index(self, factor: str) -> int:
        return self.entries[factor][0]


def _split_batching(mapping) -> tuple[str | None, tuple]:
    value = tuple(mapping)
    if value and _is_batching(value[0]):
        return _batching_group(value[0]), value[1:]
    return None, value


def _batch_ranks(rule: SdyShardingRule, shapes, num_operands: int, table: _FactorTable) -> dict:
    """Fills `table` from the shapes; returns each batching group's number of dimensions."""
    ranks: dict[str, int] = {}
    for i, mapping in enumerate(rule.operand_mappings + rule.result_mappings):
        group, value = _split_batching(mapping)
        shape = shapes[i]
        batch = max(len(shape) - len(value), 0) if group is not None else 0
        if group is not None and ranks.setdefault(group, batch) != batch:
            raise MeshjitValueError(
                "Ellipsis represents different number of leading dimensions"
                f" {ranks[group]} and {batch}"
            )
        if len(value) + batch != len(shape):
            name = _value_name(i, num_operands)
            raise MeshjitValueError(
                f"Sharding rule {name} has rank {len(value) + batch}, but the operation {name} "
                f"has rank {len(shape)}"
            )
        for j in range(batch):
            table.add(f"?{group}_{j}", shape[j])
        for j, dim in enumerate(value):
            if isinstance(dim, str):
                table.add(dim, shape[j + batch])
            else:
                for factor in dim:
                    table.add(factor, rule.factor_sizes.get(factor, _UNKNOWN))
    return ranks


def _dim_mapping(table, dim, size: int, where: str) -> ir.Attribute:
    factors = (dim,) if isinstance(dim, str) else tuple(dim)
    if not isinstance(dim, str):
        product = 1
        for factor in factors:
            product *= table.entries[factor][1]
        if product != size:
            raise MeshjitValueError(
                f"{where} actual size {size} doesn't match the size {product} derived from the "
                f"compound factors {dim}"
            )
    return sdy.DimMappingAttr.get(factor_indices=[table.index(f) for f in factors])


def rule_attribute(rule: SdyShardingRule, operand_shapes, result_shapes) -> ir.Attribute:
    """The `#sdy.op_sharding_rule<..., custom>` of `rule` on values of these shapes."""
    for kind, mappings, shapes in (
        ("operands", rule.operand_mappings, operand_shapes),
        ("results", rule.result_mappings, result_shapes),
    ):
        if len(mappings) != len(shapes):
            raise MeshjitValueError(
                f"Sharding rule has {len(mappings)} {kind}, but the operation has "
                f"{len(shapes)} {kind}"
            )
    shapes = [tuple(s) for s in (*operand_shapes, *result_shapes)]
    table = _FactorTable()
    ranks = _batch_ranks(rule, shapes, len(operand_shapes), table)
    tensors = []
    for i, mapping in enumerate(rule.operand_mappings + rule.result_mappings):
        group, value = _split_batching(mapping)
        batch = ranks[group] if group is not None else 0
        where = _value_name(i, len(operand_shapes))
        dims = [sdy.DimMappingAttr.get(factor_indices=[table.index(f"?{group}_{j}")])
                for j in range(batch)]  # fmt: skip
        dims += [_dim_mapping(table, d, shapes[i][j + batch], where) for j, d in enumerate(value)]
        tensors.append(sdy.TensorMappingAttr.get(dim_mappings=dims))
    n = len(operand_shapes)
    return sdy.OpShardingRuleAttr.get(
        factor_sizes=[size for _, size in table.entries.values()],
        operand_mappings=tensors[:n],
        result_mappings=tensors[n:],
        is_custom=True,
        reduction_factors=[table.index(f) for f in rule.reduction_factors],
        need_replication_factors=[table.index(f) for f in rule.need_replication_factors],
        permutation_factors=[table.index(f) for f in rule.permutation_factors],
    )
