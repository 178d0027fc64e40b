"""What the public namespaces share: functions made by factories (a `def fn` inside
`define_unary`, a primitive's short name) take the public name they are exported under, so
`jnp.sin.__name__` is "sin" as in JAX; deprecated module attributes warn when got."""

from __future__ import annotations

import functools
import inspect
import re
import types
import warnings

from meshjit.compiler.traceback_util import filter_exception, register_boundary


def name_functions(namespace: dict, names) -> None:
    """Names each function in `namespace` exported (in `names`) by its public name, as JAX's:
    a factory-made function not named publicly takes the shortest name it is exported under
    (`divide` over `true_divide`), and each other name exports a copy called by that name
    (`jnp.arctan2.__name__` is "arctan2", `jnp.atan2.__name__` "atan2")."""
    public = set(names)
    for name in sorted(public, key=lambda n: (len(n), n)):
        fn = namespace.get(name)
        if not isinstance(fn, types.FunctionType):
            continue
        if fn.__name__ == name:
            if "<locals>" in fn.__qualname__:  # a factory's: `lax.sin.__qualname__` is "sin"
                fn.__qualname__ = name
            continue
        if fn.__name__ not in public:
            fn.__name__ = fn.__qualname__ = name
        else:
            namespace[name] = alias(fn, name)


def alias(fn, name: str):
    """A function of its own named `name`, running a copy of `fn`'s code (no frame more): an
    alias JAX exports as a distinct function (jnp.acos beside jnp.arccos), whose errors name it
    (the frames of its own code object tell it from `fn`'s)."""
    code = fn.__code__.replace(co_name=name, co_qualname=name)  # its frames name it
    copy = types.FunctionType(code, fn.__globals__, name, fn.__defaults__, fn.__closure__)
    copy.__kwdefaults__, copy.__doc__ = fn.__kwdefaults__, fn.__doc__
    copy.__dict__.update(fn.__dict__)
    copy.__qualname__ = name
    return copy


class JittedApiFunction:
    """A public function JAX exports jitted (`jnp.abs` is a `PjitFunction`), shown as JAX shows
    it: `<PjitFunction of <function abs at 0x...>>`. It calls the function as it is (meshjit's
    jnp functions are not jitted); its name, doc and signature are the function's."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):  # the outermost API boundary: its frame is filtered
        try:
            return self.__wrapped__(*args, **kwargs)
        except Exception as e:
            filter_exception(e)
            raise

    def __get__(self, obj, objtype=None):  # a method when set on a class, as JAX's
        return self if obj is None else types.MethodType(self, obj)

    def __repr__(self):
        return f"<PjitFunction of <function {self.__name__} at {id(self.__wrapped__):#x}>>"


register_boundary(JittedApiFunction.__call__.__code__)

# The public functions JAX exports jitted (PjitFunction), by facade module (JAX 0.10.2).
JAX_JITTED = {
    "numpy": (
        "abs absolute acos acosh allclose angle append arccos arccosh arcsin arcsinh arctan arctan2 "
        "arctanh argpartition argsort around asin asinh atan atan2 atanh atleast_1d atleast_2d "
        "atleast_3d bitwise_count bitwise_invert bitwise_left_shift bitwise_not bitwise_right_shift "
        "block cbrt ceil clip conjugate convolve copysign corrcoef correlate cos cosh count_nonzero "
        "cov cross cumprod cumsum deg2rad diagonal diff digitize divmod dot ediff1d equal exp exp2 "
        "expm1 fabs float_power floor floor_divide fmax fmin fmod frexp gcd gradient greater "
        "greater_equal heaviside hypot i0 imag inner invert isclose iscomplex isfinite isinf isnan "
        "isreal kron lcm ldexp left_shift less less_equal lexsort log log10 log1p log2 logical_not "
        "matmul matvec median modf nan_to_num nancumprod nancumsum nanmax nanmean nanmedian nanmin "
        "nanpercentile nanprod nanquantile nanstd nansum nanvar nextafter not_equal outer packbits "
        "partition percentile poly polyadd polyder polyfit polyint polysub polyval positive "
        "put_along_axis quantile rad2deg ravel real reciprocal remainder resize right_shift rint "
        "rollaxis rot90 round searchsorted sign signbit sin sinc sinh sort sort_complex spacing "
        "sqrt square swapaxes take_along_axis tan tanh trace trapezoid tril triu true_divide trunc "
        "unpackbits unstack unwrap vander vdot vecmat"
    ),
    "numpy.linalg": (
        "cholesky cond det eigh eigvals eigvalsh inv matrix_power matrix_rank norm qr slogdet solve "
        "svd"
    ),
    "nn": (
        "celu elu glu hard_sigmoid hard_silu hard_swish hard_tanh identity leaky_relu log_sigmoid "
        "log_softmax logmeanexp mish selu sigmoid silu soft_sign softplus sparse_plus "
        "sparse_sigmoid squareplus standardize swish tanh"
    ),
    "lax": "dynamic_index_in_dim dynamic_update_index_in_dim fft",
    "lax.linalg": "qdwh",
    "scipy.special": "bessel_jn gammasgn",
    "scipy.linalg": (
        "block_diag convolution_matrix dft eigh_tridiagonal expm expm_frechet hadamard helmert "
        "hessenberg hilbert invhilbert invpascal lu lu_factor lu_solve pascal polar rsf2csf "
        "solve_sylvester"
    ),
    "scipy.integrate": "trapezoid",
}


_SHOWN_AS_JITTED: dict = {}


def show_as_jitted(namespace: dict, module: str) -> None:
    """Each plain function of a facade `namespace` that JAX's `module` exports jitted shown as
    JAX's; one wrapper per function (`jax.nn.tanh is jax.numpy.tanh`)."""
    for name in JAX_JITTED[module].split():
        fn = namespace[name]
        if isinstance(fn, types.FunctionType):
            namespace[name] = _SHOWN_AS_JITTED.setdefault(fn, JittedApiFunction(fn))


