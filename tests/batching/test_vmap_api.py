"""vmap's API: in_axes / out_axes as ints, None and pytree prefixes, keyword arguments,
axis_size, nesting with itself and with jit, and the errors for bad input (naming the line)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import jit, lax, vmap
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P
from tests.support import campaign
from tests.support.error_checks import ErrorChecker

check = ErrorChecker(__file__)
X = np.arange(12.0, dtype=np.float32).reshape(3, 4)


def test_pytrees_in_and_out():
    def f(p, xs):
        return {"sum": p["w"] * xs[0] + xs[1], "w": p["w"]}

    p = {"w": np.float32(2.0)}
    out = vmap(f, in_axes=({"w": None}, [0, 1]))(p, [X, X.T])
    np.testing.assert_allclose(out["sum"], 2 * X + X)
    np.testing.assert_allclose(out["w"], np.full(3, 2.0))


def test_in_axes_list_negative_and_out_axes():
    out = vmap(lambda a, b: a + b, in_axes=[-1, None], out_axes=-1)(X, np.float32(1))
    np.testing.assert_allclose(out, X + 1)
    out = vmap(lambda a: a * 2, in_axes=1, out_axes=1)(X)
    np.testing.assert_allclose(out, X * 2)


def test_out_axes_pytree_and_none_for_unmapped():
    out = vmap(lambda a, s: (a * s, s), in_axes=(0, None), out_axes=(1, None))(X, np.float32(3))
    np.testing.assert_allclose(out[0], (X * 3).T)
    assert np.asarray(out[1]) == 3


def test_keyword_arguments_are_mapped_over_axis_0():
    out = vmap(lambda a, *, b: a - b)(X, b=X * 2)
    np.testing.assert_allclose(out, -X)


def test_axis_size_when_nothing_is_mapped():
    out = vmap(lambda: jnp.ones(2), axis_size=5)()
    assert out.shape == (5, 2)
    out = vmap(lambda a: a + 1, in_axes=None, axis_size=2)(X)
    np.testing.assert_allclose(out, np.stack([X + 1] * 2))


def test_constant_outputs_are_broadcast():
    out = vmap(lambda a: (1.0, a.sum()))(X)
    np.testing.assert_allclose(out[0], np.ones(3))
    np.testing.assert_allclose(out[1], X.sum(1))


def test_nested_vmaps_and_jit():
    outer = vmap(vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0))
    np.testing.assert_allclose(outer(X[0], X[:, 0]), np.outer(X[:, 0], X[0]))
    np.testing.assert_allclose(jit(outer)(X[0], X[:, 0]), np.outer(X[:, 0], X[0]))
    np.testing.assert_allclose(vmap(jit(jnp.sum))(X), X.sum(1))


def test_closures_over_outer_tracers():
    def f(y):
        return vmap(lambda a: a + y)(X)

    np.testing.assert_allclose(jit(f)(np.float32(2)), X + 2)
    np.testing.assert_allclose(meshjit.grad(lambda y: f(y).sum())(np.float32(2)), 12.0)


def test_grad_of_vmap_and_vmap_of_grad():
    def loss(w, x):
        return jnp.sum(jnp.tanh(x * w) ** 2)

    w = np.float32(0.3)
    per = vmap(meshjit.grad(loss), in_axes=(None, 0))(w, X)
    want = np.stack([meshjit.grad(loss)(w, x) for x in X])
    np.testing.assert_allclose(per, want, rtol=1e-5)
    total = meshjit.grad(lambda w: vmap(loss, in_axes=(None, 0))(w, X).sum())(w)
    np.testing.assert_allclose(total, want.sum(), rtol=1e-5)


def test_check_grads_of_a_vmapped_function():
    from meshjit.test_util import check_grads

    f = vmap(lambda a, b: jnp.sin(a) * b @ b, in_axes=(0, None))
    check_grads(f, (X * 0.1, np.eye(4, dtype=np.float32)), order=2, modes=("fwd", "rev"))


def test_spmd_axis_name_shards_only_constraints():
    """As JAX: spmd_axis_name shards the mapped axis of the body's sharding constraints, not
    the vmapped function's inputs and outputs."""
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
    f = jit(vmap(lambda a: jnp.sin(a) * 2, spmd_axis_name="x"))
    g = jit(vmap(lambda a: lax.with_sharding_constraint(jnp.sin(a) * 2, P()), spmd_axis_name="x"))
    x = np.ones((8, 4), np.float32)
    with meshjit.set_mesh(mesh):
        assert "sdy.sharding_constraint" not in f.lower(x).as_text()
        assert '[{"x"}, {}]' in g.lower(x).as_text()
        out = g(x)
    np.testing.assert_allclose(out, np.sin(np.ones((8, 4))) * 2, rtol=1e-6)


