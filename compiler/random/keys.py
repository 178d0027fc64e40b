"""Typed PRNG keys and the check every public random function runs on its key argument.

A typed key (`random.key(seed)`) is a `PRNGKeyArray`: a pytree node over one leaf, its uint32
key data of shape `(*key_shape, words)`, and its implementation (the node's aux data, so jit
caches tell implementations apart): threefry2x32 (2 words, dtype `key<fry>`), rbg or unsafe_rbg
(4 words, `key<rbg>` and `key<urbg>`). It shows JAX's visible behaviour (dtype, shape without
the trailing words, JAX's repr, indexing, iteration, `==`), and flows through jit, scan, cond
and shard_map as its data leaf. A raw key (`random.PRNGKey(seed)`) is the uint32 data itself,
of the default implementation (`jax_default_prng_impl`). Each public function takes either and
returns keys of the kind it was given; `keyed` runs it under its key's implementation.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from meshjit.compiler import lax, tree_public, tree_util
from meshjit.compiler.config import prng_impl_name, prng_impl_scope
from meshjit.compiler.errors import (
    KeyArrayAsArrayError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    extended_arrays,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.jit import key_reuse
from meshjit.compiler.jit.api import ShapeDtypeStruct
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.numpy.util import aval_of, register_opaque_array
from meshjit.compiler.random.key_methods import KeyArrayMethods
from meshjit.compiler.trace.array_methods import IMMUTABLE
from meshjit.compiler.trace.tracing import Tracer, current_trace, to_concrete_value
from meshjit.compiler.traceback_util import boundary_methods


@dataclasses.dataclass(frozen=True)
class PRNGImpl:
    """A PRNG implementation as typed keys see it: its name, its dtype's tag, its key shape;
    for one a user defines (`jax.extend.random.define_prng_impl`), its functions on one key
    (`ops`: seed, split, random_bits, fold_in) and the name it is registered under (`ident`,
    unique: two user implementations may share a name)."""

    name: str
    tag: str
    key_shape: tuple
    ops: tuple | None = None
    ident: str = ""

    @property
    def scope_name(self) -> str:
        """What `prng_impl_scope` and the dtype tables know it by."""
        return self.ident or self.name

    def __repr__(self):
        return f"PRNGImpl({self.name!r})"

    def __str__(self):  # as a jaxpr shows it in a param (`random_wrap[impl=fry]`)
        return self.tag


IMPLS = {
    impl.name: impl
    for impl in (
        PRNGImpl("threefry2x32", "fry", (2,)),
        PRNGImpl("rbg", "rbg", (4,)),
        PRNGImpl("unsafe_rbg", "urbg", (4,)),
    )
}


# The implementations users define, by their `ident` (not JAX's registered names: JAX's
# define_prng_impl registers none, so "Did you mean" lists the built-in ones only).
USER_IMPLS: dict[str, PRNGImpl] = {}


def impl_named(name: str) -> PRNGImpl:
    return IMPLS[name] if name in IMPLS else USER_IMPLS[name]


def default_impl() -> PRNGImpl:
    """The implementation of raw keys: the running function's key's, else the configured one."""
    return impl_named(prng_impl_name())


class PRNGSpec:
    """JAX's handle of a user-defined PRNG implementation (what define_prng_impl returns and
    key_impl gives for its keys); random.key(..., impl=spec) makes keys of it."""

    __slots__ = ("_impl",)

    def __init__(self, impl: PRNGImpl):
        self._impl = impl

    def __repr__(self):
        return f"PRNGSpec({self._impl.name!r})"

    def __str__(self):
        return self._impl.tag

    def __hash__(self):
        return hash(self._impl)

    def __eq__(self, other):
        return isinstance(other, PRNGSpec) and self._impl == other._impl


def define_impl(key_shape, ops: tuple, name: str, tag: str) -> PRNGSpec:
    """Registers a user's implementation (its functions on one key) under a unique ident."""
    key_shape = tuple(int(d) for d in key_shape)
    if len(key_shape) != 1:
        raise MeshjitNotImplementedError(
            f"define_prng_impl({name!r}): meshjit's typed keys hold one-dimensional key data; "
            f"got key_shape={key_shape}"
        )
    impl = PRNGImpl(name, tag, key_shape, ops, f"{name}#{len(USER_IMPLS)}")
    USER_IMPLS[impl.ident] = impl
    KEY_DTYPES[impl.ident] = KeyDType(impl)
    return PRNGSpec(impl)


