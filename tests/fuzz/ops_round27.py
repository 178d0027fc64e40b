"""Round 27: program shapes the earlier rounds did not draw (ops whose parameters are drawn,
not fixed entries; ops_round27_corners.py has the round's fixed vocabulary entries):

- `r27_carry`: scan / fori / while carrying a pytree (a float value and a tuple of another
  value of any dtype and a counter), a random body, a sharding constraint inside it;
- `r27_switch`: lax.switch on a data-dependent (clamped) index over 2-4 random branches, each
  with its own sharding constraint, and cond on a pytree of two values;
- `r27_nested_jit`: a jit inside the program with in_shardings / out_shardings drawn on the
  program's mesh (and donated arguments);
- `r27_smap`: shard_map over a random spec (one or two mesh axes per dim) whose body chains
  collectives with drawn parameters (psum / pmean / pmax over subsets of axes, all_gather and
  psum_scatter tiled or not on any dim, all_to_all between dims, ppermute on a random
  permutation, axis_index);
- `r27_explicit`: the value resharded on an Explicit-axes mesh with a random spec, an op whose
  sharding rule decides the result's type, resharded back.

JAX is the reference; on the NumPy backend each op gives zeros of JAX's shape and dtype.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_round15 import _num
from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import _is_float, _is_int, op


def _zeros(shape, dtype):
    return np.zeros(tuple(shape), _np_dtype(str(dtype)))


def _spec(rng, shape, mesh, even=False) -> list:
    """A spec for `shape` on `mesh` (a dict name -> size): None, an axis, or two axes per dim;
    uneven only when `even` is False (rarely)."""
    free = list(mesh)
    spec = []
    for d in shape:
        entry = None
        if free and rng.random() < 0.5:
            k = 2 if len(free) > 1 and rng.random() < 0.2 else 1
            axes = rng.sample(free, k)
            size = int(np.prod([mesh[a] for a in axes]))
            if d % size == 0 or (not even and rng.random() < 0.15):
                entry = axes[0] if k == 1 else axes
                for a in axes:
                    free.remove(a)
        spec.append(entry)
    return spec


def _named(B, spec):
    return B.NamedSharding(B.mesh, B.P(*[tuple(s) if isinstance(s, list) else s for s in spec]))


def _constrain(B, v, spec):
    return v if spec is None else B.wsc(v, _named(B, spec))


# -- elementwise pieces of bodies, dtype-preserving
def _piece(B, kind, v):
    n = B.np
    if kind == "sin":
        return n.sin(v)
    if kind == "tanh2":
        return n.tanh(v) * 2
    if kind == "roll":
        return n.roll(v, 1, axis=-1) if v.ndim else v
    if kind == "affine":
        return v * 0.5 + 1
    if kind == "flip":
        return n.flip(v, axis=0) if v.ndim else v
    if kind == "cummax":
        return B.lax.cummax(v, axis=0, reverse=True) if v.ndim else v
    if kind == "square_clip":
        return n.clip(v * v, -3, 3)
    raise ValueError(kind)


PIECES = ["sin", "tanh2", "roll", "affine", "flip", "cummax", "square_clip"]
SMOOTH_PIECES = {"sin", "tanh2", "roll", "affine", "flip"}


def _chain(B, kinds, v):
    for k in kinds:
        v = _piece(B, k, v)
    return v


def _other_update(B, b):
    """The second carry's update in its own dtype (ints wrap, bools flip)."""
    n = B.np
    if b.dtype == np.bool_:
        return n.logical_not(b)
    if _is_int(b):
        return b * b.dtype.type(3) + b.dtype.type(1)
    return n.cos(b) + b * 0.5


def _scalar_of(B, b, dtype):
    n = B.np
    return (n.sum(b.astype(n.float32)) * 0.01).astype(dtype)


# ---------------------------------------------------------------------------------------------
# r27_carry: loops carrying a pytree


