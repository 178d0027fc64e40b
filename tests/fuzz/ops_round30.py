"""Round 30: constructs real programs use that the earlier rounds did not draw (ops whose
parameters are drawn, where earlier rounds held fixed entries):

- `r30_index`: drawn index expressions (ints, slices with negative steps and out-of-range
  bounds, None, Ellipsis, integer arrays broadcast against each other, constant boolean masks,
  advanced indices split by slices) read with `x[idx]` or `.at[idx].get(mode=)`, and updated with
  `.at[idx].set / add / mul / min / max` with `mode=`, `unique_indices=` and
  `indices_are_sorted=` (true when they are);
- `r30_promote`: a binary operator or ufunc between the value and a weak Python scalar, a NumPy
  scalar or an array of a drawn dtype, either side (x64 too: 64-bit NumPy scalars), with
  shifts past the width, integer division and remainder by negatives and zero;
- `r30_cast`: float -> int / bool casts of NaN, inf and out-of-range values, lax.div / rem /
  jnp.fmod / floor_divide / remainder signs, lax shifts by drawn amounts (past the width,
  negative), bfloat16 / float16 arithmetic chains and reductions;
- `r30_ad`: derivatives of pytree functions: jacfwd / jacrev with dict inputs and argnums
  tuples, hessian, vmap of grad with has_aux, jvp / linearize / vjp with tuple and dict primals
  and cotangents, jvp of vjp, grad of grad, grad of a vmapped scan;
- `r30_ctrl`: vmap of cond / switch with batched predicates and pytree operands, vmap of a while
  loop with a batched predicate and a tuple carry (and its jvp), scan with only a length, with
  reverse= and unroll=, vmap of scan with an unbatched carry, grad of a vmapped cond;
- `r30_custom`: custom_jvp / custom_vjp with nondiff_argnums (a function, an int), defjvps,
  None cotangents, under grad / jvp / vmap / hessian; custom_vmap rules;
- `r30_mesh`: a mesh with Explicit (and Auto) axes set with `use_abstract_mesh` inside the
  program: `out_sharding=` given as a bare PartitionSpec (zeros / full / einsum / matmul /
  reshape), `reshard` to a bare spec, `typeof(..).sharding.spec` as numbers;
- `r30_smap`: shard_map over some mesh axes only (axis_names=) with psum_scatter / all_to_all /
  ppermute / axis_index on them and a constraint on the others inside; shard_maps nested over
  two axes;
- `r30_keys`: key implementations (threefry2x32, rbg, unsafe_rbg) through random.key /
  wrap_key_data, typed keys passed to an inner jit and mapped over by vmap.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round27 import _even, _mesh_of, _spec
from tests.fuzz.ops_round28 import _pspec, _zeros
from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import _is_int, op


def _f32(B, x):
    """x as float32, finite and bounded."""
    n = B.np
    return n.clip(n.nan_to_num(x.astype(n.float32)), -1e4, 1e4)


def _x64(B) -> bool:
    """jax_enable_x64 on (the NumPy backend says; JAX's and meshjit's default int tells)."""
    return B.x64 if hasattr(B, "x64") else str(B.np.asarray(1).dtype) == "int64"


def _flat_cat(B, parts):
    """The parts (any shapes) as one float32 vector."""
    n = B.np
    return n.concatenate([n.ravel(n.asarray(q)).astype(n.float32) for q in parts])


# ---------------------------------------------------------------------------------------------
# r30_index: drawn index expressions, read and updated

INDEX_HOW = ["get", "get", "at_get", "set", "add", "mul", "min", "max"]
INDEX_MODES = [None, "clip", "drop", "fill", "promise_in_bounds"]


def _draw_item(rng, d, oob):
    r = rng.random()
    if r < 0.25:
        return {"t": "int", "v": rng.randrange(-d, d)}
    if r < 0.6:

        def bound():
            return None if rng.random() < 0.4 else rng.randint(-d - 2, d + 2)

        return {"t": "slice", "v": [bound(), bound(), rng.choice([None, 1, 2, -1, -2, 3, -3])]}
    if r < 0.85:
        k = rng.randint(1, 4)
        lo, hi = (-d - 2, d + 2) if oob else (-d, d - 1)
        shape = [k] if rng.random() < 0.8 else [k, 1]
        return {"t": "arr", "v": [rng.randint(lo, hi) for _ in range(k)], "shape": shape}
    return {"t": "mask", "v": [rng.random() < 0.5 for _ in range(d)]}


def _draw_index(rng, vals, i):
    x = vals[i]
    if not (_num(x) or str(x.dtype) == "bool") or x.ndim < 1 or x.size == 0:
        return None
    how = rng.choice(INDEX_HOW)
    if how in ("add", "mul", "min", "max") and not _num(x):
        how = "set"
    mode = None if how == "get" else rng.choice(INDEX_MODES)
    oob = mode in ("clip", "drop", "fill") and rng.random() < 0.5
    items, dim = [], 0
    ellipsis = False
    while dim < x.ndim and len(items) < x.ndim + 2 and rng.random() < 0.85:
        r = rng.random()
        if r < 0.1:
            items.append({"t": "none"})
            continue
        if r < 0.18 and not ellipsis:
            ellipsis = True
            items.append({"t": "ell"})
            dim = max(dim, x.ndim - rng.randint(0, x.ndim - dim))
            continue
        item = _draw_item(rng, x.shape[dim], oob)
        items.append(item)
        dim += 1
    if not items:
        items = [_draw_item(rng, x.shape[0], oob)]
    return [i], {
        "items": items,
        "how": how,
        "mode": mode,
        "update": rng.choice(["scalar", "array", "array"]),
        "flags": rng.random() < 0.5,
    }


def _index(n, p, x):
    """The index tuple for x (arrays as n's int32 arrays, masks as NumPy bool constants)."""
    out = []
    for it in p["items"]:
        t = it["t"]
        if t == "int":
            out.append(it["v"])
        elif t == "slice":
            out.append(slice(*it["v"]))
        elif t == "none":
            out.append(None)
        elif t == "ell":
            out.append(Ellipsis)
        elif t == "arr":
            out.append(n.asarray(np.asarray(it["v"], np.int32).reshape(it["shape"])))
        else:
            out.append(np.asarray(it["v"], bool))
    return tuple(out)


def _item_dims(items, ndim):
    """Per item, the dim of x it indexes (None for None / Ellipsis)."""
    k = sum(it["t"] not in ("none", "ell") for it in items)
    dims, d = [], 0
    for it in items:
        if it["t"] in ("none", "ell"):
            d += ndim - k if it["t"] == "ell" else 0
            dims.append(None)
            continue
        dims.append(d)
        d += 1
    return dims


def _clipped(p, shape):
    """p's items with the array entries clipped into x's bounds (NumPy's stand-in shapes)."""
    dims = _item_dims(p["items"], len(shape))
    out = []
    for it, d in zip(p["items"], dims):
        if it["t"] == "arr":
            size = shape[d]
            it = dict(it, v=[int(np.clip(v, -size, size - 1)) for v in it["v"]])
        out.append(it)
    return dict(p, items=out)


def _flags(p, shape):
    """(unique_indices, indices_are_sorted) true only when they are: one 1-D index array, the
    other items slices (step 1 or None)."""
    if not p["flags"]:
        return False, False
    arrays = [it for it in p["items"] if it["t"] == "arr"]
    others = [it for it in p["items"] if it["t"] not in ("arr", "slice")]
    if len(arrays) != 1 or others or len(arrays[0]["shape"]) != 1:
        return False, False
    if any(it["t"] == "slice" and it["v"][2] not in (None, 1) for it in p["items"]):
        return False, False
    d = _item_dims(p["items"], len(shape))[p["items"].index(arrays[0])]
    vals = [v + shape[d] if v < 0 else v for v in arrays[0]["v"]]
    if any(v < 0 or v >= shape[d] for v in vals):
        return False, False
    return len(set(vals)) == len(vals), vals == sorted(vals)


def _update(B, p, x, shape):
    n = B.np
    if p["update"] == "scalar":
        return True if str(x.dtype) == "bool" else 3
    size = int(np.prod(shape))
    u = (n.arange(size, dtype=n.int32) % 5 - 2).reshape(shape)
    return u > 0 if str(x.dtype) == "bool" else u.astype(x.dtype)


def _apply_index(B, p, x):
    how = p["how"]
    if not B.jaxlike:  # (an index NumPy refuses is drawn again)
        got = np.zeros(x.shape, x.dtype)[_index(np, _clipped(p, x.shape), x)]
        return _zeros(got.shape if how in ("get", "at_get") else x.shape, x.dtype)
    n = B.np
    idx = _index(n, p, x)
    if how == "get":
        return x[idx]
    ref = x.at[idx]
    if how == "at_get":
        return ref.get(mode=p["mode"])
    shape = ref.get(mode="fill").shape  # (the framework's error for a bad index, not NumPy's)
    unique, ordered = _flags(p, x.shape)
    kw = {"mode": p["mode"]}
    if unique or ordered:
        kw.update(unique_indices=unique, indices_are_sorted=ordered)
    return getattr(ref, how)(_update(B, p, x, shape), **kw)


op("r30_index", numpy_ref=False, grad_ok=lambda p: p["how"] != "mul")((_draw_index, _apply_index))


# ---------------------------------------------------------------------------------------------
# r30_promote: binary operators across weak scalars, NumPy scalars and arrays of other dtypes

PROMOTE_OPS = [
    "add",
    "subtract",
    "multiply",
    "true_divide",
    "floor_divide",
    "remainder",
    "power",
    "maximum",
    "minimum",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "left_shift",
    "right_shift",
    "greater",
    "equal",
    "where",
    "arctan2",
    "hypot",
    "fmax",
]
OTHER_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bool"]
OTHER_DTYPES += ["float16", "bfloat16", "float32"]
OTHER_DTYPES_X64 = OTHER_DTYPES + ["int64", "uint64", "float64"]
INTS_ONLY = ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift")
FLOATS_ONLY = ("arctan2", "hypot")


def _draw_promote(rng, vals, i):
    x = vals[i]
    if not (_num(x) or str(x.dtype) == "bool") or x.size == 0:
        return None
    other = rng.choice(["py_int", "py_int", "py_float", "py_bool", "np_scalar", "arr"])
    return [i], {
        "op": rng.choice(PROMOTE_OPS),
        "other": other,
        "odtype": rng.choice(OTHER_DTYPES_X64),
        "c": rng.choice([2, 3, -1, 0, 7, 8, 9, 33]) if other != "py_float" else 0.5,
        "left": rng.random() < 0.7,
    }


_FL = ("bfloat16", "float16", "float32", "float64")


def _result_dtype(a: str, b: str, x64: bool) -> str:
    """JAX's promotion of two strong dtypes (NumPy scalars canonicalized with x64 off)."""
    if not x64:
        a, b = (
            {"float64": "float32", "int64": "int32", "uint64": "uint32"}.get(t, t) for t in (a, b)
        )
    if a == b:
        return a
    if a == "bool" or b == "bool":
        return b if a == "bool" else a
    fa, fb = a in _FL, b in _FL
    if fa and fb:
        return "float64" if "float64" in (a, b) else "float32"
    if fa or fb:
        return a if fa else b
    t = str(np.promote_types(a, b))
    if t == "float64":  # (u)int64 with uint64: JAX's float
        return "float64" if x64 else "float32"
    return t if x64 else {"int64": "int32", "uint64": "uint32"}.get(t, t)


def _promote_types(B, p, x):
    """(the type of x's partner, whether it is a weak Python scalar)."""
    dt = str(x.dtype)
    other = p["other"]
    default_int = "int64" if _x64(B) else "int32"
    default_float = "float64" if _x64(B) else "float32"
    if other == "py_int":
        return (default_int if dt == "bool" else dt), True
    if other == "py_float":
        return (dt if dt in _FL else default_float), True
    if other == "py_bool":
        return dt, True
    return p["odtype"], False


def _partner(B, p, x):
    n = B.np
    other, c = p["other"], p["c"]
    if other == "py_int":
        return int(c)
    if other == "py_float":
        return 0.5
    if other == "py_bool":
        return True
    dt = p["odtype"]
    if other == "np_scalar":
        return np.asarray(1 if dt == "bool" else abs(c) if dt.startswith("u") else c).astype(dt)[()]
    return n.flip(x).astype(_np_dtype(dt) if not B.jaxlike else getattr(n, dt))


def _promote_dtype(B, p, x) -> str:
    t, weak = _promote_types(B, p, x)
    dt = str(x.dtype)
    if weak:
        return t
    return _result_dtype(dt, t, _x64(B))


def _promote_ok(p, t):
    if p["op"] in INTS_ONLY:
        return t not in _FL and not (t == "bool" and "shift" in p["op"])
    if p["op"] in FLOATS_ONLY:
        return t in _FL
    return True


def _promote_result(B, p, x):
    t = _promote_dtype(B, p, x)
    if p["op"] in ("greater", "equal"):
        return "bool"
    if p["op"] == "true_divide" and t not in _FL:
        return "float64" if _x64(B) else "float32"
    if p["op"] in ("subtract", "power", "floor_divide", "remainder") and t == "bool":
        return None  # (JAX's TypeError, as NumPy's: not drawn)
    return t


def _apply_promote(B, p, x):
    t = _promote_result(B, p, x)
    if t is None or not _promote_ok(p, _promote_dtype(B, p, x)):
        raise TypeError("not drawn")  # (the generator draws again)
    if not B.jaxlike:
        return _zeros(x.shape, t)
    n = B.np
    y = _partner(B, p, x)
    a, b = (x, y) if p["left"] else (y, x)
    kind = p["op"]
    if kind == "where":
        return n.where(x > 0 if str(x.dtype) != "bool" else x, a, b)
    if kind == "power" and _promote_dtype(B, p, x) not in _FL:
        b = n.abs(b) % 4 if not isinstance(b, (int, bool)) else abs(int(b)) % 4
    return getattr(n, kind)(a, b)


op("r30_promote", numpy_ref=False, grad_ok=False)((_draw_promote, _apply_promote))


# ---------------------------------------------------------------------------------------------
# r30_cast: casts of NaN / inf / out-of-range floats, integer division signs, shifts, low
# precision chains

CASTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bool"]
CAST_KINDS = ["cast", "div", "rem", "fmod", "floor_divide", "remainder", "divmod", "shift"]
CAST_KINDS += ["lowp_chain", "lowp_reduce", "lowp_dot"]
SHIFTS = ["shift_left", "shift_right_arithmetic", "shift_right_logical"]


def _draw_cast(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(CAST_KINDS)
    if kind == "lowp_dot" and x.ndim != 2:
        return None
    return [i], {
        "kind": kind,
        "to": rng.choice(CASTS + ["int64", "uint64"]),
        "scale": rng.choice([1.0, 1e3, 1e10, -300.5]),
        "plant": rng.choice(["nan", "inf", "-inf", "big", "none"]),
        "shift": rng.choice(["data", 7, 8, 15, 31, 32, 33, -1, 64]),
        "shift_op": rng.choice(SHIFTS),
        "lowp": rng.choice(["bfloat16", "float16"]),
        "axis": rng.randrange(-x.ndim, x.ndim),
    }


def _int_operands(B, x):
    """(a, b): x as an integer value of its own type (floats: int32) and a divisor with mixed
    signs (never zero)."""
    n = B.np
    a = (
        x
        if _is_int(x)
        else n.clip(n.nan_to_num(x.astype(n.float32)) * 7, -100, 100).astype(n.int32)
    )
    b = n.flip(a)
    signed = not str(a.dtype).startswith("u")
    b = n.where(b == 0, n.asarray(3, a.dtype), b)
    if signed:
        b = n.where(b % 2 == 0, -b, b)
    return a, b


def _cast_shape(B, p, x):
    kind, dt = p["kind"], str(x.dtype)
    if kind == "cast":
        return list(x.shape), p["to"]
    it = dt if _is_int(x) else "int32"
    if kind in ("div", "rem", "fmod", "floor_divide", "remainder"):
        return list(x.shape), it
    if kind == "divmod":
        return [2] + list(x.shape), it
    if kind == "shift":
        return list(x.shape), it
    if kind == "lowp_reduce":
        ax = p["axis"] % x.ndim
        return list(x.shape[:ax]) + list(x.shape[ax + 1 :]), "float32"
    if kind == "lowp_dot":
        return [x.shape[0], x.shape[0]], p["lowp"]
    return list(x.shape), p["lowp"]


def _apply_cast(B, p, x):
    if not B.jaxlike:
        shape, dtype = _cast_shape(B, p, x)
        return _zeros(shape, dtype)
    n, lax = B.np, B.lax
    kind = p["kind"]
    if kind == "cast":
        v = x.astype(n.float32) * p["scale"]
        k = n.arange(v.size).reshape(v.shape) % 3 == 1
        plant = {"nan": n.nan, "inf": n.inf, "-inf": -n.inf, "big": 3e9, "none": None}[p["plant"]]
        if plant is not None:
            v = n.where(k, n.float32(plant), v)
        return v.astype(getattr(n, p["to"]))
    if kind in ("div", "rem", "fmod", "floor_divide", "remainder", "divmod"):
        a, b = _int_operands(B, x)
        if kind in ("div", "rem"):
            return getattr(lax, kind)(a, b)
        if kind == "divmod":
            return n.stack(n.divmod(a, b))
        return getattr(n, kind)(a, b)
    if kind == "shift":
        a, _ = _int_operands(B, x)
        s = p["shift"]
        if s == "data":
            amount = (n.abs(n.flip(a)) % 40).astype(a.dtype)
        else:
            unsigned = str(a.dtype).startswith("u")
            amount = n.full_like(a, np.iinfo(str(a.dtype)).max if s < 0 and unsigned else s)
        return getattr(lax, p["shift_op"])(a, amount)
    lp = getattr(n, p["lowp"])
    v = n.tanh(_f32(B, x)).astype(lp) * lp(3)
    if kind == "lowp_chain":
        return (v * v + lp(1.5)) / lp(7) - n.exp(v) * lp(0.25)
    if kind == "lowp_reduce":
        return n.mean(v, axis=p["axis"], dtype=n.float32) + n.sum(v, axis=p["axis"]).astype(
            n.float32
        )
    return v @ v.T


op("r30_cast", numpy_ref=False, grad_ok=False)((_draw_cast, _apply_cast))


# ---------------------------------------------------------------------------------------------
# r30_ad: derivatives of pytree functions

AD_KINDS = [
    "jacfwd_dict",
    "jacrev_argnums",
    "hessian",
    "vmap_grad_aux",
    "jvp_pytree",
    "linearize_pytree",
    "vjp_dict",
    "jvp_of_vjp",
    "grad_grad",
    "grad_vmap_scan",
    "jacfwd_jacrev",
    "value_and_grad_pytree",
]


def _draw_ad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(AD_KINDS)
    if kind in ("vmap_grad_aux", "grad_vmap_scan") and x.ndim < 2:
        return None
    return [i], {
        "kind": kind,
        "c": rng.choice([0.5, -1.0, 2.0]),
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True) if rng.random() < 0.5 else None,
        "in_axis": rng.randrange(-x.ndim, x.ndim),
    }


def _small(v, k=4):
    return v.reshape(-1)[: min(k, v.size)]


def _ad_shape(p, shape):
    kind = p["kind"]
    size = int(np.prod(shape))
    k = min(4, size)
    if kind == "jacfwd_dict":
        return [2 * k * k]
    if kind == "jacrev_argnums":
        return [2 * k * k]
    if kind in ("hessian", "jacfwd_jacrev"):
        return [k, k]
    if kind == "vmap_grad_aux":
        return [size + shape[p["in_axis"] % len(shape)]]
    if kind in ("jvp_pytree", "linearize_pytree"):
        return [3 * size]
    if kind in ("vjp_dict", "value_and_grad_pytree"):
        return [2 * size + (1 if kind == "value_and_grad_pytree" else 0)]
    if kind == "jvp_of_vjp":
        return [2 * size]
    return list(shape)  # grad_grad, grad_vmap_scan


def _apply_ad(B, p, x):
    if not B.jaxlike:
        return _zeros(_ad_shape(p, list(x.shape)), "float32")
    n, api, c = B.np, B.api, p["c"]
    v = n.tanh(_f32(B, x))
    if p["spec"] is not None and B.jaxlike:
        spec = _even(B, p["spec"], list(v.shape))
        v = B.wsc(v, B.NamedSharding(B.mesh, _pspec(B, spec)))
    kind = p["kind"]
    if kind == "jacfwd_dict":
        s = _small(v)
        jac = api.jacfwd(lambda d: {"p": n.sin(d["a"]) * d["b"], "q": d["a"] * c})(
            {"a": s, "b": s * 0.5 + 1}
        )
        return _flat_cat(B, [jac["p"]["a"], jac["q"]["b"] + jac["p"]["b"]])
    if kind == "jacrev_argnums":
        s = _small(v)
        ja, jb = api.jacrev(lambda a, b: n.cos(a) * b + a * c, argnums=(0, 1))(s, s + 0.5)
        return _flat_cat(B, [ja, jb])
    if kind == "hessian":
        return api.hessian(lambda u: n.sum(n.sin(u) * u * u) + c * n.prod(n.cos(u)))(_small(v))
    if kind == "jacfwd_jacrev":
        f = lambda u: n.sum(n.exp(u * c * 0.3) * n.roll(u, 1))  # noqa: E731
        return api.jacfwd(api.jacrev(f))(_small(v))
    if kind == "vmap_grad_aux":

        def loss(r):
            return n.sum(n.sin(r) * r) * c, n.max(r)

        g, aux = B.vmap(api.grad(loss, has_aux=True), in_axes=p["in_axis"])(v)
        return _flat_cat(B, [g, aux])
    if kind == "jvp_pytree":
        f = lambda t: (t[0] * n.sin(t[1]), {"z": t[1] * c + t[0]})  # noqa: E731
        out, tan = api.jvp(f, ((v, v * 0.5),), ((n.ones_like(v), v),))
        return _flat_cat(B, [out[0], tan[0], tan[1]["z"]])
    if kind == "linearize_pytree":
        f = lambda a, b: {"s": n.sin(a) * b, "t": a * b * c}  # noqa: E731
        out, lin = api.linearize(f, v, v + 1)
        t1 = lin(n.ones_like(v), v)
        return _flat_cat(B, [out["s"], t1["s"], t1["t"] + lin(v, v)["t"]])
    if kind == "vjp_dict":
        f = lambda d: {"y": n.sin(d["u"]) * d["w"], "z": d["u"] * c}  # noqa: E731
        out, pull = api.vjp(f, {"u": v, "w": v * 0.5 + 1})
        (ct,) = pull({"y": n.ones_like(v), "z": out["y"]})
        return _flat_cat(B, [ct["u"], ct["w"]])
    if kind == "jvp_of_vjp":

        def g(u):
            _, pull = api.vjp(lambda a: n.sin(a) * a * c, u)
            return pull(n.cos(u))[0]

        out, tan = api.jvp(g, (v,), (n.ones_like(v),))
        return _flat_cat(B, [out, tan])
    if kind == "value_and_grad_pytree":
        f = lambda d: n.sum(d["a"] * n.cos(d["b"][0])) * c  # noqa: E731
        val, grads = api.value_and_grad(f)({"a": v, "b": (v * 2,)})
        return _flat_cat(B, [n.reshape(val, (1,)), grads["a"], grads["b"][0]])
    if kind == "grad_grad":
        g2 = api.grad(api.grad(lambda s: n.sin(s) * s * s * c))
        return B.vmap(g2)(v.reshape(-1)).reshape(v.shape)
    ax = p["in_axis"] % v.ndim  # grad_vmap_scan

    def row(r):
        return B.lax.scan(lambda h, e: (n.tanh(h * c + e), h * e), 0.0, r.reshape(-1))[1]

    def loss(u):
        return n.sum(B.vmap(row, in_axes=ax)(u) ** 2)

    return api.grad(loss)(v)


op("r30_ad", numpy_ref=False, grad_ok=False)((_draw_ad, _apply_ad))


# ---------------------------------------------------------------------------------------------
# r30_ctrl: control flow under vmap with batched predicates, scans' keywords

CTRL_KINDS = [
    "vmap_cond_pytree",
    "vmap_switch",
    "vmap_while",
    "jvp_vmap_while",
    "scan_length",
    "scan_reverse_unroll",
    "vmap_scan_unbatched_carry",
    "grad_vmap_cond",
    "vmap_fori_batched",
]


def _draw_ctrl(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(CTRL_KINDS)
    if kind == "vmap_scan_unbatched_carry" and x.ndim < 2:
        return None
    return [i], {
        "kind": kind,
        "in_axis": rng.randrange(-x.ndim, x.ndim),
        "out_axis": rng.choice([0, -1]),
        "length": rng.choice([0, 1, 3]),
        "unroll": rng.choice([1, 2, 3, True, False]),
        "reverse": rng.random() < 0.6,
        "c": rng.choice([0.5, -1.0, 2.0]),
    }


def _ctrl_shape(p, shape):
    kind, ax = p["kind"], p["in_axis"] % len(shape)
    if kind == "scan_length":
        return [p["length"]] + list(shape)
    if kind in ("vmap_cond_pytree", "vmap_switch", "vmap_while", "vmap_fori_batched"):
        rest = shape[:ax] + shape[ax + 1 :]
        oa = p["out_axis"] % (len(rest) + 1)
        row = list(rest[:oa]) + [shape[ax]] + list(rest[oa:])
        return [2] + row
    if kind == "jvp_vmap_while":
        return [2] + list(shape)
    if kind == "vmap_scan_unbatched_carry":
        return list(shape)
    return list(shape)


def _apply_ctrl(B, p, x):
    if not B.jaxlike:
        return _zeros(_ctrl_shape(p, list(x.shape)), "float32")
    n, lax, api = B.np, B.lax, B.api
    v = n.tanh(_f32(B, x))
    kind, ax, oa, c = p["kind"], p["in_axis"] % x.ndim, p["out_axis"], p["c"]

    def cond_row(r):
        pred = n.sum(r) > 0
        a, b = lax.cond(
            pred, lambda t: (t[0] * 2, t[1] - 1), lambda t: (t[1], t[0] * c), (r, r + 1)
        )
        return a, b

    def switch_row(r):
        k = (n.sum(r > 0) % 4).astype(n.int32) - 1  # -1 and 3: clamped
        fs = [lambda t: (t["u"] * 2, t["u"]), lambda t: (n.sin(t["u"]), t["u"] * c)]
        fs.append(lambda t: (t["u"] - 1, n.cos(t["u"])))
        return lax.switch(k, fs, {"u": r})

    def while_row(r):
        def body(s):
            i, h, m = s
            return i + 1, h * 0.5 + r, n.maximum(m, n.max(h))

        i, h, m = lax.while_loop(
            lambda s: (s[0] < 5) & (n.sum(s[1]) < 3.0), body, (n.int32(0), r, n.float32(-9))
        )
        return h + i.astype(n.float32), h * 0 + m

    def fori_row(r):
        hi = (n.sum(r > 0) % 4).astype(n.int32)
        return lax.fori_loop(0, hi, lambda i, h: (h[0] * c + 1, h[1] + i), (r, r * 0))

    rows = {"vmap_cond_pytree": cond_row, "vmap_switch": switch_row, "vmap_while": while_row}
    rows["vmap_fori_batched"] = fori_row
    if kind in rows:
        a, b = B.vmap(rows[kind], in_axes=ax, out_axes=oa)(v)
        return n.stack([a, b])
    if kind == "jvp_vmap_while":
        f = lambda u: n.stack(B.vmap(while_row, in_axes=ax, out_axes=ax)(u))[0]  # noqa: E731
        out, tan = api.jvp(f, (v,), (n.cos(v),))
        return n.stack([out, tan])
    if kind == "scan_length":
        return lax.scan(lambda h, _: (n.sin(h) * c + 0.1, h), v, None, length=p["length"])[1]
    if kind == "scan_reverse_unroll":
        xs = {"a": v, "b": n.cos(v)}

        def body(h, e):
            h = h * 0.5 + e["a"] * e["b"]
            return h, h * c

        return lax.scan(body, v[0] * 0, xs, reverse=p["reverse"], unroll=p["unroll"])[1]
    if kind == "vmap_scan_unbatched_carry":

        def scan_row(h0, r):
            return lax.scan(lambda h, e: (h + e * c, h * e), h0, r)[1]

        mv = n.moveaxis(v, ax, 0)
        init = n.zeros(mv.shape[2:], n.float32)
        out = B.vmap(scan_row, in_axes=(None, 0))(init, mv)
        return n.moveaxis(out, 0, ax)
    # grad_vmap_cond
    return api.grad(lambda u: n.sum(n.stack(B.vmap(cond_row, in_axes=ax)(u)) ** 2))(v)


op("r30_ctrl", numpy_ref=False, grad_ok=False)((_draw_ctrl, _apply_ctrl))


# ---------------------------------------------------------------------------------------------
# r30_custom: custom derivative rules with nondiff_argnums, defjvps, custom_vmap

CUSTOM_KINDS = [
    "jvp_nondiff_fn",
    "vjp_nondiff_int",
    "defjvps",
    "vjp_none_ct",
    "jvp_hessian",
    "custom_vmap",
    "vjp_vmap_grad",
]
CUSTOM_HOW = ["grad", "jvp", "vmap", "value"]


def _draw_custom(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(CUSTOM_KINDS),
        "how": rng.choice(CUSTOM_HOW),
        "k": rng.choice([1, 2, 3]),
        "c": rng.choice([0.5, -1.0, 2.0]),
    }


def _customs(B, p):
    """The custom functions of kind p["kind"]: (f, takes) where f(u) is a float vector."""
    api, n, c, k = B.api, B.np, p["c"], p["k"]
    kind = p["kind"]
    if kind == "jvp_nondiff_fn":

        def f(fn, u):
            return fn(u) * u

        f = api.custom_jvp(f, nondiff_argnums=(0,))

        @f.defjvp
        def f_jvp(fn, primals, tangents):
            (u,), (t,) = primals, tangents
            return f(fn, u), (fn(u) + c) * t

        return lambda u: f(n.sin, u)
    if kind == "vjp_nondiff_int":

        def g(u, m):
            return u**m * c

        g = api.custom_vjp(g, nondiff_argnums=(1,))
        g.defvjp(lambda u, m: (g(u, m), u), lambda m, res, ct: (ct * m * res ** (m - 1) * c * 2,))
        return lambda u: g(u, k)
    if kind == "defjvps":
        h = api.custom_jvp(lambda a, b: n.sin(a) * b)
        h.defjvps(lambda t, ans, a, b: n.cos(a) * b * t, lambda t, ans, a, b: c * t)
        return lambda u: h(u, u + 1)
    if kind == "vjp_none_ct":
        q = api.custom_vjp(lambda a, b: a * b + b)
        q.defvjp(lambda a, b: (q(a, b), a), lambda res, ct: (None, ct * res * c))
        return lambda u: q(u, n.cos(u))
    if kind == "jvp_hessian":
        s = api.custom_jvp(lambda u: n.sin(u) * u)
        s.defjvps(lambda t, ans, u: (n.cos(u) * u + n.sin(u) * c) * t)
        return s
    if kind == "custom_vmap":
        cv = __import__(api.__name__ + ".custom_batching", fromlist=["x"]).custom_vmap

        @cv
        def m(u):
            return n.sin(u) * c

        @m.def_vmap
        def m_rule(axis_size, in_batched, u):
            return n.cos(u) * c + axis_size, in_batched[0]

        return m
    w = api.custom_vjp(lambda u: n.exp(u * 0.3))  # vjp_vmap_grad
    w.defvjp(lambda u: (w(u), u), lambda r, ct: (ct * r * c,))
    return w


def _apply_custom(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, api = B.np, B.api
    v = n.tanh(_f32(B, x))
    f = _customs(B, p)
    how = p["how"]
    if p["kind"] == "jvp_hessian":
        flat = v.reshape(-1)
        d = api.hessian(lambda u: n.sum(f(u) * n.roll(u, 1)))(flat)
        return n.diagonal(d).reshape(v.shape)
    if p["kind"] == "custom_vmap" and how in ("grad", "jvp"):
        how = "vmap"  # (custom_vmap has no derivative rule of its own)
    if how == "grad":
        return api.grad(lambda u: n.sum(f(u)))(v)
    if how == "jvp":
        return api.jvp(f, (v,), (n.cos(v),))[1]
    if how == "vmap":
        if p["kind"] == "vjp_vmap_grad":
            return B.vmap(api.grad(lambda r: n.sum(f(r))))(v)
        return B.vmap(f)(v)
    return f(v)


op("r30_custom", numpy_ref=False, grad_ok=False)((_draw_custom, _apply_custom))


# ---------------------------------------------------------------------------------------------
# r30_mesh: an Explicit mesh set inside the program with use_abstract_mesh, bare specs

MESH_KINDS = [
    "zeros_out",
    "full_out",
    "einsum_out",
    "matmul_out",
    "reshape_out",
    "reshard_P",
    "typeof",
    "mixed_auto",
]


def _draw_mesh(rng, vals, i):
    x = vals[i]
    if not (_num(x) and 1 <= x.ndim <= 3 and x.size > 0):
        return None
    kind = rng.choice(MESH_KINDS)
    if kind in ("einsum_out", "matmul_out") and x.ndim != 2:
        return None
    mesh = _mesh_of(rng)
    return [i], {
        "kind": kind,
        "spec": _spec(rng, x.shape, mesh, even=True),
        "out": _spec(rng, x.shape, mesh, even=True),
        "auto": rng.choice(list(mesh)),
    }


def _mesh_shape(p, shape, dtype):
    kind = p["kind"]
    if kind in ("einsum_out", "matmul_out"):
        return [shape[0], shape[0]], dtype
    if kind == "reshape_out":
        return [int(np.prod(shape))], dtype
    if kind == "typeof":
        return [len(shape)], "int32"
    return shape, dtype


def _apply_mesh(B, p, x):
    if not B.jaxlike:
        shape, dtype = _mesh_shape(p, list(x.shape), str(x.dtype))
        return _zeros(shape, dtype)
    api, n = B.api, B.np
    S = api.sharding
    names = tuple(B.mesh.axis_names)
    types = [S.AxisType.Explicit] * len(names)
    if p["kind"] == "mixed_auto" and p["auto"] in names and len(names) > 1:
        types[names.index(p["auto"])] = S.AxisType.Auto
    mesh = S.Mesh(B.mesh.devices, names, axis_types=tuple(types))
    explicit = {a for a, t in zip(names, types) if t == S.AxisType.Explicit}

    def spec_of(s, shape, only=None):
        s = _even(B, s, list(shape))
        s = [e if only is None or not e else [a for a in _axes(e) if a in only] or None for e in s]
        return _pspec(B, s)

    kind = p["kind"]
    with S.use_abstract_mesh(mesh.abstract_mesh):
        v = S.reshard(x, spec_of(p["spec"], x.shape, explicit))
        mine = spec_of(p["spec"], x.shape, explicit)
        if kind == "zeros_out":
            z = n.zeros(v.shape, v.dtype, out_sharding=spec_of(p["out"], v.shape, explicit))
            out = S.reshard(z + 1, mine) + v
        elif kind == "full_out":
            f = n.full(v.shape, 2, v.dtype, out_sharding=spec_of(p["out"], v.shape, explicit))
            out = S.reshard(f * f, mine) * v
        elif kind == "einsum_out":
            o = spec_of(p["out"][:1] + [None], (v.shape[0],) * 2, explicit)
            out = n.einsum("ij,kj->ik", v, v, out_sharding=o)
        elif kind == "matmul_out":
            o = spec_of([None] + p["out"][:1], (v.shape[0],) * 2, explicit)
            out = n.matmul(v, v.T, out_sharding=o)
        elif kind == "reshape_out":
            first = next((a for a in _axes(p["out"][0]) if a in explicit), None)
            if first is not None and v.size % B.mesh.shape[first]:
                first = None
            out = n.reshape(
                S.reshard(v, _pspec(B, [None] * v.ndim)), (-1,), out_sharding=B.P(first)
            )
        elif kind == "typeof":
            spec = tuple(api.typeof(n.sin(v.astype(n.float32)) * 2).sharding.spec)
            spec = spec + (None,) * (v.ndim - len(spec))
            return n.asarray([sum(1 << names.index(a) for a in _axes(e)) for e in spec], n.int32)
        else:  # reshard_P, mixed_auto
            out = S.reshard(v * 2, spec_of(p["out"], v.shape, explicit)) + 1
        out = S.reshard(out, B.P())
    return out


def _axes(e):
    return [] if e is None else [e] if isinstance(e, str) else list(e)


op(
    "r30_mesh",
    numpy_ref=False,
    vmap_ok=False,
    grad_ok=lambda p: p["kind"] in ("reshard_P", "mixed_auto", "einsum_out"),
)((_draw_mesh, _apply_mesh))


# ---------------------------------------------------------------------------------------------
# r30_smap: shard_map over some axes (axis_names=), collectives on them; nested shard_maps

SMAP_KINDS = ["psum_scatter", "all_to_all", "ppermute", "axis_index", "psum", "nested"]


def _draw_smap(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(SMAP_KINDS),
        "manual": rng.choice(["a", "b", "c"]),
        "inner": rng.choice(["a", "b", "c"]),
        "shift": rng.choice([1, -1, 3]),
        "constrain": rng.random() < 0.5,
        "float": rng.random() < 0.7,
    }


def _smap_axes(B, p, x):
    """(manual axis, inner axis or None, its size, the inner size) fitted to the mesh and x."""
    names = list(B.mesh.shape)
    a = p["manual"] if p["manual"] in names else names[0]
    size = B.mesh.shape[a]
    if x.shape[0] % size:
        return None
    b = p["inner"] if p["inner"] in names and p["inner"] != a else None
    if p["kind"] == "nested" and (b is None or (x.shape[0] // size) % B.mesh.shape[b]):
        return a, None, size, 1
    return a, b, size, (B.mesh.shape[b] if b else 1)


def _smap_dtype(p, x):
    return "float32" if p["float"] or not _is_int(x) else str(x.dtype)


def _apply_smap(B, p, x):
    fit = _smap_axes(B, p, x)
    dt = _smap_dtype(p, x)
    if not B.jaxlike:
        if fit and p["kind"] == "psum_scatter" and (x.shape[0] // fit[2]) % fit[2] == 0:
            return _zeros([x.shape[0] // fit[2]] + list(x.shape[1:]), dt)
        return _zeros(x.shape, dt)
    lax = B.lax
    v = _f32(B, x) if dt == "float32" else x
    if fit is None:
        return v
    a, b, size, inner = fit
    rest = [e for e in B.mesh.shape if e != a]
    kind = p["kind"]

    def body(u):
        if p["constrain"] and rest and u.ndim > 1:
            r = rest[0]
            if u.shape[1] % B.mesh.shape[r] == 0:
                u = B.wsc(u, B.P(None, r))  # (an auto axis)
        if kind == "psum_scatter":
            if u.shape[0] % size:
                return lax.psum(u, a)
            return lax.psum_scatter(u, a, scatter_dimension=0, tiled=True)
        if kind == "all_to_all":
            if u.shape[0] % size:
                return u * 2
            return lax.all_to_all(u, a, 0, 0, tiled=True)
        if kind == "ppermute":
            return lax.ppermute(u, a, perm=[(j, (j + p["shift"]) % size) for j in range(size)])
        if kind == "axis_index":
            return u + lax.axis_index(a).astype(u.dtype)
        if kind == "nested" and b is not None:
            inner_f = B.shard_map(
                lambda w: lax.psum(w, b) + lax.axis_index(b).astype(w.dtype),
                in_specs=(B.P(b),),
                out_specs=B.P(b),
                axis_names={b},
            )
            return inner_f(u) + lax.axis_index(a).astype(u.dtype)
        return lax.psum(u, a) - u

    f = B.shard_map(body, mesh=B.mesh, in_specs=(B.P(a),), out_specs=B.P(a), axis_names={a})
    return f(v)


op("r30_smap", numpy_ref=False, vmap_ok=False, grad_ok=lambda p: p["kind"] != "axis_index")(
    (_draw_smap, _apply_smap)
)


# ---------------------------------------------------------------------------------------------
# r30_keys: key implementations, typed keys through an inner jit and vmap

KEY_IMPLS = ["threefry2x32", "rbg", "unsafe_rbg"]
KEYS30 = ["impl_key", "wrap_impl", "inner_jit", "vmap_keys", "impl_split_data"]


def _draw_keys(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(KEYS30),
        "impl": rng.choice(KEY_IMPLS),
        "sampler": rng.choice(["normal", "uniform", "bits", "randint"]),
    }


def _keys_shape(p, shape):
    if p["kind"] == "impl_split_data":
        return [3, 4 if p["impl"] != "threefry2x32" else 2], "uint32"
    return list(shape), {"bits": "uint32", "randint": "int32"}.get(p["sampler"], "float32")


def _sample30(B, p, key, shape):
    r = B.random
    s = p["sampler"]
    if s == "bits":
        return r.bits(key, shape)
    if s == "randint":
        return r.randint(key, shape, -5, 50)
    return getattr(r, s)(key, shape)


def _apply_keys(B, p, x):
    if not B.jaxlike:
        shape, dtype = _keys_shape(p, list(x.shape))
        return _zeros(shape, dtype)
    n, r = B.np, B.random
    seed = n.sum(x > 0).astype(n.int32)
    key = r.key(seed, impl=p["impl"])
    kind, shape = p["kind"], tuple(x.shape)
    if kind == "impl_key":
        return _sample30(B, p, key, shape)
    if kind == "wrap_impl":
        data = r.key_data(r.split(key, 2)[1])
        return _sample30(B, p, r.wrap_key_data(data, impl=p["impl"]), shape)
    if kind == "inner_jit":
        g = B.api.jit(lambda k, u: _sample30(B, p, r.fold_in(k, 5), u.shape))
        return g(key, x)
    if kind == "vmap_keys":
        keys = r.split(key, shape[0])
        return B.vmap(lambda k: _sample30(B, p, k, shape[1:]))(keys)
    return r.key_data(r.split(key, 3))


op("r30_keys", numpy_ref=False, grad_ok=False)((_draw_keys, _apply_keys))
