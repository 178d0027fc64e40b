"""Round 34: the constructs the fuzzer drew least, with parameters the earlier rounds held fixed:

- `r34_explicit`: an Explicit mesh set with use_abstract_mesh: out_sharding= on tensordot /
  dot / broadcast_to / ones / arange / repeat / ravel / .at[].get / a random sampler, the sharding
  type (`typeof(..).sharding.spec`) after transposes, reductions and concatenations, binary
  ops on operands sharded differently (JAX's error when they conflict);
- `r34_smap`: shard_map over one or two axes with psum_scatter (tiled or not, on a drawn
  dimension), all_to_all (drawn split / concat axes), ppermute with a drawn permutation,
  axis_index arithmetic, pmax / pmin / pmean, all_gather (tiled or not, drawn axis);
- `r34_vmap`: vmap with spmd_axis_name over a constrained body, in_axes pytrees (a dict with
  None entries, tuples), drawn out_axes, vmap of vmap;
- `r34_loop_grad`: grad through scan / fori_loop / while_loop whose carry is constrained to a
  drawn sharding every step;
- `r34_sample`: samplers under jit with a sharded output (out_sharding= on the Explicit mesh,
  or a constraint), over split keys;
- `r34_promote`: a chain of binary ops between int8 / uint8 / uint16 / uint32 / bool /
  bfloat16 / float16 arrays made from the value and weak Python scalars, the result dtype as
  a number next to the values;
- `r34_reduce`: reductions with where= / initial= / dtype= on integer, unsigned, bool and
  half-precision values, and cumulative ops with dtype=;
- `r34_sort`: sort / argsort (stable, descending) / lax.top_k / partition / argpartition on
  values with ties, -0.0 and NaN;
- `r34_index`: negative and out-of-bounds indices read with mode= / fill_value= and updated with
  .at[].set / add / mul / min / max / apply in every mode, onto integer and bool targets;
- `r34_linalg`: jnp.linalg det / slogdet / inv / solve / norm (drawn ord) / matrix_power
  (negative too) / pinv / eigvalsh / qr / cholesky / svdvals / trace / cross / outer / kron /
  multi_dot / tensorinv on small matrices made from the value.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round27 import _even, _mesh_of, _spec
from tests.fuzz.ops_round28 import _pspec, _zeros
from tests.fuzz.ops_round31 import _f32
from tests.fuzz.registry import op


def _axes_of(e):
    return [] if e is None else [e] if isinstance(e, str) else list(e)


def _vector(B, x, k):
    n = B.np
    return n.resize(n.ravel(_f32(B, x)), (k,))


def _explicit_mesh(B):
    S = B.api.sharding
    names = tuple(B.mesh.axis_names)
    return S.Mesh(B.mesh.devices, names, axis_types=(S.AxisType.Explicit,) * len(names))


def _spec_code(B, spec, ndim):
    """A sharding type's spec as numbers: per dim, the bit set of its mesh axes."""
    names = tuple(B.mesh.axis_names)
    spec = tuple(spec) + (None,) * (ndim - len(tuple(spec)))
    return [float(sum(1 << names.index(a) for a in _axes_of(e))) for e in spec]


# ---------------------------------------------------------------------------------------------
# r34_explicit

EXPLICIT = ["tensordot", "dot", "broadcast_to", "ones", "arange", "repeat", "ravel", "take",
            "sampler", "typeof_T", "typeof_sum", "typeof_concat", "binop"]  # fmt: skip


def _draw_explicit(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim == 2 and x.size > 0):
        return None
    mesh = _mesh_of(rng)
    return [i], {
        "kind": rng.choice(EXPLICIT),
        "spec": _spec(rng, x.shape, mesh, even=True),
        "other": _spec(rng, x.shape, mesh, even=True),
        "out": rng.choice(["a", "b", "c", None]),
        "axis": rng.randrange(2),
    }


def _explicit_shape(p, shape):
    kind, (d0, d1) = p["kind"], shape
    if kind in ("tensordot", "dot"):
        return [d0, d0]
    if kind == "broadcast_to":
        return [2, d0, d1]
    if kind == "repeat":
        return [2 * d0, d1]
    if kind == "ravel":
        return [d0 * d1]
    if kind == "take":
        return [3, d1]
    if kind.startswith("typeof"):
        return [3]
    return [d0, d1]


