"""Typed PRNG keys and the check every public random function runs on its key argument.

A typed key (`random.key(seed)`) is a `PRNGKeyArray`: a pytree node over one leaf, its uint32
key data of shape `(*key_shape, 2)`. It shows JAX's visible behaviour (dtype `key<fry>`, shape
without the trailing 2, JAX's repr, indexing, iteration, `==`), and flows through jit, scan,
cond and shard_map as its data leaf. A raw key (`random.PRNGKey(seed)`) is the uint32 data
itself. Each public function takes either and returns keys of the kind it was given.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import tree_util
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.traceback_util import boundary_methods

KEY_SHAPE = (2,)  # a threefry2x32 key is two uint32 words
IMPL_NAME = "threefry2x32"


class KeyDType:
    """The dtype of typed threefry keys, named `key<fry>` as in JAX."""

    __slots__ = ()
    name = "key<fry>"
    itemsize = 8

    def __repr__(self):
        return self.name

    __str__ = __repr__

    def __eq__(self, other):
        return type(other) is KeyDType or (isinstance(other, str) and other == self.name)

    def __hash__(self):
        return hash(self.name)


KEY_DTYPE = KeyDType()


def _dtype_name(x) -> str:
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
    "__rtruediv__", "__bool__", "__array__",
)  # fmt: skip
class PRNGKeyArray:
    """An array of typed PRNG keys over uint32 key data of shape `(*shape, 2)`."""

    __slots__ = ("_data",)
    __array_priority__ = 100

    def __init__(self, data):
        self._data = data  # unchecked: pytree unflattening passes placeholders too

    dtype = KEY_DTYPE

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
    def aval(self):
        raise _not_an_array(self, "used as an array")

    def __array__(self, dtype=None, copy=None):
        raise _not_an_array(self, "converted to a NumPy array")

    def __len__(self):
        if not self.shape:
            raise MeshjitTypeError("len() of a single key (a key array of shape ())")
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise MeshjitTypeError("iteration over a single key (a key array of shape ())")
        return (self[i] for i in range(self.shape[0]))

    def __getitem__(self, index):
        index = index if isinstance(index, tuple) else (index,)
        if any(i is Ellipsis for i in index):
            return PRNGKeyArray(self._data[(*index, slice(None))])
        if len(index) > self.ndim:
            raise MeshjitValueError(
                f"too many indices ({len(index)}) for a key array of shape {self.shape}"
            )
        return PRNGKeyArray(self._data[index])

    def reshape(self, *shape):
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        return PRNGKeyArray(self._data.reshape(*shape, *KEY_SHAPE))

    def ravel(self):
        return self.reshape(-1)

    flatten = ravel

    def __eq__(self, other):
        if not isinstance(other, PRNGKeyArray):
            raise _not_an_array(self, "compared with a non-key value")
        return (self._data == other._data).all(axis=-1)

    def __ne__(self, other):
        if not isinstance(other, PRNGKeyArray):
            raise _not_an_array(self, "compared with a non-key value")
        return (self._data != other._data).any(axis=-1)

    __hash__ = None

    def __bool__(self):
        raise MeshjitTypeError("a key array cannot be converted to a boolean")

    def _no_arithmetic(name: str, reflected: bool = False):
        def method(self, other):
            names = [self.dtype.name, _dtype_name(other)]
            shown = ", ".join(reversed(names) if reflected else names)
            raise MeshjitTypeError(
                f"{name} does not accept dtypes {shown}. Typed PRNG keys support no arithmetic: "
                "derive new keys with random.split or random.fold_in"
            )

        return method

    __add__, __radd__ = _no_arithmetic("add"), _no_arithmetic("add", True)
    __sub__, __rsub__ = _no_arithmetic("sub"), _no_arithmetic("sub", True)
    __mul__, __rmul__ = _no_arithmetic("mul"), _no_arithmetic("mul", True)
    __truediv__, __rtruediv__ = _no_arithmetic("div"), _no_arithmetic("div", True)
    del _no_arithmetic

    def block_until_ready(self):
        self._data.block_until_ready()
        return self

    def __repr__(self):
        if isinstance(self._data, Tracer):  # the data's tracer, as a key array prints in JAX
            data = repr(self._data)
            key_type = f"{self.dtype.name}[{','.join(map(str, self.shape))}]"
            kind = self._data._trace.kind
            if kind is not None and kind != "grad":  # ("vmap", size)
                batched = ",".join(map(str, (kind[1], *self.shape)))
                return f"VmapTracer(aval={key_type}, batched={self.dtype.name}[{batched}])"
            return data[: data.index("(") + 1] + key_type + ")"
        return f"Array({self.shape}, dtype={self.dtype.name}) overlaying:\n{np.asarray(self._data)}"

    __str__ = __repr__


tree_util.register_pytree_node(
    PRNGKeyArray, lambda keys: ([keys._data], None), lambda _, data: PRNGKeyArray(data[0])
)


def _not_an_array(keys: PRNGKeyArray, what: str) -> MeshjitTypeError:
    dims = ",".join(map(str, keys.shape))
    return MeshjitTypeError(
        f"a typed PRNG key array (key<fry>[{dims}]) cannot be {what}: typed and raw keys do "
        "not mix. Use random.key_data(keys) for its uint32 data, or random.wrap_key_data(data) "
        "to make typed keys from raw ones"
    )


def is_typed_key(x) -> bool:
    return type(x) is PRNGKeyArray


def check_key(name: str, key, *, allow_batched: bool = False):
    """The uint32 key data of `key` (typed, or raw uint32 data ending in 2), and whether it was
    typed. Raises a meshjit error naming `name` for anything else, and, unless
    `allow_batched`, for more than one key."""
    if is_typed_key(key):
        data, typed = key._data, True
    else:
        data, typed = key, False
        _check_raw_key_data(name, key)
    shape = tuple(aval_of(data).shape[:-1])
    if shape and not allow_batched:
        raise MeshjitValueError(
            f"{name} accepts a single key, but was given a key array of shape {shape} != (). "
            "Draw with each key in turn (lax.map) or split one key instead"
        )
    return data, typed


def _check_raw_key_data(name: str, data) -> None:
    try:
        aval = aval_of(data)
    except MeshjitTypeError:
        raise MeshjitTypeError(
            f"{name}: expected a PRNG key (random.key or random.PRNGKey), got a "
            f"{type(data).__name__}"
        ) from None
    if aval.dtype != dtypes.uint32 or aval.shape[-1:] != KEY_SHAPE:
        raise MeshjitTypeError(
            f"JAX encountered invalid PRNG key data: {name}: a raw PRNG key must be uint32 key data whose shape ends in 2 (as "
            f"random.PRNGKey makes), got {aval.str_short()}"
        )


def wrap_result(data, typed: bool):
    """Keys of the kind the caller gave: typed, or raw data."""
    return PRNGKeyArray(data) if typed else data


def key_data(keys):
    """The uint32 data underlying a key array (typed or raw), of shape `(*keys.shape, 2)`."""
    data, _ = check_key("key_data", keys, allow_batched=True)
    return data


def wrap_key_data(key_bits_array, *, impl=None, dtype=None):
    """Typed keys over `key_bits_array`, uint32 data whose shape ends in 2; `dtype` (a key
    dtype, `key.dtype`) names the implementation as `impl` does."""
    if impl is not None and dtype is not None:
        raise MeshjitValueError("wrap_key_data takes impl or dtype, not both")
    check_impl(impl if dtype is None else dtype)
    if is_typed_key(key_bits_array):
        raise MeshjitTypeError(
            "wrap_key_data takes raw uint32 key data, but was given a typed key array "
            f"(key<fry>{list(key_bits_array.shape)}): typed and raw keys do not mix; it is "
            "already a key"
        )
    _check_raw_key_data("wrap_key_data", key_bits_array)
    return PRNGKeyArray(key_bits_array)


def key_impl(keys) -> str:
    """The name of the PRNG implementation of `keys`: always threefry2x32."""
    check_key("key_impl", keys, allow_batched=True)
    return IMPL_NAME


def check_impl(impl) -> None:
    if impl is None or impl == IMPL_NAME or impl == KEY_DTYPE:
        return
    raise MeshjitValueError(
        f"unsupported PRNG implementation {impl!r}: meshjit implements {IMPL_NAME!r} only"
    )
