"""dynamic_slice / dynamic_update_slice start indices as JAX takes them: a negative start counts
from the end of its dimension, then XLA clamps; eagerly, under jit, through indexing and grads.
Slices XLA fails to compile on sharded values (compiler/lax/slicing.py's lowerings)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

STARTS = [-20, -9, -8, -3, -1, 0, 2, 5, 7, 20]


def _jax():
    jax = pytest.importorskip("jax")
    return jax, jax.numpy


@pytest.mark.parametrize("start", STARTS)
def test_dynamic_slice_negative_start_matches_jax(start):
    jax, jjnp = _jax()
    want = np.asarray(jax.lax.dynamic_slice(jjnp.arange(8), (start,), (3,)))
    x = jnp.arange(8)
    np.testing.assert_array_equal(lax.dynamic_slice(x, (start,), (3,)), want)  # eager, static
    traced = meshjit.jit(lambda a, i: lax.dynamic_slice(a, (i,), (3,)))
    np.testing.assert_array_equal(traced(x, np.int32(start)), want)
    np.testing.assert_array_equal(traced(x, start), want)


def test_dynamic_slice_issue_example():
    np.testing.assert_array_equal(lax.dynamic_slice(jnp.arange(8), (-3,), (3,)), [5, 6, 7])


@pytest.mark.parametrize("start", STARTS)
def test_dynamic_update_slice_negative_start_matches_jax(start):
    jax, jjnp = _jax()
    update = np.array([[100, 101], [102, 103]], np.int32)
    x = np.arange(24, dtype=np.int32).reshape(4, 6)
    want = np.asarray(jax.lax.dynamic_update_slice(x, update, (start, -start)))
    fn = meshjit.jit(lambda a, u, i, j: lax.dynamic_update_slice(a, u, (i, j)))
    np.testing.assert_array_equal(fn(x, update, np.int32(start), np.int32(-start)), want)
    eager = lax.dynamic_update_slice(jnp.asarray(x), jnp.asarray(update), (start, -start))
    np.testing.assert_array_equal(eager, want)


@pytest.mark.parametrize("start", [-9, -3, -1, 4])
def test_in_dim_helpers_negative_start_match_jax(start):
    jax, _ = _jax()
    x = np.arange(24.0, dtype=np.float32).reshape(4, 6)
    for name, args in [
        ("dynamic_slice_in_dim", (x, start, 2, 1)),
        ("dynamic_index_in_dim", (x, start, 0, False)),
        ("dynamic_update_slice_in_dim", (x, np.ones((4, 2), np.float32), start, 1)),
        ("dynamic_update_index_in_dim", (x, np.ones(6, np.float32), start, 0)),
    ]:
        want = np.asarray(getattr(jax.lax, name)(*args))
        np.testing.assert_array_equal(getattr(lax, name)(*args), want, err_msg=name)


@pytest.mark.parametrize("start", [-9, -3, -1, 2, 7])
def test_grads_with_negative_start_match_jax(start):
    jax, jjnp = _jax()
    w = np.array([1.0, 2.0, 3.0], np.float32)

    def read(lx, x, i):
        return (lx.dynamic_slice(x, (i,), (3,)) * w).sum()

    def write(lx, u, i):
        return (lx.dynamic_update_slice(np.zeros(8, np.float32), u, (i,)) * np.arange(8.0)).sum()

    x, u, i = np.arange(8.0, dtype=np.float32), np.ones(3, np.float32), np.int32(start)
    for fn, arg in ((read, x), (write, u)):
        want = jax.grad(lambda a, i, fn=fn: fn(jax.lax, a, i))(arg, i)
        got = meshjit.jit(meshjit.grad(lambda a, i, fn=fn: fn(lax, a, i)))(arg, i)
        np.testing.assert_array_equal(got, np.asarray(want), err_msg=fn.__name__)


@pytest.mark.parametrize("start", [-9, -8, -3, -1, 3])
def test_traced_scalar_indexing_counts_from_the_end_once(start):
    jax, jjnp = _jax()
    x = np.arange(8, dtype=np.int32)
    for expr in ("lambda a, i: a[i]", "lambda a, i: a.at[i].set(100)"):
        fn = eval(expr)
        want = np.asarray(jax.jit(fn)(x, np.int32(start)))
        got = meshjit.jit(fn)(jnp.asarray(x), np.int32(start))
        np.testing.assert_array_equal(got, want, err_msg=expr)


@pytest.mark.parametrize("mode", [None, "fill", "clip", "wrap"])
def test_take_negative_indices_by_mode_match_jax(mode):
    jax, jjnp = _jax()
    x = np.arange(8, dtype=np.int32)
    idx = np.array([-9, -3, -1, 0, 2, 7, 8, 11], np.int32)
    want = np.asarray(jjnp.take(x, idx, mode=mode))
    got = meshjit.jit(lambda a, i: jnp.take(a, i, mode=mode))(x, idx)
    np.testing.assert_array_equal(got, want)
    for m in ("clip", None):
        want = np.asarray(jjnp.take_along_axis(x, idx, 0, mode=m))
        got = meshjit.jit(lambda a, i, m=m: jnp.take_along_axis(a, i, 0, mode=m))(x, idx)
        np.testing.assert_array_equal(got, want, err_msg=f"take_along_axis {m}")


def test_a_traced_start_past_the_end_with_a_sharded_result():
    # Found by the fuzzer: XLA's partitioner computed each shard's offset from the unclamped
    # start when the result was sharded; meshjit clamps traced starts itself.
    mesh = meshjit.make_mesh((2,), ("a",))
    out = meshjit.sharding.NamedSharding(mesh, meshjit.sharding.P("a"))
    x = np.arange(16, dtype=np.float32)

    def f(x, start):
        return lax.dynamic_slice_in_dim(x, start, 10), lax.dynamic_update_slice(
            x, jnp.ones(10, x.dtype), [start]
        )

    for start in (-8, 8, 9, 15, -20):
        for propagation in ("meshjit", "shardy", "xla"):
            got, upd = meshjit.jit(f, out_shardings=out, propagation=propagation)(
                x, np.int32(start)
            )
            s = min(max(start + 16 if start < 0 else start, 0), 6)
            np.testing.assert_array_equal(np.asarray(got), x[s : s + 10])
            want = x.copy()
            want[s : s + 10] = 1
            np.testing.assert_array_equal(np.asarray(upd), want)


def test_starts_are_bound_as_jax_binds_them_and_clamped_by_the_lowering():
    x = jnp.arange(10.0)
    text = str(meshjit.make_jaxpr(lambda i: x[i])(1))
    # JAX's order: compare the (weak) index, make it strong for the add, select; no clamp
    assert "lt b 0:i32[]" in text and "convert_element_type" in text and "clamp" not in text
    text8 = str(meshjit.make_jaxpr(lambda i: lax.dynamic_slice(x, (i,), (2,)))(np.int8(1)))
    assert "add b 10:i8[]" in text8 and "convert_element_type" not in text8
    literal = str(meshjit.make_jaxpr(lambda: lax.dynamic_slice(x, (8,), (3,)))())
    assert "a 8:i32[]" in literal
    # out-of-range starts still read the window that fits (clamped in the lowering)
    np.testing.assert_array_equal(lax.dynamic_slice(x, (8,), (3,)), [7, 8, 9])
    np.testing.assert_array_equal(
        meshjit.jit(lambda i: lax.dynamic_slice(x, (i,), (3,)))(9), [7, 8, 9]
    )
    np.testing.assert_array_equal(
        meshjit.jit(lambda i: lax.dynamic_slice(x, (i,), (3,)))(np.int8(-20)), [0, 1, 2]
    )
    batched = meshjit.vmap(lambda i: lax.dynamic_slice(x, (i,), (3,)))(np.array([-1, 2, 9]))
    np.testing.assert_array_equal(batched, [[7, 8, 9], [2, 3, 4], [7, 8, 9]])


@pytest.mark.parametrize(
    "starts",
    [(np.uint8(1), 2), (jnp.int16(1), 2), (1, jnp.int16(2)), (np.int8(0), np.uint8(1))],
    ids=str,
)
def test_start_indices_of_mixed_dtypes_are_jaxs_type_error(starts):
    """Fuzzer round 16: JAX refuses start indices of different dtypes (a Python int is int32);
    meshjit ran them. Its own callers (indexing, the in_dim helpers) mix them freely."""
    x = jnp.zeros((3, 4))
    with pytest.raises(
        meshjit.MeshjitTypeError, match="dynamic_slice must be integers of the same"
    ):
        lax.dynamic_slice(x, starts, (1, 1))
    with pytest.raises(TypeError, match="dynamic_update_slice must be integers of the same"):
        lax.dynamic_update_slice(x, jnp.ones((1, 1)), starts)
    assert lax.dynamic_slice(x, (np.int32(1), np.int64(2)), (1, 1)).shape == (1, 1)
    assert x[jnp.uint8(1), jnp.int16(1)].shape == ()
    assert lax.dynamic_update_slice_in_dim(x, jnp.ones((1, 4)), jnp.uint8(1), 0)[1, 0] == 1


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_an_empty_update_of_a_sharded_loop_result_compiles(propagation):
    """XLA folded the update to its operand and failed to compile the sharded while's result
    (fuzzer seed 201172): an empty update is the operand."""
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:8]).reshape(2, 2, 2), ("a", "b", "c"))
    s = NamedSharding(mesh, P("a", None))

    def f(x):
        v = lax.while_loop(lambda c: c[0] < 0, lambda c: (c[0] + 1, c[1] * 2), (0, x))[1]
        return lax.dynamic_update_slice(v, v[:, :0], (0, 0))

    x = np.arange(4, dtype=np.float32).reshape(4, 1)
    out = meshjit.jit(f, in_shardings=s, out_shardings=s, propagation=propagation)(x)
    np.testing.assert_array_equal(out, x)


@pytest.mark.parametrize("propagation", ["meshjit", "xla"])
def test_a_strided_slice_of_one_element_of_a_sharded_dim_compiles(propagation):
    """XLA's SPMD partitioner miscompiled slice [15:16:3] on a dim sharded over 4 devices (its
    verifier failed: fuzzer seed 210099, x[:-4:-3]); one element is sliced unstrided."""
    from meshjit.sharding import Mesh, NamedSharding, P

    s = NamedSharding(Mesh(np.array(meshjit.devices()[:4]), ("a",)), P("a"))
    x = np.arange(16, dtype=np.uint32)
    f = meshjit.jit(
        lambda v: (v[:-4:-3], lax.slice(v, (9,), (10,), (5,))),
        in_shardings=s,
        propagation=propagation,
    )
    a, b = f(x)
    np.testing.assert_array_equal(a, x[:-4:-3])
    np.testing.assert_array_equal(b, x[9:10:5])


def test_a_vmapped_dynamic_update_slice_of_a_weak_operand_stays_weak():
    """JAX batches dynamic_update_slice as a scatter: weak as its operand, even with starts
    that are not mapped (an int16 array plus 0.5, fuzz seed 300532); unmapped it is not."""
    x = np.zeros((2, 3, 5), np.int16)

    def f(v):
        w = v + 0.5  # a weak float32
        row = lambda r: lax.dynamic_update_slice(r, -r[:1, :4], [3, 3])  # noqa: E731
        return meshjit.vmap(row)(w), lax.dynamic_update_slice(w, -w[:1], [1, 1, 1])

    mapped, plain = meshjit.jit(f)(x)
    assert mapped.weak_type and not plain.weak_type
    np.testing.assert_array_equal(np.asarray(mapped)[:, 2, 1:], -0.5)


def test_a_vmapped_dynamic_slice_gathers_unclamped_starts_as_jax():
    # JAX batches dynamic_slice into a CLIP gather of the starts as given (no clamp in the
    # jaxpr): the gather clamps each window, and checkify's index_checks see the bad start
    from meshjit.experimental import checkify

    x = np.arange(20.0, dtype=np.float32).reshape(5, 4)
    starts = np.array([-7, 0, 3, 4, 9], np.int32)
    f = lambda i: lax.dynamic_slice(x, (i, 1), (2, 2))
    want = np.stack([np.asarray(f(int(i))) for i in starts])
    np.testing.assert_array_equal(meshjit.vmap(f)(starts), want)
    xs = np.stack([x, -x])
    g = lambda a, i: lax.dynamic_slice(a, (i, i), (2, 2))
    want = np.stack([np.asarray(g(a, int(i))) for a, i in zip(xs, starts[3:])])
    np.testing.assert_array_equal(meshjit.vmap(g)(xs, starts[3:]), want)
    names = [e.primitive.name for e in meshjit.make_jaxpr(meshjit.vmap(f))(starts).eqns]
    assert "clamp" not in names and "gather" in names, names
    err, _ = checkify.checkify(
        meshjit.vmap(lambda i: jnp.asarray(x)[i]), errors=checkify.index_checks
    )(starts)
    assert "index -2 is out of bounds for axis 0 with size 5" in err.get()  # JAX 0.10.2
