"""Explicit sharding (issue 17): shardings in the types, decided at trace time, compared with
JAX 0.10.2 run on the same programs in a subprocess (printed types, error types), and with
NumPy (numbers).

Each program is source text written against `jax`, `jnp`, `lax`, `P`, `np` and `mesh` (a 4x2
mesh with Explicit axes X and Y, set as the context mesh); `show(label, value)` records
`str(typeof(value))` and `fails(label, thunk)` records the name of the error class raised (or
"ok"). The same text runs under JAX and under meshjit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import meshjit
import meshjit.numpy as mjnp
from meshjit import lax as mjlax
from meshjit.compiler.errors import DuplicateSpecError
from meshjit.sharding import AxisType, NamedSharding, P, ShardingTypeError
from tests.support import oracle_store

PROGRAMS = {
    "device_put": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        show("x", x)
        show("row", jax.device_put(np.ones(16, np.float32), P(("X", "Y"))))
        show("cols", jax.device_put(np.ones((4, 4), np.float32), P(None, "Y")))
    """,
    "elementwise_and_reductions": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        b = jax.device_put(np.ones(4, np.float32), P("Y"))

        @jax.jit
        def f(x, b):
            show("sin", jnp.sin(x) + 1)
            show("bias", x + b)
            show("scalar", x * 2.0)
            show("sum0", x.sum(axis=0))
            show("sum1", jnp.sum(x, axis=1))
            show("sum", jnp.sum(x))
            show("max", jnp.max(x, axis=0))
            show("argmax", jnp.argmax(x, axis=1))
            show("mean", jnp.mean(x, axis=0))
            show("where", jnp.where(x > 0, x, 0.0))
            return x + b

        show("out", f(x, b))
    """,
    "shapes": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))

        @jax.jit
        def f(x):
            show("T", x.T)
            show("merge", x.reshape(32))
            show("split", x.reshape(4, 2, 4))
            show("expand", x[None])
            show("expand_last", jnp.expand_dims(x, -1))
            show("squeeze", jnp.squeeze(x[None], 0))
            show("broadcast", jnp.broadcast_to(x, (3, 8, 4)))
            show("slice", x[:4])
            show("slice_cols", x[:, :2])
            show("concat", jnp.concatenate([x, x], axis=0))
            show("concat1", jnp.concatenate([x, x], axis=1))
            show("pad", jnp.pad(x, ((0, 0), (1, 1))))
            show("flip", jnp.flip(x, 0))
            show("dynamic_slice", lax.dynamic_slice(x, (0, 0), (4, 2)))
            show("softmax", jax.nn.softmax(x, axis=-1))
            show("mean_keep", jnp.mean(x, axis=1, keepdims=True))
            show("zeros_like", jnp.zeros_like(x))
            show("conv", lax.conv_general_dilated(x[:, None, :], jnp.ones((3, 1, 2)), (1,), "SAME"))
            fails("index", lambda: x[0])
            fails("sort_sharded", lambda: jnp.sort(x, axis=0))
            fails("cumsum_sharded", lambda: jnp.cumsum(x, axis=0))
            show("sort", jnp.sort(jax.sharding.reshard(x, P("X", None)), axis=1))
            show("at_get", x.at[jnp.array([0, 2])].get(out_sharding=P(None, "Y")))
            show("at_get_cols", x.at[:, jnp.array([1, 3])].get(out_sharding=P("X", None)))
            show("lax_reshape", lax.reshape(x, (4, 8), out_sharding=P("X", None)))
            show("bcast", lax.broadcast_in_dim(x, (2, 8, 4), (1, 2), out_sharding=P(None, "X")))
            fails("reshape", lambda: x.reshape(16, 2))
            return x

        f(x)
    """,
    "dots": """
        x = jax.device_put(np.ones((8, 4), np.float32), P("X", None))
        w = jax.device_put(np.ones((4, 8), np.float32), P(None, "Y"))
        v = jax.device_put(np.ones((4, 8), np.float32), P("Y", None))

        @jax.jit
        def f(x, w):
            show("dot", x @ w)
            show("einsum", jnp.einsum("bi,io->bo", x, w))
            show("dot_general", lax.dot_general(x, w, (((1,), (0,)), ((), ()))))
            return x @ w

        show("out", f(x, w))
        xs = jax.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
        fails("contracting", lambda: jnp.dot(xs, v))
        show("out_sharding", jnp.dot(xs, v, out_sharding=P("X", "Y")))
        show("out_sharding_none", jnp.matmul(xs, v, out_sharding=P("X", None)))
    """,
    "conflicts": """
        a = jax.device_put(np.ones((8, 4), np.float32), P("X", None))
        b = jax.device_put(np.ones((8, 4), np.float32), P("Y", None))
        fails("add", lambda: a + b)
        fails("jit_add", lambda: jax.jit(lambda a, b: a * b)(a, b))
        fails("outer", lambda: a[:, :, None] * jax.sharding.reshard(a, P(None, "X"))[:, None, :])
    """,
    "reshard_and_creation": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        show("reshard", jax.sharding.reshard(x, P(None, "X")))
        show("zeros", jnp.zeros((8, 4), out_sharding=P("X")))
        show("ones", jnp.ones((16,), out_sharding=P(("X", "Y"))))
        show("full", jnp.full((8, 2), 3.0, out_sharding=P(None, "Y")))

        @jax.jit
        def f(x):
            y = jax.sharding.reshard(x, P())
            show("in_jit", y)
            show("in_jit_zeros", jnp.zeros((8, 4), out_sharding=P("Y", "X")))
            return y

        show("out", f(x))
    """,
    "grad": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        w = jax.device_put(np.ones((4, 2), np.float32), P("Y", None))

        def loss(w, x):
            return jnp.sum(jnp.tanh(jnp.dot(x, w, out_sharding=P("X", None))) ** 2)

        g = jax.jit(jax.grad(loss))(w, x)
        show("grad_w", g)
        show("grad_x", jax.jit(jax.grad(lambda x: jnp.sum(jnp.sin(x))))(x))
        show("grad_sum0", jax.jit(jax.grad(lambda x: jnp.sum(x.sum(axis=0) ** 2)))(x))
    """,
    "control_flow": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))

        @jax.jit
        def f(x):
            c = lax.cond(x.sum() > 0, lambda v: v * 2, lambda v: v + 1, x)
            show("cond", c)
            w = lax.fori_loop(0, 3, lambda i, v: v * 1.5, x)
            show("fori", w)
            xs = jax.sharding.reshard(x, P(None, "Y"))
            init = jnp.zeros(4, out_sharding=P("Y"))
            carry, ys = lax.scan(lambda c, r: (c + r, r * 2), init, xs)
            show("scan_carry", carry)
            show("scan_ys", ys)
            fails("scan_sharded_xs", lambda: lax.scan(lambda c, r: (c, r), 0.0, x))
            return c

        show("out", f(x))
    """,
    "mlp_dp_tp": """
        x = jax.device_put(np.ones((16, 8), np.float32), P("X", None))
        w1 = jax.device_put(np.full((8, 32), 0.1, np.float32), P(None, "Y"))
        w2 = jax.device_put(np.full((32, 4), 0.1, np.float32), P("Y", None))

        def mlp(w1, w2, x):
            h = jax.nn.relu(x @ w1)
            show("h", h)
            return jnp.dot(h, w2, out_sharding=P("X", None))

        def loss(params, x):
            return jnp.mean(mlp(*params, x) ** 2)

        out = jax.jit(mlp)(w1, w2, x)
        show("out", out)
        g1, g2 = jax.jit(jax.grad(loss))((w1, w2), x)
        show("g1", g1)
        show("g2", g2)
    """,
    "shard_map": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))

        @jax.jit
        def f(x):
            y = jnp.sin(x)
            z = jax.shard_map(lambda b: b * 2, out_specs=P("X", "Y"))(y)
            show("smap", z)
            s = jax.shard_map(lambda b: lax.psum(b.sum(0), "X"), out_specs=P("Y"))(y)
            show("smap_psum", s)
            return z + 1

        show("out", f(x))
    """,
    "jit_options": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        show("out_shardings", jax.jit(lambda v: v * 2, out_shardings=P("X", None))(x))
        show("in_shardings", jax.jit(lambda v: v + 1, in_shardings=P(None, "Y"))(np.ones((8, 4), np.float32)))
        show("numpy_in", jax.jit(lambda v: v * 2)(np.ones((8, 4), np.float32)))
        show("wsc", jax.jit(lambda v: jax.lax.with_sharding_constraint(v, P("X", "Y")))(x))
        fails("wsc_assert", lambda: jax.jit(lambda v: jax.lax.with_sharding_constraint(v, P("Y")))(x))
        show("device_put_in_jit", jax.jit(lambda v: jax.device_put(v, P(None, "X")))(x))
        show("vmap", jax.jit(jax.vmap(lambda r: r * 2))(x))
        show("vmap_sum", jax.jit(jax.vmap(jnp.sum))(x))
        show("nested", jax.jit(lambda v: jax.jit(lambda u: u.T)(v) + 1)(x))
        show("eager_sin", jnp.sin(x))
        show("eager_sum", x.sum(axis=0))
        show("eager_scalar_op", x * 3)
        show("astype", x.astype(jnp.int32))
        show("one_hot", jax.jit(lambda v: jax.nn.one_hot(v[:, 0].astype(jnp.int32), 8))(jax.sharding.reshard(x, P("X", None))))
        show("logsumexp", jax.jit(lambda v: jax.nn.logsumexp(v, axis=-1))(x))
        show("stop_gradient", jax.lax.stop_gradient(x))
    """,
    "random": """
        k = jax.random.key(0)
        show("normal", jax.random.normal(k, (8, 4), out_sharding=P("X", "Y")))
        show("uniform_jit", jax.jit(lambda k: jax.random.uniform(k, (8,), out_sharding=P("X")))(k))
        show("bits", jax.random.bits(k, (16,), out_sharding=P(("X", "Y"))))
    """,
    "unreduced": """
        x = jax.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
        w = jax.device_put(np.ones((4, 6), np.float32), P("Y", None))

        @jax.jit
        def f(x, w):
            y = jnp.dot(x, w, out_sharding=P("X", None, unreduced={"Y"}))
            show("partial", y)
            show("sum_of_partials", y + y)
            return jax.sharding.reshard(y + y, P("X"))

        out = f(x, w)
        show("reduced", out)
        assert float(np.asarray(out)[0, 0]) == 8.0
    """,
    # Indexing (gather / scatter / slices): JAX reads a concrete sharded array, or any index
    # array, with one gather, and refuses to slice into a sharded dim; inside jit basic
    # indexing is a static slice. Each case is shown, or recorded as an error.
    "indexing": """
        f32 = np.float32
        x = jax.device_put(np.arange(32.0, dtype=f32).reshape(8, 4), P("X", "Y"))
        xr = jax.device_put(np.arange(32.0, dtype=f32).reshape(8, 4), P("X", None))
        xc = jax.device_put(np.arange(32.0, dtype=f32).reshape(8, 4), P(None, "Y"))
        x3 = jax.device_put(np.arange(64.0, dtype=f32).reshape(8, 4, 2), P("X", None, None))
        i = jax.device_put(np.array([1, 3, 0, 2], np.int32), P())
        ix = jax.device_put(np.array([1, 3, 0, 2], np.int32), P("X"))
        iy = jax.device_put(np.array([1, 0, 0, 1, 1, 0, 1, 0], np.int32), P("X"))
        rows = jax.device_put(np.ones((8, 4), f32), P("X", None))
        cols = jax.device_put(np.ones((4, 4), f32), P(None, "Y"))
        jit = jax.jit
        cases = {
            "int0": lambda: x[0],
            "int0c": lambda: xc[0],
            "int1": lambda: x[:, 1],
            "int1r": lambda: xr[:, 1],
            "slice0": lambda: x[2:6],
            "slice0c": lambda: xc[2:6],
            "slice1r": lambda: xr[:, 1:3],
            "step": lambda: xc[::2],
            "neg": lambda: xc[-1],
            "ellipsis": lambda: x3[..., 0],
            "none": lambda: x[None],
            "newaxis": lambda: xr[:, None, 1:],
            "arr0": lambda: x[i],
            "arr0c": lambda: xc[i],
            "arr1r": lambda: xr[:, i],
            "arr1": lambda: x[:, i],
            "arrx": lambda: xc[ix],
            "arrxr": lambda: xr[ix],
            "two": lambda: xr[i, i],
            "twoc": lambda: xc[i, 0],
            "bool": lambda: xc[np.array([True] * 4 + [False] * 4)],
            "mixed": lambda: x3[i, :, 0],
            "mixed2": lambda: x3[:, i[:2], 0],
            "take": lambda: jnp.take(xc, i, axis=0),
            "take1": lambda: jnp.take(xr, i, axis=1),
            "embed": lambda: jnp.take(xc, iy, axis=0),
            "embed_rows": lambda: jnp.take(rows, iy, axis=0),
            "along": lambda: jnp.take_along_axis(xr, jnp.zeros((8, 2), jnp.int32), axis=1),
            "along_typed": lambda: jnp.take_along_axis(xr, jax.reshard(jnp.zeros((8, 2), jnp.int32), P("X")), axis=1),
            "along_argmax": lambda: jnp.take_along_axis(xr, jnp.argmax(xr, axis=1, keepdims=True), axis=1),
            "diagonal": lambda: jnp.diagonal(x3, axis1=1, axis2=2),
            "diag_rows": lambda: jnp.diag(jax.device_put(np.ones((8, 8), f32), P("X", None))),
            "triu": lambda: jnp.triu(x),
            "roll": lambda: jnp.roll(xc, 1, axis=0),
            "roll_sharded": lambda: jnp.roll(xr, 1, axis=0),
            "flip": lambda: jnp.flip(xr, 0),
            "argsort0": lambda: jnp.argsort(xc, axis=0),
            "argsort1": lambda: jnp.argsort(xr, axis=1),
            "top_k": lambda: lax.top_k(xr, 2)[1],
            "one_hot": lambda: jax.nn.one_hot(iy, 4),
            "set0": lambda: x.at[0].set(1.0),
            "setc": lambda: xc.at[0].set(1.0),
            "seti": lambda: xc.at[i].set(1.0),
            "seti_rows": lambda: xr.at[i].set(1.0),
            "addi1": lambda: xr.at[:, i].add(1.0),
            "set_col": lambda: xr.at[:, 1].set(jnp.ones(8)),
            "set_col_typed": lambda: xr.at[:, 1].set(jax.device_put(np.ones(8, f32), P("X"))),
            "seti_typed": lambda: xc.at[i].set(cols),
            "seti_conflict": lambda: xc.at[i].set(jax.reshard(cols, P("X", None))),
            "get_out": lambda: xr.at[i].get(out_sharding=P(None, None)),
            "get_out2": lambda: x.at[i].get(out_sharding=P(None, "Y")),
            "grad_idx": lambda: jax.grad(lambda a: a[i].sum())(xc),
            "grad_idx_rows": lambda: jax.grad(lambda a: a[:, i].sum())(xr),
            "grad_int": lambda: jax.grad(lambda a: a[0].sum())(xc),
            "grad_int_sharded": lambda: jax.grad(lambda a: a[0].sum())(x),
            "vmap_idx": lambda: jax.vmap(lambda r, k: r[k])(xr, iy),
            "j_dyn": lambda: jit(lambda a, k: a[k])(xc, 3),
            "j_dyn_rows": lambda: jit(lambda a, k: a[k])(xr, 3),
            "j_dyn1": lambda: jit(lambda a, k: a[:, k])(xr, 3),
            "j_dyn_slice": lambda: jit(lambda a, k: lax.dynamic_slice_in_dim(a, k, 2, 0))(xc, 3),
            "j_slice0": lambda: jit(lambda a: a[2:6])(x),
            "j_int0": lambda: jit(lambda a: a[0])(xc),
            "j_int0x": lambda: jit(lambda a: a[0])(x),
            "j_arr": lambda: jit(lambda a, k: a[k])(xc, i),
            "j_arr_rows": lambda: jit(lambda a, k: a[k])(xr, i),
            "j_arr_slice": lambda: jit(lambda a, k: a[k, 1:3])(xr, i),
            "j_arr_slicec": lambda: jit(lambda a, k: a[k, 1:3])(xc, i),
            "j_rev": lambda: jit(lambda a: a[::-1])(x),
            "j_rev_arr": lambda: jit(lambda a, k: a[::-1, k])(xr, i),
            "j_none_arr": lambda: jit(lambda a, k: a[:, None, k])(xr, i),
            "j_x3": lambda: jit(lambda a, k: a[:, k, 1])(x3, jnp.array([0, 1])),
            "j_x3b": lambda: jit(lambda a, k: a[k, :, 1])(x3, jnp.array([0, 1])),
            "j_embed": lambda: jit(lambda t, k: t[k])(jax.reshard(rows, P(None, "Y")), iy),
            "j_mask": lambda: jit(lambda a: jnp.where(a > 2, a, 0).at[jnp.array([0, 1])].get())(xc),
            "j_set": lambda: jit(lambda a: a.at[:, 0].set(0.0))(xr),
            "j_setc": lambda: jit(lambda a: a.at[:, 0].set(0.0))(xc),
            "j_add_arr": lambda: jit(lambda a, k: a.at[k].add(1.0))(xc, i),
            "j_set_row": lambda: jit(lambda a, v: a.at[0].set(v))(xc, xc[1]),
            "j_get_out": lambda: jit(lambda a, k: a.at[k].get(out_sharding=P("X", None)))(xc, ix),
            "j_set_out": lambda: jit(lambda a, k: a.at[k].set(1.0, out_sharding=P(None, "Y")))(xr, i),
            "j_sort_along": lambda: jit(lambda a: jnp.take_along_axis(a, jnp.argsort(a, axis=1), axis=1))(xr),
            "j_grad_set": lambda: jit(jax.grad(lambda a: a.at[:, 0].set(0.0).sum()))(xr),
            "j_vmap_set": lambda: jit(jax.vmap(lambda r: r.at[0].set(1.0)))(xr),
            "j_vmap_get": lambda: jit(jax.vmap(lambda r, k: r[k]))(xr, iy),
            "j_update_slice": lambda: jit(lambda a: lax.dynamic_update_slice(a, jnp.ones((2, 4)), (2, 0)))(xc),
        }
        for name, thunk in cases.items():
            try:
                show(name, thunk())
            except Exception:
                fails(name, thunk)
    """,
    # Reduced values (`P(..., reduced=...)`): replicated, and their cotangents are partial
    # sums over the reduced axes (FSDP's gradients before the reduce-scatter).
    "reduced": """
        w = jax.device_put(np.ones((4, 2), np.float32), P(None, None, reduced={"X"}))
        x = jax.device_put(np.ones((8, 4), np.float32), P("X", None))
        show("w", w)
        show("dot", x @ w)
        show("scaled", w * 2)
        show("sum", w.sum())
        show("transpose", w.T)
        show("neg", -w)
        show("sin", jnp.sin(w))
        show("broadcast", jnp.broadcast_to(w, (3, 4, 2)))
        show("concatenate", jnp.concatenate([w, w]))
        show("both", w + w)
        fails("plain_operand", lambda: w + jnp.ones((4, 2)))
        show("sharded", jax.device_put(np.ones((4, 2), np.float32), P("X", None, reduced={"Y"})))
        show("reshard", jax.sharding.reshard(x, P("X", None, reduced={"Y"})))
        fails("overlap", lambda: jax.device_put(np.ones((4, 2), np.float32), P("X", None, reduced={"X"})))

        def loss(w, x):
            return (x @ w).sum()

        show("grad", jax.jit(jax.grad(loss))(w, x))
        show("fsdp", jax.jit(lambda w, x: jax.sharding.reshard(jax.grad(loss)(w, x), P("X")))(w, x))
    """,
    "auto_axes": """
        x = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        v = jax.device_put(np.ones((4, 8), np.float32), P("Y", None))

        @jax.jit
        def f(x, v):
            return jax.sharding.auto_axes(
                lambda a, b: a @ b, axes=("X", "Y"), out_sharding=P("X", None)
            )(x, v)

        show("auto_axes", f(x, v))

        @jax.sharding.auto_axes
        def add(a, b):
            return a + b

        show("auto_axes_kwarg", add(x, x, out_sharding=P("X", None)))
        fails("auto_axes_missing", lambda: add(x, x))
        show(
            "explicit_axes",
            jax.sharding.explicit_axes(lambda a: a * 2, axes="Y", in_sharding=P(None, "Y"))(x),
        )
    """,
}

HARNESS = r"""
import json, sys, textwrap
import numpy as np
results = {}