def _apply_explicit(B, p, x):
    if not B.jaxlike:
        return _zeros(_explicit_shape(p, list(x.shape)), "float32")
    api, n = B.api, B.np
    S = api.sharding
    mesh = _explicit_mesh(B)
    d0, d1 = x.shape
    o = p["out"] if p["out"] in B.mesh.shape else None
    kind = p["kind"]
    with S.use_abstract_mesh(mesh.abstract_mesh):
        v = S.reshard(_f32(B, x), _pspec(B, _even(B, p["spec"], [d0, d1])))
        o0 = o if o is not None and d0 % B.mesh.shape[o] == 0 else None
        if kind == "tensordot":
            out = n.tensordot(v, v, axes=[[1], [1]], out_sharding=B.P(o0, None))
        elif kind == "dot":
            out = n.dot(v, S.reshard(v.T, B.P()), out_sharding=B.P(None, o0))
        elif kind == "broadcast_to":
            w = S.reshard(v, B.P())
            out = n.broadcast_to(w, (2, d0, d1), out_sharding=B.P(None, o0, None)) * 2
        elif kind == "ones":
            out = n.ones((d0, d1), n.float32, out_sharding=B.P(o0)) * 3
            out = S.reshard(out, B.P()) + S.reshard(v, B.P())
        elif kind == "arange":
            a = n.arange(d0 * d1, dtype=n.float32).reshape(d0, d1)
            out = S.reshard(a, B.P()) * S.reshard(v, B.P())
        elif kind == "repeat":
            w = S.reshard(v, B.P())
            out = n.repeat(w, 2, axis=0, total_repeat_length=2 * d0, out_sharding=B.P(o0))
        elif kind == "ravel":
            w = S.reshard(v, B.P(o0, None))
            ok = o0 is not None
            out = n.ravel(w, out_sharding=B.P(o0 if ok else None))
        elif kind == "take":
            w = S.reshard(v, B.P())
            out = w.at[n.asarray([0, -1, d0 - 1])].get(out_sharding=B.P())
        elif kind == "sampler":
            key = api.random.key(3)
            r = api.random.normal(key, (d0, d1), out_sharding=B.P(o0, None))
            out = S.reshard(r, B.P()) + S.reshard(v, B.P())
        elif kind.startswith("typeof"):
            if kind == "typeof_T":
                w = v.T
            elif kind == "typeof_sum":
                w = n.sum(v, axis=p["axis"], keepdims=True)
            else:
                w = n.concatenate([v, v], axis=p["axis"])
            code = _spec_code(B, api.typeof(w).sharding.spec, 2)
            out = n.asarray(code + [float(w.ndim)], n.float32)
        else:  # binop: JAX's error when the two shardings conflict
            w = S.reshard(n.cos(_f32(B, x)), _pspec(B, _even(B, p["other"], [d0, d1])))
            out = v * w + 1
        out = S.reshard(out, B.P())
    return S.reshard(out, B.NamedSharding(B.mesh, B.P()))


op("r34_explicit", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_explicit, _apply_explicit))


# ---------------------------------------------------------------------------------------------
# r34_smap: shard_map collectives with drawn parameters

SMAP = ["psum_scatter", "all_to_all", "ppermute", "axis_index", "pmax", "pmin", "pmean",
        "all_gather"]  # fmt: skip


def _draw_smap(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim == 2 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(SMAP),
        "axes": rng.choice([["a"], ["b"], ["c"], ["a", "b"], ["b", "c"]]),
        "tiled": rng.random() < 0.5,
        "dim": rng.randrange(2),
        "split": rng.randrange(2),
        "concat": rng.randrange(2),
        "shift": rng.choice([1, -1, 2]),
    }


def _smap_fit(B, p, shape):
    axes = [a for a in p["axes"] if a in B.mesh.shape]
    if not axes:
        return None
    size = int(np.prod([B.mesh.shape[a] for a in axes]))
    if shape[0] % (size * size) or shape[1] % size:
        return None
    return tuple(axes), size


