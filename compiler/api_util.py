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


def argument_names(fun, args, kwargs, statics=()) -> list[str]:
    """The names JAX gives a call's flattened dynamic arguments, in jit's flattening order (the
    positional ones, then the keyword ones by name): the parameter's name, then the leaf's path
    in it (`p['w']`); `args[i]` where the signature does not bind them."""
    import inspect

    from meshjit.compiler.tree_util import keystr, tree_flatten_with_path

    static = {k for k, _ in statics}
    try:
        params = inspect.signature(fun).bind(*args, **kwargs).signature.parameters
        positional = [
            p.name
            for p in params.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        positional = []
    named = [
        (positional[i] if i < len(positional) else f"args[{i - len(positional)}]", a)
        for i, a in enumerate(args)
        if i not in static
    ]
    named += [(k, kwargs[k]) for k in sorted(kwargs) if k not in static]
    out = []
    for name, value in named:
        out += [name + keystr(path) for path, _ in tree_flatten_with_path(value)[0]]
    return out


def removed_names(module_name: str, removed: dict):
    """A facade module's `__getattr__` for the names JAX removed: using one raises JAX's
    AttributeError with its advice (`removed`: {name: JAX's message})."""

    def __getattr__(name: str):
        if name in removed:
            raise AttributeError(removed[name])
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__