def show(label, value):
    results[CURRENT + ":" + label] = str(jax.typeof(value))

def fails(label, thunk):
    try:
        thunk()
        results[CURRENT + ":" + label] = "ok"
    except Exception as e:
        results[CURRENT + ":" + label] = "error"

for CURRENT, source in PROGRAMS.items():
    try:
        exec(textwrap.dedent(source), dict(globals()))
    except Exception as e:
        results[CURRENT] = "raised " + type(e).__name__ + ": " + str(e)[:200]
"""

_JAX_PRELUDE = r"""
import jax, jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
jax.config.update("jax_num_cpu_devices", 8)
mesh = jax.make_mesh((4, 2), ("X", "Y"))
jax.set_mesh(mesh)
"""


def _run_meshjit() -> dict:
    results: dict = {}
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    env = dict(jax=meshjit, jnp=mjnp, lax=mjlax, P=P, np=np, mesh=mesh)
    with meshjit.set_mesh(mesh):
        for name, source in PROGRAMS.items():

            def show(label, value, name=name):
                results[f"{name}:{label}"] = str(meshjit.typeof(value))

            def fails(label, thunk, name=name):
                try:
                    thunk()
                    results[f"{name}:{label}"] = "ok"
                except Exception:
                    results[f"{name}:{label}"] = "error"

            try:
                exec(textwrap.dedent(source), dict(env, show=show, fails=fails))
            except Exception as e:  # reported in the comparison
                results[name] = f"raised {type(e).__name__}: {str(e)[:200]}"
    return results


@pytest.fixture(scope="module")
def results():
    """(JAX's, meshjit's) records of the programs: JAX's recorded (tests/oracle_results/), else
    JAX runs in a subprocess meanwhile."""
    script = _JAX_PRELUDE + f"PROGRAMS = {PROGRAMS!r}\n" + HARNESS
    script += "\nprint('RESULTS=' + json.dumps(results))\n"
    name = oracle_store.digest_name("explicit_types", script)
    theirs = oracle_store.load_json(name)
    if theirs is not None:
        return theirs, _run_meshjit()
    pytest.importorskip("jax")
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        mine = _run_meshjit()
        out, err = proc.communicate(timeout=600)
    finally:
        proc.kill()
    line = [ln for ln in out.splitlines() if ln.startswith("RESULTS=")]
    assert line, err[-3000:]
    theirs = json.loads(line[0][len("RESULTS=") :])
    oracle_store.save_json(name, theirs)
    return theirs, mine


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_types_match_jax(program, results):
    jax_results, meshjit_results = results
    want = {k: v for k, v in jax_results.items() if k.split(":")[0] == program}
    got = {k: v for k, v in meshjit_results.items() if k.split(":")[0] == program}
    assert want, f"JAX recorded nothing for {program}"
    assert got == want


# ---------------------------------------------------------------------------------------------
# Numbers, lowering and errors, meshjit alone.


@pytest.fixture
def mesh():
    m = meshjit.make_mesh((4, 2), ("X", "Y"))
    with meshjit.set_mesh(m):
        yield m


def test_make_mesh_defaults_to_explicit_axes(mesh):
    assert mesh.axis_types == (AxisType.Explicit, AxisType.Explicit)
    assert mesh.explicit_axes == ("X", "Y") and mesh.auto_axes == ()
    assert str(meshjit.sharding.get_abstract_mesh()).startswith("AbstractMesh('X': 4, 'Y': 2")


def test_typed_program_numbers_match_numpy(mesh):
    xv = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    wv = np.linspace(-1, 1, 24, dtype=np.float32).reshape(4, 6)
    x = meshjit.device_put(xv, P("X", "Y"))
    w = meshjit.device_put(wv, P("Y", None))

    @meshjit.jit
    def f(x, w):
        h = mjnp.dot(x, w, out_sharding=P("X", None))
        return mjnp.tanh(h).sum(axis=0), h.reshape(8, 2, 3)

    s, r = f(x, w)
    np.testing.assert_allclose(np.asarray(s), np.tanh(xv @ wv).sum(0), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(r), (xv @ wv).reshape(8, 2, 3), rtol=1e-5)
    assert str(meshjit.typeof(r)) == "float32[8@X,2,3]"
    assert r.sharding.spec == P("X", None, None)


def test_the_reshape_method_takes_out_sharding(mesh):
    v = meshjit.device_put(np.arange(16.0, dtype=np.float32), P(("X", "Y")))
    r = v.reshape(8, 2, out_sharding=P(("X", "Y"), None))
    assert str(meshjit.typeof(r)) == "float32[8@(X,Y),2]"
    assert str(meshjit.typeof(v.reshape((8, 2), order="F", out_sharding=P(("X", "Y"))))) == (
        "float32[8@(X,Y),2]"
    )


def test_outputs_carry_the_types_shardings(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
    out = meshjit.jit(lambda x: (x * 2).T)(x)
    assert isinstance(out.sharding, NamedSharding) and out.sharding.spec == P("Y", "X")
    np.testing.assert_array_equal(np.asarray(out), np.full((4, 8), 2.0))


def test_jit_cache_key_includes_the_types_shardings(mesh):
    f = meshjit.jit(lambda x: x + 1)
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    b = meshjit.device_put(np.ones((8, 4), np.float32), P(None, "Y"))
    assert str(meshjit.typeof(f(a))) == "float32[8@X,4]"
    assert str(meshjit.typeof(f(b))) == "float32[8,4@Y]"


def test_lowering_has_closed_shardings_and_constraints(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
    text = meshjit.jit(lambda x: x.sum(axis=0)).lower(x).as_text()
    assert '{"X"}, {"Y"}' in text  # the argument's sharding, closed
    assert "sdy.sharding_constraint" in text and '[{"Y"}]' in text


def test_jaxpr_prints_the_types(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
    text = str(meshjit.make_jaxpr(lambda x: x.reshape(32))(x))
    assert "f32[8@X,4@Y]" in text and "f32[32@(X,Y)]" in text


def test_contracting_error_names_the_choices_and_the_line(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
    v = meshjit.device_put(np.ones((4, 8), np.float32), P("Y", None))
    with pytest.raises(ShardingTypeError) as info:
        meshjit.jit(lambda x, v: x @ v)(x, v)
    assert str(info.value).endswith(
        "Got lhs_contracting_spec=('Y',) and rhs_contracting_spec=('Y',)"
    )
    msg = "\n".join(info.value.__notes__)  # meshjit's choices: a note, JAX's sentence alone
    assert "out_sharding" in msg and "reduce-scatter" in msg and "bytes" in msg
    assert "test_explicit.py" in info.value.located()
    # JAX's core.ShardingTypeError: a plain Exception
    assert not isinstance(info.value, TypeError) and not isinstance(info.value, ValueError)


def test_contracting_choices_are_valid_specs_that_run(mesh):
    """x @ x.T with x sharded (X, Y): both free dimensions are on X. Each suggested
    out_sharding names every mesh axis once, and runs."""
    x = meshjit.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
    with pytest.raises(ShardingTypeError) as info:
        meshjit.jit(lambda a: a @ a.T)(x)
    specs = re.findall(r"out_sharding=(P\(.*?\)) \(a", "\n".join(info.value.__notes__))
    assert specs and "P('X', 'X')" not in specs
    for text in specs:
        spec = eval(text, {"P": P})
        axes = [a for e in spec if e is not None for a in ((e,) if isinstance(e, str) else e)]
        assert len(axes) == len(set(axes)), text
        got = meshjit.jit(lambda a, s=spec: mjnp.matmul(a, a.T, out_sharding=s))(x)
        np.testing.assert_allclose(np.asarray(got), np.asarray(x) @ np.asarray(x).T)


def test_conflicting_elementwise_names_both_types(mesh):
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    b = meshjit.device_put(np.ones((8, 4), np.float32), P("Y", None))
    with pytest.raises(ShardingTypeError, match=r"float32\[8@X,4\].*float32\[8@Y,4\]"):
        meshjit.jit(lambda a, b: a + b)(a, b)


def test_sharding_errors_print_types_as_jax(mesh):
    """JAX prints a type in its sharding errors as str(aval): `float32[8@X]` (meshjit printed
    `f32[8@X]`); its "illegally sharded result" message alone keeps short dtype names."""
    x = meshjit.device_put(np.ones(8, np.float32), P("X"))
    smap = meshjit.shard_map(lambda u: u, mesh=mesh, in_specs=P("Y"), out_specs=P("Y"))
    want = "does not match the specs of the input: P('X',) for arg: float32[8@X]. "
    with pytest.raises(ValueError, match=re.escape(want)) as caught:
        smap(x)
    assert "you can use `jax.reshard` on the arguments" in str(caught.value)  # JAX's words
    weak = meshjit.device_put(meshjit.numpy.maximum(np.arange(8), 0.5), P("X"))  # `~`, as JAX
    with pytest.raises(ValueError, match=re.escape("for arg: ~float32[8@X]. ")):
        smap(weak)
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    with pytest.raises(AssertionError, match=re.escape("(for float32[8@X,4])")):
        meshjit.jit(lambda u: meshjit.lax.with_sharding_constraint(u, P("Y", None)))(a)


def test_conflicting_operands_in_jaxs_words(mesh):
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    b = meshjit.device_put(np.ones((8, 4), np.float32), P("Y", None))
    with pytest.raises(ShardingTypeError, match=r"max got .* broadcasting: \('X', None\), "):
        mjnp.maximum(a, b)
    with pytest.raises(ShardingTypeError, match="All operands should have the same sharding"):
        mjnp.concatenate([a, b], axis=1)


def test_reshard_bad_input(mesh):
    x = meshjit.device_put(np.ones((6, 4), np.float32), P(None, "Y"))
    with pytest.raises(ValueError, match="rank"):
        meshjit.reshard(x, P(None, None, "X"))
    with pytest.raises(ValueError, match="does not evenly divide the dimension size"):
        meshjit.reshard(x, P("X"))


def test_reshard_result_spec_has_an_entry_per_dimension(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    assert meshjit.reshard(x, P()).sharding.spec == P(None, None)
    assert repr(meshjit.reshard(x, P("Y")).sharding.spec) == "P('Y', None)"
    assert repr(meshjit.jit(lambda v: meshjit.reshard(v, P()))(x).sharding.spec) == "P(None, None)"


def test_grad_of_a_gather_with_out_sharding_of_a_replicated_table(mesh):
    """An embedding lookup `table.at[tokens].get(out_sharding=...)` of a replicated table by
    sharded tokens: its gradient (a scatter-add) is computed untyped, as under JAX's auto_axes
    (the reshard's cotangent kept the tokens' sharding and the scatter refused it)."""
    with meshjit.set_mesh(mesh):
        table = mjnp.arange(24.0).reshape(6, 4)
        tokens = meshjit.device_put(np.array([[1, 2], [3, 3], [0, 5], [5, 5]], np.int32), P("X"))

        def loss(t, k):
            return (t.at[k].get(out_sharding=P("X", None, None)) ** 2).sum()

        g = meshjit.jit(meshjit.grad(loss))(table, tokens)
    want = np.zeros((6, 4), np.float32)
    for k in (1, 2, 3, 3, 0, 5, 5, 5):
        want[k] += 2 * np.arange(24.0).reshape(6, 4)[k]
    np.testing.assert_array_equal(np.asarray(g), want)
    assert str(meshjit.typeof(g)) == "float32[6,4]"


def test_out_sharding_with_auto_or_unknown_axis():
    m = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Auto))
    with meshjit.set_mesh(m):
        with pytest.raises(ValueError, match="cannot contain axis names that are of type Auto"):
            mjnp.zeros((8, 4), out_sharding=P(None, "Y"))
        with pytest.raises(ValueError) as e:
            mjnp.zeros((8, 4), out_sharding=P("Z"))
        assert str(e.value) == "Resource axis: Z of P('Z',) is not found in mesh: ('X', 'Y')."


def test_auto_axes_with_unknown_axis(mesh):
    with pytest.raises(KeyError, match="'Q'.*not in the mesh"):  # JAX's KeyError
        meshjit.sharding.auto_axes(lambda x: x, axes="Q", out_sharding=P())(np.ones(4, np.float32))


def test_device_put_of_a_spec_needs_a_mesh():
    with pytest.raises(ValueError, match="context mesh"):
        meshjit.device_put(np.ones(4, np.float32), P("X"))


def test_mixed_auto_mesh_keeps_auto_axes_out_of_types():
    m = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Auto))
    x = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(m, P("X", "Y")))
    assert str(meshjit.typeof(x)) == "float32[8@X,4]"
    out = meshjit.jit(lambda x: x * 3)(x)
    np.testing.assert_array_equal(np.asarray(out), np.full((8, 4), 3.0))


def test_auto_meshes_are_untyped():
    m = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Auto,) * 2)
    x = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(m, P("X", "Y")))
    assert str(meshjit.typeof(x)) == "float32[8,4]" and x.aval.sharding is None


def test_values_on_two_meshes_do_not_mix(mesh):
    other = meshjit.make_mesh((2, 4), ("X", "Y"))
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    b = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(other, P("X", None)))
    # as JAX 0.10.2: under set_mesh the context check comes first; without it, the operands'
    with pytest.raises(ValueError, match="For primitive add, context mesh"):
        meshjit.jit(lambda a, b: a + b)(a, b)
    a = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("X", None)))
    with meshjit.set_mesh(None), pytest.raises(ValueError, match="Mesh for all inputs should"):
        meshjit.jit(lambda a, b: a + b)(a, b)


def _on_auto_mesh(shape=(2, 4)):
    m = meshjit.make_mesh(shape, ("X", "Y"), axis_types=(AxisType.Auto,) * 2)
    return meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(m, P("X", None)))


def test_an_auto_mesh_array_does_not_mix_with_an_explicit_one(mesh):
    """As JAX 0.10.2: the Auto array's aval keeps its mesh, which differs from the Explicit
    one (their axis types differ), eagerly, in jit, and after an op on the Auto array; under
    the Explicit context mesh any op on the Auto array is refused (its context check), outside
    it the two only may not meet."""
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    b = _on_auto_mesh((4, 2))
    with pytest.raises(ValueError, match="For primitive add, context mesh"):
        a + b  # noqa: B018
    for f in (lambda a, b: a + b * 2, lambda a, b: (a * 2, b * 2)):
        with pytest.raises(ValueError, match="For primitive mul, context mesh .* should match"):
            meshjit.jit(f)(a, b)
    with meshjit.set_mesh(None):
        with pytest.raises(ValueError, match="Mesh for all inputs should be equal. Got one"):
            meshjit.jit(lambda a, b: a + b * 2)(a, b)
        out = meshjit.jit(lambda a, b: (a * 2, b * 2))(a, b)  # never meet: accepted
    np.testing.assert_array_equal(np.asarray(out[1]), np.full((8, 4), 2.0))


def test_an_auto_mesh_value_under_an_explicit_abstract_mesh():
    """As JAX 0.10.2: an array on a mesh of Auto axes used under use_abstract_mesh of an Explicit
    mesh is refused (found by the fuzzer, round 35)."""
    auto = meshjit.make_mesh((4,), ("a",), axis_types=(AxisType.Auto,))
    explicit = meshjit.make_mesh((4,), ("a",), axis_types=(AxisType.Explicit,))
    x = meshjit.device_put(np.ones((8, 2), np.float32), NamedSharding(auto, P("a")))

    def f(v):
        with meshjit.sharding.use_abstract_mesh(explicit.abstract_mesh):
            return meshjit.sharding.reshard(mjnp.isnan(v), P())

    with pytest.raises(ValueError, match="For primitive ne, context mesh .* should match"):
        meshjit.jit(f)(x)
    # resharded onto the Auto mesh inside jit, it is on that mesh too
    g = lambda v: f(meshjit.sharding.reshard(v * 2, NamedSharding(auto, P())))  # noqa: E731
    with pytest.raises(ValueError, match="For primitive ne, context mesh .* should match"):
        meshjit.jit(g)(np.ones((8, 2), np.float32))


def test_arrays_on_two_auto_meshes_mix():
    a, b = _on_auto_mesh((2, 4)), _on_auto_mesh((4, 2))
    np.testing.assert_array_equal(np.asarray(a + b), np.full((8, 4), 2.0))
    assert meshjit.jit(lambda a: a * 2)(a).aval.mesh == a.aval.mesh


def test_out_sharding_using_an_axis_twice(mesh):
    with pytest.raises(DuplicateSpecError, match="more than once"):  # JAX's: not a ValueError
        mjnp.zeros((8, 4), out_sharding=P("X", "X"))
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    with pytest.raises(ShardingTypeError, match="illegally sharded"):
        meshjit.jit(lambda a: a[:, :, None] * meshjit.reshard(a, P(None, "X"))[:, None, :])(a)
    b = meshjit.reshard(a, P(None, "X"))
    with pytest.raises(ShardingTypeError) as ei:  # JAX's words: the op, its inputs, the result
        a + b
    want = "add operation with inputs: f32[8@X,4], f32[8,4@X] produces an illegally sharded "
    assert want + "result: f32[8@X,4@X]" in str(ei.value)


def test_with_sharding_constraint_asserts_on_explicit_axes(mesh):
    a = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    with pytest.raises(AssertionError, match="reshard"):
        meshjit.jit(lambda a: meshjit.lax.with_sharding_constraint(a, P("Y")))(a)


def test_indexing_numbers_match_numpy(mesh):
    v = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    idx = np.array([1, 3, 0, 2], np.int32)
    xr = meshjit.device_put(v, P("X", None))
    xc = meshjit.device_put(v, P(None, "Y"))
    i = meshjit.device_put(idx, P())
    ix = meshjit.device_put(idx, P("X"))
    cols = meshjit.device_put(np.ones((4, 4), np.float32), P(None, "Y"))

    @meshjit.jit
    def f(xr, xc, i, ix, cols):
        order = mjnp.argsort(-xr, axis=1)
        return (
            xc.at[i].set(cols),
            mjnp.take_along_axis(xr, order, axis=1),
            meshjit.vmap(lambda r: r.at[0].set(-1.0))(xr),
            xc.at[ix].get(out_sharding=P("X", None)),
            meshjit.grad(lambda a: (a[i] ** 2).sum())(xc),
        )

    setv, along, vset, got, grad = f(xr, xc, i, ix, cols)
    want = v.copy()
    want[idx] = 1.0
    np.testing.assert_array_equal(np.asarray(setv), want)
    np.testing.assert_array_equal(np.asarray(along), -np.sort(-v, axis=1))
    np.testing.assert_array_equal(np.asarray(vset)[:, 0], -np.ones(8))
    np.testing.assert_array_equal(np.asarray(got), v[idx])
    want_grad = np.zeros_like(v)
    np.add.at(want_grad, idx, 2 * v[idx])
    np.testing.assert_array_equal(np.asarray(grad), want_grad)
    assert str(meshjit.typeof(setv)) == "float32[8,4@Y]"
    assert str(meshjit.typeof(along)) == "float32[8@X,4]"
    assert str(meshjit.typeof(got)) == "float32[4@X,4]"


def test_indexing_into_a_sharded_dim_asks_for_out_sharding(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P("X", None))
    i = meshjit.device_put(np.array([1, 3], np.int32), P())
    with pytest.raises(ShardingTypeError, match=r"at\[\.\.\.\]\.get\(out_sharding=\)") as info:
        meshjit.jit(lambda x, i: x[i])(x, i)
    assert (
        "ShapedArray(float32[8@X,4])" in str(info.value)
        and "test_explicit.py" in info.value.located()
    )
    with pytest.raises(ShardingTypeError, match=r"\.set/add/mul"):
        meshjit.jit(lambda x: x.at[0].set(1.0))(x)
    with pytest.raises(ShardingTypeError, match="out_sharding"):
        x[2:6]  # a concrete sharded array is read with one gather, as in JAX


def test_update_sharded_unlike_the_indexed_slice(mesh):
    x = meshjit.device_put(np.ones((8, 4), np.float32), P(None, "Y"))
    v = meshjit.device_put(np.ones((4, 4), np.float32), P("X", None))
    with pytest.raises(ValueError, match=r"Incompatible types for broadcasting.*float32\[4@X,4\]"):
        x.at[np.array([0, 1, 2, 3])].set(v)
    with pytest.raises(ShardingTypeError, match="dynamic_update_slice"):
        meshjit.jit(lambda a: mjlax.dynamic_update_slice(a, mjnp.ones((2, 4)), (2, 0)))(x)


def test_reduced_values_gradients_are_the_sums(mesh):
    wv = np.linspace(-1, 1, 8, dtype=np.float32).reshape(4, 2)
    xv = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    w = meshjit.device_put(wv, P(None, None, reduced={"X"}))
    x = meshjit.device_put(xv, P("X", None))

    def loss(w, x):
        return mjnp.sum(mjnp.tanh(x @ w) ** 2)

    g = meshjit.jit(lambda w, x: meshjit.reshard(meshjit.grad(loss)(w, x), P("X")))(w, x)
    t = np.tanh(xv @ wv)
    np.testing.assert_allclose(np.asarray(g), xv.T @ (2 * t * (1 - t**2)), rtol=1e-4, atol=1e-5)
    assert str(meshjit.typeof(g)) == "float32[4@X,2]"


def test_partial_sums_are_reduced_once_where_resharded(mesh):
    # Two partial sums added, then resharded: one all-reduce after the add (as JAX), not one
    # per dot; the constraints carry `unreduced=`.
    xv = np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)
    x = meshjit.device_put(xv, P("X", "Y"))
    w = meshjit.device_put(np.ones((4, 6), np.float32), P("Y", None))
    v = meshjit.device_put(np.full((4, 6), 2.0, np.float32), P("Y", None))

    def f(x, w, v):
        partial = P("X", None, unreduced={"Y"})
        y = mjnp.dot(x, w, out_sharding=partial) + mjnp.dot(x, v, out_sharding=partial)
        return meshjit.reshard(y, P("X"))

    lowered = meshjit.jit(f).lower(x, w, v)
    assert 'unreduced={"Y"}' in lowered.as_text()
    hlo = lowered.compile().as_text()
    reduces = [ln for ln in hlo.splitlines() if " all-reduce(" in ln]
    assert len(reduces) == 1 and "= f32[2,6]" in reduces[0], reduces  # not a pair of f32[2,6]
    out = meshjit.jit(f)(x, w, v)
    np.testing.assert_allclose(np.asarray(out), xv @ np.full((4, 6), 3.0), rtol=1e-6)


def test_eval_shape_out_info_and_input_shardings_show_typed_shardings_as_jax():
    from meshjit.sharding import AxisType, NamedSharding
    from meshjit.sharding import PartitionSpec as P

    mesh = meshjit.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit,) * 2)
    x = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("X", None)))
    shape = meshjit.eval_shape(lambda a: a + 1, x)
    assert shape.sharding.spec == P("X", None) and "AbstractMesh" in repr(shape)
    lowered = meshjit.jit(lambda a: a + 1).lower(x)
    assert lowered.out_info.sharding == NamedSharding(mesh, P("X", None))
    (given,), _ = lowered.compile().input_shardings
    assert str(given.spec) == "P('X', None)"  # the argument's own spec, not a trimmed one
    assert meshjit.eval_shape(lambda a: a + 1, np.ones(3)).sharding is None


def test_explicit_axes_under_jit_on_an_auto_mesh():
    """The results are retyped for the outer (Auto) mesh under the inner one, as JAX's mesh_cast:
    done outside, the context-mesh check refused the Explicit-typed values. (The test suite's
    jaxpr typecheck, on here, re-derives the types after tracing without that check.)"""
    from meshjit.compiler.jit import api

    assert api.TYPECHECK["enabled"]
    auto = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Auto,) * 2)

    def f(a):
        assert meshjit.typeof(a).sharding.spec == P("X", None)
        return a * 2

    with meshjit.set_mesh(auto):
        g = meshjit.sharding.explicit_axes(f, in_sharding=P("X", None))
        a = meshjit.device_put(np.ones((8, 2), np.float32), NamedSharding(auto, P("X")))
        out = meshjit.jit(g)(a)
    np.testing.assert_array_equal(out, np.full((8, 2), 2.0))


def test_explicit_axes_under_jit_on_a_mixed_mesh():
    """On a mesh with an Explicit and an Auto axis, arguments typed on the outer mesh move to the
    inner one before its context is entered (JAX runs it; the reshard under the inner context
    refused them with "For primitive retype, context mesh ... should match")."""
    mixed = meshjit.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Auto))
    seen = []

    def f(a):
        seen.append(str(meshjit.typeof(a)))
        return a * 2

    with meshjit.set_mesh(mixed):
        a = meshjit.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", None))
        g = meshjit.sharding.explicit_axes(f, axes="Y")
        out = meshjit.jit(lambda a: g(a, in_sharding=P(None, "Y")))(a)
        assert str(meshjit.typeof(out)) == "float32[8,4]"
        out2 = meshjit.jit(lambda a: g(a, in_sharding=P("X", "Y")))(a)
        assert str(meshjit.typeof(out2)) == "float32[8@X,4]"
    assert seen == ["float32[8,4@Y]", "float32[8@X,4@Y]"]
    np.testing.assert_array_equal(out, np.arange(32.0).reshape(8, 4) * 2)
    np.testing.assert_array_equal(out2, np.arange(32.0).reshape(8, 4) * 2)


# ---------------------------------------------------------------------------------------------
# Round 18: types as JAX shows them (tests/parallel/test_mesh_contexts_vs_jax.py has the table).


def _typed(spec, shape=(8, 4)):
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    return meshjit.device_put(np.ones(shape, np.float32), NamedSharding(mesh, spec)), mesh


def test_typeof_of_untyped_values_names_the_context_mesh():
    """As JAX: an untyped value's type holds P(None, ...) over the mesh it lives on (a computed
    one inside jit: the context's abstract mesh; a jit argument of no mesh: none)."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Auto,) * 2)
    seen = []

    def f(a):
        seen.extend(meshjit.typeof(v).sharding for v in (a, a * 2))
        return a

    with meshjit.set_mesh(mesh):
        meshjit.jit(f)(np.ones((8, 4), np.float32))
    assert [s.mesh.axis_names for s in seen] == [(), ("X", "Y")]
    assert [s.spec for s in seen] == [P(None, None)] * 2
    assert meshjit.typeof(1.0).sharding.spec == P()


