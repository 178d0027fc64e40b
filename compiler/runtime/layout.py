"""JAX's device-memory layouts (`jax.experimental.layout`): a `Layout` (the order of an array's
dimensions in memory, major to minor, and its tiling) and a `Format` (a layout with the
sharding it applies to), as `Array.format` and `Compiled.input_formats` / `output_formats`
report them from the PJRT buffers and executables."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.parallel.sharding import Sharding
from meshjit.compiler.traceback_util import boundary_methods


class AutoLayout:
    """`Layout.AUTO`: the compiler chooses the layout."""

    def __repr__(self):
        return "AUTO"


AUTO = AutoLayout()


class Layout:
    """An array's layout: `major_to_minor` dimension order, `tiling` (None: the default),
    `sub_byte_element_size_in_bits` (0: whole bytes)."""

    AUTO = AUTO

    def __init__(self, major_to_minor, tiling=None, sub_byte_element_size_in_bits: int = 0):
        self.major_to_minor = tuple(major_to_minor)
        self.tiling = None if tiling is None else tuple(map(tuple, tiling))
        self.sub_byte_element_size_in_bits = sub_byte_element_size_in_bits

    @staticmethod
    def from_pjrt_layout(pjrt_layout) -> Layout:
        xla = pjrt_layout._xla_layout()
        return Layout(xla.minor_to_major()[::-1], xla.tiling(), xla.element_size_in_bits())

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
        fields = dict(zip(("major_to_minor", "tiling", "sub_byte_element_size_in_bits"), self._key()))
        return Layout(**{**fields, **kwargs})

    def check_compatible_aval(self, aval_shape) -> None:
        if len(self.major_to_minor) != len(aval_shape):
            raise MeshjitValueError(
                "Length of major_to_minor and the rank of the value should match. Got "
                f"major_to_minor={self.major_to_minor} and shape={aval_shape}"
            )


@boundary_methods("__init__")
class Format:
    """A layout (a `Layout`, `Layout.AUTO` or None) with the sharding it is for."""

    __slots__ = ("layout", "sharding")

    def __init__(self, layout=None, sharding=None):
        if isinstance(layout, Layout) and sharding is None:
            raise MeshjitValueError(
                f"Sharding has to be concrete when layout is of type {type(layout)}. Please pass "
                "a `jax.sharding.NamedSharding` or `jax.sharding.SingleDeviceSharding` to the "
                f"sharding argument. Got sharding {sharding}"
            )
        if not isinstance(layout, (Layout, type(None), AutoLayout)):
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


def formats(pjrt_layouts, shardings) -> list:
    """The Formats of an executable's parameters or results."""
    return [Format(Layout.from_pjrt_layout(p), s) for p, s in zip(pjrt_layouts, shardings)]