class KeyDType:
    """The dtype of typed keys of one implementation, named `key<tag>` as in JAX."""

    __slots__ = ("impl",)
    itemsize = 8
    is_extended = True  # not a NumPy dtype (JAX's extended dtypes)

    def __init__(self, impl: PRNGImpl):
        self.impl = impl

    @property
    def name(self) -> str:
        return f"key<{self.impl.tag}>"

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __eq__(self, other):
        if type(other) is KeyDType:
            return other.impl == self.impl
        return isinstance(other, str) and other == self.name

    def __hash__(self):
        return hash(self.name)

    def full(self, shape, fill_value):
        """JAX's filled arrays of a key dtype (`jnp.zeros(n, key.dtype)`, `zeros_like(keys)`,
        `full(n, key)`): keys whose data is `fill_value`'s (a key), else every word
        `fill_value` (zeros: all-zero keys)."""
        physical = (*shape, *self.impl.key_shape)
        if is_typed_key(fill_value):
            data = lax.broadcast_in_dim(
                fill_value._data,
                physical,
                tuple(range(len(physical) - fill_value._data.ndim, len(physical))),
            )
        elif np.ndim(fill_value) == 0:
            data = lax.full(physical, fill_value, np.uint32)
        else:  # JAX's error: an array of numbers is not converted to keys
            raise MeshjitValueError(
                f"Cannot convert_element_type from {aval_of(fill_value).dtype} to {self}"
            )
        return PRNGKeyArray(data, self.impl)

    def abstract_array(self, struct):
        """The key array a ShapeDtypeStruct of this dtype stands for (jit / lower /
        eval_shape arguments): abstract uint32 key data, which the transforms trace."""
        data = ShapeDtypeStruct((*struct.shape, *self.impl.key_shape), np.uint32)
        return PRNGKeyArray(data, self.impl)


def mark_key_data(data: Tracer, impl: PRNGImpl) -> None:
    """Marks traced key data as typed keys of `impl` (its aval prints `key<fry>[...]`, as the
    keys JAX traces do): the data of every PRNGKeyArray made while tracing (a jit argument, a
    scan carry, an index of keys)."""
    var = data._var
    aval = var.aval
    if aval.key is None and aval.dtype == dtypes.uint32 and aval.shape[-1:] == impl.key_shape:
        var.aval = aval.with_key(KEY_DTYPES[impl.scope_name].name)


def is_key_dtype(dtype) -> bool:
    return isinstance(dtype, KeyDType)


KEY_DTYPES = {name: KeyDType(impl) for name, impl in IMPLS.items()}
KEY_DTYPE = KEY_DTYPES["threefry2x32"]


def operand_dtype_name(x) -> str:
    """The dtype JAX names for an operand: Python scalars as their default types."""
    if isinstance(x, PRNGKeyArray):
        return x.dtype.name
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, (int, float, complex)):
        return {int: "int32", float: "float32", complex: "complex64"}[type(x)]
    return str(getattr(x, "dtype", type(x).__name__))


