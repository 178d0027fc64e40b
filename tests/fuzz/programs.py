"""Random programs for the differential fuzzer: a JSON-able spec, and the function it stands for
written once against a backend (meshjit or JAX: `np` / `lax` / `shard_map` / shardings).

A program holds a mesh, a few inputs (shape, dtype, in_spec), and steps; each step reads values
by index and appends one value, so every prefix of a program is a program (the shrinker uses
that). The generator evaluates each step on NumPy zeros of the right shapes while it draws, so
only well-typed programs come out.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass, field

import numpy as np

MESHES = [
    ((1,), ("a",)),
    ((2,), ("a",)),
    ((4,), ("a",)),
    ((8,), ("a",)),
    ((2, 2), ("a", "b")),
    ((4, 2), ("a", "b")),
    ((2, 4), ("a", "b")),
    ((2, 2, 2), ("a", "b", "c")),
]
DTYPES = [
    "float32",
    "float32",
    "float32",
    "int32",
    "bfloat16",
    "float16",
    "int8",
    "uint8",
    "int16",
    "uint32",
    "bool",
]
# x64 mode (`draw(seed, x64=True)`): the 64-bit types too, JAX's defaults then
DTYPES64 = DTYPES + ["float64", "float64", "int64", "int64", "uint64"]
UNARY = [
    "sin",
    "cos",
    "tanh",
    "abs",
    "negative",
    "square",
    "floor",
    "sign",
    "exp_clip",
    "log1p_abs",
    "sqrt_abs",
    "recip",
]
BINARY = [
    "add",
    "subtract",
    "multiply",
    "maximum",
    "minimum",
    "divide_safe",
    "where_pos",
    "floor_divide_safe",
    "remainder_safe",
]
REDUCE = ["sum", "max", "min", "mean", "prod_small"]


@dataclass
class Program:
    seed: int
    mesh_shape: tuple
    axis_names: tuple
    inputs: list  # [shape, dtype, spec]
    steps: list = field(default_factory=list)  # [op, *args]
    outputs: list = field(default_factory=list)  # value indices
    grad: bool | str = False  # True: the gradient of a loss of the outputs; "jvp": its jvp;
    # "vjp": its value and pullback of 1.5; "value_and_grad"
    out_specs: list | None = None  # per output: a spec (meshjit's out_shardings), or None
    special: bool = False  # inputs with ties, halves, NaN, full integer ranges
    wrap: dict | None = None  # a transform of the whole program (tests/fuzz/wraps.py)
    x64: bool = False  # run (meshjit and JAX) with jax_enable_x64 on
    donate: list | None = None  # input indices the jit donates (donate_argnums)

    def to_json(self) -> dict:
        return (
            {
                "seed": self.seed,
                "mesh_shape": list(self.mesh_shape),
                "axis_names": list(self.axis_names),
                "inputs": self.inputs,
                "steps": self.steps,
                "outputs": self.outputs,
                "grad": self.grad,
                "out_specs": self.out_specs,
                "special": self.special,
            }
            | ({"wrap": self.wrap} if self.wrap else {})
            | ({"x64": True} if self.x64 else {})
            | ({"donate": self.donate} if self.donate else {})
        )

    @classmethod
    def from_json(cls, d: dict) -> Program:
        return cls(
            d["seed"],
            tuple(d["mesh_shape"]),
            tuple(d["axis_names"]),
            [list(i) for i in d["inputs"]],
            [list(s) for s in d["steps"]],
            list(d["outputs"]),
            d["grad"],
            d.get("out_specs"),
            d.get("special", False),
            d.get("wrap"),
            d.get("x64", False),
            d.get("donate"),
        )

    def arguments(self) -> list[np.ndarray]:
        rng = np.random.default_rng(self.seed)
        out = []
        for shape, dtype, spec in self.inputs:
            if dtype == "bool":
                out.append(rng.random(size=shape) < 0.5)
            elif np.dtype(dtype).kind in "iu":
                low = 0 if dtype.startswith("u") else -5
                x = rng.integers(low, 6, size=shape).astype(dtype)
                if self.special and rng.random() < 0.5:  # the whole range: overflow wraps
                    info = np.iinfo(dtype)
                    wide = {"dtype": dtype} if info.bits == 64 else {}  # (bounds past int64)
                    x = rng.integers(info.min, int(info.max) + 1, size=shape, **wide).astype(dtype)
                out.append(x)
            else:
                x = rng.standard_normal(shape).astype(np.float32)
                if self.special:
                    r = rng.random()
                    if r < 0.5:  # halves: rounding ties, equal values (argmax/sort ties)
                        x = (rng.integers(-6, 7, size=shape) / 2).astype(np.float32)
                    elif r < 0.6 and x.size and not any(spec) and not self._jacobian():
                        # NaN only in replicated inputs: XLA's cross-device min/max drop NaN
                        # (JAX's too), and the JAX oracle runs unsharded; none in a Jacobian's
                        # (XLA turns JAX's product with the one-hot basis into a select: NaN
                        # only on the diagonal, seed 300094; meshjit's and JAX's eager: a row)
                        x.ravel()[rng.integers(x.size)] = np.nan
                out.append(x if dtype == "float32" else x.astype(_np_dtype(dtype)))
        return out

    def donate_argnums(self, order) -> tuple:
        """The donated inputs' positions among the jitted function's arguments (in `order`)."""
        return tuple(k for k, i in enumerate(order) if i in (self.donate or ()))

    def _jacobian(self) -> bool:
        return bool(self.wrap) and self.wrap["kind"] in ("jacfwd", "jacrev", "hessian")


def partition(spec) -> tuple:
    """A spec's entries for P(*...): a list entry (several mesh axes on one dim) as a tuple."""
    return tuple(tuple(e) if isinstance(e, list) else e for e in spec)


