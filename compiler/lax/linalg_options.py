"""The implementation choices of eig, eigh and svd, as JAX 0.10.2's enums, and the check of
which run on the CPU (LAPACK's routines), with JAX's errors for the others."""

from __future__ import annotations

import enum

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError


class EigImplementation(enum.Enum):
    CUSOLVER = "cusolver"
    MAGMA = "magma"
    LAPACK = "lapack"


class EighImplementation(enum.Enum):
    QR = "qr"
    JACOBI = "jacobi"
    QDWH = "qdwh"


class SvdAlgorithm(enum.Enum):
    DEFAULT = "default"
    QR = "QR"
    JACOBI = "Jacobi"
    POLAR = "polar"
    DIVIDE_AND_CONQUER = "divide_and_conquer"


def check_eig(implementation, use_magma) -> None:
    """LAPACK's geev only (JAX's error for cuSOLVER and MAGMA, use_magma too)."""
    if use_magma or implementation not in (None, EigImplementation.LAPACK):
        raise MeshjitValueError("Only the lapack implementation is supported on CPU.")


def check_eigh(implementation) -> None:
    """LAPACK's syevd (the QR implementation) only, with JAX's errors for the others."""
    if implementation is EighImplementation.JACOBI:
        raise MeshjitNotImplementedError("Jacobi implementation is not supported on CPU")
    if implementation is EighImplementation.QDWH:
        raise MeshjitNotImplementedError("QDWH implementation is only supported on TPU")


__all__ = ["EigImplementation", "EighImplementation", "SvdAlgorithm"]
