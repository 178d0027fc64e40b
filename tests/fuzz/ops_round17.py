"""Round 17: what real programs do that the earlier rounds did not draw.

- (group np17) `jnp.fft` with `n=` / `s=` / `axes=` / `norm=` on real, integer and low-precision
  values (complex results returned as their real and imaginary parts), `fftshift` / `fftfreq`;
  `jnp.linalg` beyond the factorizations (inv, pinv, lstsq, qr's sign-free parts, slogdet,
  matrix_power, matrix_rank, norms of every order, eigvalsh, svdvals) on well-conditioned
  matrices; the programs of this round's fixes;
- (group np17t) control flow with random bodies (cond / switch / while / fori / scan /
  associative_scan, each body one of a few compositions), custom_jvp / custom_vjp with random
  rules (zero, scaled, residual pytrees, nondiff_argnums, None cotangents), `new_ref` reads and
  writes inside jit, an inner jit and a scan; (group np17x, never under vmap: JAX's vmap
  refuses them) refs written in a scan or an inner jit, and jit programs exported with a
  symbolic leading dim (`export.export(jit(g))(ShapeDtypeStruct(symbolic_shape("b, ..."),
  ...)).call(x)`);
- (group np17r) random samplers on keys from `random.key` and `random.PRNGKey` (bits, integer
  and every continuous / discrete sampler JAX has), seeds traced in the program: the numbers
  must be JAX's bit for bit (integers compare exactly);
- (group np17s) explicit-sharding types: values resharded onto the program's mesh with Explicit
  axes, then ops whose sharding rules type the result (or refuse it, as JAX).

Entries join ops_api.py's TABLE (vocabulary.py sweeps them); JAX is the reference, the NumPy
backend only types them.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.ops_round15 import _f32, _nd, _num, _zeros
from tests.fuzz.registry import op

_GROUP[0] = "np17"


def _np_only(B, shape, dtype):
    """None on a JAX-like backend, else zeros of JAX's type (the NumPy backend only types)."""
    return None if B.jaxlike else _zeros(shape, dtype)


def _parts(n, z):
    """A complex value's real and imaginary parts, stacked (JSON has no complex numbers)."""
    return n.stack([n.real(z), n.imag(z)]).astype(n.float32)


# -- jnp.fft: (name, output shape of x's shape, function)


def _last(shape, k):
    return tuple(shape[:-1]) + (k,)


