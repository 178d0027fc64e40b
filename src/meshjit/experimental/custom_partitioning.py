"""meshjit.experimental.custom_partitioning: JAX's `jax.experimental.custom_partitioning`."""

from meshjit.compiler.parallel.custom_partitioning import custom_partitioning
from meshjit.compiler.parallel.custom_partitioning_rule import (
    BATCHING,
    ArrayMapping,
    CompoundFactor,
    SdyShardingRule,
)
from meshjit.compiler.parallel.custom_partitioning_rule import (
    rule_attribute as sdy_sharding_rule_to_mlir,
)
from meshjit.compiler.parallel.custom_partitioning_rule import (
    rule_from_text as str_to_sdy_sharding_rule,
)

__all__ = [
    "BATCHING",
    "ArrayMapping",
    "CompoundFactor",
    "SdyShardingRule",
    "custom_partitioning",
    "sdy_sharding_rule_to_mlir",
    "str_to_sdy_sharding_rule",
]
