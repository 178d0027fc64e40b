"""The fuzzer's vocabulary of control flow with random bodies (switch, cond, scan, fori_loop,
while_loop), vmap with in_axes/out_axes None and negative, nested vmap over two operands, and
`jax.random` draws (keys, split, fold_in, samplers over dtypes and shapes; under vmap).

Random draws are typed only by the NumPy backend (`numpy_ref=False`): JAX is their reference.
"""

from __future__ import annotations

import types

import numpy as np

from tests.fuzz.registry import _is_float, _is_int, _same_dtype, op

# ---------------------------------------------------------------------------------------------
# Random bodies: shape- and dtype-preserving functions of one value.

FLOAT_BODIES = [
    "sin",
    "double",
    "dec",
    "tanh",
    "neg",
    "abs",
    "square_clip",
    "cumsum0",
    "roll1",
    "flip0",
    "sort_last",
]
INT_BODIES = ["double", "dec", "neg", "abs", "cumsum0", "roll1", "flip0", "sort_last"]


def _body(B, name, v):
    np_ = B.np
    if name == "sin":
        return np_.sin(v)
    if name == "double":
        return v * 2
    if name == "dec":
        return v - 1
    if name == "tanh":
        return np_.tanh(v)
    if name == "neg":
        return np_.negative(v)
    if name == "abs":
        return np_.abs(v)
    if name == "square_clip":
        return np_.clip(v * v, -10, 10)
    if not np_.ndim(v):
        return v + 1
    if name == "cumsum0":
        return np_.cumsum(v, axis=0).astype(v.dtype)
    if name == "roll1":
        return np_.roll(v, 1, axis=0)
    if name == "flip0":
        return np_.flip(v, axis=0)
    return np_.sort(v, axis=-1)


def _bodies(rng, x, k):
    pool = FLOAT_BODIES if _is_float(x) else INT_BODIES
    return [rng.choice(pool) for _ in range(k)]


def _numeric(x) -> bool:
    return _is_float(x) or _is_int(x)


def _draw_switch(rng, vals, i):
    x = vals[i]
    if not _numeric(x):
        return None
    n = rng.randint(1, 4)
    return [i], {"bodies": _bodies(rng, x, n), "offset": rng.randint(-2, 3)}


def _apply_switch(B, p, x):
    np_ = B.np
    index = (np_.sum(x > 0) - p["offset"]).astype(np_.int32)  # out of range: clamped
    branches = [lambda v, b=b: _body(B, b, v) for b in p["bodies"]]
    if not B.jaxlike:
        return branches[min(max(int(index), 0), len(branches) - 1)](x)
    return B.lax.switch(index, branches, x)


op("switch")((_draw_switch, _apply_switch))


def _draw_cond2(rng, vals, i):
    x = vals[i]
    if not _numeric(x):
        return None
    j = _same_dtype(rng, vals, x, exact_shape=True, broadcast=False)
    return [i, j], {"bodies": _bodies(rng, x, 2), "c": rng.choice([0, 1, -1])}


def _apply_cond2(B, p, x, y):
    np_ = B.np
    b0, b1 = p["bodies"]

    def yes(a, b):
        return _body(B, b0, a) + b

    def no(a, b):
        return _body(B, b1, b) - a

    pred = np_.sum(y) > p["c"]
    if not B.jaxlike:
        return yes(x, y) if bool(pred) else no(x, y)
    return B.lax.cond(pred, yes, no, x, y)


op("cond2")((_draw_cond2, _apply_cond2))


def _draw_scan(rng, vals, i):
    x = vals[i]
    if not _numeric(x) or not x.ndim:
        return None
    return [i], {
        "bodies": _bodies(rng, x, 3),
        "reverse": rng.random() < 0.3,
        "unroll": rng.choice([1, 2, True]),
        "which": rng.choice([0, 1]),
        "xs_none": rng.random() < 0.2,
    }


def _apply_scan(B, p, x):
    b0, b1, b2 = p["bodies"]
    half = 0.5 if _is_float(x) else 1

    def body(c, row):
        c = _body(B, b0, c) * half + (_body(B, b1, row) if row is not None else 1)
        return c, _body(B, b2, c)

    init = x[0] * 0
    if not B.jaxlike:  # NumPy: the loop written out
        rows = [None] * x.shape[0] if p["xs_none"] else list(x)
        ys, c = [], init
        for row in reversed(rows) if p["reverse"] else rows:
            c, y = body(c, row)
            ys.append(y)
        ys = ys[::-1] if p["reverse"] else ys
        return c if p["which"] == 0 else np.stack(ys)
    xs = None if p["xs_none"] else x
    out = B.lax.scan(body, init, xs, length=x.shape[0], reverse=p["reverse"], unroll=p["unroll"])
    return out[p["which"]]


op("scan_body")((_draw_scan, _apply_scan))


def _draw_fori(rng, vals, i):
    x = vals[i]
    if not _numeric(x):
        return None
    lo = rng.randint(-1, 2)
    return [i], {
        "body": _bodies(rng, x, 1)[0],
        "lo": lo,
        "hi": lo + rng.randint(-1, 3),
        "traced": rng.random() < 0.3,
    }