@settings(max_examples=campaign.examples(25), deadline=None)
@given(
    shape=st.lists(st.integers(1, 3), min_size=1, max_size=3),
    in_axis=st.integers(-4, 3),
    out_axis=st.integers(-4, 3),
    dtype=st.sampled_from([np.float32, np.int32]),
)
def test_elementwise_and_reductions_any_axes(shape, in_axis, out_axis, dtype):
    rank = len(shape) + 1
    in_axis, out_axis = in_axis % rank, out_axis % rank
    x = (np.arange(2 * np.prod(shape)) % 7).astype(dtype).reshape([2, *shape])
    x = np.moveaxis(x, 0, in_axis)

    def f(a):
        return a * 2 + jnp.max(a, axis=0, keepdims=True) - a.sum()

    got = vmap(f, in_axes=in_axis, out_axes=out_axis)(x)
    want = np.stack([np.asarray(f(e)) for e in np.moveaxis(x, in_axis, 0)], axis=out_axis)
    np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------------------------------------
# Bad input.


def test_zero_size_examples_broadcast_against_size_one_ones():
    """A per-example (0,) minus a per-example (1,) (var's x - mean(keepdims)) is (0,): the
    batched operands broadcast to 0, not to the larger size (fuzzer seed 170003: a vmapped
    jnp.std of a zero-size row raised a broadcast_in_dim TypeError)."""
    x = np.zeros((5, 0, 2), np.int32)
    got = jit(vmap(vmap(jnp.std, 0, 0), -1, 0))(x)
    assert got.shape == (2, 5) and np.isnan(np.asarray(got)).all()
    diff = jit(vmap(lambda a, b: a - b, (1, None)))(np.zeros((0, 3), np.float32), np.ones(1))
    assert diff.shape == (3, 0)


def test_in_axes_tuple_of_the_wrong_length():
    with pytest.raises(ValueError) as e:
        vmap(lambda a, b: a + b, in_axes=(0,))(X, X)  # tuple-length
    check(e, "tuple-length", "len(in_axes)=1", "len(args)=2")


def test_in_axes_not_a_prefix_of_the_arguments():
    with pytest.raises(ValueError) as e:
        vmap(lambda p: p["a"], in_axes=({"b": 0},))({"a": X})  # not-a-prefix
    check(e, "not-a-prefix", "in_axes specification must be a tree prefix")


def test_inconsistent_sizes_name_each_argument():
    with pytest.raises(ValueError) as e:
        vmap(lambda x, y: x + y.sum())(X, np.ones((5, 2), np.float32))  # sizes
    check(
        e,
        "sizes",
        "inconsistent sizes",
        "axis 0 of argument x of type float32[3,4]",
        "size 5: axis 0 of argument y of type float32[5,2]",
    )


def test_inconsistent_sizes_inside_pytrees():
    with pytest.raises(ValueError) as e:
        vmap(lambda p: p["a"])({"a": X, "b": np.ones(2, np.float32)})  # tree-sizes
    check(
        e,
        "tree-sizes",
        "argument p['a'] of type float32[3,4]",
        "argument p['b'] of type float32[2]",
    )


def test_in_axis_out_of_range():
    with pytest.raises(ValueError) as e:
        vmap(jnp.sin, in_axes=2)(X)  # out-of-range
    check(e, "out-of-range", "axis 2", "rank should be at least 3", "is only 2")
    with pytest.raises(ValueError) as e:  # JAX's sentence alone, as programs print it
        vmap(lambda a, b: a, in_axes=(0, 1))(jnp.ones(3), jnp.ones(2))
    assert str(e.value) == (
        "vmap was requested to map its argument along axis 1, which implies that its rank "
        "should be at least 2, but is only 1 (its shape is (2,))"
    )


def test_mapped_output_with_out_axes_none():
    with pytest.raises(ValueError) as e:
        vmap(jnp.sin, out_axes=None, axis_name="i")(X)  # out-none
    check(e, "out-none", "mapped output", "out_axes is None", "axis_name=i")


def test_nothing_mapped_without_axis_size():
    with pytest.raises(ValueError) as e:
        vmap(jnp.sin, in_axes=None)(X)  # no-size
    check(e, "no-size", "at least one non-None value in in_axes or axis_size")


def test_axis_name_clashing_with_a_mesh_axis():
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))

    def body(b):
        return vmap(jnp.sin, axis_name="x")(b)  # clash

    f = meshjit.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
    with pytest.raises(ValueError) as e:
        jit(f)(np.ones((8, 2), np.float32))
    check(e, "clash", "axis_name 'x' clashes with the mesh axis 'x'")


def test_unbound_axis_name_in_a_collective():
    with pytest.raises(NameError) as e:
        vmap(lambda a: lax.psum(a, "j"), axis_name="i")(X)  # unbound
    assert str(e.value) == (  # JAX's words
        "Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`."
    )
    assert "test_vmap_api.py" in e.value.located()


def test_bad_in_axes_type():
    with pytest.raises(TypeError) as e:
        vmap(jnp.sin, in_axes=1.5)  # bad-type
    check(e, "bad-type", "vmap in_axes must be an int, None, or a tuple")