def _apply_smap(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    n, lax = B.np, B.lax
    v = _f32(B, x)
    fit = _smap_fit(B, p, x.shape)
    if fit is None:
        return v * 2
    axes, size = fit
    name = axes if len(axes) > 1 else axes[0]
    kind, dim = p["kind"], p["dim"]

    def body(u):  # u: [d0 / size, d1]
        if kind == "psum_scatter":
            if p["tiled"]:
                w = lax.psum_scatter(u, name, scatter_dimension=dim, tiled=True)
                return n.concatenate([w] * size, axis=dim)
            w = lax.psum_scatter(u.reshape(size, -1, u.shape[1]), name, scatter_dimension=0)
            return n.broadcast_to(w[None], (size,) + w.shape).reshape(u.shape)
        if kind == "all_to_all":
            s, c = p["split"], p["concat"]
            w = lax.all_to_all(u, name, s, c, tiled=True)
            return w.reshape(u.shape) if w.shape != u.shape else w
        if kind == "ppermute":
            perm = [(j, (j + p["shift"]) % size) for j in range(size)]
            return lax.ppermute(u, name, perm=perm) + u
        if kind == "axis_index":
            k = lax.axis_index(name)
            return u * (k.astype(n.float32) + 1) + (k % 2).astype(n.float32)
        if kind in ("pmax", "pmin", "pmean"):
            return getattr(lax, kind)(u, name) - u
        w = lax.all_gather(u, name, axis=dim, tiled=p["tiled"])
        w = w.sum(axis=dim) if not p["tiled"] else w
        return w.reshape(-1)[: u.size].reshape(u.shape) if w.shape != u.shape else w

    spec = B.P(axes if len(axes) > 1 else axes[0])
    f = B.shard_map(body, mesh=B.mesh, in_specs=(spec,), out_specs=spec, axis_names=set(axes))
    return f(v)


op("r34_smap", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_smap, _apply_smap))


# ---------------------------------------------------------------------------------------------
# r34_vmap: spmd_axis_name, in_axes pytrees, out_axes

VMAP = ["spmd", "dict_in", "tuple_in", "out_axes", "nested"]


def _draw_vmap(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim == 2 and x.size > 0):
        return None
    return [i], {
        "kind": rng.choice(VMAP),
        "axis": rng.choice(["a", "b", "c"]),
        "in_axis": rng.randrange(2),
        "out_axis": rng.randrange(2),
    }


def _apply_vmap(B, p, x):
    if not B.jaxlike:
        d0, d1 = x.shape
        shape = [d1, d0] if p["kind"] in ("out_axes", "nested") and p["out_axis"] == 1 else [d0, d1]
        return _zeros(shape, "float32")
    api, n = B.api, B.np
    v = _f32(B, x)
    kind, ia, oa = p["kind"], p["in_axis"], p["out_axis"]
    if kind == "spmd":
        a = p["axis"] if p["axis"] in B.mesh.shape else B.mesh.axis_names[0]
        if x.shape[0] % B.mesh.shape[a]:
            return api.vmap(lambda r: n.sin(r) * 2)(v)
        rest = [e for e in B.mesh.axis_names if e != a]
        spec = rest[0] if rest and x.shape[1] % B.mesh.shape[rest[0]] == 0 else None

        def body(r):
            r = B.wsc(n.sin(r), B.NamedSharding(B.mesh, B.P(spec)))
            return r * n.sum(r)

        return api.vmap(body, spmd_axis_name=a)(v)
    if kind == "dict_in":
        tree = {"x": v, "s": n.float32(1.5), "y": v * 2}

        def f(t):
            return t["x"] * t["s"] + n.cos(t["y"])

        return api.vmap(f, in_axes=({"x": 0, "s": None, "y": 0},))(tree)
    if kind == "tuple_in":

        def g(pair, c):
            a, b = pair
            return a * c + b.sum()

        w = v if ia == 0 else v.T
        return api.vmap(g, in_axes=((ia, None), None))((w, v[0]), n.float32(0.5))
    if kind == "out_axes":
        return api.vmap(lambda r: n.cumsum(r) * 0.5, in_axes=0, out_axes=oa)(v)
    inner = api.vmap(lambda s: n.sin(s) * s, in_axes=0)
    return api.vmap(inner, in_axes=0, out_axes=oa)(v)


op("r34_vmap", numpy_ref=False, vmap_ok=True, grad_ok=True)((_draw_vmap, _apply_vmap))


# ---------------------------------------------------------------------------------------------
# r34_loop_grad: grad through loops with a sharded carry