def _apply_fori(B, p, x):
    np_ = B.np

    def body(i, v):
        return (
            _body(B, p["body"], v) + i.astype(v.dtype)
            if hasattr(i, "astype")
            else _body(B, p["body"], v) + np_.asarray(i).astype(v.dtype)
        )

    if not B.jaxlike:
        for i in range(p["lo"], p["hi"]):
            x = body(np.int32(i), x)
        return x
    hi = p["hi"]
    if p["traced"]:  # a traced trip count: a while loop (no reverse-mode derivative)
        hi = (np_.sum(np_.zeros((2,), np_.int32)) + hi).astype(np_.int32)
    return B.lax.fori_loop(p["lo"], hi, body, x)


op("fori_body")((_draw_fori, _apply_fori))


def _draw_while(rng, vals, i):
    x = vals[i]
    if not _numeric(x):
        return None
    return [i], {
        "body": _bodies(rng, x, 1)[0],
        "n": rng.randint(0, 4),
        "bound": rng.choice([5.0, 50.0, 1e4]),
    }


def _apply_while(B, p, x):
    np_ = B.np

    def cond(c):
        return (c[0] < p["n"]) & (np_.sum(np_.abs(c[1]).astype(np_.float32)) < p["bound"])

    def body(c):
        return c[0] + 1, _body(B, p["body"], c[1])

    if not B.jaxlike:
        c = (0, x)
        while bool(cond(c)):
            c = body(c)
        return c[1]
    return B.lax.while_loop(cond, body, (0, x))[1]


op("while_body")((_draw_while, _apply_while))


# ---------------------------------------------------------------------------------------------
# vmap with in_axes None / negative and out_axes None / negative; nested over two operands.

VMAP_FNS = ["add", "multiply", "maximum", "subtract", "where", "ignore_x", "dot_last"]


def _draw_vmap_axes(rng, vals, i):
    x = vals[i]
    if not x.ndim or not _numeric(x):
        return None
    j = _same_dtype(rng, vals, x, broadcast=False)
    fn = rng.choice(VMAP_FNS)
    a = rng.randrange(-x.ndim, x.ndim)
    b = rng.choice([None, None] + list(range(-vals[j].ndim, vals[j].ndim)))
    out = rng.choice([0, -1, 1, None] if fn == "ignore_x" and b is None else [0, -1, 1])
    return [i, j], {"fn": fn, "in_axes": [a, b], "out_axes": out, "nested": rng.random() < 0.3}


def _vmap_fn(B, name):
    np_ = B.np
    if name == "where":
        return lambda u, v: np_.where(u > 0, u, v)
    if name == "ignore_x":
        return lambda u, v: v * 2
    if name == "dot_last":
        return lambda u, v: np_.sum(u * v, axis=-1) if np_.ndim(u * v) else u * v
    return getattr(np_, name)


def _apply_vmap_axes(B, p, x, y):
    f = _vmap_fn(B, p["fn"])
    a, b = p["in_axes"]
    if p["nested"]:  # an outer product of rows: the inner level closes over the other operand
        inner = B.vmap(f, in_axes=(a, None), out_axes=p["out_axes"])
        return B.vmap(inner, in_axes=(None, b if b is not None else 0), out_axes=0)(x, y)
    return B.vmap(f, in_axes=(a, b), out_axes=p["out_axes"])(x, y)


op("vmap_axes", vmap_ok=False)((_draw_vmap_axes, _apply_vmap_axes))


# ---------------------------------------------------------------------------------------------
# jax.random: keys (typed and raw), split / fold_in (with data from the program), samplers.

SAMPLERS = [
    "uniform",
    "normal",
    "bernoulli",
    "bernoulli_p",
    "categorical",
    "randint",
    "permutation",
    "permutation_n",
    "gumbel",
    "truncated_normal",
    "exponential",
    "bits",
    "key_data",
    "choice",
    "vmap_uniform",
    "laplace",
]
FLOAT_DT = ["float32", "float32", "bfloat16", "float16"]


def _draw_random(rng, vals, i):
    x = vals[i]
    kind = rng.choice(SAMPLERS)
    chain = []
    for _ in range(rng.randint(0, 2)):
        chain.append(
            rng.choice(
                [
                    ["split", rng.randint(2, 3), rng.randint(0, 1)],
                    ["fold_in", rng.randint(0, 2**31 - 1)],
                    ["fold_in_data"],
                ]
            )
        )
    p = {
        "kind": kind,
        "seed": rng.randint(0, 2**32 - 1) if rng.random() < 0.3 else rng.randint(0, 100),
        "typed": rng.random() < 0.5,
        "chain": chain,
        "dtype": rng.choice(FLOAT_DT),
        "lo": rng.choice([0.0, -2.0, 1.0]),
        "span": rng.choice([1.0, 3.0]),
    }
    if kind == "randint":
        p["dtype"] = rng.choice(["int32", "int8", "uint8", "int16", "uint32"])
        p["lo"], p["hi"] = rng.choice(
            [(0, 10), (-5, 5), (-300, 300), (0, 2**31 - 1), (3, 3), (5, 2)]
        )
    if kind == "bits":
        p["dtype"] = rng.choice(["uint8", "uint16", "uint32"])
    if kind == "categorical" and not (_is_float(x) and x.ndim):
        return None
    if kind == "categorical":
        p["axis"] = rng.randrange(-x.ndim, x.ndim)
    if kind == "permutation":
        if not x.ndim:
            return None
        p["axis"] = rng.randrange(x.ndim)
        p["independent"] = rng.random() < 0.3
    if kind == "choice":
        if not x.ndim:
            return None
        p["k"] = rng.randint(1, x.shape[0])
        p["replace"] = rng.random() < 0.5
    return [i], p


