"""meshjit.typing: the annotation names of `jax.typing` (ArrayLike, DTypeLike)."""

from __future__ import annotations

from typing import Any, Union

import numpy as np

from meshjit.compiler.runtime.array import PublicArray as Array

ArrayLike = Union[Array, np.ndarray, np.bool_, np.number, bool, int, float, complex]
DTypeLike = Union[str, type, np.dtype, Any]

__all__ = ["ArrayLike", "DTypeLike"]
