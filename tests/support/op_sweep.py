"""The single-op Shardy sweep (issue 19, round 18): `python -m tests.support.op_sweep -n N
[--seed S] [--ops OP,...] [--out FILE] [-v]`.

Each case is one StableHLO op Shardy's op sharding rule registry covers (or a while / case /
optimization_barrier / custom call), its operands function arguments with seeded random
shardings (sub-axes, open and closed dims, priorities, replicated axes, size-one axes: the
campaign's vocabulary, random_sdy._Gen), its results sometimes sharded too. Every case runs
through every Shardy pass and meshjit's mapped pipeline (random_sdy.PASSES) plus the
keep-sharding-rules pass, whose `sdy.sharding_rule`s compare the rules themselves; the sweep
prints the disagreements per op and pass.

`python -m tests.support.op_sweep OP SEED` prints one case.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
import time
from collections import Counter

from tests.support.random_sdy import PASSES, Value, _Gen, _type, accepted, differences

RULES_PASS = (
    "sdy-aggressive-propagate{keep-sharding-rules=true}",
    "meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true}",
)
# The rules Shardy writes under conservative propagation (its registry's other rules).
CONSERVATIVE_RULES_PASS = (
    "sdy-aggressive-propagate{conservative-propagation=true keep-sharding-rules=true}",
    "meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true"
    " keep-sharding-rules=true}",
)
_RULES_PASSES = (RULES_PASS, CONSERVATIVE_RULES_PASS)
# Conservative propagation under the other strategies too (the campaign runs the aggressive).
CONSERVATIVE_PASSES = (
    (
        "sdy-basic-propagate{conservative-propagation=true}",
        "meshjit-propagate{strategy=basic shardy-compatible=true conservative-propagation=true}",
    ),
    (
        "sdy-op-priority-propagate{conservative-propagation=true}",
        "meshjit-propagate{shardy-compatible=true user-priority=false conservative-propagation=true}",
    ),
)
_SIZES = (1, 2, 4, 4, 8, 8, 16, 3, 6, 12)


class _Case:
    """One case being drawn: function arguments, the op's lines, its results."""

    def __init__(self, r: random.Random, extra: random.Random | None = None):
        self.r = r
        self.extra = extra  # draws added later (unreduced axes): old seeds' cases stay as they were
        self.g = _Gen(r)
        self.g.draw_meshes()
        if r.random() < 0.8:  # mostly one mesh: the rules, not the mesh checks
            self.g.meshes = self.g.meshes[:1]
        self.args: list[Value] = []
        self.lines: list[str] = []
        self.n = 0

    def shape(self, rank=None, lo=1, hi=3) -> list[int]:
        rank = self.r.randint(lo, hi) if rank is None else rank
        return [self.r.choice(_SIZES) for _ in range(rank)]

    def arg(self, shape, dtype="f32") -> str:
        v = Value(f"%arg{len(self.args)}", tuple(shape), dtype)
        self.args.append(v)
        return v.name

    def op(self, text: str, shape, dtype="f32") -> list[Value]:
        """Emits the op `text` defining %0 of `shape`; its result, as the function's."""
        self.lines.append(text)
        return [Value("%0", tuple(shape), dtype)]

    def const(self, shape=(), dtype="f32") -> str:
        value = "1" if dtype[0] in "iu" else "1.0"
        name = f"%c{len(self.lines)}"
        self.lines.append(f"{name} = stablehlo.constant dense<{value}> : {_type(shape, dtype)}")
        return name

    def module(self, results: list[Value]) -> str:
        r, g = self.r, self.g
        args = []
        for v in self.args:
            s = ""
            if r.random() < 0.75 and v.dtype not in ("i32",) or r.random() < 0.1:
                s = f" {{sdy.sharding = #sdy.sharding{self.unreduced(g.sharding(v.shape))}}}"
            args.append(f"{v.name}: {v.type}{s}")
        res = []
        for v in results:
            s = ""
            if r.random() < 0.35:
                s = f" {{sdy.sharding = #sdy.sharding{g.sharding(v.shape)}}}"
            res.append(f"{v.type}{s}")
        lines = [m.text for m in g.meshes]
        lines.append(f"func.func @main({', '.join(args)}) -> ({', '.join(res)}) {{")
        lines += ["  " + ln for ln in self.lines]
        names = ", ".join(v.name for v in results)
        lines.append(f"  return {names} : {', '.join(v.type for v in results)}")
        lines.append("}")
        text = "\n".join(lines) + "\n"
        if r.random() < 0.3:  # the op's own results sharded too (sources on the result side)
            text = _with_result_shardings(text, g)
        return text

    def unreduced(self, sharding: str) -> str:
        """`sharding`, sometimes with an axis it leaves free unreduced (operands holding
        partial sums)."""
        mesh = next(m for m in self.g.meshes if sharding.startswith(f"<@{m.name},"))
        free = [n for n, _ in mesh.axes if f'"{n}"' not in sharding]
        # (one mesh only: jaxlib's Shardy aborts on unreduced axes meeting another mesh)
        if not free or self.extra is None or len(self.g.meshes) > 1 or self.extra.random() >= 0.15:
            return sharding
        return f'{sharding[:-1]}, unreduced={{"{self.extra.choice(free)}"}}>'


def _with_result_shardings(text: str, g: _Gen) -> str:
    """`text` with a drawn `sdy.sharding` on the op defining the last returned value."""
    from jaxlib.mlir import ir

    from meshjit.dialects import make_context

    with make_context():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError:
            return text  # (refused: redrawn)
        func = module.body.operations[len(g.meshes)]
        ret = func.regions[0].blocks[0].operations[-1]
        owner = ret.operands[-1].owner
        if not isinstance(owner, (ir.Operation, ir.OpView)):
            return text  # a block argument
        shapes = [ir.RankedTensorType(v.type).shape for v in owner.results]
        per_value = ", ".join(g.sharding(tuple(s)) for s in shapes)
        owner.attributes["sdy.sharding"] = ir.Attribute.parse(
            f"#sdy.sharding_per_value<[{per_value}]>"
        )
        return str(module)


_BODY = (
    "^bb0(%a: tensor<{t}>, %b: tensor<{t}>):\n"
    "    %s = stablehlo.{op} %a, %b : tensor<{t}>\n"
    "    stablehlo.return %s : tensor<{t}>"
)


def _body(op="add", t="f32") -> str:
    return _BODY.format(op=op, t=t)


def _a(xs) -> str:
    return ", ".join(map(str, xs))


def _region_op(c, name: str, operands, attrs: str, types, out, op: str = "add") -> None:
    """`%0 = "stablehlo.<name>"(operands) ({<op> body}) {attrs} : (types) -> out`."""
    c.lines.append(
        f'%0 = "stablehlo.{name}"({_a(operands)}) ({{\n  {_body(op)}\n  }}) {{{attrs}}} : '
        f"({_a(types)}) -> {out}"
    )


# --------------------------------------------------------------------------- the ops


def elementwise(c: _Case):
    s = c.shape()
    x, y = c.arg(s), c.arg(s)
    op = c.r.choice(("add", "multiply", "maximum"))
    c.lines.append(f"%0 = stablehlo.{op} {x}, {y} : {_type(s)}")
    return [Value("%0", tuple(s))]


def select(c: _Case):
    s = c.shape()
    p = c.arg(s if c.r.random() < 0.7 else (), "i1")
    x, y = c.arg(s), c.arg(s)
    pt = _type(s if c.args[0].shape else (), "i1")
    return c.op(
        f"%0 = stablehlo.select {p}, {x}, {y} : ({pt}, {_type(s)}, {_type(s)}) -> {_type(s)}",
        s,
    )


def clamp(c: _Case):
    s = c.shape()
    lo_s, hi_s = (s if c.r.random() < 0.5 else ()), (s if c.r.random() < 0.5 else ())
    lo, x, hi = c.arg(lo_s), c.arg(s), c.arg(hi_s)
    return c.op(
        f"%0 = stablehlo.clamp {lo}, {x}, {hi} : ({_type(lo_s)}, {_type(s)}, {_type(hi_s)})"
        f" -> {_type(s)}",
        s,
    )


