"""The fuzzer's wider vocabulary: one entry per op, drawn on NumPy values (shapes and dtypes) and
applied against any backend (meshjit, JAX, or the NumPy backend's shims of JAX's semantics).

A step is `["op", name, operands, params]` (operands: value indices; params: JSON), or the same
op mapped by vmap: `["vop", name, operands, params, levels]` where `levels` is a list of
`[in_axis, out_axis]` (outermost first) over the first operand, the other operands closed over.
Each op has `draw(rng, vals, i) -> (operands, params) | None` (the first operand is `i`) and
`apply(B, params, *xs)`; ill-typed draws are caught by the generator (it applies the step to
NumPy zeros and draws again when that raises).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import (  # noqa: F401  (the table and helpers, as before)
    FLOATS,
    INTS,
    OPS,
    Op,
    _axes,
    _axis,
    _dynamic_int,
    _is_float,
    _is_int,
    _same_dtype,
    _tuple,
    op,
)

# ---------------------------------------------------------------------------------------------
# Integer semantics.

INT_BINARY = [
    "floor_divide",
    "remainder",
    "left_shift",
    "right_shift",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "add",
    "multiply",
    "subtract",
]


def _draw_int_binary(rng, vals, i):
    x = vals[i]
    if not (_is_int(x) or (x.dtype == np.bool_ and rng.random() < 0.5)):
        return None
    kind = rng.choice(INT_BINARY if _is_int(x) else ["bitwise_and", "bitwise_or", "bitwise_xor"])
    if rng.random() < 0.3:  # a weak Python int (in the dtype's range)
        info = np.iinfo(x.dtype) if _is_int(x) else None
        c = rng.choice(
            [0, 1, 2, 3, 7, -1, -3, 100]
            if info is None or info.min < 0
            else [0, 1, 2, 3, 7, 100, 255]
        )
        if kind in ("floor_divide", "remainder") and c == 0:
            c = -3 if info is None or info.min < 0 else 3
        return [i], {"kind": kind, "scalar": c}
    j = _same_dtype(rng, vals, x)
    return None if j is None else ([i, j], {"kind": kind})


def _apply_int_binary(B, p, x, y=None):
    np_ = B.np
    y = p["scalar"] if y is None else y
    kind = p["kind"]
    if kind in ("floor_divide", "remainder") and "scalar" not in p:
        y = np_.where(y == 0, np_.ones_like(y), y)  # integer division by zero is XLA-defined
    return getattr(np_, kind)(x, y)


op("int_binary", grad_ok=False)((_draw_int_binary, _apply_int_binary))

LAX_SHIFTS = ["shift_left", "shift_right_arithmetic", "shift_right_logical"]


def _draw_lax_shift(rng, vals, i):
    x = vals[i]
    if not _is_int(x):
        return None
    j = _same_dtype(rng, vals, x, exact_shape=True, broadcast=False)
    return None if j is None else ([i, j], {"kind": rng.choice(LAX_SHIFTS)})


def _apply_lax_shift(B, p, x, y):
    return getattr(B.lax, p["kind"])(x, y)


op("lax_shift", grad_ok=False)((_draw_lax_shift, _apply_lax_shift))


def _draw_int_unary(rng, vals, i):
    x = vals[i]
    if _is_int(x) or x.dtype == np.bool_:
        return [i], {
            "kind": rng.choice(
                ["invert", "abs", "negative", "square", "sign"]
                if _is_int(x)
                else ["invert", "logical_not"]
            )
        }
    return None


def _apply_int_unary(B, p, x):
    return getattr(B.np, p["kind"])(x)


op("int_unary", grad_ok=False)((_draw_int_unary, _apply_int_unary))


def _draw_integer_pow(rng, vals, i):
    x = vals[i]
    if _is_int(x):
        return [i], {"n": rng.choice([0, 1, 2, 3, 5])}
    if _is_float(x):
        return [i], {"n": rng.choice([0, 1, 2, 3, -1, -2])}
    return None


def _apply_integer_pow(B, p, x):
    if p["n"] < 0:
        x = B.np.abs(x) + 1  # no division by zero
    return B.lax.integer_pow(x, p["n"])


op("integer_pow")((_draw_integer_pow, _apply_integer_pow))


# ---------------------------------------------------------------------------------------------
# Comparisons, selection, clipping, logic.

COMPARE = ["less", "less_equal", "greater", "greater_equal", "equal", "not_equal"]


def _draw_compare(rng, vals, i):
    x = vals[i]
    kind = rng.choice(COMPARE)
    if rng.random() < 0.3 or x.dtype == np.bool_:
        return [i], {"kind": kind, "scalar": rng.choice([0, 1, -1, 0.5, 2])}
    j = _same_dtype(rng, vals, x)
    return None if j is None else ([i, j], {"kind": kind})


def _apply_compare(B, p, x, y=None):
    return getattr(B.np, p["kind"])(x, p["scalar"] if y is None else y)


op("compare", grad_ok=False)((_draw_compare, _apply_compare))


def _draw_where(rng, vals, i):
    x = vals[i]
    j = _same_dtype(rng, vals, x)
    if j is None:
        return None
    return [i, j], {"c": rng.choice([0, 1, -1, 0.5]), "scalar_else": rng.random() < 0.3}


def _apply_where(B, p, x, y):
    np_ = B.np
    other = 2 if p["scalar_else"] else y
    return np_.where(y > p["c"], x, other)


op("where")((_draw_where, _apply_where))


def _draw_select_n(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_:
        return None
    return [i], {"n": rng.choice([1, 2, 3]), "bool_pred": rng.random() < 0.4}


def _apply_select_n(B, p, x):
    np_ = B.np
    cases = [x, np_.negative(x), x * 2][: p["n"]]
    if p["bool_pred"]:
        pred = x > 0
        cases = cases[:2] if len(cases) >= 2 else cases
        if len(cases) == 1:
            cases = cases * 2
    else:
        pred = np_.clip(x.astype(np_.float32), 0, p["n"] - 1).astype(np_.int32)
    return B.lax.select_n(pred, *cases)


op("select_n")((_draw_select_n, _apply_select_n))


def _draw_clip(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_:
        return None
    lo, hi = rng.choice([(-1, 1), (0, 3), (2, -2), (-0.5, 0.5), (None, 1), (0, None), (1, 1)])
    if _is_int(x) and x.dtype == np.uint8 and lo is not None and lo < 0:
        lo = 0
    if _is_int(x) and x.dtype == np.uint8 and hi is not None and hi < 0:
        hi = 0
    return [i], {"lo": lo, "hi": hi}


def _apply_clip(B, p, x):
    return B.np.clip(x, p["lo"], p["hi"])


op("clip")((_draw_clip, _apply_clip))

LOGICAL = ["logical_and", "logical_or", "logical_xor"]


def _draw_logical(rng, vals, i):
    x = vals[i]
    j = _same_dtype(rng, vals, x)
    return None if j is None else ([i, j], {"kind": rng.choice(LOGICAL)})


def _apply_logical(B, p, x, y):
    return getattr(B.np, p["kind"])(x > 0, y < 1)


op("logical", grad_ok=False)((_draw_logical, _apply_logical))


# ---------------------------------------------------------------------------------------------
# Rounding and casts.

ROUNDING = ["round", "round1", "rint", "trunc", "ceil", "floor"]


def _draw_rounding(rng, vals, i):
    return ([i], {"kind": rng.choice(ROUNDING)}) if _is_float(vals[i]) else None


def _apply_rounding(B, p, x):
    np_ = B.np
    if p["kind"] == "round1":
        return np_.round(x, 1)
    return getattr(np_, p["kind"])(x)


op("rounding", grad_ok=False)((_draw_rounding, _apply_rounding))


# ---------------------------------------------------------------------------------------------
# Mixed dtypes: JAX's promotion lattice (the NumPy backend promotes as JAX does).

MIXED = ["add", "subtract", "multiply", "maximum", "minimum", "divide_safe", "true_divide_pos"]


def _draw_mixed(rng, vals, i):
    x = vals[i]
    good = []
    for j, v in enumerate(vals):
        if v.dtype == x.dtype or v.dtype == np.bool_:
            continue
        try:
            np.broadcast_shapes(v.shape, x.shape)
        except ValueError:
            continue
        good.append(j)
    return ([i, rng.choice(good)], {"kind": rng.choice(MIXED)}) if good else None


def _apply_mixed(B, p, x, y):
    np_ = B.np
    x, y = B.promote(x, y)
    if p["kind"] == "divide_safe":
        return x / (np_.abs(y) + 1)
    if p["kind"] == "true_divide_pos":
        return np_.true_divide(x, np_.abs(y) + 1)
    return getattr(np_, p["kind"])(x, y)


op("mixed")((_draw_mixed, _apply_mixed))


WEAK = [
    "add",
    "subtract",
    "multiply",
    "true_divide",
    "floor_divide",
    "remainder",
    "power",
    "maximum",
    "minimum",
    "greater",
    "equal",
]


def _draw_weak_scalar(rng, vals, i):
    x = vals[i]
    kind = rng.choice(WEAK)
    c = rng.choice([2, 3, -3, 0.5, 1.5, -2.5, 1e-3, True, 7])
    if x.dtype == np.bool_ and kind not in ("add", "multiply", "maximum", "minimum", "equal"):
        return None
    if isinstance(c, int) and _is_int(x):
        info = np.iinfo(x.dtype)
        if not info.min <= c <= info.max:
            return None
    if kind == "power" and not isinstance(c, bool) and (c < 0 or c > 3) and not _is_float(x):
        return None
    return [i], {"kind": kind, "c": c, "left": rng.random() < 0.4}


def _apply_weak_scalar(B, p, x):
    np_ = B.np
    kind, c = p["kind"], p["c"]
    if p["left"] and kind in ("floor_divide", "remainder", "true_divide"):
        x = np_.where(x == 0, np_.ones_like(x), x)  # no division by zero
        if kind != "true_divide" and not _is_float(x):
            x = np_.abs(x) + np_.ones_like(x)
    if kind == "power":
        if p["left"]:
            return np_.power(abs(c) if not isinstance(c, bool) else c, np_.clip(x, -3, 3))
        return np_.power(np_.abs(x) + 1 if _is_float(x) else x, c)
    fn = getattr(np_, kind)
    return fn(c, x) if p["left"] else fn(x, c)


op("weak_scalar")((_draw_weak_scalar, _apply_weak_scalar))


def _draw_batched_binary(rng, vals, i):
    """A binary op under vmap with both operands batched, along different axes."""
    x = vals[i]
    if not x.ndim:
        return None
    a = rng.randrange(-x.ndim, x.ndim)
    n = x.shape[a]
    js = [j for j, v in enumerate(vals) if v.dtype == x.dtype and n in v.shape]
    j = rng.choice(js)
    b = rng.choice([d for d, m in enumerate(vals[j].shape) if m == n])
    return [i, j], {
        "kind": rng.choice(["add", "multiply", "maximum", "subtract", "arctan2", "hypot"]),
        "in_axes": [a, b],
        "out_axes": rng.choice([0, -1, 1]),
    }


def _apply_batched_binary(B, p, x, y):
    np_ = B.np
    if p["kind"] in ("arctan2", "hypot") and not _is_float(x):
        x, y = x.astype(np_.float32), y.astype(np_.float32)
    fn = getattr(np_, p["kind"])
    return B.vmap(fn, in_axes=tuple(p["in_axes"]), out_axes=p["out_axes"])(x, y)


op("batched_binary", vmap_ok=False)((_draw_batched_binary, _apply_batched_binary))


# ---------------------------------------------------------------------------------------------
# Reductions.


def _draw_argminmax(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_ or not x.ndim:
        return None
    axis = _axis(rng, x)
    return [i], {
        "kind": rng.choice(["argmax", "argmin"]),
        "axis": axis,
        "keepdims": axis is not None and rng.random() < 0.3,
    }


def _apply_argminmax(B, p, x):
    if p["keepdims"]:
        return getattr(B.np, p["kind"])(x, axis=p["axis"], keepdims=True)
    return getattr(B.np, p["kind"])(x, axis=p["axis"])


op("argminmax", grad_ok=False)((_draw_argminmax, _apply_argminmax))

CUMULATIVE = ["cumprod", "cummax", "cummin", "cumlogsumexp", "cumsum_rev"]


def _draw_cumulative(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    kind = rng.choice(CUMULATIVE)
    if kind == "cumlogsumexp" and not _is_float(x):
        return None
    return [i], {"kind": kind, "axis": rng.randrange(x.ndim), "reverse": rng.random() < 0.3}


def _apply_cumulative(B, p, x):
    np_, lax = B.np, B.lax
    kind, axis = p["kind"], p["axis"]
    if kind == "cumprod":
        if _is_float(x):
            x = np_.tanh(x) * 0.5 + 1.0
        return np_.cumprod(x, axis=axis)
    if kind == "cumsum_rev":
        return lax.cumsum(x, axis=axis, reverse=p["reverse"])
    return getattr(lax, kind)(x, axis=axis, reverse=p["reverse"])


op("cumulative")((_draw_cumulative, _apply_cumulative))


def _draw_logsumexp(rng, vals, i):
    x = vals[i]
    if not _is_float(x) or not x.ndim:
        return None
    kind = rng.choice(["logsumexp", "softmax", "log_softmax"])
    axis = _axes(rng, x) if kind == "logsumexp" else rng.randrange(-x.ndim, x.ndim)
    return [i], {"kind": kind, "axis": axis, "keepdims": rng.random() < 0.3}


def _apply_logsumexp(B, p, x):
    nn = B.nn
    axis = _tuple(p["axis"])
    if p["kind"] == "logsumexp":
        return nn.logsumexp(x, axis=axis, keepdims=p["keepdims"])
    return getattr(nn, p["kind"])(x, axis=axis)


op("logsumexp")((_draw_logsumexp, _apply_logsumexp))


def _draw_moments(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_ or not x.ndim:
        return None
    return [i], {
        "kind": rng.choice(["mean", "var", "std"]),
        "axis": _axes(rng, x),
        "ddof": rng.choice([0, 0, 1]),
        "keepdims": rng.random() < 0.3,
    }


def _apply_moments(B, p, x):
    np_ = B.np
    axis = _tuple(p["axis"])
    if p["kind"] == "mean":
        return np_.mean(x, axis=axis, keepdims=p["keepdims"])
    if p["kind"] == "std":  # sqrt has no derivative at 0: keep away from it
        return np_.std(x, axis=axis, ddof=p["ddof"], keepdims=p["keepdims"])
    return np_.var(x, axis=axis, ddof=p["ddof"], keepdims=p["keepdims"])


op("moments")((_draw_moments, _apply_moments))

MULTI = ["sum", "max", "min", "prod", "any", "all"]


def _draw_multi_reduce(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    kind = rng.choice(MULTI)
    if x.dtype == np.bool_ and kind in ("prod",):
        return None
    return [i], {"kind": kind, "axis": _axes(rng, x), "keepdims": rng.random() < 0.4}


def _apply_multi_reduce(B, p, x):
    np_ = B.np
    if p["kind"] == "prod" and _is_float(x):
        x = np_.tanh(x) * 0.5 + 1.0
    return getattr(np_, p["kind"])(x, axis=_tuple(p["axis"]), keepdims=p["keepdims"])


op("multi_reduce")((_draw_multi_reduce, _apply_multi_reduce))


# ---------------------------------------------------------------------------------------------
# Contractions.

EINSUMS = {
    1: ["i,i->", "i,j->ij", "i->i"],
    2: ["ij,jk->ik", "ij,kj->ik", "ij,ij->i", "ij->ji", "ij,ij->", "ij,j->i", "ii->i"],
    3: [
        "bij,bjk->bik",
        "bij,bkj->bik",
        "bij,bij->b",
        "bij->bji",
        "bij,j->bi",
        "bij,bi->bj",
        "bij,jk->bik",
    ],
}


def _draw_einsum(rng, vals, i):
    x = vals[i]
    if x.ndim not in EINSUMS or x.dtype == np.bool_:
        return None
    pattern = rng.choice(EINSUMS[x.ndim])
    if "," not in pattern:
        return [i], {"pattern": pattern}
    rank = len(pattern.split(",")[1].split("->")[0])
    js = [j for j, v in enumerate(vals) if v.ndim == rank and v.dtype == x.dtype]
    return ([i, rng.choice(js)], {"pattern": pattern}) if js else None


def _apply_einsum(B, p, *xs):
    return B.np.einsum(p["pattern"], *xs)


op("einsum")((_draw_einsum, _apply_einsum))


def _draw_dot_general(rng, vals, i):
    x = vals[i]
    if x.ndim < 1 or x.dtype == np.bool_:
        return None
    js = [j for j, v in enumerate(vals) if v.dtype == x.dtype and v.ndim >= 1]
    j = rng.choice(js)
    y = vals[j]
    pairs = [(a, b) for a in range(x.ndim) for b in range(y.ndim) if x.shape[a] == y.shape[b]]
    if not pairs:
        return None
    batch = []
    if rng.random() < 0.5 and len(pairs) > 1:
        batch.append(pairs.pop(rng.randrange(len(pairs))))
    contract = [
        p for p in pairs if p[0] not in {b[0] for b in batch} and p[1] not in {b[1] for b in batch}
    ]
    contract = [contract[0]] if contract and rng.random() < 0.8 else []
    pref = rng.choice([None, "float32"] if _is_float(x) else [None, "int32", "float32"])
    return [i, j], {
        "contract": [[c[0] for c in contract], [c[1] for c in contract]],
        "batch": [[b[0] for b in batch], [b[1] for b in batch]],
        "pref": pref,
    }


def _apply_dot_general(B, p, x, y):
    dims = (
        (tuple(p["contract"][0]), tuple(p["contract"][1])),
        (tuple(p["batch"][0]), tuple(p["batch"][1])),
    )
    pref = None if p["pref"] is None else B.dtype(p["pref"])
    return B.lax.dot_general(x, y, dims, preferred_element_type=pref)


op("dot_general")((_draw_dot_general, _apply_dot_general))


# ---------------------------------------------------------------------------------------------
# Shapes.


def _draw_pad(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    if rng.random() < 0.5:
        config = [
            [rng.randint(-1, 2), rng.randint(-1, 2), rng.choice([0, 0, 1, 2])]
            for _ in range(x.ndim)
        ]
        return [i], {"lax": True, "config": config, "value": rng.choice([0, 1, -2])}
    mode = rng.choice(["constant", "edge", "reflect", "symmetric", "wrap", "maximum", "mean"])
    widths = [[rng.randint(0, 2), rng.randint(0, 2)] for _ in range(x.ndim)]
    if mode == "mean" and not _is_float(x):
        mode = "edge"
    return [i], {"lax": False, "mode": mode, "widths": widths}


def _apply_pad(B, p, x):
    np_ = B.np
    if p["lax"]:
        if x.dtype == np.bool_ or str(x.dtype) == "bool":
            value = np_.asarray(bool(p["value"]))
        else:
            value = np_.asarray(p["value"], dtype=x.dtype)
        return B.lax.pad(x, value, [tuple(c) for c in p["config"]])
    return np_.pad(x, [tuple(w) for w in p["widths"]], mode=p["mode"])


op("pad")((_draw_pad, _apply_pad))


def _draw_dus(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    sizes = [rng.randint(1, n) for n in x.shape]
    starts = [rng.randint(-n - 1, n + 1) for n in x.shape]
    js = [j for j, v in enumerate(vals) if v.dtype == x.dtype and list(v.shape) == sizes]
    return ([i] + js[:1] if js and rng.random() < 0.7 else [i]), {"sizes": sizes, "starts": starts}


def _apply_dus(B, p, x, u=None):
    np_ = B.np
    if u is None:  # a block of x itself, changed
        u = np_.negative(x[tuple(slice(0, s) for s in p["sizes"])])
    starts = [_dynamic_int(np_, s) for s in p["starts"]]
    return B.lax.dynamic_update_slice(x, u, starts)


op("dus")((_draw_dus, _apply_dus))


def _draw_reshape_like(rng, vals, i):
    x = vals[i]
    kind = rng.choice(
        [
            "expand_dims",
            "squeeze",
            "broadcast_to",
            "tile",
            "repeat",
            "stack",
            "swapaxes",
            "moveaxis",
        ]
    )
    if kind == "expand_dims":
        k = rng.randint(1, 2)
        axes = sorted(rng.sample(range(x.ndim + k), k))
        return [i], {
            "kind": kind,
            "axes": axes if k > 1 else axes[0] - (x.ndim + 1) * (rng.random() < 0.3),
        }
    if kind == "squeeze":
        ones = [a for a, n in enumerate(x.shape) if n == 1]
        if not ones:
            return None
        return [i], {"kind": kind, "axes": rng.choice([None, ones[0], ones])}
    if kind == "broadcast_to":
        shape = [rng.choice([1, 2, 3])] * rng.randint(0, 1) + [
            rng.choice([2, 3]) if n == 1 and rng.random() < 0.5 else n for n in x.shape
        ]
        return [i], {"kind": kind, "shape": shape}
    if kind == "tile":
        return [i], {"kind": kind, "reps": [rng.randint(1, 3) for _ in range(rng.randint(1, 3))]}
    if kind == "repeat":
        axis = _axis(rng, x)
        n = x.size if axis is None else x.shape[axis]
        reps = rng.choice([2, 3, [rng.randint(0, 2) for _ in range(n)]])
        return [i], {"kind": kind, "repeats": reps, "axis": axis}
    if kind == "stack":
        j = _same_dtype(rng, vals, x, exact_shape=True, broadcast=False)
        return [i, j], {"kind": kind, "axis": rng.randint(-x.ndim - 1, x.ndim)}
    if x.ndim < 2:
        return None
    return [i], {"kind": kind, "a": rng.randrange(-x.ndim, x.ndim), "b": rng.randrange(x.ndim)}


def _apply_reshape_like(B, p, x, y=None):
    np_ = B.np
    kind = p["kind"]
    if kind == "expand_dims":
        return np_.expand_dims(x, _tuple(p["axes"]))
    if kind == "squeeze":
        return np_.squeeze(x, _tuple(p["axes"]))
    if kind == "broadcast_to":
        return np_.broadcast_to(x, tuple(p["shape"]))
    if kind == "tile":
        return np_.tile(x, tuple(p["reps"]))
    if kind == "repeat":
        reps = p["repeats"]
        if isinstance(reps, list):
            return (
                np_.repeat(
                    x, np_.asarray(reps, np_.int32), axis=p["axis"], total_repeat_length=sum(reps)
                )
                if B.jaxlike
                else np_.repeat(x, reps, axis=p["axis"])
            )
        return np_.repeat(x, reps, axis=p["axis"])
    if kind == "stack":
        return np_.stack([x, y], axis=p["axis"])
    return getattr(np_, kind)(x, p["a"], p["b"])


op("reshape_like")((_draw_reshape_like, _apply_reshape_like))


# ---------------------------------------------------------------------------------------------
# Gathers and scatters through .at[], take with modes.

AT_KINDS = ["set", "add", "mul", "min", "max", "get"]


def _draw_at(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    kind = rng.choice(AT_KINDS)
    axis = rng.choice([0, 0, x.ndim - 1])
    n = x.shape[axis]
    mode = rng.choice([None, "drop", "clip", "fill"] if kind == "get" else [None, "drop", "clip"])
    k = rng.randint(1, 4)
    if kind == "set" and mode == "clip":  # repeated targets: which write wins is unspecified
        if k > n:
            return None
        idx = rng.sample(range(-n, n), k) if False else rng.sample(range(n), k)
    elif kind == "set":
        pool = list(range(-n, n)) + [n, n + 2, -n - 1, -n - 3]
        idx = []
        for v in rng.sample(pool, min(k, len(pool))):
            if not any((v % n) == (u % n) and -n <= u < n and -n <= v < n for u in idx):
                idx.append(v)
    elif kind in ("min", "max") and mode == "clip":
        # JAX's jvp of a clipped scatter-min/max is wrong for out-of-bounds indices (a tangent
        # of -1 or NaN where the value is a constant): meshjit's is right; draw in bounds
        idx = [rng.randrange(-n, n) for _ in range(k)]
    else:
        idx = [rng.choice(list(range(-n, n)) + [n, n + 1, -n - 2]) for _ in range(k)]
    rest = list(x.shape)
    rest[axis] = len(idx)
    j = _same_dtype(rng, vals, np.zeros(rest, x.dtype), exact_shape=True, broadcast=False)
    value = "scalar" if kind != "get" and (j is None or rng.random() < 0.3) else None
    ops = [i] if j is None or value == "scalar" or kind == "get" else [i, j]
    return ops, {
        "kind": kind,
        "axis": axis,
        "idx": idx,
        "mode": mode,
        "fill": rng.choice([None, -7]) if mode == "fill" else None,
    }


def _apply_at(B, p, x, v=None):
    np_ = B.np
    if v is None and p["kind"] != "get":
        v = 3 if x.dtype != np.bool_ and str(x.dtype) != "bool" else True
    return B.at(x, p["axis"], np_.asarray(p["idx"], np_.int32), p["kind"], v, p["mode"], p["fill"])


op("at")((_draw_at, _apply_at))


def _draw_at2(rng, vals, i):
    """x.at[rows, cols] with index arrays that broadcast (2-D against 1-D)."""
    x = vals[i]
    if x.ndim < 2:
        return None
    n, m = x.shape[0], x.shape[1]
    kind = rng.choice(["add", "min", "max", "get", "mul"])
    rows = [
        [rng.randrange(-n, n + 2) for _ in range(rng.randint(1, 3))]
        for _ in range(rng.randint(1, 2))
    ]
    cols = [rng.randrange(-m - 1, m) for _ in range(len(rows[0]))]
    return [i], {
        "kind": kind,
        "rows": rows,
        "cols": cols,
        "mode": rng.choice([None, "clip", "drop"] if kind != "get" else ["clip", "fill"]),
    }


def _apply_at2(B, p, x):
    np_ = B.np
    rows, cols = np_.asarray(p["rows"], np_.int32), np_.asarray(p["cols"], np_.int32)
    return B.at2(x, rows, cols, p["kind"], 2, p["mode"])


op("at2")((_draw_at2, _apply_at2))


def _draw_take_mode(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    axis = rng.choice([None, 0, x.ndim - 1])
    n = x.size if axis is None else x.shape[axis]
    idx = [rng.choice(list(range(-n, n)) + [n, n + 3, -n - 1]) for _ in range(rng.randint(1, 4))]
    mode = rng.choice(["clip", "fill", "wrap"])
    return [i], {
        "axis": axis,
        "idx": idx,
        "mode": mode,
        "fill": rng.choice([None, 5]) if mode == "fill" else None,
    }


def _apply_take_mode(B, p, x):
    np_ = B.np
    return B.take(x, np_.asarray(p["idx"], np_.int32), p["axis"], p["mode"], p["fill"])


op("take_mode")((_draw_take_mode, _apply_take_mode))


def _draw_take_along(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    return [i], {"axis": rng.randrange(x.ndim)}


def _apply_take_along(B, p, x):
    np_ = B.np
    order = np_.argsort(x, axis=p["axis"], stable=True)
    return np_.take_along_axis(x * 2, order, axis=p["axis"])


op("take_along", grad_ok=False)((_draw_take_along, _apply_take_along))


# ---------------------------------------------------------------------------------------------
# Sorting and searching.


def _draw_top_k(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    return [i], {"k": rng.randint(1, x.shape[-1]), "which": rng.choice([0, 1])}


def _apply_top_k(B, p, x):
    return B.lax.top_k(x, p["k"])[p["which"]]


op("top_k", grad_ok=False)((_draw_top_k, _apply_top_k))


def _draw_searchsorted(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    j = rng.choice([j for j, v in enumerate(vals) if v.dtype == x.dtype])
    return [i, j], {"side": rng.choice(["left", "right"])}


def _apply_searchsorted(B, p, x, q):
    np_ = B.np
    return np_.searchsorted(np_.sort(np_.ravel(x)), q, side=p["side"])


op("searchsorted", grad_ok=False)((_draw_searchsorted, _apply_searchsorted))


def _draw_argsort(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    return [i], {"axis": rng.randrange(-x.ndim, x.ndim)}


def _apply_argsort(B, p, x):
    return B.np.argsort(x, axis=p["axis"], stable=True)


op("argsort", grad_ok=False)((_draw_argsort, _apply_argsort))


# ---------------------------------------------------------------------------------------------
# Windows: convolutions and pooling.


def _draw_conv(rng, vals, i):
    x = vals[i]
    if x.ndim not in (2, 3, 4) or not _is_float(x) or x.dtype == np.float16:
        return None
    spatial = max(x.ndim - 2, 1)  # a 2-D value is [N, C] with one spatial dim of size 1
    c = x.shape[1]
    groups = rng.choice([g for g in (1, 2, c) if c % g == 0])
    out = groups * rng.choice([1, 2])
    kernel = [rng.randint(1, 3) for _ in range(spatial)]
    padding = rng.choice(["VALID", "SAME", "explicit"])
    if padding == "explicit":
        padding = [[rng.randint(-1, 2), rng.randint(0, 2)] for _ in range(spatial)]
    return [i], {
        "out": out,
        "groups": groups,
        "kernel": kernel,
        "padding": padding,
        "strides": [rng.choice([1, 1, 2]) for _ in range(spatial)],
        "lhs_dilation": [rng.choice([1, 1, 2]) for _ in range(spatial)],
        "rhs_dilation": [rng.choice([1, 1, 2]) for _ in range(spatial)],
    }


def _apply_conv(B, p, x):
    np_ = B.np
    if x.ndim == 2:
        x = x[:, :, None]
    c = x.shape[1]
    shape = [p["out"], c // p["groups"]] + p["kernel"]
    size = int(np.prod(shape))
    kernel = np_.reshape(np_.cos(np_.arange(size, dtype=np_.float32) * 0.37), shape)
    padding = p["padding"] if isinstance(p["padding"], str) else [tuple(q) for q in p["padding"]]
    if isinstance(padding, str) and any(d != 1 for d in p["lhs_dilation"]):
        padding = [(0, 0)] * len(p["kernel"])
    return B.lax.conv_general_dilated(
        x,
        kernel.astype(x.dtype),
        tuple(p["strides"]),
        padding,
        lhs_dilation=tuple(p["lhs_dilation"]),
        rhs_dilation=tuple(p["rhs_dilation"]),
        feature_group_count=p["groups"],
    )


op("conv")((_draw_conv, _apply_conv))


def _draw_reduce_window(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    kind = rng.choice(["max", "min", "sum", "avg"])
    if kind == "avg" and not _is_float(x):
        kind = "sum"
    window = [rng.randint(1, min(3, n)) for n in x.shape]
    padding = rng.choice(["VALID", "SAME", "explicit"])
    if padding == "explicit":
        padding = [[rng.randint(0, 1), rng.randint(0, 1)] for _ in x.shape]
    return [i], {
        "kind": kind,
        "window": window,
        "padding": padding,
        "strides": [rng.choice([1, 1, 2]) for _ in x.shape],
    }


def _apply_reduce_window(B, p, x):
    lax = B.lax
    kind = p["kind"]
    if str(x.dtype) in INTS:
        info = np.iinfo(str(x.dtype))
        init = {"max": info.min, "min": info.max}.get(kind, 0)
    else:
        init = {"max": -np.inf, "min": np.inf}.get(kind, 0.0)
    comp = {"max": lax.max, "min": lax.min}.get(kind, lax.add)
    padding = p["padding"] if isinstance(p["padding"], str) else [tuple(q) for q in p["padding"]]
    # a concrete (NumPy) init: JAX then picks the monoid reduction; a traced init is its
    # generic reduce_window, which has no transpose (grad is JAX's ValueError, meshjit's works)
    out = lax.reduce_window(
        x,
        np.asarray(init, _np_dtype(str(x.dtype))),
        comp,
        tuple(p["window"]),
        tuple(p["strides"]),
        padding,
    )
    return out / int(np.prod(p["window"])) if kind == "avg" else out


op("reduce_window")((_draw_reduce_window, _apply_reduce_window))


# ---------------------------------------------------------------------------------------------
# Applying a step.


def apply_op(B, name, operands, params, vals):
    return OPS[name].apply(B, params, *[vals[k] for k in operands])


def apply_vop(B, name, operands, params, levels, vals):
    """The op mapped over its first operand's axes (`levels`, outermost first); the other
    operands are closed over (unbatched)."""
    first, rest = operands[0], operands[1:]

    def row_fn(row):
        local = dict((k, vals[k]) for k in rest)
        local[first] = row
        return OPS[name].apply(B, params, *[local[k] for k in operands])

    fn = row_fn
    for in_axis, out_axis in reversed(levels):
        fn = B.vmap(fn, in_axes=in_axis, out_axes=out_axis)
    return fn(vals[first])


def draw_step(rng, vals, allow_vmap=True, focus=()):
    """A step on `vals`; with `focus` (op name prefixes), 3 in 4 are drawn among those
    ops (a campaign aimed at a round's vocabulary: bench/fuzz.py --focus)."""
    names = sorted(OPS)
    if focus and rng.random() < 0.75:
        names = [n for n in names if n.startswith(tuple(focus))] or names
    name = rng.choice(names)
    i = rng.randrange(len(vals))
    if allow_vmap and OPS[name].vmap_ok and rng.random() < 0.2 and vals[i].ndim >= 1:
        levels = []
        x = vals[i]
        for _ in range(rng.choice([1, 1, 2])):
            if x.ndim < 1:
                break
            a = rng.randrange(-x.ndim, x.ndim)
            levels.append([a, None])
            x = np.take(x, 0, axis=a)
        local = list(vals)
        local[i] = x
        drawn = OPS[name].draw(rng, local, i)
        if drawn is None:
            return None
        operands, params = drawn
        if operands[0] != i or i in operands[1:]:
            return None
        for level in levels:  # the out axes, drawn afterwards within the result's rank
            level[1] = rng.choice([0, 0, -1, 1])
        return ["vop", name, operands, params, levels]
    drawn = OPS[name].draw(rng, vals, i)
    if drawn is None:
        return None
    return ["op", name, drawn[0], drawn[1]]


# Round 9's vocabulary registers into OPS (edge semantics; control flow, vmap axes, random).
# Round 12's: the rest of jax.numpy, lax's dimension-number forms, compositions of transforms.
# Round 13's (ops_nn_special, after ops_api: its groups join TABLE): jax.nn, scipy.special.
# Round 14's (ops_round14): round 13's leftovers. Round 15's (ops_round15): dtype= / edge
# arguments, promotion, .at[] modes, mixed indexing, control flow, custom rules, sharded keys,
# collectives over several axes. Round 16's (ops_round16): decimals, shifts, complex values,
# size-zero and 0-d values, lax edge parameters, indexing forms, vmap axes, jit's static args.
# Round 17's (ops_round17): jnp.fft, more jnp.linalg, control flow with random bodies, custom
# rules, refs, symbolic-shape export, every random sampler on typed / raw / traced keys.
# Round 18's (ops_round18): keyword variants (where= / initial= / method= / pad modes ...),
# lax's windowed and indexed ops with unusual parameters, transform compositions, 2-D
# shard_map specs. Round 19's (ops_round19): its fixes' programs, in round 18's group.
# Round 20's (ops_round20): scipy.stats, scipy.special / linalg on edge values, zero-size slices
# through every kind of op, samplers under vmap over sharded keys. Round 21's (ops_round21):
# integer edge values, weak-scalar promotion, keyword-laden reductions, indexing and .at[]
# modes, lax's unusual parameters, transform compositions, shard_map collectives. Round 22's
# (ops_round22): jnp keywords at their edges, padded / strided / dilated reduce windows,
# transform compositions (float0 tangents in custom_jvp rules, linear_transpose ...), its fixes.
# Round 23's (ops_round23): jnp keywords together, weak-scalar promotion with bf16 / f16 /
# complex, integer edges, lax's unusual parameters, linalg / scipy / samplers at edges, indexing,
# transform compositions (hessian, jacrev of vmap, custom_vjp in vmap in jit ...), tiled collectives.
# Round 26's (ops_round26): put / place / apply_along_axis / ufunc methods, top_k / approx_min_k /
# reduce_precision / composite, map / scan / fori unrolled, linalg corners, integer overflow,
# bf16 / f16 mixes, samplers with explicit shapes, dilated windows and zero-size calls in loops.
# Round 27's (ops_round27): drawn structure (loops carrying pytrees, switch / nested jit with
# shardings, shard_map chaining collectives, Explicit meshes) and lax.linalg / pad / int corners.
# Round 28's (ops_round28): vmap and derivatives of shard_map, key handling, sharding in types
# (auto_axes, sharded contractions, control flow on explicit values), sharded einsum contractions.
# Round 29's (ops_round29): complex derivatives (holomorphic), collectives over vmap's axis_name,
# NaN / inf through sharded reductions, linalg / fft / jax.nn attention / integer wraparound /
# multi-operand sorts and associative scans on sharded values, grads of named-residual loops.
# Round 30's (ops_round30): drawn index expressions and .at[] modes, promotion across scalars and
# dtypes, casts / shifts / division signs, pytree derivatives, vmapped control flow, custom rules
# with nondiff_argnums, use_abstract_mesh with bare specs, partial-manual and nested shard_maps.
# Round 31's (ops_round31): reductions with where= / initial=, einsum paths, reduce_window
# parameters, multi-operand sorts, cumulative ops with reverse, segment ops, take modes, pytree
# cond / switch under vmap and grad, custom rules under vmap of vmap, checkpoint policies, scans
# under grad, samplers over split keys, grads of shard_map collectives, auto_axes / reshard.
# Round 32's (ops_round32): jax.scipy.signal / ndimage / linalg factorizations / stats /
# interpolate / cluster, jax.tree, pure_callback vmap methods, named_call / named_scope /
# compile-time eval / closure_convert / eval_shape / platform_dependent, lax.split / collapse,
# image.scale_and_translate, nn.initializers.
# Round 33's (ops_round33): jax.scipy.linalg solve_triangular / expm / hankel / circulant /
# companion / dft, jax.scipy.fft dct family, jax.tree *_with_path / reduce_associative /
# ravel_pytree, sparse.linalg cg / bicgstab / gmres, stats.sem / norm.pdf.
# Round 34's (ops_round34): out_sharding= on more jnp ops and samplers on an Explicit mesh,
# shard_map collectives with drawn parameters, vmap spmd_axis_name / in_axes pytrees, grads of
# loops with sharded carries, small-dtype promotion chains with weak scalars, reductions with
# where= / initial= / dtype= on integer and half values, sorts with ties, out-of-bounds .at[]
# modes on integer and bool targets, jnp.linalg small ops.
# Round 35's (ops_round35): vmap of shard_map / constrained / jitted sharded bodies with in_axes
# and out_axes variety, grads of scans with unroll / reverse / remat, integer division corners,
# reduce_window with dilations, multi-operand lax.sort, samplers under vmap per key impl,
# batched (sharded) jnp.linalg, weak-typed results, jnp ops on Explicit-sharded values.
from tests.fuzz import (  # noqa: E402, F401
    ops_api,
    ops_control,
    ops_nn_special,
    ops_round14,
    ops_round15,
    ops_round16,
    ops_round17,
    ops_round18,
    ops_round19,
    ops_round20,
    ops_round21,
    ops_round22,
    ops_round23,
    ops_round26,
    ops_round27,
    ops_round27_corners,
    ops_round28,
    ops_round29,
    ops_round30,
    ops_round31,
    ops_round32,
    ops_round33,
    ops_round34,
    ops_round35,
    ops_semantics,
    ops_transforms,
)
