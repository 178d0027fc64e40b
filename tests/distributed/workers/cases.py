"""The programs the multi-process tests run: each runs the same in one process on 8 devices
and across processes on the same global mesh (imported by the workers as a sibling module and
by the tests as `distributed.workers.cases`; no test-only imports here)."""

from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

# Auto axes: these programs leave layouts to propagation (make_mesh defaults to Explicit).
AUTO2 = (meshjit.sharding.AxisType.Auto,) * 2

MESH_SHAPE, MESH_AXES = (4, 2), ("x", "y")
AXES = ["x", "y", ("x", "y"), ("y", "x")]

# Results that add floats across devices: gloo's all-reduce adds in another order than XLA's
# in-process one (4 ranks: (a0 + a2) + (a1 + a3) against ((a0 + a1) + a2) + a3), so these
# equal the plain single-process run to the last bits only. Everything else is bit for bit, and
# all of it equals one process of 8 devices on gloo's collectives (`launch -n 1`) bit for bit.
INEXACT = {
    "collective/psum_x",
    "collective/psum_xy",
    "collective/psum_yx",
    "collective/pmean_x",
    "collective/pmean_xy",
    "collective/pmean_yx",
    "collective/psum_scatter_x",
    "collective/psum_scatter_xy",
    "program/grad/0",
    "program/grad/1",
    "program/control_flow/0",
    "program/control_flow/1",
    "program/shard_map_grad/0",
    "program/propagated/0",  # the sum over the rows sharded on "x": an all-reduce over "x"
}


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def arange(*shape, dtype=np.float32):
    return np.arange(np.prod(shape)).astype(dtype).reshape(shape)


_X, _X32, _X816 = rand(8, 4), rand(32, 16), rand(8, 16)

# ---------------------------------------------------------------------------------------------
# shard_map collectives: the body, its NumPy reference on tests/shard_map_ref.SimMesh (`ref(sim,
# blocks) -> blocks`), the input and the specs.


class Collective(NamedTuple):
    name: str
    body: Callable
    ref: Callable
    x: np.ndarray
    in_spec: P
    out_spec: P
    check_vma: bool = True


def _name(axes) -> str:
    return axes if isinstance(axes, str) else "".join(axes)