def _draw_carry(rng, vals, i):
    x = vals[i]
    if not (_is_float(x) and x.ndim >= 1 and x.size > 0):
        return None
    j = rng.randrange(len(vals))
    kind = rng.choice(["scan", "scan_reverse", "fori", "while", "fori_dynamic"])
    spec = _spec(rng, x.shape[1:] if kind.startswith("scan") else x.shape, _mesh_of(rng))
    return [i, j], {
        "kind": kind,
        "n": rng.randint(0, 3),
        "body": rng.sample(PIECES, rng.randint(1, 3)),
        "spec": spec if rng.random() < 0.5 else None,
        "unroll": rng.choice([1, 1, 2]),
    }


def _mesh_of(rng):
    """A stand-in mesh for drawing specs: apply() drops the axes the program's mesh lacks."""
    return {"a": 2, "b": 2, "c": 2}


def _fit(B, spec):
    """`spec` on the program's mesh: axes it lacks, or that do not divide, are dropped."""
    if spec is None:
        return None
    out = []
    for s in spec:
        axes = [a for a in ([s] if isinstance(s, str) else s or []) if a in B.mesh.shape]
        out.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return out


def _apply_carry(B, p, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    n, lax = B.np, B.lax
    spec = _fit(B, p["spec"])
    kind, steps = p["kind"], p["n"]

    def update(a, b, k):
        a = _constrain(B, _chain(B, p["body"], a), spec)
        return a + (_scalar_of(B, b, a.dtype) + k.astype(a.dtype) * 0.25), _other_update(B, b)

    if kind.startswith("scan"):

        def body(c, row):
            a, (b, k) = c["a"], c["bk"]
            a, b = update(a + row, b, k)
            return {"a": a, "bk": (b, k + 1)}, (a * 0.5, k)

        init = {"a": n.zeros_like(x[0]), "bk": (y, n.int32(0))}
        c, (ys, ks) = lax.scan(body, init, x, reverse=kind == "scan_reverse", unroll=p["unroll"])
        return ys + c["a"] + _scalar_of(B, c["bk"][0], x.dtype) + n.sum(ks).astype(x.dtype)
    if kind == "while":

        def cond(c):
            return c[1][1] < steps

        def wbody(c):
            a, (b, k) = c
            a, b = update(a, b, k)
            return a, (b, k + 1)

        a, (b, _) = lax.while_loop(cond, wbody, (x, (y, n.int32(0))))
        return a + _scalar_of(B, b, x.dtype)
    upper = steps if kind == "fori" else (n.sum(n.zeros((2,), n.int32)) + steps)

    def fbody(k, c):
        a, b = c
        return update(a, b, k)

    a, b = lax.fori_loop(0, upper, fbody, (x, y), unroll=p["unroll"] if kind == "fori" else None)
    return a + _scalar_of(B, b, x.dtype)


def _carry_smooth(p) -> bool:
    return p["kind"] != "while" and p["kind"] != "fori_dynamic" and set(p["body"]) <= SMOOTH_PIECES


op("r27_carry", numpy_ref=False, grad_ok=_carry_smooth)((_draw_carry, _apply_carry))


# ---------------------------------------------------------------------------------------------
# r27_switch: switch on a data-dependent index, cond on a pytree


def _draw_switch(rng, vals, i):
    x = vals[i]
    if not (_is_float(x) and x.size > 0):
        return None
    j = rng.randrange(len(vals))
    k = rng.randint(2, 4)
    return [i, j], {
        "branches": [rng.sample(PIECES, rng.randint(1, 2)) for _ in range(k)],
        "specs": [
            _spec(rng, x.shape, _mesh_of(rng)) if rng.random() < 0.5 else None for _ in range(k)
        ],
        "offset": rng.randint(-2, 1),
        "cond": rng.random() < 0.4,
    }


def _apply_switch(B, p, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    n, lax = B.np, B.lax
    # out of range: clamped; 0.3, not 0: values that are 0 up to rounding noise (a triangular
    # factor's other half, seed 2703249) would pick a branch by the noise's sign
    index = (n.sum(x > 0.3) + p["offset"]).astype(n.int32)

    def branch(kinds, spec):
        return lambda v, w: (
            _constrain(B, _chain(B, kinds, v), _fit(B, spec)) + _scalar_of(B, w, v.dtype)
        )

    branches = [branch(k, s) for k, s in zip(p["branches"], p["specs"])]
    out = lax.switch(index, branches, x, y)
    if p["cond"]:
        pair = lax.cond(index % 2 == 0, lambda a, b: (a * 2, b), lambda a, b: (a - 1, b), out, y)
        out = pair[0] + _scalar_of(B, pair[1], x.dtype)
    return out


op(
    "r27_switch",
    numpy_ref=False,
    grad_ok=lambda p: all(set(b) <= SMOOTH_PIECES for b in p["branches"]),
)((_draw_switch, _apply_switch))


# ---------------------------------------------------------------------------------------------
# r27_nested_jit: a jit with shardings inside the program


def _draw_nested_jit(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    mesh = _mesh_of(rng)
    reduce = rng.choice([None, None, 0, -1])
    out_shape = (
        x.shape if reduce is None else x.shape[: reduce % x.ndim] + x.shape[reduce % x.ndim + 1 :]
    )
    return [i], {
        "in_spec": _spec(rng, x.shape, mesh, even=True) if rng.random() < 0.7 else None,
        "out_spec": _spec(rng, out_shape, mesh, even=True) if rng.random() < 0.6 else None,
        "body": rng.sample(PIECES, rng.randint(1, 2)),
        "reduce": reduce,
        "donate": rng.random() < 0.3,
    }


def _even(B, spec, shape):
    """`spec` fitted to the program's mesh, without the axes that do not divide `shape`."""
    spec = _fit(B, spec)
    if spec is None:
        return None
    out = []
    for s, d in zip(spec, shape):
        axes = [s] if isinstance(s, str) else (s or [])
        if d % int(np.prod([B.mesh.shape[a] for a in axes])) != 0:
            axes = []
        out.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return out


def _apply_nested_jit(B, p, x):
    shape = list(x.shape)
    reduce = p["reduce"]
    out_shape = (
        shape if reduce is None else shape[: reduce % len(shape)] + shape[reduce % len(shape) + 1 :]
    )
    if not B.jaxlike:
        dtype = x.dtype if _is_float(x) else np.float32
        if reduce is not None and _is_int(x):
            dtype = np.float32
        return _zeros(out_shape, dtype)
    n = B.np

    def inner(v):
        v = _chain(B, p["body"], v if _is_float(v) else v.astype(n.float32))
        return v if reduce is None else n.sum(v, axis=reduce)

    in_spec, out_spec = _even(B, p["in_spec"], shape), _even(B, p["out_spec"], out_shape)
    kw = {}
    if in_spec is not None:
        kw["in_shardings"] = _named(B, in_spec)
    if out_spec is not None:
        kw["out_shardings"] = _named(B, out_spec)
    if p["donate"]:
        kw["donate_argnums"] = 0
    return B.api.jit(inner, **kw)(x)


op("r27_nested_jit", numpy_ref=False, grad_ok=lambda p: set(p["body"]) <= SMOOTH_PIECES)(
    (_draw_nested_jit, _apply_nested_jit)
)


# ---------------------------------------------------------------------------------------------
# r27_smap: shard_map with chained collectives of drawn parameters

COLLECTIVES = [
    "psum",
    "pmean",
    "pmax",
    "all_gather",
    "psum_scatter",
    "all_to_all",
    "ppermute",
    "axis_index",
]


def _draw_smap(rng, vals, i):
    x = vals[i]
    if not ((_is_float(x) or str(x.dtype) == "int32") and x.ndim >= 1 and x.size > 0):
        return None
    smooth = _is_float(x) and rng.random() < 0.5  # no pmax: differentiable (JAX has no rule)
    return [i], {
        "seed": rng.randrange(1 << 30),
        "ops": rng.randint(1, 3),
        "smooth": smooth,
        "partial": rng.random() < 0.3,  # manual over some mesh axes (axis_names=), auto over
        # the others
        "check_vma": rng.random() < 0.8,
    }


def _smap_plan(p, shape, mesh):
    """(manual axes, in spec, [(kind, params)], out spec, out shape): the collectives drawn
    against the program's mesh (`mesh`: name -> size), from the step's seed (the mesh is only
    known when the step is applied). Collectives run over axes the value varies over, and
    sometimes (a psum) over a manual axis it does not vary over."""
    import random

    rng = random.Random(p["seed"])
    manual = list(mesh)
    if p.get("partial") and len(manual) > 1:
        manual = sorted(rng.sample(manual, rng.randint(1, len(manual) - 1)))
    spec = _spec(rng, shape, {a: mesh[a] for a in manual}, even=True)
    in_spec = list(spec)
    block = [d // int(np.prod([mesh[a] for a in _axes_of(s)])) for d, s in zip(shape, spec)]
    used = [a for s in spec for a in _axes_of(s)]
    plan = []
    invariant = [a for a in manual if a not in used]
    if invariant and rng.random() < 0.2:
        plan.append(("psum", {"axes": [rng.choice(invariant)]}))
    for _ in range(p["ops"]):
        if not used:
            break
        kind = rng.choice([k for k in COLLECTIVES if not (p.get("smooth") and k == "pmax")])
        a = rng.choice(used)
        size = mesh[a]
        d = rng.randrange(len(block)) if block else None
        if kind in ("psum", "pmean", "pmax"):
            axes = sorted(rng.sample(used, rng.randint(1, len(used))))
            plan.append((kind, {"axes": axes}))
            break  # the value is invariant over the axes now: the chain ends
        if kind == "all_gather" and d is not None:
            tiled = rng.random() < 0.6
            plan.append((kind, {"axis": a, "dim": d, "tiled": tiled}))
            if tiled:
                block[d] *= size
            else:
                block.insert(d, size)
                spec.insert(d, None)
            break
        if kind == "psum_scatter" and d is not None:
            if block[d] % size == 0 and rng.random() < 0.7:
                plan.append((kind, {"axis": a, "dim": d, "tiled": True}))
                block[d] //= size
                break
            if block[d] == size:
                plan.append((kind, {"axis": a, "dim": d, "tiled": False}))
                del block[d]
                del spec[d]
                break
            continue
        if kind == "all_to_all" and d is not None:
            c = rng.randrange(len(block))
            if block[d] % size:
                continue
            plan.append((kind, {"axis": a, "split": d, "concat": c}))
            block[d] //= size
            block[c] *= size
            continue
        if kind == "ppermute":
            perm = list(range(size))
            rng.shuffle(perm)
            pairs = [[s, t] for s, t in enumerate(perm) if rng.random() < 0.85]
            plan.append((kind, {"axis": a, "perm": pairs}))
            continue
        if kind == "axis_index":
            plan.append((kind, {"axis": a}))
    out_shape = [b * int(np.prod([mesh[a] for a in _axes_of(s)])) for b, s in zip(block, spec)]
    return manual, in_spec, plan, spec, out_shape


def _axes_of(s):
    return [] if s is None else [s] if isinstance(s, str) else list(s)


def _collective(B, kind, q, v):
    lax = B.lax
    if kind in ("psum", "pmax"):
        return getattr(lax, kind)(v, tuple(q["axes"]))
    if kind == "pmean":
        return lax.pmean(v, tuple(q["axes"]))
    if kind == "all_gather":
        return lax.all_gather(v, q["axis"], axis=q["dim"], tiled=q["tiled"])
    if kind == "psum_scatter":
        return lax.psum_scatter(v, q["axis"], scatter_dimension=q["dim"], tiled=q["tiled"])
    if kind == "all_to_all":
        return lax.all_to_all(v, q["axis"], q["split"], q["concat"], tiled=True)
    if kind == "ppermute":
        return lax.ppermute(v, q["axis"], [tuple(t) for t in q["perm"]])
    return v * (lax.axis_index(q["axis"]) + 1).astype(v.dtype)


def _apply_smap(B, p, x):
    manual, spec, plan, out_spec, out_shape = _smap_plan(p, list(x.shape), dict(B.mesh.shape))
    dtype = x.dtype
    if any(k == "pmean" for k, _ in plan) and not _is_float(x):
        dtype = np.float32
    if not B.jaxlike:
        return _zeros(out_shape, dtype)

    def body(v):
        for kind, q in plan:
            v = _collective(B, kind, q, v)
        return v

    def pspec(s):
        return B.P(*[tuple(e) if isinstance(e, list) else e for e in s])

    kw = {"axis_names": set(manual)} if len(manual) < len(B.mesh.shape) else {}
    return B.shard_map(
        body,
        mesh=B.mesh,
        in_specs=(pspec(spec),),
        out_specs=pspec(out_spec),
        check_vma=p.get("check_vma", True),
        **kw,
    )(x)


op("r27_smap", numpy_ref=False, grad_ok=lambda p: p.get("smooth", False))((_draw_smap, _apply_smap))


# ---------------------------------------------------------------------------------------------
# r27_explicit: an Explicit-axes mesh, a random spec, an op, back to the program's mesh

EXPLICIT = [
    "sin",
    "sum0",
    "sum_last",
    "transpose",
    "matmul_t",
    "reshape_flat",
    "cumsum0",
    "concat0",
    "where",
    "einsum_out",
    "reshape_out",
    "normal_out",
]


def _draw_explicit(rng, vals, i):
    x = vals[i]
    if not (_num(x) and x.ndim >= 1 and x.size > 0):
        return None
    kind = rng.choice(EXPLICIT)
    if kind in ("matmul_t", "einsum_out") and x.ndim != 2:
        return None
    return [i], {"kind": kind, "spec": _spec(rng, x.shape, _mesh_of(rng), even=True)}


def _explicit_shape(kind, shape):
    return {
        "sum0": shape[1:],
        "sum_last": shape[:-1],
        "transpose": shape[::-1],
        "matmul_t": [shape[0], shape[0]],
        "einsum_out": [shape[0], shape[0]],
        "reshape_out": [int(np.prod(shape))],
        "reshape_flat": [int(np.prod(shape))],
        "concat0": [2 * shape[0]] + shape[1:],
    }.get(kind, shape)


def _explicit_op(B, kind, v, on=None):
    """The op on `v`; `on(*spec)`: a NamedSharding of the Explicit mesh (out_sharding=)."""
    n = B.np
    if kind in ("einsum_out", "reshape_out", "normal_out"):
        if on is None:  # (the NumPy backend: types only)
            dtype = n.float32 if kind == "normal_out" else v.dtype
            return n.zeros(_explicit_shape(kind, list(v.shape)), dtype)
        first = B.mesh.axis_names[0]
        if kind == "einsum_out":
            return n.einsum("ij,kj->ik", v, v, out_sharding=on(first, None))
        if kind == "reshape_out":
            return n.reshape(v, (-1,), out_sharding=on(first))
        key = B.random.key(n.sum(v != 0).astype(n.int32))
        spec = [first] + [None] * (v.ndim - 1)
        return B.random.normal(key, v.shape, out_sharding=on(*spec)) + v
    return {
        "sin": lambda: n.sin(v) if _is_float(v) else v * 2,
        "sum0": lambda: n.sum(v, axis=0),
        "sum_last": lambda: n.sum(v, axis=-1),
        "transpose": lambda: v.T,
        "matmul_t": lambda: v @ v.T,
        "reshape_flat": lambda: v.reshape(-1),
        "cumsum0": lambda: n.cumsum(v, axis=0),
        "concat0": lambda: n.concatenate([v, v], axis=0),
        "where": lambda: n.where(v > 0, v, n.zeros_like(v)),
    }[kind]()


def _apply_explicit(B, p, x):
    kind = p["kind"]
    if not B.jaxlike:
        v = _explicit_op(B, kind, x)
        return _zeros(_explicit_shape(kind, list(x.shape)), v.dtype)
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
    out = _explicit_op(B, kind, v, lambda *s: api.sharding.NamedSharding(mesh, B.P(*s)))
    return api.sharding.reshard(out, api.sharding.NamedSharding(B.mesh, B.P()))


op(
    "r27_explicit",
    numpy_ref=False,
    vmap_ok=False,
    grad_ok=lambda p: p["kind"] in ("sin", "sum0", "transpose", "reshape_flat", "concat0"),
)((_draw_explicit, _apply_explicit))
