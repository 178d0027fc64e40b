"""Random sdy-annotated StableHLO modules written as MLIR text (issue 19, round 14).

meshjit's frontend only emits what it lowers; Shardy's upstream tests are hand-written MLIR holding
much the frontend never emits: several meshes (one maximal, `device_ids=`), size-one axes, sub-axes
(`"a":(2)2`), open and closed dims, `p<N>` priorities, `replicated=`, constraints with priorities,
sharding groups, propagation barriers, while / case / optimization_barrier, func.call,
named and manual computations, custom calls with a `sdy.sharding_rule`. `random_module(seed)`
draws such a module; only modules jaxlib's parser and verifier accept are returned (a rejected
draw is redrawn from the next sub-seed).

`python -m tests.support.random_sdy SEED` prints one module.
"""

from __future__ import annotations

import dataclasses
import random
import re
import sys

# Dim sizes: mostly powers of two (they split into sub-axes), some that do not divide.
_SIZES = (1, 2, 2, 4, 4, 8, 8, 8, 16, 16, 32, 3, 6, 12)
_AXIS_NAMES = ("a", "b", "c", "d")
_AXIS_SIZES = (1, 2, 2, 2, 4, 4, 8)


@dataclasses.dataclass(frozen=True)
class Value:
    name: str
    shape: tuple
    dtype: str = "f32"

    @property
    def type(self) -> str:
        dims = "x".join(str(d) for d in self.shape)
        return f"tensor<{dims}x{self.dtype}>" if dims else f"tensor<{self.dtype}>"


@dataclasses.dataclass(frozen=True)
class Mesh:
    name: str
    axes: tuple  # ((name, size), ...); () is a maximal mesh (with device_ids=[k])
    device_ids: tuple | None = None

    @property
    def text(self) -> str:
        axes = ", ".join(f'"{n}"={s}' for n, s in self.axes)
        ids = (
            ""
            if self.device_ids is None
            else ", device_ids=[" + ", ".join(str(i) for i in self.device_ids) + "]"
        )
        return f"sdy.mesh @{self.name} = <[{axes}]{ids}>"

    def size(self, axis: str) -> int:
        return dict(self.axes)[axis]


def _type(shape, dtype="f32") -> str:
    return Value("", tuple(shape), dtype).type