def test_vmap_body_keeps_the_other_dimensions_types():
    x, _ = _typed(P("X", "Y"))
    seen = []
    meshjit.vmap(lambda r: seen.append(meshjit.typeof(r).sharding.spec) or r)(x)
    meshjit.vmap(lambda c: seen.append(meshjit.typeof(c).sharding.spec) or c, in_axes=1)(x)
    assert seen == [P("Y"), P("X")]


def test_concatenate_of_differently_typed_operands_is_refused():
    a, _ = _typed(P("X", None))
    b, _ = _typed(P(None, "Y"))
    with pytest.raises(ShardingTypeError, match="All operands should have the same sharding"):
        mjnp.concatenate([a, b], axis=1)
    assert mjnp.concatenate([a, a], axis=1).sharding.spec == P("X", None)


def test_shape_dtype_struct_sharding():
    """A PartitionSpec resolves on set_mesh's mesh when read; a typed struct types what jit and
    eval_shape trace (so a contraction of sharded dimensions is refused when lowering)."""
    x, mesh = _typed(P("X", "Y"))
    spec_struct = meshjit.ShapeDtypeStruct((8, 4), np.float32, sharding=P("X"))
    with pytest.raises(TypeError, match="the context mesh cannot be empty"):
        assert spec_struct.sharding is None
    with meshjit.set_mesh(mesh):
        assert spec_struct.sharding == NamedSharding(mesh, P("X"))
    typed = meshjit.ShapeDtypeStruct((8, 4), np.float32, sharding=NamedSharding(mesh, P("X", "Y")))
    assert meshjit.eval_shape(lambda a: a.T, typed).sharding.spec == P("Y", "X")
    contracted = typed.update(sharding=NamedSharding(mesh, P(None, "Y")))
    with pytest.raises(ShardingTypeError, match="Contracting dimensions are sharded"):
        meshjit.jit(lambda a: a @ a.T).lower(contracted)


