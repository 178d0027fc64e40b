"""Round 22: what the earlier rounds did not draw, and the programs of round 22's fixes.

- (group np22) jnp keywords at their edges (an empty axis tuple, keepdims with axis=None,
  negative axes in tuples, dtype= narrowing), lax.reduce_window with padding, strides and
  dilations on the input's first (maybe sharded) dimension, .at[] with steps and negative
  indices, take / take_along_axis with modes; the fixes' programs: the derivative of det of
  0x0 matrices (JAX's IndexError: r22_det_empty_grad) and a padded, strided reduce window
  (XLA's partitioner was wrong on uneven shardings: r22_window_padded_strided);
- (group np22t) transform compositions: a custom_jvp rule seeing an integer argument's float0
  tangent (r22t_custom_jvp_float0: its fix), vmap with out_axes=None, linear_transpose, grad
  with has_aux and argnums tuples, remat policies under vmap, vmap of a while loop with a
  batched predicate, scans reversed and unrolled under value_and_grad, jacfwd with argnums.

Entries join ops_api.py's TABLE (vocabulary.py sweeps them: `--only np22`); JAX is the
reference, the NumPy backend only types them (JAX's shape and dtype).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, _apply_api, _drawer
from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round21 import _default, _same, _table
from tests.fuzz.registry import op

_GROUP[0] = "np22"


def _rows(x):
    return x.reshape(x.shape[0], -1)


KEYWORDS22 = {  # name -> (fn(n, x), stand-in(B, x))
    "sum_empty_axes": (lambda n, x: n.sum(x, axis=()), lambda B, x: (x.shape, _sum22(B, x))),
    "max_none_keepdims": (lambda n, x: n.max(x, axis=None, keepdims=True),
                          lambda B, x: ((1,) * x.ndim, str(x.dtype))),
    "mean_neg_axes_dtype": (lambda n, x: n.mean(x, axis=(-1, 0), dtype=n.float16),
                            lambda B, x: (x.shape[1:-1], "float16")),
    "cumprod_neg_axis_dtype": (lambda n, x: n.cumprod(x > 0, axis=-2, dtype=n.uint8),
                               lambda B, x: (x.shape, "uint8")),
    "argmin_neg_keep": (lambda n, x: n.argmin(x, axis=-1, keepdims=True),
                        lambda B, x: (x.shape[:-1] + (1,), _default("int", B))),
    "ptp_tuple_keep": (lambda n, x: n.ptp(x, axis=(0, -1), keepdims=True),
                       lambda B, x: ((1,) + x.shape[1:-1] + (1,), str(x.dtype))),
    "all_empty_axes_where": (lambda n, x: n.all(x, axis=(), where=x > 0),
                             lambda B, x: (x.shape, "bool")),
    "take_clip_neg": (lambda n, x: n.take(x, n.asarray([-3, 0, 7]), axis=-1, mode="clip"),
                      lambda B, x: (x.shape[:-1] + (3,), str(x.dtype))),
    "take_along_fill": (lambda n, x: n.take_along_axis(
        x, n.zeros(x.shape[:-1] + (2,), n.int32) + n.asarray([-1, 9], n.int32), axis=-1,
        mode="fill", fill_value=0), lambda B, x: (x.shape[:-1] + (2,), str(x.dtype))),
    "at_step_neg_add": (lambda n, x: x.at[::-2, -1].add(1), _same),
    "at_neg_slice_mul": (lambda n, x: x.at[-2:, ..., ::2].multiply(3), _same),
}


def _sum22(B, x):
    from tests.fuzz.ops_round21 import _sum_type

    return _sum_type(B, x)


for _name, (_fn, _stand) in KEYWORDS22.items():
    _table("kw22_" + _name, lambda x: _num(x) and x.ndim >= 2 and x.size > 0,
           lambda B, n, x, _fn=_fn: _fn(n, x), _stand)


# -- lax.reduce_window on the first dimension: padded, strided, dilated
WINDOWS22 = {  # name -> (kind, window, stride, padding, base dilation, window dilation)
    "sum_pad_stride": ("sum", 3, 2, (1, 0), 1, 1),
    "max_pad_stride3": ("max", 3, 3, (1, 0), 1, 1),
    "sum_pad_both_stride": ("sum", 2, 2, (1, 1), 1, 1),
    "min_base_dilated": ("min", 2, 2, (0, 1), 2, 1),
    "sum_window_dilated": ("sum", 2, 2, (1, 0), 1, 2),
}


def _window_size(n, w, s, pad, base, dil):
    span = (n - 1) * base + 1 + sum(pad)
    return max(0, (span - ((w - 1) * dil + 1)) // s + 1)


def _window_entry(name, kind, w, s, pad, base, dil):
    def fn(B, n, x):
        lax = B.lax
        v = x.astype(n.float32)
        r = v.ndim - 1
        init, comp = {"sum": (0.0, lax.add), "max": (-np.inf, lax.max),
                      "min": (np.inf, lax.min)}[kind]
        return lax.reduce_window(v, init, comp, (w,) + (1,) * r, (s,) + (1,) * r,
                                 [pad] + [(0, 0)] * r, (base,) + (1,) * r, (dil,) + (1,) * r)

    _table("window22_" + name, lambda x: _num(x) and x.ndim >= 1 and x.shape[0] >= 2, fn,
           lambda B, x: ((_window_size(x.shape[0], w, s, pad, base, dil),) + x.shape[1:],
                         "float32"))


for _name, _params in WINDOWS22.items():
    _window_entry(_name, *_params)


# -- the programs of round 22's fixes
def _det_empty_grad(B, n, x):  # JAX's IndexError (round 21's leftover)
    m = _rows(x.astype(n.float32))[:0, :0]
    return B.api.grad(lambda a: n.linalg.det(a).sum())(m)


_table("r22_det_empty_grad", lambda x: x.ndim >= 2, _det_empty_grad,
       lambda B, x: ((0, 0), "float32"))


def _window_padded_strided(B, n, x):  # wrong in the shardy / xla modes (seed 280284)
    v = n.ravel(x).astype(n.float32)[:5]
    return B.lax.reduce_window(v, 0.0, B.lax.add, (3,), (2,), [(1, 0)])


_table("r22_window_padded_strided", lambda x: _num(x) and x.size >= 5, _window_padded_strided,
       lambda B, x: ((2,), "float32"))


# ---------------------------------------------------------------------------------------------
# np22t: transform compositions (float32 x of rank >= 2)

_GROUP[0] = "np22t"


def _custom_jvp_float0(B, n, x):
    """The rule's output tells what it saw: 1 where the integer argument's tangent is float0."""
    api = B.api
    f = api.custom_jvp(lambda v, k: n.tanh(v) + k)

    def rule(primals, tangents):
        kind = str(tangents[1].dtype), tuple(tangents[1].shape) == tuple(primals[1].shape)
        seen = float(kind == ("[('float0', 'V')]", True))
        return f(*primals), tangents[0] * (1 - n.tanh(primals[0]) ** 2) + seen

    f.defjvp(rule)
    k = n.arange(x.shape[-1]) % 3 + 1
    return api.grad(lambda v: f(v, k).sum())(x)


def _vmap_out_axes_none(B, n, x):
    a, c = B.vmap(lambda r: (r * 2, n.float32(3.0)), out_axes=(0, None))(_rows(x))
    return a + c


def _linear_transpose(B, n, x):
    v = _rows(x)
    t = B.api.linear_transpose(lambda u: n.cumsum(u, axis=0) * 2 - u[::-1], v)
    return t(n.ones_like(v))[0]


def _grad_aux_argnums(B, n, x):
    v = _rows(x)

    def loss(a, b):
        return n.sum(n.sin(a) * b), n.max(a)

    (ga, gb), aux = B.api.grad(loss, argnums=(0, 1), has_aux=True)(v, v * 0.5)
    return ga + gb * aux


def _vmap_remat_policy(B, n, x):
    api = B.api
    pol = api.checkpoint_policies.dots_with_no_batch_dims_saveable

    def loss(r):
        g = api.checkpoint(lambda u: n.sin(n.dot(u, u)) * u, policy=pol)
        return n.sum(g(r))

    return B.vmap(api.grad(loss))(_rows(x))


def _vmap_while_batched(B, n, x):
    lax = B.lax

    def run(r):  # the row doubles: it outgrows the bound even when it is one number (round
        # 23: `+ 0.5` grew a one-column row as slowly as the bound, a loop without end)
        return lax.while_loop(lambda c: n.sum(c[1]) < 4.0 + c[0],
                              lambda c: (c[0] + 1.0, n.abs(c[1]) * 2 + 0.5), (0.0, r))[1]

    return B.vmap(run)(_rows(x))


def _scan_reverse_unroll(B, n, x):
    lax, api = B.lax, B.api

    def loss(v):
        c, ys = lax.scan(lambda c, e: (c * 0.5 + n.sin(e), c * e), v[0] * 0, v, reverse=True,
                         unroll=2)
        return n.sum(c) + n.sum(ys)

    value, g = api.value_and_grad(loss)(_rows(x))
    return g + value


def _jacfwd_argnums(B, n, x):
    v = n.ravel(x)[:3]
    ja, jb = B.api.jacfwd(lambda a, b: n.cumsum(a * b) + n.sin(a), argnums=(0, 1))(v, v[::-1])
    return ja + jb


TRANSFORMS22 = {  # name -> (fn, JAX's shape of x's shape)
    "custom_jvp_float0": (_custom_jvp_float0, lambda s: s),
    "vmap_out_axes_none": (_vmap_out_axes_none, lambda s: (s[0], int(np.prod(s[1:])))),
    "linear_transpose": (_linear_transpose, lambda s: (s[0], int(np.prod(s[1:])))),
    "grad_aux_argnums": (_grad_aux_argnums, lambda s: (s[0], int(np.prod(s[1:])))),
    "vmap_remat_policy": (_vmap_remat_policy, lambda s: (s[0], int(np.prod(s[1:])))),
    "vmap_while_batched": (_vmap_while_batched, lambda s: (s[0], int(np.prod(s[1:])))),
    "scan_reverse_unroll": (_scan_reverse_unroll, lambda s: (s[0], int(np.prod(s[1:])))),
    "jacfwd_argnums": (_jacfwd_argnums, lambda s: (3, 3)),
}
for _name, (_fn, _shape) in TRANSFORMS22.items():
    _table("transform22_" + _name,
           lambda x: str(x.dtype) == "float32" and x.ndim >= 2 and x.size >= 3, _fn,
           lambda B, x, _s=_shape: (_s(tuple(x.shape)), "float32"))


SMOOTH22 = {"window22_sum_pad_stride", "window22_sum_pad_both_stride", "kw22_at_step_neg_add",
            "transform22_vmap_out_axes_none", "transform22_linear_transpose"}

op("np_np22", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH22)(
    (_drawer("np22"), _apply_api))
op("np_np22t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH22)(
    (_drawer("np22t"), _apply_api))
