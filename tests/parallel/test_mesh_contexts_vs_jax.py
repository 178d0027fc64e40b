"""The three mesh contexts of JAX 0.10.2 against JAX: `with mesh:` (the deprecated resource
mesh), `set_mesh(mesh)` (abstract and concrete mesh) and `use_abstract_mesh(abstract)`, each
with the APIs that read (or ignore) them: with_sharding_constraint, jit and pjit in/out
shardings, device_put, shard_map and smap without a mesh, reshard, out_sharding=,
get_abstract_mesh / get_mesh, typeof inside jit, auto_axes; nesting and mixing the contexts;
the contexts in jit's cache key; and sharding in types on Explicit axes (jnp ops' result types
and errors, reshard, auto_axes / explicit_axes, typeof in transformed bodies, ShapeDtypeStruct,
out_sharding=), and more of them (jit's in_shardings on NumPy values, shardings on an abstract
mesh only, vmap over typed values, loop carries and branches, grads, device= of creation
functions, contractions, reshard of pytrees, nested auto_axes / explicit_axes, indexing,
split / stack, samplers). Each case records its result (the result's sharding and type)
or its error (the builtin classes and the message's first line), and whether `with mesh:`
warned; JAX's results are recorded (tests/oracle_results/).
"""

import pytest

from tests.support import campaign
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r'''
import contextlib
import importlib
import warnings

AT = jax.sharding.AxisType
NS = jax.sharding.NamedSharding
sharding = jax.sharding
x = np.arange(32, dtype=np.float32).reshape(8, 4)
auto = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AT.Auto, AT.Auto))
auto2 = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AT.Auto, AT.Auto))
expl = jax.make_mesh((4, 2), ("x", "y"))
pjit = importlib.import_module(jax.__name__ + ".experimental.pjit").pjit


def mesh_str(m):
    if m is None:
        return "None"
    kind = "Abstract" if type(m).__name__ == "AbstractMesh" else "Mesh"
    if m.empty:
        return kind + "()"
    return f"{kind}({dict(m.shape)}, {tuple(t.name for t in m.axis_types)})"


def sharding_str(s):
    if hasattr(s, "spec"):
        return f"{type(s).__name__}({mesh_str(s.mesh)}, {s.spec})"
    return type(s).__name__


def describe(v):
    if isinstance(v, str):
        return v
    if isinstance(v, tuple):
        return " ; ".join(describe(e) for e in v)
    if hasattr(v, "sharding"):
        return f"{sharding_str(v.sharding)} {jax.typeof(v)}"
    return repr(v)


def builtins_of(e):
    return ",".join(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins")


SLICE = globals().get("SLICE")  # (i, n): meshjit runs every n-th case from the i-th
COUNT = [0]


def run(name, ctx, fn):
    COUNT[0] += 1
    if SLICE is not None and COUNT[0] % SLICE[1] != SLICE[0]:
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with CONTEXTS[ctx]():
                r = "ok " + describe(fn())
        except Exception as e:
            r = f"ERR {builtins_of(e)}: {str(e).splitlines()[0] if str(e) else ''}"
    dep = any("with mesh:" in str(w.message) for w in caught)
    out[f"{name}@{ctx}"] = np.array(r + (" [deprecated]" if dep else ""))


CONTEXTS = {
    "none": contextlib.nullcontext,
    "with_auto": lambda: auto,
    "with_expl": lambda: expl,
    "set_auto": lambda: jax.set_mesh(auto),
    "set_expl": lambda: jax.set_mesh(expl),
    "abs_auto": lambda: sharding.use_abstract_mesh(auto.abstract_mesh),
    "abs_expl": lambda: sharding.use_abstract_mesh(expl.abstract_mesh),
}


def inside(fn):
    """fn traced inside jit; what it returns (a string) comes out."""
    seen = []

    def body(a):
        seen.append(fn(a))
        return a

    jax.jit(body)(x)
    return seen[0]


def wsc(a):
    return jax.lax.with_sharding_constraint(a, P("x"))


def typeof_sharding(a):
    return sharding_str(jax.typeof(a).sharding)


APIS = {
    "wsc_P": lambda: jax.jit(wsc)(x),
    "wsc_P_eager": lambda: wsc(x),
    "wsc_NS_auto": lambda: jax.jit(lambda a: jax.lax.with_sharding_constraint(a, NS(auto, P("x"))))(x),
    "jit_in_P": lambda: jax.jit(lambda a: a * 2, in_shardings=P("x"))(x),
    "jit_out_P": lambda: jax.jit(lambda a: a * 2, out_shardings=P("x"))(x),
    "jit_plain": lambda: jax.jit(lambda a: a * 2)(x),
    "pjit_in_P": lambda: pjit(lambda a: a * 2, in_shardings=P("x"))(x),
    "pjit_out_P": lambda: pjit(lambda a: a * 2, out_shardings=P("x"))(x),
    "pjit_plain": lambda: pjit(lambda a: a * 2)(x),
    "pjit_wsc_P": lambda: pjit(wsc)(x),
    "device_put_P": lambda: jax.device_put(x, P("x")),
    "shard_map_nomesh": lambda: jax.shard_map(lambda a: a * 2, in_specs=P("x"), out_specs=P("x"))(x),
    "shard_map_nomesh_jit": lambda: jax.jit(
        jax.shard_map(lambda a: a * 2, in_specs=P("x"), out_specs=P("x"))
    )(x),
    "smap": lambda: jax.smap(lambda a: a * 2, in_axes=0, out_axes=0, axis_name="x")(x),
    "reshard_eager": lambda: jax.sharding.reshard(x, P("x")),
    "reshard_jit": lambda: jax.jit(lambda a: jax.sharding.reshard(a, P("x")))(x),
    "zeros_out": lambda: jnp.zeros((8, 4), out_sharding=P("x")),
    "zeros_out_jit": lambda: jax.jit(lambda: jnp.zeros((8, 4), out_sharding=P("x")))(),
    "dot_out_jit": lambda: jax.jit(lambda a: jnp.dot(a, a.T, out_sharding=P("x")))(x),
    "random_out": lambda: jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P("x")),
    "get_abstract_mesh": lambda: mesh_str(sharding.get_abstract_mesh()),
    "get_abstract_mesh_jit": lambda: inside(lambda a: mesh_str(sharding.get_abstract_mesh())),
    "get_mesh": lambda: mesh_str(sharding.get_mesh()),
    "get_mesh_jit": lambda: inside(lambda a: mesh_str(sharding.get_mesh())),
    "typeof_jit": lambda: inside(lambda a: typeof_sharding(a * 2)),
    "typeof_jit_expl_arg": lambda: jax.jit(lambda a: typeof_sharding(a) and a * 2)(
        jax.device_put(x, NS(expl, P("x")))
    ),
    "typeof_expl_arg": lambda: typeof_sharding(jax.device_put(x, NS(expl, P("x"))) * 2),
    "auto_axes": lambda: jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("x"))(x),
    "set_mesh_in_jit": lambda: inside(lambda a: jax.set_mesh(auto) and "set"),
    "vmap_spmd": lambda: jax.jit(jax.vmap(lambda r: r * 2, spmd_axis_name="x"))(x),
}

for api, fn in APIS.items():
    for ctx in CONTEXTS:
        run(api, ctx, fn)


# ------------------------------------------------------------------------------------------
# Context objects themselves, nesting and mixing.


def with_returns(mesh):
    entered = mesh.__enter__()
    return f"{mesh_str(entered)} {entered is mesh} {mesh.__exit__(None, None, None)}"


def set_mesh_returns(mesh):
    with jax.set_mesh(mesh) as entered:
        return repr(entered)


def nested(outer, inner, fn):
    def go():
        with outer():
            with inner():
                return fn()

    return go


SPECIAL = {
    "set_mesh_abstract": lambda: jax.set_mesh(auto.abstract_mesh) and "set",
    "use_abstract_mesh_concrete": lambda: sharding.use_abstract_mesh(auto) and "set",
    "abstract_mesh_enter": lambda: auto.abstract_mesh.__enter__(),
    "use_abstract_mesh_resize": nested(
        lambda: sharding.use_abstract_mesh(auto.abstract_mesh),
        lambda: sharding.use_abstract_mesh(jax.make_mesh((2,), ("z",)).abstract_mesh),
        lambda: "entered",
    ),
    "with_in_set_gam": nested(lambda: jax.set_mesh(expl), lambda: auto2, lambda: mesh_str(sharding.get_abstract_mesh())),
    "with_in_set_wsc": nested(lambda: jax.set_mesh(auto), lambda: auto2, lambda: jax.jit(wsc)(x)),
    "with_in_set_inP": nested(lambda: jax.set_mesh(auto), lambda: auto2, lambda: jax.jit(lambda a: a * 2, in_shardings=P("x"))(x)),
    "set_in_with_gam": nested(lambda: auto2, lambda: jax.set_mesh(expl), lambda: mesh_str(sharding.get_abstract_mesh())),
    "set_in_with_wsc": nested(lambda: auto2, lambda: jax.set_mesh(auto), lambda: jax.jit(wsc)(x)),
    "set_in_with_pjit": nested(lambda: auto2, lambda: jax.set_mesh(auto), lambda: pjit(lambda a: a * 2, in_shardings=P("x"))(x)),
    "with_in_with_wsc": nested(lambda: auto, lambda: auto2, lambda: jax.jit(wsc)(x)),
    "abs_in_with_wsc": nested(lambda: auto, lambda: sharding.use_abstract_mesh(auto2.abstract_mesh), lambda: jax.jit(wsc)(x)),
    "with_in_abs_wsc": nested(lambda: sharding.use_abstract_mesh(auto2.abstract_mesh), lambda: auto, lambda: jax.jit(wsc)(x)),
    "set_none_in_set": nested(lambda: jax.set_mesh(auto), lambda: jax.set_mesh(None), lambda: mesh_str(sharding.get_abstract_mesh())),
    "make_mesh_default_types": lambda: mesh_str(jax.make_mesh((2,), ("z",))),
    "with_returns": lambda: with_returns(auto),
    "set_mesh_returns": lambda: set_mesh_returns(auto),
}

for name, fn in SPECIAL.items():
    run(name, "none", fn)


def traced_under_two(ctx1, ctx2, api):
    def go():
        traces = []

        def f(a):
            traces.append(1)
            return api(a)

        g = jax.jit(f)
        with ctx1():
            r1 = g(x)
        with ctx2():
            r2 = g(x)
        return f"traces={len(traces)} ; {describe(r1)} ; {describe(r2)}"

    return go


CACHE = {
    "cache_with_wsc": traced_under_two(lambda: auto, lambda: auto2, wsc),
    "cache_with_plain": traced_under_two(lambda: auto, lambda: auto2, lambda a: a * 2),
    "cache_with_same": traced_under_two(lambda: auto, lambda: auto, lambda a: a * 2),
    "cache_set_wsc": traced_under_two(lambda: jax.set_mesh(auto), lambda: jax.set_mesh(auto2), wsc),
    "cache_set_plain": traced_under_two(lambda: jax.set_mesh(auto), lambda: jax.set_mesh(auto2), lambda a: a * 2),
    "cache_with_set_plain": traced_under_two(lambda: auto, lambda: jax.set_mesh(auto), lambda a: a * 2),
    "cache_none_with_plain": traced_under_two(contextlib.nullcontext, lambda: auto, lambda a: a * 2),
}

for name, fn in CACHE.items():
    run(name, "none", fn)


# ------------------------------------------------------------------------------------------
# Eager values under set_mesh: on its devices (replicated), except device_put's.

EAGER = {
    "eager_ones": lambda: jnp.ones(4),
    "eager_arange_add": lambda: jnp.arange(4.0) + 1,
    "eager_sin_numpy": lambda: jnp.sin(np.ones(4, np.float32)),
    "eager_device_put": lambda: jax.device_put(np.ones(4, np.float32)),
    "eager_jit_of_put": lambda: jax.jit(lambda v: v * 2)(jax.device_put(np.ones(4, np.float32))),
    "eager_random": lambda: jax.random.normal(jax.random.key(0), (4,)),
}

for name, fn in EAGER.items():
    for ctx in ("set_auto", "set_expl"):
        run(name, ctx, fn)


# ------------------------------------------------------------------------------------------
# Sharding in types on Explicit axes: jnp ops' result types, their errors, reshard,
# auto_axes / explicit_axes, typeof in transformed bodies, ShapeDtypeStruct, out_sharding=.


def on_expl(spec):
    return lambda: jax.device_put(x, NS(expl, spec))


xs, ys, xy = on_expl(P("x", None)), on_expl(P(None, "y")), on_expl(P("x", "y"))


def types_in(transform):
    """typeof of what `transform` traces (a list of strings)."""
    seen = []

    def note(a):
        seen.append(typeof_sharding(a))
        return a

    transform(note)
    return " ; ".join(seen)


def sds_str(r):
    return f"{sharding_str(r.sharding)} {r.shape}"


def sds(spec):
    return jax.ShapeDtypeStruct((8, 4), np.float32, sharding=NS(expl, spec))


def cond_types(note):
    jax.jit(lambda a: jax.lax.cond(True, lambda v: note(v) * 2, lambda v: v, a))(xs())


def scan_types(note):
    jax.jit(lambda a: jax.lax.scan(lambda c, r: (note(c) + r, r), a[0], a))(xs())


TYPED = {
    "add_same": lambda: xs() + xs(),
    "add_mismatch": lambda: xs() + ys(),
    "add_mismatch_jit": lambda: jax.jit(lambda a, b: a + b)(xs(), ys()),
    "add_numpy": lambda: xs() + x,
    "add_broadcast_row": lambda: xs() + jnp.ones(4),
    "add_broadcast_col": lambda: ys() + jnp.ones((8, 1)),
    "mul_scalar": lambda: xy() * 2,
    "matmul_batch": lambda: xs() @ x.T,
    "matmul_contract": lambda: ys() @ ys().T,
    "matmul_contract_jit": lambda: jax.jit(lambda a: a @ a.T)(ys()),
    "matmul_contract_out": lambda: jnp.matmul(ys(), ys().T, out_sharding=P("x", None)),
    "dot_contract_out_none": lambda: jnp.dot(ys(), ys().T, out_sharding=P(None, None)),
    "einsum_contract": lambda: jnp.einsum("ij,kj->ik", ys(), ys()),
    "einsum_contract_out": lambda: jnp.einsum("ij,kj->ik", ys(), ys(), out_sharding=P("x")),
    "einsum_keep": lambda: jnp.einsum("ij,kj->ik", xs(), x),
    "transpose": lambda: xy().T,
    "reshape_merge": lambda: xs().reshape(32),
    "reshape_merge_inner": lambda: ys().reshape(32),
    "reshape_split": lambda: xs().reshape(2, 4, 4),
    "reshape_out": lambda: jnp.reshape(xs(), (4, 8), out_sharding=P("x", None)),
    "broadcast_to": lambda: jnp.broadcast_to(xs(), (2, 8, 4)),
    "expand_dims": lambda: xy()[None],
    "sum_sharded": lambda: xs().sum(0),
    "sum_other": lambda: xs().sum(1),
    "sum_all": lambda: xy().sum(),
    "max_sharded": lambda: xy().max(1),
    "mean_keepdims": lambda: xs().mean(0, keepdims=True),
    "argmax_sharded": lambda: xs().argmax(0),
    "concat_other": lambda: jnp.concatenate([xs(), xs()], axis=1),
    "concat_sharded": lambda: jnp.concatenate([xs(), xs()], axis=0),
    "concat_mismatch": lambda: jnp.concatenate([xs(), ys()], axis=1),
    "concat_untyped": lambda: jnp.concatenate([xs(), jnp.ones((8, 4))], axis=1),
    "stack": lambda: jnp.stack([xs(), xs()]),
    "index_row": lambda: xs()[0],
    "index_col": lambda: xs()[:, 0],
    "slice_sharded": lambda: xs()[2:6],
    "slice_other": lambda: xs()[:, 1:3],
    "gather_rows": lambda: xs()[jnp.array([0, 1])],
    "at_set": lambda: xs().at[0].set(1.0),
    "where": lambda: jnp.where(xs() > 3, xs(), 0.0),
    "astype": lambda: xy().astype(np.int32),
    "reshard_move": lambda: jax.sharding.reshard(xs(), P(None, "x")),
    "reshard_numpy": lambda: jax.sharding.reshard(x, P("x", "y")),
    "reshard_jit_typed": lambda: jax.jit(lambda a: jax.sharding.reshard(a, P(("x", "y"))))(xs()),
    "reshard_ns": lambda: jax.sharding.reshard(xs(), NS(expl, P(None, "y"))),
    "reshard_uneven": lambda: jax.sharding.reshard(jnp.ones(6), P("x")),
    "auto_axes_typed": lambda: jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("x"))(ys()),
    "auto_axes_typeof": lambda: jax.sharding.auto_axes(
        lambda a: typeof_sharding(a) and a, out_sharding=P("x")
    )(xs()),
    "explicit_axes": lambda: jax.sharding.explicit_axes(lambda a: a * 2, in_sharding=P("x"))(x),
    "typeof_grad": lambda: types_in(lambda note: jax.grad(lambda a: note(a * 2).sum())(xs())),
    "typeof_grad_jit": lambda: types_in(
        lambda note: jax.jit(jax.grad(lambda a: note(a * 2).sum()))(xs())
    ),
    "typeof_vmap": lambda: types_in(lambda note: jax.vmap(note)(xy())),
    "typeof_vmap_jit": lambda: types_in(lambda note: jax.jit(jax.vmap(note))(xs())),
    "typeof_vmap_axis1": lambda: types_in(lambda note: jax.vmap(note, in_axes=1)(xy())),
    "typeof_cond": lambda: types_in(cond_types),
    "typeof_scan": lambda: types_in(scan_types),
    "typeof_numpy_jit": lambda: types_in(lambda note: jax.jit(lambda a: note(jnp.sin(a)))(x)),
    "sds_sharding": lambda: sds_str(sds(P("x"))),
    "sds_spec": lambda: sds_str(jax.ShapeDtypeStruct((8, 4), np.float32, sharding=P("x"))),
    "eval_shape_sds": lambda: sds_str(jax.eval_shape(lambda a: a.T * 2, sds(P("x", "y")))),
    "lower_sds_out": lambda: sds_str(jax.jit(lambda a: a.sum(1)).lower(sds(P("x"))).out_info),
    "lower_sds_contract": lambda: jax.jit(lambda a: a @ a.T).lower(sds(P(None, "y"))) and "ok",
    "put_P": lambda: jax.device_put(x, P("x", "y")),
    "put_typed_P": lambda: jax.device_put(xs(), P(None, "y")),
    "put_uneven": lambda: jax.device_put(np.ones(6, np.float32), P("x")),
    "ones_out": lambda: jnp.ones((8, 4), out_sharding=P("x", "y")),
    "full_out": lambda: jnp.full((8, 4), 2.0, out_sharding=P(None, "y")),
    "arange_out": lambda: jnp.arange(8, out_sharding=P("x")),
    "zeros_like": lambda: jnp.zeros_like(xy()),
    "uniform_out": lambda: jax.random.uniform(jax.random.key(1), (8, 4), out_sharding=P("x", "y")),
    "zeros_out_uneven": lambda: jnp.zeros((6,), out_sharding=P("x")),
}

for name, fn in TYPED.items():
    for ctx in ("none", "set_expl"):
        run(name, ctx, fn)


# ------------------------------------------------------------------------------------------
# More sharding in types (session 20): jit's in_shardings on NumPy values, shardings on an
# abstract mesh only, vmap over typed values, loop carries and branches, grads, device= and
# out_sharding= of creation functions and samplers, contractions, reshard of pytrees, nested
# auto_axes / explicit_axes, indexing, split / stack / concatenate.

ab = NS(expl.abstract_mesh, P("x"))


def jit_in_xy(f):
    return lambda: jax.jit(f, in_shardings=NS(expl, P("x", "y")))(x)


def loop_retyped(c):
    return jax.sharding.reshard(c + 1, P(None, "y"))


MORE = {
    "in_xy_mul": jit_in_xy(lambda a: a * 2),
    "in_xy_T": jit_in_xy(lambda a: a.T),
    "in_xy_sum": jit_in_xy(lambda a: a.sum(0)),
    "in_xy_sin_sum": jit_in_xy(lambda a: jnp.sin(a).sum(1)),
    "in_xy_reshape": jit_in_xy(lambda a: a.reshape(32)),
    "in_xy_add_self": jit_in_xy(lambda a: a + a),
    "in_xy_expand": jit_in_xy(lambda a: a[None]),
    "in_xy_dot": jit_in_xy(lambda a: a @ a.T),
    "in_xy_row": jit_in_xy(lambda a: a[0]),
    "in_xy_pair": jit_in_xy(lambda a: (a.T, a * 2)),
    "in_abstract": lambda: jax.jit(lambda a: a * 2, in_shardings=ab)(x),
    "out_abstract": lambda: jax.jit(lambda a: a * 2, out_shardings=ab)(x),
    "P0": lambda: jax.device_put(x, NS(expl, P(0))),
    "vmap_spmd_other": lambda: jax.jit(jax.vmap(lambda r: r * 2, spmd_axis_name="y"))(xs()),
    "vmap_spmd_same": lambda: jax.jit(jax.vmap(lambda r: r * 2, spmd_axis_name="x"))(xs()),
    "vmap_spmd_untyped_dim": lambda: jax.vmap(lambda r: r * 2, spmd_axis_name="y")(ys()),
    "vmap_inconsistent": lambda: jax.vmap(lambda a, b: a + b)(xs(), ys()),
    "vmap_inconsistent_numpy": lambda: jax.vmap(lambda a, b: a + b)(xs(), x),
    "vmap_axis1_spmd": lambda: jax.vmap(lambda a: a * 2, in_axes=1, spmd_axis_name="y")(xy()),
    "vmap_spmd_typeof": lambda: types_in(
        lambda note: jax.jit(jax.vmap(note, spmd_axis_name="x"))(xs())
    ),
    "scan_xs_sharded": lambda: jax.lax.scan(lambda c, r: (c + r, r), jnp.zeros(4), xs())[0],
    "scan_typed_carry": lambda: jax.lax.scan(lambda c, r: (c * 2, r), xs(), jnp.arange(3))[0],
    "while_retyped": lambda: jax.lax.while_loop(lambda c: c.sum() < 10, loop_retyped, xs()),
    "cond_retyped": lambda: jax.lax.cond(True, lambda v: v, loop_retyped, xs()),
    "fori_typed": lambda: jax.lax.fori_loop(0, 3, lambda i, c: c * 2, xy()),
    "while_numpy": lambda: jax.lax.while_loop(lambda c: c.sum() < 99, lambda c: c * 2 + 1, jnp.ones((8, 4))),
    "grad_typed": lambda: jax.grad(lambda a: (a * a).sum())(xs()),
    "grad_contract": lambda: jax.grad(lambda a: (a @ a.T).sum())(ys()),
    "vjp_types": lambda: types_in(lambda note: jax.vjp(lambda a: note(a * 2), xy())[1](xy())),
    "ones_device": lambda: jnp.ones((8, 4), device=NS(expl, P("x"))),
    "full_device": lambda: jnp.full((8, 4), 1.0, device=NS(expl, P("x"))),
    "zeros_like_device": lambda: jnp.zeros_like(x, device=NS(expl, P("x"))),
    "eye_device": lambda: jnp.eye(8, device=NS(expl, P("x"))),
    "arange_device": lambda: jnp.arange(8.0, device=NS(expl, P("x"))),
    "zeros_device_jit": lambda: jax.jit(lambda: jnp.zeros((8, 4), device=NS(expl, P("x"))))(),
    "ones_out_short": lambda: jnp.ones((8, 4), out_sharding=P("x")),
    "einsum_out_ns": lambda: jnp.einsum("ij,kj->ik", xs(), xs(), out_sharding=NS(expl, P(None, "x"))),
    "einsum_batch": lambda: jnp.einsum("ij,jk->ik", xs(), x.T),
    "dot_general_out": lambda: jax.lax.dot_general(ys(), ys(), (((1,), (1,)), ((), ())), out_sharding=P("x", None)),
    "dot_general_unreduced": lambda: jax.lax.dot_general(
        ys(), ys(), (((1,), (1,)), ((), ())), out_sharding=P(None, None, unreduced={"y"})
    ),
    "dot_general_ambiguous": lambda: jax.lax.dot_general(ys(), ys(), (((1,), (1,)), ((), ()))),
    "reshard_tree": lambda: jax.sharding.reshard((xs(), {"b": ys()}), P("x", "y")),
    "reshard_tree_specs": lambda: jax.sharding.reshard((xs(), ys()), (P(None, "y"), P("x"))),
    "reshard_tree_mismatch": lambda: jax.sharding.reshard((xs(), ys()), (P("x"),)),
    "auto_in_explicit": lambda: jax.sharding.explicit_axes(
        lambda a: jax.sharding.auto_axes(lambda b: b * 2, out_sharding=P("x"))(a), in_sharding=P("x")
    )(x),
    "explicit_in_auto": lambda: jax.sharding.auto_axes(
        lambda a: jax.sharding.explicit_axes(lambda b: b.sum(0), in_sharding=P("x"))(a), out_sharding=P()
    )(xs()),
    "auto_axes_some": lambda: jax.sharding.auto_axes(lambda a: a.T, axes="x", out_sharding=P("y", None))(xy()),
    "index_ints": lambda: xs()[jnp.array([0, 2, 4])],
    "index_typed_indices": lambda: x[jax.device_put(np.arange(8), NS(expl, P("x")))],
    "take_other_axis": lambda: jnp.take(xs(), jnp.array([0, 1]), axis=1),
    "dynamic_row": lambda: jax.jit(lambda a, i: a[i])(xs(), 3),
    "split_sharded": lambda: tuple(jnp.split(xs(), 2, axis=0)),
    "split_other": lambda: tuple(jnp.split(xs(), 2, axis=1)),
    "stack_axis1": lambda: jnp.stack([xs(), xs()], axis=1),
    "stack_mismatch": lambda: jnp.stack([xs(), ys()]),
    "concat_numpy": lambda: jnp.concatenate([ys(), x], axis=0),
    "tile_sharded": lambda: jnp.tile(xs(), (2, 1)),
    "tile_other": lambda: jnp.tile(xs(), (1, 2)),
    "pad_sharded": lambda: jnp.pad(xs(), ((1, 1), (0, 0))),
    "keys_typeof": lambda: typeof_sharding(jax.random.split(jax.random.key(0), 8)),
    "keys_split": lambda: jax.random.split(jax.random.key(0), 8),
    "keys_put_typeof": lambda: str(jax.typeof(jax.device_put(jax.random.split(jax.random.key(0), 8), P("x")))),
    "normal_out": lambda: jax.random.normal(jax.random.key(0), (8, 4), out_sharding=P("x", "y")),
    "randint_out": lambda: jax.random.randint(jax.random.key(0), (8, 4), 0, 5, out_sharding=P(None, "y")),
    "bernoulli_out": lambda: jax.random.bernoulli(jax.random.key(0), 0.5, (8, 4), out_sharding=P("x")),
    "normal_out_jit": lambda: jax.jit(lambda k: jax.random.normal(k, (8, 4), out_sharding=P("x")))(
        jax.random.key(0)
    ),
}

for name, fn in MORE.items():
    for ctx in ("none", "set_expl"):
        run(name, ctx, fn)
'''

