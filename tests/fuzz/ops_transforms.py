"""The fuzzer's compositions of transforms (round 12): vmap of grad of scan, jit inside vmap,
grad through cond inside fori_loop, jvp / vjp / grad with integer inputs (`float0` tangents and
cotangents, `allow_int`), `custom_jvp` / `custom_vjp` functions (under grad, jvp and vmap),
`checkpoint` (with a policy, and as a scan body), hessian, jacfwd of jacrev, `has_aux`,
`linearize`, `stop_gradient`, grad through a random draw.

`B.api` is the framework's top-level module (`jax` or `meshjit`); the NumPy backend has none and
only types these steps (`numpy_ref=False`: JAX is the reference).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.registry import op

KINDS = [
    "vmap_grad_scan",
    "jit_in_vmap",
    "grad_fori_cond",
    "jvp_int",
    "vjp_int",
    "grad_allow_int",
    "custom_jvp",
    "custom_jvp_vmap",
    "custom_vjp",
    "custom_vjp_vmap",
    "checkpoint",
    "checkpoint_policy",
    "remat_scan",
    "hessian",
    "jacfwd_jacrev",
    "has_aux",
    "linearize",
    "vmap_jvp",
    "grad_vmap",
    "stop_gradient",
    "grad_random",
    "jit_nested_static",
    "value_and_grad_argnums",
    "custom_jvp_nondiff",
]
SQUARE = {"hessian", "jacfwd_jacrev"}  # results (n, n) of a flat n


def _draw_transform(rng, vals, i):
    x = vals[i]
    if str(x.dtype) != "float32" or not x.ndim:
        return None
    kind = rng.choice(KINDS)
    if kind in SQUARE and x.size > 8:
        return None
    if kind in ("vmap_grad_scan", "remat_scan") and x.ndim < 2:
        return None
    return [i], {"kind": kind, "n": rng.randint(0, 3), "c": rng.choice([0.5, -1.0, 2.0])}


def _result_shape(kind, x):
    if kind in SQUARE:
        return (x.size, x.size)
    return x.shape


def _f(np_, v, c):
    """A smooth scalar-free function of one value (shape-preserving)."""
    return np_.sin(v) * c + np_.tanh(v * v) * 0.5


def _apply_transform(B, p, x):
    if B.api is None:  # the NumPy backend: the type only
        return np.zeros(_result_shape(p["kind"], x), np.float32)
    api, np_, lax = B.api, B.np, B.lax
    kind, n, c = p["kind"], p["n"], p["c"]

    def loss(v):
        return np_.sum(_f(np_, v, c))

    if kind == "vmap_grad_scan":  # per row: the gradient of a scan over the row's rows

        def row_loss(r):
            def body(carry, e):
                carry = carry * 0.5 + np_.sin(e) * c
                return carry, carry * e

            carry, ys = lax.scan(body, r[0] * 0, r)
            return np_.sum(carry) + np_.sum(ys)

        return api.vmap(api.grad(row_loss))(x)
    if kind == "jit_in_vmap":
        return api.vmap(api.jit(lambda r: _f(np_, r, c) * np_.sum(r)), in_axes=-1, out_axes=-1)(x)
    if kind == "grad_fori_cond":

        def fl(v):
            def body(i, u):
                return lax.cond(np_.sum(u) > i, lambda w: np_.sin(w) * c, lambda w: w * 0.5 + i, u)

            return np_.sum(lax.fori_loop(0, n + 1, body, v))

        return api.grad(fl)(x)
    if kind in ("jvp_int", "vjp_int", "grad_allow_int"):
        k = np_.floor(np_.clip(x, -3, 3)).astype(np_.int32)

        def g(v, kk):
            return _f(np_, v, c) * kk.astype(np_.float32) + v

        if kind == "jvp_int":
            zero = np.zeros(k.shape, api.dtypes.float0)
            primal, tangent = api.jvp(g, (x, k), (np_.cos(x), zero))
            return primal + tangent
        if kind == "vjp_int":
            _, pullback = api.vjp(g, x, k)
            ct_x, ct_k = pullback(np_.ones_like(x) * c)
            # the integer input's cotangent: float0 zeros of its shape
            ok = str(ct_k.dtype) == "[('float0', 'V')]" and ct_k.shape == k.shape
            return ct_x + (1.0 if ok else 100.0)
        gx, gk = api.grad(lambda v, kk: np_.sum(g(v, kk)), argnums=(0, 1), allow_int=True)(x, k)
        ok = str(gk.dtype) == "[('float0', 'V')]" and gk.shape == k.shape
        return gx + (1.0 if ok else 100.0)
    if kind in ("custom_jvp", "custom_jvp_vmap", "custom_jvp_nondiff"):
        if kind == "custom_jvp_nondiff":
            h = api.custom_jvp(lambda v, scale: np_.sin(v) * scale, nondiff_argnums=(1,))
            h.defjvp(
                lambda scale, primals, tangents: (
                    np_.sin(primals[0]) * scale,
                    np_.cos(primals[0]) * scale * 3 * tangents[0],
                )
            )
            return api.grad(lambda v: np_.sum(h(v, c)))(x) + h(x, c)

        @api.custom_jvp
        def h(v):
            return np_.sin(v) * c

        @h.defjvp
        def h_jvp(primals, tangents):  # deliberately not the true derivative
            (v,), (t,) = primals, tangents
            return h(v), np_.cos(v) * c * 3 * t + v * t

        if kind == "custom_jvp_vmap":
            return api.vmap(api.grad(lambda r: np_.sum(h(r))))(x)
        primal, tangent = api.jvp(h, (x,), (np_.ones_like(x),))
        return api.grad(lambda v: np_.sum(h(v) * v))(x) + tangent * 0.5 + primal
    if kind in ("custom_vjp", "custom_vjp_vmap"):

        @api.custom_vjp
        def h(v):
            return np_.tanh(v) * c

        def h_fwd(v):
            return h(v), (v, np_.cos(v))

        def h_bwd(res, g):  # deliberately not the true derivative
            v, cv = res
            return (g * cv * 2 + v,)

        h.defvjp(h_fwd, h_bwd)
        if kind == "custom_vjp_vmap":
            return api.vmap(api.grad(lambda r: np_.sum(h(r) * r)))(x)
        return api.grad(lambda v: np_.sum(h(v) * h(v)))(x)
    if kind == "checkpoint":
        return api.grad(api.checkpoint(lambda v: np_.sum(np_.sin(np_.sin(v) * c) * v)))(x)
    if kind == "checkpoint_policy":
        f = api.checkpoint(
            lambda v: np_.sum(np_.tanh(v @ np_.swapaxes(v, -1, -2) if v.ndim >= 2 else v * v) * c),
            policy=api.checkpoint_policies.dots_with_no_batch_dims_saveable,
        )
        return api.grad(f)(x)
    if kind == "remat_scan":

        def body(carry, e):
            return carry * np_.cos(e) + e * c, np_.sin(carry)

        def scanned(v):
            carry, ys = lax.scan(api.checkpoint(body), v[0], v)
            return np_.sum(carry) + np_.sum(ys)

        return api.grad(scanned)(x)
    if kind == "hessian":
        return api.hessian(lambda v: np_.sum(v * v * v * c + np_.tanh(v)))(np_.ravel(x))
    if kind == "jacfwd_jacrev":
        return api.jacfwd(api.jacrev(lambda v: np_.sum(np_.sin(v) * v * c)))(np_.ravel(x))
    if kind == "has_aux":
        g, aux = api.grad(lambda v: (loss(v), np_.cos(v) * c), has_aux=True)(x)
        return g + aux
    if kind == "linearize":
        y, f_jvp = api.linearize(lambda v: _f(np_, v, c), x)
        return y + f_jvp(np_.cos(x))
    if kind == "vmap_jvp":
        return api.vmap(lambda r: api.jvp(lambda u: _f(np_, u, c), (r,), (r * 0 + 1,))[1])(x)
    if kind == "grad_vmap":
        return api.grad(lambda v: np_.sum(api.vmap(lambda r: np_.sum(np_.sin(r)) * r)(v)))(x)
    if kind == "stop_gradient":
        return api.grad(lambda v: np_.sum(v * lax.stop_gradient(np_.sin(v) * c) + v * v))(x)
    if kind == "grad_random":
        key = api.random.key(n)

        def noisy(v):
            return np_.sum(v * api.random.normal(key, v.shape) + np_.sin(v * c))

        return api.grad(noisy)(x)
    if kind == "jit_nested_static":
        f = api.jit(lambda v, m: _f(np_, v, c) * m, static_argnums=1)
        return f(x, n) + f(x, 2)
    v, (g,) = api.value_and_grad(lambda u, w: np_.sum(np_.sin(u) * w), argnums=(1,))(x * 0.5, x)
    return g + v


op("transform", numpy_ref=False)((_draw_transform, _apply_transform))
