"""Round 32: APIs JAX users reach for that the earlier rounds never drew:

- `r32_signal`: jax.scipy.signal convolve / correlate (modes full / same / valid, methods
  direct / fft), fftconvolve and convolve2d (boundary fill) on the value;
- `r32_ndimage`: jax.scipy.ndimage.map_coordinates, order 0 / 1, every mode, cval, coordinates
  in and out of range;
- `r32_factor`: jax.scipy.linalg cho_factor / cho_solve (lower=) and lu_factor / lu_solve
  (trans=) on a well-conditioned matrix made from the value;
- `r32_tree`: jax.tree.map / reduce / leaves / transpose and tree_map_with_path over pytrees
  (dicts, tuples, None leaves) of values made from the value;
- `r32_callback`: jax.pure_callback with each vmap_method, under
  vmap or not;
- `r32_scoped`: named_call, named_scope, ensure_compile_time_eval, closure_convert, eval_shape
  and lax.platform_dependent around a body;
- `r32_lax_shape`: lax.split, concatenate, transpose, collapse, squeeze, cbrt (dtype kept);
- `r32_image`: jax.image.scale_and_translate with its methods, scales, translations, antialias;
- `r32_init`: jax.nn.initializers (glorot / he / lecun / orthogonal / variance_scaling /
  truncated_normal / uniform / constant) with a fixed key, added to the value;
- `r32_scipy`: rankdata methods, integrate.trapezoid, RegularGridInterpolator, cluster.vq.vq,
  linalg block_diag / toeplitz / hilbert / polar.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import importlib

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round28 import _zeros
from tests.fuzz.ops_round31 import _f32
from tests.fuzz.registry import _is_float, op


def _mod(B, name):
    return importlib.import_module(B.api.__name__ + "." + name)


def _flat(B, x, k=None):
    v = B.np.ravel(_f32(B, x))
    return v if k is None else v[:k]


# ---------------------------------------------------------------------------------------------
# r32_signal


def _draw_signal(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size >= 2):
        return None
    fn = rng.choice(["convolve", "correlate", "fftconvolve", "convolve2d"])
    if fn == "convolve2d" and (x.ndim < 2 or x.shape[0] < 2 or x.size // x.shape[0] < 2):
        fn = "convolve"
    return [i], {
        "fn": fn,
        "mode": rng.choice(["full", "same", "valid"]),
        "method": rng.choice(["direct", "fft", "auto"]),
        "m": rng.randint(1, min(4, x.size)),
    }


def _signal_shape(p, x):
    if p["fn"] == "convolve2d":
        a, b = x.shape[0], x.size // x.shape[0]  # (a 2x2 kernel)
        full = {"full": (a + 1, b + 1), "same": (a, b), "valid": (a - 1, b - 1)}
        return list(full[p["mode"]])
    n, m = x.size, p["m"]
    return [{"full": n + m - 1, "same": n, "valid": max(n, m) - min(n, m) + 1}[p["mode"]]]


def _apply_signal(B, p, x):
    if not B.jaxlike:
        return _zeros(_signal_shape(p, x), "float32")
    n, sig = B.np, _mod(B, "scipy.signal")
    if p["fn"] == "convolve2d":
        v = _f32(B, x).reshape(x.shape[0], -1)
        k = n.asarray([[1.0, -0.5], [0.25, 2.0]], n.float32)
        return sig.convolve2d(v, k, mode=p["mode"])
    v = _flat(B, x)
    k = v[: p["m"]][::-1] * 0.5 + 0.25
    if p["fn"] == "fftconvolve":
        return sig.fftconvolve(v, k, mode=p["mode"])
    return getattr(sig, p["fn"])(v, k, mode=p["mode"], method=p["method"])


op("r32_signal", numpy_ref=False, grad_ok=True)((_draw_signal, _apply_signal))


# ---------------------------------------------------------------------------------------------
# r32_ndimage: map_coordinates

ND_MODES = ["constant", "nearest", "wrap", "mirror", "reflect"]


def _draw_ndimage(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size >= 1):
        return None
    rank = 2 if x.ndim >= 2 and x.shape[0] >= 1 else 1
    k = rng.randint(1, 5)
    coords = [[round(rng.uniform(-2.5, 6.5), 2) for _ in range(k)] for _ in range(rank)]
    return [i], {
        "order": rng.choice([0, 1]),
        "mode": rng.choice(ND_MODES),
        "cval": rng.choice([0.0, -1.5]),
        "coords": coords,
    }


def _apply_ndimage(B, p, x):
    k = len(p["coords"][0])
    if not B.jaxlike:
        return _zeros([k], "float32")
    n = B.np
    v = _f32(B, x)
    v = v.reshape(x.shape[0], -1) if len(p["coords"]) == 2 else n.ravel(v)
    coords = [n.asarray(np.asarray(c, np.float32)) for c in p["coords"]]
    nd = _mod(B, "scipy.ndimage")
    return nd.map_coordinates(v, coords, order=p["order"], mode=p["mode"], cval=p["cval"])


op("r32_ndimage", numpy_ref=False, grad_ok=lambda p: p["order"] == 1)(
    (_draw_ndimage, _apply_ndimage)
)


# ---------------------------------------------------------------------------------------------
# r32_factor: cho_factor / cho_solve, lu_factor / lu_solve


def _draw_factor(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size >= 1):
        return None
    return [i], {
        "fn": rng.choice(["cho", "lu"]),
        "k": rng.randint(1, 4),
        "lower": rng.random() < 0.5,
        "trans": rng.choice([0, 1, 2]),
        "rhs": rng.choice([0, 1, 2]),  # 0: a vector, else that many columns
    }


def _matrix(B, x, k):
    n = B.np
    v = _flat(B, x)
    v = n.resize(v, (k * k,)).reshape(k, k)
    return v @ v.T + k * n.eye(k, dtype=n.float32), v


def _apply_factor(B, p, x):
    k, rhs = p["k"], p["rhs"]
    shape = [k] if rhs == 0 else [k, rhs]
    if not B.jaxlike:
        return _zeros(shape, "float32")
    n, la = B.np, _mod(B, "scipy.linalg")
    a, m = _matrix(B, x, k)
    b = n.resize(n.ravel(m) + 1.0, (int(np.prod(shape)),)).reshape(shape)
    if p["fn"] == "cho":
        return la.cho_solve(la.cho_factor(a, lower=p["lower"]), b)
    a = a + m * 0.5  # not symmetric: trans matters
    return la.lu_solve(la.lu_factor(a), b, trans=p["trans"])


op("r32_factor", numpy_ref=False, grad_ok=True)((_draw_factor, _apply_factor))


# ---------------------------------------------------------------------------------------------
# r32_tree: jax.tree over pytrees of values

TREE_KINDS = ["map", "map_none", "reduce", "with_path", "transpose", "leaves_flatten"]


def _draw_tree(rng, vals, i):
    x = vals[i]
    if not _num(x):
        return None
    return [i], {"kind": rng.choice(TREE_KINDS)}


def _apply_tree(B, p, x):
    if not B.jaxlike:
        return _zeros([3] + list(x.shape), "float32")
    n, api = B.np, B.api
    v = _f32(B, x)
    tree = {"a": v, "b": (v * 2, None), "c": [n.sin(v)]}
    kind = p["kind"]
    if kind == "map":
        out = api.tree.map(lambda a, b: a * b + 1, tree, api.tree.map(n.cos, tree))
    elif kind == "map_none":
        out = api.tree.map(
            lambda t: -1.0 if t is None else t - 1, tree, is_leaf=lambda t: t is None
        )
        return n.stack([out["a"], out["b"][0], out["c"][0] + out["b"][1]])
    elif kind == "reduce":
        total = api.tree.reduce(lambda a, b: a + b, tree)
        return n.stack([total, total * 0.5, api.tree.reduce(n.maximum, tree, -9.0)])
    elif kind == "with_path":
        tu = _mod(B, "tree_util")
        out = tu.tree_map_with_path(lambda path, t: t * len(tu.keystr(path)), tree)
    elif kind == "transpose":
        outer = api.tree.structure([0, 0])
        inner = api.tree.structure({"u": 0, "w": 0})
        rows = api.tree.transpose(outer, inner, [{"u": v, "w": v * 3}, {"u": v - 1, "w": v}])
        return n.stack([rows["u"][0] + rows["u"][1], rows["w"][0], rows["w"][1]])
    else:
        leaves, treedef = api.tree.flatten(tree)
        out = api.tree.unflatten(treedef, [leaf * (k + 1) for k, leaf in enumerate(leaves)])
    return n.stack([out["a"], out["b"][0], out["c"][0]])


op("r32_tree", numpy_ref=False, grad_ok=True)((_draw_tree, _apply_tree))


# ---------------------------------------------------------------------------------------------
# r32_callback: pure_callback with vmap_method

VMAP_METHODS = [
    None,  # (under vmap: JAX's NotImplementedError)
    "sequential",
    "sequential_unrolled",
    "expand_dims",
    "broadcast_all",
    "legacy_vectorized",
]


def _draw_callback(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.shape[0] >= 1):
        return None
    return [i], {"method": rng.choice(VMAP_METHODS), "vmap": rng.random() < 0.6}


def _host_fn(a):
    a = np.asarray(a)
    return (np.sin(a) * 2 + a.sum()).astype(np.float32)


def _apply_callback(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    api = B.api
    v = _f32(B, x)

    def call(r):
        out = api.ShapeDtypeStruct(r.shape, r.dtype)
        return api.pure_callback(_host_fn, out, r, vmap_method=p["method"])

    return api.vmap(call)(v) if p["vmap"] else call(v)


op("r32_callback", numpy_ref=False, grad_ok=False)((_draw_callback, _apply_callback))


# ---------------------------------------------------------------------------------------------
# r32_scoped: naming, compile-time evaluation, closure conversion, eval_shape, platforms

SCOPED = ["named_call", "named_scope", "compile_time_eval", "closure_convert", "eval_shape",
          "platform_dependent"]  # fmt: skip


def _draw_scoped(rng, vals, i):
    x = vals[i]
    if not _num(x):
        return None
    return [i], {"kind": rng.choice(SCOPED), "c": rng.choice([0.5, -2.0, 3.0])}


def _apply_scoped(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, api, lax, c = B.np, B.api, B.lax, p["c"]
    v = _f32(B, x)
    kind = p["kind"]
    if kind == "named_call":
        return api.named_call(lambda u: n.sin(u) * c, name="block")(v)
    if kind == "named_scope":
        with api.named_scope("outer"), api.named_scope("inner"):
            return n.tanh(v * c) + 1
    if kind == "compile_time_eval":
        with api.ensure_compile_time_eval():
            k = n.sum(n.arange(4.0, dtype=n.float32)) * c
        return v * k
    if kind == "closure_convert":
        w = n.cos(v)
        converted, consts = api.closure_convert(lambda u: u * w + c, v)
        return converted(v, *consts)
    if kind == "eval_shape":
        s = api.eval_shape(lambda u: n.concatenate([u[None], u[None]]), v)
        return n.zeros(s.shape[1:], s.dtype) + v * c
    return lax.platform_dependent(v, cpu=lambda u: u * c, default=lambda u: u - c)


op("r32_scoped", numpy_ref=False, grad_ok=lambda p: p["kind"] != "platform_dependent")(
    (_draw_scoped, _apply_scoped)
)


# ---------------------------------------------------------------------------------------------
# r32_lax_shape: split / concatenate / transpose / collapse / squeeze / cbrt

SHAPE_KINDS = ["split_concat", "transpose", "collapse", "squeeze", "cbrt"]


def _draw_lax_shape(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1):
        return None
    kind = rng.choice(SHAPE_KINDS)
    axis = rng.randrange(x.ndim)
    d = x.shape[axis]
    cut = rng.randint(0, d)
    perm = list(range(x.ndim))
    rng.shuffle(perm)
    start = rng.randrange(x.ndim)
    stop = rng.randint(start + 1, x.ndim) if x.ndim > 1 else 1
    ones = [k for k, s in enumerate(x.shape) if s == 1]
    if kind == "squeeze" and not ones:
        kind = "transpose"
    if kind == "cbrt" and not _is_float(x):
        kind = "collapse"
    return [i], {
        "kind": kind,
        "axis": axis,
        "sizes": [cut, d - cut],
        "perm": perm,
        "start": start,
        "stop": stop,
        "dims": ones[: rng.randint(1, max(1, len(ones)))],
    }


def _lax_shape(p, shape):
    kind = p["kind"]
    if kind == "transpose":
        return [shape[k] for k in p["perm"]]
    if kind == "collapse":
        s, e = p["start"], p["stop"]
        return shape[:s] + [int(np.prod(shape[s:e]))] + shape[e:]
    if kind == "squeeze":
        return [d for k, d in enumerate(shape) if k not in p["dims"]]
    return shape


def _apply_lax_shape(B, p, x):
    if not B.jaxlike:
        return _zeros(_lax_shape(p, list(x.shape)), str(x.dtype))
    lax, kind = B.lax, p["kind"]
    if kind == "split_concat":
        a, b = lax.split(x, p["sizes"], axis=p["axis"])
        return lax.concatenate([b, a], p["axis"])
    if kind == "transpose":
        return lax.transpose(x, p["perm"])
    if kind == "collapse":
        return lax.collapse(x, p["start"], p["stop"])
    if kind == "squeeze":
        return lax.squeeze(x, p["dims"])
    return lax.cbrt(x)


op("r32_lax_shape", numpy_ref=False, grad_ok=lambda p: p["kind"] != "cbrt")(
    (_draw_lax_shape, _apply_lax_shape)
)


# ---------------------------------------------------------------------------------------------
# r32_image: scale_and_translate

IMAGE_METHODS = ["linear", "cubic", "lanczos3", "lanczos5", "triangle", "bicubic"]


def _draw_image(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    dims = sorted(rng.sample(range(x.ndim), rng.randint(1, min(2, x.ndim))))
    return [i], {
        "dims": dims,
        "out": [max(1, x.shape[d] + rng.choice([-1, 0, 1, 3])) for d in dims],
        "scale": [rng.choice([0.5, 1.0, 1.5, 2.0]) for _ in dims],
        "shift": [rng.choice([0.0, -0.5, 1.25]) for _ in dims],
        "method": rng.choice(IMAGE_METHODS),
        "antialias": rng.random() < 0.5,
    }


def _image_shape(p, shape):
    out = list(shape)
    for d, s in zip(p["dims"], p["out"]):
        out[d] = s
    return out


def _apply_image(B, p, x):
    shape = _image_shape(p, list(x.shape))
    if not B.jaxlike:
        return _zeros(shape, "float32")
    n, image = B.np, _mod(B, "image")
    return image.scale_and_translate(
        _f32(B, x),
        shape,
        p["dims"],
        n.asarray(p["scale"], n.float32),
        n.asarray(p["shift"], n.float32),
        method=p["method"],
        antialias=p["antialias"],
    )


op("r32_image", numpy_ref=False, grad_ok=True)((_draw_image, _apply_image))


# ---------------------------------------------------------------------------------------------
# r32_init: jax.nn.initializers

INITS = [
    "glorot_normal",
    "glorot_uniform",
    "he_normal",
    "he_uniform",
    "lecun_normal",
    "lecun_uniform",
    "orthogonal",
    "variance_scaling",
    "truncated_normal",
    "uniform",
    "normal",
    "constant",
]


def _draw_init(rng, vals, i):
    x = vals[i]
    if not (_is_float(x) and x.ndim >= 2 and x.size > 0):
        return None
    return [i], {
        "fn": rng.choice(INITS),
        "seed": rng.randint(0, 99),
        "mode": rng.choice(["fan_in", "fan_out", "fan_avg"]),
        "dist": rng.choice(["truncated_normal", "normal", "uniform"]),
    }


def _initializer(init, p):
    fn = p["fn"]
    if fn == "variance_scaling":
        return init.variance_scaling(2.0, p["mode"], p["dist"])
    if fn in ("truncated_normal", "normal", "uniform"):
        return getattr(init, fn)(0.5)
    if fn == "constant":
        return init.constant(-0.75)
    if fn == "orthogonal":
        return init.orthogonal(scale=1.5)
    return getattr(init, fn)()


def _apply_init(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    init = _mod(B, "nn.initializers")
    key = B.random.key(p["seed"])
    w = _initializer(init, p)(key, tuple(x.shape), B.np.float32)
    return _f32(B, x) + w


op("r32_init", numpy_ref=False, grad_ok=True)((_draw_init, _apply_init))


# ---------------------------------------------------------------------------------------------
# r32_scipy: rankdata, trapezoid, RegularGridInterpolator, vq, block_diag, toeplitz, hilbert,
# polar

SCIPY_FNS = ["rankdata", "trapezoid", "grid_interp", "vq", "block_diag", "toeplitz", "hilbert",
             "polar"]  # fmt: skip
RANK_METHODS = ["average", "min", "max", "dense", "ordinal"]


def _draw_scipy(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size >= 2):
        return None
    fn = rng.choice(SCIPY_FNS)
    return [i], {
        "fn": fn,
        "method": rng.choice(RANK_METHODS),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "interp": rng.choice(["linear", "nearest"]),
        "fill": rng.choice([None, -3.0]),
        "k": rng.randint(2, 4),
    }


def _scipy_shape(p, shape):
    fn, size, k = p["fn"], int(np.prod(shape)), p["k"]
    if fn == "rankdata":
        return shape
    if fn == "trapezoid":
        return [d for j, d in enumerate(shape) if j != p["axis"] % len(shape)]
    if fn == "grid_interp":
        return [3]
    if fn == "vq":
        return [2, size // 2]
    if fn == "block_diag":
        return [k + 2, k + 3]
    if fn == "toeplitz":
        return [min(size, 4), min(size, 3)]
    if fn == "hilbert":
        return [k, k]
    return [2, k, k]


def _apply_scipy(B, p, x):
    shape = _scipy_shape(p, list(x.shape))
    if not B.jaxlike:
        return _zeros(shape, "float32")
    n, fn, k = B.np, p["fn"], p["k"]
    v = _f32(B, x)
    if fn == "rankdata":
        r = _mod(B, "scipy.stats").rankdata(n.round(v * 4), method=p["method"], axis=p["axis"])
        return r.astype(n.float32)
    if fn == "trapezoid":
        return _mod(B, "scipy.integrate").trapezoid(v, dx=0.5, axis=p["axis"])
    flat = n.ravel(v)
    if fn == "grid_interp":
        g = n.resize(flat, (6,)).reshape(2, 3)
        interp = _mod(B, "scipy.interpolate").RegularGridInterpolator(
            (n.asarray([0.0, 1.0]), n.asarray([0.0, 1.0, 2.0])),
            g,
            method=p["interp"],
            bounds_error=False,
            fill_value=p["fill"],
        )
        pts = n.asarray([[0.25, 0.5], [0.9, 1.75], [1.5, -0.5]], n.float32)
        return interp(pts).astype(n.float32)
    if fn == "vq":
        m = flat[: (flat.shape[0] // 2) * 2].reshape(-1, 2)
        codes, dist = _mod(B, "scipy.cluster.vq").vq(m, n.asarray([[0.0, 0.0], [0.5, -0.5]]))
        return n.stack([codes.astype(n.float32), dist.astype(n.float32)])
    la = _mod(B, "scipy.linalg")
    if fn == "block_diag":
        a = n.resize(flat, (k * k,)).reshape(k, k)
        return la.block_diag(a, n.resize(flat, (6,)).reshape(2, 3))
    if fn == "toeplitz":
        return la.toeplitz(flat[: min(flat.shape[0], 4)], flat[::-1][:3])
    if fn == "hilbert":
        return la.hilbert(k).astype(n.float32) + flat[0]
    a = n.resize(flat, (k * k,)).reshape(k, k) + 2 * n.eye(k, dtype=n.float32)
    u, h = la.polar(a)
    return n.stack([u, h])


op("r32_scipy", numpy_ref=False, grad_ok=False)((_draw_scipy, _apply_scipy))