# Where meshjit knowingly differs from JAX 0.10.2 (each still checked to differ).
KNOWN = {
    # JAX fails an internal assert on an eager constraint over a mesh known only abstractly
    # (use_abstract_mesh of Auto axes); meshjit asks for a concrete mesh.
    "wsc_P_eager@abs_auto",
    # JAX runs a shard_map over such a mesh on one device, where XLA fails ("No registered
    # implementation for ... xla.sdy.GlobalToLocalShape"); meshjit on the mesh's first devices.
    "shard_map_nomesh_jit@abs_auto",
    # Without a context mesh JAX cannot differentiate (or `.at[].set` eagerly) values typed
    # on an Explicit mesh ("Length of device assignment 1 is not equal to the size of the
    # mesh 8"); meshjit runs the grads on the values' devices (and words at_set's error as
    # its other calls without devices).
    "typeof_grad@none",
    "typeof_grad_jit@none",
    "at_set@none",
    "grad_typed@none",
    # Under an Explicit mesh JAX types a NumPy operand replicated on the context mesh, so its
    # concatenation with a typed one is a ShardingTypeError; meshjit's NumPy operand is
    # untyped and takes the other's type.
    "concat_numpy@set_expl",
}


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory):
    return {k: str(v) for k, v in jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("jax")).items()}