def test_vmapped_function_returning_a_string_is_jaxs_type_error():
    with pytest.raises(
        TypeError,
        match="Output from batched function 'x' with type <class 'str'> is not a valid JAX type",
    ):
        vmap(lambda x: "x")(jnp.ones(3))


def test_vmapped_function_returning_a_type_is_jaxs_type_error():
    """A type has a shape and a dtype but no value: `jax.typeof(x)` or a ShapeDtypeStruct
    returned from a vmapped function is JAX's TypeError (not a compile error later)."""
    with pytest.raises(TypeError, match=r"Output from batched function ShapedArray\(float32\[\]\)"):
        vmap(meshjit.typeof)(jnp.ones(2))
    with pytest.raises(TypeError, match="is not a valid JAX type"):
        vmap(lambda x: meshjit.ShapeDtypeStruct((2,), jnp.float32))(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# What does not depend on the mapped inputs stays concrete (as JAX's BatchTrace: only values
# depending on the batched arguments are traced). Before, every operation inside vmap was
# traced, so these raised concretization errors; JAX 0.10.2 gives the values below.

A = np.array([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]], np.float32)
VS = np.arange(6, dtype=np.float32).reshape(2, 3)


def test_python_control_flow_on_closed_over_constants_inside_vmap():
    def f(v):
        const = jnp.asarray(A)
        scale = 2 if const.sum() > 0 else 3  # a concrete value, not a tracer
        return v * scale * int(const.max()) + const.max().item()

    np.testing.assert_allclose(vmap(f)(VS), VS * 6 + 3)
    np.testing.assert_allclose(vmap(vmap(f))(VS[:, None]), VS[:, None] * 6 + 3)
    out = vmap(lambda v, a: v * (2 if a.sum() > 0 else 3), in_axes=(0, None))(VS, jnp.asarray(A[0]))
    np.testing.assert_allclose(out, VS * 2)  # an unmapped argument is concrete too


def test_sparse_fromdense_of_a_closed_over_constant_inside_vmap():
    from meshjit.experimental import sparse

    out = vmap(lambda v: sparse.BCOO.fromdense(A) @ v)(VS)
    np.testing.assert_allclose(out, VS @ A.T)


def test_unbatched_values_inside_vmap_with_jit_grad_and_axis_names():
    a0 = jnp.asarray(A[0])
    np.testing.assert_allclose(vmap(lambda v: jit(lambda a: a * 2)(a0) + v)(VS), VS + 2 * A[0])
    grads = vmap(lambda v: meshjit.grad(lambda a: (a * v).sum())(a0))(VS)
    np.testing.assert_allclose(grads, VS)
    out = jit(vmap(lambda v: v * jnp.asarray(A).max()))(VS)
    np.testing.assert_allclose(out, VS * 3)
    # A collective or axis_index naming the mapped axis is batched even on constants.
    out = vmap(lambda v: v + lax.psum(jnp.float32(1), "i") + lax.axis_index("i"), axis_name="i")(VS)
    np.testing.assert_allclose(out, VS + 2 + np.arange(2)[:, None])
    np.testing.assert_allclose(vmap(lambda v: jnp.asarray(A).sum(0))(VS), np.tile(A.sum(0), (2, 1)))


def test_unmapped_function_argument_passes_through():
    """As JAX: a non-array leaf with in_axes=None (a function, as a static jit argument hands
    it in) is passed to the function untraced."""
    apply = meshjit.vmap(lambda f, x: f(x), in_axes=(None, 0))
    np.testing.assert_allclose(np.asarray(apply(jnp.exp, jnp.zeros(3))), np.ones(3))
    diff = meshjit.vmap(
        meshjit.grad(lambda f, a, b: f(b) - f(a), argnums=2), in_axes=(None, None, 0)
    )
    out = meshjit.jit(diff, static_argnums=0)(jnp.sin, 0.0, jnp.arange(3.0))
    np.testing.assert_allclose(np.asarray(out), np.cos(np.arange(3.0)), rtol=1e-6)
    in_dict = meshjit.vmap(lambda d: d["f"](d["x"]), in_axes=({"f": None, "x": 0},))
    np.testing.assert_allclose(np.asarray(in_dict({"f": jnp.cos, "x": jnp.zeros(2)})), np.ones(2))
    with pytest.raises(TypeError, match="not a valid JAX type"):
        meshjit.vmap(lambda f, x: f(x))(jnp.exp, jnp.ones(3))


def test_out_axes_none_of_a_mapped_output_first_line_in_jax_words():
    # JAX's message is one line: what else meshjit says follows on the next
    with pytest.raises(ValueError) as e:
        meshjit.vmap(lambda a: a, out_axes=None)(jnp.arange(3.0))
    assert str(e.value).splitlines()[0] == (
        "at vmap out_axes, got axis spec None but output was batched on axis 0"
    )
