"""meshjit: trace Python to a jaxpr-like IR, lower to StableHLO + Shardy, run on XLA.

The facade (jit, grad, numpy, lax, ...) loads on first use (PEP 562): `import meshjit` alone loads
only this file, so the tools that need only the passes, dialects and MLIR (meshjit-opt) start
without it. Any `meshjit.<name>`, `from meshjit import <name>`, `dir(meshjit)` or import of a
facade or compiler submodule (`import meshjit.numpy`, `import meshjit.compiler.trace.tracing`)
loads all of it first, as an eager import did: every facade module's public functions are API
boundaries, and every primitive family's rules and Array's methods are registered before the first
one runs. meshjit.dialects, .passes and .tools import without it.
"""

import importlib.abc as _importlib_abc
import importlib.util as _importlib_util
import os as _os
import sys as _sys

# XLA logs every CPU device at INFO when the client starts; keep warnings and errors.
_os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")

from meshjit.compiler.errors import register_internal_dir as _register_internal_dir

_register_internal_dir(_os.path.dirname(__file__))
for _sub in ("passes", "dialects", "tools"):  # not imported here: only where they live
    for _where in _importlib_util.find_spec("meshjit." + _sub).submodule_search_locations:
        _register_internal_dir(_where)

__version__ = "0.1.0"

# What imports without the facade: the passes, the dialects and the tools over them (the
# compiler's modules get the facade too, which registers the methods of Array and Tracer and
# every primitive family's rules).
_WITHOUT_FACADE = ("dialects", "passes", "tools")
_state = {"loading": False, "loaded": False}
# The submodules `import jax` leaves unimported, as JAX's: `meshjit.flatten_util` is an
# AttributeError until `import meshjit.flatten_util` (or `from meshjit import flatten_util`).
# The facade loads them with the rest (their functions are API boundaries too) and keeps them
# here, out of sys.modules, until imported.
_UNTIL_IMPORTED = ("ad_checkpoint", "extend", "flatten_util", "test_util")
_hidden: dict = {}


def _load() -> None:
    """Loads the facade's names into this module, once."""
    if _state["loaded"] or _state["loading"]:
        return
    _state["loading"] = True
    try:
        from meshjit import _facade

        names = vars(_facade)
        globals().update(
            (k, v) for k, v in names.items() if not k.startswith("__") and k != "NAMES"
        )
        globals()["__all__"] = [n for n in _facade.NAMES if n not in _UNTIL_IMPORTED]
        _facade._api_boundaries()
        for name in _UNTIL_IMPORTED:
            del globals()[name]
            _hidden["meshjit." + name] = _sys.modules.pop("meshjit." + name)
        _state["loaded"] = True
    finally:
        _state["loading"] = False


def __getattr__(name: str):
    # While the facade loads, a missing name is a submodule still to import (`from meshjit import
    # lax` falls back to importing meshjit.lax) or a real circular import: AttributeError.
    if not name.startswith("__") or name == "__all__":
        _load()
        if name in globals():
            return globals()[name]
    if name in _REMOVED:
        raise AttributeError(_REMOVED[name])
    raise AttributeError(f"module 'meshjit' has no attribute '{name}'")


# Names JAX 0.10 removed with advice: using them raises its AttributeError.
_REMOVED = {
    name: (
        f"jax.{name} is deprecated; use jax.device_put instead. See "
        "https://docs.jax.dev/en/latest/migrate_pmap.html#drop-in-replacements for a drop-in "
        "replacement."
    )
    for name in ("device_put_replicated", "device_put_sharded")
}


def __dir__():
    _load()
    return sorted(globals())


class _FacadeFirst(_importlib_abc.MetaPathFinder, _importlib_abc.Loader):
    """Loads the facade before the first facade submodule is imported. The facade imports that
    submodule itself; the import statement that asked for it then gets that module as it is
    (its own spec and loader kept)."""

    def __init__(self):
        self._specs = {}

    def find_spec(self, fullname, path=None, target=None):
        parts = fullname.split(".")
        if fullname in _hidden:  # imported at last: the module the facade loaded
            return self._handed_on(fullname)
        if (
            _state["loaded"]
            or _state["loading"]
            or len(parts) < 2
            or parts[0] != "meshjit"
            or parts[1] in _WITHOUT_FACADE
        ):
            return None
        _load()
        if fullname not in _hidden and _sys.modules.get(fullname) is None:
            return None  # a module the facade does not import: imported as usual
        return self._handed_on(fullname)

    def _handed_on(self, fullname):
        # The import system hands on the spec of a module already in sys.modules: this one
        # until exec_module puts the module's own back.
        if fullname in _hidden:
            _sys.modules[fullname] = _hidden.pop(fullname)
        module = _sys.modules[fullname]
        self._specs[fullname] = module.__spec__
        module.__spec__ = _importlib_util.spec_from_loader(
            fullname, self, is_package=hasattr(module, "__path__")
        )
        return module.__spec__

    def create_module(self, spec):
        return _sys.modules[spec.name]

    def exec_module(self, module):
        spec = self._specs.pop(module.__name__)
        module.__spec__, module.__loader__ = spec, spec.loader


_sys.meta_path.insert(0, _FacadeFirst())  # inert once the facade is loaded
