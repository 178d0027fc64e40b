"""meshjit.ad_checkpoint: rematerialization (as `jax.ad_checkpoint`)."""

from meshjit.compiler.ad.checkpoint import (
    checkpoint,
    checkpoint_name,
    checkpoint_policies,
    remat,
)

__all__ = ["checkpoint", "checkpoint_name", "checkpoint_policies", "remat"]