def _key(B, p, x):
    np_, R = B.np, B.random
    key = R.key(p["seed"]) if p["typed"] else R.PRNGKey(p["seed"])
    for link in p["chain"]:
        if link[0] == "split":
            key = R.split(key, link[1])[link[2]]
        elif link[0] == "fold_in":
            key = R.fold_in(key, link[1])
        else:  # data from the program: a count, exact under any reduction order
            key = R.fold_in(key, np_.sum(x > 0).astype(np_.int32))
    return key


def _apply_random(B, p, x):
    R, np_ = B.random, B.np
    key = _key(B, p, x)
    kind, shape, dt = p["kind"], tuple(np_.shape(x)), B.dtype(p["dtype"])
    if kind == "uniform":
        return R.uniform(key, shape, dt, minval=p["lo"], maxval=p["lo"] + p["span"])
    if kind in ("normal", "gumbel", "exponential", "laplace"):
        return getattr(R, kind)(key, shape, dt)
    if kind == "truncated_normal":
        return R.truncated_normal(key, p["lo"], p["lo"] + p["span"], shape, dt)
    if kind == "bernoulli":
        return R.bernoulli(key, 0.3, shape)
    if kind == "bernoulli_p":
        return R.bernoulli(key, np_.clip(x.astype(np_.float32) * 0.25 + 0.5, 0, 1))
    if kind == "categorical":
        return R.categorical(key, x, axis=p["axis"])
    if kind == "randint":
        return R.randint(key, shape, p["lo"], p["hi"], dt)
    if kind == "bits":
        return R.bits(key, shape, dt)
    if kind == "permutation":
        return R.permutation(key, x, axis=p["axis"], independent=p["independent"])
    if kind == "permutation_n":
        return R.permutation(key, 7)
    if kind == "key_data":
        return R.key_data(R.split(key, 3))
    if kind == "choice":
        return R.choice(key, x, (p["k"],), replace=p["replace"])
    keys = R.split(key, 3)  # vmap_uniform: one draw per key
    return B.vmap(lambda k: R.uniform(k, shape, dt))(keys)


op("random", numpy_ref=False)((_draw_random, _apply_random))


def _zeros(shape, dtype):
    return np.zeros(tuple(shape), dtype)


def _numpy_random():
    """The NumPy backend's stand-in for jax.random: shapes and dtypes only (for typing)."""
    from tests.fuzz.programs import _np_dtype

    def dt(d, default):
        return _np_dtype(d) if isinstance(d, str) else np.dtype(default if d is None else d)

    def categorical(key, logits, axis=-1):
        return _zeros(np.delete(np.shape(logits), axis), np.int32)

    def permutation(key, x, axis=0, independent=False):
        return np.arange(x, dtype=np.int32) if np.ndim(x) == 0 else np.asarray(x)

    def choice(key, a, shape=(), replace=True):
        if not replace and int(np.prod(shape)) > np.shape(a)[0]:
            raise ValueError("more draws than items without replacement")
        return _zeros(tuple(shape) + np.shape(a)[1:], np.asarray(a).dtype)

    def sampler(default):
        return lambda key, shape=(), dtype=None, **kw: _zeros(shape, dt(dtype, default))

    def bernoulli(key, p=0.5, shape=None):
        return _zeros(np.shape(p) if shape is None else shape, np.bool_)

    def randint(key, shape, minval, maxval, dtype=None):
        return _zeros(shape, dt(dtype, np.int32))

    def truncated_normal(key, lower, upper, shape=(), dtype=None):
        return _zeros(shape, dt(dtype, np.float32))

    return types.SimpleNamespace(
        key=lambda seed: _zeros((2,), np.uint32),
        PRNGKey=lambda seed: _zeros((2,), np.uint32),
        split=lambda key, n=2: _zeros((n, 2), np.uint32),
        fold_in=lambda key, d: key,
        key_data=lambda k: np.asarray(k, np.uint32),
        uniform=sampler(np.float32),
        normal=sampler(np.float32),
        gumbel=sampler(np.float32),
        exponential=sampler(np.float32),
        laplace=sampler(np.float32),
        bits=sampler(np.uint32),
        bernoulli=bernoulli,
        categorical=categorical,
        randint=randint,
        truncated_normal=truncated_normal,
        permutation=permutation,
        choice=choice,
    )


NUMPY_RANDOM = _numpy_random()
