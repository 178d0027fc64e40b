"""Round 35: transform / op combinations the earlier rounds drew with fixed parameters:

- `r35_vmap_shard`: vmap of shard_map, of constrained bodies and of jitted sharded functions
  with in_axes 1 / -1 / tuples with None, out_axes 0 / 1 / -1 / None;
- `r35_scan_grad`: grad and vjp through lax.scan with unroll= (1, 2, True), reverse=, xs and
  ys, a checkpointed body and a pytree carry;
- `r35_intdiv`: integer //, %, lax.div / lax.rem, fmod, divmod, remainder on int8 / int16 /
  int32 / uint8 / uint32 corners (min, max, -1, 0 divisors) and weak Python scalars;
- `r35_window`: lax.reduce_window with add / max / min / mul / a lambda, explicit pads, strides,
  base and window dilation, on float32 / int32 / bfloat16; lax.cum* along drawn axes, reverse;
- `r35_sort_multi`: lax.sort with two or three operands, num_keys 1 / 2, is_stable, a drawn
  dimension, on ties, NaN and -0.0; lax.sort_key_val; lexsort along an axis;
- `r35_rng`: samplers under vmap over split keys of the threefry2x32 / rbg / unsafe_rbg
  implementations, fold_in under vmap, key_data, bits, permutation, choice;
- `r35_linalg_batched`: jnp.linalg inv / det / slogdet / solve / eigh / svd / qr / cholesky /
  pinv / lstsq / norm / matrix_power on batched stacks, the batch dim constrained to a mesh axis;
- `r35_weak`: weak-typed results (Python scalars through jnp / lax ops, where / clip / full_like
  / arange / power) returned as they are: their dtype and weak type are compared too;
- `r35_explicit`: jnp ops on values of an Explicit mesh sharded on a drawn spec (reductions,
  cumulative ops, sort, matmul, einsum, argmax, concatenate, .at[].set, take, var).

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round27 import _even, _mesh_of, _spec
from tests.fuzz.ops_round28 import _pspec, _zeros
from tests.fuzz.ops_round31 import _f32, _x64
from tests.fuzz.ops_round34 import _explicit_mesh, _vector
from tests.fuzz.registry import op


def _mat2(x):
    return _num(x) and x.ndim == 2 and x.size > 0


# ---------------------------------------------------------------------------------------------
# r35_vmap_shard

VMAP_KINDS = ["smap", "wsc", "jit_shard", "tuple_none", "out_none", "nested_axes"]


def _draw_vmap_shard(rng, vals, i):
    x = vals[i]
    if not _mat2(x):
        return None
    return [i], {
        "kind": rng.choice(VMAP_KINDS),
        "in_axis": rng.choice([0, 1, -1]),
        "out_axis": rng.choice([0, 1, -1]),
        "axis": rng.choice(["a", "b", "c"]),
    }


def _vmap_shard_shape(p, shape):
    d0, d1 = shape
    ia, oa = p["in_axis"] % 2, p["out_axis"] % 2
    n_map, n_row = (d0, d1) if ia == 0 else (d1, d0)
    if p["kind"] == "out_none":
        return [n_map + n_row]
    return [n_map, n_row] if oa == 0 else [n_row, n_map]


def _apply_vmap_shard(B, p, x):
    if not B.jaxlike:
        return _zeros(_vmap_shard_shape(p, list(x.shape)), "float32")
    api, n, lax = B.api, B.np, B.lax
    v = _f32(B, x)
    ia, oa, kind = p["in_axis"], p["out_axis"], p["kind"]
    n_row = x.shape[1 - ia % 2]
    a = p["axis"] if p["axis"] in B.mesh.shape else B.mesh.axis_names[0]
    size = B.mesh.shape[a]
    even = n_row % size == 0
    if kind == "smap" and even:

        def body(r):
            return r * 2 + lax.psum(r.sum(), a)

        f = B.shard_map(body, mesh=B.mesh, in_specs=B.P(a), out_specs=B.P(a))
        return api.vmap(f, in_axes=ia, out_axes=oa)(v)
    if kind == "wsc" and even:

        def body(r):
            r = B.wsc(n.cos(r), B.NamedSharding(B.mesh, B.P(a)))
            return n.cumsum(r) - r.max()

        return api.vmap(body, in_axes=ia, out_axes=oa)(v)
    if kind == "jit_shard" and even:
        s = B.NamedSharding(B.mesh, B.P(a))
        g = api.jit(lambda r: n.sort(r) * n.sum(r), out_shardings=s)
        return api.vmap(g, in_axes=ia, out_axes=oa)(v)
    if kind == "tuple_none":

        def h(r, c, w):
            return r * c + w[: r.shape[0]].sum()

        return api.vmap(h, in_axes=(ia, None, None), out_axes=oa)(v, n.float32(1.5), v.ravel())
    if kind == "out_none":

        def k(r):
            return r * 3, n.arange(r.shape[0], dtype=n.float32)

        ys, c = api.vmap(k, in_axes=ia, out_axes=(0, None))(v)
        return n.concatenate([ys.sum(axis=1), c])
    inner = api.vmap(lambda s: n.sin(s) + s.sum(), in_axes=0)
    w = v.reshape(v.shape + (1,))
    out = api.vmap(inner, in_axes=ia % 2, out_axes=oa)(w)
    return out.reshape(tuple(_vmap_shard_shape(p, list(x.shape))))


op("r35_vmap_shard", numpy_ref=False, vmap_ok=True, grad_ok=False)(
    (_draw_vmap_shard, _apply_vmap_shard)
)


# ---------------------------------------------------------------------------------------------
# r35_scan_grad


def _draw_scan_grad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0 and x.shape[0] <= 8):
        return None
    return [i], {
        "unroll": rng.choice([1, 2, 3, True, False]),
        "reverse": rng.random() < 0.5,
        "body": rng.choice(["plain", "remat", "pytree", "ys_only"]),
        "how": rng.choice(["grad", "vjp", "jvp"]),
    }


def _apply_scan_grad(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    api, n, lax = B.api, B.np, B.lax
    v = _f32(B, x)
    kind = p["body"]

    def body(c, row):
        if kind == "pytree":
            a, b = c
            a2 = n.sin(a) * row + b * 0.5
            return (a2, b * 0.9 + row), (a2 * b).sum()
        c2 = n.sin(c) * 0.8 + row * c
        return c2, (c2 * row).sum() if kind != "ys_only" else c * row

    if kind == "remat":
        body = api.checkpoint(body)

    def f(u):
        xs = u  # scanned along axis 0; the carry is a row
        init = u[0] * 0.5
        if kind == "pytree":
            init = (init, n.cos(u[-1]))
        c, ys = lax.scan(body, init, xs, reverse=p["reverse"], unroll=p["unroll"])
        total = ys.sum() * 0.3
        if kind == "pytree":
            return total + (c[0] ** 2).sum() + c[1].sum()
        return total + (c**2).sum()

    if p["how"] == "grad":
        return api.grad(f)(v)
    if p["how"] == "vjp":

        def g(u):
            return lax.scan(
                body,
                u[0] * 0.5 if kind != "pytree" else (u[0], u[-1]),
                u,
                reverse=p["reverse"],
                unroll=p["unroll"],
            )[1]

        ys, pull = api.vjp(g, v)
        return pull(n.ones_like(ys) * 0.7)[0]
    y, t = api.jvp(f, (v,), (n.cos(v),))
    return n.broadcast_to(y + t, v.shape)


op("r35_scan_grad", numpy_ref=False, vmap_ok=True, grad_ok=False)(
    (_draw_scan_grad, _apply_scan_grad)
)


# ---------------------------------------------------------------------------------------------
# r35_intdiv

IDTYPES = ["int8", "int16", "int32", "uint8", "uint32", "wide_s", "wide_u"]  # wide: 64 with x64
IFNS = ["floor_divide", "remainder", "lax_div", "lax_rem", "fmod", "divmod", "mod_op",
        "floordiv_op", "scalar_left", "scalar_right"]  # fmt: skip


def _draw_intdiv(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size > 0):
        return None
    return [i], {
        "dt": rng.choice(IDTYPES),
        "fn": rng.choice(IFNS),
        "zero": rng.random() < 0.3,
        "scalar": rng.choice([-3, -1, 1, 2, 7]),
    }


def _corners(dt):
    info = np.iinfo(dt)
    vals = [info.min, info.max, 0, 1, 2, 7, info.max - 1]
    if info.min < 0:
        vals += [-1, -2, -7, info.min + 1]
    return vals


def _idtype(B, dt):
    if dt.startswith("wide"):
        return ("int" if dt == "wide_s" else "uint") + ("64" if _x64(B) else "32")
    return dt


def _intdiv_shape(p, dt):
    k = len(_corners(dt)) + 4
    if p["fn"] == "divmod":
        return [2, k, k]
    if p["fn"] in ("scalar_left", "scalar_right"):
        return [k]
    return [k, k]


def _apply_intdiv(B, p, x):
    dt = _idtype(B, p["dt"])
    if not B.jaxlike:
        return _zeros(_intdiv_shape(p, dt), dt)
    n, lax = B.np, B.lax
    info = np.iinfo(dt)
    extra = n.clip(n.round(_vector(B, x, 4) * 50), max(info.min, -100), 100)
    extra = n.abs(extra) if info.min == 0 else extra
    a = n.concatenate([n.asarray(_corners(dt), dtype=n.dtype(dt)), extra.astype(n.dtype(dt))])
    b = a if p["zero"] else n.where(a == 0, n.asarray(3, n.dtype(dt)), a)
    s = p["scalar"] if info.min < 0 else abs(p["scalar"])
    fn = p["fn"]
    if fn == "scalar_left":
        return s // b if s != 1 else s % b
    if fn == "scalar_right":
        return n.floor_divide(a, s) + n.remainder(a, s)
    A, Bv = a[:, None], b[None, :]
    if fn == "floor_divide":
        return n.floor_divide(A, Bv)
    if fn == "remainder":
        return n.remainder(A, Bv)
    if fn == "lax_div":
        A2, B2 = n.broadcast_arrays(A, Bv)
        return lax.div(A2, B2)
    if fn == "lax_rem":
        A2, B2 = n.broadcast_arrays(A, Bv)
        return lax.rem(A2, B2)
    if fn == "fmod":
        return n.fmod(A, Bv)
    if fn == "divmod":
        q, r = n.divmod(A, Bv)
        return n.stack([q, r])
    if fn == "mod_op":
        return A % Bv
    return A // Bv


op("r35_intdiv", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_intdiv, _apply_intdiv))


# ---------------------------------------------------------------------------------------------
# r35_window

WOPS = ["add", "max", "min", "mul", "lambda_add", "lambda_max", "np_minimum", "lambda_mul"]
CUMS = ["cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp"]


def _draw_window(rng, vals, i):
    x = vals[i]
    if not (_num(x) and 1 <= x.ndim <= 3 and x.size > 0):
        return None
    nd = x.ndim
    return [i], {
        "kind": rng.choice(["window", "window", "cum"]),
        "op": rng.choice(WOPS),
        "cum": rng.choice(CUMS),
        "dt": rng.choice(["float32", "int32", "bfloat16"]),
        "win": [rng.randint(1, 3) for _ in range(nd)],
        "stride": [rng.randint(1, 2) for _ in range(nd)],
        "pad": [[rng.randint(0, 2), rng.randint(0, 1)] for _ in range(nd)],
        "bdil": [rng.choice([1, 1, 2]) for _ in range(nd)],
        "wdil": [rng.choice([1, 1, 2]) for _ in range(nd)],
        "axis": rng.randrange(-nd, nd),
        "reverse": rng.random() < 0.5,
    }


def _window_shape(p, shape):
    if p["kind"] == "cum":
        return list(shape)
    out = []
    for d, w, s, (lo, hi), bd, wd in zip(shape, p["win"], p["stride"], p["pad"], p["bdil"],
                                          p["wdil"]):  # fmt: skip
        padded = (d - 1) * bd + 1 + lo + hi
        eff = (w - 1) * wd + 1
        out.append(max(0, (padded - eff) // s + 1) if padded >= eff else 0)
    return out


def _window_dtype(p):
    if p["kind"] == "cum":
        return "float32" if p["cum"] == "cumlogsumexp" else p["dt"]
    return p["dt"]


def _apply_window(B, p, x):
    if not B.jaxlike:
        return _zeros(_window_shape(p, list(x.shape)), _window_dtype(p))
    n, lax = B.np, B.lax
    v = _f32(B, x) * 4
    dt = n.dtype(p["dt"])
    a = (n.round(v) if p["dt"] == "int32" else v).astype(dt)
    if p["kind"] == "cum":
        fn = p["cum"]
        if fn == "cumlogsumexp":
            a = a.astype(n.float32)
        if fn == "cumprod":
            a = a % 3 if p["dt"] == "int32" else n.tanh(a.astype(n.float32)).astype(dt)
        return getattr(lax, fn)(a, axis=p["axis"] % x.ndim, reverse=p["reverse"])
    o = p["op"]
    if o == "add":
        init, comp = n.asarray(0, dt), lax.add
    elif o == "max":
        init, comp = n.asarray(-100, dt), lax.max
    elif o == "min":
        init, comp = n.asarray(100, dt), lax.min
    elif o == "mul":
        init, comp = n.asarray(1, dt), lax.mul
        a = a % 3 if p["dt"] == "int32" else n.tanh(a.astype(n.float32)).astype(dt)
    elif o == "lambda_add":  # computations spelled as lambdas / jnp functions
        init, comp = n.asarray(0, dt), (lambda s, t: s + t)
    elif o == "lambda_max":
        init, comp = n.asarray(-100, dt), (lambda s, t: lax.max(t, s))
    elif o == "np_minimum":
        init, comp = n.asarray(100, dt), n.minimum
    else:
        init, comp = n.asarray(1, dt), (lambda s, t: t * s)
        a = a % 3 if p["dt"] == "int32" else n.tanh(a.astype(n.float32)).astype(dt)
    pads = [tuple(q) for q in p["pad"]]
    return lax.reduce_window(
        a,
        init,
        comp,
        tuple(p["win"]),
        tuple(p["stride"]),
        pads,
        base_dilation=tuple(p["bdil"]),
        window_dilation=tuple(p["wdil"]),
    )


op("r35_window", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_window, _apply_window))


# ---------------------------------------------------------------------------------------------
# r35_sort_multi


def _draw_sort_multi(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(["sort", "sort", "key_val", "lexsort"]),
        "nops": rng.choice([2, 3]),
        "keys": rng.choice([1, 2]),
        "stable": rng.random() < 0.5,
        "dim": rng.randrange(-x.ndim, x.ndim),
        "nan": rng.random() < 0.4,
        "int_key": rng.random() < 0.4,
    }


def _sort_multi_shape(p, shape):
    if p["kind"] == "key_val":
        return [2] + list(shape)
    if p["kind"] == "lexsort":
        return list(shape)
    return [p["nops"]] + list(shape)


def _apply_sort_multi(B, p, x):
    if not B.jaxlike:
        return _zeros(_sort_multi_shape(p, list(x.shape)), "float32")
    n, lax = B.np, B.lax
    v = n.round(_f32(B, x) * 3) / 2
    v = n.where(v == 0, -0.0, v)
    if p["nan"]:
        v = n.where(v > 1, n.nan, v)
    w = n.round(n.cos(_f32(B, x) * 7) * 2)
    k0 = (v * 2).astype(n.int32) if p["int_key"] and not p["nan"] else v
    pos = n.arange(x.size, dtype=n.float32).reshape(x.shape)
    dim = p["dim"] % x.ndim
    if p["kind"] == "key_val":
        a, b = lax.sort_key_val(k0, pos, dimension=dim, is_stable=True)
        return n.stack([a.astype(n.float32), b])
    if p["kind"] == "lexsort":
        idx = n.lexsort((w, v), axis=dim)
        return idx.astype(n.float32)
    ops = [k0, w, pos][: p["nops"]]
    # unstable sorts on every operand (the order of equal keys is then unobservable)
    keys = min(p["keys"], p["nops"]) if p["stable"] else p["nops"]
    outs = lax.sort(tuple(ops), dimension=dim, is_stable=p["stable"], num_keys=keys)
    return n.stack([o.astype(n.float32) for o in outs])


op("r35_sort_multi", numpy_ref=False, vmap_ok=True, grad_ok=False)(
    (_draw_sort_multi, _apply_sort_multi)
)


# ---------------------------------------------------------------------------------------------
# r35_rng

IMPLS = ["threefry2x32", "rbg", "unsafe_rbg"]
RNG_FNS = ["normal", "uniform", "randint", "bits", "permutation", "choice", "bernoulli",
           "fold_in", "key_data", "split_data"]  # fmt: skip


def _draw_rng(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size > 0):
        return None
    return [i], {
        "impl": rng.choice(IMPLS),
        "fn": rng.choice(RNG_FNS),
        "seed": rng.randrange(1000),
        "nkeys": rng.choice([1, 3, 4]),
        "raw": rng.random() < 0.3,
    }


def _rng_one(B, p, k):
    r, n = B.api.random, B.np
    fn = p["fn"]
    if fn == "normal":
        return r.normal(k, (4,))
    if fn == "uniform":
        return r.uniform(k, (4,), minval=-1.0, maxval=2.0)
    if fn == "randint":
        return r.randint(k, (4,), -9, 9).astype(n.float32)
    if fn == "bits":
        return (r.bits(k, (4,)) & 0xFFFF).astype(n.float32)
    if fn == "permutation":
        return r.permutation(k, 4).astype(n.float32)
    if fn == "choice":
        return r.choice(k, 9, (4,), replace=False).astype(n.float32)
    if fn == "bernoulli":
        return r.bernoulli(k, 0.4, (4,)).astype(n.float32)
    if fn == "fold_in":
        return r.uniform(r.fold_in(k, 7), (4,))
    if fn == "key_data":
        d = r.key_data(k).ravel()
        return (n.resize(d, (4,)) & 0xFFFF).astype(n.float32)
    k2 = r.split(k, 2)[1]
    d = r.key_data(k2).ravel()
    return (n.resize(d, (4,)) & 0xFFFF).astype(n.float32)


def _apply_rng(B, p, x):
    if not B.jaxlike:
        return _zeros([p["nkeys"], 4], "float32")
    api, n = B.api, B.np
    r = api.random
    if p["raw"]:
        raw = r.key_data(r.split(r.key(p["seed"], impl=p["impl"]), p["nkeys"]))
        keys = r.wrap_key_data(raw, impl=p["impl"])
    else:
        keys = r.split(r.key(p["seed"], impl=p["impl"]), p["nkeys"])
    out = api.vmap(lambda k: _rng_one(B, p, k))(keys)
    return out + n.sum(_f32(B, x)) * 0


op("r35_rng", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_rng, _apply_rng))


# ---------------------------------------------------------------------------------------------
# r35_linalg_batched

BLA = ["inv", "det", "slogdet", "solve_vec", "solve_mat", "eigh", "svd", "qr", "qr_complete",
       "cholesky", "pinv", "lstsq", "norm", "matrix_power", "eigvalsh_lower"]  # fmt: skip


def _draw_linalg_batched(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size > 0):
        return None
    return [i], {
        "fn": rng.choice(BLA),
        "k": rng.randint(1, 3),
        "batch": rng.choice([[2], [4], [2, 2]]),
        "shard": rng.choice(["a", "b", None]),
        "power": rng.choice([-1, 2, 3]),
    }


def _lb_shape(p):
    b, k, fn = list(p["batch"]), p["k"], p["fn"]
    if fn in ("det", "norm"):
        return b
    if fn == "slogdet":
        return [2] + b
    if fn in ("solve_vec", "eigh", "svd", "eigvalsh_lower"):
        return b + [k]
    if fn == "lstsq":
        return b[:0] + [k, 2]
    return b + [k, k]


def _apply_linalg_batched(B, p, x):
    if not B.jaxlike:
        return _zeros(_lb_shape(p), "float32")
    n = B.np
    la = n.linalg
    b, k, fn = tuple(p["batch"]), p["k"], p["fn"]
    nb = int(np.prod(b))
    m = _vector(B, x, nb * k * k).reshape(b + (k, k))
    eye = n.eye(k, dtype=n.float32)
    a = p["shard"]
    if a in B.mesh.shape and b[0] % B.mesh.shape[a] == 0:
        m = B.wsc(m, B.NamedSharding(B.mesh, B.P(a)))
    spd = m @ n.swapaxes(m, -1, -2) + k * eye
    well = m + 3.0 * eye
    if fn == "inv":
        return la.inv(well)
    if fn == "det":
        return la.det(well)
    if fn == "slogdet":
        s, ld = la.slogdet(well)
        return n.stack([s, ld])
    if fn == "solve_vec":
        return la.solve(well, m[..., 0][..., None])[..., 0]
    if fn == "solve_mat":
        return la.solve(well, m)
    if fn == "eigh":
        w, vec = la.eigh(spd)
        rec = (vec * w[..., None, :]) @ n.swapaxes(vec, -1, -2)
        return w + (rec - spd).sum(-1) * 0 + n.abs(rec - spd).max() * 0
    if fn == "eigvalsh_lower":
        return la.eigvalsh(spd, UPLO="U")
    if fn == "svd":
        u, s, vh = la.svd(well, full_matrices=False)
        rec = (u * s[..., None, :]) @ vh
        return s + n.abs(rec - well).sum(-1) * 0
    if fn in ("qr", "qr_complete"):
        q, r = la.qr(well, mode="reduced" if fn == "qr" else "complete")
        return q @ r
    if fn == "cholesky":
        return la.cholesky(spd, upper=True)
    if fn == "pinv":
        return la.pinv(spd, hermitian=True)
    if fn == "lstsq":
        a2 = well.reshape(-1, k)
        rhs = n.stack([a2.sum(-1), a2[:, 0]], axis=1)
        return la.lstsq(a2, rhs)[0]
    if fn == "norm":
        return la.norm(m, axis=(-1, -2), ord="fro" if k > 1 else None)
    return la.matrix_power(well, p["power"])


op(
    "r35_linalg_batched",
    numpy_ref=False,
    vmap_ok=True,
    grad_ok=lambda p: p["fn"] in ("inv", "det", "solve_vec", "solve_mat", "cholesky"),
)((_draw_linalg_batched, _apply_linalg_batched))


# ---------------------------------------------------------------------------------------------
# r35_weak: weak-typed results returned as they are

WEAK = ["where_scalars", "clip", "full_like", "arange", "power", "lax_add", "int_true_div",
        "sqrt_scalar", "asarray", "mean_int", "maximum_float", "complex", "astype_weak",
        "bool_add", "neg_uint"]  # fmt: skip


def _draw_weak(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "fn": rng.choice(WEAK),
        "dt": rng.choice(["int8", "uint8", "int32", "bfloat16", "float16", "float32", "bool"]),
        "s": rng.choice([2, -1, 0.5, 3.0, True]),
    }


def _apply_weak(B, p, x):
    if not B.jaxlike:  # (JAX's dtype and weak type are compared on JAX's side only)
        return _zeros([4], "float32")
    n, lax = B.np, B.lax
    dt, s, fn = p["dt"], p["s"], p["fn"]
    v = _vector(B, x, 4) * 5
    if dt == "bool":
        a = v > 0
    else:
        a = (n.abs(v) if dt == "uint8" else v).astype(n.dtype(dt))
    if fn == "where_scalars":
        return n.where(v > 0, 1, 2.5)
    if fn == "clip":
        return n.clip(a, 0, 3) if dt != "bool" else n.clip(a.astype(n.int8), 0, 1)
    if fn == "full_like":
        return n.full_like(a, 2) + s if dt != "bool" else n.full_like(a, 2)
    if fn == "arange":
        return n.arange(4) * 3
    if fn == "power":
        return a**2 if dt != "bool" else a.astype(n.int32) ** 2
    if fn == "lax_add":
        return lax.add(a, 2) if dt != "bool" else lax.bitwise_or(a, True)
    if fn == "int_true_div":
        return a / 2
    if fn == "sqrt_scalar":
        return n.broadcast_to(n.sqrt(2), (4,))
    if fn == "asarray":
        return n.broadcast_to(n.asarray(s) * 1, (4,))
    if fn == "mean_int":
        return n.mean(a.reshape(2, 2), axis=0).repeat(2)
    if fn == "maximum_float":
        return n.maximum(a, s)
    if fn == "complex":
        return a * 1j if dt != "bool" else a + 1j
    if fn == "astype_weak":
        return (a + s).astype(n.float32) * s
    if fn == "bool_add":
        return (v > 0) + s
    return -a if dt not in ("bool",) else ~a


op("r35_weak", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_weak, _apply_weak))


# ---------------------------------------------------------------------------------------------
# r35_explicit: jnp ops on Explicit-sharded values

EXOPS = ["sum0", "sum1", "cumsum0", "cumsum1", "sort1", "matmul", "einsum", "argmax0", "concat",
         "at_set", "take", "var", "where", "max_keep", "transpose_add"]  # fmt: skip


def _draw_explicit(rng, vals, i):
    x = vals[i]
    if not _mat2(x):
        return None
    return [i], {"fn": rng.choice(EXOPS), "spec": _spec(rng, x.shape, _mesh_of(rng), even=True)}


def _explicit_shape(p, shape):
    d0, d1 = shape
    fn = p["fn"]
    if fn in ("sum0", "argmax0"):
        return [d1]
    if fn in ("sum1", "var"):
        return [d0]
    if fn == "matmul":
        return [d0, d0]
    if fn == "einsum":
        return [d1, d1]
    if fn == "concat":
        return [2 * d0, d1]
    if fn == "take":
        return [2, d1]
    if fn == "max_keep":
        return [d0, 1]
    if fn == "transpose_add":
        return [d1, d0]
    return [d0, d1]


def _apply_explicit(B, p, x):
    if not B.jaxlike:
        return _zeros(_explicit_shape(p, list(x.shape)), "float32")
    api, n = B.api, B.np
    S = api.sharding
    mesh = _explicit_mesh(B)
    fn = p["fn"]
    with S.use_abstract_mesh(mesh.abstract_mesh):
        v = S.reshard(_f32(B, x), _pspec(B, _even(B, p["spec"], list(x.shape))))
        if fn == "sum0":
            out = v.sum(axis=0)
        elif fn == "sum1":
            out = n.sum(v, axis=1)
        elif fn == "cumsum0":
            out = n.cumsum(v, axis=0)
        elif fn == "cumsum1":
            out = n.cumsum(v, axis=1)
        elif fn == "sort1":
            out = n.sort(v, axis=1)
        elif fn == "matmul":
            out = v @ S.reshard(v.T, B.P())
        elif fn == "einsum":
            out = n.einsum("ij,ik->jk", v, S.reshard(v, B.P()))
        elif fn == "argmax0":
            out = n.argmax(v, axis=0).astype(n.float32)
        elif fn == "concat":
            out = n.concatenate([v, v * 2], axis=0)
        elif fn == "at_set":
            out = v.at[0].set(5.0)
        elif fn == "take":
            out = n.take(S.reshard(v, B.P()), n.asarray([0, x.shape[0] - 1]), axis=0)
        elif fn == "var":
            out = n.var(v, axis=1)
        elif fn == "where":
            out = n.where(v > 0, v, -v * 2)
        elif fn == "max_keep":
            out = n.max(v, axis=1, keepdims=True)
        else:
            out = v.T + 1
        out = S.reshard(out, B.P())
    return S.reshard(out, B.NamedSharding(B.mesh, B.P()))


op("r35_explicit", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_explicit, _apply_explicit))