def _draw_loop_grad(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "loop": rng.choice(["scan", "fori", "while", "scan_xs"]),
        "spec": _spec(rng, x.shape, _mesh_of(rng), even=True),
        "steps": rng.randint(1, 4),
    }


def _apply_loop_grad(B, p, x):
    if not B.jaxlike:
        return _zeros(list(x.shape), "float32")
    api, n, lax = B.api, B.np, B.lax
    spec = _even(B, p["spec"], list(x.shape))
    sharding = B.NamedSharding(B.mesh, _pspec(B, spec))
    steps = p["steps"]

    def step(c):
        return B.wsc(n.sin(c) * 0.9 + c * 0.1, sharding)

    def loss(u):
        u = B.wsc(u, sharding)
        if p["loop"] == "scan":
            c, _ = lax.scan(lambda c, _: (step(c), None), u, None, length=steps)
        elif p["loop"] == "scan_xs":
            xs = n.arange(steps, dtype=n.float32)
            c, ys = lax.scan(lambda c, t: (step(c) + t * 0.1, n.sum(c)), u, xs)
            c = c + ys.sum() * 0.01
        elif p["loop"] == "fori":
            c = lax.fori_loop(0, steps, lambda k, c: step(c), u)
        else:
            c = lax.fori_loop(0, steps, lambda k, c: step(c) * (1 + k * 0.1), u)
        return n.sum(c**2)

    if p["loop"] == "while":  # while_loop is forward-only: its jvp

        def wl(u):
            def body(s):
                k, c = s
                return k + 1, step(c)

            return lax.while_loop(lambda s: s[0] < steps, body, (0, B.wsc(u, sharding)))[1]

        return api.jvp(wl, (_f32(B, x),), (n.ones_like(_f32(B, x)),))[1]
    return api.grad(loss)(_f32(B, x))


op("r34_loop_grad", numpy_ref=False, vmap_ok=False, grad_ok=False)(
    (_draw_loop_grad, _apply_loop_grad)
)


# ---------------------------------------------------------------------------------------------
# r34_sample: samplers with sharded outputs

SAMPLERS = ["normal", "uniform", "bernoulli", "randint", "gumbel", "exponential", "laplace",
            "truncated_normal", "rademacher", "categorical"]  # fmt: skip


def _draw_sample(rng, vals, i):
    x = vals[i]
    if not _num(x):
        return None
    return [i], {
        "fn": rng.choice(SAMPLERS),
        "seed": rng.randrange(100),
        "how": rng.choice(["explicit", "constraint", "split"]),
        "spec": _spec(rng, [8, 4], _mesh_of(rng), even=True),
    }


def _sample(B, p, key, shape, out_sharding=None):
    r, fn, n = B.api.random, p["fn"], B.np
    kw = {} if out_sharding is None else {"out_sharding": out_sharding}
    if fn == "normal":
        return r.normal(key, shape, **kw)
    if fn == "uniform":
        return r.uniform(key, shape, minval=-2.0, maxval=3.0, **kw)
    if fn == "bernoulli":
        return r.bernoulli(key, 0.3, shape, **kw).astype(n.float32)
    if fn == "randint":
        return r.randint(key, shape, -5, 7, **kw).astype(n.float32)
    if fn == "gumbel":
        return r.gumbel(key, shape, **kw)
    if fn == "exponential":
        return r.exponential(key, shape, **kw)
    if fn == "laplace":
        return r.laplace(key, shape, **kw)
    if fn == "truncated_normal":
        return r.truncated_normal(key, -1.0, 2.0, shape, **kw)
    if fn == "rademacher":
        return r.rademacher(key, shape, dtype=n.float32, **kw)
    logits = n.arange(shape[-1], dtype=n.float32)
    return r.categorical(key, logits, shape=shape[:-1], **kw).astype(n.float32)


def _sample_shape(p):
    return [8, 4] if p["fn"] != "categorical" else [8]


