"""JAX's everyday top-level and lax names (issue 16): disable_jit, clear_caches,
custom_gradient, closure_convert, named_scope, errors / dtypes / typing modules, backend
queries, and lax's associative_scan, cumlogsumexp, index_in_dim, split, reciprocal,
batch_matmul, scatter_sub, broadcast_to_rank, Precision, optimization_barrier; numbers
against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def test_disable_jit_runs_python_op_by_op():
    f = meshjit.jit(lambda x: x * 2 if float(x.sum()) > 0 else -x)
    with meshjit.disable_jit():
        np.testing.assert_array_equal(np.asarray(f(np.ones(3, np.float32))), [2, 2, 2])
    with pytest.raises(meshjit.errors.ConcretizationTypeError):
        f(np.ones(3, np.float32))


def test_clear_caches_retraces():
    calls = []
    f = meshjit.jit(lambda x: (calls.append(1), x + 1)[1])
    f(np.ones(2, np.float32))
    f(np.ones(2, np.float32))
    meshjit.clear_caches()
    f(np.ones(2, np.float32))
    assert len(calls) == 2


def test_custom_gradient_and_closure_convert():
    @meshjit.custom_gradient
    def clip_gradient(x):
        return x, lambda g: (jnp.clip(g, -1.0, 1.0),)

    assert float(meshjit.grad(lambda x: 5.0 * clip_gradient(x))(2.0)) == 1.0
    assert float(meshjit.jit(meshjit.grad(lambda x: 5.0 * clip_gradient(x)))(2.0)) == 1.0
    f, consts = meshjit.closure_convert(lambda x: x * 3, 1.0)
    assert float(f(2.0, *consts)) == 6.0


def test_names_that_change_nothing():
    with meshjit.named_scope("layer"), meshjit.ensure_compile_time_eval():
        f = meshjit.named_call(lambda x: x + 1, name="inc")
        assert float(meshjit.jit(f)(1.0)) == 2.0
    assert meshjit.default_backend() == "cpu"
    assert isinstance(meshjit.devices()[0], meshjit.Device)
    assert "jaxlib" in meshjit.print_environment_info(return_string=True)
    meshjit.effects_barrier()


def test_errors_dtypes_and_typing_modules():
    with pytest.raises(meshjit.errors.TracerBoolConversionError):
        meshjit.jit(lambda x: bool(x > 0))(1.0)
    assert meshjit.dtypes.canonicalize_dtype(np.float64) == np.float32
    assert meshjit.dtypes.issubdtype(np.float32, np.floating)
    assert meshjit.dtypes.float0 == meshjit.float0
    from meshjit.typing import ArrayLike, DTypeLike  # noqa: F401


@pytest.mark.parametrize("n", [1, 2, 5, 8, 13])
@pytest.mark.parametrize("reverse", [False, True])
def test_associative_scan_matches_numpy(n, reverse):
    x = np.random.default_rng(n).standard_normal((n, 3)).astype(np.float32)
    got = meshjit.jit(lambda v: lax.associative_scan(jnp.add, v, reverse=reverse))(x)
    want = np.cumsum(x[::-1], 0)[::-1] if reverse else np.cumsum(x, 0)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-5)
    prods = lax.associative_scan(jnp.matmul, np.stack([np.eye(2) * (i + 1) for i in range(n)]))
    np.testing.assert_allclose(np.asarray(prods)[-1], np.eye(2) * np.prod(np.arange(1, n + 1)))


def test_associative_scan_of_a_pytree_and_bad_input():
    a, b = lax.associative_scan(
        lambda x, y: (x[0] + y[0], x[1] * y[1]), (np.arange(4.0), np.full(4, 2.0))
    )
    np.testing.assert_array_equal(np.asarray(a), [0, 1, 3, 6])
    np.testing.assert_array_equal(np.asarray(b), [2, 4, 8, 16])
    with pytest.raises(TypeError, match="callable"):
        lax.associative_scan(3, np.ones(2))
    with pytest.raises(ValueError, match="same first dimension"):
        lax.associative_scan(jnp.add, (np.ones(2), np.ones(3)))


def test_lax_wrappers_match_numpy():
    x = np.log(np.arange(1.0, 7.0, dtype=np.float32))
    np.testing.assert_allclose(
        np.asarray(lax.cumlogsumexp(x)), np.log(np.cumsum(np.arange(1, 7))), rtol=1e-6
    )
    m = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(np.asarray(lax.index_in_dim(m, -1, 1, False)), m[:, -1])
    np.testing.assert_array_equal(np.asarray(lax.index_in_dim(m, 1)), m[1:2])
    parts = lax.split(m, (1, 3), axis=1)
    assert [p.shape for p in parts] == [(3, 1), (3, 3)]
    np.testing.assert_allclose(np.asarray(lax.reciprocal(m + 1)), 1 / (m + 1))
    a, b = np.ones((2, 3, 4), np.float32), np.ones((2, 4, 5), np.float32)
    np.testing.assert_array_equal(np.asarray(lax.batch_matmul(a, b)), a @ b)
    assert lax.broadcast_to_rank(np.ones(3), 3).shape == (1, 1, 3)
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    out = lax.scatter_sub(
        np.ones(4, np.float32), np.array([[1], [3]]), np.array([5.0, 7.0], np.float32), dn
    )
    np.testing.assert_array_equal(np.asarray(out), [1, -4, 1, -6])
    got = meshjit.jit(lambda v: jnp.dot(v, v, precision=lax.Precision.HIGHEST))(m[:, :3])
    np.testing.assert_allclose(np.asarray(got), m[:, :3] @ m[:, :3], rtol=1e-6)
    y, z = lax.optimization_barrier((m, 2.0))
    np.testing.assert_array_equal(np.asarray(y), m)
    with pytest.raises(ValueError, match="sum to"):
        lax.split(m, (1, 1), axis=1)


def test_experimental_pjit_is_jit_with_positional_shardings():
    """Getting the name warns (as JAX's module __getattr__); calling it does not."""
    from meshjit.sharding import NamedSharding
    from meshjit.sharding import PartitionSpec as P

    with pytest.warns(DeprecationWarning, match="use `jax.jit` instead"):
        from meshjit.experimental.pjit import pjit
    mesh = meshjit.make_mesh((8,), ("x",))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        f = pjit(lambda a: a * 2, NamedSharding(mesh, P("x")), NamedSharding(mesh, P()))
    out = f(np.arange(8, dtype=np.float32))
    assert out.sharding.spec == P()
    np.testing.assert_array_equal(np.asarray(out), np.arange(8) * 2)


def test_stages_name_the_aot_types():
    traced = meshjit.jit(lambda a: a + 1).trace(np.float32(1))
    lowered = traced.lower()
    compiled = lowered.compile()
    assert isinstance(traced, meshjit.stages.Traced)
    assert isinstance(lowered, meshjit.stages.Lowered)
    assert isinstance(compiled, meshjit.stages.Compiled)
    assert isinstance(meshjit.jit(abs), meshjit.stages.Wrapped)


def test_copy_to_host_async_then_read():
    mesh = meshjit.make_mesh((8,), ("x",))
    x = meshjit.device_put(
        np.arange(8.0, dtype=np.float32), meshjit.NamedSharding(mesh, meshjit.P("x"))
    )
    assert x.copy_to_host_async() is None
    np.testing.assert_array_equal(np.asarray(x), np.arange(8.0))


def test_jax_error_kinds_catch_traced_value_and_index_errors():
    f = meshjit.jit(lambda x: x[x > 0])
    with pytest.raises(meshjit.errors.JAXIndexError):
        f(np.ones(3, np.float32))
    with pytest.raises(meshjit.errors.JAXTypeError):
        meshjit.jit(lambda x: int(x))(np.ones((), np.float32))
    assert issubclass(meshjit.errors.JAXTypeError, TypeError)
    assert issubclass(meshjit.errors.JAXIndexError, IndexError)


def test_copy_to_host_async_starts_copies_and_returns_the_tree():
    tree = {"a": jnp.arange(4.0), "b": [3, "label"]}
    out = meshjit.copy_to_host_async(tree)
    assert out is tree
    np.testing.assert_array_equal(np.asarray(out["a"]), np.arange(4.0, dtype=np.float32))


def test_named_scopes_name_the_lowered_ops_locations():
    @meshjit.named_scope("outer")
    def f(x):
        with meshjit.named_scope("inner"):
            y = meshjit.numpy.tanh(x)
        return y * 2

    text = meshjit.jit(f).lower(1.0).as_text(debug_info=True)
    assert 'loc("jit(f)/outer/inner/tanh"' in text and 'loc("jit(f)/outer/mul"' in text
    grad_text = meshjit.jit(meshjit.grad(f)).lower(1.0).as_text(debug_info=True)
    # as JAX's: the transform wraps the outermost scope below it
    assert 'loc("jit(f)/jvp(outer)/inner/tanh"' in grad_text and "outer/outer" not in grad_text
    assert 'loc("jit(f)/transpose(jvp(outer))/inner/add_any"' in grad_text
    assert "outer" not in meshjit.jit(lambda x: x * 3).lower(1.0).as_text(debug_info=True)


def test_older_host_names_and_the_version_module_as_jax():
    import meshjit

    assert meshjit.host_ids() == meshjit.process_indices() == [0]
    assert meshjit.version.__version__ == meshjit.__version__
    assert meshjit.version.__version_info__ == tuple(map(int, meshjit.__version__.split(".")))
