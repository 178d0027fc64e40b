"""The public signatures of meshjit's modules against JAX 0.10.2's: for every public callable
both libraries have, the parameters' names, kinds (positional-only, keyword-only, *args, ...) and
literal defaults are JAX's, so calls with keywords (`lax.reduce_max(operand=x, axes=(0,))`,
`random.normal(key, (8,), out_sharding=P("x"))`) work as under JAX. Annotations are not
compared; a default that is not a literal (a sentinel, a function) shows as `?`."""

import pytest

from tests.support.jax_oracle import meshjit_results, oracle_fixture

MODULES = [
    "",
    "numpy",
    "numpy.linalg",
    "numpy.fft",
    "lax",
    "random",
    "nn",
    "nn.initializers",
    "scipy.special",
    "scipy.linalg",
    "scipy.signal",
    "scipy.fft",
    "scipy.stats",
    "scipy.stats.norm",
    "scipy.stats.gamma",
    "scipy.stats.beta",
    "scipy.stats.multivariate_normal",
    "scipy.optimize",
    "scipy.integrate",
    "scipy.ndimage",
    "scipy.cluster.vq",
    "scipy.interpolate",
    "scipy.spatial.transform",
    "scipy.sparse.linalg",
    "tree_util",
    "tree",
    "sharding",
    "debug",
    "export",
    "image",
    "experimental.pallas",
    "experimental.shard_map",
    "ad_checkpoint",
    "custom_derivatives",
    "dtypes",
    "ffi",
    "ops",
    "dlpack",
    "profiler",
    "lax.linalg",
    "flatten_util",
    "custom_batching",
    "experimental.sparse",
    "experimental.checkify",
    "example_libraries.optimizers",
    "example_libraries.stax",
    "interpreters.ad",
    "scipy.stats.poisson",
    "scipy.stats.t",
    "scipy.stats.uniform",
    "scipy.stats.expon",
    "scipy.stats.laplace",
    "scipy.stats.cauchy",
    "scipy.stats.bernoulli",
    "scipy.stats.binom",
    "scipy.stats.chi2",
    "scipy.stats.truncnorm",
]

# One text per module: a line `name(parameters)` per public callable (classes only where users
# construct them: the top-level module and jax.sharding).
HARNESS = r"""
import importlib, inspect

_KIND = {
    inspect.Parameter.POSITIONAL_ONLY: "/",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "",
    inspect.Parameter.VAR_POSITIONAL: "*",
    inspect.Parameter.KEYWORD_ONLY: "k",
    inspect.Parameter.VAR_KEYWORD: "**",
}


def _literal(v):
    return v is None or isinstance(v, (bool, int, float, str))


def _default(v):
    if v is inspect.Parameter.empty:
        return ""
    if _literal(v) or isinstance(v, (tuple, frozenset)) and all(map(_literal, v)):
        return "=" + repr(v)
    return "=?"


def _parameters(obj):
    sig = inspect.signature(obj)
    return ", ".join(
        f"{p.name}:{_KIND[p.kind]}{_default(p.default)}" for p in sig.parameters.values()
    )


def run_case(case, record):
    module = importlib.import_module(jax.__name__ + ("." + case if case else ""))
    lines = []
    for name in sorted(dir(module)):
        obj = getattr(module, name, None)
        if name.startswith("_") or inspect.ismodule(obj) or not callable(obj):
            continue
        if isinstance(obj, type) and case not in ("", "sharding"):
            continue
        try:
            lines.append(f"{name}({_parameters(obj)})")
        except (TypeError, ValueError):
            continue  # no signature (a builtin, a NumPy ufunc)
    record(case or "jax", np.array("\n".join(lines)))
"""

jax_results = oracle_fixture(MODULES, HARNESS)

# Known differences, with why they stay.
KNOWN = {
    "jax.jit": "meshjit's propagation= and options; JAX's sentinel defaults are None/() here",
    "jax.Ref": "built by jax.new_ref, not by users",
    "jax.Shard": "built by Array.addressable_shards, not by users",
    "ffi.ffi_lowering": "meshjit takes the lowering options as **kwargs",
    "numpy.set_printoptions": "NumPy's parameters, spelled out (JAX forwards *args, **kwargs)",
    "lax.random_gamma_grad": "(a, x) spelled out (JAX: *args)",
}

# JAX's public callables meshjit does not have (pallas TPU kernels, scaled-precision dots,
# point-to-point sends, a few sparse ops and autodiff internals), or names JAX's modules import
# for their own use (optimizers' NamedTuple, namedtuple, unzip2).
MISSING = {
    "experimental.sparse.bcoo_conv_general_dilated",
    "experimental.sparse.bcsr_broadcast_in_dim",
    "experimental.sparse.bcsr_concatenate",
    "experimental.sparse.bcsr_extract",
    "experimental.sparse.bcsr_sum_duplicates",
    "example_libraries.optimizers.NamedTuple",
    "example_libraries.optimizers.namedtuple",
    "example_libraries.optimizers.unzip2",
    "interpreters.ad.defbilinear",
    "interpreters.ad.get_primitive_transpose",
    "interpreters.ad.jvp",
    "interpreters.ad.linearize",
    "interpreters.ad.zeros_like_aval",
    "experimental.pallas.core_map",
    "experimental.pallas.kernel",
    "experimental.pallas.lower_as_mlir",
    "experimental.pallas.pallas_export_experimental",
    "lax.precv",
    "lax.psend",
    "lax.scaled_dot",
    "nn.get_scaled_dot_general_config",
    "nn.scaled_dot_general",
    "nn.scaled_matmul",
}


def _table(text: str) -> dict:
    return dict(line.split("(", 1) for line in str(text).splitlines())


@pytest.mark.parametrize("module", MODULES)
def test_signatures_are_jaxs(jax_results, module):
    key = module or "jax"
    mine = _table(meshjit_results(HARNESS, module)[key][1])
    jaxs = _table(jax_results.results()[key][1])
    prefix = (module or "jax") + "."
    differ = {
        prefix + name: f"\n  JAX:     ({sig}\n  meshjit: ({mine[name]}"
        for name, sig in jaxs.items()
        if name in mine and mine[name] != sig
    }
    unexplained = {k: v for k, v in differ.items() if k not in KNOWN}
    assert not unexplained, "".join(f"\n{k}{v}" for k, v in sorted(unexplained.items()))
    stale = {k for k in KNOWN if k.startswith(prefix) and k[len(prefix) :] in jaxs}
    assert stale <= set(differ), f"no longer different, drop from KNOWN: {stale - set(differ)}"
    missing = {prefix + name for name in jaxs if name not in mine}
    assert missing <= MISSING, sorted(missing - MISSING)
