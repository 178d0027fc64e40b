"""visualize_sharding: the text layout of a sharding over its devices."""

import numpy as np

import meshjit
from meshjit.sharding import (
    NamedSharding,
    P,
)

f32 = np.float32


def ints(shape):
    return np.arange(np.prod(shape), dtype=f32).reshape(shape)


def test_visualize_2d(mesh):
    a = meshjit.device_put(ints((8, 2)), NamedSharding(mesh, P("x", "y")))
    text = meshjit.visualize_sharding(a, print_output=False)
    rows = [f"| CPU {2 * r} | CPU {2 * r + 1} |" for r in range(4)]
    assert text == "\n".join(["+-------+-------+", *_interleave(rows, "+-------+-------+")])


def _interleave(rows, border):
    return [line for row in rows for line in (row, border)]


def test_visualize_transposed_and_replicated(mesh, capsys):
    text = meshjit.visualize_sharding(NamedSharding(mesh, P("y", "x")), (8, 8))
    assert capsys.readouterr().out == text + "\n"
    assert text.splitlines() == [
        "+-------+-------+-------+-------+",
        "| CPU 0 | CPU 2 | CPU 4 | CPU 6 |",
        "+-------+-------+-------+-------+",
        "| CPU 1 | CPU 3 | CPU 5 | CPU 7 |",
        "+-------+-------+-------+-------+",
    ]
    text = meshjit.visualize_sharding(NamedSharding(mesh, P(None, "y")), (4, 4), print_output=False)
    assert text.splitlines() == [
        "+-------------+-------------+",
        "| CPU 0,2,4,6 | CPU 1,3,5,7 |",
        "+-------------+-------------+",
    ]


def test_visualize_uneven_rows(mesh):
    """As XLA lays out uneven arguments: 6 rows over x=4 in x's two major halves; 7 rows not
    cut at all."""
    text = meshjit.visualize_sharding(NamedSharding(mesh, P("x")), (6, 4), print_output=False)
    rows = ["| CPU 0,1,2,3 |", "| CPU 4,5,6,7 |"]
    assert text.splitlines() == ["+-------------+", *_interleave(rows, "+-------------+")]
    text = meshjit.visualize_sharding(NamedSharding(mesh, P("x")), (7, 4), print_output=False)
    assert text.splitlines()[1] == "| CPU 0,1,2,3,4,5,6,7 |"


def test_visualize_1d_and_single_device(mesh, devs):
    text = meshjit.visualize_sharding(NamedSharding(mesh, P("y")), (6,), print_output=False)
    assert text.splitlines() == [
        "+-------------+-------------+",
        "| CPU 0,2,4,6 | CPU 1,3,5,7 |",
        "+-------------+-------------+",
    ]
    text = meshjit.visualize_sharding(NamedSharding(mesh, P(("y", "x"))), (16,), print_output=False)
    assert (
        text.splitlines()[1]
        == "| " + " | ".join(f"CPU {i}" for i in [0, 2, 4, 6, 1, 3, 5, 7]) + " |"
    )
    text = meshjit.visualize_sharding(meshjit.device_put(ints((3,)), devs[4]), print_output=False)
    assert text.splitlines() == ["+-------+", "| CPU 4 |", "+-------+"]


VISUALIZE_PROGRAM = r"""
import contextlib, io
from jax.sharding import AxisType, NamedSharding

mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
cases = {
    "2d": (np.zeros((4, 8), np.float32), P("x", "y")),
    "tall": (np.zeros((16, 4), np.float32), P(("x", "y"))),
    "replicated_cols": (np.zeros((8, 8), np.float32), P(None, "y")),
    "transposed": (np.zeros((8, 8), np.float32), P("y", "x")),
    "1d": (np.zeros(8, np.float32), P("y")),
    "1d_replicated": (np.zeros(6, np.float32), P()),
}
for name, (value, spec) in cases.items():
    arr = jax.device_put(value, NamedSharding(mesh, spec))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        jax.debug.visualize_array_sharding(arr)
        jax.debug.visualize_sharding(value.shape, NamedSharding(mesh, spec))
        jax.jit(lambda a: jax.debug.visualize_array_sharding(a * 2))(arr)
    out[name] = np.array(buf.getvalue())
"""


def test_debug_visualize_draws_as_jax(tmp_path):
    """jax.debug's visualize_array_sharding / visualize_sharding print JAX's drawing (rich's
    boxes, blocks sized by their share), also inside jit."""
    from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

    want = jax_on_8_devices(VISUALIZE_PROGRAM, tmp_path)
    got = meshjit_on_program(
        VISUALIZE_PROGRAM,
        AxisType=meshjit.sharding.AxisType,
        NamedSharding=NamedSharding,
    )
    for name, text in want.items():
        assert str(got[name]) == str(text), name
