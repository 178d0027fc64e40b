"""Cached calls (compiler/runtime/dispatch.py): the fast path's key and what it runs, and the
results' shardings as JAX's `maybe_recover_user_shardings` names them: a result of the first
argument's rank, mesh and layout has that argument's NamedSharding as written."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import random
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P


def test_cached_calls_follow_the_contexts_of_their_key():
    """A call with the same arguments after a context changed (the default PRNG, the default
    device) runs what that context traces, not the executable cached before it."""
    key_data = meshjit.jit(lambda seed: random.key_data(random.key(seed)))
    seed = np.array(3, np.uint32)  # a NumPy argument: the fast path's key
    assert key_data(seed).shape == key_data(seed).shape == (2,)  # threefry2x32's
    meshjit.config.update("jax_default_prng_impl", "rbg")
    try:
        assert key_data(seed).shape == key_data(seed).shape == (4,)  # rbg's
    finally:
        meshjit.config.update("jax_default_prng_impl", "threefry2x32")
    assert key_data(seed).shape == (2,)
    add = meshjit.jit(lambda x: x + 1)
    x = np.arange(4, dtype=np.float32)
    assert add(x).devices() == {meshjit.devices()[0]}
    with meshjit.default_device(meshjit.devices()[2]):  # where uncommitted calls run
        for _ in range(2):
            assert add(x).devices() == {meshjit.devices()[2]}
    assert add(x).devices() == {meshjit.devices()[0]}


def test_a_dropped_committed_argument_places_and_commits_the_results():
    """As JAX: an argument the program does not use still decides its device and makes the
    results committed, on the first call and on cached ones."""
    f = meshjit.jit(lambda x, unused: x + 1)
    device = meshjit.devices()[1]
    unused = meshjit.device_put(np.zeros(2, np.float32), device)
    x = np.arange(4, dtype=np.float32)
    for _ in range(2):
        out = f(x, unused)
        assert out.committed and out.devices() == {device}
        np.testing.assert_array_equal(out, x + 1)
    out = f(x, np.zeros(2, np.float32))
    assert not out.committed and out.devices() == {meshjit.devices()[0]}


def _specs(f, *args):
    return [str(o.sharding.spec) for o in meshjit.jit(f)(*args)]


def test_results_laid_out_as_the_first_argument_keep_its_spec():
    mesh = meshjit.make_mesh((2, 4), ("data", "fsdp"), axis_types=(AxisType.Auto,) * 2)
    b = meshjit.device_put(jnp.zeros(8), NamedSharding(mesh, P(None)))
    c = meshjit.device_put(jnp.zeros((4, 8)), NamedSharding(mesh, P(None, "fsdp")))
    # JAX 0.10.2's specs: b's own `P(None,)` for results of its rank, mesh and layout; a
    # constant (on no mesh) or a result of another rank reads its layout back
    assert _specs(lambda b: (b * 2, jnp.zeros(8), b.sum(), jnp.zeros(8) + b), b) == [
        "P(None,)",
        "P()",
        "P()",
        "P(None,)",
    ]
    assert _specs(lambda b, c: (c * 2, b * 2, c[0]), b, c) == [
        "P(None, 'fsdp')",
        "P(None,)",
        "P('fsdp',)",
    ]
    # only the first argument counts: b second, its rank's results read back as P()
    assert _specs(lambda c, b: (c * 2, b * 2), c, b) == ["P(None, 'fsdp')", "P()"]
    # an uncommitted first argument has no sharding: the next one is not consulted
    assert _specs(lambda x, b: (x * 2, b * 2), jnp.ones(8), b) == ["P()", "P()"]


def test_scalar_arguments_take_the_fast_path_and_keep_their_types():
    """Python and NumPy scalars key the fast path by their type: a float is weak, a NumPy
    scalar strong, an int beyond int32 still JAX's OverflowError; repeated scalars reuse one
    device buffer and give the same numbers."""
    f = meshjit.jit(lambda x, s: x * s)
    x = jnp.arange(4.0)
    for _ in range(3):  # the first call compiles; the next ones take the fast path
        assert meshjit.typeof(f(x, 2)).weak_type is False
        np.testing.assert_array_equal(f(x, 2), [0.0, 2.0, 4.0, 6.0])
        np.testing.assert_array_equal(f(x, 0.5), [0.0, 0.5, 1.0, 1.5])
        np.testing.assert_array_equal(f(x, -0.0), [-0.0, -0.0, -0.0, -0.0])
        assert np.signbit(np.asarray(f(x, -0.0))).all()  # -0.0's buffer is not 0.0's
        assert meshjit.typeof(f(2.0, 3)).weak_type  # two Python scalars: a weak result
        assert f(np.float16(2), np.float16(3)).dtype == np.float16
        assert f(True, False).dtype == np.bool_
    with pytest.raises(
        OverflowError, match="argument path is s. Got <class 'int'> with value 4294967296"
    ):
        f(x, 2**32)


def test_a_cached_scalar_buffer_does_not_escape_the_transfer_guard_or_donation():
    """A scalar's kept device buffer is not used where its copy must be seen (a transfer guard
    refuses it) or where it would be donated (the donated buffer is deleted)."""
    f = meshjit.jit(lambda x, s: x + s)
    x = jnp.arange(3.0)
    f(x, 1.5), f(x, 1.5)  # the scalar's buffer is kept now
    with meshjit.transfer_guard("disallow"):
        with pytest.raises(Exception, match="Disallowed host-to-device transfer"):
            f(x, 1.5)
    g = meshjit.jit(lambda s: s * 2, donate_argnums=0)
    for _ in range(3):
        assert float(g(np.float32(1.5))) == 3.0
    assert float(f(x, np.float32(1.5))[0]) == 1.5


def test_eager_operators_on_arrays_bind_directly_with_jaxs_types():
    """Eager `x op y` / `x op scalar` / unary functions on concrete arrays skip promotion when
    none is needed: the results' dtypes, weak types and numbers are what promotion gives."""
    x = jnp.arange(4.0)
    i8 = jnp.arange(4, dtype=jnp.int8)
    assert meshjit.typeof(x * 0.5).weak_type is False
    assert (i8 + 200).dtype == jnp.int8  # a Python int wraps into int8 as JAX's
    np.testing.assert_array_equal(i8 + 200, np.arange(4, dtype=np.int8) + np.int8(-56))
    assert (jnp.ones(3, bool) + jnp.ones(3, bool)).dtype == np.bool_  # `add` is `or`
    assert (jnp.ones(3, bool) * True).dtype == np.bool_
    w = jnp.asarray(2.0) * 1.0  # a weak array with a scalar: the general path
    assert meshjit.typeof(jnp.asarray(1.0) + 1).weak_type  # both weak: the general path
    np.testing.assert_allclose(jnp.tanh(x), np.tanh(np.arange(4.0)), rtol=1e-6)
    assert jnp.sqrt(jnp.arange(4)).dtype == np.float32  # an int operand is promoted
    np.testing.assert_array_equal(x[:, None] + x, np.add.outer(np.arange(4.0), np.arange(4.0)))
    assert float(w) == 2.0 and meshjit.typeof(w).weak_type
    with pytest.raises(
        TypeError, match=r"add got incompatible shapes for broadcasting: \(3,\), \(4,\)"
    ):
        jnp.ones(3) + jnp.ones(4)


def test_a_donated_array_copied_onto_a_global_mesh_is_deleted_when_its_copy_is_taken():
    """faq_more after a program left a global mesh: an uncommitted array is copied onto the
    mesh and the copy donated; as JAX's donation copy, the array is deleted too, but not when
    no result reused the copy (an unusable donation)."""
    mesh = meshjit.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Auto,) * 2)
    with meshjit.set_mesh(mesh):
        x, y = meshjit.device_put(np.ones((2, 3))), meshjit.device_put(np.ones((2, 3)))
        z = meshjit.jit(lambda x, y: x + y, donate_argnums=(0, 1))(x, y)
        assert x.is_deleted() and not y.is_deleted()  # one result: only x's copy is reused
        np.testing.assert_array_equal(np.asarray(z), np.full((2, 3), 2.0, np.float32))
        with pytest.raises(RuntimeError, match="Array has been deleted"):
            np.asarray(x)
        w = meshjit.device_put(np.ones((2, 3)))
        meshjit.jit(lambda w: w.sum(), donate_argnums=0)(w)
        assert not w.is_deleted()
