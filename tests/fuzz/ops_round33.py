"""Round 33: functions real programs call that no earlier round drew:

- `r33_linalg`: jax.scipy.linalg solve_triangular (lower / trans / unit_diagonal), expm,
  hankel, circulant, companion and dft on a matrix or vector made from the value;
- `r33_dct`: jax.scipy.fft dct / idct (n, axis, norm) and dctn / idctn (axes, norm);
- `r33_tree_path`: jax.tree map_with_path / leaves_with_path / flatten_with_path /
  reduce_associative and flatten_util.ravel_pytree over a pytree of values;
- `r33_solve`: jax.scipy.sparse.linalg cg / bicgstab / gmres on a well-conditioned symmetric
  positive definite matrix, stats.sem and stats.norm.pdf.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import importlib

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round28 import _zeros
from tests.fuzz.ops_round31 import _f32
from tests.fuzz.registry import op


def _mod(B, name):
    return importlib.import_module(B.api.__name__ + "." + name)


def _vector(B, x, k):
    n = B.np
    return n.resize(n.ravel(_f32(B, x)), (k,))


# ---------------------------------------------------------------------------------------------
# r33_linalg

LINALG = ["solve_triangular", "expm", "hankel", "circulant", "companion", "dft"]


def _draw_linalg(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size >= 1):
        return None
    return [i], {
        "fn": rng.choice(LINALG),
        "k": rng.randint(1, 4),
        "lower": rng.random() < 0.5,
        "trans": rng.choice([0, 1, 2, "N", "T"]),
        "unit": rng.random() < 0.3,
        "scale": rng.choice([None, "sqrtn", "n"]),
    }


def _apply_linalg(B, p, x):
    k = p["k"]
    if not B.jaxlike:
        return _zeros([k, k], "float32")
    n, la = B.np, _mod(B, "scipy.linalg")
    v = _vector(B, x, k * k + k + 1)
    m = v[: k * k].reshape(k, k)
    fn = p["fn"]
    if fn == "solve_triangular":
        a = m + 3.0 * n.eye(k, dtype=n.float32)  # a diagonal away from zero
        b = m * 2 - 1
        return la.solve_triangular(
            a, b, trans=p["trans"], lower=p["lower"], unit_diagonal=p["unit"]
        )
    if fn == "expm":
        return la.expm(m)
    if fn == "hankel":
        return la.hankel(v[:k], v[k : 2 * k])
    if fn == "circulant":
        return la.circulant(v[:k])
    if fn == "companion":
        c = v[: k + 1]
        return la.companion(c.at[0].set(c[0] + 2.0))  # a[0] away from zero
    d = la.dft(k, scale=p["scale"])
    return n.real(d) @ m + n.imag(d)


op("r33_linalg", numpy_ref=False, grad_ok=True)((_draw_linalg, _apply_linalg))


# ---------------------------------------------------------------------------------------------
# r33_dct


def _draw_dct(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size >= 1):
        return None
    axes = sorted(rng.sample(range(x.ndim), rng.randint(1, min(2, x.ndim))))
    return [i], {
        "fn": rng.choice(["dct", "idct", "dctn", "idctn"]),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "n": rng.choice([None, 1, 3, 6]),
        "axes": axes,
        "norm": rng.choice([None, "ortho"]),
    }


def _dct_shape(p, shape):
    if p["fn"] in ("dctn", "idctn") or p["n"] is None:
        return shape
    out = list(shape)
    out[p["axis"]] = p["n"]
    return out


def _apply_dct(B, p, x):
    if not B.jaxlike:
        return _zeros(_dct_shape(p, list(x.shape)), "float32")
    fft = _mod(B, "scipy.fft")
    v = _f32(B, x)
    if p["fn"] in ("dctn", "idctn"):
        return getattr(fft, p["fn"])(v, axes=p["axes"], norm=p["norm"])
    return getattr(fft, p["fn"])(v, n=p["n"], axis=p["axis"], norm=p["norm"])


op("r33_dct", numpy_ref=False, grad_ok=True)((_draw_dct, _apply_dct))


# ---------------------------------------------------------------------------------------------
# r33_tree_path

TREE_PATH = ["map_with_path", "leaves_with_path", "flatten_with_path", "reduce_associative",
             "ravel_pytree"]  # fmt: skip


def _draw_tree_path(rng, vals, i):
    x = vals[i]
    if not _num(x):
        return None
    return [i], {"kind": rng.choice(TREE_PATH)}


def _apply_tree_path(B, p, x):
    if not B.jaxlike:
        return _zeros([3] + list(x.shape), "float32")
    n, api = B.np, B.api
    v = _f32(B, x)
    tree = {"a": v, "b": (v * 2, None), "c": [n.sin(v)]}
    kind = p["kind"]
    if kind == "map_with_path":
        out = api.tree.map_with_path(lambda path, t: t + len(path), tree)
        return n.stack([out["a"], out["b"][0], out["c"][0]])
    if kind in ("leaves_with_path", "flatten_with_path"):
        pairs = (
            api.tree.leaves_with_path(tree)
            if kind == "leaves_with_path"
            else api.tree.flatten_with_path(tree)[0]
        )
        return n.stack([t * (len(path) + k) for k, (path, t) in enumerate(pairs)])
    if kind == "reduce_associative":
        total = api.tree.reduce_associative(lambda a, b: a + b, tree)
        return n.stack([total, total * 2, api.tree.reduce_associative(n.maximum, tree)])
    flat, unravel = _mod(B, "flatten_util").ravel_pytree(tree)
    back = unravel(flat * 0.5 + 1)
    return n.stack([back["a"], back["b"][0], back["c"][0]])


op("r33_tree_path", numpy_ref=False, grad_ok=True)((_draw_tree_path, _apply_tree_path))


# ---------------------------------------------------------------------------------------------
# r33_solve: iterative solvers, sem, norm.pdf

SOLVES = ["cg", "bicgstab", "gmres", "sem", "norm_pdf"]


def _draw_solve(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size >= 1):
        return None
    return [i], {"fn": rng.choice(SOLVES), "k": rng.randint(1, 4), "ddof": rng.choice([0, 1])}


def _apply_solve(B, p, x):
    k = p["k"]
    if not B.jaxlike:
        return _zeros([k], "float32")
    n, fn = B.np, p["fn"]
    v = _vector(B, x, k * k + k)
    m = v[: k * k].reshape(k, k)
    a = m @ m.T + k * n.eye(k, dtype=n.float32)
    b = v[k * k :] + 1.0
    if fn in ("cg", "bicgstab", "gmres"):
        solver = getattr(_mod(B, "scipy.sparse.linalg"), fn)
        return solver(a, b, tol=1e-6, maxiter=50)[0]
    stats = _mod(B, "scipy.stats")
    if fn == "sem":
        return stats.sem(m + n.arange(k, dtype=n.float32), axis=0, ddof=p["ddof"])
    return stats.norm.pdf(b, loc=0.25, scale=1.5)


op("r33_solve", numpy_ref=False, grad_ok=lambda p: p["fn"] in ("norm_pdf",))(
    (_draw_solve, _apply_solve)
)