def collective_cases() -> list[Collective]:
    x = _X
    cases = []
    for op, op_axes in (("psum", AXES), ("pmax", AXES[::2]), ("pmin", AXES[1:3]), ("pmean", AXES)):
        for axes in op_axes:
            cases.append(
                Collective(
                    f"{op}_{_name(axes)}",
                    lambda b, op=op, axes=axes: getattr(lax, op)(b, axes),
                    lambda s, v, op=op, axes=axes: getattr(s, op)(v, axes),
                    x,
                    P("x", "y"),
                    P("x", "y"),
                )
            )
    groups = [[0, 2], [1, 3]]
    cases.append(
        Collective(
            "psum_groups_x",
            lambda b: lax.psum(b, "x", axis_index_groups=groups),
            lambda s, v: s.psum(v, "x", groups),
            x,
            P("x", "y"),
            P("x", "y"),
        )
    )
    cases.append(
        Collective(
            "psum_int_x",
            lambda b: lax.psum(b, "x"),
            lambda s, v: s.psum(v, "x"),
            arange(8, 4, dtype=np.int32),
            P("x", "y"),
            P(None, "y"),
        )
    )
    for axes, tiled in (("x", False), ("x", True), (("x", "y"), True), ("y", False)):
        cases.append(
            Collective(
                f"all_gather_{_name(axes)}_{'tiled' if tiled else 'stacked'}",
                lambda b, axes=axes, tiled=tiled: lax.all_gather(b, axes, tiled=tiled),
                lambda s, v, axes=axes, tiled=tiled: s.all_gather(v, axes, 0, tiled),
                x,
                P("x", "y"),
                P("x", "y") if tiled else P(None, "x", "y"),
                check_vma=False,
            )
        )
    for axes in ("x", ("x", "y")):
        cases.append(
            Collective(
                f"psum_scatter_{_name(axes)}",
                lambda b, axes=axes: lax.psum_scatter(b, axes, scatter_dimension=0, tiled=True),
                lambda s, v, axes=axes: s.psum_scatter(v, axes, 0, True),
                _X32,
                P("x", "y"),
                P("x", "y"),
            )
        )
    for axes in ("x", ("x", "y")):
        cases.append(
            Collective(
                f"all_to_all_{_name(axes)}",
                lambda b, axes=axes: lax.all_to_all(b, axes, 1, 0, tiled=True),
                lambda s, v, axes=axes: s.all_to_all(v, axes, 1, 0, True),
                _X816,
                P("x", "y"),
                P("x", "y"),
                check_vma=False,
            )
        )
    perms = [
        ("x", [(i, (i + 1) % 4) for i in range(4)]),
        (("x", "y"), [(i, (i + 3) % 8) for i in range(8)]),
        (("y", "x"), [(0, 7), (5, 2)]),
    ]
    for axes, perm in perms:
        cases.append(
            Collective(
                f"ppermute_{_name(axes)}_{len(perm)}",
                lambda b, axes=axes, perm=perm: lax.ppermute(b, axes, perm),
                lambda s, v, axes=axes, perm=perm: s.ppermute(v, axes, perm),
                x,
                P("x", "y"),
                P("x", "y"),
            )
        )
    cases.append(
        Collective(
            "pshuffle_x",
            lambda b: lax.pshuffle(b, "x", [2, 0, 3, 1]),
            lambda s, v: s.pshuffle(v, "x", [2, 0, 3, 1]),
            x,
            P("x", "y"),
            P("x", "y"),
        )
    )
    cases.append(
        Collective(
            "pbroadcast_x",
            lambda b: lax.pbroadcast(b, "x", 2),
            lambda s, v: s.pbroadcast(v, "x", 2),
            x,
            P("x", "y"),
            P("x", "y"),
        )
    )
    cases.append(
        Collective(
            "axis_index_yx",
            lambda b: b + lax.axis_index(("y", "x")),
            lambda s, v: {d: v[d] + s.axis_index(d, ("y", "x")) for d in v},
            np.zeros((8,), np.int32),
            P(("x", "y")),
            P(("x", "y")),
        )
    )
    ties = np.random.default_rng(3).integers(0, 3, (8, 6)).astype(np.float32)
    cases.append(
        Collective(
            "pargmax_x",
            lambda b: lax.pargmax(b, "x"),
            lambda s, v: s.parg(v, "x", np.argmax),
            ties,
            P("x", "y"),
            P("x", "y"),
            check_vma=False,
        )
    )
    return cases


def run_collective(mesh, case: Collective):
    f = meshjit.shard_map(
        case.body,
        mesh=mesh,
        in_specs=case.in_spec,
        out_specs=case.out_spec,
        check_vma=case.check_vma,
    )
    return meshjit.jit(f)(case.x)


def run_collectives(mesh, cases: list[Collective]) -> dict:
    """Every case's result by name. Cases sharing their input, in_spec and check_vma run as
    one program (each compile costs more than the collectives in it)."""
    groups: dict = {}
    for case in cases:
        groups.setdefault((id(case.x), case.in_spec, case.check_vma), []).append(case)
    out = {}
    for group in groups.values():
        first = group[0]
        f = meshjit.shard_map(
            lambda b, group=group: tuple(c.body(b) for c in group),
            mesh=mesh,
            in_specs=first.in_spec,
            out_specs=tuple(c.out_spec for c in group),
            check_vma=first.check_vma,
        )
        out.update(zip([c.name for c in group], meshjit.jit(f)(first.x)))
    return out


# ---------------------------------------------------------------------------------------------
# jit programs: name -> fn(mesh) returning an array or a pytree of arrays.


def _mlp_loss(w, x):
    return jnp.mean(jnp.tanh(x @ w) ** 2)


def prog_jit_shardings(mesh):
    s_rows, s_cols = NamedSharding(mesh, P("x", None)), NamedSharding(mesh, P(None, "y"))
    f = meshjit.jit(
        lambda a, b: jnp.tanh(a @ b),
        in_shardings=(s_rows, s_cols),
        out_shardings=NamedSharding(mesh, P("x", "y")),
    )
    return f(rand(16, 8), rand(8, 4, seed=1))