def check_callable(fun) -> None:
    """A transformation's function argument is callable and not a generator function (JAX's
    TypeError and words: the value as `str` prints it)."""
    from meshjit.compiler.errors import MeshjitTypeError

    if not callable(fun):
        raise MeshjitTypeError(f"Expected a callable value, got {fun}")
    if inspect.isgeneratorfunction(fun):
        raise MeshjitTypeError(f"Expected a function, got a generator function: {fun}")


def argument_names(fun, args, kwargs, statics=()) -> list[str]:
    """The names JAX gives a call's flattened dynamic arguments, in jit's flattening order (the
    positional ones, then the keyword ones by name): the parameter's name, then the leaf's path
    in it (`p['w']`); `*rest`'s as `rest[i]` and `**kw`'s as `kw['k']` (`args[i]` where the
    signature does not bind them)."""
    from meshjit.compiler.tree_util import keystr, tree_flatten_with_path

    static = {k for k, _ in statics}
    positional, keywords, var_positional, var_keyword = _parameter_names(fun, args, kwargs)
    named = [
        (_positional_name(i, positional, var_positional), a)
        for i, a in enumerate(args)
        if i not in static
    ]
    named += [
        (k if var_keyword is None or k in keywords else f"{var_keyword}[{k!r}]", kwargs[k])
        for k in sorted(kwargs)
        if k not in static
    ]
    out = []
    for name, value in named:
        out += [name + keystr(path) for path, _ in tree_flatten_with_path(value)[0]]
    return out


def _parameter_names(fun, args, kwargs):
    """(positional parameters, parameters a keyword may name, the *args parameter's name, the
    **kwargs parameter's name or None) of `fun` bound to the call; ([], [], "args", None)
    where it does not bind."""
    import inspect

    try:
        params = inspect.signature(fun).bind(*args, **kwargs).signature.parameters.values()
    except (TypeError, ValueError):
        return [], [], "args", None
    kinds = {p.kind: p.name for p in params}
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keywords = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    var = inspect.Parameter
    return positional, keywords, kinds.get(var.VAR_POSITIONAL, "args"), kinds.get(var.VAR_KEYWORD)


def _positional_name(i: int, positional: list[str], var_positional: str) -> str:
    """Positional argument `i`'s name: its parameter's, or `rest[j]` past them."""
    return positional[i] if i < len(positional) else f"{var_positional}[{i - len(positional)}]"


def removed_names(module_name: str, removed: dict):
    """A facade module's `__getattr__` for the names JAX removed: using one raises JAX's
    AttributeError with its advice (`removed`: {name: JAX's message})."""

    def __getattr__(name: str):
        if name in removed:
            raise AttributeError(removed[name])
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__


def deprecation_getattr(module: str, deprecated: dict):
    """A module `__getattr__` giving `deprecated`'s names (name -> (message, value)) with a
    DeprecationWarning each time one is got, as JAX's deprecated module attributes."""

    def getattr_(name: str):
        if name in deprecated:
            message, value = deprecated[name]
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return getattr_


def fun_sourceinfo(fun) -> str:
    """JAX's `fun_sourceinfo`: '<name> at <file>:<first line>' (a partial's function's), a
    builtin's name, else '<unknown>'."""
    while isinstance(fun, functools.partial):
        fun = fun.func
    fun = inspect.unwrap(fun)
    code = getattr(fun, "__code__", None)
    if code is not None and hasattr(fun, "__name__"):
        return f"{fun.__name__} at {code.co_filename}:{code.co_firstlineno}"
    builtin = re.match(r"(?:<built-in function (\S+)>)", str(fun))
    return builtin.group(1) if builtin else "<unknown>"
