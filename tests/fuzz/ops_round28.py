"""Round 28: program shapes the earlier rounds did not draw (ops whose parameters are drawn):

- `r28_vmap_smap`: vmap of a shard_map whose body chains collectives (round 27's plans, drawn
  on the per-example shape), over any input axis, to any output axis;
- `r28_ad_smap`: grad / jvp / vjp / linearize of a function holding a shard_map with chained
  collectives (their transposes: psum over an axis the value is invariant on, all_gather,
  psum_scatter, all_to_all, ppermute), check_vma on and off;
- `r28_keys`: key handling: keys split and mapped over (vmap), folded in with an index, carried
  through a scan, passed into a shard_map and folded with axis_index, sharded key arrays,
  key_data / wrap_key_data round trips, raw PRNGKey keys, each feeding a drawn sampler;
- `r28_explicit`: Explicit-axes meshes (sharding in types): auto_axes with an out_sharding,
  dots contracting sharded dims (with out_sharding= or without: JAX's error), einsum with
  preferred_element_type, scan / cond / vmap over explicit-sharded values, binary ops on
  operands sharded differently, reshapes of sharded dims;
- `r28_einsum`: einsum of two operands constrained so the contraction is sharded (the same
  axis on both sides, different axes, one side only), with preferred_element_type and an output
  constraint;
- `r28_custom`: custom_vjp / custom_jvp rules holding sharding constraints, a custom_vjp around
  a psum inside a shard_map, checkpoint with each policy (names too) on a body with a
  constraint and a dot.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round21 import _sum_type
from tests.fuzz.ops_round27 import (
    _collective,
    _even,
    _fit,
    _mesh_of,
    _smap_plan,
    _spec,
)
from tests.fuzz.ops_round27 import _zeros as _zeros27
from tests.fuzz.registry import _is_float, _is_int, op


def _zeros(shape, dtype):
    return _zeros27(shape, dtype if isinstance(dtype, str) else np.dtype(dtype))


def _pspec(B, s):
    return B.P(*[tuple(e) if isinstance(e, list) else e for e in s])


def _smap_fn(B, p, shape):
    """(f, out shape, pmean?): the shard_map of round 27's plan drawn for `shape`."""
    manual, spec, plan, out_spec, out_shape = _smap_plan(p, list(shape), dict(B.mesh.shape))

    def body(v):
        for kind, q in plan:
            v = _collective(B, kind, q, v)
        return v

    if not B.jaxlike:
        return None, out_shape, any(k == "pmean" for k, _ in plan)
    kw = {"axis_names": set(manual)} if len(manual) < len(B.mesh.shape) else {}
    f = B.shard_map(
        body,
        mesh=B.mesh,
        in_specs=(_pspec(B, spec),),
        out_specs=_pspec(B, out_spec),
        check_vma=p.get("check_vma", True),
        **kw,
    )
    return f, out_shape, any(k == "pmean" for k, _ in plan)


# ---------------------------------------------------------------------------------------------
# r28_vmap_smap: vmap of a shard_map


def _draw_vmap_smap(rng, vals, i):
    x = vals[i]
    if not ((_is_float(x) or str(x.dtype) == "int32") and x.ndim >= 2 and x.size > 0):
        return None
    return [i], {
        "seed": rng.randrange(1 << 30),
        "ops": rng.randint(1, 3),
        "smooth": _is_float(x) and rng.random() < 0.5,
        "partial": rng.random() < 0.3,
        "check_vma": rng.random() < 0.8,
        "in_axis": rng.randrange(-x.ndim, x.ndim),
        "out_axis": rng.choice([0, 0, -1, 1]),
    }


def _apply_vmap_smap(B, p, x):
    ax = p["in_axis"] % x.ndim
    row_shape = x.shape[:ax] + x.shape[ax + 1 :]
    f, out_shape, pmean = _smap_fn(B, p, row_shape)
    if not B.jaxlike:
        dtype = np.float32 if pmean and not _is_float(x) else x.dtype
        out = _zeros(out_shape, dtype)
        out_axis = p["out_axis"] % (out.ndim + 1) if out.ndim or p["out_axis"] in (0, -1) else 0
        return np.stack([out] * x.shape[ax], axis=out_axis)
    out_axis = p["out_axis"]
    if out_axis == 1 and len(out_shape) < 1:
        out_axis = 0
    return B.vmap(f, in_axes=ax, out_axes=out_axis)(x)