def _apply_sample(B, p, x):
    if not B.jaxlike:
        return _zeros(_sample_shape(p), "float32")
    api, n = B.api, B.np
    S = api.sharding
    spec = _pspec(B, _even(B, p["spec"], [8, 4]))
    key = api.random.key(p["seed"])
    shift = n.sum(_f32(B, x)) * 0  # ties the output to the value (0: the samples compare)
    if p["how"] == "split":
        keys = api.random.split(key, 8)
        out = api.vmap(lambda k: _sample(B, p, k, (4,)))(keys)
        return out + shift
    if p["how"] == "constraint":
        out = _sample(B, p, key, _shape_for(p))
        if p["fn"] != "categorical":
            out = B.wsc(out, B.NamedSharding(B.mesh, spec))
        return out + shift
    mesh = _explicit_mesh(B)
    with S.use_abstract_mesh(mesh.abstract_mesh):
        sp = spec if p["fn"] != "categorical" else B.P(spec[0] if len(spec) else None)
        out = _sample(B, p, key, _shape_for(p), out_sharding=sp)
        out = S.reshard(out, B.P())
    return S.reshard(out, B.NamedSharding(B.mesh, B.P())) + shift


def _shape_for(p):
    return (8, 4)


op("r34_sample", numpy_ref=False, vmap_ok=False, grad_ok=False)((_draw_sample, _apply_sample))


# ---------------------------------------------------------------------------------------------
# r34_promote: binary chains over small dtypes and weak scalars

PDTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bool", "bfloat16",
           "float16", "float32"]  # fmt: skip
PDTYPES64 = PDTYPES + ["int64", "uint64", "float64"]
POPS = ["add", "sub", "mul", "max", "min", "where", "true_divide", "floor_divide", "power"]
SCALARS = [2, -1, 0.5, True, 3.0, 200, "none"]


def _draw_promote(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "a": rng.choice(PDTYPES),
        "b": rng.choice(PDTYPES),
        "ops": [rng.choice(POPS) for _ in range(rng.randint(1, 3))],
        "scalars": [rng.choice(SCALARS) for _ in range(3)],
        "side": [rng.random() < 0.5 for _ in range(3)],
    }


def _binary(n, o, a, b):
    if o == "add":
        return a + b
    if o == "sub":
        return a - b if n.result_type(a, b) != n.bool_ else a ^ b
    if o == "mul":
        return a * b
    if o == "max":
        return n.maximum(a, b)
    if o == "min":
        return n.minimum(a, b)
    if o == "where":
        return n.where(n.asarray(a) > 0, a, b)
    if o == "true_divide":
        return n.true_divide(a, b)
    if o == "floor_divide":
        if n.result_type(a, b) == n.bool_:
            return a & b
        return n.floor_divide(a, b)
    if n.result_type(a, b) == n.bool_:
        return a | b
    return n.power(a, n.abs(b) if not isinstance(b, bool) else b)


def _cast(n, v, dtype):
    if dtype == "bool":
        return v > 0
    return (n.abs(v) if dtype.startswith("u") else v).astype(n.dtype(dtype))


def _apply_promote(B, p, x):
    size = x.size
    if not B.jaxlike:
        return _zeros([size + 1], "float32")
    n = B.np
    v = n.ravel(_f32(B, x)) * 5
    r = _cast(n, v, p["a"])
    other = _cast(n, v * -1.5, p["b"])
    for k, o in enumerate(p["ops"]):
        s = p["scalars"][k]
        b = other if s == "none" else s
        if o == "floor_divide" and s == "none" and p["b"] != "bool":
            b = n.where(other == 0, n.ones_like(other), other)
        if o == "floor_divide" and s in (0, False):
            b = 2
        r = _binary(n, o, r, b) if p["side"][k] else _binary(n, o, b, r)
    code = float(PDTYPES64.index(str(r.dtype))) if str(r.dtype) in PDTYPES64 else -1.0
    vals = n.nan_to_num(r.astype(n.float32), nan=0.0, posinf=1e4, neginf=-1e4)
    vals = n.clip(vals, -1e6, 1e6)
    return n.concatenate([vals, n.asarray([code], n.float32)])


op("r34_promote", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_promote, _apply_promote))


# ---------------------------------------------------------------------------------------------
# r34_reduce: where= / initial= / dtype= on integer, bool and half values; cumulative dtype=

RFNS = ["sum", "prod", "max", "min", "mean", "any", "all", "cumsum", "cumprod", "nansum",
        "count_nonzero", "ptp"]  # fmt: skip
RDT = ["int8", "uint8", "uint16", "int32", "bool", "bfloat16", "float16"]


