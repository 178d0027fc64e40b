"""`jax.debug.breakpoint`: an interactive debugger (`(jdb)`, JAX's command set) entered when
the program reaches the breakpoint, with the Python frames of the call and the runtime values
of the traced locals. Built on the debug callback, so it runs eagerly, under jit, vmap and in
loops (once per evaluation)."""

from __future__ import annotations

import cmd
import dataclasses
import inspect
import pprint
import sys
import threading
import traceback

from meshjit.compiler import errors
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.lax.callbacks import debug_callback, pure_callback
from meshjit.compiler.lax.special import stop_gradient
from meshjit.compiler.trace.tracing import Tracer, current_trace
from meshjit.compiler.tree_util import register_pytree_node_class, tree_flatten

_DEBUG_LOCK = threading.Lock()


class _CantFlatten:
    def __repr__(self):
        return "<cant_flatten>"


cant_flatten = _CantFlatten()


@dataclasses.dataclass(frozen=True)
class DebuggerFrame:
    """One Python frame at the breakpoint: its file, line, source and locals (the traced ones
    replaced by their values when the debugger runs)."""

    filename: str
    locals: dict
    globals: dict
    code_context: object
    source: list
    lineno: int
    offset: int | None

    @classmethod
    def from_frameinfo(cls, info) -> DebuggerFrame:
        try:
            _, start = inspect.getsourcelines(info.frame)
            source = inspect.getsource(info.frame).split("\n")
            offset = info.lineno - max(start, 1)  # lines count from 1, offsets from 0
            if offset >= len(source):
                source, offset = [], None
        except (OSError, TypeError):
            source, offset = [], None
        return cls(info.filename, dict(info.frame.f_locals), {}, info.code_context, source,
                   info.lineno, offset)  # fmt: skip


def _flatten_frame(frame: DebuggerFrame):
    """The traced values among the frame's locals (the leaves the callback receives), and how
    to put the frame back around their runtime values."""
    names, values = [], []
    for name, value in frame.locals.items():
        try:
            leaves, tree = tree_flatten(value)
        except Exception:  # a local that is no pytree: shown as <cant_flatten>
            leaves, tree = [cant_flatten], None
        names.append((name, tree, leaves))
        values.extend(leaf for leaf in leaves if isinstance(leaf, Tracer))
    return values, names


class _Static:
    """Pytree aux data compared by identity (frames hold unhashable locals)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


@register_pytree_node_class
class _Frames:
    """The frames as a pytree whose leaves are the traced locals."""

    def __init__(self, frames, flats=None):
        self.frames = frames
        self.flats = flats if flats is not None else [_flatten_frame(f) for f in frames]

    def tree_flatten(self):
        traced = [v for values, _ in self.flats for v in values]
        return traced, _Static((self.frames, [names for _, names in self.flats]))

    @classmethod
    def tree_unflatten(cls, aux, traced):
        frames, all_names = aux.value
        it = iter(traced)
        rebuilt = []
        for frame, names in zip(frames, all_names):
            local = {}
            for name, tree, leaves in names:
                filled = [next(it) if isinstance(x, Tracer) else x for x in leaves]
                local[name] = filled[0] if tree is None else tree.unflatten(filled)
            rebuilt.append(dataclasses.replace(frame, locals=local))
        return rebuilt


class CliDebugger(cmd.Cmd):
    """The text debugger: `p`/`pp` expressions, `u`/`d` frames, `l`, `w`, `c`, `q`."""

    prompt = "(jdb) "

    def __init__(self, frames, thread_id, stdin=None, stdout=None, completekey="tab"):
        super().__init__(stdin=stdin, stdout=stdout, completekey=completekey)
        self.use_rawinput = stdin is None
        self.frames, self.frame_index, self.thread_id = frames, 0, thread_id
        self.intro = "Entering jdb:"

    def current_frame(self) -> DebuggerFrame:
        return self.frames[self.frame_index]

    def evaluate(self, expr):
        frame = self.current_frame()
        return eval(expr, {}, {**frame.globals, **frame.locals})

    def _show(self, expr, form) -> None:
        try:
            print(form(self.evaluate(expr)), file=self.stdout)
        except Exception:
            exc = sys.exc_info()[:2]
            print("***", traceback.format_exception_only(*exc)[-1].strip(), file=self.stdout)

    def default(self, line):
        """Evaluates an expression."""
        self._show(line, repr)

    def do_p(self, arg):
        """p expression: evaluates and prints the value of an expression"""
        self._show(arg, repr)

    def do_pp(self, arg):
        """pp expression: evaluates and pretty-prints the value of an expression"""
        self._show(arg, pprint.pformat)

    def do_up(self, arg, /):
        """u(p): move up a stack frame"""
        if self.frame_index == len(self.frames) - 1:
            print("At topmost frame.", file=self.stdout)
        else:
            self.frame_index += 1
        self.print_context()

    do_u = do_up

    def do_down(self, arg, /):
        """d(own): move down a stack frame"""
        if self.frame_index == 0:
            print("At bottommost frame.", file=self.stdout)
        else:
            self.frame_index -= 1
        self.print_context()

    do_d = do_down

    def do_list(self, _):
        """l(ist): list source code for the current file"""
        self.print_context(num_lines=5)

    do_l = do_list

    def do_continue(self, _):
        """c(ont(inue)): continue the program's execution"""
        return True

    do_c = do_cont = do_continue

    def do_quit(self, _):
        """q(uit) / exit: quit the debugger; the program is given an exit command"""
        sys.exit(0)

    do_q = do_EOF = do_exit = do_quit

    def do_where(self, _):
        """w(here) / bt: prints a stack trace with the most recent frame at the bottom"""
        lines = ["Traceback:"]
        for frame in self.frames[::-1]:
            lines.append(f'  File "{frame.filename}", line {frame.lineno}')
            shown = "<no source>" if frame.offset is None else frame.source[frame.offset].strip()
            lines.append(f"    {shown}")
        print("\n".join(lines), file=self.stdout)

    do_w = do_bt = do_where

    def print_context(self, num_lines=2):
        frame = self.current_frame()
        lines = [f"> {frame.filename}({frame.lineno})"]
        if frame.offset is not None:
            for i, line in enumerate(frame.source):
                if frame.offset - 1 - num_lines <= i <= frame.offset + num_lines:
                    lines.append(f"->  {line}" if i == frame.offset else f"    {line}")
        print("\n".join(lines), file=self.stdout)

    def run(self):
        while True:
            try:
                self.cmdloop()
                break
            except KeyboardInterrupt:
                print("--KeyboardInterrupt--", file=sys.stdout)


