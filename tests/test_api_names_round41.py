"""Calls where meshjit differed from JAX 0.10.2 (one JAX subprocess on 8 devices): a spec naming
a mesh axis twice raises DuplicateSpecError, a plain Exception; NamedShardings compare their
specs as given (P() is not P(None)); jit's shardings default to UnspecifiedValue; the names
JAX 0.10.2 lacks (jax.with_sharding_constraint, jax.sharding.use_mesh) are absent;
debug.print binds `debug_print`; a callback's result under set_mesh is on JAX's empty mesh,
so a loop carrying it runs; and vmap of ragged_dot's gradient (which JAX 0.10.2 refuses)
gives JAX's per-example gradients."""

import numpy as np

from meshjit.experimental import io_callback
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import inspect
from jax.experimental import io_callback

NS = jax.sharding.NamedSharding
mesh = jax.make_mesh((2, 4), ("x", "y"))
auto = jax.make_mesh((2, 4), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def raised(f):
    try:
        f()
    except Exception as e:
        kinds = [k.__name__ for k in (ValueError, TypeError) if isinstance(e, k)]
        return np.array([type(e).__name__, *kinds, str(e).split("\n")[0]])
    return np.array(["no error"])


DUPLICATES = {
    "ns": lambda: NS(mesh, P("x", "x")),
    "ns_tuple": lambda: NS(mesh, P(("x", "y"), "x")),
    "spec_alone": lambda: P("x", "x"),
    "device_put": lambda: jax.device_put(jnp.ones((8, 8)), NS(mesh, P("y", "y"))),
    "shard_map_out": lambda: jax.shard_map(lambda b: b, mesh=auto, in_specs=P("x"),
                                           out_specs=P("x", "x"))(np.ones((8, 4), np.float32)),
}
for name, f in DUPLICATES.items():
    out["duplicate_" + name] = raised(f)

SPECS = {"empty": P(), "none": P(None), "none2": P(None, None), "x": P("x"), "x_none": P("x", None)}
for a, sa in SPECS.items():
    for b, sb in SPECS.items():
        eq = NS(mesh, sa) == NS(mesh, sb)
        out[f"ns_eq_{a}_{b}"] = np.array([eq, not eq or hash(NS(mesh, sa)) == hash(NS(mesh, sb))])
put = jax.device_put(jnp.ones((4, 4)), NS(mesh, P()))
out["put_replicated"] = np.array([repr(put.sharding), repr(put.sharding.spec)])

OWN = ("propagation", "options")  # meshjit's own
out["sig_jit"] = np.array([
    f"{p.name}:{p.kind.name}:{p.default!r}:{p.annotation}"
    for p in inspect.signature(jax.jit).parameters.values() if p.name not in OWN
])
NAMES = {
    "jax": (jax, ("with_sharding_constraint", "set_mesh", "use_mesh", "sharding")),
    "sharding": (jax.sharding, ("use_mesh", "set_mesh", "get_mesh", "with_sharding_constraint")),
    "lax": (lax, ("with_sharding_constraint", "all_gather_invariant", "all_gather")),
}
for name, (module, names) in NAMES.items():
    out["names_" + name] = np.array([hasattr(module, n) for n in names])

out["debug_print_jaxpr"] = np.array(str(jax.make_jaxpr(
    lambda x, y: jax.debug.print("a {x} {} {}", y, "lit", x=x, ordered=True))(1.0, jnp.arange(2))))
out["unstack_jaxpr"] = np.array(str(jax.make_jaxpr(lambda x: jnp.unstack(x, axis=-1))(np.ones((2, 3)))))
out["debug_print_plain"] = np.array(str(jax.make_jaxpr(lambda x: jax.debug.print("{}", x))(1.0)))

xs = jax.device_put(jnp.arange(8.0), NS(mesh, P("x")))
double = lambda a: np.asarray(a) * 2
pure = lambda x: jax.pure_callback(double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
host = lambda x: io_callback(double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
LOOPS = {
    "pure": lambda x: lax.fori_loop(0, 3, lambda i, c: c + x, pure(x)),
    "io": lambda x: lax.fori_loop(0, 3, lambda i, c: c + x, host(x)),
    "pure_pair": lambda x: lax.fori_loop(0, 3, lambda i, c: (c[0] + c[1], c[1]), (pure(x), x))[0],
    "io_in_body": lambda x: lax.fori_loop(0, 3, lambda i, c: c + host(c), x),
    "scan": lambda x: lax.scan(lambda c, _: (c + x, None), pure(x), None, length=2)[0],
}
with jax.sharding.set_mesh(mesh):
    for name, f in LOOPS.items():
        r = jax.jit(f)(xs)
        out["loop_" + name] = np.asarray(r)
        out["loop_spec_" + name] = np.array(repr(r.sharding.spec))
"""

RAGGED = r"""
LOSSES = {"sum": lambda y: y.sum(), "sin": lambda y: jnp.sum(jnp.sin(y))}
lhs = jnp.arange(24.0).reshape(2, 6, 2) / 10
rhs = jnp.arange(24.0).reshape(2, 3, 2, 2) / 7
gs = jnp.array([[2, 2, 2], [1, 2, 3]], jnp.int32)
for name, loss in LOSSES.items():
    f = lambda lhs, rhs, gs: loss(lax.ragged_dot(lhs, rhs, gs))
    for argnum in (0, 1):
        key = f"{name}_{argnum}"
        grads = [jax.grad(f, argnums=argnum)(lhs[i], rhs[i], gs[i]) for i in range(2)]
        out["per_example_" + key] = np.stack([np.asarray(g) for g in grads])
        try:
            out["vmap_" + key] = np.asarray(jax.vmap(jax.grad(f, argnums=argnum))(lhs, rhs, gs))
        except NotImplementedError:
            out["vmap_" + key] = np.array("refused")
"""


def test_sharding_names_and_errors_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM, io_callback=io_callback)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


def test_vmap_of_ragged_dot_grads_as_jax(tmp_path):
    """vmap of ragged_dot's gradient: JAX's values where JAX runs it; where JAX 0.10.2 refuses
    it (NotImplementedError: "vmap over any dim but 0", a loss summing the product), JAX's
    gradients example by example."""
    want = jax_on_8_devices(RAGGED, tmp_path)
    got = meshjit_on_program(RAGGED)
    assert sorted(got) == sorted(want)
    assert str(want["vmap_sum_0"]) == "refused" and want["vmap_sin_0"].dtype.kind == "f"
    for key in ("sum_0", "sum_1", "sin_0", "sin_1"):
        examples = want["per_example_" + key]
        np.testing.assert_allclose(got["per_example_" + key], examples, rtol=2e-6, err_msg=key)
        jax_vmap = want["vmap_" + key]
        expected = examples if jax_vmap.dtype.kind == "U" else jax_vmap
        np.testing.assert_allclose(got["vmap_" + key], expected, rtol=2e-6, err_msg=key)


# The kinds of the leaves a transformation hands back for Python float primals: an argument
# returned untouched is the caller's value (a float; through vjp / value_and_grad as JAX's
# TypedFloat), a computed one a weakly typed Array.
PASSED_THROUGH = r"""
def kinds(r):
    return np.array([
        f"{type(leaf).__name__}:{getattr(leaf, 'weak_type', '-')}:{getattr(leaf, 'dtype', '-')}:"
        f"{float(leaf)}"
        for leaf in jax.tree_util.tree_leaves(r)
    ])

CASES = {
    "value_and_grad_identity": lambda: jax.value_and_grad(lambda x: x)(1.0),
    "value_and_grad_aux": lambda: jax.value_and_grad(lambda x: (x, x), has_aux=True)(1.5),
    "value_and_grad_product": lambda: jax.value_and_grad(lambda x: x * 2.0)(1.0),
    "jvp_identity": lambda: jax.jvp(lambda x: x, (1.0,), (2.0,)),
    "jvp_product": lambda: jax.jvp(lambda x: x * 2.0, (1.0,), (1.0,)),
    "vjp_identity": lambda: jax.vjp(lambda x: x, 1.0)[0],
    "vjp_int": lambda: jax.vjp(lambda x: x, 1)[0],
    "linearize_identity": lambda: jax.linearize(lambda x: x, 1.0)[0],
    "grad_identity": lambda: jax.grad(lambda x: x)(1.0),
    "jit_jvp_identity": lambda: jax.jit(lambda x: jax.jvp(lambda y: y, (x,), (1.0,)))(1.0),
}
for name, f in CASES.items():
    out[name] = kinds(f())
"""


def test_primals_passed_through_as_jax(tmp_path):
    want = jax_on_8_devices(PASSED_THROUGH, tmp_path)
    got = meshjit_on_program(PASSED_THROUGH)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