def test_zeros_like_of_a_typed_array_needs_no_context_mesh():
    x, mesh = _typed(P("X", "Y"))
    assert mjnp.zeros_like(x).sharding == NamedSharding(mesh, P("X", "Y"))


def test_device_put_unevenly_on_explicit_axes_in_jax_words():
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    with meshjit.set_mesh(mesh), pytest.raises(ValueError, match="implies that array axis 0"):
        meshjit.device_put(np.ones(6, np.float32), P("X"))


# ---------------------------------------------------------------------------------------------
# Untyped values given in_shardings on a mesh of Explicit axes, with no context mesh: JAX
# leaves their outputs to propagation and types the Arrays by the layout (JAX 0.10.2's specs).


@pytest.mark.parametrize(
    "f, specs",
    [
        (lambda x: x * 2, [P("a", "b")]),
        (lambda x: x.sum(0), [P("b")]),
        (lambda x: x.T, [P("b", "a")]),
        (lambda x: (x, x[0], mjnp.ones(3)), [P("a", "b"), P("b"), P()]),
    ],
)
def test_untyped_outputs_of_explicit_in_shardings_are_propagated(f, specs):
    mesh = meshjit.make_mesh((4, 2), ("a", "b"), axis_types=(AxisType.Explicit,) * 2)
    x = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    out = meshjit.jit(f, in_shardings=NamedSharding(mesh, P("a", "b")))(x)
    leaves = meshjit.tree.leaves(out)
    assert [o.sharding.spec for o in leaves] == specs
    first = leaves[0]
    assert str(meshjit.typeof(first)).endswith("@a,4@b]" if first.shape == (8, 4) else "]")