@boundary_methods(
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
    "__rtruediv__", "__bool__", "__array__", "__getitem__", "__setitem__", "astype", "reshape",
    "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__eq__", "__ne__",
)  # fmt: skip
class PRNGKeyArray(KeyArrayMethods):
    """An array of typed PRNG keys over uint32 key data of shape `(*shape, *impl.key_shape)`."""

    __slots__ = ("_data", "_impl", "_consumed", "_forward")
    __array_priority__ = 100

    def __init__(self, data, impl: PRNGImpl = IMPLS["threefry2x32"]):
        if type(data) is Tracer:
            mark_key_data(data, impl)
        self._data = data  # unchecked: pytree unflattening passes placeholders too
        self._impl = impl
        self._consumed = False  # drawn from, under jax_debug_key_reuse (jit/key_reuse.py)
        self._forward = None  # the keys a traced index of them consumes (jit/key_reuse.py)

    @property
    def dtype(self) -> KeyDType:
        return KEY_DTYPES[self._impl.scope_name]

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape[:-1])

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def aval(self):  # JAX's words first: its jnp functions fail on the key dtype
        raise _not_an_array(
            self, "used as an array", f"Cannot interpret '{self.dtype.name}' as a data type"
        )

    def __array__(self, dtype=None, copy=None):
        raise KeyArrayAsArrayError(
            "JAX array with PRNGKey dtype cannot be converted to a NumPy array. Use "
            "jax.random.key_data(arr) if you wish to extract the underlying integer array.",
            self,
        )

    def _compare(self, other, name: str):
        raise MeshjitTypeError(
            f"{name} does not accept dtype {self.dtype.name} at position 0. Accepted dtypes at "
            "position 0 are subtypes of integer, floating, bool."
        )

    def __lt__(self, other):
        self._compare(other, "lt")

    def __le__(self, other):
        self._compare(other, "le")

    def __gt__(self, other):
        self._compare(other, "gt")

    def __ge__(self, other):
        self._compare(other, "ge")

    def __len__(self):
        if not self.shape:
            raise MeshjitTypeError("len() of a single key (a key array of shape ())")
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise MeshjitTypeError("iteration over a single key (a key array of shape ())")
        # as JAX's: fresh keys, which consume none of these (an index would)
        return (self._index(i) for i in range(self.shape[0]))

    def __getitem__(self, index):
        out = self._index(index)
        key_reuse.indexed(self, index, out)
        return out

    def __setitem__(self, index, value):
        raise MeshjitTypeError(IMMUTABLE)

    def _index(self, index):
        index = index if isinstance(index, tuple) else (index,)
        used = sum(i is not None and i is not Ellipsis for i in index)  # None adds an axis
        if used > self.ndim:
            raise MeshjitIndexError(
                f"Too many indices: array is {self.ndim}-dimensional, but {used} were "
                f"indexed (a key array of shape {self.shape})"
            )
        return as_key_array(lambda keys: keys[index], self)

    def reshape(self, *shape):
        _check_key_reshape(self.shape, shape[0] if len(shape) == 1 else shape)
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        out = as_key_array(lambda keys: keys.reshape(shape), self)
        key_reuse.forwarded(self, out)
        return out

    @property
    def T(self):
        return as_key_array(lambda keys: keys.T, self)

    def transpose(self, *axes):
        return as_key_array(lambda keys: keys.transpose(*axes), self)

    def swapaxes(self, axis1, axis2):
        return as_key_array(lambda keys: keys.swapaxes(axis1, axis2), self)

    def squeeze(self, axis=None):
        return as_key_array(lambda keys: keys.squeeze(axis), self)

    @property
    def at(self):
        return _KeysAt(self)

    def ravel(self):
        return self.reshape(-1)

    def astype(self, dtype):
        if isinstance(self._data, Tracer) and to_concrete_value(self._data) is None:
            # a traced key: JAX's convert_element_type refuses it (a concrete one has no astype)
            raise MeshjitValueError(
                f"Cannot convert_element_type from {self.dtype.name} to {np.dtype(dtype).name}"
            )
        err = MeshjitNotImplementedError("Cannot call abstract method astype")  # JAX's words
        err.add_note("typed PRNG keys cannot be cast; use random.key_data(keys) for their data")
        raise err

    flatten = ravel

    def __eq__(self, other):
        if not isinstance(other, PRNGKeyArray):
            raise _not_an_array(self, _COMPARED, _dtypes_refused("equal", self, other))
        return (self._data == other._data).all(axis=-1)

    def __ne__(self, other):
        if not isinstance(other, PRNGKeyArray):
            raise _not_an_array(self, _COMPARED, _dtypes_refused("not_equal", self, other))
        return (self._data != other._data).any(axis=-1)

    __hash__ = None

    def __bool__(self):
        raise MeshjitTypeError("a key array cannot be converted to a boolean")

    def _no_arithmetic(name: str, reflected: bool = False):
        def method(self, other):
            names = [self.dtype.name, operand_dtype_name(other)]
            shown = ", ".join(reversed(names) if reflected else names)
            err = MeshjitTypeError(f"{name} does not accept dtypes {shown}.")  # JAX's words
            err.add_note(
                "Typed PRNG keys support no arithmetic: derive new keys with random.split or "
                "random.fold_in"
            )
            raise err

        return method

    __add__, __radd__ = _no_arithmetic("add"), _no_arithmetic("add", True)
    # jnp's names, as JAX's operators say them
    __sub__, __rsub__ = _no_arithmetic("subtract"), _no_arithmetic("subtract", True)
    __mul__, __rmul__ = _no_arithmetic("multiply"), _no_arithmetic("multiply", True)
    __truediv__, __rtruediv__ = _no_arithmetic("divide"), _no_arithmetic("divide", True)
    del _no_arithmetic

    def __neg__(self):
        raise MeshjitTypeError(
            f"neg does not accept dtype {self.dtype.name}. Accepted dtypes are subtypes of "
            "integer, floating, complexfloating."
        )

    def block_until_ready(self):
        self._data.block_until_ready()
        return self

    # Placement: the key data's, which never splits the key dimension (as JAX's key arrays).
    @property
    def sharding(self):
        """The data's sharding, its spec without the key dimension (JAX's key arrays' P(None,))."""
        s = self._data.sharding
        spec = getattr(s, "spec", None)
        if spec is None or len(spec) <= self.ndim:
            return s
        return type(s)(s.mesh, type(spec)(*spec[: self.ndim]))

    is_fully_addressable = property(lambda self: self._data.is_fully_addressable)
    is_fully_replicated = property(lambda self: self._data.is_fully_replicated)
    committed = property(lambda self: self._data.committed)

    def devices(self) -> set:
        return self._data.devices()

    @property
    def addressable_shards(self) -> list:
        """The data's shards as key arrays, indexed in the keys' dimensions."""
        return [
            s._replace(index=s.index[: self.ndim], data=PRNGKeyArray(s.data, self._impl))
            for s in self._data.addressable_shards
        ]

    def __repr__(self):
        if isinstance(self._data, Tracer):  # the data's tracer, as a key array prints in JAX
            data = repr(self._data)
            key_type = f"{self.dtype.name}[{','.join(map(str, self.shape))}]"
            kind = self._data._trace.kind
            if isinstance(kind, tuple):  # ("vmap", size)
                batched = ",".join(map(str, (kind[1], *self.shape)))
                return f"VmapTracer(aval={key_type}, batched={self.dtype.name}[{batched}])"
            return data[: data.index("(") + 1] + key_type + ")"
        return f"Array({self.shape}, dtype={self.dtype.name}) overlaying:\n{np.asarray(self._data)}"

    __str__ = __repr__


