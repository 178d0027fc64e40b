"""JAX's submodules import under meshjit's name, as modules of packages, so programs that
import them (`import jax.lax.linalg`, `import jax.scipy.stats.norm as norm`) run with the
import swapped; a finder that maps `jax.X` to `meshjit.X` (as a user's shim would) finds them."""

import importlib
import importlib.abc
import importlib.util
import sys

import pytest

SUBMODULES = [
    "lax.linalg",
    "scipy.stats.norm",
    "scipy.stats.multivariate_normal",
    "custom_derivatives",
    "custom_batching",
    "monitoring",
    "dlpack",
    "ad_checkpoint",
    "experimental.shard_map",
    "experimental.compilation_cache.compilation_cache",
    "experimental.sparse",
    "experimental.custom_partitioning",
    "experimental.serialize_executable",
    "experimental.sparse.linalg",
    "experimental.sparse.bcoo",
    "experimental.sparse.bcsr",
    "experimental.sparse.transform",
    "experimental.random",
    "experimental.xla_metadata",
]


@pytest.mark.parametrize("name", SUBMODULES)
def test_submodule_imports(name):
    module = importlib.import_module("meshjit." + name)
    parent = importlib.import_module("meshjit." + name.rpartition(".")[0]) if "." in name else None
    assert parent is None or hasattr(parent, "__path__"), "the parent must be a package"
    assert module is getattr(parent or importlib.import_module("meshjit"), name.split(".")[-1])


class _Swap(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name == "fakejax" or name.startswith("fakejax."):
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        return importlib.import_module("meshjit" + spec.name[len("fakejax") :])

    def exec_module(self, module):
        pass


def test_swapped_imports_find_submodules():
    finder = _Swap()
    sys.meta_path.insert(0, finder)
    try:
        for name in SUBMODULES:
            importlib.import_module("fakejax." + name)
        norm = importlib.import_module("fakejax.scipy.stats.norm")
        assert float(norm.pdf(0.0)) == pytest.approx(0.3989423)
        linalg = importlib.import_module("fakejax.lax.linalg")
        assert (
            float(linalg.cholesky(4.0 * importlib.import_module("meshjit.numpy").eye(2))[0, 0])
            == 2.0
        )
    finally:
        sys.meta_path.remove(finder)
        for name in [n for n in sys.modules if n.startswith("fakejax")]:
            del sys.modules[name]
