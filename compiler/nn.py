"""meshjit.nn: relu, gelu, sigmoid, softmax, log_softmax, logsumexp, one_hot."""

from __future__ import annotations

__all__: list[str] = []
