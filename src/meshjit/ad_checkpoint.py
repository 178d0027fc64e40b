"""meshjit.ad_checkpoint: rematerialization (as `jax.ad_checkpoint`)."""

from meshjit.compiler.ad.checkpoint import (
    Offloadable,
    Recompute,
    Saveable,
    checkpoint,
    checkpoint_name,
    checkpoint_policies,
    remat,
)
from meshjit.compiler.ad.residuals import print_saved_residuals

__all__ = [
    "Offloadable",
    "Recompute",
    "Saveable",
    "checkpoint",
    "checkpoint_name",
    "checkpoint_policies",
    "print_saved_residuals",
    "remat",
]
