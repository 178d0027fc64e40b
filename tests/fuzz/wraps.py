"""Round 14: transforms stacked on a whole drawn program (as a real fuzzer draws them), not only
on single steps: `vmap` of the program (in_axes per input, None and negative ones; out_axes
negative; the program's gradient / jvp / vjp mapped too: vmap of grad), `vmap` of a `jit`ted
program, `jacfwd` / `jacrev` / `hessian` of it, `grad` with `has_aux`, `argnums` subsets (an int
or a tuple), and `checkpoint` with a policy.

A program's `wrap` is a JSON dict; `draw_wrap` draws it after the steps (it rewrites the inputs'
shapes for vmap: each mapped input gains its batch dim at its in_axis, with a spec entry for it),
and `apply_wrap` wraps the function `programs.transformed` built. JAX is the reference (NumPy
has no answer for these).
"""

from __future__ import annotations

KINDS = ["vmap", "vmap", "vmap_jit", "jacfwd", "jacrev", "hessian", "has_aux", "argnums",
         "checkpoint"]
POLICIES = [None, "nothing_saveable", "everything_saveable", "dots_saveable"]


def _vmap_safe(step) -> bool:
    if step[0] in ("shard_map", "constraint"):  # collectives / shardings on per-example values
        return False
    if step[0] in ("op", "vop"):
        from tests.fuzz.ops import OPS

        return OPS[step[1]].vmap_ok
    return True


def draw_wrap(rng, program, vals, differentiable: bool) -> dict | None:
    """A wrap for `program` (drawn, its steps evaluated to `vals`), or None; for vmap, the inputs
    are rewritten in place to carry the batch dims. A wrap of the gradient makes a
    `differentiable` program's `grad` True."""
    kind = rng.choice(KINDS)
    floats = [i for i, (_, d, _) in enumerate(program.inputs) if d == "float32"]
    outs = [vals[i] for i in program.outputs]
    if kind in ("vmap", "vmap_jit"):
        if not all(_vmap_safe(s) for s in program.steps):
            return None
        return _draw_vmap(rng, program, outs, kind)
    if not differentiable or not floats:
        return None
    w = _draw_grad_wrap(rng, program, outs, floats, kind)
    if w:
        program.grad = True
    return w


def _draw_grad_wrap(rng, program, outs, floats, kind) -> dict | None:
    if kind in ("jacfwd", "jacrev"):
        size = sum(o.size for o in outs) * program_size(program, floats[0])
        if size > 2048:
            return None
        return {"kind": kind, "argnum": rng.choice(floats)}
    if kind == "hessian":
        if program_size(program, floats[0]) > 24:
            return None
        return {"kind": kind, "argnum": floats[0]}
    if kind == "argnums":
        k = rng.randrange(len(floats))
        pick = rng.choice(["int", "tuple"]) if len(floats) > 1 else "int"
        argnums = k if pick == "int" else sorted(rng.sample(range(len(floats)), 2))
        return {"kind": kind, "argnums": argnums}
    if kind == "checkpoint":
        return {"kind": kind, "policy": rng.choice(POLICIES)}
    return {"kind": kind}


def program_size(program, i) -> int:
    n = 1
    for d in program.inputs[i][0]:
        n *= d
    return n


def _draw_vmap(rng, program, outs, kind) -> dict | None:
    batch = rng.choice([1, 2, 3, 4])
    axes = []
    for shape, _, _ in program.inputs:
        r = len(shape)
        a = rng.choice([0, 0, -1, None, rng.randint(-(r + 1), r)])
        axes.append(a)
    if all(a is None for a in axes):
        axes[0] = 0
    for (shape, _, spec), a in zip(program.inputs, axes):
        if a is None:
            continue
        at = a if a >= 0 else len(shape) + 1 + a
        shape.insert(at, batch)
        spec.insert(at, None)
    low = min(o.ndim for o in outs)
    out_axes = rng.choice([0, -1] + ([1, -2] if low >= 1 else []))
    if program.grad:  # the mapped function is the gradient's: its outputs' ranks differ
        out_axes = 0
    return {"kind": kind, "in_axes": axes, "out_axes": out_axes}


def apply_wrap(B, program, f, order, loss=None, floats=None):
    """`f` (called with the arguments in `order`) wrapped as `program.wrap` says."""
    api, np_ = B.api, B.np
    w = program.wrap
    kind = w["kind"]
    if kind in ("vmap", "vmap_jit"):
        inner = api.jit(f) if kind == "vmap_jit" else f
        in_axes = tuple(w["in_axes"][i] for i in order)
        return api.vmap(inner, in_axes=in_axes, out_axes=w["out_axes"])
    n = len(floats)

    def per(*args):  # the program's loss as a function of its arguments in `order`
        return loss(*args)

    if kind in ("jacfwd", "jacrev"):
        k = floats.index(w["argnum"])

        def vector(*args):
            outs = _outputs(B, program, args, floats)
            return np_.concatenate([np_.ravel(np_.sin(o.astype(np_.float32))) for o in outs])

        jac = getattr(api, kind)(vector, argnums=k)
        return lambda *args: [jac(*args)]
    if kind == "hessian":
        return lambda *args: [api.hessian(per, argnums=0)(*args)]
    if kind == "has_aux":

        def with_aux(*args):
            outs = _outputs(B, program, args, floats)
            return per(*args), [o * 2 for o in outs]

        g = api.grad(with_aux, argnums=tuple(range(n)), has_aux=True)
        return lambda *args: (lambda r: [*r[0], *r[1]])(g(*args))
    if kind == "argnums":
        g = api.grad(per, argnums=w["argnums"] if isinstance(w["argnums"], int)
                     else tuple(w["argnums"]))
        return lambda *args: g(*args)
    policy = w["policy"]
    policy = None if policy is None else getattr(api.checkpoint_policies, policy)
    g = api.grad(api.checkpoint(per, policy=policy), argnums=tuple(range(n)))
    return g


def _outputs(B, program, args, floats):
    """The program's outputs from arguments in `order` (floats first)."""
    from tests.fuzz.programs import run_program

    rest = list(args[len(floats):])
    full = list(rest)
    for k, i in enumerate(floats):
        full.insert(i, args[k])
    return run_program(B, program, full)
