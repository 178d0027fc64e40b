"""Round 29: constructs real programs use that the earlier rounds did not draw (ops whose
parameters are drawn):

- `r29_complex_ad`: complex values through derivatives: grad / jacfwd / jacrev with
  `holomorphic=True`, grad of a real loss of complex intermediates (and of a complex input),
  jvp / vjp with complex tangents and cotangents (results returned as real and imaginary parts);
- `r29_vmap_named`: vmap with an `axis_name` and a collective in the body (psum / pmean / pmax /
  pmin / all_gather tiled or not on any axis / axis_index / psum_scatter / ppermute /
  all_to_all), nested vmaps with a psum over both names, vmap with `spmd_axis_name`;
- `r29_nan`: NaN / inf / -inf planted in a value sharded by a drawn spec, then a reduction,
  sort, scan or top_k along any (maybe sharded) axis;
- `r29_linalg`: jnp.linalg on well-conditioned matrices built from the value, sharded by a drawn
  spec (batch or matrix dims): cholesky, eigvalsh / eigh, svd values, qr's R, solve, inv, det,
  slogdet, pinv, matrix_power, matrix and vector norms of every ord, lstsq;
- `r29_nn`: jax.nn: dot_product_attention with masks, biases, is_causal, scale,
  local_window_size and sequence lengths, softmax / log_softmax with where=, logsumexp with b=
  and return_sign=, one_hot of sharded indices;
- `r29_fft`: the jnp.fft family with norm= / n= / axis= on sharded inputs;
- `r29_int`: integer wraparound on sharded values of narrow types: sums / cumsums / products
  with dtype=, cubes, dots with preferred_element_type, negation and abs of the minimum;
- `r29_order`: lax.sort of several operands with num_keys and is_stable, top_k, associative_scan
  (reverse, any axis, a pytree recurrence), cumulative lax ops reversed, on sharded axes;
- `r29_loop_ad`: grad of fori_loop with static bounds (a scan) whose body names residuals with
  checkpoint_name under a checkpoint policy, lax.map with batch_size under grad;
- `r29_lax`: the public lax / scipy.special names no round drew: batch_matmul,
  conv_general_dilated_patches, conv_with_general_padding (padding strings, dilations),
  ragged_dot (empty groups; `r29_ragged_dot`, never under vmap), scatter_sub (duplicates, out of bounds, modes), index_take,
  is_finite, convert_element_type, pshuffle / pswapaxes in a shard_map, igamma_grad_a,
  random_gamma_grad, wofz, sph_harm_y.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round27 import _even, _fit, _mesh_of, _spec
from tests.fuzz.ops_round28 import _pspec, _zeros
from tests.fuzz.registry import _is_float, _is_int, op


def _cons(B, v, spec, uneven=False):
    """v constrained to `spec` (fitted to the program's mesh and, unless `uneven`, to v's
    shape: the axes that do not divide a dim dropped), or v."""
    if spec is None or not B.jaxlike or len(spec) != v.ndim:
        return v
    spec = _fit(B, spec) if uneven else _even(B, spec, list(v.shape))
    return B.wsc(v, B.NamedSharding(B.mesh, _pspec(B, spec)))


def _sharded(rng, x):
    """{"spec", "uneven"}: a spec for x, uneven (an axis not dividing its dim kept) 1 in 4."""
    uneven = rng.random() < 0.25
    return {"spec": _spec(rng, x.shape, _mesh_of(rng), even=not uneven), "uneven": uneven}


def _f32(B, x):
    """x as float32, finite (NaN -> 0, inf -> large)."""
    n = B.np
    return n.clip(n.nan_to_num(x.astype(n.float32)), -1e4, 1e4)


def _ri(B, z):
    """A complex value as its real and imaginary parts (a last axis of 2)."""
    n = B.np
    return n.stack([n.real(z), n.imag(z)], axis=-1)


# ---------------------------------------------------------------------------------------------
# r29_complex_ad

COMPLEX_AD = ["grad_holo", "grad_real_loss", "grad_complex_in", "jvp", "vjp", "jacfwd", "jacrev"]


def _draw_complex_ad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(COMPLEX_AD),
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True) if rng.random() < 0.5 else None,
        "c": rng.choice([0.5, -1.0, 2.0]),
    }


def _complex_ad_shape(p, shape):
    kind = p["kind"]
    if kind in ("jacfwd", "jacrev"):
        k = min(4, int(np.prod(shape)))
        return [k, k, 2]
    if kind == "grad_real_loss":
        return list(shape)
    return list(shape) + [2]


def _apply_complex_ad(B, p, x):
    if not B.jaxlike:
        return _zeros(_complex_ad_shape(p, x.shape), "float32")
    n, api = B.np, B.api
    c = p["c"]
    v = n.tanh(_cons(B, _f32(B, x), p["spec"]))
    z = v + 1j * (n.cos(v) * c)

    def holo(u):
        return n.sin(u) * u + u * u * c

    kind = p["kind"]
    if kind == "grad_holo":
        return _ri(B, api.grad(lambda u: n.sum(holo(u)), holomorphic=True)(z))
    if kind == "grad_real_loss":
        return api.grad(lambda r: n.sum(n.abs(n.exp(1j * r * c) * (r + 2j)) ** 2))(v)
    if kind == "grad_complex_in":
        return _ri(B, api.grad(lambda u: n.sum(n.real(u * n.conj(u)) + n.imag(u) * c))(z))
    if kind == "jvp":
        return _ri(B, api.jvp(holo, (z,), (z * 0.5 + 1j,))[1])
    if kind == "vjp":
        out, pull = api.vjp(holo, z)
        return _ri(B, pull(n.conj(out) * 0.25 + 1j)[0])
    flat = z.reshape(-1)[: min(4, z.size)]
    jac = (api.jacfwd if kind == "jacfwd" else api.jacrev)(holo, holomorphic=True)
    return _ri(B, jac(flat))


op("r29_complex_ad", numpy_ref=False, grad_ok=False)((_draw_complex_ad, _apply_complex_ad))


# ---------------------------------------------------------------------------------------------
# r29_vmap_named: collectives over vmap's named axis

NAMED = [
    "psum",
    "pmean",
    "pmax",
    "pmin",
    "all_gather",
    "all_gather_tiled",
    "axis_index",
    "psum_scatter",
    "ppermute",
    "all_to_all",
    "nested_psum",
    "spmd",
]


def _draw_vmap_named(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(NAMED)
    if kind == "nested_psum" and x.ndim < 2:
        return None
    return [i], {
        "kind": kind,
        "in_axis": rng.randrange(-x.ndim, x.ndim),
        "out_axis": rng.choice([0, 0, -1]),
        "gather_axis": rng.choice([0, 0, 1, -1]),
        "spmd": rng.choice(list(_mesh_of(rng))),
        "shift": rng.choice([1, -1, 2]),
        "complex": rng.random() < 0.2,  # the collectives on complex64 values
    }


def _named_row(B, p, N, v):
    """The body's value for one example v (float32) over the axis 'i' of size N."""
    lax = B.lax
    kind = p["kind"]
    if kind == "psum":
        return v * 0.5 + lax.psum(v, "i")
    if kind == "pmean":
        return v - lax.pmean(v, "i")
    if kind == "pmax":
        return lax.pmax(v, "i") - v
    if kind == "pmin":
        return lax.pmin(v, "i") * 2 + v
    if kind in ("all_gather", "all_gather_tiled"):
        tiled = kind == "all_gather_tiled" and v.ndim >= 1
        rank = v.ndim if tiled else v.ndim + 1
        axis = p["gather_axis"] % rank if rank else 0
        return lax.all_gather(v, "i", axis=axis, tiled=tiled)
    if kind == "axis_index":
        return v + lax.axis_index("i").astype(v.real.dtype)
    if kind == "psum_scatter":
        if v.ndim >= 1 and v.shape[0] % N == 0:
            return lax.psum_scatter(v, "i", scatter_dimension=0, tiled=True)
        return lax.psum(v, "i")
    if kind == "ppermute":
        return lax.ppermute(v, "i", perm=[(j, (j + p["shift"]) % N) for j in range(N)])
    if kind == "all_to_all":
        if v.ndim >= 1 and v.shape[0] == N:
            return lax.all_to_all(v, "i", 0, 0) * 2 + v
        return v + lax.psum(v, "i")
    return v


