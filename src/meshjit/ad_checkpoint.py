"""meshjit.ad_checkpoint: rematerialization (as `jax.ad_checkpoint`)."""

from meshjit.compiler.ad.checkpoint import (
    checkpoint,
    checkpoint_name,
    checkpoint_policies,
    remat,
)
from meshjit.compiler.ad.residuals import print_saved_residuals

__all__ = [
    "checkpoint",
    "checkpoint_name",
    "checkpoint_policies",
    "print_saved_residuals",
    "remat",
]