def bitcast_convert(c: _Case):
    s = c.shape()
    kind = c.r.random()
    if kind < 0.4:  # f32 -> i16/i8: a new minor dim
        k, t = c.r.choice(((2, "i16"), (4, "i8")))
        out, x = s + [k], c.arg(s)
    elif kind < 0.8:  # i16 [.., 2] -> f32: the minor dim goes
        t, out = "f32", list(s)
        x = c.arg(s + [2], "i16")
    else:
        t, out, x = "i32", list(s), c.arg(s)
    src = c.args[-1]
    c.lines.append(f"%0 = stablehlo.bitcast_convert {x} : ({src.type}) -> {_type(out, t)}")
    return [Value("%0", tuple(out), t)]


def iota(c: _Case):
    s = c.shape()
    x = c.arg(s)
    c.lines.append(f"%i = stablehlo.iota dim = {c.r.randrange(len(s))} : {_type(s)}")
    c.lines.append(f"%0 = stablehlo.add %i, {x} : {_type(s)}")
    return [Value("%0", tuple(s))]


def broadcast_in_dim(c: _Case):
    s = c.shape(lo=0, hi=3)
    out = list(s)
    for _ in range(c.r.randint(0, 2)):
        out.insert(c.r.randrange(len(out) + 1), None)
    dims = [i for i, d in enumerate(out) if d is not None]
    out = [c.r.choice((2, 4, 8)) if d is None else d for d in out]
    for i in dims:
        if out[i] == 1 and c.r.random() < 0.5:
            out[i] = c.r.choice((4, 8))
    x = c.arg(s)
    return c.op(
        f"%0 = stablehlo.broadcast_in_dim {x}, dims = [{_a(dims)}] : ({_type(s)}) -> {_type(out)}",
        out,
    )


def reshape(c: _Case):
    s = c.shape(lo=1, hi=3)
    out = _reshaped(c.r, s)
    x = c.arg(s)
    c.lines.append(f"%0 = stablehlo.reshape {x} : ({_type(s)}) -> {_type(out)}")
    return [Value("%0", tuple(out))]


def reshape_chain(c: _Case):
    """Two reshapes with an op between: the sub-axes the first one makes (splitting or merging
    an axis across dims) meet the second's."""
    s = c.shape(lo=1, hi=3)
    mid = _reshaped(c.r, s) or [1]
    out = _reshaped(c.r, mid)
    x = c.arg(s)
    c.lines.append(
        f"%1 = stablehlo.reshape {x} : ({_type(s)}) -> {_type(mid)}\n"
        f"  %2 = stablehlo.negate %1 : {_type(mid)}\n"
        f"  %0 = stablehlo.reshape %2 : ({_type(mid)}) -> {_type(out)}"
    )
    return [Value("%0", tuple(out))]