def as_key_array(fun, *args, **kwargs):
    """`fun` of typed key arrays among `args` as arrays of keys (random/key_ops.py)."""
    return extended_arrays[PRNGKeyArray](fun, *args, **kwargs)


class _KeysAt:
    """`keys.at[index]`: `.get()` and `.set(other_keys)`, as JAX's on key arrays."""

    __slots__ = ("keys", "index")

    def __init__(self, keys, index=None):
        self.keys, self.index = keys, index

    def __getitem__(self, index):
        return _KeysAt(self.keys, index)

    def get(self, **kwargs):
        return as_key_array(lambda keys: keys.at[self.index].get(**kwargs), self.keys)

    def set(self, values, **kwargs):
        if not is_typed_key(values):
            raise _not_an_array(self.keys, "updated with values that are not keys")
        update = lambda keys, v: keys.at[self.index].set(v, **kwargs)
        return as_key_array(update, self.keys, values)


tree_util.register_pytree_node(
    PRNGKeyArray,
    lambda keys: ([keys._data], keys._impl),
    lambda impl, data: PRNGKeyArray(data[0], impl),
)
tree_public.register_opaque_leaf(PRNGKeyArray)  # a leaf for users, its data for transforms
register_opaque_array(
    PRNGKeyArray,
    lambda keys: keys._data,
    lambda keys: len(keys._impl.key_shape),
    lambda keys, data: PRNGKeyArray(data, keys._impl),
)


