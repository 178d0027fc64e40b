"""jax.experimental.layout's values: a `Layout` (the order of an array's dimensions in memory,
major to minor, with XLA's tiling) and a `Format` (a layout with a sharding), as
`Array.format`, `Compiled.input_formats` / `output_formats` and `ShapeDtypeStruct.format`
report them. meshjit's arrays are all in XLA's default CPU layout (row-major, untiled), so the
formats it reports are that layout with the array's sharding."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.parallel.sharding import Sharding


class AutoLayoutSingleton:
    """`Layout.AUTO`: let the compiler choose."""

    def __repr__(self):
        return "AUTO"


AutoLayout = AutoLayoutSingleton()


class Layout:
    """Dimensions in memory order (`major_to_minor`), XLA's tiles, and the element width of
    sub-byte types (0: the dtype's own)."""

    AUTO = AutoLayout

    def __init__(self, major_to_minor, tiling=None, sub_byte_element_size_in_bits: int = 0):
        self.major_to_minor = tuple(major_to_minor)
        self.tiling = None if tiling is None else tuple(tuple(t) for t in tiling)
        self.sub_byte_element_size_in_bits = sub_byte_element_size_in_bits

    def _key(self):
        return (self.major_to_minor, self.tiling, self.sub_byte_element_size_in_bits)

    def __repr__(self):
        return (
            f"Layout(major_to_minor={self.major_to_minor}, tiling={self.tiling}, "
            f"sub_byte_element_size_in_bits={self.sub_byte_element_size_in_bits})"
        )

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        return isinstance(other, Layout) and self._key() == other._key()

    def update(self, **kwargs) -> Layout:
        fields = dict(
            zip(("major_to_minor", "tiling", "sub_byte_element_size_in_bits"), self._key())
        )
        fields.update(kwargs)
        return Layout(**fields)

    def check_compatible_aval(self, aval_shape) -> None:
        if len(self.major_to_minor) != len(aval_shape):
            raise MeshjitValueError(
                "Length of major_to_minor and the rank of the value should match. Got "
                f"major_to_minor={self.major_to_minor} and shape={tuple(aval_shape)}"
            )


class Format:
    """A layout (a `Layout`, `Layout.AUTO` or None) and a sharding (or None); a concrete layout
    needs a concrete sharding, as JAX's."""

    __slots__ = ("layout", "sharding")

    def __init__(self, layout=None, sharding=None):
        if isinstance(layout, Layout) and sharding is None:
            raise MeshjitValueError(
                f"Sharding has to be concrete when layout is of type {type(layout)}. Please "
                "pass a `jax.sharding.NamedSharding` or `jax.sharding.SingleDeviceSharding` to "
                f"the sharding argument. Got sharding {sharding}"
            )
        if not isinstance(layout, (Layout, type(None), AutoLayoutSingleton)):
            raise MeshjitTypeError(
                "Invalid value received for the layout argument. Expected values are `None`, "
                f"`Layout.AUTO` or an instance of `Layout`. Got {layout} of type {type(layout)}"
            )
        if not isinstance(sharding, (Sharding, type(None))):
            raise MeshjitTypeError(
                "Invalid value received for the sharding argument. Expected values are `None` "
                f"or an instance of `jax.Sharding`. Got {sharding} of type {type(sharding)}"
            )
        self.layout, self.sharding = layout, sharding

    def __repr__(self):
        return f"Format(layout={self.layout}, sharding={self.sharding})"

    def __hash__(self):
        return hash((self.layout, self.sharding))

    def __eq__(self, other):
        return (
            isinstance(other, Format)
            and self.layout == other.layout
            and self.sharding == other.sharding
        )


def default_format(ndim: int, sharding) -> Format:
    """The format of a value of rank `ndim` placed as `sharding`: XLA's CPU layout (row-major,
    untiled; a typed key's data rank counts, as its buffer's)."""
    return Format(Layout(tuple(range(ndim)), ()), sharding)
