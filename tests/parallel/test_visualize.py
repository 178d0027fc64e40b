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

