"""`jax.version`: meshjit's version, as JAX's module spells it."""

from meshjit import __version__

_version = __version__
__version_info__ = tuple(int(part) for part in __version__.split("."))
_version_as_tuple = __version_info__
