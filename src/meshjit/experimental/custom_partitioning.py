"""meshjit.experimental.custom_partitioning: JAX's `jax.experimental.custom_partitioning`."""

from meshjit.compiler.parallel.custom_partitioning import (
    custom_partitioning,
    custom_partitioning_p,
)
from meshjit.compiler.parallel.custom_partitioning_rule import (
    BATCHING,
    ArrayMapping,
    CompoundFactor,
    SdyShardingRule,
)

__all__ = [
    "BATCHING",
    "ArrayMapping",
    "CompoundFactor",
    "SdyShardingRule",
    "custom_partitioning",
    "custom_partitioning_p",
]