op(
    "r28_vmap_smap",
    numpy_ref=False,
    grad_ok=lambda p: p.get("smooth", False),
)((_draw_vmap_smap, _apply_vmap_smap))


# ---------------------------------------------------------------------------------------------
# r28_ad_smap: derivatives of a shard_map with collectives, taken inside the program


def _draw_ad_smap(rng, vals, i):
    x = vals[i]
    if not (str(x.dtype) == "float32" and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "seed": rng.randrange(1 << 30),
        "ops": rng.randint(1, 3),
        "smooth": True,
        "partial": rng.random() < 0.3,
        "check_vma": rng.random() < 0.7,
        "how": rng.choice(["grad", "grad", "jvp", "vjp", "linearize"]),
    }


def _apply_ad_smap(B, p, x):
    f, out_shape, _ = _smap_fn(B, p, x.shape)
    how = p["how"]
    if not B.jaxlike:
        return _zeros(out_shape if how in ("jvp", "linearize") else x.shape, x.dtype)
    n, api = B.np, B.api

    def loss(v):
        return n.sum(n.sin(f(v)) * 0.5)

    if how == "grad":
        return api.grad(loss)(x)
    tangent = n.cos(x) * 0.5 + 0.25
    if how == "jvp":
        return api.jvp(f, (x,), (tangent,))[1]
    if how == "linearize":
        _, lin = api.linearize(f, x)
        return lin(tangent)
    out, pullback = api.vjp(f, x)
    return pullback(n.ones_like(out) * 1.5 + out * 0.25)[0]


op("r28_ad_smap", numpy_ref=False)((_draw_ad_smap, _apply_ad_smap))


# ---------------------------------------------------------------------------------------------
# r28_keys: key handling feeding a sampler

KEY_KINDS = [
    "split_vmap",
    "fold_in_vmap",
    "scan_key",
    "smap_fold",
    "sharded_keys",
    "key_data",
    "raw_key",
    "clone",
    "split_shape",
]
SAMPLERS = [
    "normal",
    "uniform",
    "bernoulli",
    "randint",
    "gumbel",
    "exponential",
    "truncated_normal",
    "laplace",
    "rademacher",
    "bits",
]


def _draw_keys(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0 and x.shape[0] >= 1):
        return None
    return [i], {
        "kind": rng.choice(KEY_KINDS),
        "sampler": rng.choice(SAMPLERS),
        "dtype": rng.choice(["float32", "float32", "float32", "bfloat16", "float16"]),
        "seed": rng.choice(["data", "data", 0, 42]),
        "axis": rng.choice(list(_mesh_of(rng))),
        "add": rng.random() < 0.5,
    }


def _sample_dtype(p):
    s = p["sampler"]
    if s == "bernoulli":
        return np.bool_
    if s == "randint":
        return np.int32
    if s == "bits":
        return np.uint32
    if s == "rademacher":
        return np.int32
    from tests.fuzz.programs import _np_dtype

    return _np_dtype(p["dtype"])


def _sample(B, p, key, shape):
    r, n = B.random, B.np
    s = p["sampler"]
    dt = getattr(n, p["dtype"])
    shape = tuple(shape)
    if s == "bernoulli":
        return r.bernoulli(key, 0.3, shape)
    if s == "randint":
        return r.randint(key, shape, -3, 10)
    if s == "bits":
        return r.bits(key, shape)
    if s == "rademacher":
        return r.rademacher(key, shape)
    if s == "uniform":
        return r.uniform(key, shape, dt, -2.0, 3.0)
    if s == "truncated_normal":
        return r.truncated_normal(key, -1.5, 2.0, shape, dt)
    return getattr(r, s)(key, shape, dt)