# Under set_mesh of that mesh JAX's unary ops, reductions and shape ops keep the arguments' empty
# mesh (their outputs are propagated), while n-ary ops and broadcasts put their results on the
# context mesh (replicated outputs): JAX 0.10.2's specs.
@pytest.mark.parametrize(
    "f, spec",
    [
        (lambda x: x * 2, P(None, None)),
        (lambda x: x + x, P(None, None)),
        (lambda x: x.T, P("b", "a")),
        (lambda x: x.sum(0), P("b")),
        (lambda x: mjnp.sin(x).sum(1), P("a")),
        (lambda x: x.reshape(32), P("a")),
        (lambda x: x[None], P(None, None, None)),
        (lambda x: x @ x.T, P("a")),
        (lambda x: x[0], P("b")),
    ],
)
def test_untyped_outputs_of_explicit_in_shardings_under_set_mesh(f, spec):
    mesh = meshjit.make_mesh((4, 2), ("a", "b"), axis_types=(AxisType.Explicit,) * 2)
    x = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    with meshjit.set_mesh(mesh):
        out = meshjit.jit(f, in_shardings=NamedSharding(mesh, P("a", "b")))(x)
    assert out.sharding.spec == spec


@pytest.mark.parametrize("which", ["in_shardings", "out_shardings"])
def test_jit_shardings_on_an_abstract_mesh_need_a_concrete_one(which):
    """As JAX: in/out shardings naming only an AbstractMesh, with no concrete mesh in context,
    leave the call without devices (JAX's ValueError, at lowering)."""
    mesh = meshjit.make_mesh((4, 2), ("a", "b"))
    s = NamedSharding(mesh.abstract_mesh, P("a"))
    x = np.arange(32.0, dtype=np.float32).reshape(8, 4)
    f = meshjit.jit(lambda a: a * 2, **{which: s})
    with pytest.raises(ValueError, match="only AbstractMesh exists in a jitted computation"):
        f.lower(x)
    with meshjit.set_mesh(mesh):
        assert f(x).shape == (8, 4)