def _reshaped(r: random.Random, s: list) -> list:
    """A shape of as many elements as `s`: dims split, merged, size-one dims in or out."""
    out = list(s)
    for _ in range(r.randint(1, 2)):
        kind = r.random()
        if kind < 0.35 and out:  # split a dim
            i = r.randrange(len(out))
            divs = [d for d in range(2, out[i]) if out[i] % d == 0]
            if divs:
                d = r.choice(divs)
                out[i : i + 1] = [d, out[i] // d]
        elif kind < 0.7 and len(out) >= 2:  # merge adjacent dims
            i = r.randrange(len(out) - 1)
            out[i : i + 2] = [out[i] * out[i + 1]]
        elif kind < 0.85:  # a size-one dim in or out
            if 1 in out and r.random() < 0.5:
                out.remove(1)
            else:
                out.insert(r.randrange(len(out) + 1), 1)
        else:  # regroup
            total = 1
            for d in out:
                total *= d
            divs = [d for d in range(2, total) if total % d == 0]
            if divs:
                d = r.choice(divs)
                out = [d, total // d]
    return out


def transpose(c: _Case):
    s = c.shape(lo=2, hi=4)
    perm = list(range(len(s)))
    c.r.shuffle(perm)
    out = [s[p] for p in perm]
    x = c.arg(s)
    return c.op(
        f"%0 = stablehlo.transpose {x}, dims = [{_a(perm)}] : ({_type(s)}) -> {_type(out)}",
        out,
    )


def concatenate(c: _Case):
    s = c.shape()
    d = c.r.randrange(len(s))
    shapes = []
    for _ in range(c.r.choice((2, 2, 3))):
        t = list(s)
        t[d] = c.r.choice((s[d], s[d], 1, 2, 4, 8))
        shapes.append(t)
    names = [c.arg(t) for t in shapes]
    out = list(s)
    out[d] = sum(t[d] for t in shapes)
    return c.op(
        f"%0 = stablehlo.concatenate {_a(names)}, dim = {d} : "
        f"({_a(_type(t) for t in shapes)}) -> {_type(out)}",
        out,
    )


def pad(c: _Case):
    s = c.shape()
    r = c.r
    lo = [r.choice((0, 0, 0, 1, 2, -1 if d > 2 else 0)) for d in s]
    hi = [r.choice((0, 0, 0, 1, 2, -1 if d > 2 else 0)) for d in s]
    it = [r.choice((0, 0, 0, 1)) if d > 1 else 0 for d in s]
    out = [d + a + b + (d - 1) * i for d, a, b, i in zip(s, lo, hi, it)]
    x = c.arg(s)
    v = c.const()
    return c.op(
        f"%0 = stablehlo.pad {x}, {v}, low = [{_a(lo)}], high = [{_a(hi)}], "
        f"interior = [{_a(it)}] : ({_type(s)}, tensor<f32>) -> {_type(out)}",
        out,
    )


def reverse(c: _Case):
    s = c.shape()
    dims = sorted(c.r.sample(range(len(s)), c.r.randint(1, len(s))))
    x = c.arg(s)
    c.lines.append(f"%0 = stablehlo.reverse {x}, dims = [{_a(dims)}] : {_type(s)}")
    return [Value("%0", tuple(s))]


def slice_(c: _Case):
    s = c.shape()
    spans, out = [], []
    for d in s:
        start, limit, stride = 0, d, 1
        if d > 1 and c.r.random() < 0.6:
            start = c.r.randrange(d // 2 + 1)
            limit = d - c.r.randrange(max(1, (d - start) // 2))
            stride = c.r.choice((1, 1, 2))
        spans.append(f"{start}:{limit}" + (f":{stride}" if stride != 1 else ""))
        out.append((limit - start + stride - 1) // stride)
    x = c.arg(s)
    c.lines.append(f"%0 = stablehlo.slice {x} [{_a(spans)}] : ({_type(s)}) -> {_type(out)}")
    return [Value("%0", tuple(out))]


def dynamic_slice(c: _Case):
    s = c.shape()
    sizes = [d if c.r.random() < 0.5 else max(1, d // 2) for d in s]
    x = c.arg(s)
    idx = [c.arg((), "i32") for _ in s]
    return c.op(
        f"%0 = stablehlo.dynamic_slice {x}, {_a(idx)}, sizes = [{_a(sizes)}] : "
        f"({_type(s)}, {_a(['tensor<i32>'] * len(s))}) -> {_type(sizes)}",
        sizes,
    )


def dynamic_update_slice(c: _Case):
    s = c.shape()
    sizes = [d if c.r.random() < 0.5 else max(1, d // 2) for d in s]
    x, u = c.arg(s), c.arg(sizes)
    idx = [c.arg((), "i32") for _ in s]
    return c.op(
        f"%0 = stablehlo.dynamic_update_slice {x}, {u}, {_a(idx)} : "
        f"({_type(s)}, {_type(sizes)}, {_a(['tensor<i32>'] * len(s))}) -> {_type(s)}",
        s,
    )


def _gather_dims(c: _Case):
    """(operand shape, indices shape, batching, ...) of a gather / scatter: an embedding-style
    lookup along one dim, sometimes with batching dims, sometimes a partial window."""
    r = c.r
    rank = r.randint(2, 3)
    operand = c.shape(rank)
    batching = [0] if rank == 3 and r.random() < 0.5 else []
    free = [d for d in range(rank) if d not in batching]
    indexed = r.choice(free)
    nbatch = [operand[b] for b in batching]
    ind_shape = nbatch + [r.choice((2, 4, 8))] + [1]
    window = [d for d in range(rank) if d not in batching and d != indexed]
    slice_sizes = [1] * rank
    for d in window:
        slice_sizes[d] = operand[d] if r.random() < 0.8 else max(1, operand[d] // 2)
    return operand, ind_shape, batching, indexed, window, slice_sizes


def gather(c: _Case):
    operand, ind, batching, indexed, window, sizes = _gather_dims(c)
    nb = len(ind) - 1
    out = ind[:-1] + [sizes[d] for d in window]
    offset = list(range(nb, nb + len(window)))
    bd = (
        f", operand_batching_dims = [{_a(batching)}], start_indices_batching_dims = [0]"
        if batching
        else ""
    )
    x, i = c.arg(operand), c.arg(ind, "i32")
    return c.op(
        f'%0 = "stablehlo.gather"({x}, {i}) {{dimension_numbers = #stablehlo.gather<offset_dims = '
        f"[{_a(offset)}], collapsed_slice_dims = [{indexed}]{bd}, start_index_map = [{indexed}], "
        f"index_vector_dim = {nb}>, indices_are_sorted = false, slice_sizes = array<i64: "
        f"{_a(sizes)}>}} : ({_type(operand)}, {_type(ind, 'i32')}) -> {_type(out)}",
        out,
    )


def _scatter_dims(c: _Case):
    """(operand shape, indices shape, updates shape, the scatter's dimension-numbers attrs)."""
    operand, ind, batching, indexed, window, sizes = _gather_dims(c)
    nb = len(ind) - 1
    upd = ind[:-1] + [sizes[d] for d in window]
    bd = (
        f", input_batching_dims = [{_a(batching)}], scatter_indices_batching_dims = [0]"
        if batching
        else ""
    )
    attrs = (
        f"scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = "
        f"[{_a(range(nb, nb + len(window)))}], inserted_window_dims = [{indexed}]{bd}, "
        f"scatter_dims_to_operand_dims = [{indexed}], index_vector_dim = {nb}>, "
        f"indices_are_sorted = false, unique_indices = false"
    )
    return operand, ind, upd, attrs


def scatter(c: _Case):
    operand, ind, upd, attrs = _scatter_dims(c)
    x, i, u = c.arg(operand), c.arg(ind, "i32"), c.arg(upd)
    types = (_type(operand), _type(ind, "i32"), _type(upd))
    _region_op(c, "scatter", (x, i, u), attrs, types, _type(operand))
    return [Value("%0", tuple(operand))]


def scatter_variadic(c: _Case):
    """A scatter of two inputs and two updates (two results), sometimes with batching dims."""
    operand, ind, upd, attrs = _scatter_dims(c)
    xs, i, us = [c.arg(operand) for _ in "ab"], c.arg(ind, "i32"), [c.arg(upd) for _ in "ab"]
    t, tu = _type(operand), _type(upd)
    c.lines.append(
        f'%0:2 = "stablehlo.scatter"({_a(xs)}, {i}, {_a(us)}) ({{\n'
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<f32>, %q: tensor<f32>):\n"
        "    %s = stablehlo.add %a, %p : tensor<f32>\n"
        "    %m = stablehlo.maximum %b, %q : tensor<f32>\n"
        "    stablehlo.return %s, %m : tensor<f32>, tensor<f32>\n"
        f"  }}) {{{attrs}}} : ({t}, {t}, "
        f"{_type(ind, 'i32')}, {tu}, {tu}) -> ({t}, {t})"
    )
    return [Value("%0#0", tuple(operand)), Value("%0#1", tuple(operand))]


def dynamic_slice_uses(c: _Case):
    """A dynamic_slice whose operand another op reads too (Shardy's op priority defers a
    multi-use dynamic_slice's forward propagation)."""
    s = c.shape()
    sizes = [d if c.r.random() < 0.5 else max(1, d // 2) for d in s]
    x = c.arg(s)
    idx = [c.arg((), "i32") for _ in s]
    other = c.r.choice(("negate", "exponential"))
    c.lines.append(
        f"%0 = stablehlo.dynamic_slice {x}, {_a(idx)}, sizes = [{_a(sizes)}] : "
        f"({_type(s)}, {_a(['tensor<i32>'] * len(s))}) -> {_type(sizes)}\n"
        f"  %1 = stablehlo.{other} {x} : {_type(s)}"
    )
    return [Value("%0", tuple(sizes)), Value("%1", tuple(s))]


def dot_general(c: _Case, batches=(0, 0, 1), contracts=(1, 1, 2)):
    r = c.r
    nb, nc = r.choice(batches), r.choice(contracts)
    nl, nr = r.choice((0, 1, 1, 2)), r.choice((0, 1, 1))
    batch = c.shape(nb, 0, 0) if nb else []
    contract = c.shape(nc)
    lf, rf = c.shape(nl) if nl else [], c.shape(nr) if nr else []
    # lhs: batch, then free and contracting dims shuffled; rhs likewise
    lhs_dims = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("l", i) for i in range(nl)]
    )
    rhs_dims = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("r", i) for i in range(nr)]
    )
    r.shuffle(lhs_dims)
    r.shuffle(rhs_dims)
    sizes = {"b": batch, "c": contract, "l": lf, "r": rf}
    lhs = [sizes[k][i] for k, i in lhs_dims]
    rhs = [sizes[k][i] for k, i in rhs_dims]
    pos = lambda dims, k, i: dims.index((k, i))  # noqa: E731
    lb = [pos(lhs_dims, "b", i) for i in range(nb)]
    rb = [pos(rhs_dims, "b", i) for i in range(nb)]
    lc = [pos(lhs_dims, "c", i) for i in range(nc)]
    rc = [pos(rhs_dims, "c", i) for i in range(nc)]
    out = batch + [lhs[d] for d, (k, _) in enumerate(lhs_dims) if k == "l"]
    out += [rhs[d] for d, (k, _) in enumerate(rhs_dims) if k == "r"]
    x, y = c.arg(lhs), c.arg(rhs)
    bd = f"batching_dims = [{_a(lb)}] x [{_a(rb)}], " if nb else ""
    return c.op(
        f"%0 = stablehlo.dot_general {x}, {y}, {bd}contracting_dims = [{_a(lc)}] x [{_a(rc)}] :"
        f" ({_type(lhs)}, {_type(rhs)}) -> {_type(out)}",
        out,
    )


def dot_general_batched(c: _Case):
    """dot_general with several batching dims (and one or more contracting ones)."""
    return dot_general(c, batches=(2, 2, 3), contracts=(1, 2))


def convolution(c: _Case):
    r = c.r
    nsp = r.choice((1, 1, 2))
    groups = r.choice((1, 1, 2))
    bgroups = 1 if groups > 1 else r.choice((1, 1, 2))
    batch = r.choice((2, 4, 8)) * bgroups
    cin = r.choice((1, 2, 4)) * groups
    cout = r.choice((2, 4)) * groups * bgroups
    spatial = [r.choice((4, 8, 16)) for _ in range(nsp)]
    win = [r.choice((1, 2, 3)) for _ in range(nsp)]
    lhs = [batch] + spatial + [cin]
    rhs = win + [cin // groups, cout]
    out = [batch // bgroups] + [s - w + 1 for s, w in zip(spatial, win)] + [cout]
    sp = ", ".join(str(i) for i in range(nsp))
    x, y = c.arg(lhs), c.arg(rhs)
    return c.op(
        f"%0 = stablehlo.convolution({x}, {y}) dim_numbers = [b, {sp}, f]x[{sp}, i, o]->"
        f"[b, {sp}, f], window = {{stride = [{_a([1] * nsp)}], pad = "
        f"[{_a(['[0, 0]'] * nsp)}], rhs_dilate = [{_a([1] * nsp)}]}} {{batch_group_count = "
        f"{bgroups} : i64, feature_group_count = {groups} : i64}} : ({_type(lhs)}, "
        f"{_type(rhs)}) -> {_type(out)}",
        out,
    )


def convolution_windowed(c: _Case):
    """convolution with strides, padding and lhs / rhs dilations on its spatial dims."""
    r = c.r
    nsp = r.choice((1, 1, 2))
    groups = r.choice((1, 1, 2))
    batch, cin, cout = r.choice((2, 4, 8)), r.choice((1, 2)) * groups, r.choice((2, 4)) * groups
    spatial = [r.choice((4, 8, 16)) for _ in range(nsp)]
    win = [r.choice((1, 2, 3)) for _ in range(nsp)]
    stride = [r.choice((1, 1, 2)) for _ in range(nsp)]
    pads = [(r.choice((0, 0, 1, 2)), r.choice((0, 0, 1))) for _ in range(nsp)]
    ldil = [r.choice((1, 1, 2)) for _ in range(nsp)]
    rdil = [r.choice((1, 1, 2)) for _ in range(nsp)]
    out_sp = [
        ((d - 1) * ld + 1 + lo + hi - (w - 1) * rd - 1) // st + 1
        for d, w, st, (lo, hi), ld, rd in zip(spatial, win, stride, pads, ldil, rdil)
    ]
    lhs = [batch] + spatial + [cin]
    rhs = win + [cin // groups, cout]
    out = [batch] + out_sp + [cout]
    sp = ", ".join(str(i) for i in range(nsp))
    pad_text = _a(f"[{lo}, {hi}]" for lo, hi in pads)
    x, y = c.arg(lhs), c.arg(rhs)
    return c.op(
        f"%0 = stablehlo.convolution({x}, {y}) dim_numbers = [b, {sp}, f]x[{sp}, i, o]->"
        f"[b, {sp}, f], window = {{stride = [{_a(stride)}], pad = [{pad_text}], "
        f"lhs_dilate = [{_a(ldil)}], rhs_dilate = [{_a(rdil)}]}} {{batch_group_count = 1 : i64, "
        f"feature_group_count = {groups} : i64}} : ({_type(lhs)}, {_type(rhs)}) -> {_type(out)}",
        out,
    )


def reduce(c: _Case):
    s = c.shape()
    dims = sorted(c.r.sample(range(len(s)), c.r.randint(1, len(s))))
    out = [d for i, d in enumerate(s) if i not in dims]
    n = c.r.choice((1, 1, 2))
    xs = [c.arg(s) for _ in range(n)]
    inits = [c.const() for _ in range(n)]
    if n == 1:
        c.lines.append(
            f"%0 = stablehlo.reduce({xs[0]} init: {inits[0]}) applies stablehlo.add across "
            f"dimensions = [{_a(dims)}] : ({_type(s)}, tensor<f32>) -> {_type(out)}"
        )
        return [Value("%0", tuple(out))]
    c.lines.append(
        f'%0:2 = "stablehlo.reduce"({_a(xs)}, {_a(inits)}) ({{\n'
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<f32>, %q: tensor<f32>):\n"
        "    %s = stablehlo.add %a, %p : tensor<f32>\n"
        "    %t = stablehlo.add %b, %q : tensor<f32>\n"
        "    stablehlo.return %s, %t : tensor<f32>, tensor<f32>\n"
        f"  }}) {{dimensions = array<i64: {_a(dims)}>}} : ({_type(s)}, {_type(s)}, tensor<f32>,"
        f" tensor<f32>) -> ({_type(out)}, {_type(out)})"
    )
    return [Value("%0#0", tuple(out)), Value("%0#1", tuple(out))]


def _window(c: _Case, s):
    win = [c.r.choice((1, 1, 2, 3)) if d > 2 else 1 for d in s]
    strides = [c.r.choice((1, w)) if w > 1 else c.r.choice((1, 1, 2)) for w in win]
    out = [(d - w) // st + 1 for d, w, st in zip(s, win, strides)]
    return win, strides, out


def reduce_window(c: _Case):
    s = c.shape()
    win, strides, out = _window(c, s)
    x, v = c.arg(s), c.const()
    attrs = f"window_dimensions = array<i64: {_a(win)}>, window_strides = array<i64: {_a(strides)}>"
    _region_op(c, "reduce_window", (x, v), attrs, (_type(s), "tensor<f32>"), _type(out), "maximum")
    return [Value("%0", tuple(out))]


def reduce_window_dilated(c: _Case):
    """reduce_window with base / window dilations and padding (Shardy: permutation factors
    where a window, stride, dilation or padding moves data)."""
    s = c.shape()
    r = c.r
    win = [r.choice((1, 2, 3)) if d > 1 else 1 for d in s]
    wdil = [r.choice((1, 1, 2)) if w > 1 else 1 for w in win]
    bdil = [r.choice((1, 1, 2)) if d > 1 else 1 for d in s]
    pads = [(r.choice((0, 0, 1, 2)), r.choice((0, 0, 1))) for _ in s]
    strides = [r.choice((1, 1, 2)) for _ in s]
    out = []
    for k, d in enumerate(s):
        full = (d - 1) * bdil[k] + 1 + sum(pads[k])
        if (win[k] - 1) * wdil[k] + 1 > full:
            win[k] = wdil[k] = 1
        out.append((full - (win[k] - 1) * wdil[k] - 1) // strides[k] + 1)
    x, v = c.arg(s), c.const()
    pad_text = ", ".join(f"[{lo}, {hi}]" for lo, hi in pads)
    attrs = (
        f"window_dimensions = array<i64: {_a(win)}>, window_strides = array<i64: {_a(strides)}>, "
        f"base_dilations = array<i64: {_a(bdil)}>, window_dilations = array<i64: {_a(wdil)}>, "
        f"padding = dense<[{pad_text}]> : tensor<{len(s)}x2xi64>"
    )
    _region_op(c, "reduce_window", (x, v), attrs, (_type(s), "tensor<f32>"), _type(out), "maximum")
    return [Value("%0", tuple(out))]


def select_and_scatter(c: _Case):
    s = c.shape()
    win, strides, out = _window(c, s)
    x, src, v = c.arg(s), c.arg(out), c.const()
    c.lines.append(
        f'%0 = "stablehlo.select_and_scatter"({x}, {src}, {v}) ({{\n'
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        "    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    stablehlo.return %p : tensor<i1>\n"
        f"  }}, {{\n  {_body()}\n  }}) {{window_dimensions = array<i64: {_a(win)}>, "
        f"window_strides = array<i64: {_a(strides)}>}} : ({_type(s)}, {_type(out)}, "
        f"tensor<f32>) -> {_type(s)}"
    )
    return [Value("%0", tuple(s))]


def sort(c: _Case):
    s = c.shape()
    d = c.r.randrange(len(s))
    n = c.r.choice((1, 2))
    xs = [c.arg(s) for _ in range(n)]
    bb = ", ".join(f"%a{k}: tensor<f32>, %b{k}: tensor<f32>" for k in range(n))
    res = "%0:2" if n == 2 else "%0"
    c.lines.append(
        f'{res} = "stablehlo.sort"({_a(xs)}) <{{dimension = {d} : i64, is_stable = true}}> ({{\n'
        f"  ^bb0({bb}):\n"
        "    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    stablehlo.return %p : tensor<i1>\n"
        f"  }}) : ({_a([_type(s)] * n)}) -> ({_a([_type(s)] * n)})"
    )
    return [Value("%0#0" if n == 2 else "%0", tuple(s))] + (
        [Value("%0#1", tuple(s))] if n == 2 else []
    )


def fft(c: _Case):
    s = c.shape(lo=1, hi=3)
    s = [d if d > 1 else 4 for d in s]
    k = c.r.randint(1, min(3, len(s)))
    kind = c.r.choice(("FFT", "IFFT", "RFFT", "IRFFT"))
    lengths = s[len(s) - k :]
    cx = "complex<f32>"
    if kind in ("FFT", "IFFT"):
        src, out, t_in, t_out = s, s, cx, cx
    elif kind == "RFFT":
        src, out, t_in, t_out = s, s[:-1] + [s[-1] // 2 + 1], "f32", cx
    else:
        src, out, t_in, t_out = s[:-1] + [s[-1] // 2 + 1], s, cx, "f32"
    x = c.arg(src, t_in)
    c.lines.append(
        f"%0 = stablehlo.fft {x}, type = {kind}, length = [{_a(lengths)}] : "
        f"({_type(src, t_in)}) -> {_type(out, t_out)}"
    )
    return [Value("%0", tuple(out), t_out)]


def cholesky(c: _Case):
    n = c.r.choice((2, 4, 8))
    s = c.shape(c.r.randint(0, 2)) + [n, n]
    x = c.arg(s)
    c.lines.append(f"%0 = stablehlo.cholesky {x}, lower = true : {_type(s)}")
    return [Value("%0", tuple(s))]


def triangular_solve(c: _Case):
    n, m = c.r.choice((2, 4, 8)), c.r.choice((2, 4, 8, 16))
    batch = c.shape(c.r.randint(0, 2))
    left = c.r.random() < 0.5
    a, b = batch + [n, n], batch + ([n, m] if left else [m, n])
    x, y = c.arg(a), c.arg(b)
    c.lines.append(
        f'%0 = "stablehlo.triangular_solve"({x}, {y}) {{left_side = {str(left).lower()}, '
        "lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}"
        f" : ({_type(a)}, {_type(b)}) -> {_type(b)}"
    )
    return [Value("%0", tuple(b))]


def custom_call(c: _Case):
    r = c.r
    s = c.shape()
    target = r.choice(
        (
            "Sharding",
            "SPMDFullToShardShape",
            "SPMDShardToFullShape",
            "MoveToHost",
            "annotate_device_placement",
            "LayoutConstraint",
            "X64Combine",
            "Cholesky",
            "Eigh",
            "Qr",
            "mhlo.topk",
            "ApproxTopK",
            "foo",
        )
    )
    x = c.arg(s)
    if target in ("Eigh", "Qr"):
        n = r.choice((2, 4, 8))
        s = s[:-1] + [n, n] if len(s) > 1 else [n, n]
        c.args[-1] = Value(x, tuple(s))
        outs = [s, s[:-1]] if target == "Eigh" else [s, s[:-1]]
    elif target in ("mhlo.topk", "ApproxTopK"):
        k = max(1, s[-1] // 2)
        outs = [s[:-1] + [k], s[:-1] + [k]]
        if target == "mhlo.topk":
            c.lines.append(
                f"%0:2 = stablehlo.custom_call @mhlo.topk({x}) {{mhlo.attributes = {{k = {k} : i64,"
                f" largest = true}}, mhlo.version = 1 : i64}} : ({_type(s)}) -> ({_type(outs[0])}, "
                f"{_type(outs[1], 'i32')})"
            )
            return [Value("%0#0", tuple(outs[0])), Value("%0#1", tuple(outs[1]), "i32")]
        outs = [s[:-1] + [k]]
    elif target == "X64Combine":
        y = c.arg(s)
        c.lines.append(
            f"%0 = stablehlo.custom_call @X64Combine({x}, {y}) : ({_type(s)}, {_type(s)}) -> "
            f"{_type(s)}"
        )
        return [Value("%0", tuple(s))]
    else:
        outs = [s]
    names = f"%0:{len(outs)}" if len(outs) > 1 else "%0"
    c.lines.append(
        f"{names} = stablehlo.custom_call @{target}({x}) : ({_type(s)}) -> "
        f"({_a(_type(o) for o in outs)})"
    )
    if len(outs) == 1:
        return [Value("%0", tuple(outs[0]))]
    return [Value(f"%0#{k}", tuple(o)) for k, o in enumerate(outs)]


def _collective_head(c: _Case, s) -> str:
    groups = [[0, 1]] if c.r.random() < 0.5 else [[0], [1]]
    return f"replica_groups = dense<{groups}> : tensor<{len(groups)}x{len(groups[0])}xi64>"


def collective(c: _Case):
    r = c.r
    s = c.shape()
    s = [d if d % 2 == 0 else d * 2 for d in s]
    kind = r.choice(
        ("all_gather", "all_reduce", "collective_permute", "all_to_all", "reduce_scatter")
    )
    x = c.arg(s)
    d = r.randrange(len(s))
    if kind == "all_gather":
        out = list(s)
        out[d] *= 2
        head = f"all_gather_dim = {d} : i64, {_collective_head(c, s)}"
        c.lines.append(
            f'%0 = "stablehlo.all_gather"({x}) {{{head}}} : ({_type(s)}) -> {_type(out)}'
        )
    elif kind == "all_reduce":
        out = s
        _region_op(c, "all_reduce", (x,), _collective_head(c, s), (_type(s),), _type(out))
    elif kind == "collective_permute":
        out = s
        c.lines.append(
            f'%0 = "stablehlo.collective_permute"({x}) {{source_target_pairs = dense<[[0, 1], '
            f"[1, 0]]> : tensor<2x2xi64>}} : ({_type(s)}) -> {_type(out)}"
        )
    elif kind == "all_to_all":
        e = r.randrange(len(s))
        out = list(s)
        out[d] //= 2
        out[e] *= 2
        c.lines.append(
            f'%0 = "stablehlo.all_to_all"({x}) {{split_dimension = {d} : i64, concat_dimension = '
            f"{e} : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : "
            f"tensor<1x2xi64>}} : ({_type(s)}) -> {_type(out)}"
        )
    else:
        out = list(s)
        out[d] //= 2
        attrs = f"scatter_dimension = {d} : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>"
        _region_op(c, "reduce_scatter", (x,), attrs, (_type(s),), _type(out))
    return [Value("%0", tuple(out))]


def named_call(c: _Case):
    """Custom call targets Shardy's registry knows that `custom_call` does not draw."""
    r = c.r
    s = c.shape()
    target = r.choice(
        ("MoveToDevice", "InspectSharding", "X64SplitLow", "X64SplitHigh", "PartialReduce")
    )
    if target.startswith("X64Split"):
        x = c.arg(s, "f64")
        c.lines.append(
            f"%0 = stablehlo.custom_call @{target}({x}) : ({_type(s, 'f64')}) -> {_type(s, 'ui32')}"
        )
        return [Value("%0", tuple(s), "ui32")]
    x = c.arg(s)
    out = s[:-1] + [max(1, s[-1] // 2)] if target == "PartialReduce" else s
    return c.op(f"%0 = stablehlo.custom_call @{target}({x}) : ({_type(s)}) -> {_type(out)}", out)


_SPECIAL = ("need_replication", "permutation", "blocked_propagation")


def rule_call(c: _Case, joins: float = 0.25, per_dim: int = 2):
    """A custom call with its own `sdy.sharding_rule`: one to three operands, one or two
    results, dims of one or two factors (`joins`: how often a factor joins the dim before it,
    up to `per_dim` factors), reduction factors (in operands only) and need-replication /
    permutation / blocked factors."""
    r = c.r
    letters = "ijklm"[: r.randint(2, 5)]
    sizes = {f: r.choice((1, 2, 2, 4, 4, 8, 3, 6)) for f in letters}
    draw = lambda: _rule_tensor(r, letters, sizes, joins, per_dim)  # noqa: E731
    operands = [draw() for _ in range(r.choice((1, 2, 2, 3)))]
    results = [draw() for _ in range(r.choice((1, 1, 2)))]
    used = {f for t in operands + results for dim in t for f in dim}
    operands[0] += [[f] for f in letters if f not in used]
    in_results = {f for t in results for dim in t for f in dim}
    kinds = {k: [] for k in ("reduction", *_SPECIAL)}  # the order the parser takes them
    for f in letters:
        roll = r.random()
        if f not in in_results and roll < 0.6:
            kinds["reduction"].append(f)
        elif roll < 0.3:
            kinds[r.choice(_SPECIAL)].append(f)
    shape = lambda t: [math.prod(sizes[f] for f in dim) for dim in t]  # noqa: E731
    text = lambda ts: ", ".join("[" + ", ".join("".join(d) for d in t) + "]" for t in ts)  # noqa: E731
    extra = "".join(f" {k}={{{', '.join(fs)}}}" for k, fs in kinds.items() if fs)
    factors = ", ".join(f"{f}={sizes[f]}" for f in letters)
    rule = (
        f"#sdy.op_sharding_rule<({text(operands)})->({text(results)}) {{{factors}}}{extra}, custom>"
    )
    names = [c.arg(shape(t)) for t in operands]
    outs = [shape(t) for t in results]
    res = f"%0:{len(outs)}" if len(outs) > 1 else "%0"
    c.lines.append(
        f"{res} = stablehlo.custom_call @{r.choice(('foo', 'bar'))}({_a(names)}) "
        f"{{sdy.sharding_rule = {rule}}} : ({_a(_type(shape(t)) for t in operands)}) -> "
        f"({_a(_type(o) for o in outs)})"
    )
    if len(outs) == 1:
        return [Value("%0", tuple(outs[0]))]
    return [Value(f"%0#{k}", tuple(o)) for k, o in enumerate(outs)]


def _rule_tensor(
    r: random.Random, letters: str, sizes: dict, joins: float = 0.25, per_dim: int = 2
) -> list[list[str]]:
    """A tensor's dims in a custom rule: a few distinct factors, sometimes several (not of
    size one) in one dim."""
    dims: list[list[str]] = []
    for f in r.sample(letters, r.randint(1, min(3, len(letters)))):
        can = dims and len(dims[-1]) < per_dim and sizes[f] > 1
        if can and all(sizes[g] > 1 for g in dims[-1]) and r.random() < joins:
            dims[-1].append(f)
        else:
            dims.append([f])
    return dims


def sdy_collective(c: _Case):
    """An sdy collective (all_gather, all_slice, all_reduce, reduce_scatter, all_to_all,
    collective_permute) or sdy.reshard between two ops, its operand sharded by its definer."""
    r, g = c.r, c.g
    mesh = g.meshes[0]
    s = c.shape(lo=2, hi=3)
    # (no size-one axes: Shardy's pipeline drops them from shardings, not from collectives'
    # axes lists, and then refuses its own module)
    pieces = [p for p in g._axis_pieces(mesh) if mesh.size(p.split(":")[0].strip('"')) > 1]
    dims: list[list[str]] = [[] for _ in s]
    for p in pieces:
        if r.random() < 0.8:
            dims[r.randrange(len(s))].append(p)
    cut = [r.randint(0, len(d)) for d in dims]  # where each dim's axes split
    major, minor = [d[:k] for d, k in zip(dims, cut)], [d[k:] for d, k in zip(dims, cut)]
    kind = r.choice(
        (
            "all_gather",
            "all_slice",
            "reduce_scatter",
            "all_reduce",
            "all_to_all",
            "collective_permute",
            "reshard",
        )
    )
    sh = lambda ds: f"<@{mesh.name}, [{_a('{' + _a(d) + '}' for d in ds)}]>"  # noqa: E731
    axes = lambda ds: "[" + _a("{" + _a(d) + "}" for d in ds) + "]"  # noqa: E731
    t = _type(s)
    src, head, out = dims, "", dims
    if kind == "all_gather":
        head, out = f"{axes(minor)} ", major
    elif kind in ("all_slice", "reduce_scatter"):
        src, head = major, f"{axes(minor)} "
    elif kind == "all_reduce":
        free = [f'"{n}"' for n, _ in mesh.axes if not any(f'"{n}"' in p for p in pieces)]
        head = "{" + _a(free[:1]) + "} "
    elif kind == "all_to_all" and any(dims):
        i = r.choice([k for k, d in enumerate(dims) if d])
        j = r.choice([k for k in range(len(s)) if k != i])
        head = f"[{{{dims[i][-1]}}}: {i}->{j}] "
        out = [list(d) for d in dims]
        out[j].append(out[i].pop())
    elif kind == "all_to_all":
        kind = "collective_permute"
    x = c.arg(s)
    c.lines.append(
        f"%s = stablehlo.negate {x} {{sdy.sharding = #sdy.sharding_per_value<[{sh(src)}]>}} : {t}"
    )
    if kind == "reshard":
        c.lines.append(f"%c = sdy.reshard %s {g.sharding(s)} : {t}")
    else:
        c.lines.append(f"%c = sdy.{kind} {head}%s out_sharding={sh(out)} : {t}")
    return c.op(f"%0 = stablehlo.negate %c : {t}", s)


def rng_bit_generator(c: _Case):
    s = c.shape()
    x = c.arg((2,), "ui64")
    c.lines.append(
        f"%0:2 = stablehlo.rng_bit_generator {x}, algorithm = DEFAULT : (tensor<2xui64>) -> "
        f"(tensor<2xui64>, {_type(s, 'ui32')})"
    )
    return [Value("%0#0", (2,), "ui64"), Value("%0#1", tuple(s), "ui32")]


def while_loop(c: _Case):
    s = c.shape()
    x = c.arg(s)
    t = _type(s)
    c.lines.append(
        f"%n = stablehlo.constant dense<0> : tensor<i32>\n"
        f"  %0:2 = stablehlo.while(%it = %n, %v = {x}) : tensor<i32>, {t}\n"
        "  cond {\n"
        "    %m = stablehlo.constant dense<4> : tensor<i32>\n"
        "    %p = stablehlo.compare LT, %it, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
        "    stablehlo.return %p : tensor<i1>\n"
        "  } do {\n"
        "    %o = stablehlo.constant dense<1> : tensor<i32>\n"
        "    %j = stablehlo.add %it, %o : tensor<i32>\n"
        f"    %w = stablehlo.negate %v : {t}\n"
        f"    stablehlo.return %j, %w : tensor<i32>, {t}\n"
        "  }"
    )
    return [Value("%0#1", tuple(s))]


def case(c: _Case):
    s = c.shape()
    x, y = c.arg(s), c.arg(s)
    i = c.arg((), "i32")
    t = _type(s)
    c.lines.append(
        f'%0 = "stablehlo.case"({i}) ({{\n'
        f"    stablehlo.return {x} : {t}\n"
        "  }, {\n"
        f"    %w = stablehlo.negate {y} : {t}\n"
        f"    stablehlo.return %w : {t}\n"
        f"  }}) : (tensor<i32>) -> {t}"
    )
    return [Value("%0", tuple(s))]


def optimization_barrier(c: _Case):
    s, u = c.shape(), c.shape()
    x, y = c.arg(s), c.arg(u)
    c.lines.append(
        f"%0:2 = stablehlo.optimization_barrier {x}, {y} : {_type(s)}, {_type(u)}\n"
        f"  %1 = stablehlo.negate %0#0 : {_type(s)}"
    )
    return [Value("%1", tuple(s)), Value("%0#1", tuple(u))]


# --------------------------------------------------------------------------- round 27 kinds


def typed_elementwise(c: _Case):
    """Element-wise ops whose operand and result element types differ (compare, convert,
    reduce_precision, complex / real / imag, is_finite, atan2, shift, popcnt)."""
    s = c.shape(lo=0, hi=3)
    t = _type(s)
    kind = c.r.choice(
        ("compare", "convert", "reduce_precision", "complex", "real", "is_finite", "atan2", "shift")
    )
    if kind == "compare":
        x, y = c.arg(s), c.arg(s)
        text = f"%0 = stablehlo.compare LT, {x}, {y} : ({t}, {t}) -> {_type(s, 'i1')}"
        out = "i1"
    elif kind == "convert":
        out = c.r.choice(("i32", "f16", "bf16"))
        text = f"%0 = stablehlo.convert {c.arg(s)} : ({t}) -> {_type(s, out)}"
    elif kind == "reduce_precision":
        out = "f32"
        text = f"%0 = stablehlo.reduce_precision {c.arg(s)}, format = e5m10 : {t}"
    elif kind == "complex":
        x, y, out = c.arg(s), c.arg(s), "complex<f32>"
        text = f"%0 = stablehlo.complex {x}, {y} : ({t}, {t}) -> {_type(s, out)}"
    elif kind == "real":
        x, out = c.arg(s, "complex<f32>"), "f32"
        text = f"%0 = stablehlo.{c.r.choice(('real', 'imag'))} {x} : ({_type(s, 'complex<f32>')}) -> {t}"
    elif kind == "is_finite":
        out = "i1"
        text = f"%0 = stablehlo.is_finite {c.arg(s)} : ({t}) -> {_type(s, 'i1')}"
    elif kind == "atan2":
        out = "f32"
        text = f"%0 = stablehlo.atan2 {c.arg(s)}, {c.arg(s)} : {t}"
    else:
        out, ti = "i32", _type(s, "i32")
        op = c.r.choice(("shift_left", "shift_right_logical", "and", "popcnt"))
        x = c.arg(s, "i32")
        rest = "" if op == "popcnt" else f", {c.arg(s, 'i32')}"
        text = f"%0 = stablehlo.{op} {x}{rest} : {ti}"
    return c.op(text, s, out)


def batch_norm(c: _Case):
    """batch_norm_inference (Shardy: the feature dim one factor with the scale, offset, mean
    and variance), batch_norm_training and batch_norm_grad (no rule in Shardy's registry)."""
    s = c.shape(lo=1, hi=4)
    f = c.r.randrange(len(s))
    feat = [s[f]]
    t, tf = _type(s), _type(feat)
    kind = c.r.choice(("inference", "inference", "training", "grad"))
    attrs = f"{{epsilon = 1.0e-03 : f32, feature_index = {f} : i64}}"
    x = c.arg(s)
    if kind == "inference":
        vs = [c.arg(feat) for _ in range(4)]
        return c.op(
            f'%0 = "stablehlo.batch_norm_inference"({x}, {_a(vs)}) {attrs} : ({t}, '
            f"{_a([tf] * 4)}) -> {t}",
            s,
        )
    if kind == "training":
        vs = [c.arg(feat) for _ in range(2)]
        c.lines.append(
            f'%0:3 = "stablehlo.batch_norm_training"({x}, {_a(vs)}) {attrs} : ({t}, {tf}, {tf})'
            f" -> ({t}, {tf}, {tf})"
        )
    else:
        vs = [c.arg(feat) for _ in range(3)]
        g = c.arg(s)
        c.lines.append(
            f'%0:3 = "stablehlo.batch_norm_grad"({x}, {_a(vs)}, {g}) {attrs} : ({t}, {tf}, {tf}, '
            f"{tf}, {t}) -> ({t}, {tf}, {tf})"
        )
    return [Value("%0#0", tuple(s)), Value("%0#1", tuple(feat)), Value("%0#2", tuple(feat))]


def dot(c: _Case):
    """The plain stablehlo.dot: vector . vector, matrix . vector, vector . matrix, matrix .
    matrix."""
    n, k, m = c.shape(3)
    lhs, rhs = c.r.choice((([k], [k]), ([n, k], [k]), ([k], [k, m]), ([n, k], [k, m])))
    out = lhs[:-1] + rhs[1:]
    x, y = c.arg(lhs), c.arg(rhs)
    return c.op(f"%0 = stablehlo.dot {x}, {y} : ({_type(lhs)}, {_type(rhs)}) -> {_type(out)}", out)


def reduce_body(c: _Case):
    """reduce whose body is not an add: maximum / multiply / minimum, a subtract (not a
    reduction Shardy knows), or a variadic argmax-style body."""
    s = c.shape()
    dims = sorted(c.r.sample(range(len(s)), c.r.randint(1, len(s))))
    out = [d for i, d in enumerate(s) if i not in dims]
    body = c.r.choice(("maximum", "multiply", "minimum", "subtract", "argmax"))
    if body != "argmax":
        x, v = c.arg(s), c.const()
        attrs = f"dimensions = array<i64: {_a(dims)}>"
        _region_op(c, "reduce", (x, v), attrs, (_type(s), "tensor<f32>"), _type(out), body)
        return [Value("%0", tuple(out))]
    x, i = c.arg(s), c.arg(s, "i32")
    v, w = c.const(), c.const((), "i32")
    c.lines.append(
        f'%0:2 = "stablehlo.reduce"({x}, {i}, {v}, {w}) ({{\n'
        "  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %p: tensor<f32>, %q: tensor<i32>):\n"
        "    %g = stablehlo.compare GT, %a, %p : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        "    %s = stablehlo.select %g, %a, %p : tensor<i1>, tensor<f32>\n"
        "    %t = stablehlo.select %g, %b, %q : tensor<i1>, tensor<i32>\n"
        "    stablehlo.return %s, %t : tensor<f32>, tensor<i32>\n"
        f"  }}) {{dimensions = array<i64: {_a(dims)}>}} : ({_type(s)}, {_type(s, 'i32')}, "
        f"tensor<f32>, tensor<i32>) -> ({_type(out)}, {_type(out, 'i32')})"
    )
    return [Value("%0#0", tuple(out)), Value("%0#1", tuple(out), "i32")]


def collective_variadic(c: _Case):
    """stablehlo.all_reduce / all_gather / all_to_all of two operands (two results)."""
    r = c.r
    s = [d if d % 2 == 0 else d * 2 for d in c.shape()]
    u = [d if d % 2 == 0 else d * 2 for d in c.shape(len(s))]
    xs, t = [c.arg(s), c.arg(u)], (_type(s), _type(u))
    d = r.randrange(len(s))
    kind = r.choice(("all_reduce", "all_gather", "all_to_all"))
    groups = "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>"
    if kind == "all_reduce":
        outs = [s, u]
        c.lines.append(
            f'%0:2 = "stablehlo.all_reduce"({_a(xs)}) ({{\n  {_body()}\n  }}) {{{groups}}} : '
            f"({_a(t)}) -> ({_a(t)})"
        )
    elif kind == "all_gather":
        outs = [list(s), list(u)]
        for o in outs:
            o[d] *= 2
        c.lines.append(
            f'%0:2 = "stablehlo.all_gather"({_a(xs)}) {{all_gather_dim = {d} : i64, {groups}}} : '
            f"({_a(t)}) -> ({_a(_type(o) for o in outs)})"
        )
    else:
        e = r.randrange(len(s))
        outs = [list(s), list(u)]
        for o in outs:
            o[d] //= 2
            o[e] *= 2
        c.lines.append(
            f'%0:2 = "stablehlo.all_to_all"({_a(xs)}) {{split_dimension = {d} : i64, '
            f"concat_dimension = {e} : i64, split_count = 2 : i64, {groups}}} : ({_a(t)}) -> "
            f"({_a(_type(o) for o in outs)})"
        )
    return [Value("%0#0", tuple(outs[0])), Value("%0#1", tuple(outs[1]))]


def gather_wide(c: _Case):
    """gather over two indexed dims, an index_vector_dim that is not the last, and slices
    of more than one element along an indexed dim (no collapse there)."""
    r = c.r
    operand = c.shape(r.randint(2, 3))
    indexed = sorted(r.sample(range(len(operand)), 2))
    batch = r.choice((2, 4, 8))
    ivd = r.choice((0, 1))  # indices [2, batch] or [batch, 2]
    ind = [2, batch] if ivd == 0 else [batch, 2]
    collapse = [d for d in indexed if r.random() < 0.6]
    sizes = [
        (1 if d in collapse else r.choice((1, max(1, operand[d] // 2))))
        if d in indexed
        else (operand[d] if r.random() < 0.7 else max(1, operand[d] // 2))
        for d in range(len(operand))
    ]
    window = [d for d in range(len(operand)) if d not in collapse]
    out = [batch] + [sizes[d] for d in window]
    x, i = c.arg(operand), c.arg(ind, "i32")
    return c.op(
        f'%0 = "stablehlo.gather"({x}, {i}) {{dimension_numbers = #stablehlo.gather<offset_dims = '
        f"[{_a(range(1, 1 + len(window)))}], collapsed_slice_dims = [{_a(collapse)}], "
        f"start_index_map = [{_a(indexed)}], index_vector_dim = {ivd}>, indices_are_sorted = "
        f"false, slice_sizes = array<i64: {_a(sizes)}>}} : ({_type(operand)}, "
        f"{_type(ind, 'i32')}) -> {_type(out)}",
        out,
    )


def if_op(c: _Case):
    """stablehlo.if whose branches return an argument or an op of one."""
    s = c.shape()
    x, y = c.arg(s), c.arg(s)
    p = c.arg((), "i1")
    t = _type(s)
    c.lines.append(
        f'%0 = "stablehlo.if"({p}) ({{\n'
        f"    %w = stablehlo.negate {x} : {t}\n"
        f"    stablehlo.return %w : {t}\n"
        "  }, {\n"
        f"    %w = stablehlo.abs {y} : {t}\n"
        f"    stablehlo.return %w : {t}\n"
        f"  }}) : (tensor<i1>) -> {t}"
    )
    return [Value("%0", tuple(s))]


def rule_call_plain(c: _Case):
    """A custom call with a `sdy.sharding_rule` that is not marked custom (Shardy keeps it
    as the op's rule all the same)."""
    rule_call(c)
    c.lines[-1] = c.lines[-1].replace(", custom>", ">")
    n = c.lines[-1].split(" = ", 1)[0]
    if ":" in n:
        k = int(n.split(":")[1])
        shapes = _rule_result_shapes(c.lines[-1])
        return [Value(f"%0#{i}", shapes[i]) for i in range(k)]
    return [Value("%0", _rule_result_shapes(c.lines[-1])[0])]


def _rule_result_shapes(line: str) -> list[tuple]:
    types = line.rsplit("-> (", 1)[1].rstrip(")")
    out = []
    for t in types.split("tensor<")[1:]:
        dims = t.split(">")[0].split("x")[:-1]
        out.append(tuple(int(d) for d in dims))
    return out


def own_rule(c: _Case):
    """An element-wise op carrying its own `sdy.sharding_rule` (Shardy takes it before its
    registry's): operands and result map dims of equal sizes to permuted factors, some factors
    need replication, permute or are blocked; the rule custom or not."""
    r = c.r
    s = c.shape(lo=1, hi=3)
    if r.random() < 0.6:  # dims of one size, which the rule may permute
        s = [s[0]] * len(s)
    letters = "ijk"[: len(s)]

    def permuted() -> str:
        order = list(range(len(s)))
        for _ in range(2):
            a, b = r.randrange(len(s)), r.randrange(len(s))
            if s[a] == s[b]:
                order[a], order[b] = order[b], order[a]
        return "[" + ", ".join(letters[k] for k in order) + "]"

    kinds = [f"{k}={{{f}}}" for f in letters if r.random() < 0.3 for k in [r.choice(_SPECIAL)]]
    merged: dict = {}
    for kv in kinds:  # one list per kind, in the parser's order
        k, f = kv.split("=")
        merged.setdefault(k, []).append(f.strip("{}"))
    extra = "".join(f" {k}={{{', '.join(merged[k])}}}" for k in _SPECIAL if k in merged)
    sizes = ", ".join(f"{f}={n}" for f, n in zip(letters, s))
    custom = ", custom" if r.random() < 0.5 else ""
    rule = f"#sdy.op_sharding_rule<({permuted()}, {permuted()})->({permuted()}) {{{sizes}}}{extra}{custom}>"
    x, y = c.arg(s), c.arg(s)
    op = r.choice(("add", "multiply", "maximum"))
    return c.op(f"%0 = stablehlo.{op} {x}, {y} {{sdy.sharding_rule = {rule}}} : {_type(s)}", s)


def rule_compound(c: _Case):
    """`rule_call` with most dims compound (up to three factors in one dim): factors that
    must divide their size ahead of a minor-most one that may overflow, claimed by tensors
    that split the dim differently."""
    return rule_call(c, joins=0.7, per_dim=3)


def rule_chain(c: _Case, draw=rule_call):
    """A custom call with its own rule whose first result another custom call (pointwise,
    its own rule) reads: a value between two rule ops, each visited again as the other
    changes it (Shardy's stages revisit both)."""
    outs = draw(c)
    v = outs[0]
    if not v.shape:
        return outs
    letters = "ijkl"[: len(v.shape)]
    dims = ", ".join(letters)
    sizes = ", ".join(f"{f}={n}" for f, n in zip(letters, v.shape))
    rule = f"#sdy.op_sharding_rule<([{dims}])->([{dims}]) {{{sizes}}}, custom>"
    c.lines.append(
        f"%1 = stablehlo.custom_call @baz({v.name}) {{sdy.sharding_rule = {rule}}} : "
        f"({v.type}) -> {v.type}"
    )
    return [Value("%1", v.shape), *outs[1:]]


OPS = {
    "elementwise": elementwise,
    "select": select,
    "clamp": clamp,
    "bitcast_convert": bitcast_convert,
    "iota": iota,
    "broadcast_in_dim": broadcast_in_dim,
    "reshape": reshape,
    "reshape_chain": reshape_chain,
    "transpose": transpose,
    "concatenate": concatenate,
    "pad": pad,
    "reverse": reverse,
    "slice": slice_,
    "dynamic_slice": dynamic_slice,
    "dynamic_slice_uses": dynamic_slice_uses,
    "dynamic_update_slice": dynamic_update_slice,
    "gather": gather,
    "scatter": scatter,
    "scatter_variadic": scatter_variadic,
    "dot_general": dot_general,
    "dot_general_batched": dot_general_batched,
    "convolution": convolution,
    "convolution_windowed": convolution_windowed,
    "reduce": reduce,
    "reduce_window": reduce_window,
    "reduce_window_dilated": reduce_window_dilated,
    "select_and_scatter": select_and_scatter,
    "sort": sort,
    "fft": fft,
    "cholesky": cholesky,
    "triangular_solve": triangular_solve,
    "custom_call": custom_call,
    "collective": collective,
    "rule_call": rule_call,
    "named_call": named_call,
    "sdy_collective": sdy_collective,
    "rng_bit_generator": rng_bit_generator,
    "while": while_loop,
    "case": case,
    "optimization_barrier": optimization_barrier,
    "typed_elementwise": typed_elementwise,
    "batch_norm": batch_norm,
    "dot": dot,
    "reduce_body": reduce_body,
    "collective_variadic": collective_variadic,
    "gather_wide": gather_wide,
    "if": if_op,
    "rule_call_plain": rule_call_plain,
    "own_rule": own_rule,
    "rule_chain": rule_chain,
    "rule_compound": rule_compound,
    "rule_compound_chain": functools.partial(rule_chain, draw=rule_compound),
}


def case_text(op: str, seed: int, tries: int = 30) -> str | None:
    """Case `seed` of `op`: a module jaxlib accepts (redrawn on rejection), None if none is."""
    for k in range(tries):
        c = _Case(random.Random(f"{op}/{seed}/{k}"), random.Random(f"extra/{op}/{seed}/{k}"))
        text = c.module(OPS[op](c))
        if accepted(text) is None:
            return text
    return None


# --------------------------------------------------------------------------- the sweep


def sweep_case(op: str, seed: int, passes) -> list[dict]:
    """The disagreements of one case, one dict per pass that differs."""
    text = case_text(op, seed)
    if text is None:
        return [{"op": op, "seed": seed, "pass": "draw", "error": "not accepted", "diff": []}]
    found = []
    for shardy, meshjit in passes:
        diff, err = differences(text, shardy, meshjit)
        if (shardy, meshjit) in _RULES_PASSES:  # only the rules: the rest is an aggressive pass
            diff = [d for d in diff if d[0].endswith(" rule")]
        if diff or err:
            found.append({"op": op, "seed": seed, "pass": shardy, "error": err, "diff": diff[:4]})
    return found


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("-n", type=int, default=20, help="cases per op")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ops", default=None, help="comma-separated op names (default: all)")
    p.add_argument("--out", default=None)
    p.add_argument("--passes", default=None, help="comma-separated short pass names (conserv,...)")
    p.add_argument("-v", action="store_true", help="print each disagreement")
    a = p.parse_args(argv)
    ops = a.ops.split(",") if a.ops else list(OPS)
    passes = [*PASSES, *CONSERVATIVE_PASSES, *_RULES_PASSES]
    if a.passes:
        passes = [p for p in passes if _short(p[0]) in a.passes.split(",")]
    found, start = [], time.time()
    for op in ops:
        for seed in range(a.seed, a.seed + a.n):
            for f in sweep_case(op, seed, passes):
                found.append(f)
                if a.v:
                    print(f"{op} {seed} {f['pass']}: {f['error'] or ''}", flush=True)
                    for k, s, m in f["diff"][:3]:
                        print(f"    {k}\n      shardy  {s}\n      meshjit {m}", flush=True)
    counts = Counter((f["op"], f["pass"]) for f in found)
    names = [s for s, _ in passes]
    print(f"{'op':22}" + "".join(f"{_short(s):>9}" for s in names) + "   cases")
    for op in ops:
        row = [counts[(op, s)] for s in names]
        bad = len({f["seed"] for f in found if f["op"] == op})
        print(f"{op:22}" + "".join(f"{n:>9}" for n in row) + f"   {bad}/{a.n}")
    print(f"{len(found)} disagreements, {time.time() - start:.0f} s")
    if a.out:
        with open(a.out, "w") as f:
            json.dump(found, f, indent=1)
    return 0


def _short(shardy: str) -> str:
    if "keep-sharding-rules" in shardy:
        return "crules" if "conservative" in shardy else "rules"
    if "conservative" in shardy:
        return "c" + shardy.removeprefix("sdy-").split("-")[0][:6]
    return shardy.removeprefix("sdy-").split("-")[0]


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in OPS:
        print(case_text(sys.argv[1], int(sys.argv[2])))
    else:
        sys.exit(main(sys.argv[1:]))
