"""meshjit.errors: JAX's error class names (`jax.errors`), so `except` clauses written for JAX
catch meshjit's errors."""

from meshjit.compiler.errors import (
    ConcretizationError,
    DeletedArrayError,
    JAXIndexError,
    KeyReuseError,
    MeshjitError,
    MeshjitTypeError,
    ShardingAssertionError,
    ShardingTypeError,
    TracerArrayConversionError,
    TracerBoolConversionError,
    TracerIntegerConversionError,
    UnexpectedTracerError,
)
from meshjit.compiler.ir.core import JaxprTypeError
from meshjit.compiler.ir.shape_poly import InconclusiveDimensionOperation
from meshjit.compiler.numpy.index_plan import NonConcreteBooleanIndexError
from meshjit.compiler.runtime.client import CompileError

# Using a traced value where a concrete one is needed: a ConcretizationError (a TypeError), of
# which TracerBoolConversionError is a kind; the integer and array conversion errors are
# TypeErrors of their own, as JAX's.
ConcretizationTypeError = ConcretizationError  # one class, named as JAX names it
JaxRuntimeError = CompileError
# JAX's own TypeError and IndexError kinds: meshjit's (every traced-value error is one).
JAXTypeError = MeshjitTypeError


__all__ = [
    "CompileError",
    "ConcretizationTypeError",
    "DeletedArrayError",
    "InconclusiveDimensionOperation",
    "JAXIndexError",
    "JAXTypeError",
    "JaxRuntimeError",
    "JaxprTypeError",
    "KeyReuseError",
    "MeshjitError",
    "NonConcreteBooleanIndexError",
    "ShardingAssertionError",
    "ShardingTypeError",
    "TracerArrayConversionError",
    "TracerBoolConversionError",
    "TracerIntegerConversionError",
    "UnexpectedTracerError",
]
