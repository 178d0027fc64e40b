"""meshjit.experimental.ode: `odeint`, as `jax.experimental.ode`."""

from meshjit.compiler.scipy.ode import odeint

__all__ = ["odeint"]