def _np_dtype(name: str):
    if name == "bfloat16":
        import ml_dtypes

        return ml_dtypes.bfloat16
    return np.dtype(name)


# ---------------------------------------------------------------------------------------------
# The steps, written once for any backend.


class Backend:
    """What a program needs from a framework: numpy and lax namespaces, shard_map, shardings."""

    jaxlike = True  # jax.numpy semantics (not NumPy's)

    def __init__(
        self,
        np_,
        lax,
        shard_map,
        named_sharding,
        partition_spec,
        wsc,
        mesh,
        vmap=None,
        nn=None,
        jvp=None,
    ):
        self.np, self.lax, self.shard_map, self.nn, self.jvp = np_, lax, shard_map, nn, jvp
        self.NamedSharding, self.P, self.wsc, self.mesh = named_sharding, partition_spec, wsc, mesh
        self.vmap = vmap if vmap is not None else self._vmap_by_loop
        self.random = None  # jax.random or meshjit.random (the NumPy backend: a stand-in)
        self.api = None  # jax or meshjit (the NumPy backend: none)

    def _vmap_by_loop(self, fn, in_axes=0, out_axes=0):  # the NumPy backend: one call per row
        np_ = self.np

        def mapped(*xs):
            axes = in_axes if isinstance(in_axes, (tuple, list)) else [in_axes] * len(xs)
            n = next(x.shape[a] for x, a in zip(xs, axes) if a is not None)
            rows = [
                np_.asarray(
                    fn(*[x if a is None else np_.take(x, k, axis=a) for x, a in zip(xs, axes)])
                )
                for k in range(n)
            ]
            if out_axes is None:  # an unbatched result (JAX checks it is one)
                return rows[0]
            return np_.stack(rows, axis=out_axes)

        return mapped

    def scatter_add(self, x, idx, v):
        return x.at[idx].add(v)

    def at(self, x, axis, idx, kind, v, mode, fill):
        """x.at[(:,)*axis, idx].kind(v) (or .get) with an indices mode."""
        ref = x.at[(slice(None),) * axis + (idx,)]
        if kind == "get":
            return ref.get(mode=mode, fill_value=fill)
        return getattr(ref, kind)(v, mode=mode)

    def at2(self, x, rows, cols, kind, v, mode):
        ref = x.at[rows, cols]
        if kind == "get":
            return ref.get(mode=mode)
        return getattr(ref, kind)(v, mode=mode)

    def take(self, x, idx, axis, mode, fill):
        return self.np.take(x, idx, axis=axis, mode=mode, fill_value=fill)

    def promote(self, x, y):  # the framework promotes
        return x, y

    def post(self, value):  # a step's value as the framework types it
        return value

    def dtype(self, name: str):
        return getattr(self.np, name)