def _base_key(B, p, x):
    n = B.np
    seed = (n.sum(x > 0) if p["seed"] == "data" else n.int32(0) + p["seed"]).astype(n.int32)
    return (B.random.PRNGKey if p["kind"] == "raw_key" else B.random.key)(seed)


def _keys_value(B, p, x):
    n, r, lax = B.np, B.random, B.lax
    kind, shape = p["kind"], x.shape
    key = _base_key(B, p, x)
    rows = shape[0]
    if kind == "split_vmap":
        return B.vmap(lambda k: _sample(B, p, k, shape[1:]))(r.split(key, rows))
    if kind == "fold_in_vmap":
        return B.vmap(lambda j: _sample(B, p, r.fold_in(key, j), shape[1:]))(n.arange(rows))
    if kind == "scan_key":

        def body(k, _):
            k, sub = r.split(k)
            return k, _sample(B, p, sub, shape[1:])

        return lax.scan(body, key, None, length=rows)[1]
    if kind == "sharded_keys":
        keys = r.split(key, rows)
        a = _fit(B, [p["axis"]])[0]
        if a is not None and rows % B.mesh.shape[a] == 0:
            keys = B.wsc(keys, B.NamedSharding(B.mesh, B.P(a)))
        return B.vmap(lambda k: _sample(B, p, k, shape[1:]))(keys)
    if kind == "smap_fold":
        return _smap_fold(B, p, key, shape)
    if kind == "key_data":
        data = r.key_data(r.split(key, 3))
        return _sample(B, p, r.wrap_key_data(data[1]), shape)
    if kind == "clone":
        return _sample(B, p, r.clone(key), shape)
    if kind == "split_shape":
        keys = r.split(key, (2, 2))
        return _sample(B, p, r.fold_in(keys[1, 0], 7), shape)
    k1, k2 = r.split(key)  # raw_key
    return _sample(B, p, r.fold_in(k2, 3), shape)


