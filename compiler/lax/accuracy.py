"""The `accuracy=` of lax's transcendental functions (exp, log, tanh, ...), as JAX 0.10.2's:
`Tolerance(atol, rtol, ulps)` or `AccuracyMode.HIGHEST` / `DEFAULT`, a parameter of the
primitive lowered to the op's `result_accuracy` attribute (XLA picks an implementation
meeting it)."""

from __future__ import annotations

import enum

from jaxlib.mlir.dialects import stablehlo

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError


class Tolerance:
    """The tolerances a unary function's result must meet: at most two of `atol`, `rtol` and
    `ulps` (atol and rtol, or atol and ulps)."""

    def __init__(self, atol: float = 0.0, rtol: float = 0.0, ulps: int = 0):
        if atol < 0.0 or rtol < 0.0 or ulps < 0.0:  # JAX's words
            raise MeshjitValueError("Tolerances must be non-negative.")
        if atol == 0.0 and rtol == 0.0 and ulps == 0:
            raise MeshjitValueError("At least one of atol, rtol, or ulps must be set.")
        self.atol, self.rtol, self.ulps = atol, rtol, ulps

    def mlir_attribute(self):  # (the lowering's OneOp reads it)
        return stablehlo.ResultAccuracyAttr.get(
            atol=self.atol, rtol=self.rtol, ulps=self.ulps, mode="TOLERANCE"
        )


class AccuracyMode(enum.Enum):
    HIGHEST = 1
    DEFAULT = 2

    def mlir_attribute(self):
        return stablehlo.ResultAccuracyAttr.get(0.0, 0.0, 0, self.name)


def accuracy_params(accuracy) -> dict:
    """The primitive's parameters for `accuracy=`: none for None (so jaxprs print as JAX's)."""
    if accuracy is None:
        return {}
    if not isinstance(accuracy, (Tolerance, AccuracyMode)):  # JAX's class and words
        raise MeshjitNotImplementedError(f"Accuracy {accuracy} not supported")
    return {"accuracy": accuracy}


__all__ = ["AccuracyMode", "Tolerance"]
