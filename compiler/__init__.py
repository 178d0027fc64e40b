"""meshjit.compiler."""

import os as _os

from meshjit.compiler.errors import register_internal_dir as _register

_register(_os.path.dirname(__file__))


def __getattr__(name: str):
    # `import meshjit` alone loads only meshjit.compiler.errors; `meshjit.compiler.jit` and the
    # others are there once the facade is loaded (as when `import meshjit` loaded it eagerly).
    import meshjit

    meshjit._load()
    if name in globals():
        return globals()[name]
    raise AttributeError(f"module 'meshjit.compiler' has no attribute '{name}'")