def _named_row_shape(p, N, shape):
    kind = p["kind"]
    if kind in ("all_gather", "all_gather_tiled"):
        tiled = kind == "all_gather_tiled" and len(shape) >= 1
        if tiled:
            axis = p["gather_axis"] % len(shape)
            return shape[:axis] + [shape[axis] * N] + shape[axis + 1 :]
        axis = p["gather_axis"] % (len(shape) + 1)
        return shape[:axis] + [N] + shape[axis:]
    if kind == "psum_scatter" and shape and shape[0] % N == 0:
        return [shape[0] // N] + shape[1:]
    return shape


def _named_complex(p):
    return p.get("complex", False) and p["kind"] not in ("pmax", "pmin")


def _apply_vmap_named(B, p, x):
    if not B.jaxlike:
        out = _vmap_named_numpy(p, x)
        return np.stack([out, out], axis=-1) if _named_complex(p) else out
    v = _f32(B, x)
    if _named_complex(p):
        return _ri(B, _vmap_named(B, p, v + 1j * B.np.cos(v)))
    return _vmap_named(B, p, v)


def _vmap_named_numpy(p, x):
    ax = p["in_axis"] % x.ndim
    N = x.shape[ax]
    row = list(x.shape[:ax] + x.shape[ax + 1 :])
    if p["kind"] in ("nested_psum", "spmd"):
        return _zeros(x.shape, "float32")
    out = _zeros(_named_row_shape(p, N, row), "float32")
    return np.stack([out] * N, axis=p["out_axis"] % (out.ndim + 1))


def _vmap_named(B, p, v):
    ax = p["in_axis"] % v.ndim
    N = v.shape[ax]
    kind = p["kind"]
    n, lax = B.np, B.lax
    if kind == "nested_psum":

        def f(r):
            return r * 0.5 + lax.psum(r, ("i", "j"))

        g = B.api.vmap(f, axis_name="j")
        return B.api.vmap(g, in_axes=ax, axis_name="i", out_axes=ax)(v)
    if kind == "spmd":
        a = p["spmd"]
        if a not in B.mesh.shape or N % B.mesh.shape[a]:
            a = None
        return B.api.vmap(
            lambda r: r * n.sum(r) - lax.psum(r, "i"),
            in_axes=ax,
            out_axes=ax,
            axis_name="i",
            spmd_axis_name=a,
        )(v)
    return B.api.vmap(
        lambda r: _named_row(B, p, N, r), in_axes=ax, out_axes=p["out_axis"], axis_name="i"
    )(v)


# not differentiated through pmax / pmin: JAX has no rule for them (NotImplementedError
# "Differentiation rule for 'pmin' not implemented") where meshjit differentiates them (a known
# JAX difference: x64 campaign seed 2905014)
op(
    "r29_vmap_named",
    numpy_ref=False,
    grad_ok=lambda p: p["kind"] not in ("pmax", "pmin"),
)((_draw_vmap_named, _apply_vmap_named))


# ---------------------------------------------------------------------------------------------
# r29_nan: NaN / inf in sharded values through reductions, sorts and scans

NAN_KINDS = [
    "max",
    "min",
    "argmax",
    "argmin",
    "nanmax",
    "nanmin",
    "nansum",
    "nanmean",
    "sum",
    "prod",
    "mean",
    "sort",
    "argsort",
    "cummax",
    "cumsum",
    "median",
    "logsumexp",
    "softmax",
    "ptp",
    "any_nan",
    "top_k",
    "maximum_reduce",
]


def _draw_nan(rng, vals, i):
    x = vals[i]
    if not (_is_float(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(NAN_KINDS),
        "plant": rng.choice(["nan", "inf", "-inf", "nan_inf", "zeros", "none"]),
        "every": rng.choice([2, 3, 5, 7]),
        "at": rng.randrange(7),
        "axis": rng.randrange(-x.ndim, x.ndim),
        **_sharded(rng, x),
        "keepdims": rng.random() < 0.2,
    }


def _nan_shape(p, shape, dtype, B):
    kind, ax = p["kind"], p["axis"] % len(shape)
    if kind in ("sort", "cummax", "cumsum", "softmax"):
        return shape, dtype
    if kind == "argsort":
        return shape, "int32"
    if kind == "top_k":
        return shape[:-1] + [min(2, shape[-1])], dtype
    red = shape[:ax] + ([1] if p["keepdims"] else []) + shape[ax + 1 :]
    if kind in ("argmax", "argmin"):
        return red, ("int64" if B.x64 else "int32")
    if kind == "any_nan":
        return red, "bool"
    return red, dtype


def _planted(B, p, x):
    n = B.np
    plant = p["plant"]
    if plant == "none":
        return x
    k = n.arange(x.size).reshape(x.shape) % p["every"] == p["at"] % p["every"]
    value = {"nan": n.nan, "inf": n.inf, "-inf": -n.inf, "nan_inf": n.nan, "zeros": -0.0}[plant]
    out = n.where(k, n.asarray(value, x.dtype), x)
    if plant in ("nan_inf", "zeros"):  # and inf, or +0.0 beside the -0.0
        k2 = n.arange(x.size).reshape(x.shape) % p["every"] == (p["at"] + 1) % p["every"]
        out = n.where(k2, n.asarray(n.inf if plant == "nan_inf" else 0.0, x.dtype), out)
    return out


def _apply_nan(B, p, x):
    if not B.jaxlike:
        shape, dtype = _nan_shape(p, list(x.shape), str(x.dtype), B)
        return _zeros(shape, dtype)
    n, lax = B.np, B.lax
    v = _cons(B, _planted(B, p, x), p["spec"], p["uneven"])
    kind, ax, kd = p["kind"], p["axis"], p["keepdims"]
    if kind in ("sort", "argsort", "cummax", "cumsum"):
        fn = {"sort": n.sort, "argsort": n.argsort, "cumsum": n.cumsum}.get(kind)
        return lax.cummax(v, axis=ax % v.ndim) if kind == "cummax" else fn(v, axis=ax)
    if kind == "softmax":
        return B.api.nn.softmax(v, axis=ax)
    if kind == "top_k":
        return lax.top_k(v, min(2, v.shape[-1]))[0]
    if kind == "logsumexp":
        return B.api.scipy.special.logsumexp(v, axis=ax, keepdims=kd)
    if kind == "any_nan":
        return n.any(n.isnan(v), axis=ax, keepdims=kd)
    if kind == "maximum_reduce":
        return n.maximum.reduce(v, axis=ax, keepdims=kd)
    return getattr(n, kind)(v, axis=ax, keepdims=kd)


op("r29_nan", numpy_ref=False, grad_ok=False)((_draw_nan, _apply_nan))


# ---------------------------------------------------------------------------------------------
# r29_linalg: jnp.linalg on sharded, well-conditioned matrices

LINALG = [
    "cholesky",
    "eigvalsh",
    "eigh_values",
    "svdvals",
    "qr_r",
    "solve",
    "inv",
    "det",
    "slogdet",
    "pinv",
    "matrix_power",
    "matrix_norm",
    "vector_norm",
    "lstsq",
]
MATRIX_ORDS = [None, "fro", "nuc", 1, -1, 2, -2, "inf", "-inf"]
VECTOR_ORDS = [None, 0, 1, 2, -1, "inf", "-inf", 3]


def _draw_linalg(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 2 and x.size > 0 and x.shape[-2] <= 8):
        return None
    kind = rng.choice(LINALG)
    if kind == "lstsq" and x.ndim != 2:
        return None
    mesh = _mesh_of(rng)
    r = x.shape[-2]
    return [i], {
        "kind": kind,
        "spec": _spec(rng, x.shape[:-2] + (r, r), mesh, even=True),
        "out_spec": _spec(rng, x.shape[:-2] + (r, r), mesh, even=True)
        if rng.random() < 0.3
        else None,
        "ord": rng.choice(VECTOR_ORDS if kind == "vector_norm" else MATRIX_ORDS),
        "power": rng.choice([-2, -1, 0, 1, 2, 3]),
        "axis": rng.choice([-1, -2]),
        "raw": _is_float(x) and rng.random() < 0.3,  # in x's own float type (f16: JAX's error)
    }


def _ord(o):
    return {"inf": np.inf, "-inf": -np.inf}.get(o, o) if isinstance(o, str) else o


def _spd(B, x, raw=False):
    """(A, b): A a symmetric positive definite (..., r, r) matrix of x (eigenvalues in
    [c + 1, c + 1 + c r]), b x itself (..., r, c), both bounded, as float32 (`raw`: in x's
    own float type)."""
    n = B.np
    b = n.tanh(_f32(B, x))
    if raw:
        b = b.astype(x.dtype)
    r, c = x.shape[-2], x.shape[-1]
    A = n.matmul(b, n.swapaxes(b, -1, -2)) + (c + 1) * n.eye(r, dtype=b.dtype)
    return A / (c + 1 + c * r) * 2, b


def _linalg_value(B, p, A, b):
    n = B.np
    L = n.linalg
    kind = p["kind"]
    if kind == "cholesky":
        return L.cholesky(A)
    if kind == "eigvalsh":
        return L.eigvalsh(A)
    if kind == "eigh_values":
        return L.eigh(A)[0]
    if kind == "svdvals":
        return L.svd(A, compute_uv=False)
    if kind == "qr_r":
        return n.abs(L.qr(A, mode="r"))
    if kind == "solve":
        return L.solve(A, b)
    if kind == "inv":
        return L.inv(A)
    if kind == "det":
        return L.det(A)
    if kind == "slogdet":
        sign, logdet = L.slogdet(A)
        return n.stack([sign, logdet])
    if kind == "pinv":
        return L.pinv(A)
    if kind == "matrix_power":
        return L.matrix_power(A, p["power"])
    if kind == "matrix_norm":
        return L.norm(A, ord=_ord(p["ord"]), axis=(-2, -1))
    if kind == "vector_norm":
        return L.norm(b, ord=_ord(p["ord"]), axis=p["axis"])
    return L.lstsq(A, b)[0]  # lstsq


def _apply_linalg(B, p, x):
    n = B.np
    raw = p.get("raw", False)
    if not B.jaxlike:
        A, b = _spd(B, x)
        with np.errstate(all="ignore"):
            out = np.asarray(_linalg_value(B, p, A.astype(np.float32), b.astype(np.float32)))
        return _zeros(out.shape, x.dtype if raw else "float32")
    A, b = _spd(B, x, raw)
    A = _cons(B, A, p["spec"])
    out = _linalg_value(B, p, A, b)
    if p["out_spec"] is not None and out.ndim == A.ndim:
        out = _cons(B, out, p["out_spec"])
    return out if raw else out.astype(n.float32)


op(
    "r29_linalg",
    numpy_ref=False,
    grad_ok=lambda p: p["kind"] not in ("qr_r", "vector_norm", "matrix_norm", "pinv", "lstsq"),
)((_draw_linalg, _apply_linalg))


# ---------------------------------------------------------------------------------------------
# r29_nn: jax.nn's attention and masked normalizers

NN_KINDS = [
    "attention",
    "attention_causal",
    "attention_mask",
    "attention_bias",
    "attention_window",
    "attention_lengths",
    "softmax_where",
    "log_softmax_where",
    "logsumexp_b",
    "logsumexp_sign",
    "one_hot",
]


def _draw_nn(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(NN_KINDS)
    if kind.startswith("attention") and not (2 <= x.ndim <= 4 and x.shape[-1] >= 1):
        return None
    return [i], {
        "kind": kind,
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True) if rng.random() < 0.6 else None,
        "scale": rng.choice([None, None, 0.5]),
        "window": rng.choice([1, [1, 0], [0, 2]]),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "keepdims": rng.random() < 0.3,
        "classes": rng.choice([3, 4, 8]),
    }


def _bthn(B, v):
    """v as (B, T, N, H)."""
    if v.ndim == 2:
        return v[None, :, None, :]
    if v.ndim == 3:
        return v[:, :, None, :]
    return v


def _attention(B, p, v):
    n, nn = B.np, B.api.nn
    q = _bthn(B, n.tanh(v))
    k, w = n.sin(q * 1.5), n.cos(q)
    T = q.shape[1]
    kind = p["kind"]
    kw = {"scale": p["scale"]}
    if kind == "attention_causal":
        kw["is_causal"] = True
    if kind == "attention_mask":
        kw["mask"] = (n.arange(T)[:, None] + n.arange(T)[None, :]) % 3 != 1
    if kind == "attention_bias":
        kw["bias"] = n.sin(n.arange(T * T, dtype=n.float32).reshape(1, 1, T, T))
    if kind == "attention_window":
        win = p["window"]
        kw["local_window_size"] = tuple(win) if isinstance(win, list) else win
    if kind == "attention_lengths":
        lengths = n.minimum(n.arange(q.shape[0], dtype=n.int32) + 1, T)
        kw["query_seq_lengths"] = lengths
        kw["key_value_seq_lengths"] = lengths
    return nn.dot_product_attention(q, k, w, **kw).reshape(v.shape)


def _nn_shape(p, shape, B):
    kind, ax = p["kind"], p["axis"] % len(shape)
    if kind in ("logsumexp_b", "logsumexp_sign"):
        red = shape[:ax] + ([1] if p["keepdims"] else []) + shape[ax + 1 :]
        return ([2] if kind == "logsumexp_sign" else []) + red, "float32"
    if kind == "one_hot":
        return shape + [p["classes"]], "float32"
    return shape, "float32"


def _apply_nn(B, p, x):
    if not B.jaxlike:
        shape, dtype = _nn_shape(p, list(x.shape), B)
        return _zeros(shape, dtype)
    n, nn = B.np, B.api.nn
    v = _cons(B, _f32(B, x), p["spec"])
    kind, ax, kd = p["kind"], p["axis"], p["keepdims"]
    if kind.startswith("attention"):
        return _attention(B, p, v)
    mask = v > -0.25
    if kind == "softmax_where":
        return nn.softmax(v, axis=ax, where=mask)
    if kind == "log_softmax_where":
        return n.where(mask, nn.log_softmax(v, axis=ax, where=mask), 0.0)
    lse = B.api.scipy.special.logsumexp
    if kind == "logsumexp_b":
        return lse(v, axis=ax, b=n.cos(v) + 0.5, keepdims=kd)
    if kind == "logsumexp_sign":
        out, sign = lse(v, axis=ax, b=n.sin(v * 3), keepdims=kd, return_sign=True)
        return n.stack([n.where(sign == 0, 0.0, out), sign])
    idx = (n.floor(v * 2).astype(n.int32)) % p["classes"] - 1  # -1: all zeros
    return nn.one_hot(idx, p["classes"])


op(
    "r29_nn",
    numpy_ref=False,
    grad_ok=lambda p: p["kind"] in ("attention", "attention_bias", "softmax_where", "logsumexp_b"),
)((_draw_nn, _apply_nn))


# ---------------------------------------------------------------------------------------------
# r29_fft: the fft family with norm= on sharded inputs

FFTS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2"]
FFTS += ["fftn", "ifftn", "rfftn", "irfftn"]


def _draw_fft(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    fn = rng.choice(FFTS)
    if ("2" in fn or fn.endswith("n")) and x.ndim < 2:
        return None
    d = x.shape[-1]
    return [i], {
        "fn": fn,
        "norm": rng.choice([None, "backward", "ortho", "forward"]),
        "n": rng.choice([None, None, max(1, d - 1), d + 2]),
        "axis": rng.randrange(-x.ndim, x.ndim),
        **_sharded(rng, x),
        "complex_in": rng.random() < 0.4,
        "raw": rng.random() < 0.3,  # x itself, its own type (ints, f16, bf16, NaN and all)
    }


def _fft_call(m, p, v):
    fn = p["fn"]
    f = getattr(m.fft, fn)
    if fn in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        return f(v, n=p["n"], axis=p["axis"], norm=p["norm"])
    return f(v, norm=p["norm"])


def _fft_complex_in(p):
    return p["complex_in"] and p["fn"] not in ("rfft", "ihfft", "rfft2", "rfftn")


def _fft_real_type(B, p, x):
    """The real type of the fft's complex type: float64 for x64's ints, bools and float64."""
    if p.get("raw") and B.x64 and (str(x.dtype) == "float64" or not _is_float(x)):
        return "float64"
    return "float32"


def _apply_fft(B, p, x):
    raw = p.get("raw", False)
    if not B.jaxlike:
        v = np.zeros(x.shape, np.complex64 if _fft_complex_in(p) and not raw else np.float32)
        out = _fft_call(np, p, v)
        shape = list(out.shape) + ([2] if np.iscomplexobj(out) else [])
        return _zeros(shape, _fft_real_type(B, p, x))
    n = B.np
    if raw:
        out = _fft_call(n, p, _cons(B, x, p["spec"], p["uneven"]))
        return _ri(B, out) if n.iscomplexobj(out) else out
    v = _cons(B, n.tanh(_f32(B, x)), p["spec"], p["uneven"])
    if _fft_complex_in(p):
        v = v + 1j * n.cos(v)
    out = _fft_call(n, p, v)
    return _ri(B, out) if n.iscomplexobj(out) else out


op("r29_fft", numpy_ref=False)((_draw_fft, _apply_fft))


# ---------------------------------------------------------------------------------------------
# r29_int: wraparound of narrow integers on sharded values

INT_TYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]
INT_KINDS = ["sum", "cumsum", "prod", "cube", "dot", "neg_min", "abs_min", "mul_shift"]


def _draw_int(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(INT_KINDS)
    if kind == "dot" and x.ndim != 2:
        return None
    return [i], {
        "kind": kind,
        "dtype": rng.choice(INT_TYPES),
        "scale": rng.choice([1, 37, 1000]),
        "axis": rng.randrange(-x.ndim, x.ndim),
        **_sharded(rng, x),
    }


def _int_shape(p, shape):
    kind, ax = p["kind"], p["axis"] % len(shape)
    if kind in ("sum", "prod"):
        return shape[:ax] + shape[ax + 1 :]
    if kind == "dot":
        return [shape[0], shape[0]]
    return shape


def _apply_int(B, p, x):
    dt = p["dtype"]
    if not B.jaxlike:
        return _zeros(_int_shape(p, list(x.shape)), dt)
    n, lax = B.np, B.lax
    if _is_int(x) or str(x.dtype) == "bool":
        w = x.astype(n.int32) * p["scale"]
    else:
        w = (n.clip(n.nan_to_num(x.astype(n.float32)), -100, 100) * p["scale"]).astype(n.int32)
    w = _cons(B, w.astype(getattr(n, dt)), p["spec"], p["uneven"])
    d, kind, ax = getattr(n, dt), p["kind"], p["axis"]
    if kind == "sum":
        return n.sum(w, axis=ax, dtype=d)
    if kind == "cumsum":
        return n.cumsum(w, axis=ax, dtype=d)
    if kind == "prod":
        return n.prod(w | 1, axis=ax, dtype=d)
    if kind == "cube":
        return w * w * w
    if kind == "dot":
        return lax.dot(w, w.T, preferred_element_type=d)
    lo = n.asarray(n.iinfo(d).min, d)
    if kind == "neg_min":
        return -n.where(w > 0, lo, w)
    if kind == "abs_min":
        return n.abs(n.where(w < 3, lo, w))
    return (w * w) << 3


op("r29_int", numpy_ref=False, grad_ok=False)((_draw_int, _apply_int))


# ---------------------------------------------------------------------------------------------
# r29_order: multi-operand sorts, top_k, associative scans and cumulative ops on sharded axes

ORDER = ["sort_keys", "top_k", "assoc_add", "assoc_max", "assoc_affine", "cum_rev", "lexsort"]


def _draw_order(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(ORDER),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "num_keys": rng.choice([1, 2]),
        "stable": rng.random() < 0.7,
        "reverse": rng.random() < 0.5,
        "k": rng.choice([1, 2, 3]),
        "cum": rng.choice(["cumsum", "cummax", "cummin", "cumprod", "cumlogsumexp"]),
        **_sharded(rng, x),
    }


def _order_shape(p, shape):
    kind = p["kind"]
    if kind == "sort_keys":
        return [3] + shape
    if kind == "top_k":
        return [2] + shape[:-1] + [min(p["k"], shape[-1])]
    return shape


def _apply_order(B, p, x):
    if not B.jaxlike:
        return _zeros(_order_shape(p, list(x.shape)), "float32")
    n, lax = B.np, B.lax
    v = _cons(B, _f32(B, x), p["spec"], p["uneven"])
    kind, ax = p["kind"], p["axis"] % x.ndim
    if kind == "sort_keys":
        keys = n.round(v)  # ties
        idx = lax.broadcasted_iota(n.int32, v.shape, ax)
        out = lax.sort((keys, v, idx), dimension=ax, num_keys=p["num_keys"], is_stable=p["stable"])
        if not p["stable"]:  # ties: the payloads in any order
            out = (out[0], out[1] if p["num_keys"] == 2 else out[0], out[0])
        return n.stack([o.astype(n.float32) for o in out])
    if kind == "top_k":
        k = min(p["k"], v.shape[-1])
        vals, idx = lax.top_k(n.round(v * 2), k)
        return n.stack([vals, idx.astype(n.float32)])
    if kind in ("assoc_add", "assoc_max"):
        fn = n.add if kind == "assoc_add" else n.maximum
        return lax.associative_scan(fn, v, reverse=p["reverse"], axis=ax)
    if kind == "assoc_affine":  # h_t = a_t h_{t-1} + b_t as pairs

        def combine(lo, hi):
            return (lo[0] * hi[0], hi[0] * lo[1] + hi[1])

        a, b = n.tanh(v) * 0.9, n.cos(v)
        return lax.associative_scan(combine, (a, b), reverse=p["reverse"], axis=ax)[1]
    if kind == "cum_rev":
        fn = getattr(lax, p["cum"])
        u = n.tanh(v) + 1.0 if p["cum"] == "cumprod" else v
        return fn(u, axis=ax, reverse=p["reverse"])
    order = n.lexsort((v, n.round(v)), axis=ax)  # lexsort
    return order.astype(n.float32)


op("r29_order", numpy_ref=False, grad_ok=False)((_draw_order, _apply_order))


# ---------------------------------------------------------------------------------------------
# r29_loop_ad: grads of static-bound fori_loop with named residuals, and of lax.map batches

LOOP_POLICIES = [
    None,
    "nothing_saveable",
    "dots_saveable",
    "save_only_these_names",
    "save_any_names_but_these",
]


def _draw_loop_ad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(["fori", "fori", "map"]),
        "n": rng.choice([0, 1, 3]),
        "policy": rng.choice(LOOP_POLICIES),
        "batch_size": rng.choice([None, 1, 2, 3]),
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True) if rng.random() < 0.6 else None,
    }


def _apply_loop_ad(B, p, x):
    if not B.jaxlike:
        return _zeros(x.shape, "float32")
    n, api, lax = B.np, B.api, B.lax
    name = __import__(api.__name__ + ".ad_checkpoint", fromlist=["x"]).checkpoint_name
    v = _cons(B, n.tanh(_f32(B, x)), p["spec"])
    if p["kind"] == "map":

        def row(r):
            return n.sum(n.sin(r) * r) + r * 0.5

        def loss(u):
            return n.sum(lax.map(row, u, batch_size=p["batch_size"]) ** 2)

        return api.grad(loss)(v)
    pol = p["policy"]
    cp = api.checkpoint_policies
    policy = getattr(cp, pol)("h") if pol and pol.startswith("save_") else pol and getattr(cp, pol)

    def body(i, c):
        h = name(n.sin(c) * (1.0 + 0.1 * i), "h")
        return n.cos(h) * 0.5 + c * 0.25

    step = api.checkpoint(body, policy=policy) if pol else body

    def loss(u):
        return n.sum(lax.fori_loop(0, p["n"], step, u) ** 2)

    return api.grad(loss)(v)


op("r29_loop_ad", numpy_ref=False, grad_ok=False)((_draw_loop_ad, _apply_loop_ad))


# ---------------------------------------------------------------------------------------------
# r29_lax: the public lax / scipy.special names no round drew

LAX_KINDS = [
    "batch_matmul",
    "patches",
    "general_padding",
    "scatter_sub",
    "index_take",
    "is_finite",
    "convert",
    "pshuffle",
    "pswapaxes",
    "igamma_grad_a",
    "random_gamma_grad",
    "wofz",
    "sph_harm_y",
]
CONVERT_TO = ["float32", "int8", "uint8", "int32", "bfloat16", "float16", "bool", "uint32"]


def _draw_lax(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    spatial = min(x.ndim, 2)
    return [i], {
        "kind": rng.choice(LAX_KINDS),
        "filter": [rng.choice([1, 2, 3]) for _ in range(spatial)],
        "strides": [rng.choice([1, 1, 2]) for _ in range(spatial)],
        "padding": rng.choice(
            ["SAME", "VALID", "SAME_LOWER", [[1, 0]] * spatial, [[0, 2]] * spatial]
        ),
        "rhs_dilation": [rng.choice([1, 1, 2]) for _ in range(spatial)],
        "lhs_dilation": [rng.choice([1, 1, 2]) for _ in range(spatial)],
        "groups": rng.choice(["half", "first", "last", "middle_empty"]),
        "mode": rng.choice(["clip", "fill", None]),
        "to": rng.choice(CONVERT_TO),
        "axis": rng.choice(list(_mesh_of(rng))),
        "seed": rng.randrange(1 << 20),
    }


def _spatial(v):
    """v as (N, C=1, spatial...): one spatial dim (a vector) or its last two."""
    return v.reshape(1, 1, -1) if v.ndim == 1 else v.reshape((-1, 1) + v.shape[-2:])


def _pads(p, sizes, filt, dil, lhs_dil):
    """The explicit (lo, hi) pads JAX's padtype_to_pads gives (for SAME / SAME_LOWER)."""
    pad = p["padding"]
    if isinstance(pad, list):
        return [tuple(q) for q in pad]
    out = []
    for L, f, s, d, ld in zip(sizes, filt, p["strides"], dil, lhs_dil):
        L = (L - 1) * ld + 1
        fe = (f - 1) * d + 1
        if pad == "VALID":
            out.append((0, 0))
            continue
        total = max((-(-L // s) - 1) * s + fe - L, 0)
        lo = total // 2 if pad == "SAME" else total - total // 2
        out.append((lo, total - lo))
    return out


def _out_sizes(p, sizes, filt, dil, lhs_dil):
    pads = _pads(p, sizes, filt, dil, lhs_dil)
    out = []
    for L, f, s, d, ld, (lo, hi) in zip(sizes, filt, p["strides"], dil, lhs_dil, pads):
        L = (L - 1) * ld + 1 + lo + hi
        fe = (f - 1) * d + 1
        out.append(max((L - fe) // s + 1, 0))
    return out


def _group_sizes(p, m):
    return {
        "half": [m // 2, m - m // 2],
        "first": [m, 0],
        "last": [0, 0, m],
        "middle_empty": [m - m // 3, 0, m // 3],
    }[p["groups"]]


def _lax_shape(B, p, shape):
    kind = p["kind"]
    if kind == "batch_matmul":
        w = (1, 1, shape[0]) if len(shape) == 1 else (-1,) + tuple(shape[-2:])
        b = int(np.prod(shape)) // (w[1] * w[2]) if len(shape) > 1 else 1
        return [b, w[1], w[1]], "float32"
    if kind in ("patches", "general_padding"):
        sp = shape if len(shape) == 1 else shape[-2:]
        n = int(np.prod(shape)) // int(np.prod(sp))
        lhs_dil = p["lhs_dilation"] if kind == "general_padding" else [1] * len(sp)
        out = _out_sizes(p, sp, p["filter"], p["rhs_dilation"], lhs_dil)
        feats = int(np.prod(p["filter"])) if kind == "patches" else 2
        return [n, feats] + out, "float32"
    if kind == "index_take":
        return [3] + shape[1:], "float32"
    if kind == "is_finite":
        return shape, "bool"
    if kind == "convert":
        return shape, p["to"]
    if kind == "wofz":
        return shape + [2], "float32"
    if kind == "sph_harm_y":
        return [int(np.prod(shape)), 2], "float32"
    return shape, "float32"


def _apply_lax(B, p, x):
    if not B.jaxlike:
        shape, dtype = _lax_shape(B, p, list(x.shape))
        return _zeros(shape, dtype)
    n, lax = B.np, B.lax
    v = n.tanh(_f32(B, x))
    kind = p["kind"]
    if kind == "batch_matmul":
        w = v.reshape(1, 1, -1) if v.ndim == 1 else v.reshape((-1,) + v.shape[-2:])
        return lax.batch_matmul(w, n.swapaxes(w, -1, -2))
    if kind in ("patches", "general_padding"):
        return _windows(B, p, v)
    if kind == "scatter_sub":
        return _scatter_sub(B, p, v)
    if kind == "index_take":
        idx = n.asarray([0, v.shape[0] - 1, v.shape[0] // 2], n.int32)
        return lax.index_take(v, (idx,), (0,))
    if kind == "is_finite":
        return lax.is_finite(x) if _is_float(x) else lax.is_finite(v) | True
    if kind == "convert":
        return lax.convert_element_type(n.clip(v * 300, -1e4, 1e4), getattr(n, p["to"]))
    if kind in ("pshuffle", "pswapaxes"):
        return _permuting(B, p, v)
    if kind in ("igamma_grad_a", "random_gamma_grad"):
        return getattr(lax, kind)(n.abs(v) * 3 + 0.5, n.abs(n.cos(v)) * 2 + 0.1)
    special = B.api.scipy.special
    if kind == "wofz":
        return _ri(B, special.wofz(v * 3 + 1j * (n.cos(v) * 2)))
    v = v.reshape(-1)  # (JAX's takes vectors)
    degree = n.full(v.shape, 2, n.int32)
    order = n.arange(v.size, dtype=n.int32) % 5 - 2
    return _ri(B, special.sph_harm_y(degree, order, v * 1.5 + 1.6, v * 3, n_max=2))


def _windows(B, p, v):
    n, lax = B.np, B.lax
    lhs = _spatial(v)
    k = lhs.ndim - 2
    pad = p["padding"]
    pad = [tuple(q) for q in pad] if isinstance(pad, list) else pad
    if p["kind"] == "patches":
        return lax.conv_general_dilated_patches(
            lhs, p["filter"][:k], p["strides"][:k], pad, rhs_dilation=p["rhs_dilation"][:k]
        )
    rhs = n.cos(n.arange(2 * int(np.prod(p["filter"][:k])), dtype=n.float32)).reshape(
        (2, 1) + tuple(p["filter"][:k])
    )
    return lax.conv_with_general_padding(
        lhs, rhs, p["strides"][:k], pad, p["lhs_dilation"][:k], p["rhs_dilation"][:k]
    )


def _scatter_sub(B, p, v):
    n, lax = B.np, B.lax
    d0 = v.shape[0]
    idx = n.asarray([[0], [d0 - 1], [0], [d0 + 1], [-1]], n.int32)  # a duplicate, two past
    dnums = lax.ScatterDimensionNumbers(
        update_window_dims=tuple(range(1, v.ndim)),
        inserted_window_dims=(0,),
        scatter_dims_to_operand_dims=(0,),
    )
    updates = n.cos(n.arange(5 * (v.size // d0), dtype=n.float32)).reshape((5,) + v.shape[1:])
    return lax.scatter_sub(v, idx, updates, dnums, mode=p["mode"])


def _permuting(B, p, v):
    lax = B.lax
    a = p["axis"] if p["axis"] in B.mesh.shape else next(iter(B.mesh.shape))
    size = B.mesh.shape[a]
    if v.shape[0] % size:
        return v
    local = [v.shape[0] // size] + list(v.shape[1:])
    spec = B.P(a)
    if p["kind"] == "pswapaxes":
        dims = [j for j, d in enumerate(local) if d == size]
        if not dims:
            return v
        body = lambda u: lax.pswapaxes(u, a, dims[-1])  # noqa: E731
    else:
        perm = list(range(size))
        import random

        random.Random(p["seed"]).shuffle(perm)
        body = lambda u: lax.pshuffle(u, a, perm) * 2  # noqa: E731
    return B.shard_map(body, mesh=B.mesh, in_specs=(spec,), out_specs=spec)(v)


op(
    "r29_lax",
    numpy_ref=False,
    grad_ok=lambda p: p["kind"] in ("batch_matmul", "patches", "general_padding", "scatter_sub"),
)((_draw_lax, _apply_lax))


# ---------------------------------------------------------------------------------------------
# r29_ragged_dot: lax.ragged_dot with empty groups; never under vmap: JAX's batching rule raises
# NotImplementedError "ragged_dot vmap over any dim but 0 - NYI" where meshjit maps it (a known
# JAX difference: campaign seeds 2903007 and 2903015, x64)


def _draw_ragged_dot(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {"groups": rng.choice(["half", "first", "last", "middle_empty"])}


def _apply_ragged_dot(B, p, x):
    if not B.jaxlike:
        return _zeros([int(np.prod(x.shape[:-1])) if x.ndim > 1 else 1, 2], "float32")
    n, lax = B.np, B.lax
    v = n.tanh(_f32(B, x))
    m = v.reshape(-1, v.shape[-1]) if v.ndim > 1 else v[None]
    sizes = _group_sizes(p, m.shape[0])
    rhs = n.sin(n.arange(len(sizes) * m.shape[1] * 2, dtype=n.float32)).reshape(
        len(sizes), m.shape[1], 2
    )
    return lax.ragged_dot(m, rhs, n.asarray(sizes, n.int32))


op("r29_ragged_dot", numpy_ref=False, vmap_ok=False)((_draw_ragged_dot, _apply_ragged_dot))