def _unary(B, op, x):
    np_ = B.np
    f = {
        "sin": np_.sin,
        "cos": np_.cos,
        "tanh": np_.tanh,
        "abs": np_.abs,
        "negative": np_.negative,
        "square": np_.square,
        "floor": np_.floor,
        "sign": np_.sign,
        "exp_clip": lambda v: np_.exp(np_.clip(v, -4, 4)),
        "log1p_abs": lambda v: np_.log1p(np_.abs(v)),
        "sqrt_abs": lambda v: np_.sqrt(np_.abs(v)),
        "recip": lambda v: 1.0 / (1.0 + np_.abs(v)),
    }[op]
    if op in ("floor", "square", "abs", "negative", "sign") or is_float(x.dtype):
        return f(x)
    return f(x.astype(np_.float32))


def is_float(dtype) -> bool:
    return str(dtype) in ("float32", "bfloat16", "float16", "float64")


def _binary(B, op, x, y):
    np_ = B.np
    if op == "divide_safe":
        return x / (np_.abs(y) + 1)
    if op == "floor_divide_safe":
        return np_.floor_divide(x, np_.abs(y) + 1)
    if op == "remainder_safe":
        return np_.remainder(x, np_.abs(y) + 1)
    if op == "where_pos":
        return np_.where(x > 0, x, y)
    return getattr(np_, op)(x, y)


def _reduce(B, op, x, axis, keepdims):
    np_ = B.np
    if op == "prod_small":
        return np_.prod(np_.tanh(x.astype(np_.float32)) * 0.5 + 1.0, axis=axis, keepdims=keepdims)
    return getattr(np_, op)(x, axis=axis, keepdims=keepdims)


def apply_step(B, step, vals):
    """The value `step` appends, given the values so far (backend-generic)."""
    np_, lax = B.np, B.lax
    op, *a = step
    if op == "unary":
        return _unary(B, a[0], vals[a[1]])
    if op == "binary":
        return _binary(B, a[0], vals[a[1]], vals[a[2]])
    if op == "scalar":  # a Python scalar operand (weak type)
        kind, i, c = a
        return _binary(B, kind, vals[i], c)
    if op == "reduce":
        return _reduce(B, a[0], vals[a[1]], a[2], a[3])
    if op == "transpose":
        return np_.transpose(vals[a[0]])
    if op == "reshape":
        return np_.reshape(vals[a[0]], tuple(a[1]))
    if op == "concat":
        return np_.concatenate([vals[a[0]], vals[a[1]]], axis=a[2])
    if op == "flip":
        return np_.flip(vals[a[0]], axis=a[1])
    if op == "roll":
        return np_.roll(vals[a[0]], a[1], axis=a[2])
    if op == "slice":
        x, axis, start, stop, step_ = vals[a[0]], a[1], a[2], a[3], a[4]
        index = [slice(None)] * x.ndim
        index[axis] = slice(start, stop, step_)
        return x[tuple(index)]
    if op == "take":
        return np_.take(vals[a[0]], np_.asarray(a[2], dtype=np_.int32), axis=a[1])
    if op == "dynamic_index":  # x[i] with i computed in the program (may be negative)
        x, i = vals[a[0]], a[1]
        idx = (np_.sum(np_.zeros((2,), np_.int32)) + i).astype(np_.int32)
        return lax.dynamic_index_in_dim(x, idx, axis=0, keepdims=False)
    if op == "dynamic_slice":
        x, start, size = vals[a[0]], a[1], a[2]
        s = (np_.sum(np_.zeros((2,), np_.int32)) + start).astype(np_.int32)
        return lax.dynamic_slice_in_dim(x, s, size, axis=0)
    if op == "scatter_add":
        x, idx, v = vals[a[0]], a[1], vals[a[2]]
        return B.scatter_add(x, np_.asarray(idx, dtype=np_.int32), v)
    if op == "matmul":
        return np_.matmul(vals[a[0]], vals[a[1]])
    if op == "cumsum":
        return np_.cumsum(vals[a[0]], axis=a[1])
    if op == "sort":
        return np_.sort(vals[a[0]], axis=a[1])
    if op == "astype":
        x, to = vals[a[0]], a[1]
        if is_float(x.dtype) and to in ("int32", "int8", "uint8"):  # in range: defined casts
            bound = {"int32": (-(2**30), 2**30), "int8": (-128, 127), "uint8": (0, 255)}[to]
            x = np_.where(np_.isnan(x), np_.zeros_like(x), np_.clip(x, *bound))
        return x.astype(B.dtype(to))
    if op == "op":
        from tests.fuzz.ops import apply_op

        return apply_op(B, a[0], a[1], a[2], vals)
    if op == "vop":
        from tests.fuzz.ops import apply_vop

        return apply_vop(B, a[0], a[1], a[2], a[3], vals)
    if op == "cond":
        x = vals[a[0]]
        return lax.cond(np_.sum(x) > 0, lambda v: np_.sin(v) * 2, lambda v: v - 1, x)
    if op == "while":
        x = vals[a[0]]
        return lax.while_loop(
            lambda c: c[0] < a[1], lambda c: (c[0] + 1, np_.tanh(c[1]) * 2), (0, x)
        )[1]
    if op == "fori":
        x = vals[a[0]]
        return lax.fori_loop(0, a[1], lambda i, v: np_.tanh(v) + i, x)
    if op == "scan":
        x = vals[a[0]]

        def body(c, row):
            c = c * 0.5 + row
            return c, np_.sin(c)

        return lax.scan(body, x[0] * 0, x)[1]
    if op == "constraint":
        return B.wsc(vals[a[0]], B.NamedSharding(B.mesh, B.P(*a[1])))
    if op == "vmap":  # a per-row function, mapped over axis 0
        return B.vmap(lambda row: _row_step(B, a[0], row))(vals[a[1]])
    if op == "shard_map":
        if B.shard_map is None:  # the NumPy backend simulates the blocks
            from tests.fuzz.numpy_backend import _shard_map

            return _shard_map(B, a[0], vals[a[1]], a[2])
        return _shard_map_step(B, a[0], vals[a[1]], a[2])
    raise ValueError(op)


