"""meshjit.version: the version, where JAX's `jax.version` keeps it (`__version__`,
`__version_info__`)."""

from meshjit import __version__

__version_info__ = tuple(int(part) for part in __version__.split("."))
_version = __version__

__all__: list[str] = []
