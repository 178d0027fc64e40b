"""jax.experimental.compilation_cache (compiler/runtime/compilation_cache.py): the "Persistent
compilation cache" page's calls are accepted; the directory reads back through the config and
jitted programs still compile and run."""

from __future__ import annotations

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.compilation_cache import compilation_cache as cc


def test_set_cache_dir_sets_the_config_option(tmp_path):
    before = meshjit.config.jax_compilation_cache_dir
    try:
        cc.set_cache_dir(str(tmp_path))
        assert meshjit.config.jax_compilation_cache_dir == str(tmp_path)
        out = meshjit.jit(lambda x: jnp.sin(x) * 2 + 1)(jnp.arange(3.0))
        np.testing.assert_allclose(np.asarray(out), np.sin(np.arange(3.0)) * 2 + 1, rtol=1e-6)
        cc.reset_cache()
        assert meshjit.config.jax_compilation_cache_dir == str(tmp_path)
    finally:
        meshjit.config.update("jax_compilation_cache_dir", before)


def test_the_page_options_read_back():
    names = {
        "jax_persistent_cache_min_entry_size_bytes": -1,
        "jax_persistent_cache_min_compile_time_secs": 0,
    }
    before = {n: getattr(meshjit.config, n) for n in names}
    try:
        for name, value in names.items():
            meshjit.config.update(name, value)
            assert getattr(meshjit.config, name) == value
    finally:
        for name, value in before.items():
            meshjit.config.update(name, value)


def test_module_exports_jax_names():
    assert cc.__all__ == ["reset_cache", "set_cache_dir"]
