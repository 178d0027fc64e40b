"""What the public namespaces share: functions made by factories (a `def fn` inside
`define_unary`, a primitive's short name) take the public name they are exported under, so
`jnp.sin.__name__` is "sin" as in JAX."""

from __future__ import annotations

import types


def name_functions(namespace: dict, names) -> None:
    """Renames each function in `namespace` exported (in `names`) under a name its own
    `__name__` is not; of several names for one function the shortest wins (`divide` over
    `true_divide`)."""
    public = set(names)
    for name in sorted(public, key=lambda n: (len(n), n)):
        fn = namespace.get(name)
        if isinstance(fn, types.FunctionType) and fn.__name__ not in public:
            fn.__name__ = fn.__qualname__ = name


def check_callable(fun) -> None:
    """A transformation's function argument is callable (JAX's TypeError and words)."""
    if not callable(fun):
        from meshjit.compiler.errors import MeshjitTypeError

        raise MeshjitTypeError(f"Expected a callable value, got {fun!r}")
