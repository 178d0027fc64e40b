"""check_grads: jvp against central finite differences, vjp against jvp, to a given order."""

from __future__ import annotations

from functools import partial

import numpy as np

from meshjit.compiler.ad.api import float0, jvp, vjp
from meshjit.compiler.ir import dtypes
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

# Per dtype: (finite-difference step, default atol and rtol).
_DEFAULTS = {
    dtypes.float32: (1e-2, 2e-2),
    dtypes.float16: (1e-1, 1e-1),
    dtypes.bfloat16: (1e-1, 1e-1),
    dtypes.float64: (1e-4, 1e-5),
}


def _is_float(x) -> bool:
    return dtypes.is_float(np.asarray(x).dtype)


def _random_like(rng, tree):
    """A standard normal tree shaped like `tree` (float0 zeros for integer leaves)."""
    leaves, treedef = tree_flatten(tree)
    out = []
    for x in leaves:
        a = np.asarray(x)
        if _is_float(a):
            out.append(rng.standard_normal(a.shape).astype(a.dtype))
        else:
            out.append(np.zeros(a.shape, float0))
    return tree_unflatten(treedef, out)


def _step(args, tangents, scale):
    """args + scale * tangents on the float leaves."""
    a_leaves, treedef = tree_flatten(args)
    t_leaves = tree_flatten(tangents, is_leaf=lambda x: getattr(x, "dtype", None) == float0)[0]
    out = []
    for a, t in zip(a_leaves, t_leaves):
        a = np.asarray(a)
        if _is_float(a):
            a = (a.astype(np.float64) + scale * np.asarray(t, np.float64)).astype(a.dtype)
        out.append(a)
    return tree_unflatten(treedef, out)


def _tolerances(tree, atol, rtol, eps):
    floats = [np.asarray(x).dtype for x in tree_flatten(tree)[0] if _is_float(x)]
    step, tol = max(
        (_DEFAULTS.get(d, _DEFAULTS[dtypes.float32]) for d in floats),
        default=(_DEFAULTS[dtypes.float32]),
    )
    return (
        (tol if atol is None else atol),
        (tol if rtol is None else rtol),
        (step if eps is None else eps),
    )


def _assert_close(what, actual, expected, atol, rtol):
    a_leaves = [np.asarray(x, np.float64) for x in tree_flatten(actual)[0] if _is_float(x)]
    e_leaves = [np.asarray(x, np.float64) for x in tree_flatten(expected)[0] if _is_float(x)]
    assert len(a_leaves) == len(e_leaves), f"{what}: {len(a_leaves)} vs {len(e_leaves)} outputs"
    for i, (a, e) in enumerate(zip(a_leaves, e_leaves)):
        np.testing.assert_allclose(a, e, atol=atol, rtol=rtol, err_msg=f"{what} (output {i})")


def _inner(x, y) -> float:
    xs = [np.asarray(v, np.float64) for v in tree_flatten(x)[0] if _is_float(v)]
    ys = [np.asarray(v, np.float64) for v in tree_flatten(y)[0] if _is_float(v)]
    return float(sum(np.sum(a * b) for a, b in zip(xs, ys)))


EPS = 1e-4  # JAX's finite-difference step of check_jvp / check_vjp


def check_jvp(f, f_jvp, args, atol=None, rtol=None, eps=EPS, err_msg=""):
    """JAX's jax.test_util.check_jvp: `f_jvp(args, tangents)` (typically `partial(jvp, f)`)
    against central finite differences of `f` in one random direction."""
    args = tuple(args)
    atol, rtol, eps = _tolerances(args, atol, rtol, eps)
    _jvp_vs_differences(f, f_jvp, args, atol, rtol, eps, np.random.RandomState(0), err_msg)


