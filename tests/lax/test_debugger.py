"""jax.debug.breakpoint (compiler/lax/debugger.py): the `(jdb)` debugger entered when the program
reaches the breakpoint, eagerly, under jit and vmap, and with a token, fed commands through
`stdin=` / `stdout=` (the debugger's keyword arguments), against JAX's transcripts."""

from __future__ import annotations

import io

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.lax.debugger import CliDebugger, DebuggerFrame, register_debugger
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
import io
def session(commands, make, wrap, *args):
    buf = io.StringIO()
    kw = dict(stdin=io.StringIO(commands), stdout=buf, num_frames=1)
    result = wrap(make(kw))(*args)
    return buf.getvalue(), result
def make_f(kw):
    def f(x):
        y = jnp.sin(x)
        jax.debug.breakpoint(**kw)
        return y * 2
    return f
def make_g(kw):
    def g(x):
        z = {"a": x + 1, "b": [x, 3]}
        jax.debug.breakpoint(**kw)
        return z["a"]
    return g
def make_h(kw):
    def h(x):
        t = jax.debug.breakpoint(token=x, **kw)
        return t * 3
    return h
out["jit"], out["jit_result"] = session("p y\\np x.shape\\npp y.dtype\\nc\\n", make_f, jax.jit, jnp.arange(3.0))
out["eager"], out["eager_result"] = session("p z\\nzz\\np z['b'][1] + 1\\nc\\n", make_g, lambda g: g, jnp.ones(2))
out["token"], out["token_result"] = session("p x\\nc\\n", make_h, jax.jit, jnp.ones(2))
texts = []
for i in range(2):
    buf = io.StringIO()
    jax.vmap(make_f(dict(stdin=io.StringIO("p y\\nc\\np y\\nc\\n"), stdout=buf, num_frames=1)))(jnp.arange(2.0) + i)
    texts.append(buf.getvalue())
out["vmap"] = np.array(texts)
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("debugger"))


@pytest.fixture(scope="module")
def ours():
    return meshjit_on_program(PROGRAM)


@pytest.mark.parametrize("case", ["jit", "eager", "token", "vmap"])
def test_transcripts_match_jax(case, ours, jax_out):
    assert np.asarray(ours[case]).tolist() == jax_out[case].tolist()
    if case != "vmap":
        np.testing.assert_array_equal(ours[case + "_result"], jax_out[case + "_result"])


def _frame(**local) -> DebuggerFrame:
    source = ["def f(x):", "    y = x", "    breakpoint()", "    return y"]
    return DebuggerFrame("f.py", local, {}, None, source, 3, 2)


def _run(commands: str, frames) -> str:
    out = io.StringIO()
    CliDebugger(frames, None, stdin=io.StringIO(commands), stdout=out).run()
    return out.getvalue()


def test_commands_walk_the_frames_and_print_the_source():
    text = _run("w\nl\nu\nu\nd\nd\nc\n", [_frame(y=1), _frame(y=2)])
    assert 'File "f.py", line 3\n    breakpoint()' in text
    assert "->      breakpoint()" in text
    assert text.count("At topmost frame.") == 1 and text.count("At bottommost frame.") == 1


def test_a_bad_expression_prints_its_error_and_the_session_goes_on():
    text = _run("p 1/0\np y + 1\nc\n", [_frame(y=1)])
    assert "*** ZeroDivisionError: division by zero" in text and "\n(jdb) 2\n" in text


def test_quit_and_end_of_input_exit():
    with pytest.raises(SystemExit):
        _run("q\n", [_frame(y=1)])
    with pytest.raises(SystemExit):
        _run("", [_frame(y=1)])


def test_a_registered_backend_is_used_and_ordered_with_token_is_an_error():
    seen = []
    register_debugger("record", lambda frames, thread, **kw: seen.append(frames[0].locals["v"]), 5)
    meshjit.jit(lambda v: (meshjit.debug.breakpoint(backend="record", num_frames=1), v)[1])(jnp.ones(2))
    assert len(seen) == 1 and seen[0].tolist() == [1.0, 1.0] and type(seen[0]).__name__ == "ArrayImpl"
    with pytest.raises(ValueError, match="`ordered` and `token` are mutually exclusive"):
        meshjit.debug.breakpoint(token=jnp.ones(1), ordered=True)
    with pytest.raises(ValueError, match="already registered"):
        register_debugger("record", lambda *a, **k: None, 1)