class _Gen:
    def __init__(self, rng: random.Random, extended: bool = False, wide: bool = False):
        self.r = rng
        self.extended = extended  # also stablehlo.if, reverse, dynamic_update_slice
        self.wide = wide  # also gather, scatter, sort, reduce_window, convolution
        self.meshes: list[Mesh] = []
        self.counter = 0
        self.group = 0
        self.funcs: list[str] = []  # text of extra (callee) functions
        self.bound: set[str] = set()
        self.grouped: set[str] = set()  # manual axes of the enclosing manual computation

    # ----------------------------------------------------------------- meshes and shardings

    def draw_meshes(self) -> None:
        r = self.r
        n = r.choice((1, 1, 1, 2, 2, 3))
        for k in range(n):
            name = "mesh" if k == 0 else f"mesh{k}"
            if k > 0 and r.random() < 0.3:
                self.meshes.append(Mesh(f"maximal_mesh{k}", (), (r.randrange(8),)))
                continue
            count = r.choice((1, 2, 2, 3, 3, 4))
            axes = tuple((_AXIS_NAMES[i], r.choice(_AXIS_SIZES)) for i in range(count))
            ids = None
            total = 1
            for _, s in axes:
                total *= s
            if r.random() < 0.15 and total > 1:
                ids = list(range(total))
                r.shuffle(ids)
                ids = tuple(ids)
                if ids == tuple(range(total)):  # the verifier refuses the identity
                    ids = None
            self.meshes.append(Mesh(name, axes, ids))

    def mesh(self) -> Mesh:
        # the first mesh mostly; shardings on other meshes test Shardy's mesh checks
        if len(self.meshes) > 1 and self.r.random() < 0.2:
            return self.r.choice(self.meshes[1:])
        return self.meshes[0]

    def _axis_pieces(self, mesh: Mesh) -> list[str]:
        """Disjoint pieces of the mesh's axes: whole axes or sub-axes that divide."""
        r = self.r
        pieces = []
        for name, size in mesh.axes:
            if name in self.bound:
                continue  # the verifier refuses axes a parent manual computation binds
            roll = r.random()
            if roll < 0.35:
                continue
            if size >= 4 and roll < 0.6:
                # split into two sub-axes (1)k and (k)size/k, or take just one of them
                k = r.choice([d for d in (2, 4) if size % d == 0 and d < size])
                first, second = f'"{name}":(1){k}', f'"{name}":({k}){size // k}'
                which = r.random()
                if which < 0.5:
                    pieces += [first, second]
                elif which < 0.75:
                    pieces.append(first)
                else:
                    pieces.append(second)
            else:
                pieces.append(f'"{name}"')
        r.shuffle(pieces)
        return pieces

    def dims_text(
        self,
        mesh: Mesh,
        rank: int,
        *,
        open_p=0.35,
        priority_p=0.15,
        replicated_p=0.1,
        allow_priority=True,
    ) -> str:
        r = self.r
        if not mesh.axes:
            return f"<@{mesh.name}, []>"  # a maximal sharding has rank 0 whatever the type
        pieces = self._axis_pieces(mesh)
        dims: list[list[str]] = [[] for _ in range(rank)]
        replicated = []
        for p in pieces:
            if rank and r.random() < 0.7:
                dims[r.randrange(rank)].append(p)
            elif r.random() < replicated_p * 3 and ":" not in p:
                replicated.append(p)
        parts = []
        for d in dims:
            # (1)k then (k)m of one axis in one dim would be the whole range: the verifier
            # refuses consecutive sub-axes that can merge, so such a pair is kept reversed
            # (adjacent once size-one axes are gone: Shardy's pipeline removes them, and then
            # refuses its own output)
            ones = {f'"{n}"' for n, s in mesh.axes if s == 1}
            kept = [i for i, a in enumerate(d) if a not in ones]
            for i, j in zip(kept, kept[1:]):
                a, b = d[i], d[j]
                if ":(1)" in a and b.startswith(a.split(":")[0] + ":("):
                    d[i], d[j] = b, a
            body = ", ".join(d)
            is_open = r.random() < open_p
            if is_open:
                body = f"{body}, ?" if body else "?"
            text = "{" + body + "}"
            # the verifier refuses a priority on an empty closed dim
            if allow_priority and (d or is_open) and r.random() < priority_p:
                text += f"p{r.randrange(4)}"
            parts.append(text)
        order = [n for n, _ in mesh.axes]
        replicated.sort(key=lambda p: order.index(p.strip('"')))
        rep = f", replicated={{{', '.join(replicated)}}}" if replicated else ""
        return f"<@{mesh.name}, [{', '.join(parts)}]{rep}>"

    def sharding(self, shape, **kw) -> str:
        return self.dims_text(self.mesh(), len(shape), **kw)

    # ----------------------------------------------------------------- values

    def fresh(self, prefix="v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"


class _Body:
    """One region's straight-line code: values in scope, ops emitted as lines."""

    def __init__(
        self, gen: _Gen, values: list[Value], depth: int, indent: str, isolated: bool = False
    ):
        self.g = gen
        self.r = gen.r
        self.values = list(values)
        self.lines: list[str] = []
        self.depth = depth
        self.indent = indent
        self.new_args: list[tuple[Value, str | None]] = []  # only for a func body
        self.isolated = isolated
        self.used: set[str] = set()

    def emit(self, text: str) -> None:
        self.lines.append(self.indent + text)

    def pick(self, pred=lambda v: True) -> Value | None:
        cands = [v for v in self.values if pred(v)]
        if not cands:
            return None
        # prefer recent values: chains rather than fans
        v = cands[-1] if self.r.random() < 0.5 else self.r.choice(cands)
        self.used.add(v.name)
        return v

    def add(self, v: Value) -> Value:
        self.values.append(v)
        return v

    def constant(self, shape=(), dtype="f32", value=None) -> Value:
        name = self.g.fresh("c")
        if value is None:
            value = "1.000000e+00" if dtype.startswith(("f", "bf")) else "1"
        self.emit(f"{name} = stablehlo.constant dense<{value}> : {_type(shape, dtype)}")
        return Value(name, tuple(shape), dtype)

    def operand_like(self, shape, dtype="f32") -> Value:
        """A value of this shape: one in scope, or a new function argument, or a constant."""
        same = [v for v in self.values if v.shape == tuple(shape) and v.dtype == dtype]
        if same and self.r.random() < 0.6:
            v = self.r.choice(same)
            self.used.add(v.name)
            return v
        if not self.isolated and self.depth == 0 and self.r.random() < 0.7:
            v = Value(self.g.fresh("arg"), tuple(shape), dtype)
            s = self.g.sharding(shape) if self.r.random() < 0.6 else None
            self.new_args.append((v, s))
            self.values.append(v)
            return v
        if self.r.random() < 0.5:
            name = self.g.fresh("i")
            dim = self.r.randrange(len(shape)) if shape else 0
            if shape:
                self.emit(f"{name} = stablehlo.iota dim = {dim} : {_type(shape, dtype)}")
                return self.add(Value(name, tuple(shape), dtype))
        return self.add(self.constant(shape, dtype))

    # ----------------------------------------------------------------- ops

    def op(self) -> None:
        r = self.r
        table = [
            (self.elementwise, 6),
            (self.binary, 6),
            (self.broadcast, 3),
            (self.reshape, 5),
            (self.transpose, 3),
            (self.dot, 4),
            (self.reduce, 3),
            (self.concatenate, 2),
            (self.slice, 2),
            (self.pad, 1),
            (self.dynamic_slice, 2),
            (self.select, 1),
            (self.convert, 1),
            (self.constraint, 4),
            (self.group, 2),
            (self.barrier, 1),
            (self.custom_call, 2),
        ]
        if self.depth < 2:
            table += [
                (self.while_loop, 1),
                (self.case, 1),
                (self.opt_barrier, 1),
                (self.named, 1),
                (self.manual, 2),
                (self.call, 1),
            ]
        if self.g.extended:  # (opt-in: the default draws stay what they were)
            table += [(self.reverse, 2), (self.dynamic_update_slice, 2)]
            if self.depth < 2:
                table.append((self.if_op, 1))
        if self.g.wide:
            table += [
                (self.gather, 2),
                (self.scatter, 2),
                (self.sort, 1),
                (self.reduce_window, 1),
                (self.convolution, 2),
            ]
        fns = [f for f, _ in table]
        weights = [w for _, w in table]
        for _ in range(5):
            if r.choices(fns, weights)[0]() is not False:
                return

    def elementwise(self):
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        op = self.r.choice(("negate", "exponential", "abs", "tanh", "sqrt", "cosine"))
        name = self.g.fresh()
        self.emit(f"{name} = stablehlo.{op} {x.name} : {x.type}")
        self.add(Value(name, x.shape))

    def binary(self):
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        y = self.operand_like(x.shape)
        op = self.r.choice(("add", "multiply", "maximum", "subtract"))
        name = self.g.fresh()
        self.emit(f"{name} = stablehlo.{op} {x.name}, {y.name} : {x.type}")
        self.add(Value(name, x.shape))

    def broadcast(self):
        x = self.pick(lambda v: v.dtype == "f32" and len(v.shape) <= 3)
        if x is None:
            return False
        pos = self.r.randrange(len(x.shape) + 1)
        shape = list(x.shape)
        shape.insert(pos, self.r.choice((2, 4, 8, 16)))
        dims = [i if i < pos else i + 1 for i in range(len(x.shape))]
        # sometimes also expand a size-1 dim
        for i, d in enumerate(x.shape):
            if d == 1 and self.r.random() < 0.5:
                shape[dims[i]] = self.r.choice((4, 8))
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.broadcast_in_dim {x.name}, dims = [{', '.join(map(str, dims))}]"
            f" : ({x.type}) -> {_type(shape)}"
        )
        self.add(Value(name, tuple(shape)))

    def reshape(self):
        r = self.r
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        shape = list(x.shape)
        kind = r.random()
        if kind < 0.4 and len(shape) < 4:  # split a dim
            i = r.randrange(len(shape))
            divs = [d for d in range(2, shape[i]) if shape[i] % d == 0]
            if not divs:
                return False
            d = r.choice(divs)
            shape[i : i + 1] = [d, shape[i] // d]
        elif kind < 0.8 and len(shape) >= 2:  # merge adjacent dims
            i = r.randrange(len(shape) - 1)
            shape[i : i + 2] = [shape[i] * shape[i + 1]]
        elif kind < 0.9:  # insert or drop a size-one dim
            if 1 in shape and r.random() < 0.5:
                shape.remove(1)
            else:
                shape.insert(r.randrange(len(shape) + 1), 1)
        else:  # regroup: merge all then split differently
            total = 1
            for d in shape:
                total *= d
            divs = [d for d in range(2, total) if total % d == 0]
            if not divs:
                return False
            d = r.choice(divs)
            shape = [d, total // d]
        if not shape:
            return False
        name = self.g.fresh()
        self.emit(f"{name} = stablehlo.reshape {x.name} : ({x.type}) -> {_type(shape)}")
        self.add(Value(name, tuple(shape)))

    def transpose(self):
        x = self.pick(lambda v: len(v.shape) >= 2)
        if x is None:
            return False
        perm = list(range(len(x.shape)))
        self.r.shuffle(perm)
        shape = [x.shape[p] for p in perm]
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.transpose {x.name}, dims = [{', '.join(map(str, perm))}]"
            f" : ({x.type}) -> {_type(shape, x.dtype)}"
        )
        self.add(Value(name, tuple(shape), x.dtype))

    def dot(self):
        r = self.r
        x = self.pick(lambda v: v.dtype == "f32" and 1 <= len(v.shape) <= 3)
        if x is None:
            return False
        rank = len(x.shape)
        k = r.randrange(rank)
        others = [i for i in range(rank) if i != k]
        batch = [r.choice(others)] if others and r.random() < 0.4 else []
        free = [i for i in others if i not in batch]
        n = r.choice((4, 8, 16)) if r.random() < 0.8 else None
        y_shape = [x.shape[b] for b in batch] + [x.shape[k]] + ([n] if n else [])
        y = self.operand_like(y_shape)
        out = [x.shape[b] for b in batch] + [x.shape[i] for i in free] + ([n] if n else [])
        bd = f"batching_dims = [{', '.join(map(str, batch))}] x [0], " if batch else ""
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.dot_general {x.name}, {y.name}, {bd}contracting_dims = [{k}] x "
            f"[{len(batch)}] : ({x.type}, {y.type}) -> {_type(out)}"
        )
        self.add(Value(name, tuple(out)))

    def reduce(self):
        r = self.r
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        dims = sorted(r.sample(range(len(x.shape)), r.choice((1, 1, 2)) if len(x.shape) > 1 else 1))
        out = [d for i, d in enumerate(x.shape) if i not in dims]
        init = self.constant((), value="0.000000e+00")
        name = self.g.fresh()
        op = r.choice(("add", "maximum"))
        self.emit(
            f"{name} = stablehlo.reduce({x.name} init: {init.name}) applies stablehlo.{op} across "
            f"dimensions = [{', '.join(map(str, dims))}] : ({x.type}, tensor<f32>) -> {_type(out)}"
        )
        self.add(Value(name, tuple(out)))

    def concatenate(self):
        x = self.pick(lambda v: v.shape)
        if x is None:
            return False
        d = self.r.randrange(len(x.shape))
        y = self.operand_like(x.shape, x.dtype)
        shape = list(x.shape)
        shape[d] *= 2
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.concatenate {x.name}, {y.name}, dim = {d} : ({x.type}, {y.type})"
            f" -> {_type(shape, x.dtype)}"
        )
        self.add(Value(name, tuple(shape), x.dtype))

    def slice(self):
        x = self.pick(lambda v: v.shape and max(v.shape) > 1)
        if x is None:
            return False
        spans, shape = [], []
        for d in x.shape:
            if d > 1 and self.r.random() < 0.5:
                start = self.r.randrange(d // 2 + 1)
                stride = self.r.choice((1, 1, 2))
                limit = d - self.r.randrange(max(1, (d - start) // 2))
                n = (limit - start + stride - 1) // stride
                if n <= 0:
                    start, limit, stride, n = 0, d, 1, d
            else:
                start, limit, stride, n = 0, d, 1, d
            spans.append(f"{start}:{limit}" + (f":{stride}" if stride != 1 else ""))
            shape.append(n)
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.slice {x.name} [{', '.join(spans)}] : ({x.type}) -> "
            f"{_type(shape, x.dtype)}"
        )
        self.add(Value(name, tuple(shape), x.dtype))

    def pad(self):
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        lo = [self.r.choice((0, 0, 1, 2)) for _ in x.shape]
        hi = [self.r.choice((0, 0, 1, -1 if d > 2 else 0)) for d in x.shape]
        shape = [d + a + b for d, a, b in zip(x.shape, lo, hi)]
        v = self.constant((), value="0.000000e+00")
        name = self.g.fresh()
        j = lambda xs: ", ".join(map(str, xs))  # noqa: E731
        self.emit(
            f"{name} = stablehlo.pad {x.name}, {v.name}, low = [{j(lo)}], high = [{j(hi)}], "
            f"interior = [{j([0] * len(lo))}] : ({x.type}, tensor<f32>) -> {_type(shape)}"
        )
        self.add(Value(name, tuple(shape)))

    def dynamic_slice(self):
        x = self.pick(lambda v: v.shape and max(v.shape) > 1)
        if x is None:
            return False
        sizes = [d if self.r.random() < 0.5 else max(1, d // 2) for d in x.shape]
        idx = self.constant((), "i32", "0")
        name = self.g.fresh()
        ops = ", ".join([x.name] + [idx.name] * len(x.shape))
        self.emit(
            f"{name} = stablehlo.dynamic_slice {ops}, sizes = [{', '.join(map(str, sizes))}] : "
            f"({x.type}, {', '.join(['tensor<i32>'] * len(x.shape))}) -> {_type(sizes, x.dtype)}"
        )
        self.add(Value(name, tuple(sizes), x.dtype))

    def select(self):
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        y = self.operand_like(x.shape)
        p = self.g.fresh()
        self.emit(
            f"{p} = stablehlo.compare GT, {x.name}, {y.name} : ({x.type}, {y.type}) -> "
            f"{_type(x.shape, 'i1')}"
        )
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.select {p}, {x.name}, {y.name} : {_type(x.shape, 'i1')}, {x.type}"
        )
        self.add(Value(name, x.shape))

    def convert(self):
        x = self.pick(lambda v: v.shape)
        if x is None:
            return False
        to = "bf16" if x.dtype == "f32" else "f32"
        name = self.g.fresh()
        self.emit(f"{name} = stablehlo.convert {x.name} : ({x.type}) -> {_type(x.shape, to)}")
        self.add(Value(name, x.shape, to))

    def constraint(self):
        x = self.pick(lambda v: True)
        if x is None:
            return False
        s = self.g.sharding(x.shape, open_p=0.4, priority_p=0.25)
        name = self.g.fresh()
        self.emit(f"{name} = sdy.sharding_constraint {x.name} {s} : {x.type}")
        self.add(Value(name, x.shape, x.dtype))

    def group(self):
        x = self.pick(lambda v: v.shape)
        if x is None:
            return False
        # Shardy aborts (LLVM ERROR "Value can only map to one sharding group id after
        # import") when a value joins two groups: each value joins at most one
        grouped = self.g.grouped
        if x.name in grouped:
            return False
        same = [
            v
            for v in self.values
            if v.shape == x.shape and v.dtype == x.dtype and v.name not in grouped
        ]
        members = {x.name: x}
        for v in self.r.sample(same, min(len(same), self.r.choice((1, 2, 3)))):
            members[v.name] = v
        gid = self.g.group
        self.g.group += 1
        for v in members.values():
            grouped.add(v.name)
            self.emit(f"sdy.sharding_group {v.name} group_id={gid} : {v.type}")

    def barrier(self):
        x = self.pick(lambda v: True)
        if x is None:
            return False
        d = self.r.choice(("NONE", "FORWARD", "BACKWARD"))  # BOTH: refused (a no-op barrier)
        name = self.g.fresh()
        self.emit(f"{name} = sdy.propagation_barrier {x.name} allowed_direction={d} : {x.type}")
        self.add(Value(name, x.shape, x.dtype))

    def custom_call(self):
        r = self.r
        x = self.pick(lambda v: v.dtype == "f32" and 1 <= len(v.shape) <= 3)
        if x is None:
            return False
        letters = "ijkl"[: len(x.shape)]
        factors = ", ".join(f"{c}={d}" for c, d in zip(letters, x.shape))
        kind = r.random()
        extra, out_letters, out_shape = "", list(letters), list(x.shape)
        if kind < 0.3 and len(x.shape) > 1:  # a reduction over the last factor
            out_letters, out_shape = out_letters[:-1], out_shape[:-1]
            extra = f" reduction={{{letters[-1]}}}"
        elif kind < 0.45:
            extra = f" need_replication={{{r.choice(letters)}}}"
        elif kind < 0.6:
            extra = f" blocked_propagation={{{r.choice(letters)}}}"
        elif kind < 0.7:
            extra = f" permutation={{{r.choice(letters)}}}"
        elif kind < 0.85 and len(x.shape) >= 2:  # a transposing rule
            out_letters = out_letters[::-1]
            out_shape = out_shape[::-1]
        rule = (
            f"#sdy.op_sharding_rule<([{', '.join(letters)}])->([{', '.join(out_letters)}]) "
            f"{{{factors}}}{extra}, custom>"
        )
        name = self.g.fresh()
        target = r.choice(("my_op", "foo", "bar"))
        self.emit(
            f"{name} = stablehlo.custom_call @{target}({x.name}) {{sdy.sharding_rule = {rule}}} : "
            f"({x.type}) -> {_type(out_shape)}"
        )
        self.add(Value(name, tuple(out_shape)))

    # ----------------------------------------------------------------- regions

    def _region(self, args: list[Value], n_ops: int, isolated: bool, indent_more="  ") -> _Body:
        outer = [] if isolated else [v for v in self.values]
        body = _Body(self.g, outer + args, self.depth + 1, self.indent + indent_more, isolated)
        for _ in range(n_ops):
            body.op()
        return body

    def _terminal(self, body: _Body, shape, dtype) -> Value:
        """The last value in the body of this shape and type (the region result)."""
        for v in reversed(body.values):
            if v.shape == tuple(shape) and v.dtype == dtype:
                return v
        return None

    def while_loop(self):
        x = self.pick(lambda v: v.shape and v.dtype == "f32")
        if x is None:
            return False
        zero = self.constant((), "i32", "0")
        one = self.constant((), "i32", "1")
        n = self.constant((), "i32", "4")
        it, i = self.g.fresh("it"), self.g.fresh("i")
        res = self.g.fresh("w")
        carried = Value(it, x.shape)
        body = _Body(self.g, self.values + [carried], self.depth + 1, self.indent + "  ")
        for _ in range(self.r.randrange(1, 4)):
            body.elementwise() if self.r.random() < 0.5 else body.binary()
            if self.r.random() < 0.3:
                body.constraint()
        out = self._terminal(body, x.shape, "f32") or carried
        inc = self.g.fresh()
        cmp_ = self.g.fresh()
        self.emit(
            f"{res}:2 = stablehlo.while({it} = {x.name}, {i} = {zero.name}) : {x.type}, tensor<i32>"
        )
        self.emit("  cond {")
        self.emit(
            f"  {cmp_} = stablehlo.compare LT, {i}, {n.name} : (tensor<i32>, tensor<i32>) -> tensor<i1>"
        )
        self.emit(f"  stablehlo.return {cmp_} : tensor<i1>")
        self.emit("} do {")
        self.lines += body.lines
        self.emit(f"  {inc} = stablehlo.add {i}, {one.name} : tensor<i32>")
        self.emit(f"  stablehlo.return {out.name}, {inc} : {x.type}, tensor<i32>")
        self.emit("}")
        self.add(Value(f"{res}#0", x.shape))

    def case(self):
        return self._branch_op("case", "i32", "1", None)

    def if_op(self):
        return self._branch_op("if", "i1", "true", 2)

    def _branch_op(self, kind: str, dtype: str, selector: str, count: int | None):
        """A stablehlo.case or stablehlo.if on a constant selector, returning a value of the
        shape of one in scope."""
        x = self.pick(lambda v: v.shape and v.dtype == "f32")
        if x is None:
            return False
        sel = self.constant((), dtype, selector)
        res = self.g.fresh(kind)
        self._branching(f'{res} = "stablehlo.{kind}"({sel.name})', f"tensor<{dtype}>", x, count)
        self.add(Value(res, x.shape))

    def _branching(self, head: str, selector: str, x: Value, count: int | None) -> None:
        """Emits `head ({...}, {...}) : (selector) -> x's type`, each branch a few ops
        returning a value of x's shape."""
        branches = []
        for _ in range(count or self.r.choice((2, 2, 3))):
            body = _Body(self.g, self.values, self.depth + 1, self.indent + "  ")
            for _ in range(self.r.randrange(0, 3)):
                body.elementwise() if self.r.random() < 0.6 else body.constraint()
            out = self._terminal(body, x.shape, "f32") or x
            branches.append(body.lines + [f"{self.indent}  stablehlo.return {out.name} : {x.type}"])
        self.emit(f"{head} ({{")
        for k, b in enumerate(branches):
            self.lines += b
            self.emit("}, {" if k < len(branches) - 1 else f"}}) : ({selector}) -> {x.type}")

    def reverse(self):
        x = self.pick(lambda v: v.shape)
        if x is None:
            return False
        dims = sorted(self.r.sample(range(len(x.shape)), self.r.randint(1, len(x.shape))))
        name = self.g.fresh()
        self.emit(f"{name} = stablehlo.reverse {x.name}, dims = {dims} : {x.type}")
        self.add(Value(name, x.shape, x.dtype))

    def dynamic_update_slice(self):
        x = self.pick(lambda v: v.shape and v.dtype == "f32" and max(v.shape) > 1)
        if x is None:
            return False
        sizes = [d if self.r.random() < 0.5 else max(1, d // 2) for d in x.shape]
        update = self.operand_like(sizes)
        idx = self.constant((), "i32", "0")
        name = self.g.fresh()
        ops = ", ".join([x.name, update.name] + [idx.name] * len(x.shape))
        types = ", ".join([x.type, update.type] + ["tensor<i32>"] * len(x.shape))
        self.emit(f"{name} = stablehlo.dynamic_update_slice {ops} : ({types}) -> {x.type}")
        self.add(Value(name, x.shape))

    def gather(self):
        """An embedding-style gather along one dim of a rank-2 or 3 value."""
        x = self.pick(lambda v: v.dtype == "f32" and 2 <= len(v.shape) <= 3)
        if x is None:
            return False
        d = self.r.randrange(len(x.shape))
        n = self.r.choice((2, 4, 8))
        idx = self.operand_like((n, 1), "i32")
        window = [k for k in range(len(x.shape)) if k != d]
        sizes = [1 if k == d else x.shape[k] for k in range(len(x.shape))]
        out = [n] + [x.shape[k] for k in window]
        name = self.g.fresh()
        self.emit(
            f'{name} = "stablehlo.gather"({x.name}, {idx.name}) {{dimension_numbers = '
            f"#stablehlo.gather<offset_dims = [{_ints(range(1, len(out)))}], collapsed_slice_dims"
            f" = [{d}], start_index_map = [{d}], index_vector_dim = 1>, indices_are_sorted = "
            f"false, slice_sizes = array<i64: {_ints(sizes)}>}} : ({x.type}, {idx.type}) -> "
            f"{_type(out)}"
        )
        self.add(Value(name, tuple(out)))

    def scatter(self):
        """An add-scatter of rows into one dim of a rank-2 or 3 value."""
        x = self.pick(lambda v: v.dtype == "f32" and 2 <= len(v.shape) <= 3)
        if x is None:
            return False
        d = self.r.randrange(len(x.shape))
        n = self.r.choice((2, 4))
        idx = self.operand_like((n, 1), "i32")
        upd = self.operand_like([n] + [x.shape[k] for k in range(len(x.shape)) if k != d])
        name = self.g.fresh()
        op = self.r.choice(("add", "maximum", "subtract"))
        self.emit(
            f'{name} = "stablehlo.scatter"({x.name}, {idx.name}, {upd.name}) ({{\n'
            f"{self.indent}^bb0(%sa: tensor<f32>, %sb: tensor<f32>):\n"
            f"{self.indent}  %sc = stablehlo.{op} %sa, %sb : tensor<f32>\n"
            f"{self.indent}  stablehlo.return %sc : tensor<f32>\n"
            f"{self.indent}}}) {{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims"
            f" = [{_ints(range(1, len(x.shape)))}], inserted_window_dims = [{d}], "
            f"scatter_dims_to_operand_dims = [{d}], index_vector_dim = 1>, indices_are_sorted = "
            f"false, unique_indices = false}} : ({x.type}, {idx.type}, {upd.type}) -> {x.type}"
        )
        self.add(Value(name, x.shape))

    def sort(self):
        """A two-operand sort along one dim (keys and values)."""
        x = self.pick(lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            return False
        y = self.operand_like(x.shape)
        d = self.r.randrange(len(x.shape))
        name = self.g.fresh("s")
        t = "tensor<f32>"
        self.emit(
            f'{name}:2 = "stablehlo.sort"({x.name}, {y.name}) <{{dimension = {d} : i64, '
            f"is_stable = true}}> ({{\n{self.indent}^bb0(%ka: {t}, %kb: {t}, %va: {t}, %vb: {t}):"
            f"\n{self.indent}  %kc = stablehlo.compare GT, %ka, %kb : ({t}, {t}) -> tensor<i1>\n"
            f"{self.indent}  stablehlo.return %kc : tensor<i1>\n{self.indent}}}) : ({x.type}, "
            f"{y.type}) -> ({x.type}, {y.type})"
        )
        self.add(Value(f"{name}#{self.r.randrange(2)}", x.shape))

    def reduce_window(self):
        """A pooling window (2, stride 2, sometimes padded or dilated) over one dim."""
        x = self.pick(lambda v: v.dtype == "f32" and v.shape and max(v.shape) >= 2)
        if x is None:
            return False
        rank = len(x.shape)
        d = self.r.choice([k for k in range(rank) if x.shape[k] >= 2])
        pad = self.r.choice((0, 0, 1))
        base = self.r.choice((1, 1, 2))
        ones = [1] * rank
        win, strides, bases = list(ones), list(ones), list(ones)
        win[d], strides[d] = 2, 2
        if self.r.random() < 0.3:  # a base dilation on another dim (a pass-through in Shardy)
            e = self.r.randrange(rank)
            bases[e] = base
        dilated = [(n - 1) * b + 1 for n, b in zip(x.shape, bases)]
        pads = [[0, pad] if k == d else [0, 0] for k in range(rank)]
        out = [(n + pads[k][1] - win[k]) // strides[k] + 1 for k, n in enumerate(dilated)]
        init = self.constant((), value="0.000000e+00")
        name = self.g.fresh()
        self.emit(
            f'{name} = "stablehlo.reduce_window"({x.name}, {init.name}) ({{\n'
            f"{self.indent}^bb0(%wa: tensor<f32>, %wb: tensor<f32>):\n"
            f"{self.indent}  %wc = stablehlo.maximum %wa, %wb : tensor<f32>\n"
            f"{self.indent}  stablehlo.return %wc : tensor<f32>\n"
            f"{self.indent}}}) {{window_dimensions = array<i64: {_ints(win)}>, window_strides = "
            f"array<i64: {_ints(strides)}>, base_dilations = array<i64: {_ints(bases)}>, padding"
            f" = dense<{pads}> : tensor<{rank}x2xi64>}} : ({x.type}, tensor<f32>) -> {_type(out)}"
        )
        self.add(Value(name, tuple(out)))

    def convolution(self):
        """A 1-d convolution [b, 0, f] of a rank-3 value, sometimes feature-grouped."""
        x = self.pick(lambda v: v.dtype == "f32" and len(v.shape) == 3 and v.shape[1] >= 2)
        if x is None:
            return False
        batch, width, cin = x.shape
        groups = 2 if cin % 2 == 0 and self.r.random() < 0.3 else 1
        window = self.r.choice([w for w in (1, 2, 3) if w <= width])
        cout = self.r.choice((2, 4)) * groups
        kernel = self.operand_like((window, cin // groups, cout))
        out = (batch, width - window + 1, cout)
        name = self.g.fresh()
        self.emit(
            f"{name} = stablehlo.convolution({x.name}, {kernel.name}) dim_numbers = [b, 0, f]x"
            f"[0, i, o]->[b, 0, f], window = {{stride = [1], pad = [[0, 0]], rhs_dilate = [1]}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = {groups} : i64}} : ({x.type},"
            f" {kernel.type}) -> {_type(out)}"
        )
        self.add(Value(name, out))

    def opt_barrier(self):
        xs = [self.pick(lambda v: v.shape) for _ in range(self.r.choice((1, 2)))]
        xs = list({v.name: v for v in xs if v is not None}.values())
        if not xs:
            return False
        res = self.g.fresh("ob")
        count = f":{len(xs)}" if len(xs) > 1 else ""
        self.emit(
            f"{res}{count} = stablehlo.optimization_barrier {', '.join(v.name for v in xs)} : "
            f"{', '.join(v.type for v in xs)}"
        )
        for k, v in enumerate(xs):
            self.add(Value(f"{res}#{k}" if len(xs) > 1 else res, v.shape, v.dtype))

    def named(self):
        x = self.pick(lambda v: v.shape and v.dtype == "f32")
        if x is None:
            return False
        arg = Value(self.g.fresh("n"), x.shape)
        body = self._region([arg], self.r.randrange(1, 4), isolated=True)
        out = self._terminal(body, x.shape, "f32") or arg
        shard = ""
        if self.r.random() < 0.5:
            mesh = self.g.meshes[0]
            ins = self.g.dims_text(mesh, len(x.shape), allow_priority=False)
            outs = self.g.dims_text(mesh, len(x.shape), allow_priority=False)
            shard = f" in_shardings=[{ins}] out_shardings=[{outs}]"
        res = self.g.fresh("nc")
        label = self.r.choice(("foo", "bar", "baz"))
        self.emit(
            f'{res} = sdy.named_computation<"{label}">({x.name}){shard} ({arg.name}: {x.type}) {{'
        )
        self.lines += body.lines
        self.emit(f"  sdy.return {out.name} : {x.type}")
        self.emit(f"}} : ({x.type}) -> {x.type}")
        self.add(Value(res, x.shape))

    def manual(self):
        r = self.r
        mesh = self.g.meshes[0]
        axes = [(n, s) for n, s in mesh.axes if s > 1 and n not in self.g.bound]
        if not axes:
            return False
        x = self.pick(lambda v: v.shape and v.dtype == "f32")
        if x is None:
            return False
        manual = sorted(
            r.sample(axes, r.choice((1, 1, 2)) if len(axes) > 1 else 1),
            key=lambda a: [n for n, _ in mesh.axes].index(a[0]),
        )
        manual_names = {n for n, _ in manual}
        free = [n for n, _ in mesh.axes if n not in manual_names and n not in self.g.bound]

        def spec(shape):
            dims = [[] for _ in shape]
            local = list(shape)
            for n, s in manual:
                choices = [i for i, d in enumerate(local) if d % s == 0] + [None]
                i = r.choice(choices)
                if i is not None:
                    dims[i].append(f'"{n}"')
                    local[i] //= s
            for n in free:
                if r.random() < 0.3 and shape:
                    dims[r.randrange(len(shape))].append(f'"{n}"')
            parts = []
            may_open = _all_manual_placed(dims, manual)
            for d in dims:
                body = ", ".join(d)
                if may_open and r.random() < 0.5:
                    body = f"{body}, ?" if body else "?"
                parts.append("{" + body + "}")
            return f"<@{mesh.name}, [{', '.join(parts)}]>", tuple(local)

        in_s, local = spec(x.shape)
        arg = Value(self.g.fresh("m"), local)
        body = _Body(self.g, [arg], self.depth + 1, self.indent + "  ", isolated=True)
        saved = self.g.bound
        self.g.bound = saved | manual_names  # shardings inside may not name bound axes
        for _ in range(r.randrange(1, 4)):
            body.op()
        self.g.bound = saved
        out = body.values[-1] if body.values[-1].shape else arg
        # the out sharding of the body result: the global shape multiplies back manual axes
        dims, glob = [], list(out.shape)
        for n, s in manual:
            choices = [i for i in range(len(glob))] + [None]
            i = r.choice(choices) if glob else None
            dims.append((n, i))
            if i is not None:
                glob[i] *= s
        parts = [[] for _ in glob]
        for n, i in dims:
            if i is not None:
                parts[i].append(f'"{n}"')
        out_texts = []
        may_open = _all_manual_placed(parts, manual)
        for p in parts:
            b = ", ".join(p)
            if may_open and r.random() < 0.5:
                b = f"{b}, ?" if b else "?"
            out_texts.append("{" + b + "}")
        out_s = f"<@{mesh.name}, [{', '.join(out_texts)}]>"
        # a manual axis not used in a dim of the out sharding would need the result replicated
        # over it: that is fine for Shardy (it is implicitly replicated)
        res = self.g.fresh("mc")
        man = ", ".join(f'"{n}"' for n, _ in manual)
        gtype = _type(glob, out.dtype)
        self.emit(
            f"{res} = sdy.manual_computation({x.name}) in_shardings=[{in_s}] "
            f"out_shardings=[{out_s}] manual_axes={{{man}}} ({arg.name}: {arg.type}) {{"
        )
        self.lines += body.lines
        self.emit(f"  sdy.return {out.name} : {out.type}")
        self.emit(f"}} : ({x.type}) -> {gtype}")
        self.add(Value(res, tuple(glob), out.dtype))

    def call(self):
        x = self.pick(lambda v: v.shape and v.dtype == "f32")
        if x is None:
            return False
        callee = self.g.fresh("callee")[1:]
        arg = Value("%farg0", x.shape)
        body = _Body(self.g, [arg], self.depth + 1, "  ", isolated=True)
        for _ in range(self.r.randrange(1, 4)):
            body.op()
        out = body.values[-1] if body.values[-1].dtype == "f32" else arg
        arg_s = ""
        if self.r.random() < 0.4:
            arg_s = f" {{sdy.sharding = #sdy.sharding{self.g.sharding(x.shape)}}}"
        res_s = ""
        if self.r.random() < 0.3:
            res_s = f" {{sdy.sharding = #sdy.sharding{self.g.sharding(out.shape)}}}"
        self.g.funcs.append(
            f"func.func private @{callee}({arg.name}: {x.type}{arg_s}) -> ({out.type}{res_s}) {{\n"
            + "\n".join(body.lines)
            + f"\n  return {out.name} : {out.type}\n}}"
        )
        res = self.g.fresh("call")
        self.emit(f"{res} = func.call @{callee}({x.name}) : ({x.type}) -> {out.type}")
        self.add(Value(res, out.shape, out.dtype))


def _all_manual_placed(dims: list, manual: list) -> bool:
    """Whether each manual axis shards some dim. Shardy's propagation writes a manual axis
    into an open dim of an in/out sharding that lacks it, and then its verifier refuses the
    result (the body's local shape no longer matches): such a sharding is drawn closed."""
    placed = {a.strip('"') for d in dims for a in d}
    return all(n in placed for n, _ in manual)


def _ints(xs) -> str:
    return ", ".join(map(str, xs))


def _draw(rng: random.Random, extended: bool = False, wide: bool = False) -> str:
    g = _Gen(rng, extended, wide)
    g.draw_meshes()
    n_args = rng.choice((1, 1, 2, 3))
    args = []
    for _ in range(n_args):
        rank = rng.choice((1, 2, 2, 2, 3, 3, 4))
        args.append(Value(g.fresh("arg"), tuple(rng.choice(_SIZES) for _ in range(rank))))
    body = _Body(g, args, 0, "  ")
    for _ in range(rng.randrange(3, 12)):
        body.op()
    # results: the last value and maybe one more that is not used
    unused = [v for v in body.values if v.name not in body.used and v not in args]
    results = [body.values[-1]]
    if unused and rng.random() < 0.5:
        extra = rng.choice(unused)
        if extra not in results:
            results.append(extra)
    arg_texts = []
    for v in args:
        s = f" {{sdy.sharding = #sdy.sharding{g.sharding(v.shape)}}}" if rng.random() < 0.75 else ""
        arg_texts.append(f"{v.name}: {v.type}{s}")
    for v, s in body.new_args:
        arg_texts.append(
            f"{v.name}: {v.type}" + (f" {{sdy.sharding = #sdy.sharding{s}}}" if s else "")
        )
    res_texts = []
    for v in results:
        s = ""
        if rng.random() < 0.3:
            s = f" {{sdy.sharding = #sdy.sharding{g.sharding(v.shape)}}}"
        res_texts.append(f"{v.type}{s}")
    lines = [m.text for m in g.meshes]
    lines += g.funcs
    lines.append(f"func.func @main({', '.join(arg_texts)}) -> ({', '.join(res_texts)}) {{")
    lines += body.lines
    lines.append(
        f"  return {', '.join(v.name for v in results)} : {', '.join(v.type for v in results)}"
    )
    lines.append("}")
    return "\n".join(lines) + "\n"


def accepted(text: str) -> str | None:
    """None when jaxlib's parser and verifier accept the module, else the first error line."""
    from jaxlib.mlir import ir

    from meshjit.dialects import make_context

    with make_context():
        try:
            module = ir.Module.parse(text)
        except Exception as e:  # noqa: BLE001
            return str(e).splitlines()[0] if str(e) else type(e).__name__
        if not module.operation.verify():
            return "verifier"
    return None


def random_module(seed: int, *, tries: int = 50, extended: bool = False, wide: bool = False) -> str:
    """A random module jaxlib accepts, drawn from `seed` (redrawn from sub-seeds on rejection);
    `extended` also draws stablehlo.if, reverse and dynamic_update_slice, `wide` gather,
    scatter, sort, reduce_window and convolution (other modules)."""
    for k in range(tries):
        text = _draw(random.Random(seed * 1000 + k), extended, wide)
        if accepted(text) is None:
            return text
    raise RuntimeError(f"no accepted module from seed {seed} in {tries} draws")


if __name__ == "__main__":
    print(random_module(int(sys.argv[1]) if len(sys.argv) > 1 else 0))


# --------------------------------------------------------------------------- differential

# Each Shardy pass and meshjit's mapped pipeline (issue 19's mapping; sdy-op-priority-propagate
# honours no user priorities, hence user-priority=false as in op-priority-*.mlir).
PASSES = (
    ("sdy-basic-propagate", "meshjit-propagate{strategy=basic shardy-compatible=true}"),
    ("sdy-aggressive-propagate", "meshjit-propagate{shardy-compatible=true op-priority=false}"),
    ("sdy-op-priority-propagate", "meshjit-propagate{shardy-compatible=true user-priority=false}"),
    ("sdy-user-priority-propagate", "meshjit-propagate{shardy-compatible=true}"),
    (
        "sdy-propagation-pipeline",
        "meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false}",
    ),
    (
        "sdy-aggressive-propagate{conservative-propagation=true}",
        "meshjit-propagate{shardy-compatible=true op-priority=false conservative-propagation=true}",
    ),
)
DEFAULT_MODE = "meshjit-propagate,meshjit-export"


def applies(text: str, shardy: str) -> bool:
    """Whether jaxlib's `shardy` pass takes `text`: its sdy-propagation-pipeline rejects every
    sdy.named_computation (its import puts a data-flow edge on the named computation's result
    and then refuses an edge whose input an sdy op defines), so such modules skip it."""
    return not (shardy.startswith("sdy-propagation-pipeline") and "sdy.named_computation" in text)


def differences(text: str, shardy: str, meshjit: str) -> tuple[list, str | None]:
    """Every value whose sharding differs between `shardy` and `meshjit` on `text` (key, theirs,
    mine), or an error (which side failed, and its first line)."""
    from meshjit.dialects import make_context
    from tests.support import shardy_suite

    with make_context():
        try:
            theirs = shardy_suite.value_shardings(shardy_suite.run(text, shardy))
        except Exception as e:  # noqa: BLE001
            # (only a failure of Shardy's own pipeline is rerun: an input shardy_suite refuses
            # as one that crashes Shardy must not reach it)
            failed = str(e).startswith(_PIPELINE_FAILURE)
            unverified = shardy_unverified(text, shardy) if failed else None
            if unverified is None:
                return [], "shardy: " + (str(e).splitlines() or [type(e).__name__])[0]
            invalid = _verifier_complaint(unverified)
            if invalid is not None:
                return [], _meshjit_error(text, meshjit) or f"{SHARDY_INVALID}: {invalid}"
            # (only a step inside Shardy's pipeline broke its verifier: its output is whole)
            theirs = shardy_suite.value_shardings(unverified)
        try:
            mine = shardy_suite.value_shardings(shardy_suite.run(text, meshjit))
        except Exception as e:  # noqa: BLE001
            if _REFUSED.search(str(e)):
                return [], None  # bad input meshjit names (issue 19), however Shardy takes it
            return [], "meshjit: " + (str(e).splitlines() or [type(e).__name__])[0]
    keys = dict.fromkeys([*theirs, *mine])
    return [(k, theirs.get(k), mine.get(k)) for k in keys if theirs.get(k) != mine.get(k)], None


# Shardy's pass took a module jaxlib verifies and wrote one its own verifier rejects (an
# upstream bug, e.g. campaign 48365 (WIDE): an axis twice in one dim); meshjit's output
# verifies. The campaign lists these apart from the disagreements. (Where only a step inside
# Shardy's pipeline writes what its verifier rejects and a later step mends it, e.g. campaign
# 47167 (WIDE), a maximal sharding of rank 2 on one result of a sort, Shardy's output is
# compared as usual.)
SHARDY_INVALID = "shardy's output fails its own verifier"
_PIPELINE_FAILURE = "Failure while executing pass pipeline"


def shardy_unverified(text: str, shardy: str):
    """`text` through jaxlib's `shardy` pass with MLIR's verifier off between its steps (None
    when the pass itself fails), in the current context."""
    from jaxlib.mlir import ir, passmanager

    module = ir.Module.parse(text)
    pm = passmanager.PassManager.parse(f"builtin.module({shardy})")
    pm.enable_verifier(False)
    try:
        pm.run(module.operation)
    except Exception:  # noqa: BLE001
        return None
    return module


def _verifier_complaint(module) -> str | None:
    """The verifier's first complaint about `module`, or None when it verifies."""
    try:
        if module.operation.verify():
            return None
        return "verifier"
    except Exception as e:  # noqa: BLE001
        lines = [ln.strip() for ln in str(e).splitlines() if ln.strip().startswith("error:")]
        return lines[0] if lines else (str(e).splitlines() or ["?"])[0]


def _meshjit_error(text: str, meshjit: str) -> str | None:
    """What went wrong when meshjit's `meshjit` pipeline runs on `text`, or None when it
    writes a module that verifies."""
    from tests.support import shardy_suite

    try:
        module = shardy_suite.run(text, meshjit)
    except Exception as e:  # noqa: BLE001
        if _REFUSED.search(str(e)):
            return None
        return "meshjit: " + (str(e).splitlines() or [type(e).__name__])[0]
    return None if module.operation.verify() else "meshjit: the output does not verify"


# Inputs issue 19 calls bad, which meshjit refuses with its own error (Shardy's passes take
# them): a sharding group whose members are on different meshes.
_REFUSED = re.compile(r"sharding group \d+ has members on different meshes")


def default_mode_error(text: str) -> str | None:
    """None when meshjit's own (cost-aware) mode propagates and exports `text` into a module
    that verifies, else what went wrong."""
    from meshjit.dialects import make_context
    from tests.support import shardy_suite

    with make_context():
        try:
            module = shardy_suite.run(text, DEFAULT_MODE, erase_dead=True)
        except Exception as e:  # noqa: BLE001
            if _REFUSED.search(str(e)):
                return None  # bad input meshjit names (issue 19), however Shardy takes it
            return (str(e).splitlines() or [type(e).__name__])[0]
        if not module.operation.verify():
            return "the output does not verify"
    return None