# ---------------------------------------------------------------------------------------------
# random_wrap and random_unwrap: raw key data to typed keys and back (JAX's primitives). Typed
# keys are their uint32 data here, so both are the identity on it; random_wrap's result is
# marked as keys (its aval prints `key<fry>[]`), random_unwrap's is plain data.

random_wrap_p = Primitive("random_wrap")
random_unwrap_p = Primitive("random_unwrap")


@abstract_eval_rules.register(random_wrap_p)
def _random_wrap_abstract_eval(data, *, impl: PRNGImpl):
    if data.dtype != dtypes.uint32 or data.shape[-1:] != impl.key_shape:
        raise MeshjitTypeError(
            f"random_wrap of {impl.name} keys takes uint32 data whose shape ends in "
            f"{impl.key_shape}, got {data.str_short()}"
        )
    return data.strip_weak_type().with_key(KEY_DTYPES[impl.scope_name].name)


@abstract_eval_rules.register(random_unwrap_p)
def _random_unwrap_abstract_eval(data):
    return data.with_key(None)


def _key_data_identity(ctx, data, **params):
    return data


def _front_batched(prim: Primitive):
    """Batching of a primitive on key data: the mapped axis moved in front of the keys' (the
    trailing word dimension stays last)."""

    def rule(args, dims, **params):
        (data,), (dim,) = args, dims
        return prim.bind(moveaxis(data, dim, 0), **params), 0

    return rule


# random_clone: a copy of keys the key-reuse checker sees as unconsumed (the identity on data).
random_clone_p = Primitive("random_clone")
abstract_eval_rules.register(random_clone_p, lambda data: data)


def clone_traced(data):
    """Typed keys' data cloned while tracing (`random_clone`, as JAX's); outside a trace the
    data itself."""
    return data if current_trace() is None else random_clone_p.bind_internal(data)


for _prim in (random_wrap_p, random_unwrap_p, random_clone_p):
    lowering_rules.register(_prim, _key_data_identity)
    batching_rules.register(_prim, _front_batched(_prim))
    sharding_rules.register(_prim, same_as_first)


def wrap_traced(data, impl: PRNGImpl):
    """Raw key data as keys of `impl` while tracing (`random_wrap`, as JAX's key check shows
    it); outside a trace, or data that is keys already (a sampler's own), the data itself."""
    if current_trace() is None or getattr(aval_of(data), "key", None) is not None:
        return data
    return random_wrap_p.bind_internal(data, impl=impl)


def unwrap_traced(data):
    """Keys' data as raw key data while tracing (`random_unwrap`); outside a trace itself."""
    if current_trace() is None or getattr(aval_of(data), "key", None) is None:
        return data
    return random_unwrap_p.bind_internal(data)


_COMPARED = "compared with a non-key value"


def _dtypes_refused(name: str, keys: PRNGKeyArray, other) -> str:
    """JAX's words for a jnp operation given a key array and another dtype."""
    return f"{name} does not accept dtypes {keys.dtype.name}, {operand_dtype_name(other)}."


def _not_an_array(keys: PRNGKeyArray, what: str, jax_words: str = "") -> MeshjitTypeError:
    dims = ",".join(map(str, keys.shape))
    why = (
        f"a typed PRNG key array ({keys.dtype.name}[{dims}]) cannot be {what}: typed and raw "
        "keys do not mix. Use random.key_data(keys) for its uint32 data, or "
        "random.wrap_key_data(data) to make typed keys from raw ones"
    )
    if not jax_words:
        return KeyArrayAsArrayError(why, keys)
    err = KeyArrayAsArrayError(jax_words, keys)  # JAX's words; why, with the traceback
    err.add_note(why)
    return err