# meshjit runs the cases in SLICES slices: `make test` the first, `make test-campaigns` the rest.
SLICES = 6


@pytest.fixture(params=campaign.every(SLICES, range(SLICES)))
def results(request, jax_results):
    got = meshjit_on_program(PROGRAM, SLICE=(request.param, SLICES))
    return jax_results, {k: str(v) for k, v in got.items()}


def _same(want: str, got: str) -> bool:
    """Results equal; errors of JAX's builtin class (meshjit's may have more) whose message
    starts as JAX's (its first 40 characters), both with or without the deprecation."""
    if want == got:
        return True
    if not (want.startswith("ERR ") and got.startswith("ERR ")):
        return False
    (want_cls, want_msg), (got_cls, got_msg) = (s[4:].split(": ", 1) for s in (want, got))
    deprecated = want.endswith("[deprecated]") == got.endswith("[deprecated]")
    first = want_cls.split(",")[0]
    return first in got_cls.split(",") and got_msg.startswith(want_msg[:40]) and deprecated


def test_mesh_contexts_as_jax(results):
    want, got = results
    assert got and set(got) <= set(want)
    wrong = [
        f"{k}\n  JAX:     {want[k][:300]}\n  meshjit: {got[k][:300]}"
        for k in got
        if k not in KNOWN and not _same(want[k], got[k])
    ]
    assert not wrong, f"{len(wrong)} of {len(got)} differ from JAX:\n" + "\n".join(wrong)
    # each known difference still differs (else it leaves KNOWN)
    assert KNOWN <= set(want)
    assert [k for k in sorted(KNOWN & set(got)) if _same(want[k], got[k])] == []