FFTS = {
    "fft": (lambda s: (2,) + s, lambda f, x: f.fft(x)),
    "fft_n_short": (lambda s: (2,) + _last(s, 2), lambda f, x: f.fft(x, n=2, norm="ortho")),
    "fft_n_long": (lambda s: (2,) + _last(s, 7), lambda f, x: f.fft(x, n=7, axis=-1)),
    "ifft_forward": (lambda s: (2,) + s, lambda f, x: f.ifft(x, norm="forward")),
    "rfft": (lambda s: (2,) + _last(s, s[-1] // 2 + 1), lambda f, x: f.rfft(x)),
    "rfft_n": (lambda s: (2,) + _last(s, 4), lambda f, x: f.rfft(x, n=6, norm="ortho")),
    "irfft": (lambda s: _last(s, 2 * (s[-1] - 1) if s[-1] > 1 else 2), None),
    "irfft_n": (lambda s: _last(s, 5), None),
    "hfft": (lambda s: _last(s, 2 * (s[-1] - 1) if s[-1] > 1 else 2), None),
    "ihfft": (lambda s: (2,) + _last(s, s[-1] // 2 + 1), lambda f, x: f.ihfft(x)),
    "fft2": (lambda s: (2,) + s, lambda f, x: f.fft2(x)),
    "ifft2_s": (lambda s: (2,) + tuple(s[:-2]) + (3, 2), lambda f, x: f.ifft2(x, s=(3, 2))),
    "fftn_axes": (lambda s: (2,) + s, lambda f, x: f.fftn(x, axes=(0, -1))),
    "rfft2": (lambda s: (2,) + _last(s, s[-1] // 2 + 1), lambda f, x: f.rfft2(x)),
    "rfftn_s": (lambda s: (2,) + tuple(s[:-2]) + (2, 3), lambda f, x: f.rfftn(x, s=(2, 4))),
    "irfft2": (lambda s: tuple(s[:-1]) + (2 * (s[-1] - 1) if s[-1] > 1 else 2,), None),
    "fftshift": (lambda s: s, None),
    "ifftshift_axis": (lambda s: s, None),
}
_FFT_REAL = {  # real results (irfft / hfft: a complex input built from x)
    "irfft": lambda f, z: f.irfft(z),
    "irfft_n": lambda f, z: f.irfft(z, n=5, norm="forward"),
    "hfft": lambda f, z: f.hfft(z),
    "irfft2": lambda f, z: f.irfft2(z),
    "fftshift": lambda f, z: f.fftshift(z.real),
    "ifftshift_axis": lambda f, z: f.ifftshift(z.real, axes=0),
}


def _fft_accepts(name):
    rank = 2 if name[-1] in "2s" or "fftn" in name or "axis" in name else 1
    return _nd(rank, lambda x: (_num(x) and x.size > 0) or x.dtype == np.bool_)


def _fft(B, name, x):
    shape_fn, fn = FFTS[name]
    real = name in _FFT_REAL
    stand_in = _np_only(B, shape_fn(tuple(x.shape)), "float32" if not real else "float32")
    if stand_in is not None:
        return stand_in
    n, f = B.np, B.np.fft
    if not real:
        return _parts(n, fn(f, x))
    z = x.astype(n.float32) + 0.5j * n.cos(x.astype(n.float32))
    return _FFT_REAL[name](f, z).astype(n.float32)


for _name in FFTS:
    entry(f"fft17_{_name}", _fft_accepts(_name))(lambda B, x, y, _n=_name: _fft(B, _n, x))


@entry("fft17_freqs", _nd(1))
def _fft_freqs(B, x, y):
    k = x.shape[-1]
    if not B.jaxlike:
        return _zeros((2 * k + k // 2 + 1,), "float32")
    f = B.np.fft
    return B.np.concatenate([f.fftfreq(k, d=0.5), f.fftshift(f.fftfreq(k)), f.rfftfreq(k, 2.0)])


# -- jnp.linalg on a x a^T / n + 2 I (well conditioned), x's last two dims (or x as a row)


def _spd(n, x):
    a = x.astype(n.float32)
    a = a if a.ndim >= 2 else a[None, :]
    k = a.shape[-1]
    m = (
        n.tanh(a[..., :k, :])
        if a.shape[-2] >= k
        else n.tanh(n.concatenate([a] * k, -2)[..., :k, :])
    )
    return m @ n.swapaxes(m, -1, -2) / k + 2 * n.eye(k, dtype=n.float32)


LINALG17 = {
    "inv": (lambda s: s, lambda la, n, a: la.inv(a)),
    "pinv": (lambda s: s, lambda la, n, a: la.pinv(a[..., :, :-1] if a.shape[-1] > 1 else a)),
    "lstsq": (lambda s: s[:-1], lambda la, n, a: la.lstsq(a, a[..., :, 0] * 2 + 1)[0]),
    "qr_r_abs": (lambda s: s, lambda la, n, a: n.abs(la.qr(a)[1])),
    "qr_product": (lambda s: s, lambda la, n, a: n.matmul(*la.qr(a, mode="reduced"))),
    "slogdet": (lambda s: (2,) + s[:-2], lambda la, n, a: n.stack(la.slogdet(a))),
    "matrix_power": (lambda s: s, lambda la, n, a: la.matrix_power(a / 2, 3)),
    "matrix_power_neg": (lambda s: s, lambda la, n, a: la.matrix_power(a, -2)),
    "matrix_rank": (lambda s: s[:-2], lambda la, n, a: la.matrix_rank(a).astype(n.float32)),
    "norm_nuc": (lambda s: s[:-2], lambda la, n, a: la.norm(a, "nuc", axis=(-2, -1))),
    "norm_2": (lambda s: s[:-2], lambda la, n, a: la.norm(a, 2, axis=(-2, -1))),
    "norm_inf": (lambda s: s[:-2], lambda la, n, a: la.norm(a, n.inf, axis=(-2, -1))),
    "norm_vec_3": (lambda s: s[:-1], lambda la, n, a: la.vector_norm(a, ord=3, axis=-1)),
    "norm_vec_0": (lambda s: s[:-1], lambda la, n, a: la.vector_norm(a - 2, ord=0, axis=-1)),
    "eigvalsh": (lambda s: s[:-1], lambda la, n, a: la.eigvalsh(a, UPLO="U")),
    "svdvals": (lambda s: s[:-1], lambda la, n, a: la.svdvals(a)),
    "cond": (lambda s: s[:-2], lambda la, n, a: la.cond(a)),
    "trace_outer": (lambda s: s[:-2], lambda la, n, a: la.trace(a, offset=1)),
    "cholesky_not_pd": (lambda s: s, lambda la, n, a: la.cholesky(a - 3 * n.eye(a.shape[-1]))),
    "solve_broadcast": (lambda s: s, lambda la, n, a: la.solve(a, n.eye(a.shape[-1]) * 3)),
}


def _linalg17(B, name, x):
    shape_fn, fn = LINALG17[name]
    a_shape = (tuple(x.shape[:-2]) if x.ndim >= 2 else ()) + (x.shape[-1],) * 2
    stand_in = _np_only(B, shape_fn(a_shape), "float32")
    if stand_in is not None:
        return stand_in
    n = B.np
    return fn(n.linalg, n, _spd(n, x)).astype(n.float32)


for _name in LINALG17:
    entry(
        f"la17_{_name}",
        lambda x: (
            (_num(x) or x.dtype == np.bool_)
            and x.ndim >= 1
            and 0 < x.shape[-1] <= 6
            and x.ndim <= 3
        ),
    )(lambda B, x, y, _n=_name: _linalg17(B, _n, x))


# -- the programs of round 17's fixes


@entry("dus_empty_loop_result", _nd(2, _f32))
def _dus_empty(B, x, y):  # XLA failed to compile it on a sharded while result (seed 201172)
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    n, lax = B.np, B.lax
    v = lax.while_loop(lambda c: c[0] < 0, lambda c: (c[0] + 1, c[1] * 2), (0, x))[1]
    zero = n.sum(n.zeros((2,), n.int32))
    return lax.dynamic_update_slice(v, v[..., :0], [zero] * (x.ndim - 1) + [zero + 5])


@entry("slice_one_strided", _nd(1))
def _slice_one(B, x, y):  # XLA's partitioner miscompiled it on a sharded dim (seed 210099)
    k = x.shape[0]
    return B.np.concatenate([x[: -(k // 4) - 1 : -3], x[-1:-2:-3], x[k - 1 : k : 5]])


SMOOTH17 = {f"fft17_{k}" for k in FFTS} | {
    "slice_one_strided",
    "la17_inv",
    "la17_slogdet",
    "la17_matrix_power",
    "la17_qr_product",
    "la17_eigvalsh",
    "la17_solve_broadcast",
    "dus_empty_loop_result",
}


# ---------------------------------------------------------------------------------------------
# np17t: control flow with random bodies, custom derivative rules, refs, symbolic export.

_GROUP[0] = "np17t"


def _bodies(n, lax):
    """Float bodies of one value to one of its shape (lax-only ops, no Python control flow)."""
    return {
        "sin_scale": lambda v: n.sin(v) * 1.5 + 0.25,
        "cumsum_tanh": lambda v: n.tanh(n.cumsum(v, axis=-1) * 0.5) if v.ndim else n.tanh(v),
        "where_clip": lambda v: n.where(v > 0, n.clip(v, None, 1.0), v * 0.5),
        "sort_mix": lambda v: (n.sort(v, axis=-1) if v.ndim else v) * 0.5 + v * 0.25,
        "reduce_bcast": lambda v: v - n.mean(v) + n.max(n.abs(v)) * 0.1,
    }


CONTROL17 = ["cond", "switch", "while", "fori", "scan", "assoc_scan", "cond_vmap"]
BODIES17 = ["sin_scale", "cumsum_tanh", "where_clip", "sort_mix", "reduce_bcast"]


def _control17(B, kind, body, x):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    n, lax = B.np, B.lax
    g = _bodies(n, lax)[body]
    if kind == "cond":
        return lax.cond(n.sum(x) > 0, g, lambda v: v - 1, x)
    if kind == "switch":
        i = (n.sum(x > 0) % 4).astype(n.int32) - 1  # -1 .. 2: clamped to the branches
        return lax.switch(i, [g, lambda v: v * 2, lambda v: g(g(v))], x)
    if kind == "while":
        return lax.while_loop(
            lambda c: (c[0] < 3) & (n.max(n.abs(c[1])) < 50.0),
            lambda c: (c[0] + 1, g(c[1]) + c[1]),
            (0, x),
        )[1]
    if kind == "fori":
        return lax.fori_loop(0, 3, lambda i, v: g(v) * (i + 1).astype(v.dtype), x)
    if kind == "scan":
        carry, ys = lax.scan(lambda c, r: (g(c + r), c * r), x[0] * 0, x)
        return ys + carry
    if kind == "assoc_scan":  # an associative body: g of the sum is not; use g on the output
        return g(lax.associative_scan(lambda a, b: a + b, x, axis=0))
    return B.api.vmap(lambda r: lax.cond(n.sum(r) > 0, g, lambda v: -v, r))(x)


for _kind in CONTROL17:
    for _body in BODIES17:
        entry(f"cf17_{_kind}_{_body}", _nd(1, _f32))(
            lambda B, x, y, _k=_kind, _b=_body: _control17(B, _k, _b, x)
        )


def _rule_fns(api, n, rule):
    """f(v, scale) = tanh(v) * scale with a custom rule of kind `rule`."""
    from functools import partial

    def primal(v, scale):
        return n.tanh(v) * scale

    if rule in ("jvp_scaled", "jvp_zero"):
        f = api.custom_jvp(primal)

        def jvp_rule(primals, tangents):
            v, scale = primals
            out = primal(v, scale)
            if rule == "jvp_zero":
                return out, n.zeros_like(out)
            return out, tangents[0] * (1 - n.tanh(v) ** 2) * scale * 3

        f.defjvp(jvp_rule)
        return f
    if rule == "vjp_nondiff":
        f = partial(api.custom_vjp, nondiff_argnums=(1,))(primal)
        f.defvjp(
            lambda v, scale: (primal(v, scale), {"t": n.tanh(v)}),
            lambda scale, res, g: (g * (1 - res["t"] ** 2) * scale * 0.5,),
        )
        return f
    f = api.custom_vjp(primal)

    def bwd(res, g):
        t, scale = res
        return g * n.sign(t) * 2, None if rule == "vjp_none" else n.sum(g * t)

    f.defvjp(lambda v, scale: (primal(v, scale), (n.tanh(v), scale)), bwd)
    return f


RULES17 = ["jvp_scaled", "jvp_zero", "vjp_nondiff", "vjp_none", "vjp_residuals"]


def _custom17(B, rule, x):
    if not B.jaxlike:
        return _zeros((4,) + x.shape, "float32")
    api, n = B.api, B.np
    f = _rule_fns(api, n, rule)
    scale = 1.5

    def loss(v):
        return n.sum(f(v * 2, scale) * n.cos(v))

    if rule.startswith("jvp"):
        jvp = api.jvp(lambda v: f(v, scale), (x,), (n.ones_like(x) * 0.5,))[1]
    else:  # (JAX's TypeError for the jvp of a custom_vjp function: tests/ad)
        jvp = api.vjp(lambda v: f(v, scale), x)[1](n.ones_like(x) * 0.5)[0]
    per_row = api.vmap(api.grad(lambda r: n.sum(f(r, scale))))(x) if x.ndim else x
    return n.stack([f(x, scale), api.grad(loss)(x), jvp, per_row])


for _rule in RULES17:
    entry(f"custom17_{_rule}", _nd(1, _f32))(lambda B, x, y, _r=_rule: _custom17(B, _r, x))


REFS17 = ["jit_writes", "swap_freeze", "addupdate_index", "scan_accumulate", "inner_jit"]


def _refs17(B, kind, x):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    api, n, lax = B.api, B.np, B.lax
    r = api.new_ref(x)
    if kind == "jit_writes":
        r[...] = r[...] * 2 + 1
        r[0] = r[-1] + r[0]
        return r[...]
    if kind == "inner_jit":

        @api.jit
        def bump(ref, v):
            ref[...] += v

        bump(r, x)
        bump(r, n.ones_like(x))
        return r[...]
    if kind == "scan_accumulate":

        def body(c, row):
            r[0] = r[0] + row
            return c + 1, r[0]

        _, ys = lax.scan(body, 0, x)
        return n.broadcast_to(ys[-1], x.shape) + r[...] - x
    if kind == "swap_freeze":
        old = api.ref.swap(r, ..., x * 3)
        return api.ref.freeze(r) - old
    api.ref.addupdate(r, 0, x[-1])
    api.ref.addupdate(r, ..., x)
    return api.ref.get(r, ...)


for _kind in REFS17[:-2]:
    entry(f"ref17_{_kind}", _nd(1, lambda x: _num(x) and x.shape[0] >= 1))(
        lambda B, x, y, _k=_kind: _refs17(B, _k, x)
    )


def _export_bodies(n, lax):
    """Functions of a value with a symbolic leading dim (shape polymorphic, as JAX traces)."""
    return {
        "elementwise": lambda v: n.sin(v) * 2 + v,
        "reduce_lead": lambda v: n.broadcast_to(n.sum(v, axis=0), v.shape) - v,
        "mean_lead": lambda v: v - n.mean(v, axis=0, keepdims=True),
        "cumsum_lead": lambda v: n.cumsum(v, axis=0),
        "reshape_flat": lambda v: n.reshape(n.reshape(v, (-1,)) * 2, v.shape),
        "arange_lead": lambda v: v + n.arange(v.shape[0]).reshape((-1,) + (1,) * (v.ndim - 1)),
        "concat_self": lambda v: n.concatenate([v, v[::-1]], axis=0)[: v.shape[0]],
        "slice_rest": lambda v: n.concatenate([v[1:], v[:1]], axis=0),
        "where_iota": lambda v: n.where(lax.broadcasted_iota(n.int32, v.shape, 0) % 2 == 0, v, -v),
        "sort_lead": lambda v: n.sort(v, axis=0),
    }


EXPORTS17 = sorted(_export_bodies(np, None))
_GROUP[0] = "np17x"  # never under vmap: JAX has no batching rule for an exported call, and
# JAX's vmap of a ref written in a scan (its __jax_array__ abstractified) or in an inner jit
# (the batch dim moved: swap's shape check) raises
for _kind in REFS17[-2:]:
    entry(f"ref17_{_kind}", _nd(1, lambda x: _num(x) and x.shape[0] >= 1))(
        lambda B, x, y, _k=_kind: _refs17(B, _k, x)
    )


def _export17(B, kind, x):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    api = B.api
    g = _export_bodies(B.np, B.lax)[kind]
    dims = ", ".join(["b"] + [str(d) for d in x.shape[1:]])
    spec = api.ShapeDtypeStruct(api.export.symbolic_shape(dims), x.dtype)
    exported = api.export.export(api.jit(g))(spec)
    return exported.call(x)


for _kind in EXPORTS17:
    entry(f"export17_{_kind}", _nd(1, lambda x: _num(x)))(
        lambda B, x, y, _k=_kind: _export17(B, _k, x)
    )


SMOOTH17 |= {f"cf17_{k}_{b}" for k in CONTROL17 for b in BODIES17 if b != "sort_mix"}
SMOOTH17 |= {f"custom17_{r}" for r in RULES17} | {
    f"export17_{k}" for k in ("elementwise", "reduce_lead", "mean_lead", "cumsum_lead")
}


# ---------------------------------------------------------------------------------------------
# np17r: random samplers on keys from random.key and random.PRNGKey; seeds traced.

_GROUP[0] = "np17r"


def _draws(R, n, key, x):
    """name -> a sample of shape (4,) (float32 unless named)."""
    f32 = n.float32
    return {
        "bits32": lambda: R.bits(key, (4,)),
        "bits8": lambda: R.bits(key, (4,), n.uint8),
        "randint_u8": lambda: R.randint(key, (4,), 0, 256, n.uint8),
        "randint_wide": lambda: R.randint(key, (4,), -(2**31), 2**31 - 1),
        "uniform_f16": lambda: R.uniform(key, (4,), n.float16),
        "normal_bf16": lambda: R.normal(key, (4,), n.bfloat16),  # (no f32 cast: excess precision)
        "truncated_normal": lambda: R.truncated_normal(
            key, -0.5, n.asarray([0.1, 1, 2, 9.0]), (4,)
        ),
        "exponential": lambda: R.exponential(key, (4,)),
        "gumbel": lambda: R.gumbel(key, (4,)),
        "laplace": lambda: R.laplace(key, (4,)),
        "lognormal": lambda: R.lognormal(key, 0.5, (4,)),
        "pareto": lambda: R.pareto(key, n.asarray([1.0, 2, 3, 4]), (4,)),
        "rayleigh": lambda: R.rayleigh(key, 2.0, (4,)),
        "wald": lambda: R.wald(key, n.asarray([0.5, 1, 2, 3.0]), (4,)),
        "triangular": lambda: R.triangular(key, -1.0, 0.5, 2.0, (4,)),
        "geometric": lambda: R.geometric(key, 0.3, (4,)).astype(f32),
        "maxwell": lambda: R.maxwell(key, (4,)),
        "double_sided_maxwell": lambda: R.double_sided_maxwell(key, 0.5, 2.0, (4,)),
        "weibull_min": lambda: R.weibull_min(key, 1.5, 0.8, (4,)),
        "generalized_normal": lambda: R.generalized_normal(key, 1.5, (4,)),
        "chisquare": lambda: R.chisquare(key, 3.0, (4,)),
        "f": lambda: R.f(key, 3.0, 5.0, (4,)),
        "loggamma": lambda: R.loggamma(key, n.asarray([0.2, 1, 3, 10.0])),
        "ball": lambda: R.ball(key, 2, 2.0, (2,)).ravel(),
        "binomial": lambda: R.binomial(key, 10.0, n.asarray([0.1, 0.5, 0.9, 1.0])),
        "multinomial": lambda: R.multinomial(key, 7.0, n.asarray([0.1, 0.2, 0.3, 0.4])),
        "categorical": lambda: R.categorical(
            key, n.tanh(x.ravel()[:1]) + n.arange(4.0), shape=(4,)
        ).astype(f32),
        "permutation": lambda: R.permutation(key, 4).astype(f32),
        "permutation_array": lambda: R.permutation(
            key, n.arange(8.0).reshape(2, 4), axis=1, independent=True
        )[1],
        "choice_no_replace": lambda: R.choice(key, 9, (4,), replace=False).astype(f32),
        "orthogonal": lambda: n.abs(R.orthogonal(key, 2)).ravel(),
        "multivariate_normal": lambda: R.multivariate_normal(
            key, n.zeros(2), n.asarray([[2.0, 0.5], [0.5, 1.0]]), (2,)
        ).ravel(),
        "split_fold": lambda: R.uniform(R.fold_in(R.split(key, 3)[2], 11), (4,)),
        "clone": lambda: R.normal(R.clone(key), (4,)),
    }


RANDOM17 = sorted(_draws(None, np, None, None))
_RANDOM_DTYPES = {
    "bits32": "uint32",
    "bits8": "uint8",
    "randint_u8": "uint8",
    "randint_wide": "int32",
    "uniform_f16": "float16",
    "normal_bf16": "bfloat16",
}


def _random17(B, kind, how, x):
    if not B.jaxlike:
        return _zeros((4,), _RANDOM_DTYPES.get(kind, "float32"))
    R, n = B.random, B.np
    if how == "traced":  # a seed computed in the program
        key = R.key(n.sum(x > 0).astype(n.int32) + 3)
    else:
        key = R.key(17) if how == "typed" else R.PRNGKey(17)
    return _draws(R, n, key, x)[kind]()


for _kind in RANDOM17:
    for _how in ("typed", "raw", "traced"):
        entry(f"random17_{_kind}_{_how}", lambda x: _num(x) and x.size > 0)(
            lambda B, x, y, _k=_kind, _h=_how: _random17(B, _k, _h, x)
        )


# ---------------------------------------------------------------------------------------------
# np17s: explicit-sharding types: the value resharded onto the program's mesh with Explicit
# axes (its dim 0 over the first axis, its last over the second), then an op whose sharding
# rule decides the result's type (or refuses it: JAX's ShardingTypeError).

_GROUP[0] = "np17s"


def _explicit(B, x):
    api = B.api
    names = tuple(B.mesh.axis_names)
    mesh = api.sharding.Mesh(
        B.mesh.devices, names, axis_types=(api.sharding.AxisType.Explicit,) * len(names)
    )
    spec = [None] * x.ndim
    spec[0] = names[0]
    if x.ndim >= 2 and len(names) >= 2:
        spec[-1] = names[1]
    return mesh, api.sharding.reshard(x, api.sharding.NamedSharding(mesh, B.P(*spec)))


EXPLICIT17 = {  # name -> (JAX's shape of x's shape, op on the resharded value)
    "elementwise": (lambda s: s, lambda B, m, v: B.np.sin(v) * 2 + v),
    "sum_sharded_dim": (lambda s: s[1:], lambda B, m, v: B.np.sum(v, axis=0)),
    "sum_all": (lambda s: (), lambda B, m, v: B.np.sum(v)),
    "cumsum_sharded": (lambda s: s, lambda B, m, v: B.np.cumsum(v, axis=0)),
    "transpose": (lambda s: s[::-1], lambda B, m, v: v.T),
    "reshape_flat": (lambda s: (int(np.prod(s)),), lambda B, m, v: v.reshape(-1)),
    "self_matmul": (
        lambda s: (s[0], s[0]),
        lambda B, m, v: v.reshape(v.shape[0], -1) @ v.reshape(v.shape[0], -1).T,
    ),
    "matmul_out_sharding": (
        lambda s: (s[0], s[0]),
        lambda B, m, v: B.np.matmul(
            v.reshape(v.shape[0], -1),
            B.api.sharding.reshard(v.reshape(v.shape[0], -1).T, _on(B, m)),
            out_sharding=_on(B, m, m.axis_names[0], None),
        ),
    ),
    "concat_self": (
        lambda s: (2 * s[0],) + tuple(s[1:]),
        lambda B, m, v: B.np.concatenate([v, v * 2], axis=0),
    ),
    "reshard_back": (lambda s: s, lambda B, m, v: B.api.sharding.reshard(v * 3, _on(B, m)) + 1),
    "at_set": (lambda s: s, lambda B, m, v: v.at[0].set(v[-1] + 1)),
    "broadcast_add": (lambda s: s, lambda B, m, v: v + B.np.arange(v.shape[-1], dtype=v.dtype)),
    "where_scalar": (lambda s: s, lambda B, m, v: B.np.where(v > 0, v, 0)),
    "argmax_sharded": (lambda s: s[1:], lambda B, m, v: B.np.argmax(v, axis=0)),
}


def _explicit17(B, kind, x):
    shape_fn, fn = EXPLICIT17[kind]
    if not B.jaxlike:
        dtype = "int32" if kind == "argmax_sharded" else x.dtype
        return _zeros(shape_fn(tuple(x.shape)), dtype)
    mesh, v = _explicit(B, x)
    # back on the program's (Auto) mesh: JAX refuses an Explicit output of a jit on fewer
    # devices (its oracle runs the program unsharded)
    return B.api.sharding.reshard(fn(B, mesh, v), _on(B, B.mesh))


def _on(B, mesh, *spec):
    return B.api.sharding.NamedSharding(mesh, B.P(*spec))


for _kind in EXPLICIT17:
    entry(f"explicit17_{_kind}", _nd(1, lambda x: _num(x) and x.size > 0))(
        lambda B, x, y, _k=_kind: _explicit17(B, _k, x)
    )

SMOOTH17 |= {
    f"explicit17_{k}" for k in ("elementwise", "sum_sharded_dim", "transpose", "reshard_back")
}


op("np_np17", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH17)((_drawer("np17"), _apply_api))
op("np_np17t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH17)(
    (_drawer("np17t"), _apply_api)
)
op("np_np17x", numpy_ref=False, vmap_ok=False, grad_ok=lambda p: p["fn"] in SMOOTH17)(
    (_drawer("np17x"), _apply_api)
)
op("np_np17r", numpy_ref=False, grad_ok=False)((_drawer("np17r"), _apply_api))
op("np_np17s", numpy_ref=False, vmap_ok=False, grad_ok=lambda p: p["fn"] in SMOOTH17)(
    (_drawer("np17s"), _apply_api)
)

ROUND17 = sorted(
    n for n, e in TABLE.items() if e[3] in ("np17", "np17t", "np17x", "np17r", "np17s")
)
