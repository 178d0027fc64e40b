"""Everyday calls where meshjit differed from JAX 0.10.2 (one JAX subprocess): the discrete
distributions' pmf of an integer or bool array is not weakly typed, lax.linalg's schur /
hessenberg / tridiagonal (and scipy.linalg.schur) return lists, an out-of-range axis raises a
plain ValueError (an IndexError where JAX indexes a shape with it), `jnp.arange(True)` is
refused, a loop's carry returned as given is the value given (a Python float stays one), jit / checkpoint / shard_map / check_grads have JAX's signatures, and shard_map's
replication error ends as JAX's."""

import subprocess
import sys

import numpy as np

import meshjit.scipy.linalg  # noqa: F401  (jax.scipy.linalg in the programs)
import meshjit.scipy.stats  # noqa: F401
from meshjit import test_util
from tests.support import jax_oracle
from tests.support.jax_oracle import have_jax, jax_on_8_devices, meshjit_on_program

# Each call as (dtype, weak type, shape, values), or (error type, first line of its message).
DESCRIBED = (
    jax_oracle.DESCRIBED
    + r"""

def raised(f):
    # The builtin classes of the error raised (its type as programs catch it).
    try:
        f()
    except Exception as e:
        kinds = (ValueError, IndexError, TypeError, LookupError, NotImplementedError)
        return np.array([type(e).__name__] + [k.__name__ for k in kinds if isinstance(e, k)])
    return np.array(["no error"])


def parameters(f):
    return np.array(
        [f"{p.name}:{p.kind.name}:{p.default!r}" for p in inspect.signature(f).parameters.values()]
    )
"""
)

