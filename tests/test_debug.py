"""meshjit.debug against JAX 0.10.2: what debug.print and debug.log write (placeholders or
not, static arguments, NumPy's print options, the two-call form), the format check's errors;
live_arrays."""

import gc
import logging
import subprocess
import sys

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import oracle_store

PROGRAM = r"""
import logging
import numpy as np
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("LOG %(message)s %(lineno)d"))
for name in ("jax._src.debugging", "meshjit.debug"):
    logging.getLogger(name).setLevel(logging.INFO)
    logging.getLogger(name).addHandler(handler)


@jax.jit
def f(x):
    jax.debug.print("hello")
    jax.debug.print("{} and {s}", x, s="static")
    jax.debug.print("{x[0]:.3f} then {y}", x=x, y=x.sum())
    jax.debug.print(ordered=True)("two-call {x}", x=x)
    jax.debug.log("logged {}", x)
    return x * 2


np.set_printoptions(precision=2)
jax.block_until_ready(f(jnp.arange(3.0) / 3))
jax.effects_barrier()
jax.debug.print("eager {}", np.float32(1.5))
for fmt, args, kwargs in [("x", (1,), {}), ("{}", (1, 2), {}), ("{a}", (), {"a": 1, "b": 2})]:
    try:
        jax.debug.print(fmt, *args, **kwargs)
    except ValueError as e:
        print("ValueError:", e)
try:
    jax.debug.print(None, 1)
except TypeError as e:
    print("TypeError:", e)
"""


_JAX_PRELUDE = "import jax\nimport jax.numpy as jnp\n"


def _run(prelude: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", "import sys\n" + prelude + PROGRAM],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def _lines(text: str) -> list[str]:
    # meshjit's errors add the user's line after the message.
    return [line for line in text.splitlines() if not line.startswith("  at ")]


def _jax_output() -> str:
    pytest.importorskip("jax")
    return _run(_JAX_PRELUDE)


def test_print_and_log_write_what_jax_writes():
    name = oracle_store.digest_name("debug_print", _JAX_PRELUDE + PROGRAM)
    want = oracle_store.json_result(name, _jax_output)  # JAX's recorded output, else run now
    got = _run("import meshjit as jax\nimport meshjit.numpy as jnp\n")
    assert sorted(_lines(got)) == sorted(_lines(want))  # unordered prints: in any order


def test_log_goes_to_the_meshjit_debug_logger(caplog):
    with caplog.at_level(logging.INFO, logger="meshjit.debug"):
        meshjit.jit(lambda x: meshjit.debug.log("value {}", x))(np.float32(2.0))
        meshjit.effects_barrier()
    [record] = [r for r in caplog.records if r.name == "meshjit.debug"]
    assert record.getMessage() == "value 2.0"
    assert record.pathname == __file__


def test_live_arrays_lists_the_arrays_alive():
    a = jnp.arange(5)
    b = jnp.ones((2, 3))
    live = meshjit.live_arrays()
    assert any(x is a for x in live) and any(x is b for x in live)
    assert all(type(x).__name__ == "ArrayImpl" for x in live)
    b.delete()
    assert not any(x is b for x in meshjit.live_arrays())
    ident = id(a)
    del a, live
    gc.collect()
    assert not any(id(x) == ident for x in meshjit.live_arrays())
    with pytest.raises(ValueError, match="cpu"):
        meshjit.live_arrays("gpu")


def test_eager_callback_keeps_python_scalars_weak_as_jax():
    # JAX calls an eager debug.callback with Arrays that keep weak types; under jit they are
    # the program's (strong) operands
    seen = []
    meshjit.debug.callback(lambda *a: seen.append(a), 1, 2.0, jnp.int32(3), [1])
    assert [repr(x) for x in seen[0][:3]] == [
        "Array(1, dtype=int32, weak_type=True)",
        "Array(2., dtype=float32, weak_type=True)",
        "Array(3, dtype=int32)",
    ]
    assert repr(seen[0][3]) == "[Array(1, dtype=int32, weak_type=True)]"
    meshjit.jit(lambda x: meshjit.debug.callback(lambda *a: seen.append(a), 1, x))(1)
    assert [repr(x) for x in seen[1]] == ["Array(1, dtype=int32)"] * 2
