"""A small document layout engine, the one JAX's jaxpr printer uses (Lindig's "strictly
pretty" variant of Wadler's printer): text, breaks, concatenation, nesting and groups. A group
prints flat (its breaks as their text) when it fits in the remaining width, else its breaks
become newlines indented to the enclosing nest level."""

from __future__ import annotations

from collections.abc import Sequence

_FLAT, _BREAK = 0, 1


class Doc:
    __slots__ = ()

    def __add__(self, other: Doc) -> Doc:
        return concat([self, other])

    def __str__(self) -> str:
        return self.format()

    def format(self, width: int = 80) -> str:
        return _format(self, width)


class _Text(Doc):
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


class _Break(Doc):
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


class _Concat(Doc):
    __slots__ = ("children",)

    def __init__(self, children: Sequence[Doc]):
        self.children = list(children)


class _Nest(Doc):
    __slots__ = ("n", "child")

    def __init__(self, n: int, child: Doc):
        self.n, self.child = n, child


class _Group(Doc):
    __slots__ = ("child",)

    def __init__(self, child: Doc):
        self.child = child


def nil() -> Doc:
    return _Concat(())


def text(s: str) -> Doc:
    return _Text(s)


def brk(s: str = " ") -> Doc:
    """A newline when its group breaks, else `s`."""
    return _Break(s)


def concat(docs: Sequence[Doc]) -> Doc:
    return _Concat(docs)


def nest(n: int, doc: Doc) -> Doc:
    return _Nest(n, doc)


def group(doc: Doc) -> Doc:
    return _Group(doc)


def join(sep: Doc, docs: Sequence[Doc]) -> Doc:
    out: list[Doc] = []
    for i, doc in enumerate(docs):
        if i:
            out.append(sep)
        out.append(doc)
    return _Concat(out)


def _fits(doc: Doc, width: int) -> bool:
    """Whether `doc` printed flat takes at most `width` columns (only the group itself counts,
    not what follows it on the line, as in JAX)."""
    agenda = [doc]
    while width >= 0 and agenda:
        d = agenda.pop()
        if isinstance(d, (_Text, _Break)):
            width -= len(d.text)
        elif isinstance(d, _Concat):
            agenda.extend(reversed(d.children))
        else:  # _Nest, _Group: flat all the way down
            agenda.append(d.child)
    return width >= 0


def _format(doc: Doc, width: int) -> str:
    lines: list[str] = []
    line: list[str] = []
    column = 0
    agenda = [(0, _BREAK, doc)]
    while agenda:
        indent, mode, d = agenda.pop()
        if isinstance(d, _Text):
            line.append(d.text)
            column += len(d.text)
        elif isinstance(d, _Break):
            if mode == _BREAK:
                lines.append("".join(line))
                line, column = [" " * indent], indent
            else:
                line.append(d.text)
                column += len(d.text)
        elif isinstance(d, _Concat):
            agenda.extend((indent, mode, c) for c in reversed(d.children))
        elif isinstance(d, _Nest):
            agenda.append((indent + d.n, mode, d.child))
        else:
            flat = mode == _FLAT or _fits(d.child, width - column)
            agenda.append((indent, _FLAT if flat else _BREAK, d.child))
    lines.append("".join(line))
    return "\n".join(lines)
