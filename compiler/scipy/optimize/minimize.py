"""`minimize` (JAX's interface: `method` is required: BFGS, or JAX's experimental L-BFGS)."""

from __future__ import annotations

from typing import NamedTuple

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.scipy.optimize.bfgs import minimize_bfgs
from meshjit.compiler.scipy.optimize.lbfgs import minimize_lbfgs

# JAX's names: L-BFGS is experimental there too
_METHODS = {"bfgs": minimize_bfgs, "l-bfgs-experimental-do-not-rely-on-this": minimize_lbfgs}


class OptimizeResults(NamedTuple):
    """x: the solution; success: converged without the line search failing; status: 0
    converged, 1 out of iterations, 2+ line search failed; fun, jac, hess_inv at x; nfev, njev:
    evaluations of the function and its gradient; nit: iterations."""

    x: object
    success: object
    status: object
    fun: object
    jac: object
    hess_inv: object
    nfev: object
    njev: object
    nit: object


def minimize(fun, x0, args=(), *, method: str, tol=None, options=None) -> OptimizeResults:
    options = {} if options is None else options
    if not isinstance(args, tuple):
        raise MeshjitTypeError(
            f"args argument to meshjit.scipy.optimize.minimize must be a tuple, got {args}"
        )
    solver = _METHODS.get(method.lower())
    if solver is None:
        raise MeshjitValueError(f"Method {method} not recognized")
    results = solver(lambda x: fun(x, *args), jnp.asarray(x0), **options)
    return OptimizeResults(
        x=results.x_k,
        success=results.converged & jnp.logical_not(results.failed),
        status=results.status,
        fun=results.f_k,
        jac=results.g_k,
        hess_inv=getattr(results, "H_k", None),
        nfev=results.nfev,
        njev=results.ngev,
        nit=results.k,
    )