VMAP_KINDS = ["softmax", "sort", "self_dot", "argmax_index", "cond", "while"]


def _row_step(B, kind, v):
    np_, lax = B.np, B.lax
    if kind == "softmax":
        e = np_.exp(v - np_.max(v))
        return e / np_.sum(e)
    if kind == "sort":
        return np_.sort(np_.ravel(v))
    if kind == "self_dot":
        return np_.sum(v * v)
    if kind == "argmax_index":  # a dynamic index computed per row
        flat = np_.ravel(v)
        return lax.dynamic_index_in_dim(flat, np_.argmax(flat).astype(np_.int32), 0, False)
    if kind == "cond":  # a per-row predicate: a select of both branches under vmap
        return lax.cond(np_.sum(v) > 0, lambda u: np_.sin(u) * 2, lambda u: u - 1, v)
    if kind == "while":  # a per-row trip count: finished rows keep their value
        return lax.while_loop(
            lambda c: (c[0] < 4) & (np_.sum(np_.abs(c[1])) < 20.0),
            lambda c: (c[0] + 1, c[1] * 1.5 + 0.25),
            (0, v),
        )[1]
    raise ValueError(kind)


def _shard_map_step(B, kind, x, axis):
    lax, P = B.lax, B.P

    def body(v):
        if kind == "psum":
            return lax.psum(v, axis)
        if kind == "pmax":
            return lax.pmax(v, axis)
        if kind == "pmin":
            return lax.pmin(v, axis)
        if kind == "psum_scatter":
            return lax.psum_scatter(v, axis, scatter_dimension=0, tiled=True)
        if kind == "all_gather":
            return lax.all_gather(v, axis, tiled=True)[: v.shape[0]]
        if kind == "ppermute":
            n = B.mesh.shape[axis]
            return lax.ppermute(v, axis, [(i, (i + 1) % n) for i in range(n)])
        if kind == "axis_index":
            return v * (lax.axis_index(axis) + 1).astype(v.dtype)
        raise ValueError(kind)

    spec = P(axis)
    out = B.shard_map(body, mesh=B.mesh, in_specs=(spec,), out_specs=spec)(x)
    # psum_scatter: each device keeps its 1/n of the summed block, so the result is 1/n long
    return out[: x.shape[0] // B.mesh.shape[axis]] if kind == "psum_scatter" else out


def run_program(B, program: Program, args):
    """The program's function applied to `args` (outputs as a list)."""
    vals = list(args)
    for step in program.steps:
        vals.append(B.post(apply_step(B, step, vals)))
    return [vals[i] for i in program.outputs]


def program_function(B, program: Program):
    """f(*args) -> outputs; with `grad`, (float input indices, a scalar loss of the outputs in
    the float inputs): its gradient is taken (grad=True) or its jvp (grad="jvp")."""

    def f(*args):
        return run_program(B, program, args)

    if not program.grad:
        return f
    floats = [i for i, (_, dtype, _) in enumerate(program.inputs) if dtype == "float32"]

    def loss(*fargs):
        args = list(fargs[len(floats) :])
        for k, i in enumerate(floats):
            args.insert(i, fargs[k])
        outs = f(*args)
        return sum(B.np.sum(B.np.sin(o.astype(B.np.float32))) for o in outs)

    return floats, loss


def transformed(B, program: Program, grad, jvp, vjp=None, value_and_grad=None):
    """(f, argument order): the function a backend jits (`grad`/`jvp`/`vjp`/`value_and_grad`
    are its transforms, `program.wrap` one stacked on them), to be called with the arguments in
    that order."""
    f, order = _transformed(B, program, grad, jvp, vjp, value_and_grad)
    if program.wrap:
        from tests.fuzz.wraps import apply_wrap

        floats, loss = program_function(B, program) if program.grad else (None, None)
        f = apply_wrap(B, program, f, order, loss, floats)
    return f, order


def _transformed(B, program: Program, grad, jvp, vjp=None, value_and_grad=None):
    n = len(program.inputs)
    if not program.grad:
        return program_function(B, program), list(range(n))
    floats, loss = program_function(B, program)
    order = floats + [i for i in range(n) if i not in floats]
    if program.grad == "jvp":
        k = len(floats)

        def f(*args):
            primals = tuple(args[:k])
            tangents = tuple(B.np.cos(p) * 0.5 + 0.25 for p in primals)
            return list(jvp(lambda *ps: loss(*ps, *args[k:]), primals, tangents))

        return f, order
    if program.grad == "vjp":
        k = len(floats)

        def f(*args):
            value, pullback = vjp(lambda *ps: loss(*ps, *args[k:]), *args[:k])
            return [value, *pullback(B.np.float32(1.5))]

        return f, order
    argnums = tuple(range(len(floats)))
    if program.grad == "value_and_grad":
        return lambda *args: (lambda vg: [vg[0], *vg[1]])(
            value_and_grad(loss, argnums=argnums)(*args)
        ), order
    return grad(loss, argnums=argnums), order


# ---------------------------------------------------------------------------------------------
# Drawing programs.


def draw(
    seed: int,
    max_steps: int = 6,
    allow_collectives: bool = True,
    allow_grad: bool = True,
    x64: bool = False,
    focus: tuple = (),
) -> Program:
    """A random well-typed program (`x64`: one for jax_enable_x64 on, with 64-bit inputs;
    `focus`: op name prefixes drawn for 3 in 4 op steps)."""
    rng = random.Random(seed)
    mesh_shape, names = rng.choice(MESHES)
    inputs = []
    for _ in range(rng.randint(1, 3)):
        rank = rng.choice([1, 2, 2, 3])
        shape = [rng.choice([1, 2, 3, 4, 5, 6, 8, 16]) for _ in range(rank)]
        dtype = rng.choice(DTYPES64 if x64 else DTYPES)
        inputs.append([shape, dtype, _draw_spec(rng, shape, mesh_shape, names)])
    if rng.random() < 0.06:  # a zero-size dim (its spec entry stays: 0 divides evenly)
        shape = rng.choice(inputs)[0]
        shape[rng.randrange(len(shape))] = 0
    empty = any(0 in s for s, _, _ in inputs)
    program = Program(seed, tuple(mesh_shape), tuple(names), inputs, x64=x64)
    from tests.fuzz import numpy_backend  # it builds on this module's Backend

    B = numpy_backend.backend(mesh_shape, names, x64)
    vals = [np.zeros(s, _np_dtype(d)) for s, d, _ in inputs]
    program.special = rng.random() < 0.4
    from tests.fuzz import ops

    for _ in range(rng.randint(1, max_steps)):
        for _attempt in range(20):
            try:
                if rng.random() < 0.55:
                    step = ops.draw_step(rng, vals, focus=focus)
                else:
                    step = _draw_step(rng, vals, mesh_shape, names, allow_collectives)
            except (ValueError, IndexError, ZeroDivisionError):  # (a drawer meeting a 0-size dim)
                if not empty:
                    raise
                step = None
            if step is None:
                continue
            try:
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    value = np.asarray(B.post(apply_step(B, step, vals)))
            except Exception:  # noqa: BLE001  (an ill-typed draw: draw again)
                continue
            if (value.size == 0 and not empty) or value.ndim > 4 or value.size > 4096:
                continue
            vals.append(value)
            program.steps.append(step)
            break
    n = len(vals)
    program.outputs = sorted({n - 1, rng.randrange(n)})
    if rng.random() < 0.3:
        program.out_specs = [
            _draw_spec(rng, list(vals[i].shape), mesh_shape, names) for i in program.outputs
        ]
    program.grad = (
        allow_grad
        and rng.random() < 0.35
        and any(d == "float32" for _, d, _ in inputs)
        and all(_grad_ok(s) for s in program.steps)
    )
    if program.grad:
        program.grad = rng.choice([True, True, "jvp", "jvp", "vjp", "value_and_grad"])
    if rng.random() < 0.3:
        from tests.fuzz.wraps import draw_wrap

        eligible = (
            allow_grad
            and any(d == "float32" for _, d, _ in inputs)
            and all(_grad_ok(s) for s in program.steps)
        )
        program.wrap = draw_wrap(rng, program, vals, eligible)
        if program.wrap:
            program.out_specs = None  # (per-example shapes: vmap adds a dim)
    _draw_round27(rng, program, mesh_shape, names)
    return program


def _draw_round27(rng, program, mesh_shape, names) -> None:
    """Round 27: an input dim over two mesh axes (P(("a", "b"))), donated inputs."""
    if len(names) > 1 and rng.random() < 0.15:
        shape, _, spec = rng.choice(program.inputs)
        used = {a for e in spec for a in ([e] if isinstance(e, str) else e or [])}
        free = [a for a in names if a not in used]
        dims = [k for k, e in enumerate(spec) if e is None]
        if len(free) >= 2 and dims:
            k = rng.choice(dims)
            pair = rng.sample(free, 2)
            size = mesh_shape[names.index(pair[0])] * mesh_shape[names.index(pair[1])]
            if shape[k] % size == 0 or rng.random() < 0.2:
                spec[k] = pair
    if rng.random() < 0.15:
        program.donate = sorted(
            rng.sample(range(len(program.inputs)), rng.randint(1, len(program.inputs)))
        )


def _grad_ok(step) -> bool:
    if step[0] in ("op", "vop"):
        from tests.fuzz.ops import OPS

        ok = OPS[step[1]].grad_ok  # a bool, or a test of the step's params
        return ok(step[3]) if callable(ok) else ok
    if step[0] == "shard_map" and step[1] in ("pmax", "pmin"):
        return False  # JAX 0.10.2 has no differentiation rule for pmax/pmin (meshjit has one)
    return step[0] not in ("sort", "astype", "floor") and step[1] != "floor"


def _draw_spec(rng, shape, mesh_shape, names) -> list:
    spec = []
    free = list(names)
    for d in shape:
        if free and rng.random() < 0.5:
            name = rng.choice(free)
            size = mesh_shape[names.index(name)]
            if d % size == 0 or rng.random() < 0.15:  # sometimes uneven
                spec.append(name)
                free.remove(name)
                continue
        spec.append(None)
    return spec


def _draw_step(rng, vals, mesh_shape, names, allow_collectives):
    i = rng.randrange(len(vals))
    x = vals[i]
    kinds = (
        ["unary"] * 4
        + ["binary"] * 4
        + [
            "scalar",
            "reduce",
            "reduce",
            "transpose",
            "reshape",
            "concat",
            "flip",
            "roll",
            "slice",
            "take",
            "dynamic_index",
            "dynamic_slice",
            "scatter_add",
            "matmul",
            "cumsum",
            "sort",
            "astype",
            "cond",
            "fori",
            "while",
            "scan",
            "constraint",
            "vmap",
        ]
    )
    if allow_collectives:
        kinds += ["shard_map"] * 2
    kind = rng.choice(kinds)
    if kind == "unary":
        return ["unary", rng.choice(UNARY), i]
    if kind == "binary":
        j = _compatible(rng, vals, x)
        return None if j is None else ["binary", rng.choice(BINARY), i, j]
    if kind == "scalar":
        c = rng.choice([2, -3, 0.5, 1.5, 200])
        return ["scalar", rng.choice(["add", "multiply", "maximum", "subtract"]), i, c]
    if kind == "reduce":
        axis = rng.choice([None] + list(range(x.ndim)))
        return ["reduce", rng.choice(REDUCE), i, axis, rng.random() < 0.3]
    if kind == "transpose":
        return ["transpose", i]
    if kind == "reshape":
        return ["reshape", i, [x.size]] if x.ndim != 1 else ["reshape", i, _factor(rng, x.size)]
    if kind == "concat":
        j = rng.randrange(len(vals))
        return ["concat", i, j, rng.randrange(max(x.ndim, 1))] if x.ndim else None
    if kind in ("flip", "cumsum", "sort"):
        return [kind, i, rng.randrange(x.ndim)] if x.ndim else None
    if kind == "roll":
        return ["roll", i, rng.randint(-3, 3), rng.randrange(x.ndim)] if x.ndim else None
    if kind == "slice":
        if not x.ndim:
            return None
        axis = rng.randrange(x.ndim)
        n = x.shape[axis]
        return [
            "slice",
            i,
            axis,
            rng.randint(-n, n - 1),
            rng.choice([None, n, -1]),
            rng.choice([None, 1, 2]),
        ]
    if kind == "take":
        if not x.ndim:
            return None
        axis = rng.randrange(x.ndim)
        n = x.shape[axis]
        return ["take", i, axis, [rng.randrange(-n, n) for _ in range(rng.randint(1, 4))]]
    if kind == "dynamic_index":
        return ["dynamic_index", i, rng.randint(-x.shape[0], x.shape[0] - 1)] if x.ndim else None
    if kind == "dynamic_slice":
        if not x.ndim:
            return None
        size = rng.randint(1, x.shape[0])
        return ["dynamic_slice", i, rng.randint(-x.shape[0], x.shape[0]), size]
    if kind == "scatter_add":
        if not x.ndim:
            return None
        n = x.shape[0]
        idx = [rng.randrange(-n, n) for _ in range(rng.randint(1, 3))]
        j = _compatible(rng, vals, np.zeros((len(idx),) + x.shape[1:], x.dtype), exact=True)
        return None if j is None else ["scatter_add", i, idx, j]
    if kind == "matmul":
        if x.ndim != 2:
            return None
        js = [j for j, v in enumerate(vals) if v.ndim == 2 and v.shape[0] == x.shape[1]]
        return ["matmul", i, rng.choice(js)] if js else None
    if kind == "astype":
        return [
            "astype",
            i,
            rng.choice(["float32", "int32", "bfloat16", "int8", "float16", "uint8", "bool"]),
        ]
    if kind in ("cond", "scan"):
        return [kind, i] if x.ndim and is_float(x.dtype) else None
    if kind in ("fori", "while"):
        return [kind, i, rng.randint(0, 3)] if x.dtype == np.float32 else None
    if kind == "constraint":
        return ["constraint", i, _draw_spec(rng, list(x.shape), mesh_shape, names)]
    if kind == "vmap":
        ok = x.ndim >= 1 and x.shape[0] >= 1 and x.size > 0 and x.dtype == np.float32
        return ["vmap", rng.choice(VMAP_KINDS), i] if ok else None
    if kind == "shard_map":
        axes = [n for n, s in zip(names, mesh_shape) if x.ndim and x.shape[0] % s == 0]
        if not axes or x.dtype == np.dtype("bool"):
            return None
        axis = rng.choice(axes)
        kinds = ["psum", "pmax", "pmin", "all_gather", "ppermute", "axis_index"]
        size = mesh_shape[names.index(axis)]
        if (x.shape[0] // size) % size == 0:
            kinds.append("psum_scatter")
        return ["shard_map", rng.choice(kinds), i, axis]
    return None


def _compatible(rng, vals, x, exact=False):
    """A value index whose shape broadcasts against x's (same dtype kind), if any."""
    good = []
    for j, v in enumerate(vals):
        if exact and v.shape != x.shape:
            continue
        try:
            np.broadcast_shapes(v.shape, x.shape)
        except ValueError:
            continue
        if v.dtype == x.dtype:
            good.append(j)
    return rng.choice(good) if good else None


def _factor(rng, n):
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    d = rng.choice(divisors)
    return [d, n // d]