def _smap_fold(B, p, key, shape):
    a = _fit(B, [p["axis"]])[0] or B.mesh.axis_names[0]
    size = B.mesh.shape[a]
    if shape[0] % size:
        return _sample(B, p, key, shape)
    lax = B.lax

    def body(k):
        k = B.random.fold_in(k, lax.axis_index(a))
        return _sample(B, p, k, (shape[0] // size,) + tuple(shape[1:]))

    return B.shard_map(body, mesh=B.mesh, in_specs=(B.P(),), out_specs=B.P(a))(key)


def _apply_keys(B, p, x):
    if not B.jaxlike:
        out = _zeros(x.shape, _sample_dtype(p))
        return out + x.astype(out.dtype) if p["add"] and _is_float(out) and _is_float(x) else out
    out = _keys_value(B, p, x)
    if p["add"] and _is_float(out) and _is_float(x):
        return out + x.astype(out.dtype)
    return out


op(
    "r28_keys",
    numpy_ref=False,
    grad_ok=lambda p: p["add"] and p["sampler"] not in ("bernoulli", "randint", "bits"),
)((_draw_keys, _apply_keys))


# ---------------------------------------------------------------------------------------------
# r28_explicit: sharding in types

EXPLICIT = [
    "auto_axes",
    "dot_contract",
    "dot_contract_out",
    "einsum_pref",
    "scan",
    "cond",
    "vmap",
    "binary_mixed",
    "reshape_split",
    "reshape_merge",
    "reduce_sharded",
]


def _draw_explicit(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(EXPLICIT)
    if kind in ("dot_contract", "dot_contract_out", "einsum_pref") and x.ndim != 2:
        return None
    if kind in ("scan", "vmap", "binary_mixed") and x.ndim < 2:
        return None
    mesh = _mesh_of(rng)
    return [i], {
        "kind": kind,
        "spec": _spec(rng, x.shape, mesh, even=rng.random() < 0.9),
        "spec2": _spec(rng, x.shape, mesh, even=True),
        "pref": rng.choice([None, "float32" if _is_float(x) else "int32" if _is_int(x) else None]),
    }


def _explicit_shape(p, shape, dtype):
    kind = p["kind"]
    if kind in ("dot_contract", "dot_contract_out"):
        return [shape[0], shape[0]], dtype
    if kind == "einsum_pref":
        return [shape[0], shape[0]], (np.dtype(p["pref"]) if p["pref"] else dtype)
    if kind in ("reshape_merge",):
        return [int(np.prod(shape))], dtype
    if kind == "reshape_split":
        return ([shape[0] // 2, 2] if shape[0] % 2 == 0 else [shape[0], 1]) + shape[1:], dtype
    return shape, dtype


def _explicit_op(B, p, v, mesh, sh):
    n, api, kind = B.np, B.api, p["kind"]
    first = mesh.axis_names[0]
    if kind == "auto_axes":
        return api.sharding.auto_axes(lambda u: n.cumsum(u, axis=0) * 2, out_sharding=sh(first))(v)
    if kind == "dot_contract":
        return v @ v.T
    if kind == "dot_contract_out":
        return n.matmul(v, v.T, out_sharding=sh(first, None))
    if kind == "einsum_pref":
        pref = p["pref"] and getattr(n, p["pref"])
        return n.einsum("ij,kj->ik", v, v, preferred_element_type=pref)
    if kind == "scan":
        return B.lax.scan(lambda c, r: (c + r, c * 2), n.zeros_like(v[0]), v)[1]
    if kind == "cond":
        return B.lax.cond(n.sum(v > 0) > 1, lambda u: u * 2, lambda u: u - 1, v)
    if kind == "vmap":
        return B.vmap(lambda r: r * n.sum(r))(v)
    if kind == "binary_mixed":
        w = api.sharding.reshard(v, sh(*_fit_even(B, p["spec2"], v.shape)))
        return v * w
    if kind == "reshape_split":
        shape = ([v.shape[0] // 2, 2] if v.shape[0] % 2 == 0 else [v.shape[0], 1]) + list(
            v.shape[1:]
        )
        return v.reshape(shape)
    if kind == "reshape_merge":
        return v.reshape(-1)
    return n.sum(v, axis=0)  # reduce_sharded


def _fit_even(B, spec, shape):
    out = _even(B, spec, list(shape))
    return [tuple(s) if isinstance(s, list) else s for s in out]


def _apply_explicit(B, p, x):
    if not B.jaxlike:
        if p["kind"] == "reduce_sharded":
            return _zeros(x.shape[1:], _sum_type(B, x))
        shape, dtype = _explicit_shape(p, list(x.shape), x.dtype)
        return _zeros(shape, dtype)
    api = B.api
    names = tuple(B.mesh.axis_names)
    mesh = api.sharding.Mesh(
        B.mesh.devices, names, axis_types=(api.sharding.AxisType.Explicit,) * len(names)
    )

    def sh(*s):
        return api.sharding.NamedSharding(mesh, B.P(*s))

    spec = _fit(B, p["spec"])
    v = api.sharding.reshard(x, sh(*[tuple(s) if isinstance(s, list) else s for s in spec]))
    out = _explicit_op(B, p, v, mesh, sh)
    return api.sharding.reshard(out, api.sharding.NamedSharding(B.mesh, B.P()))


op(
    "r28_explicit",
    numpy_ref=False,
    vmap_ok=False,
    grad_ok=lambda p: p["kind"] in ("auto_axes", "scan", "vmap", "binary_mixed", "reshape_merge"),
)((_draw_explicit, _apply_explicit))


# ---------------------------------------------------------------------------------------------
# r28_einsum: sharded contractions on the program's (Auto) mesh


def _draw_einsum(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim == 2 and x.size > 0):
        return None
    # y: (j, k), or (k, j) transposed in the program (x itself always is one)
    js = [
        (j, v.shape[0] != x.shape[1])
        for j, v in enumerate(vals)
        if v.ndim == 2 and v.dtype == x.dtype and x.shape[1] in v.shape
    ]
    j, flip = rng.choice(js)
    mesh = _mesh_of(rng)
    axis = rng.choice(list(mesh))
    other = rng.choice([a for a in mesh if a != axis])
    how = rng.choice(["same", "same", "different", "left", "right", "none"])
    left = {"same": axis, "different": axis, "left": axis}.get(how)
    right = {"same": axis, "different": other, "right": axis}.get(how)
    return [i, j], {
        "lhs": [rng.choice([None, other]) if how != "different" else None, left],
        "rhs": [right, None],
        "out": _spec(rng, [x.shape[0], vals[j].shape[0 if flip else 1]], mesh, even=True)
        if rng.random() < 0.5
        else None,
        "pref": rng.choice([None, None, "float32"]) if _is_float(x) else None,
        "eq": rng.choice(["ij,jk->ik", "ij,jk->ki", "ij,jk->i"]),
        "flip": flip or rng.random() < 0.3 and vals[j].shape[1] == x.shape[1],
    }


def _einsum_shape(p, x, y):
    m, k = x.shape[0], y.shape[1]
    return {"ij,jk->ik": [m, k], "ij,jk->ki": [k, m], "ij,jk->i": [m]}[p["eq"]]


def _apply_einsum(B, p, x, y):
    n = B.np
    if p["flip"]:
        y = y.T
    if not B.jaxlike:
        return _zeros(_einsum_shape(p, x, y), np.float32 if p["pref"] else x.dtype)
    lhs = _even(B, p["lhs"], list(x.shape))
    rhs = _even(B, p["rhs"], list(y.shape))
    # one mesh axis at most once per operand's spec: _even keeps duplicates, drop the second
    if lhs[0] is not None and lhs[0] == lhs[1]:
        lhs[0] = None
    x = B.wsc(x, B.NamedSharding(B.mesh, _pspec(B, lhs)))
    y = B.wsc(y, B.NamedSharding(B.mesh, _pspec(B, rhs)))
    pref = p["pref"] and getattr(n, p["pref"])
    out = n.einsum(p["eq"], x, y, preferred_element_type=pref)
    spec = p["out"]
    shape = _einsum_shape(p, x, y)
    if spec is not None and len(spec) == len(shape):
        out = B.wsc(out, B.NamedSharding(B.mesh, _pspec(B, _even(B, spec, shape))))
    return out


op("r28_einsum", numpy_ref=False)((_draw_einsum, _apply_einsum))


# ---------------------------------------------------------------------------------------------
# r28_custom: custom_jvp / custom_vjp rules and remat policies on sharded values

CUSTOM = ["vjp_wsc", "jvp_wsc", "vjp_in_smap", "remat"]
POLICIES = [
    "nothing_saveable",
    "everything_saveable",
    "dots_saveable",
    "dots_with_no_batch_dims_saveable",
    "save_only_these_names",
    "save_any_names_but_these",
    None,
]


def _draw_custom(rng, vals, i):
    x = vals[i]
    if not (str(x.dtype) == "float32" and x.ndim >= 1 and x.size > 0):
        return None
    mesh = _mesh_of(rng)
    return [i], {
        "kind": rng.choice(CUSTOM),
        "spec": _spec(rng, x.shape, mesh, even=True) if rng.random() < 0.7 else None,
        "spec2": _spec(rng, x.shape, mesh, even=True) if rng.random() < 0.5 else None,
        "axis": rng.choice(list(mesh)),
        "policy": rng.choice(POLICIES),
        "prevent_cse": rng.random() < 0.7,
    }


def _smap_axis(B, p, shape):
    """The mesh axis the vjp_in_smap kind splits dim 0 over (None: it does not divide)."""
    a = _fit(B, [p["axis"]])[0]
    return a if a is not None and shape[0] % B.mesh.shape[a] == 0 else None


def _custom_shape(B, p, shape):
    if p["kind"] == "vjp_in_smap" and _smap_axis(B, p, shape) is not None:
        return [shape[0] // B.mesh.shape[_smap_axis(B, p, shape)]] + list(shape[1:])
    return list(shape)


def _cons(B, v, spec):
    spec = _even(B, spec, list(v.shape)) if spec is not None else None
    return v if spec is None else B.wsc(v, B.NamedSharding(B.mesh, _pspec(B, spec)))


def _vjp_wsc(B, p, x):
    n, api = B.np, B.api

    @api.custom_vjp
    def f(v):
        return n.sin(v) * 2

    def fwd(v):
        return f(v), _cons(B, n.cos(v), p["spec"])

    def bwd(res, g):
        return (_cons(B, g * res * 2, p["spec2"]),)

    f.defvjp(fwd, bwd)
    return f(_cons(B, x, p["spec2"]))


def _jvp_wsc(B, p, x):
    n, api = B.np, B.api

    @api.custom_jvp
    def f(v):
        return n.tanh(v)

    @f.defjvp
    def f_jvp(primals, tangents):
        (v,), (t,) = primals, tangents
        y = f(v)
        return y, _cons(B, t * (1 - y * y), p["spec"])

    return f(_cons(B, x, p["spec2"])) + x * 0.5


def _vjp_in_smap(B, p, x):
    n, api, lax = B.np, B.api, B.lax
    a = _smap_axis(B, p, x.shape)
    if a is None:
        return _vjp_wsc(B, p, x)

    @api.custom_vjp
    def f(v):
        return lax.psum(v * v, a)

    def fwd(v):
        return f(v), v

    def bwd(res, g):
        return (2 * res * g,)

    f.defvjp(fwd, bwd)
    spec = [a] + [None] * (x.ndim - 1)
    return B.shard_map(lambda v: f(n.sin(v)), mesh=B.mesh, in_specs=(B.P(*spec),), out_specs=B.P())(
        x
    )


def _remat(B, p, x):
    n, api = B.np, B.api
    name = __import__(B.api.__name__ + ".ad_checkpoint", fromlist=["x"]).checkpoint_name
    pol = p["policy"]
    cp = api.checkpoint_policies
    if pol in ("save_only_these_names", "save_any_names_but_these"):
        policy = getattr(cp, pol)("h")
    else:
        policy = pol and getattr(cp, pol)

    def body(v):
        h = name(_cons(B, n.sin(v), p["spec"]), "h")
        m = v.reshape(v.shape[0], -1)
        d = (m @ m.T).sum(axis=1) * 0.01
        return n.cos(h) * 1.5 + d.reshape((-1,) + (1,) * (v.ndim - 1))

    return api.checkpoint(body, policy=policy, prevent_cse=p["prevent_cse"])(x)


def _apply_custom(B, p, x):
    if not B.jaxlike:
        return _zeros(_custom_shape(B, p, x.shape), x.dtype)
    return {
        "vjp_wsc": _vjp_wsc,
        "jvp_wsc": _jvp_wsc,
        "vjp_in_smap": _vjp_in_smap,
        "remat": _remat,
    }[p["kind"]](B, p, x)


op("r28_custom", numpy_ref=False)((_draw_custom, _apply_custom))


# ---------------------------------------------------------------------------------------------
# r28_types: the sharding in types JAX's rules give an op's result on an Explicit mesh, as
# numbers (per result dim, the bits of its mesh axes), or JAX's ShardingTypeError

TYPED = {
    "sin": lambda n, v: n.sin(v.astype(n.float32)),
    "sum0": lambda n, v: n.sum(v, axis=0),
    "max_last": lambda n, v: n.max(v, axis=-1),
    "sum_keep": lambda n, v: n.sum(v, axis=-1, keepdims=True),
    "transpose": lambda n, v: n.transpose(v),
    "swap": lambda n, v: n.swapaxes(v, 0, -1),
    "cumsum0": lambda n, v: n.cumsum(v, axis=0),
    "cumsum_last": lambda n, v: n.cumsum(v, axis=-1),
    "sort0": lambda n, v: n.sort(v, axis=0),
    "argmax_last": lambda n, v: n.argmax(v, axis=-1),
    "flat": lambda n, v: n.ravel(v),
    "split_first": lambda n, v: (
        v.reshape((1,) + v.shape)
        if v.shape[0] % 2
        else v.reshape((2, v.shape[0] // 2) + v.shape[1:])
    ),
    "merge_last": lambda n, v: v.reshape(v.shape[:-2] + (-1,)) if v.ndim >= 2 else v,
    "expand": lambda n, v: n.expand_dims(v, 1),
    "broadcast": lambda n, v: n.broadcast_to(v, (2,) + v.shape),
    "index0": lambda n, v: v[0],
    "stride": lambda n, v: v[::2],
    "tail": lambda n, v: v[1:],
    "pad0": lambda n, v: n.pad(v, [(1, 2)] + [(0, 0)] * (v.ndim - 1)),
    "concat_self": lambda n, v: n.concatenate([v, v], axis=-1),
    "stack": lambda n, v: n.stack([v, v], axis=-1),
    "flip0": lambda n, v: n.flip(v, axis=0),
    "roll0": lambda n, v: n.roll(v, 1, axis=0),
    "tile": lambda n, v: n.tile(v, 2),
    "repeat0": lambda n, v: n.repeat(v, 2, axis=0),
    "take0": lambda n, v: n.take(v, n.asarray([0, 0]), axis=0),
    "where": lambda n, v: n.where(v > 0, v, n.zeros_like(v)),
    "moveaxis": lambda n, v: n.moveaxis(v, 0, -1),
    "self_matmul": lambda n, v: v @ n.swapaxes(v, -1, -2) if v.ndim >= 2 else v @ v,
    "outer_einsum": lambda n, v: n.einsum("i...,j...->ij...", v, v),
    "square_last": lambda n, v: v[..., None] * v[..., None, :],
    "argsort_last": lambda n, v: n.argsort(v, axis=-1),
    "sort_last": lambda n, v: n.sort(v, axis=-1),
    "rows": lambda n, v: v[n.asarray([1, 0]) % v.shape[0]],
    "var0": lambda n, v: n.var(v, axis=0),
    "sum_where": lambda n, v: n.sum(v, axis=-1, where=v > 0),
    "cumprod_last": lambda n, v: n.cumprod(v, axis=-1),
    "clip": lambda n, v: n.clip(v, -1, 1),
    "astype": lambda n, v: v.astype(n.float16),
    "diff0": lambda n, v: n.diff(v, axis=0),
    "max_keep0": lambda n, v: n.max(v, axis=0, keepdims=True),
    "add_arange": lambda n, v: v + n.arange(v.shape[-1]).astype(v.dtype),
    "tril": lambda n, v: n.tril(v) if v.ndim >= 2 else v,
    "squeeze": lambda n, v: n.squeeze(n.expand_dims(v, 0), 0),
    "outer": lambda n, v: n.outer(v, v),
}


def _draw_types(rng, vals, i):
    x = vals[i]
    if not (_num(x) and 1 <= x.ndim <= 3 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(sorted(TYPED)),
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True),
    }


def _type_codes(B, out, names):
    spec = tuple(B.api.typeof(out).sharding.spec)
    spec = spec + (None,) * (out.ndim - len(spec))
    codes = [sum(1 << names.index(a) for a in _axes(e)) for e in spec]
    return B.np.asarray(codes, dtype=B.np.int32)


def _axes(e):
    return [] if e is None else [e] if isinstance(e, str) else list(e)


def _apply_types(B, p, x):
    fn = TYPED[p["kind"]]
    if not B.jaxlike:
        return _zeros([np.ndim(fn(np, x))], "int32")
    api = B.api
    names = tuple(B.mesh.axis_names)
    mesh = api.sharding.Mesh(
        B.mesh.devices, names, axis_types=(api.sharding.AxisType.Explicit,) * len(names)
    )
    spec = _even(B, p["spec"], list(x.shape))
    v = api.sharding.reshard(
        x,
        api.sharding.NamedSharding(
            mesh, B.P(*[tuple(s) if isinstance(s, list) else s for s in spec])
        ),
    )
    return _type_codes(B, fn(B.np, v), names)


op("r28_types", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_types, _apply_types))