def is_typed_key(x) -> bool:
    return type(x) is PRNGKeyArray


def impl_of(key) -> PRNGImpl:
    """The implementation of `key`: a typed key's own, the default for raw data."""
    return key._impl if is_typed_key(key) else default_impl()


def keyed(fun):
    """`fun(key, ...)` (a public random function) run under the implementation of its key: the
    key operations in its body (`prng.split`, `bits`, `fold_in`) then use it."""

    @functools.wraps(fun)
    def run(*args, **kwargs):
        key = args[0] if args else kwargs.get("key", _NO_KEY)
        if key is _NO_KEY:
            return fun(*args, **kwargs)  # Python's own words for the call (as JAX's)
        with prng_impl_scope(impl_of(key).scope_name):
            return fun(*args, **kwargs)

    return run


_NO_KEY = object()


def check_key(name: str, key, *, allow_batched: bool = False):
    """The uint32 key data of `key` (typed, or raw uint32 data ending in the default
    implementation's key shape), and whether it was typed. Raises a meshjit error naming `name` for anything else, and, unless
    `allow_batched`, for more than one key."""
    if is_typed_key(key):
        data, typed = key._data, True
    else:
        data, typed = key, False
        _check_raw_key_data(name, key)
        data = wrap_traced(data, default_impl())
    shape = tuple(aval_of(data).shape[:-1])
    if shape and not allow_batched:
        shown = shape if typed else tuple(aval_of(data).shape)  # JAX shows raw keys' data
        raise MeshjitValueError(
            f"{name} accepts a single key, but was given a key array of shape {shown} != (). "
            "Use jax.vmap for batching (or draw with each key in turn, or split one key)."
        )
    if typed and name not in _NOT_CONSUMING:
        key_reuse.consume(name, key)
    return data, typed


# Key functions that do not consume their key (JAX's key-reuse signatures: fold_in and clone
# make new keys, key_data and key_impl read it).
_NOT_CONSUMING = frozenset({"fold_in", "clone", "key_data", "key_impl"})


def _check_raw_key_data(name: str, data) -> None:
    try:
        aval = aval_of(data)
    except MeshjitTypeError:
        raise MeshjitTypeError(
            f"unexpected PRNG key type {type(data)}: {name} expected a PRNG key (random.key or "
            "random.PRNGKey)"
        ) from None
    impl = default_impl()
    if aval.dtype != dtypes.uint32 or aval.shape[-1:] != impl.key_shape:
        if not all(hasattr(data, a) for a in ("ndim", "shape", "dtype")):  # a Python number
            what = f"expected key_data to have ndim, shape, and dtype attributes. Got {data}"
        elif aval.ndim == 0:  # JAX checks the rank, then the shape, then the dtype
            what = "expected key_data.ndim >= 1; got ndim=0"
        elif aval.shape[-1:] != impl.key_shape:
            what = _shape_words(aval.shape, impl)
        else:
            what = f"expected key_data.dtype = uint32; got dtype={aval.dtype}"
        err = MeshjitTypeError(f"JAX encountered invalid PRNG key data: {what}")  # JAX's words
        err.add_note(
            f"{name}: a raw {impl.name} PRNG key must be uint32 key data whose shape ends in "
            f"{impl.key_shape[0]} (as random.PRNGKey makes), got {aval.str_short()}"
        )
        raise err


def wrap_result(data, typed: bool):
    """Keys of the kind the caller gave: typed (of the running implementation), or raw data."""
    return PRNGKeyArray(data, default_impl()) if typed else unwrap_traced(data)


def key_data(keys):
    """The uint32 data underlying a key array (typed or raw), of shape
    `(*keys.shape, *key_shape)`."""
    if not all(hasattr(keys, a) for a in ("ndim", "shape", "dtype")):
        raise MeshjitTypeError(
            "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and "
            f"dtype attributes. Got {keys}"
        )
    data, _ = check_key("key_data", keys, allow_batched=True)
    return unwrap_traced(data)


