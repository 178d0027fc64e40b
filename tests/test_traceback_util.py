"""Tracebacks leave meshjit's frames out, as JAX's do (compiler/traceback_util.py): what the
user sees ends in their own line; MESHJIT_TRACEBACK_FILTERING / jax_traceback_filtering
chooses JAX's modes."""

from __future__ import annotations

import functools
import inspect
import subprocess
import sys
import traceback

import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler import errors
from meshjit.compiler.traceback_util import UnfilteredStackTrace
from meshjit.sharding import PartitionSpec as P

NOTE = "meshjit has removed its internal frames"


def _files(e: BaseException) -> list[str]:
    return [f.filename for f in traceback.extract_tb(e.__traceback__)]


def _ours(files) -> list[str]:
    return [f for f in files if f.startswith(errors.package_dirs())]


def _bad_dot(x):
    return jnp.dot(x, jnp.ones((3, 2)))


def _raise_in_user_code(x):
    raise RuntimeError("raised by the user's function")


def _shard_mapped():
    mesh = meshjit.make_mesh((2,), ("i",), axis_types=(meshjit.sharding.AxisType.Explicit,))
    f = meshjit.shard_map(mesh=mesh, in_specs=P("i"), out_specs=P())(lambda b: b)
    return f(jnp.ones(4))


CASES = {
    "eager numpy": lambda: jnp.dot(jnp.ones((2, 4)), jnp.ones((3, 2))),
    "array method": lambda: jnp.ones((2, 4)).reshape(3, 3),
    "jit": lambda: meshjit.jit(_bad_dot)(jnp.ones((2, 4))),
    "grad": lambda: meshjit.grad(lambda x: _bad_dot(x).sum())(jnp.ones((2, 4))),
    "vmap in jit": lambda: meshjit.jit(meshjit.vmap(_raise_in_user_code))(jnp.ones((2, 4))),
    "shard_map decorator": _shard_mapped,
    "lower": lambda: meshjit.jit(_bad_dot).lower(jnp.ones((2, 4))),
    # boundaries of their own (traceback_util.own_boundary), without a wrapper
    "operator": lambda: jnp.ones(2) + jnp.ones(3),
    "binary ufunc": lambda: jnp.subtract(jnp.ones(2), jnp.ones(3)),
    "unary ufunc": lambda: jnp.exp([1.0]),
    "ufunc object": lambda: jnp.maximum(jnp.ones(2), jnp.ones(3)),
    "ufunc object, out": lambda: jnp.maximum(jnp.ones(2), 1.0, out=jnp.ones(2)),
    "sum": lambda: jnp.sum(jnp.ones(2), axis=3),
    "max": lambda: jnp.max(jnp.ones(2), where=jnp.ones(2, bool)),
}


@pytest.mark.parametrize("case", CASES)
def test_no_meshjit_frames_and_one_note(case):
    with pytest.raises(Exception) as info:
        CASES[case]()
    files = _files(info.value)
    assert not _ours(files), files
    assert files[-1] == __file__  # the last frame is the user's line
    assert sum(NOTE in n for n in getattr(info.value, "__notes__", [])) == 1


def _mode(mode):
    old = meshjit.config.jax_traceback_filtering
    meshjit.config.update("jax_traceback_filtering", mode)
    return functools.partial(meshjit.config.update, "jax_traceback_filtering", old)


def test_off_keeps_every_frame():
    restore = _mode("off")
    try:
        with pytest.raises(TypeError) as info:
            meshjit.jit(_bad_dot)(jnp.ones((2, 4)))
    finally:
        restore()
    assert _ours(_files(info.value))
    # No note on removed frames; one note names the user's line (others explain the error).
    notes = info.value.__notes__
    assert [n for n in notes if n.startswith("at ")] and not [n for n in notes if "\n" in n]


def test_remove_frames_keeps_the_whole_traceback_as_the_cause():
    restore = _mode("remove_frames")
    try:
        with pytest.raises(TypeError) as info:
            jnp.dot(jnp.ones((2, 4)), jnp.ones((3, 2)))
    finally:
        restore()
    assert not _ours(_files(info.value))
    cause = info.value.__cause__
    assert isinstance(cause, UnfilteredStackTrace) and _ours(_files(cause))
    assert "contracting dimensions differ" in str(cause)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="jax_traceback_filtering must be one of"):
        meshjit.config.update("jax_traceback_filtering", "sometimes")


def test_public_functions_keep_their_names_and_signatures():
    for fn, name, param in [
        (jnp.dot, "dot", "preferred_element_type"),
        (meshjit.grad, "grad", "argnums"),
        (meshjit.random.split, "split", "num"),
    ]:
        assert fn.__name__ == name and fn.__wrapped__
        assert param in inspect.signature(fn).parameters
    assert meshjit.grad.__doc__ == meshjit.grad.__wrapped__.__doc__
    assert jnp.sum(jnp.ones(3)) == 3  # and still compute


def test_transformed_functions_wrap_the_users_function_as_jax():
    # JAX's functools.wraps: `jax.checkpoint(f).__wrapped__ is f` (not meshjit's inner wrapper)
    def f(x):
        return x * 2.0

    for transform in (meshjit.checkpoint, meshjit.grad, meshjit.vmap, meshjit.jacrev):
        assert transform(f).__wrapped__ is f, transform.__name__
    assert meshjit.lax.reduce(jnp.arange(4.0), 0.0, meshjit.lax.add, (0,)) == 6.0


def test_uncaught_error_prints_the_users_lines_only(tmp_path):
    script = tmp_path / "mistake.py"
    script.write_text(
        "import meshjit, meshjit.numpy as jnp\n"
        "def model(x):\n"
        "    return x @ jnp.ones((3, 2))\n"
        "meshjit.jit(model)(jnp.ones((2, 4)))\n"
    )
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 1
    frames = [line for line in proc.stderr.splitlines() if line.lstrip().startswith("File ")]
    assert [f.split(", ")[1] for f in frames] == ["line 4", "line 3"], proc.stderr
    assert "contracting dimensions differ" in proc.stderr and NOTE in proc.stderr


@pytest.mark.parametrize(
    "get,words",
    [
        (lambda: meshjit.tree_map, "module 'meshjit' has no attribute 'tree_map'"),
        (lambda: meshjit.device_put_replicated, "jax.device_put_replicated is deprecated; use jax.device_put instead."),
        (lambda: meshjit.lax.tie_in, "module 'meshjit.lax' has no attribute 'tie_in'"),
    ],
)  # fmt: skip
def test_a_missing_module_attribute_ends_on_the_users_line(get, words):
    """A module's `__getattr__` is a boundary: the AttributeError names the user's line only,
    as for JAX's modules."""
    with pytest.raises(AttributeError) as info:
        get()
    assert words in str(info.value)
    assert info.traceback[-1].path.name == "test_traceback_util.py"