def run_cli_debugger(frames, thread_id, **kwargs) -> None:
    CliDebugger(frames, thread_id, **kwargs).run()


_DEBUGGERS: dict = {"cli": (run_cli_debugger, -1)}


def register_debugger(name: str, debugger, priority: int) -> None:
    """Adds a debugger backend; the highest priority one is the default."""
    if name in _DEBUGGERS:
        raise MeshjitValueError(f"Debugger with name `{name}` already registered.")
    _DEBUGGERS[name] = (debugger, priority)


def get_debugger(backend: str | None = None):
    if backend is not None and backend in _DEBUGGERS:
        return _DEBUGGERS[backend][0]
    return max(_DEBUGGERS.values(), key=lambda entry: entry[1])[0]


def _user_frame(info) -> bool:
    return not info.filename.startswith(errors.package_dirs())


def breakpoint(
    *, backend=None, filter_frames: bool = True, num_frames=None, ordered: bool = False,
    token=None, **kwargs,
):  # fmt: skip
    """Enters the debugger when the program reaches this point, with the frames of the call
    (meshjit's own filtered out unless `filter_frames=False`, at most `num_frames`). With
    `token` (a pytree of arrays), the debugger runs once it is computed and `token` is returned
    (pass it on, or the breakpoint is pruned)."""
    from meshjit.compiler.runtime.device_put import device_put  # a later room

    if token is not None and ordered:
        raise MeshjitValueError("`ordered` and `token` are mutually exclusive arguments.")
    infos = inspect.stack()[1:]
    if filter_frames:
        infos = [info for info in infos if _user_frame(info)]
    frames = _Frames([DebuggerFrame.from_frameinfo(info) for info in infos][:num_frames])
    flat, tree = tree_flatten(frames)

    def enter(*values):
        values = [device_put(v) for v in values]  # the program's values, as meshjit Arrays
        thread = None if threading.current_thread() is threading.main_thread() else threading.get_ident()
        with _DEBUG_LOCK:
            get_debugger(backend)(tree.unflatten(list(values)), thread, **kwargs)

    if token is None:
        if current_trace() is None:  # eager: the debugger runs now
            enter(*flat)
        else:
            debug_callback(enter, *flat)
        return None

    def enter_then_pass(x, *values):
        enter(*values)
        return x

    token, flat = stop_gradient((token, flat))
    return pure_callback(enter_then_pass, token, token, *flat)


__all__ = ["CliDebugger", "DebuggerFrame", "breakpoint", "get_debugger", "register_debugger"]