def prog_propagated(mesh):
    """No jit shardings: meshjit's propagation decides from the arguments' layouts."""
    a = meshjit.device_put(rand(16, 8), NamedSharding(mesh, P("x", None)))
    w = meshjit.device_put(rand(8, 6, seed=1), NamedSharding(mesh, P(None, "y")))
    f = meshjit.jit(lambda a, w: (jnp.sum(jnp.tanh(a @ w), axis=0), a @ w))
    return f(a, w)


def prog_propagation_shardy(mesh):
    a = meshjit.device_put(rand(16, 8), NamedSharding(mesh, P("x", "y")))
    f = meshjit.jit(lambda a: jnp.exp(a).sum(axis=1) * 2, propagation="shardy")
    return f(a)


def prog_constraint(mesh):
    def f(a):
        h = meshjit.lax.with_sharding_constraint(a * 3, NamedSharding(mesh, P(None, ("x", "y"))))
        return h.T @ a

    return meshjit.jit(f)(meshjit.device_put(rand(8, 8), NamedSharding(mesh, P("x"))))


def prog_grad(mesh):
    w = meshjit.device_put(rand(8, 4), NamedSharding(mesh, P(None, "y")))
    x = meshjit.device_put(rand(16, 8, seed=2), NamedSharding(mesh, P("x")))
    return meshjit.jit(meshjit.value_and_grad(_mlp_loss))(w, x)


def prog_control_flow(mesh):
    def f(w, xs):
        def body(carry, x):
            carry = jnp.tanh(carry @ w + x)
            return carry, carry.sum()

        final, sums = lax.scan(body, jnp.zeros((4, 8), np.float32), xs)
        n = lax.fori_loop(0, 3, lambda i, c: c * 0.5 + i, final)
        return lax.cond(sums.sum() > 0, lambda v: v + 1, lambda v: v - 1, n), sums

    w = meshjit.device_put(rand(8, 8), NamedSharding(mesh, P(None, "y")))
    xs = meshjit.device_put(rand(5, 4, 8, seed=4), NamedSharding(mesh, P(None, "x")))
    return meshjit.jit(f)(w, xs)


def prog_shard_map_grad(mesh):
    def local_loss(w, x):
        return lax.pmean(jnp.mean(jnp.tanh(x @ w) ** 2), ("x", "y"))

    f = meshjit.shard_map(
        meshjit.grad(local_loss), mesh=mesh, in_specs=(P(), P(("x", "y"))), out_specs=P()
    )
    return meshjit.jit(f)(rand(8, 4), rand(16, 8, seed=2))


def prog_random(mesh):
    """meshjit.random across processes: sharded draws (partitionable threefry), keys folded with
    each device's index inside shard_map, and split keys; integer bits, so bit for bit."""
    key = meshjit.random.key(7)

    def draws(k):
        u = meshjit.random.uniform(meshjit.random.fold_in(k, 3), (16,))
        split = meshjit.random.key_data(meshjit.random.split(k, 3))
        return meshjit.random.normal(k, (16, 8)), meshjit.random.bits(k, (8, 4)), u, split

    shardings = tuple(NamedSharding(mesh, s) for s in (P("x", "y"), P("y"), P("x"), P()))

    def per_device(k):
        k = meshjit.random.fold_in(k, lax.axis_index(("x", "y")))
        return meshjit.random.normal(k, (1, 4))

    local = meshjit.shard_map(per_device, mesh=mesh, in_specs=P(), out_specs=P(("x", "y")))
    return (*meshjit.jit(draws, out_shardings=shardings)(key), meshjit.jit(local)(key))


PROGRAMS = {
    "random": prog_random,
    "jit_shardings": prog_jit_shardings,
    "propagated": prog_propagated,
    "propagation_shardy": prog_propagation_shardy,
    "constraint": prog_constraint,
    "grad": prog_grad,
    "control_flow": prog_control_flow,
    "shard_map_grad": prog_shard_map_grad,
}


def make_mesh():
    return meshjit.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=AUTO2)