def check_vjp(f, f_vjp, args, atol=None, rtol=None, eps=EPS, err_msg=""):
    """JAX's jax.test_util.check_vjp: `f_vjp(*args)` (typically `partial(vjp, f)`) against
    finite differences of `f`: <vjp(ct), t> == <ct, (f(x + eps t) - f(x - eps t)) / 2 eps>."""
    args = tuple(args)
    atol, rtol, eps = _tolerances(args, atol, rtol, eps)
    rng = np.random.RandomState(0)
    out, vjp_fun = f_vjp(*args)
    _assert_close(_what("vjp primal output vs f", err_msg), out, f(*args), atol, rtol)
    tangents = _random_like(rng, args)
    ct = _random_like(rng, out)
    _inner_products_match(vjp_fun, ct, tangents, _differences(f, args, tangents, eps), atol, rtol)


def _what(what: str, err_msg: str) -> str:
    return f"{err_msg}: {what}" if err_msg else what


def _differences(f, args, tangents, eps):
    """(f(x + eps t) - f(x - eps t)) / (2 eps), in float64 on the float outputs."""
    plus, minus = f(*_step(args, tangents, eps)), f(*_step(args, tangents, -eps))
    p_leaves, treedef = tree_flatten(plus)
    m_leaves = tree_flatten(minus)[0]
    differences = [
        (np.asarray(p, np.float64) - np.asarray(m, np.float64)) / (2 * eps) if _is_float(p) else p
        for p, m in zip(p_leaves, m_leaves)
    ]
    return tree_unflatten(treedef, differences)


def _jvp_vs_differences(f, f_jvp, args, atol, rtol, eps, rng, err_msg=""):
    """f_jvp(args, t) against (f(x + eps t) - f(x - eps t)) / (2 eps)."""
    tangents = _random_like(rng, args)
    out, t_out = f_jvp(args, tangents)
    _assert_close(_what("jvp primal output vs f", err_msg), out, f(*args), atol, rtol)
    expected = _differences(f, args, tangents, eps)
    _assert_close(_what("jvp vs finite differences", err_msg), t_out, expected, atol, rtol)


def _vjp_vs_jvp(f, args, *, atol, rtol, rng):
    """<vjp(ct), t> against <ct, jvp(t)>."""
    out, f_vjp = vjp(f, *args)
    ct = _random_like(rng, out)
    tangents = _random_like(rng, args)
    _, t_out = jvp(f, args, tangents)
    _inner_products_match(f_vjp, ct, tangents, t_out, atol, rtol)


def _inner_products_match(vjp_fun, ct, tangents, t_out, atol, rtol):
    lhs, rhs = _inner(vjp_fun(ct), tangents), _inner(ct, t_out)
    scale = max(1.0, abs(lhs), abs(rhs))
    assert abs(lhs - rhs) <= atol + rtol * scale, (
        f"vjp vs jvp: <vjp(ct), t> = {lhs} but <ct, jvp(t)> = {rhs}"
    )


def check_grads(f, args, order, modes=("fwd", "rev"), atol=None, rtol=None, eps=None):
    """Checks f's derivatives at args (a tuple) up to `order`, in the given modes."""
    from meshjit.compiler.jit.api import jit

    args = tuple(args)
    atol, rtol, eps = _tolerances(args, atol, rtol, eps)
    rng = np.random.RandomState(0)
    _check(jit(f), args, order, tuple(modes), atol, rtol, eps, rng)


def _check(f, args, order, modes, atol, rtol, eps, rng):
    from meshjit.compiler.jit.api import jit

    if "fwd" in modes:
        _jvp_vs_differences(f, partial(jvp, f), args, atol, rtol, eps, rng)
        if order > 1:
            tangents = _random_like(rng, args)

            def f_jvp(*xs):
                return jvp(f, xs, tangents)[1]

            _check(jit(f_jvp), args, order - 1, ("fwd",), atol, rtol, eps, rng)
    if "rev" in modes:
        _vjp_vs_jvp(f, args, atol=atol, rtol=rtol, rng=rng)
        if order > 1:
            ct = _random_like(rng, f(*args))

            def f_vjp(*xs):
                return vjp(f, *xs)[1](ct)

            _check(jit(f_vjp), args, order - 1, ("rev",), atol, rtol, eps, rng)
