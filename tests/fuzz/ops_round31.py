"""Round 31: parameters of constructs the earlier rounds drew with fixed entries, and
transformations stacked on them:

- `r31_reduce`: jnp reductions with `where=` masks and `initial=`, keepdims, drawn axes
  (sum / prod / max / min / mean / var / nansum / any / all / argmax with keepdims);
- `r31_einsum`: jnp.einsum over two or three operands made from the value, drawn subscripts
  (repeated, broadcast `...`, contractions to a scalar), `optimize=` paths and `precision=`;
- `r31_window`: lax.reduce_window with add / max / min / mul and a generic computation, drawn
  window dimensions, strides, explicit padding, base and window dilation;
- `r31_sort`: lax.sort of two or three operands with `num_keys=` and `is_stable=` on a drawn
  dimension, keys with ties and NaN;
- `r31_cum`: cumulative ops with `reverse=` (lax.cumsum / cumprod / cummax / cummin /
  cumlogsumexp) and jnp.cumsum / cumprod / nancumsum with `dtype=`, on a drawn axis;
- `r31_segment`: jax.ops.segment_sum / max / min / prod with drawn segment ids (some out of
  range: dropped), `num_segments=`, `indices_are_sorted=` / `unique_indices=` when true;
- `r31_take`: jnp.take_along_axis and jnp.take with `mode=` (clip / fill with fill_value /
  promise_in_bounds) and out-of-range or negative indices;
- `r31_tree_ctrl`: lax.cond / switch on pytrees (dicts, tuples, None leaves) under vmap with a
  batched predicate, and under grad of that vmap;
- `r31_custom`: custom_jvp / custom_vjp functions under vmap of vmap (in_axes on either
  dimension), and grad inside the double vmap;
- `r31_remat`: jax.checkpoint with policies (dots_saveable, nothing_saveable,
  everything_saveable, save_only_these_names / save_any_names_but_these with checkpoint_name,
  dots_with_no_batch_dims_saveable), prevent_cse, grad and vmap of grad through it;
- `r31_scan`: scan with reverse= and unroll= over pytree xs under grad, and jvp of it;
- `r31_sample`: samplers under vmap of split keys (normal, uniform with bounds, bernoulli,
  categorical, gumbel, exponential, gamma, beta, truncated_normal, laplace, logistic, t,
  permutation, choice), per-example shapes;
- `r31_smap_grad`: grad of shard_map bodies with psum_scatter / all_to_all / ppermute / psum;
- `r31_explicit`: an Explicit mesh set with use_abstract_mesh: reshard to drawn specs, auto_axes
  of a reduction and a matmul with out_sharding, then replicated.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import importlib

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round27 import _mesh_of, _spec
from tests.fuzz.ops_round28 import _pspec, _zeros
from tests.fuzz.registry import op


def _f32(B, x):
    """x as float32, finite and bounded (tanh'd: smooth for derivatives)."""
    n = B.np
    return n.tanh(n.clip(n.nan_to_num(x.astype(n.float32)), -1e4, 1e4) / 4)


def _x64(B) -> bool:
    """jax_enable_x64 on (the NumPy backend says; JAX's and meshjit's default int tells)."""
    return B.x64 if hasattr(B, "x64") else str(B.np.asarray(1).dtype) == "int64"


def _shape_of(fn, *shapes):
    """The shape NumPy gives `fn` of zero float32 arrays of `shapes`."""
    return list(np.shape(fn(*[np.zeros(s, np.float32) for s in shapes])))


# ---------------------------------------------------------------------------------------------
# r31_reduce: reductions with where= / initial=

REDUCE_FNS = ["sum", "prod", "max", "min", "mean", "var", "nansum", "any", "all", "argmax"]


def _draw_reduce(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    fn = rng.choice(REDUCE_FNS)
    axis = rng.randrange(-x.ndim, x.ndim) if fn == "argmax" or rng.random() < 0.6 else None
    return [i], {
        "fn": fn,
        "axis": axis,
        "keepdims": rng.random() < 0.4,
        "where": rng.choice(["none", "pos", "pos", "all_false"]),
        "initial": rng.choice([None, -2.0, 0.5, 3.0]),
    }


def _reduce_out(p, shape, index):
    fn = p["fn"]
    red = getattr(np, fn)
    kw = {"axis": p["axis"], "keepdims": p["keepdims"]}
    out = _shape_of(lambda z: red(z, **kw), shape)
    return out, {"any": "bool", "all": "bool", "argmax": index}.get(fn, "float32")


def _apply_reduce(B, p, x):
    if not B.jaxlike:
        return _zeros(*_reduce_out(p, list(x.shape), "int64" if _x64(B) else "int32"))
    n = B.np
    v = _f32(B, x)
    fn, kw = p["fn"], {"axis": p["axis"], "keepdims": p["keepdims"]}
    if fn == "argmax":
        return n.argmax(v, **kw)
    if fn in ("any", "all"):
        v = v > 0
    if p["where"] != "none":
        mask = v > 0 if p["where"] == "pos" else n.zeros(v.shape, bool)
        if fn in ("any", "all"):
            mask = n.ones(v.shape, bool) if p["where"] == "all_false" else mask
        kw["where"] = mask
    if fn in ("sum", "prod", "max", "min", "nansum") and (
        p["initial"] is not None or (fn in ("max", "min") and "where" in kw)
    ):
        kw["initial"] = 0.5 if p["initial"] is None else p["initial"]
    return getattr(n, fn)(v, **kw)


op("r31_reduce", numpy_ref=False, grad_ok=False)((_draw_reduce, _apply_reduce))


# ---------------------------------------------------------------------------------------------
# r31_einsum: drawn subscripts and contraction paths

EINSUMS = {
    2: [
        "ij,jk->ik",
        "ij,ij->",
        "ij,kj->ikj",
        "ii->i",
        "ij->ji",
        "ij,j->i",
        "...j,kj->...k",
        "ij,jk,kl->il",
        "ij,ik,il->jkl",
        "ba,ca->bc",
    ],
    3: [
        "bij,bjk->bik",
        "bij,bkj->bik",
        "bii->bi",
        "...ij,...jk->...ik",
        "bij->",
        "bij,b->ij",
        "bij,bij,bij->b",
        "abc,cba->b",
    ],
}


def _draw_einsum(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim in (2, 3) and x.size > 0 and max(x.shape) <= 16):
        return None
    return [i], {
        "spec": rng.choice(EINSUMS[x.ndim]),
        "optimize": rng.choice([True, False, "greedy", "optimal"]),
        "precision": rng.choice([None, "highest"]),
    }


def _einsum_operands(n, spec, v):
    """The operands for `spec`, each made from v (transposed / squared / a row to fit)."""
    ins = spec.split("->")[0].split(",")
    ops = []
    for k, sub in enumerate(ins):
        letters = sub.replace("...", "")
        if sub in ("ii", "bii"):
            m = min(v.shape[-2:])
            u = v[..., :m, :m]
        elif len(letters) == 1 and "..." not in sub:
            u = v.reshape(-1)[: v.shape[0]] if sub == "b" else v[(0,) * (v.ndim - 1)]
        else:
            u = v
        ops.append(u * (k + 1))
    return ops


def _einsum_fit(spec, shape):
    """Whether the operands fit `spec` (contracted letters of one size), by NumPy."""
    try:
        _shape_of(lambda *z: np.einsum(spec, *_einsum_operands(np, spec, z[0])), shape)
    except ValueError:
        return False
    return True


def _apply_einsum(B, p, x):
    spec = p["spec"]
    if not _einsum_fit(spec, list(x.shape)):
        spec = "...->..."
    if not B.jaxlike:
        out = _shape_of(lambda z: np.einsum(spec, *_einsum_operands(np, spec, z)), x.shape)
        return _zeros(out, "float32")
    n = B.np
    v = _f32(B, x)
    kw = {"optimize": p["optimize"]}
    if p["precision"]:
        kw["precision"] = p["precision"]
    return n.einsum(spec, *_einsum_operands(n, spec, v), **kw)


op("r31_einsum", numpy_ref=False, grad_ok=True)((_draw_einsum, _apply_einsum))


# ---------------------------------------------------------------------------------------------
# r31_window: reduce_window's parameters

# (a computation other than lax.add / mul / max / min is not drawn: meshjit's reduce_window has
# no generic primitive with a jaxpr body yet and says so, a TypeError; fuzz seed 3100010)
WINDOW_OPS = ["add", "max", "min", "mul"]


def _draw_window(rng, vals, i):
    x = vals[i]
    if not (_num(x) and 1 <= x.ndim <= 3 and x.size > 0):
        return None
    dims = [rng.randint(1, min(3, d + 1)) if d else 1 for d in x.shape]
    return [i], {
        "op": rng.choice(WINDOW_OPS),
        "window": dims,
        "strides": [rng.choice([1, 1, 2, 3]) for _ in x.shape],
        "pad": [[rng.choice([0, 0, 1, 2]), rng.choice([0, 1])] for _ in x.shape],
        "base": [rng.choice([1, 1, 2]) for _ in x.shape],
        "wdil": [rng.choice([1, 1, 2]) for _ in x.shape],
    }


def _window_shape(p, shape):
    out = []
    for d, w, s, (lo, hi), b, wd in zip(
        shape, p["window"], p["strides"], p["pad"], p["base"], p["wdil"]
    ):
        padded = (d - 1) * b + 1 + lo + hi if d else lo + hi
        eff = (w - 1) * wd + 1
        out.append(max(0, (padded - eff) // s + 1) if padded >= eff else 0)
    return out


def _apply_window(B, p, x):
    if not B.jaxlike:
        return _zeros(_window_shape(p, list(x.shape)), "float32")
    n, lax = B.np, B.lax
    v = _f32(B, x)
    which = p["op"]
    init, comp = {
        "add": (0.0, lax.add),
        "max": (-np.inf, lax.max),
        "min": (np.inf, lax.min),
        "mul": (1.0, lax.mul),
    }[which]
    return lax.reduce_window(
        v,
        n.float32(init),
        comp,
        tuple(p["window"]),
        tuple(p["strides"]),
        [tuple(e) for e in p["pad"]],
        base_dilation=tuple(p["base"]),
        window_dilation=tuple(p["wdil"]),
    )


op("r31_window", numpy_ref=False, grad_ok=lambda p: p["op"] == "add" and set(p["base"]) == {1})(
    (_draw_window, _apply_window)
)


# ---------------------------------------------------------------------------------------------
# r31_sort: multi-operand sorts with num_keys


def _draw_sort(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    k = rng.choice([2, 3])
    keys = rng.randint(1, k)
    return [i], {
        "operands": k,
        "num_keys": keys,
        # (unstable only where every operand is a key: tied rows are then equal)
        "stable": keys < k or rng.random() < 0.5,
        "dim": rng.randrange(-x.ndim, x.ndim),
        "nan": rng.random() < 0.3,
    }


def _apply_sort(B, p, x):
    size = int(np.prod(x.shape))
    if not B.jaxlike:
        return _zeros([p["operands"] * size], "float32")
    n, lax = B.np, B.lax
    v = _f32(B, x)
    first = n.round(v * 3)  # ties
    if p["nan"]:
        first = n.where(v > 0.2, n.nan, first)
    second = (n.arange(size, dtype=n.int32).reshape(x.shape) % 3).astype(n.int32)
    third = -v
    ops = (first, second, third)[: p["operands"]]
    out = lax.sort(ops, dimension=p["dim"], is_stable=p["stable"], num_keys=p["num_keys"])
    return n.concatenate([n.ravel(o).astype(n.float32) for o in out])


op("r31_sort", numpy_ref=False, grad_ok=False)((_draw_sort, _apply_sort))


# ---------------------------------------------------------------------------------------------
# r31_cum: cumulative ops with reverse=

CUM_FNS = [
    "lax.cumsum",
    "lax.cumprod",
    "lax.cummax",
    "lax.cummin",
    "lax.cumlogsumexp",
    "jnp.cumsum",
    "jnp.cumprod",
    "jnp.nancumsum",
]


def _draw_cum(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1):
        return None
    return [i], {
        "fn": rng.choice(CUM_FNS),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "reverse": rng.random() < 0.5,
        "nan": rng.random() < 0.2,
    }


def _apply_cum(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, lax = B.np, B.lax
    v = _f32(B, x)
    if p["nan"]:
        v = n.where(v > 0.3, n.nan, v)
    space, name = p["fn"].split(".")
    if space == "lax":
        return getattr(lax, name)(v, axis=p["axis"] % x.ndim, reverse=p["reverse"])
    v = n.flip(v, p["axis"]) if p["reverse"] else v
    out = getattr(n, name)(v, axis=p["axis"], dtype=n.float32)
    return n.flip(out, p["axis"]) if p["reverse"] else out


op("r31_cum", numpy_ref=False, grad_ok=lambda p: not p["nan"] and "cum" in p["fn"])(
    (_draw_cum, _apply_cum)
)


# ---------------------------------------------------------------------------------------------
# r31_segment: segment reductions

SEGMENT_FNS = ["segment_sum", "segment_max", "segment_min", "segment_prod"]


def _draw_segment(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.shape[0] > 0):
        return None
    k = rng.randint(1, 5)
    ids = [rng.randint(-1, k) for _ in range(x.shape[0])]
    if rng.random() < 0.5:
        ids = sorted(ids)
    return [i], {"fn": rng.choice(SEGMENT_FNS), "ids": ids, "k": k, "flags": rng.random() < 0.5}


def _apply_segment(B, p, x):
    if not B.jaxlike:
        return _zeros([p["k"]] + list(x.shape[1:]), "float32")
    n = B.np
    v = _f32(B, x)
    ids = p["ids"]
    kw = {"num_segments": p["k"]}
    if p["flags"]:
        kw["indices_are_sorted"] = ids == sorted(ids)
        in_range = all(0 <= j < p["k"] for j in ids)
        kw["unique_indices"] = len(set(ids)) == len(ids) and in_range
    out = getattr(B.api.ops, p["fn"])(v, n.asarray(np.asarray(ids, np.int32)), **kw)
    return n.where(n.isfinite(out), out, -7.0)  # (an empty max / min segment: -inf / inf)


op("r31_segment", numpy_ref=False, grad_ok=lambda p: p["fn"] == "segment_sum")(
    (_draw_segment, _apply_segment)
)


# ---------------------------------------------------------------------------------------------
# r31_take: take_along_axis / take with modes

TAKE_MODES = [None, "clip", "fill", "promise_in_bounds"]


def _draw_take(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    mode = rng.choice(TAKE_MODES)
    axis = rng.randrange(-x.ndim, x.ndim)
    d = x.shape[axis]
    oob = mode in ("clip", "fill")
    lo, hi = (-d - 2, d + 2) if oob else (-d, d - 1)
    k = rng.randint(1, 4)
    return [i], {
        "fn": rng.choice(["along", "along", "take"]),
        "mode": mode,
        "axis": axis,
        "idx": [rng.randint(lo, hi) for _ in range(k)],
        "fill": rng.choice([None, -3.0]),
    }


def _take_shape(p, shape):
    ax = p["axis"] % len(shape)
    k = len(p["idx"])
    if p["fn"] == "take":
        return shape[:ax] + [k] + shape[ax + 1 :]
    return shape[:ax] + [k] + shape[ax + 1 :]


def _apply_take(B, p, x):
    shape = list(x.shape)
    if not B.jaxlike:
        return _zeros(_take_shape(p, shape), "float32")
    n = B.np
    v = _f32(B, x)
    ax = p["axis"] % x.ndim
    idx = np.asarray(p["idx"], np.int32)
    kw = {"mode": p["mode"]}
    if p["mode"] == "fill" and p["fill"] is not None:
        kw["fill_value"] = p["fill"]
    if p["fn"] == "take":
        return n.take(v, n.asarray(idx), axis=ax, **kw)
    full = [1] * x.ndim
    full[ax] = len(idx)
    ind = np.broadcast_to(idx.reshape(full), _take_shape(p, shape))
    return n.take_along_axis(v, n.asarray(np.ascontiguousarray(ind)), axis=ax, **kw)


op("r31_take", numpy_ref=False, grad_ok=lambda p: p["mode"] != "promise_in_bounds")(
    (_draw_take, _apply_take)
)


# ---------------------------------------------------------------------------------------------
# r31_tree_ctrl: cond / switch on pytrees under vmap and grad


def _draw_tree_ctrl(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(["cond", "switch"]),
        "how": rng.choice(["vmap", "grad_vmap", "vmap_grad"]),
        "axis": rng.randrange(-x.ndim, x.ndim),
    }


def _apply_tree_ctrl(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, lax, api = B.np, B.lax, B.api
    v = _f32(B, x)
    ax = p["axis"] % x.ndim

    def branch(k):
        def f(t):
            a, (b, c) = t["a"], t["bc"]
            return {"out": a * (k + 1) + n.sin(b) * c, "none": None, "pair": (a * b, c - k)}

        return f

    def row(r):
        tree = {"a": r, "bc": (r * 0.5, n.cos(r))}
        if p["kind"] == "cond":
            out = lax.cond(n.sum(r) > 0, branch(0), branch(1), tree)
        else:
            k = (n.sum(r > 0) % 4).astype(n.int32) - 1  # -1 and 3: clamped
            out = lax.switch(k, [branch(0), branch(1), branch(2)], tree)
        return out["out"] + out["pair"][0] * out["pair"][1]

    scalar = lambda r: n.sum(row(r) ** 2)  # noqa: E731
    if p["how"] == "vmap":
        return B.vmap(row, in_axes=ax, out_axes=ax)(v)
    if p["how"] == "grad_vmap":
        return api.grad(lambda u: n.sum(B.vmap(row, in_axes=ax, out_axes=ax)(u) ** 2))(v)
    return B.vmap(api.grad(scalar), in_axes=ax, out_axes=ax)(v)


op("r31_tree_ctrl", numpy_ref=False, grad_ok=False, vmap_ok=False)(
    (_draw_tree_ctrl, _apply_tree_ctrl)
)


# ---------------------------------------------------------------------------------------------
# r31_custom: custom_jvp / custom_vjp under vmap of vmap


def _draw_custom(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 2 and x.size > 0):
        return None
    return [i], {
        "rule": rng.choice(["jvp", "vjp"]),
        "how": rng.choice(["value", "grad_inside", "jvp_outside", "grad_outside"]),
        "axes": rng.choice([[0, 0], [1, 0], [0, 1], [-1, 0]]),
    }


def _customs(B):
    n, api = B.np, B.api

    @api.custom_jvp
    def soft(u):
        return n.log1p(n.exp(u)) * 0.5

    soft.defjvp(lambda pr, tg: (soft(pr[0]), tg[0] * 0.5 / (1 + n.exp(-pr[0]))))

    @api.custom_vjp
    def clipped(u):
        return n.sin(u) * u

    clipped.defvjp(
        lambda u: (clipped(u), (n.cos(u), u)),
        lambda res, g: (n.clip(g * (res[0] * res[1] + n.sin(res[1])), -1.0, 1.0),),
    )
    return soft, clipped


def _custom_shape(p, shape):
    a0 = p["axes"][0] % len(shape)
    rest = shape[:a0] + shape[a0 + 1 :]
    a1 = p["axes"][1] % len(rest)
    inner = rest[:a1] + rest[a1 + 1 :]
    return [shape[a0], rest[a1]] + inner


def _apply_custom(B, p, x):
    if not B.jaxlike:
        return _zeros(_custom_shape(p, list(x.shape)), "float32")
    n, api = B.np, B.api
    v = _f32(B, x)
    soft, clipped = _customs(B)
    f = soft if p["rule"] == "jvp" else clipped
    a0, a1 = p["axes"][0] % x.ndim, p["axes"][1] % (x.ndim - 1)
    vv = lambda g: B.vmap(B.vmap(g, in_axes=a1), in_axes=a0)  # noqa: E731
    how = p["how"]
    if how == "value":
        return vv(lambda r: f(r) * 2)(v)
    if how == "grad_inside":
        return vv(api.grad(lambda r: n.sum(f(r))))(v)
    if how == "jvp_outside":
        g = vv(lambda r: f(r) + r)
        return api.jvp(g, (v,), (n.cos(v),))[1]
    out = api.grad(lambda u: n.sum(vv(f)(u) ** 2))(v)
    return vv(lambda r: r)(out)


op("r31_custom", numpy_ref=False, grad_ok=False, vmap_ok=False)((_draw_custom, _apply_custom))


# ---------------------------------------------------------------------------------------------
# r31_remat: checkpoint policies under grad

POLICIES = [
    "dots_saveable",
    "nothing_saveable",
    "everything_saveable",
    "save_only_these_names",
    "save_any_names_but_these",
    "dots_with_no_batch_dims_saveable",
    None,
]


def _draw_remat(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0 and x.shape[-1] <= 16):
        return None
    return [i], {
        "policy": rng.choice(POLICIES),
        "cse": rng.random() < 0.5,
        "how": rng.choice(["grad", "vmap_grad", "value"]),
    }


def _apply_remat(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, api = B.np, B.api
    v = _f32(B, x)
    name = importlib.import_module(api.__name__ + ".ad_checkpoint").checkpoint_name
    d = x.shape[-1]
    w = (n.arange(d * d, dtype=n.float32).reshape(d, d) % 5 - 2) / 4

    def body(u):
        h = name(n.tanh(u @ w), "h")
        g = name(n.sin(h) * u, "g")
        return g @ w.T + h

    pol = p["policy"]
    kw = {"prevent_cse": p["cse"]}
    if pol in ("save_only_these_names", "save_any_names_but_these"):
        kw["policy"] = getattr(api.checkpoint_policies, pol)("h")
    elif pol is not None:
        kw["policy"] = getattr(api.checkpoint_policies, pol)
    f = api.checkpoint(body, **kw)
    loss = lambda u: n.sum(f(u) ** 2)  # noqa: E731
    if p["how"] == "value":
        return f(v)
    if p["how"] == "grad" or x.ndim < 2:
        return api.grad(loss)(v)
    return B.vmap(api.grad(loss))(v)


op("r31_remat", numpy_ref=False, grad_ok=False)((_draw_remat, _apply_remat))


# ---------------------------------------------------------------------------------------------
# r31_scan: scan with reverse / unroll under grad and jvp


def _draw_scan(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "reverse": rng.random() < 0.5,
        "unroll": rng.choice([1, 2, 3, True, False]),
        "how": rng.choice(["grad", "jvp", "value"]),
        "c": rng.choice([0.5, -1.5, 2.0]),
    }


def _apply_scan(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, lax, api = B.np, B.lax, B.api
    v = _f32(B, x)
    c = p["c"]

    def run(u):
        xs = {"a": u, "b": (n.cos(u), None)}

        def body(carry, e):
            h, k = carry
            h = n.tanh(h * c + e["a"] * e["b"][0])
            return (h, k + 1), h * k.astype(h.dtype)

        (h, _), ys = lax.scan(
            body, (u[0] * 0, n.int32(0)), xs, reverse=p["reverse"], unroll=p["unroll"]
        )
        return ys + h

    if p["how"] == "value":
        return run(v)
    if p["how"] == "jvp":
        return api.jvp(run, (v,), (n.sin(v),))[1]
    return api.grad(lambda u: n.sum(run(u) ** 2))(v)


op("r31_scan", numpy_ref=False, grad_ok=False)((_draw_scan, _apply_scan))


# ---------------------------------------------------------------------------------------------
# r31_sample: samplers under vmap of split keys

SAMPLERS = [
    "normal",
    "uniform",
    "bernoulli",
    "categorical",
    "gumbel",
    "exponential",
    "gamma",
    "beta",
    "truncated_normal",
    "laplace",
    "logistic",
    "t",
    "permutation",
    "choice",
]


def _draw_sample(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "sampler": rng.choice(SAMPLERS),
        "n": rng.randint(1, 4),
        "shape": rng.choice([[], [3], [2, 2]]),
        "impl": rng.choice(["threefry2x32", "threefry2x32", "rbg"]),
    }


def _sample_shape(p):
    s = p["sampler"]
    if s == "categorical":
        return [p["n"]] + p["shape"]
    if s in ("permutation", "choice"):
        return [p["n"], 5]
    return [p["n"]] + p["shape"]


def _apply_sample(B, p, x):
    if not B.jaxlike:
        return _zeros(_sample_shape(p), "float32")
    n, r = B.np, B.random
    seed = n.sum(x > 0).astype(n.int32)
    keys = r.split(r.key(seed, impl=p["impl"]), p["n"])
    s, shape = p["sampler"], tuple(p["shape"])

    def one(k):
        if s == "uniform":
            return r.uniform(k, shape, minval=-2.0, maxval=3.0)
        if s == "bernoulli":
            return r.bernoulli(k, 0.3, shape).astype(n.float32)
        if s == "categorical":
            return r.categorical(k, n.log(n.arange(1.0, 5.0)), shape=shape).astype(n.float32)
        if s == "gamma":
            return r.gamma(k, 1.5, shape)
        if s == "beta":
            return r.beta(k, 2.0, 3.0, shape)
        if s == "truncated_normal":
            return r.truncated_normal(k, -1.0, 0.5, shape)
        if s == "t":
            return r.t(k, 4.0, shape)
        if s == "permutation":
            return r.permutation(k, 5).astype(n.float32)
        if s == "choice":
            return r.choice(k, 7, (5,), replace=False).astype(n.float32)
        return getattr(r, s)(k, shape)

    return B.vmap(one)(keys).astype(n.float32)  # (float64 under x64)


op("r31_sample", numpy_ref=False, grad_ok=False, vmap_ok=False)((_draw_sample, _apply_sample))


# ---------------------------------------------------------------------------------------------
# r31_smap_grad: grad of shard_map bodies with collectives


def _draw_smap_grad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(["psum_scatter", "all_to_all", "ppermute", "psum"]),
        "axis": rng.choice(["a", "b", "c"]),
        "shift": rng.choice([1, -1]),
    }


def _smap_axis(B, p, x):
    names = list(B.mesh.shape)
    a = p["axis"] if p["axis"] in names else names[0]
    size = B.mesh.shape[a]
    return (a, size) if x.shape[0] % (size * size) == 0 else None


def _apply_smap_grad(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, lax, api = B.np, B.lax, B.api
    v = _f32(B, x)
    fit = _smap_axis(B, p, x)
    if fit is None:
        return api.grad(lambda u: n.sum(n.sin(u) ** 2))(v)
    a, size = fit
    kind = p["kind"]

    def body(u):
        if kind == "psum_scatter":
            w = lax.psum_scatter(n.sin(u), a, scatter_dimension=0, tiled=True)
            return n.concatenate([w] * size) * u
        if kind == "all_to_all":
            return lax.all_to_all(n.sin(u) * u, a, 0, 0, tiled=True)
        if kind == "ppermute":
            perm = [(j, (j + p["shift"]) % size) for j in range(size)]
            return lax.ppermute(n.sin(u), a, perm=perm) * u
        return lax.psum(n.sin(u), a) * u

    f = B.shard_map(body, mesh=B.mesh, in_specs=(B.P(a),), out_specs=B.P(a), axis_names={a})
    return api.grad(lambda u: n.sum(f(u) ** 2))(v)


op("r31_smap_grad", numpy_ref=False, vmap_ok=False, grad_ok=False)(
    (_draw_smap_grad, _apply_smap_grad)
)


# ---------------------------------------------------------------------------------------------
# r31_explicit: reshard / auto_axes on an Explicit mesh set inside the program


def _draw_explicit(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim == 2 and x.size > 0):
        return None
    mesh = _mesh_of(rng)
    return [i], {
        "spec": _spec(rng, x.shape, mesh, even=True),
        "out": rng.choice(["a", "b", "c", None]),
        "kind": rng.choice(["auto_sum", "auto_matmul", "reshard_chain"]),
    }


def _fit_spec(B, spec, shape):
    out = []
    used = set()
    for e, d in zip(spec, shape):
        axes = [e] if isinstance(e, str) else list(e or [])
        axes = [a for a in axes if a in B.mesh.shape and a not in used]
        if d % int(np.prod([B.mesh.shape[a] for a in axes] or [1])):
            axes = []
        used.update(axes)
        out.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return out


def _explicit_shape(p, shape):
    if p["kind"] == "auto_sum":
        return [shape[0]]
    if p["kind"] == "auto_matmul":
        return [shape[0], shape[0]]
    return list(shape)


def _apply_explicit(B, p, x):
    if not B.jaxlike:
        return _zeros(_explicit_shape(p, list(x.shape)), "float32")
    n, api = B.np, B.api
    S = api.sharding
    explicit = S.AbstractMesh(
        tuple(B.mesh.shape.values()),
        tuple(B.mesh.shape),
        axis_types=(S.AxisType.Explicit,) * len(B.mesh.shape),
    )
    v0 = _f32(B, x)
    out_axis = p["out"] if p["out"] in B.mesh.shape else None
    with S.use_abstract_mesh(explicit):
        v = S.reshard(v0, _pspec(B, _fit_spec(B, p["spec"], x.shape)))
        if p["kind"] == "auto_sum":
            o = None if out_axis is None or x.shape[0] % B.mesh.shape[out_axis] else out_axis
            out = S.auto_axes(lambda u: n.sum(u * 2, axis=1), out_sharding=B.P(o))(v)
        elif p["kind"] == "auto_matmul":
            o = None if out_axis is None or x.shape[0] % B.mesh.shape[out_axis] else out_axis
            out = S.auto_axes(lambda u: u @ u.T, out_sharding=B.P(o, None))(v)
        else:
            w = S.reshard(n.sin(v), _pspec(B, _fit_spec(B, p["spec"][::-1], x.shape)))
            out = w * v + 1
        out = S.reshard(out, B.P())
    # back on the program's mesh of Auto axes: JAX's grad of a later shard_map over a value still
    # typed on the Explicit mesh fails its cotangent check ("Expected cotangent type float32[8]
    # but got float32[8]"; fuzz seed 3100004), meshjit's runs
    return S.reshard(out, B.NamedSharding(B.mesh, B.P()))


op("r31_explicit", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_explicit, _apply_explicit))