PROGRAM = (
    DESCRIBED
    + r"""
import inspect
from jax import test_util
sl, stats = jax.scipy.linalg, jax.scipy.stats

k_bool, k_int = jnp.array([True, False]), jnp.array([1, 0, 3])
DISCRETE = {
    "bernoulli": (0.25,), "geom": (0.25,), "nbinom": (3, 0.25), "betabinom": (4, 1.5, 2.0),
    "binom": (4, 0.25), "poisson": (2.0,),
}
for name, rest in DISCRETE.items():
    for fn in ("pmf", "logpmf"):
        f = getattr(getattr(stats, name), fn)
        out[f"{name}_{fn}_bool"] = described(lambda: f(k_bool, *rest))
        out[f"{name}_{fn}_int"] = described(lambda: f(k_int, *rest))
        out[f"{name}_{fn}_scalar"] = described(lambda: f(1, *rest))

a = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]])
CONTAINERS = {
    "sl_schur": lambda: sl.schur(a), "sl_qr": lambda: sl.qr(a), "sl_svd": lambda: sl.svd(a),
    "sl_eigh": lambda: sl.eigh(a), "sl_lu": lambda: sl.lu(a), "sl_lu_factor": lambda: sl.lu_factor(a),
    "sl_cho_factor": lambda: sl.cho_factor(a), "sl_hessenberg": lambda: sl.hessenberg(a, calc_q=True),
    "sl_polar": lambda: sl.polar(a), "lax_schur": lambda: lax.linalg.schur(a),
    "lax_hessenberg": lambda: lax.linalg.hessenberg(a), "lax_tridiagonal": lambda: lax.linalg.tridiagonal(a),
    "lax_qr": lambda: lax.linalg.qr(a), "lax_svd": lambda: lax.linalg.svd(a), "lax_eigh": lambda: lax.linalg.eigh(a),
    "lax_eig": lambda: lax.linalg.eig(a), "lax_lu": lambda: lax.linalg.lu(a),
    "jit_schur": lambda: jax.jit(sl.schur)(a),
}
for name, f in CONTAINERS.items():
    r = f()
    out["container_" + name] = np.array([type(r).__name__, len(r)])

x = jnp.ones((2, 3))
AXES = {
    "sum": lambda: jnp.sum(x, axis=2), "expand_dims": lambda: jnp.expand_dims(x, 5),
    "moveaxis": lambda: jnp.moveaxis(x, 3, 0), "concatenate": lambda: jnp.concatenate([x, x], axis=2),
    "take": lambda: jnp.take(x, jnp.array([0]), axis=3), "argmax": lambda: jnp.argmax(x, axis=3),
    "cumsum": lambda: jnp.cumsum(x, axis=3), "swapaxes": lambda: jnp.swapaxes(x, 0, 5),
    "mean_tuple": lambda: jnp.mean(x, axis=(0, 4)), "split": lambda: jnp.split(x, 1, axis=3),
    "softmax": lambda: jax.nn.softmax(x, axis=3), "squeeze": lambda: jnp.squeeze(x, 4),
    "lax_squeeze": lambda: lax.squeeze(x, (3,)), "norm": lambda: jnp.linalg.norm(x, axis=3),
    "stack": lambda: jnp.stack([x, x], axis=4), "sort": lambda: jnp.sort(x, axis=3),
}
for name, f in AXES.items():
    out["axis_" + name] = raised(f)
    out["axis_message_" + name] = described(f)

ARANGES = ["True", "False", "np.bool_(True)", "jnp.array(True)", "0, True", "True, 3", "3, dtype=bool"]
for i, text in enumerate(ARANGES):
    out[f"arange_{i}"] = described(lambda: eval(f"jnp.arange({text})"))
out["iota_bool"] = described(lambda: lax.iota(bool, 3))

for name in ("checkpoint", "remat", "shard_map", "smap", "vmap", "grad", "pmap"):
    out["sig_" + name] = parameters(getattr(jax, name))
# jit: meshjit's shardings default to None (JAX's UnspecifiedValue), and it takes propagation=
OWN = ("in_shardings", "out_shardings", "propagation", "options")
out["sig_jit"] = np.array([p for p in parameters(jax.jit) if p.split(":")[0] not in OWN])
out["sig_check_grads"] = parameters(test_util.check_grads)

a32 = np.ones(2, np.float32)
LOOPS = {
    "scan_float": lambda: lax.scan(lambda c, x: (c, x), 1.0, jnp.arange(3.0)),
    "scan_numpy": lambda: lax.scan(lambda c, x: (c, x), a32, jnp.arange(3.0)),
    "scan_changed": lambda: lax.scan(lambda c, x: (c + x, x), 1.0, jnp.arange(3.0)),
    "scan_pair": lambda: lax.scan(lambda c, x: ((c[0], c[1] + 1), x), (1.0, 2.0), jnp.arange(3.0)),
    "scan_no_xs": lambda: lax.scan(lambda c, x: (c, None), 1, None, length=2, reverse=True),
    "while": lambda: lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0], c[1] + 1), (1.0, 0)),
    "while_numpy": lambda: lax.while_loop(lambda c: False, lambda c: c, a32),
    "fori": lambda: lax.fori_loop(0, 3, lambda i, c: c, np.int8(2)),
    "fori_float": lambda: lax.fori_loop(0, 3, lambda i, c: c, 1.0),
    "jit_scan": lambda: jax.jit(lambda: lax.scan(lambda c, x: (c, x), 1.0, jnp.arange(3.0)))(),
}
for name, f in LOOPS.items():
    leaves = jax.tree_util.tree_leaves(f())
    out["loop_" + name] = np.array([type(leaf).__name__ for leaf in leaves])
    out["loop_values_" + name] = np.concatenate([np.ravel(np.asarray(leaf, np.float32)) for leaf in leaves])

mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
def ident(v):
    return v


varying = jax.jit(jax.shard_map(ident, mesh=mesh, in_specs=P("x"), out_specs=P()))
try:
    varying(jnp.arange(8.0))
except ValueError as e:
    out["shard_map_replication"] = np.array(str(e))
"""
)


def test_everyday_calls_behave_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM, test_util=test_util)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


# Which submodules `import meshjit` alone makes attributes, as `import jax` (a fresh process).
SUBMODULES = r"""
import importlib, sys
lib = sys.argv[1]
m = importlib.import_module(lib)
names = ("ad_checkpoint", "extend", "flatten_util", "test_util", "lax", "numpy", "tree_util")
seen = [n for n in names if hasattr(m, n)]
importlib.import_module(lib + ".flatten_util")
print(seen, hasattr(m, "flatten_util"), "flatten_util" in dir(m))
"""


def test_submodules_unimported_as_jax():
    def run(lib):
        cmd = [sys.executable, "-c", SUBMODULES, lib]
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout

    got = run("meshjit")
    assert got == "['lax', 'numpy', 'tree_util'] True True\n"
    if have_jax():
        assert got == run("jax")