@pytest.mark.parametrize(
    "loop, match",
    [
        (
            lambda v: mjlax.while_loop(
                lambda c: c.sum() < 10, lambda c: meshjit.sharding.reshard(c + 1, P(None, "Y")), v
            ),
            "carry input and carry output must have equal types",
        ),
        (
            lambda v: mjlax.cond(
                True, lambda a: a, lambda a: meshjit.sharding.reshard(a, P(None, "Y")), v
            ),
            "branches must have equal output types",
        ),
    ],
)
def test_carries_and_branches_keep_their_type_sharding(loop, match):
    """As JAX: a carry (or branch output) typed on other Explicit axes is another type."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    with meshjit.set_mesh(mesh):
        v = meshjit.device_put(np.ones((8, 4), np.float32), P("X"))
        with pytest.raises(TypeError, match=match):
            loop(v)


@pytest.mark.parametrize(
    "create",
    [
        lambda d: mjnp.zeros((8, 4), device=d),
        lambda d: mjnp.full((8, 4), 1.0, device=d),
        lambda d: mjnp.zeros_like(np.ones((8, 4), np.float32), device=d),
        lambda d: mjnp.eye(8, 4, device=d),
    ],
)
def test_device_sharding_of_creation_functions_as_jax(create):
    """JAX's lax.full (and eye's device_put) lay the array out by device= as given (P('X'),
    not P('X', None); a strong type) and, inside jit, ignore a concrete sharding."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    d = NamedSharding(mesh, P("X"))
    out = create(d)
    assert out.sharding.spec == P("X") and str(meshjit.typeof(out)).startswith("float32[8@X,")
    inside = meshjit.jit(lambda: mjnp.ones((8, 4), device=d))()
    assert meshjit.typeof(inside).sharding.spec == P(None, None)


