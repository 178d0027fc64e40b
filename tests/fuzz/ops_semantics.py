"""The fuzzer's vocabulary of JAX's edge semantics (round 9): casts of NaN, inf and out-of-range
values, integer division by zero and of negative operands, shifts by the bit width or more,
reductions with `where=` / `initial=`, concrete boolean masks, basic indexing with negative
steps, `.at[slice]` updates, `jnp.linalg` basics, weak-typed constants, `jnp.round(x, decimals)`.

Ops whose answer NumPy does not define as XLA does are registered with `numpy_ref=False`: the
NumPy backend only types them (the generator's draw), JAX is their reference.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.registry import _axes, _is_float, _is_int, _same_dtype, _tuple, op

# ---------------------------------------------------------------------------------------------
# Casts of NaN, +-inf and out-of-range values (XLA's convert defines them), and narrowing.

# int64/float64/uint64 with x64 off (the default): JAX warns and gives the 32-bit type
CAST_TO = [
    "int8",
    "uint8",
    "int16",
    "uint16",
    "int32",
    "uint32",
    "bool",
    "float16",
    "bfloat16",
    "float32",
    "int64",
    "float64",
    "uint64",
]
SCALES = [1, 300.5, 1e5, 1e10, "inf", "nan"]


def _draw_cast(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_:
        return None
    return [i], {"to": rng.choice(CAST_TO), "scale": rng.choice(SCALES) if _is_float(x) else 1}


def _apply_cast(B, p, x):
    np_ = B.np
    s = p["scale"]
    if s == "inf":
        x = x / np_.zeros_like(x)  # +-inf, and NaN where x is 0
    elif s == "nan":
        x = np_.where(x > 0, np_.full_like(x, np.nan), x)
    elif s != 1:
        x = x * s
    return x.astype(B.dtype(p["to"]))


op("cast_edge", numpy_ref=False)((_draw_cast, _apply_cast))


# ---------------------------------------------------------------------------------------------
# Division and remainder with zero divisors and negative operands (ints and floats).

DIVS = [
    "floor_divide",
    "remainder",
    "fmod",
    "lax_div",
    "lax_rem",
    "op_floordiv",
    "op_mod",
    "divmod0",
    "divmod1",
    "true_divide",
]


def _draw_div(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_:
        return None
    kind = rng.choice(DIVS)
    if rng.random() < 0.35:
        lo = 0 if str(x.dtype).startswith("u") else -3
        return [i], {"kind": kind, "scalar": rng.choice([0, 1, 2, -1, -3, lo])}
    j = _same_dtype(rng, vals, x)
    return None if j is None else ([i, j], {"kind": kind})


def _apply_div(B, p, x, y=None):
    np_, lax = B.np, B.lax
    y = p["scalar"] if y is None else y
    kind = p["kind"]
    if kind in ("lax_div", "lax_rem"):  # lax takes arrays of one dtype
        y = np_.asarray(y, x.dtype) if np.ndim(y) == 0 and not hasattr(y, "dtype") else y
        y = np_.broadcast_to(y, x.shape) if tuple(np_.shape(y)) != tuple(x.shape) else y
        if tuple(x.shape) != tuple(np_.shape(y)):
            x = np_.broadcast_to(x, np_.shape(y))
        return (lax.div if kind == "lax_div" else lax.rem)(x, y)
    if kind == "op_floordiv":
        return x // y
    if kind == "op_mod":
        return x % y
    if kind.startswith("divmod"):
        return np_.divmod(x, y)[int(kind[-1])]
    return getattr(np_, kind)(x, y)


op("div_edge", numpy_ref=False)((_draw_div, _apply_div))


# ---------------------------------------------------------------------------------------------
# Shifts by weak Python ints: negative, at and past the bit width, past the dtype's range
# (JAX's OverflowError).

SHIFT_BY = [0, 1, 7, 8, 9, 15, 16, 31, 32, 33, -1, -8, 100, 127, 128, 255, 300]


def _draw_shift(rng, vals, i):
    x = vals[i]
    if not _is_int(x):
        return None
    return [i], {
        "kind": rng.choice(["left_shift", "right_shift", "<<", ">>", "rlshift"]),
        "c": rng.choice(SHIFT_BY),
    }


def _apply_shift(B, p, x):
    np_, c = B.np, p["c"]
    kind = p["kind"]
    if kind == "<<":
        return x << c
    if kind == ">>":
        return x >> c
    if kind == "rlshift":  # the Python int shifted by the array
        return np_.left_shift(c, np_.clip(x, 0, 40) if _is_int(x) else x)
    return getattr(np_, kind)(x, c)


op("shift_weak", numpy_ref=False)((_draw_shift, _apply_shift))


# ---------------------------------------------------------------------------------------------
# Reductions with where= and initial=.

WHERE_REDUCE = ["sum", "prod", "max", "min", "mean", "any", "all"]


def _draw_reduce_where(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    kind = rng.choice(WHERE_REDUCE)
    initial = rng.choice([None, 0, -1, 5]) if kind in ("sum", "prod", "max", "min") else None
    if kind in ("max", "min") and initial is None:
        initial = 0
    if str(x.dtype).startswith("u") and initial == -1:
        initial = 1
    if x.dtype == np.bool_ and kind not in ("any", "all", "sum", "max", "min"):
        return None
    if x.dtype == np.bool_ and initial is not None:
        initial = bool(initial)
    mask = rng.choice(["pos", "concrete", "none"])
    m = None
    if mask == "concrete":
        m = [rng.random() < 0.6 for _ in range(x.shape[-1])]  # broadcasts on the last axis
    return [i], {
        "kind": kind,
        "axis": _axes(rng, x),
        "keepdims": rng.random() < 0.3,
        "initial": initial,
        "mask": mask,
        "m": m,
    }


def _apply_reduce_where(B, p, x):
    np_ = B.np
    kind = p["kind"]
    if kind == "prod" and _is_float(x):
        x = np_.tanh(x) * 0.5 + 1.0
    kw = {"axis": _tuple(p["axis"]), "keepdims": p["keepdims"]}
    if p["mask"] == "pos":
        kw["where"] = x > 0
    elif p["mask"] == "concrete":
        kw["where"] = np.asarray(p["m"], bool)
    if p["initial"] is not None:
        kw["initial"] = p["initial"]
    return getattr(np_, kind)(x, **kw)


op("reduce_where")((_draw_reduce_where, _apply_reduce_where))


# ---------------------------------------------------------------------------------------------
# Boolean masks with concrete (NumPy) values; a traced mask is JAX's IndexError.


def _draw_mask(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    kind = rng.choice(["rows", "full", "set", "where", "rows", "full"] * 4 + ["traced"])
    shape = [x.shape[0]] if kind == "rows" else list(x.shape)
    m = np.asarray([rng.random() < 0.5 for _ in range(int(np.prod(shape)))]).reshape(shape)
    if not m.any():
        m.ravel()[0] = True
    return [i], {"kind": kind, "m": m.tolist()}


def _apply_mask(B, p, x):
    np_ = B.np
    m = np.asarray(p["m"], bool)
    kind = p["kind"]
    if kind in ("rows", "full"):
        return x[m]
    if kind == "set":
        if not B.jaxlike:
            out = np.array(x, copy=True)
            out[m] = 1
            return out
        return x.at[m].set(1)
    if kind == "where":
        return np_.where(m, x, np_.zeros_like(x))
    return x[x >= 0]  # traced: JAX's NonConcreteBooleanIndexError


op("bool_mask")((_draw_mask, _apply_mask))


# ---------------------------------------------------------------------------------------------
# Basic indexing: ints (negative), slices with negative steps, None, Ellipsis; and a traced
# scalar index (JAX clamps it, NumPy would raise: typed only).


def _draw_index(rng, vals, i):
    x = vals[i]
    if not x.ndim:
        return None
    items = []
    dims = list(x.shape)
    if rng.random() < 0.2:
        return [i], {"traced": rng.randint(-2 * dims[0], 2 * dims[0])}
    for n in dims[: rng.randint(1, len(dims))]:
        r = rng.random()
        if r < 0.3:
            items.append(["i", rng.randint(-n, n - 1)])
        elif r < 0.85:
            items.append(
                [
                    "s",
                    rng.choice([None, rng.randint(-n - 2, n + 2)]),
                    rng.choice([None, rng.randint(-n - 2, n + 2)]),
                    rng.choice([None, 1, 2, -1, -2, -3]),
                ]
            )
        else:
            items.append(["n"])
            items.append(["s", None, None, rng.choice([-1, 2])])
    if rng.random() < 0.2:
        items.insert(rng.randrange(len(items) + 1), ["e"])
    return [i], {"items": items}


def _index_item(item):
    if item[0] == "i":
        return item[1]
    if item[0] == "s":
        return slice(item[1], item[2], item[3])
    return None if item[0] == "n" else Ellipsis


def _apply_index(B, p, x):
    np_ = B.np
    if "traced" in p:
        n = x.shape[0]
        i = p["traced"]
        if not B.jaxlike:  # typing only (numpy_ref is off): NumPy raises out of bounds
            return x[min(max(i + n if i < 0 else i, 0), n - 1)]
        return x[(np_.sum(np_.zeros((2,), np_.int32)) + i).astype(np_.int32)]
    return x[tuple(_index_item(item) for item in p["items"])]


op("basic_index", numpy_ref=False)((_draw_index, _apply_index))


# ---------------------------------------------------------------------------------------------
# .at[slice] updates (negative steps) with every update kind.

AT_SLICE_KINDS = ["set", "add", "multiply", "min", "max", "divide", "power", "subtract"]


def _draw_at_slice(rng, vals, i):
    x = vals[i]
    if not x.ndim or x.dtype == np.bool_:
        return None
    n = x.shape[0]
    kind = rng.choice(AT_SLICE_KINDS)
    if kind in ("divide", "power") and not _is_float(x):
        kind = "add"
    sl = [
        rng.choice([None, rng.randint(-n, n)]),
        rng.choice([None, rng.randint(-n, n)]),
        rng.choice([None, 1, 2, -1, -2]),
    ]
    return [i], {"kind": kind, "slice": sl, "value": rng.choice([2, 3, 0])}


def _apply_at_slice(B, p, x):
    idx = slice(*p["slice"])
    v = p["value"]
    kind = p["kind"]
    if B.jaxlike:
        return getattr(x.at[idx], kind)(v)
    out = np.array(x, copy=True)
    fn = {
        "set": lambda a, b: np.broadcast_to(np.asarray(b, a.dtype), a.shape),
        "add": np.add,
        "multiply": np.multiply,
        "min": np.minimum,
        "max": np.maximum,
        "divide": np.divide,
        "power": np.power,
        "subtract": np.subtract,
    }[kind]
    out[idx] = fn(out[idx], np.asarray(v, out.dtype))
    return out


op("at_slice")((_draw_at_slice, _apply_at_slice))


# ---------------------------------------------------------------------------------------------
# jnp.linalg on well-conditioned matrices built from the value (x x^T + n I).

LINALG = [
    "det",
    "slogdet0",
    "slogdet1",
    "inv",
    "solve",
    "norm",
    "eigvalsh",
    "svdvals",
    "cholesky",
    "matrix_power",
    "trace",
    "qr_r",
    "pinv",
    "vector_norm",
]
NORM_ORDS = [None, "fro", 1, 2, np.inf, -np.inf, "nuc", -1]


def _draw_linalg(rng, vals, i):
    x = vals[i]
    if x.dtype != np.float32 or not x.ndim or x.shape[-1] > 8:
        return None
    kind = rng.choice(LINALG)
    if kind == "vector_norm":
        return [i], {
            "kind": kind,
            "ord": rng.choice([None, 1, 2, np.inf, 0, 3]),
            "axis": rng.randrange(-x.ndim, x.ndim),
        }
    if x.ndim < 2:
        return None
    p = {"kind": kind}
    if kind == "norm":
        p["ord"] = rng.choice(NORM_ORDS)
        p["ord"] = float(p["ord"]) if isinstance(p["ord"], float) else p["ord"]
    if kind == "matrix_power":
        p["n"] = rng.choice([-2, -1, 0, 1, 2, 3])
    if kind == "trace":
        p["offset"] = rng.randint(-1, 1)
    return [i], p


def _spd(B, x):
    np_ = B.np
    n = x.shape[-2]
    a = np_.matmul(x, np_.swapaxes(x, -1, -2)) / max(x.shape[-1], 1)
    return a + np_.eye(n, dtype=x.dtype) * 2.0


def _apply_linalg(B, p, x):
    np_ = B.np
    la = np_.linalg
    kind = p["kind"]
    if kind == "vector_norm":
        o = p["ord"]
        return la.norm(x, ord=o, axis=p["axis"])
    a = _spd(B, x)
    if kind == "det":
        return la.det(a)
    if kind.startswith("slogdet"):
        return la.slogdet(a)[int(kind[-1])]
    if kind == "inv":
        return la.inv(a)
    if kind == "solve":
        return la.solve(a, x[..., :1] if B.jaxlike else x[..., :1])
    if kind == "norm":
        return la.norm(a, ord=p["ord"], axis=(-2, -1))
    if kind == "eigvalsh":
        return la.eigvalsh(a)
    if kind == "svdvals":
        return la.svd(a, compute_uv=False)
    if kind == "cholesky":
        return la.cholesky(a)
    if kind == "matrix_power":
        return la.matrix_power(a, p["n"])
    if kind == "trace":
        return np_.trace(a, offset=p["offset"], axis1=-2, axis2=-1)
    if kind == "qr_r":  # R's signs are LAPACK's choice: compare magnitudes
        return np_.abs(la.qr(a)[1])
    return la.pinv(a)


op("linalg", numpy_ref=True)((_draw_linalg, _apply_linalg))


# ---------------------------------------------------------------------------------------------
# Constants made in the program, weak or strong: the result's dtype and weak type.

CONSTS = ["py", "asarray", "array_dtype", "jnp_scalar", "np_scalar", "full", "alone", "zeros"]


def _draw_weak_const(rng, vals, i):
    x = vals[i]
    c = rng.choice([2, -1, 0.5, 1.5, True, 3, 2**31, -(2**31) - 1])  # past int32: x64 is off
    if isinstance(c, float) and _is_int(x) and rng.random() < 0.5:
        c = 2
    return [i], {
        "how": rng.choice(CONSTS),
        "c": c,
        "fn": rng.choice(["add", "multiply", "where", "maximum", "rsub"]),
    }


def _apply_weak_const(B, p, x):
    np_, c, how = B.np, p["c"], p["how"]
    if how == "asarray":
        k = np_.asarray(c)
    elif how == "array_dtype":
        k = np_.array(c, dtype=x.dtype)
    elif how == "jnp_scalar":
        k = np_.float32(c) if isinstance(c, float) else np_.int32(c)
    elif how == "np_scalar":
        k = np.float32(c) if isinstance(c, float) else np.int32(c)
    elif how == "full":
        k = np_.full((), c)
    elif how == "zeros":
        return np_.zeros_like(x) + c
    else:
        k = c
    if how == "alone":
        return np_.asarray(c) * 2
    fn = p["fn"]
    if fn == "where":
        return np_.where(x > 0, x, k)
    if fn == "rsub":
        return k - x
    return getattr(np_, fn)(x, k)


op("weak_const")((_draw_weak_const, _apply_weak_const))


# ---------------------------------------------------------------------------------------------
# jnp.round / around / fix with decimals (negative decimals round integers to tens).


def _draw_round(rng, vals, i):
    x = vals[i]
    if x.dtype == np.bool_:
        return None
    return [i], {
        "kind": rng.choice(["round", "around", "trunc"]),
        "decimals": rng.choice([-1, 0, 1, 2]),
    }


def _apply_round(B, p, x):
    np_ = B.np
    if p["kind"] == "trunc":  # jnp.fix is gone from JAX 0.10
        return np_.trunc(x)
    if _is_float(x):
        x = x * 7.3
    return getattr(np_, p["kind"])(x, p["decimals"])


op("round_decimals", numpy_ref=False)((_draw_round, _apply_round))