def _draw_reduce(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "fn": rng.choice(RFNS),
        "dt": rng.choice(RDT),
        "axis": rng.choice([None] + list(range(-x.ndim, x.ndim))),
        "where": rng.random() < 0.4,
        "initial": rng.choice([None, None, 1, -3, 100]),
        "dtype": rng.choice([None, None, "int32", "float32", "uint8", "int8"]),
    }


def _reduce_shape(p, shape):
    fn, axis = p["fn"], p["axis"]
    if fn in ("cumsum", "cumprod"):
        return [int(np.prod(shape))] if axis is None else list(shape)
    if axis is None:
        return []
    out = list(shape)
    del out[axis]
    return out


def _apply_reduce(B, p, x):
    if not B.jaxlike:
        return _zeros(_reduce_shape(p, list(x.shape)), "float32")
    n = B.np
    v = _f32(B, x) * 6
    dt = p["dt"]
    a = v > 0 if dt == "bool" else (n.abs(v) if dt.startswith("u") else v).astype(n.dtype(dt))
    fn, axis = p["fn"], p["axis"]
    kw = {"axis": axis}
    where = (v > -2) if p["where"] else None
    if fn in ("cumsum", "cumprod"):
        if p["dtype"]:
            kw["dtype"] = n.dtype(p["dtype"])
        r = getattr(n, fn)(a, **kw)
    elif fn == "count_nonzero":
        r = n.count_nonzero(a, axis=axis)
    elif fn == "ptp":
        r = n.ptp(a.astype(n.float32) if dt == "bool" else a, axis=axis)
    else:
        if where is not None:
            kw["where"] = where
        init = p["initial"]
        if fn in ("max", "min") and (where is not None or init is not None):
            init = 1 if init is None else init
            if dt.startswith("u") or dt == "bool":
                init = abs(init) if dt != "bool" else True
            if not (dt == "uint8" and init == 100) and not (dt == "int8" and abs(init) > 100):
                kw["initial"] = init
            else:
                kw["initial"] = 1
        elif fn in ("sum", "prod") and init is not None and dt != "bool":
            kw["initial"] = abs(init) if dt.startswith("u") else init
        if p["dtype"] and fn in ("sum", "prod", "mean", "nansum"):
            kw["dtype"] = n.dtype(p["dtype"]) if fn != "mean" else n.float32
        if fn == "nansum" and (dt == "bool"):
            a = a.astype(n.float32)
        r = getattr(n, fn)(a, **kw)
    return r.astype(n.float32)


op("r34_reduce", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_reduce, _apply_reduce))


# ---------------------------------------------------------------------------------------------
# r34_sort: ties, -0.0, NaN

SORTS = ["sort", "sort_desc", "argsort", "argsort_desc", "argsort_unstable_ints", "top_k",
         "partition", "argpartition", "lexsort", "searchsorted"]  # fmt: skip


def _draw_sort(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    return [i], {
        "fn": rng.choice(SORTS),
        "axis": rng.randrange(-x.ndim, x.ndim),
        "nan": rng.random() < 0.3,
        "k": rng.randint(1, 3),
        "side": rng.choice(["left", "right"]),
    }


def _sort_shape(p, shape):
    fn, axis = p["fn"], p["axis"]
    out = list(shape)
    if fn == "top_k":
        out[-1] = min(p["k"], shape[-1])
        return [2] + out
    if fn == "lexsort":
        return [shape[-1]]
    if fn == "searchsorted":
        return [7]
    del axis
    return out


def _apply_sort(B, p, x):
    if not B.jaxlike:
        return _zeros(_sort_shape(p, list(x.shape)), "float32")
    n, lax = B.np, B.lax
    v = n.round(_f32(B, x) * 3) / 2  # ties
    v = n.where(v == 0, -0.0, v)
    if p["nan"]:
        v = n.where(v > 1, n.nan, v)
    fn, axis = p["fn"], p["axis"]
    if fn == "sort":
        return n.sort(v, axis=axis)
    if fn == "sort_desc":
        return n.sort(v, axis=axis, descending=True, stable=True)
    if fn == "argsort":
        return n.argsort(v, axis=axis, stable=True).astype(n.float32)
    if fn == "argsort_desc":
        return n.argsort(v, axis=axis, descending=True, stable=True).astype(n.float32)
    if fn == "argsort_unstable_ints":
        return n.argsort((v * 2).astype(n.int32), axis=axis, stable=True).astype(n.float32)
    if fn == "top_k":
        k = min(p["k"], v.shape[-1])
        vals, idx = lax.top_k(n.nan_to_num(v, nan=5.0), k)
        return n.stack([vals, idx.astype(n.float32)])
    if fn in ("partition", "argpartition"):
        k = min(p["k"], v.shape[axis] - 1)
        w = n.nan_to_num(v, nan=5.0)
        if fn == "partition":
            r = n.partition(w, k, axis=axis)
            # only the kth entry and the multiset on each side are defined: sort both sides
            return n.sort(r, axis=axis)
        r = n.argpartition(w, k, axis=axis)
        return n.take_along_axis(w, r, axis=axis).astype(n.float32) * 0 + n.sort(w, axis=axis)
    if fn == "lexsort":
        w = v.reshape(-1, v.shape[-1])
        return n.lexsort([w[j] for j in range(w.shape[0])]).astype(n.float32)
    s = n.sort(n.nan_to_num(v.ravel(), nan=5.0))
    q = n.asarray([-1.5, -0.0, 0.0, 0.5, 1.0, 5.0, 9.0], n.float32)
    return n.searchsorted(s, q, side=p["side"]).astype(n.float32)


op("r34_sort", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_sort, _apply_sort))