def test_vmap_over_explicit_sharded_inputs_as_jax():
    """As JAX: the mapped dimensions must be sharded alike, and spmd_axis_name may only name
    the Explicit axes they are sharded over."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    x = np.ones((8, 4), np.float32)
    xs = meshjit.device_put(x, NamedSharding(mesh, P("X")))
    ys = meshjit.device_put(x, NamedSharding(mesh, P(None, "Y")))
    with pytest.raises(ValueError, match="inconsistent axis specs: X vs None"):
        meshjit.vmap(lambda a, b: a + b)(xs, ys)
    with pytest.raises(ValueError, match=r"spmd_axis_name=\('Y',\) and arrays sharded on"):
        meshjit.vmap(lambda r: r * 2, spmd_axis_name="Y")(xs)
    same = meshjit.jit(meshjit.vmap(lambda r: r * 2, spmd_axis_name="X"))(xs)
    assert same.sharding.spec == P("X", None)


def test_auto_axes_over_some_axes_keeps_the_others_in_the_types():
    """auto_axes(axes='X') of a value typed over X and Y: the result, still typed over Y on the
    inner mesh, comes back onto the context mesh before its reshard (JAX's mesh_cast)."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    with meshjit.set_mesh(mesh):
        xy = meshjit.device_put(np.ones((8, 4), np.float32), P("X", "Y"))
        out = meshjit.sharding.auto_axes(lambda a: a.T, axes="X", out_sharding=P("Y", None))(xy)
    assert out.sharding.spec == P("Y", None)


def test_typeof_inside_jit_shows_no_mesh_for_unary_results_of_arguments():
    """As JAX under an Explicit mesh: an argument's unary and shape ops keep its empty mesh, a
    binary op's result is on the context mesh."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    seen = []

    def f(a):
        seen.extend(meshjit.typeof(v).sharding.mesh.empty for v in (mjnp.sin(a).T, a * 2))
        return a

    with meshjit.set_mesh(mesh):
        meshjit.jit(f)(np.ones((8, 4), np.float32))
    assert seen == [True, False]


def test_unary_results_of_numpy_arguments_under_set_mesh_are_xla_s():
    """As JAX: jit(sin)(NumPy) under an Explicit mesh: the result lives on no mesh, its sharding
    is XLA's replicated one, P() (a binary op's is its replicated type, P(None, None))."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    x = np.ones((8, 4), np.float32)
    with meshjit.set_mesh(mesh):
        assert meshjit.jit(mjnp.sin)(x).sharding.spec == P()
        assert meshjit.jit(lambda a: a + a)(x).sharding.spec == P(None, None)