def _typed_data_words(keys, impl) -> str:
    """JAX's check of a typed key array given as key data: its rank, then shape, then dtype."""
    if keys.ndim == 0:
        return "expected key_data.ndim >= 1; got ndim=0"
    if tuple(keys.shape[-1:]) != impl.key_shape:
        return _shape_words(tuple(keys.shape), impl)
    return f"expected key_data.dtype = uint32; got dtype={keys.dtype.name}"


def _shape_words(shape: tuple, impl: PRNGImpl) -> str:
    from meshjit.compiler.random.prng import impl_repr  # a later room

    return (
        f"expected key_data.shape to end with {impl.key_shape}; got shape={shape} for "
        f"impl={impl_repr(impl)}"
    )


def wrap_key_data(key_bits_array, *, impl=None, dtype=None):
    """Typed keys over `key_bits_array`, uint32 data whose shape ends in the key shape of
    `impl` (default: `jax_default_prng_impl`); `dtype` (a key dtype, `key.dtype`) names the
    implementation as `impl` does."""
    if impl is not None and dtype is not None:
        raise MeshjitValueError("wrap_key_data takes impl or dtype, not both")
    impl = resolve_impl(impl if dtype is None else dtype)
    if is_typed_key(key_bits_array):
        err = MeshjitTypeError(
            f"JAX encountered invalid PRNG key data: {_typed_data_words(key_bits_array, impl)}"
        )
        err.add_note(
            "wrap_key_data takes raw uint32 key data, but was given a typed key array "
            f"({key_bits_array.dtype.name}{list(key_bits_array.shape)}): typed and raw keys do "
            "not mix; it is already a key"
        )
        raise err
    with prng_impl_scope(impl.scope_name):
        _check_raw_key_data("wrap_key_data", key_bits_array)
    return PRNGKeyArray(wrap_traced(key_bits_array, impl), impl)


@keyed
def key_impl(keys) -> str:
    """The name of the PRNG implementation of `keys`."""
    check_key("key_impl", keys, allow_batched=True)
    impl = impl_of(keys)
    return PRNGSpec(impl) if impl.ops is not None else impl.name


def key_dtype(impl_spec=None) -> KeyDType:
    """The dtype of keys of the PRNG implementation `impl_spec` (a name or PRNGImpl; None: the
    default one), as `jax.random.key_dtype`: `key<fry>`."""
    return KEY_DTYPES[resolve_impl(impl_spec).scope_name]


def _check_key_reshape(old: tuple, shape) -> None:
    """JAX's words for a reshape of a key array to another number of keys (the key data's
    trailing dimension would otherwise show in the message); `shape` as the user gave it."""
    new = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    size, known = math.prod(old), math.prod(d for d in new if d != -1)
    fits = size % known == 0 if -1 in new and known else known == size or -1 in new
    if not fits:
        raise MeshjitTypeError(
            f"cannot reshape array of shape {old} (size {size}) into shape {shape} (size "
            f"{math.prod(new)})"
        )


def resolve_impl(impl) -> PRNGImpl:
    """The implementation `impl` names (a name, a key dtype, a PRNGImpl; None: the default)."""
    if impl is None:
        return impl_named(prng_impl_name())
    if isinstance(impl, PRNGImpl):
        return impl
    if isinstance(impl, PRNGSpec):
        return impl._impl
    if isinstance(impl, KeyDType):
        return impl.impl
    if isinstance(impl, str) and impl in IMPLS:
        return IMPLS[impl]
    if not isinstance(impl, str):
        raise MeshjitTypeError(
            f"unrecognized type {type(impl)} for specifying PRNG implementation."
        )
    names = ", ".join(f'"{name}"' for name in IMPLS)
    raise MeshjitValueError(
        f'unrecognized PRNG implementation "{impl}". Did you mean one of: {names}?'
    )