# ---------------------------------------------------------------------------------------------
# r34_index: negative / out-of-bounds indices, .at[] modes on integer and bool targets

UPDATES = ["set", "add", "mul", "min", "max", "get", "get_fill", "apply"]
MODES = [None, "drop", "clip", "fill", "promise_in_bounds"]


def _draw_index(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    d = x.shape[0]
    idx = [rng.choice([-d - 2, -d, -1, 0, d - 1, d, d + 3]) for _ in range(rng.randint(1, 4))]
    return [i], {
        "upd": rng.choice(UPDATES),
        "mode": rng.choice(MODES),
        "idx": idx,
        "target": rng.choice(["float32", "int32", "int8", "uint8", "bool", "bfloat16"]),
        "scalar": rng.random() < 0.5,
    }


def _index_shape(p, shape):
    if p["upd"] in ("get", "get_fill"):
        return [len(p["idx"])] + list(shape[1:])
    return list(shape)


def _apply_index(B, p, x):
    if not B.jaxlike:
        return _zeros(_index_shape(p, list(x.shape)), "float32")
    n = B.np
    v = _f32(B, x) * 7
    t = p["target"]
    a = v > 0 if t == "bool" else (n.abs(v) if t == "uint8" else v).astype(n.dtype(t))
    mode = p["mode"]
    d = x.shape[0]
    idx = p["idx"]
    if mode == "promise_in_bounds":  # only in-bounds indices are promised
        idx = [j for j in idx if -d <= j < d] or [0]
        if p["upd"] in ("get", "get_fill"):
            idx = idx + [idx[-1]] * (len(p["idx"]) - len(idx))
    ind = n.asarray(idx, n.int32)
    kw = {} if mode is None else {"mode": mode}
    upd = p["upd"]
    if upd == "get":
        return a.at[ind].get(**kw).astype(n.float32)
    if upd == "get_fill":
        fill = True if t == "bool" else 5
        kw = {"mode": "fill", "fill_value": fill}
        return a.at[ind].get(**kw).astype(n.float32)
    if t == "bool":
        val = True if p["scalar"] else (n.ones((len(idx),) + a.shape[1:], bool))
    else:
        val = 3 if p["scalar"] else n.full((len(idx),) + a.shape[1:], 2, a.dtype)
    if upd == "apply":
        out = a.at[ind].apply(lambda e: e * 2 if t != "bool" else ~e, **kw)
    elif t == "bool" and upd in ("add", "mul"):
        out = getattr(a.at[ind], "max" if upd == "add" else "min")(val, **kw)
    else:
        out = getattr(a.at[ind], upd)(val, **kw)
    return out.astype(n.float32)


op("r34_index", numpy_ref=False, vmap_ok=True, grad_ok=False)((_draw_index, _apply_index))


# ---------------------------------------------------------------------------------------------
# r34_linalg: jnp.linalg on small matrices

LINALG = ["det", "slogdet", "inv", "solve", "norm", "matrix_power", "pinv", "eigvalsh", "qr",
          "cholesky", "svdvals", "trace", "cross", "outer", "kron", "multi_dot", "tensorinv",
          "matrix_rank", "vecdot", "matrix_norm"]  # fmt: skip
NORM_ORDS = [None, 1, 2, -1, -2, "fro", "nuc", np.inf, -np.inf]


def _draw_linalg(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.size >= 1):
        return None
    return [i], {
        "fn": rng.choice(LINALG),
        "k": rng.randint(1, 4),
        "ord": rng.choice(NORM_ORDS),
        "power": rng.choice([-2, -1, 0, 1, 3]),
        "batch": rng.random() < 0.3,
    }


def _linalg_shape(p):
    fn, k = p["fn"], p["k"]
    b = [2] if p["batch"] else []
    if fn in ("det", "trace", "norm", "matrix_rank", "matrix_norm"):
        return b
    if fn in ("slogdet",):
        return [2] + b
    if fn in ("eigvalsh", "svdvals", "vecdot"):
        return b + [k]
    if fn == "cross":
        return [3]
    if fn == "kron":
        return [k * k, k * k]
    if fn == "tensorinv":
        return [k, 2, k, 2]
    return b + [k, k]


def _apply_linalg(B, p, x):
    if not B.jaxlike:
        return _zeros(_linalg_shape(p), "float32")
    n = B.np
    la = n.linalg
    k, fn = p["k"], p["fn"]
    nb = 2 if p["batch"] else 1
    v = _vector(B, x, max(nb * k * k + 8, 4 * k * k))
    m = v[: nb * k * k].reshape(nb, k, k)
    spd = m @ n.swapaxes(m, -1, -2) + k * n.eye(k, dtype=n.float32)
    well = m + 3.0 * n.eye(k, dtype=n.float32)
    if not p["batch"]:
        m, spd, well = m[0], spd[0], well[0]
    if fn == "det":
        return la.det(well)
    if fn == "slogdet":
        s, ld = la.slogdet(well)
        return n.stack([s, ld])
    if fn == "inv":
        return la.inv(well)
    if fn == "solve":
        return la.solve(well, m)
    if fn == "norm":
        o = p["ord"]
        if o in ("fro", "nuc", 2, -2, 1, -1, None, np.inf, -np.inf):
            return la.norm(m, ord=o, axis=(-2, -1))
    if fn == "matrix_norm":
        o = p["ord"] if p["ord"] is not None else "fro"
        return la.matrix_norm(m, ord=o)
    if fn == "matrix_power":
        return la.matrix_power(well, p["power"])
    if fn == "pinv":
        return la.pinv(spd)
    if fn == "eigvalsh":
        return la.eigvalsh(spd)
    if fn == "qr":
        q, r = la.qr(spd)
        return q @ r
    if fn == "cholesky":
        return la.cholesky(spd)
    if fn == "svdvals":
        return la.svdvals(spd)
    if fn == "trace":
        return n.trace(m, axis1=-2, axis2=-1)
    if fn == "cross":
        return n.cross(v[:3], v[3:6])
    if fn == "outer":
        o = la.outer(v[:k], v[k : 2 * k])
        return n.broadcast_to(o, tuple(_linalg_shape(p)))
    if fn == "kron":
        m2 = m if m.ndim == 2 else m[0]
        return n.kron(m2, m2.T)
    if fn == "multi_dot":
        m2, w2 = (m, well) if m.ndim == 2 else (m[0], well[0])
        out = la.multi_dot([m2, w2, m2.T])
        return n.broadcast_to(out, tuple(_linalg_shape(p)))
    if fn == "tensorinv":
        w2 = v[: 4 * k * k].reshape(2 * k, 2 * k) + 4.0 * n.eye(2 * k, dtype=n.float32)
        return la.tensorinv(w2.reshape(k, 2, k, 2), ind=2)
    if fn == "matrix_rank":
        return la.matrix_rank(spd).astype(n.float32)
    if fn == "vecdot":
        return la.vecdot(m, well)
    return la.norm(m, axis=(-2, -1))


op(
    "r34_linalg",
    numpy_ref=False,
    vmap_ok=True,
    grad_ok=lambda p: (
        p["fn"] in ("det", "inv", "solve", "trace", "cross", "kron", "multi_dot", "cholesky")
    ),
)((_draw_linalg, _apply_linalg))