def test_typeof_key_arrays_shows_their_sharding():
    """typeof of typed keys has JAX's `.sharding` (without the key data's dimension)."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    keys = meshjit.random.split(meshjit.random.key(0), 8)
    assert meshjit.typeof(keys).sharding.spec == P(None)
    with meshjit.set_mesh(mesh):
        put = meshjit.device_put(keys, P("X"))
        assert str(meshjit.typeof(put)) == "key<fry>[8@X]"


@pytest.mark.parametrize(
    "op, match",
    [
        (
            lambda a: mjnp.tile(a, (2, 1)),
            "Operand cannot be sharded on dimension 0 when the tiling",
        ),
        (lambda a: mjnp.pad(a, ((1, 1), (0, 0))), "padding on sharded dims where out dim"),
    ],
)
def test_tile_and_pad_of_sharded_dimensions_in_jax_words(op, match):
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    xs = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("X")))
    with pytest.raises(ShardingTypeError, match=match):
        op(xs)


def test_key_arrays_sharding_has_no_key_dimension():
    """As JAX: keys split under an Explicit mesh are laid out P(None,), not their data's
    P(None, None)."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"))
    with meshjit.set_mesh(mesh):
        keys = meshjit.random.split(meshjit.random.key(0), 8)
    assert keys.sharding.spec == P(None)


def test_sharding_type_errors_are_jaxs_sentences(mesh):
    # meshjit's explanations are notes; the messages are JAX's
    a = meshjit.sharding.reshard(mjnp.ones((8, 4)), P("X", "Y"))
    c = meshjit.sharding.reshard(mjnp.ones((8, 4)), P("Y", "X"))
    with pytest.raises(ShardingTypeError) as e:
        a + c
    assert (
        str(e.value) == "add got incompatible shardings for broadcasting: ('X', 'Y'), ('Y', 'X')."
    )
    with pytest.raises(Exception) as e:  # JAX's DuplicateSpecError, not a ValueError
        mjnp.dot(a, a.T, out_sharding=P("X", "X"))
    assert type(e.value).__name__ == "DuplicateSpecError" and not isinstance(e.value, ValueError)
    assert str(e.value).endswith("but P('X', 'X') has duplicate entries for `X`")
    with pytest.raises(ShardingTypeError) as e:
        a.reshape(2, 16)
    assert str(e.value) == (
        "This reshape is not supported. Please specify the sharding of the output via the "
        "`out_sharding` argument of jax.lax.reshape. Got operand type: float32[8@X,4@Y], new "
        "sizes: (2, 16)"
    )
    with pytest.raises(ValueError) as e:
        meshjit.sharding.reshard(mjnp.ones(6), P("X"))
    assert str(e.value).endswith(
        "Got shape: (6,) and sharding NamedSharding(mesh=AbstractMesh('X': 4, 'Y': 2, "
        "axis_types=(Explicit, Explicit), device_kind=cpu, num_cores=None, platform=cpu), "
        "spec=P('X',))"
    )


def test_gather_and_scatter_sharding_errors_print_avals_as_jax():
    """JAX prints the operands' avals (`ShapedArray(float32[8@X,4@Y])`), not their short form."""
    mesh = meshjit.make_mesh((4, 2), ("X", "Y"), axis_types=(AxisType.Explicit,) * 2)
    with meshjit.set_mesh(mesh):
        a = meshjit.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", "Y"))
        idx = mjnp.array([0, 2, 5])
        with pytest.raises(ShardingTypeError) as ei:
            a[idx]
        assert str(ei.value).endswith(
            "Got operand=ShapedArray(float32[8@X,4@Y]), indices=ShapedArray(int32[3,1])"
        )
        with pytest.raises(ShardingTypeError) as ei:
            a.at[idx].set(1.0)
        assert str(ei.value).endswith(
            "Got operand=ShapedArray(float32[8@X,4@Y]), indices=ShapedArray(int32[3,1]), "
            "updates=ShapedArray(float32[3,4@Y])"
        )
        for read, starts in ((lambda: a[2:6], 1), (lambda: a[1, 1:3], 2)):  # JAX's one gather
            with pytest.raises(ShardingTypeError) as ei:
                read()
            assert str(ei.value).endswith(f"indices=ShapedArray(int32[{starts}])")
