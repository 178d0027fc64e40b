"""meshjit's answers to the user mistakes of the catalogue's round 19: JAX's error types, words
and results (tests/support/mistakes_catalogue_round19.py runs them against JAX)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import random
from meshjit.sharding import AxisType, NamedSharding, PartitionSpec

_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
_SIX = jnp.arange(6.0)


def _traced(f):
    return lambda: meshjit.jit(f)(2)


@pytest.mark.parametrize(
    "call, error, words",
    [
        # JAX's canonicalize_shape context after the shape, traced or not
        (_traced(lambda n: jnp.eye(n)), TypeError,
         "got (JitTracer(~int32[]),). argument of 'N' jnp.eye().\nIf using `jit`"),
        (_traced(lambda n: jnp.eye(3, n)), TypeError,
         "got (JitTracer(~int32[]),). argument 'M' of jnp.eye().\nIf using `jit`"),
        (lambda: jnp.eye(2.5), TypeError, "got (2.5,). argument of 'N' jnp.eye()."),
        (lambda: jnp.fromfunction(lambda i: i, (2.5,)), TypeError,
         "got (2.5,). shape argument of jnp.fromfunction()."),
        # a shape given as a list is shown as one
        (_traced(lambda n: _SIX.reshape([n, 3])), TypeError,
         "got [JitTracer(~int32[]), 3].\nIf using"),
        (_traced(lambda n: jnp.reshape(_SIX, [n, -1], order="F")), TypeError,
         "got [JitTracer(~int32[]), -1].\nIf using"),
        (_traced(lambda n: jnp.zeros([n, 2])), TypeError, "got [JitTracer(~int32[]), 2].\n"),
        (_traced(lambda n: jnp.full([n], 1.0)), TypeError, "got [JitTracer(~int32[])].\n"),
        (_traced(lambda n: random.normal(random.key(0), [n, 2])), TypeError,
         "got [JitTracer(~int32[]), 2].\n"),
        (lambda: jnp.zeros([2.0]), TypeError, "got [2.0]."),
        # negative repeats that sum below zero: JAX's zeros of that length
        (lambda: jnp.repeat(_SIX[:4], np.array([-2, 1, 0, 0])), TypeError,
         "broadcast_in_dim shape must have every element be nonnegative, got (-1,)."),
        (lambda: jnp.repeat(_SIX[:4], np.array([1, 1, 1, 1]), total_repeat_length=-2),
         TypeError, "broadcast_in_dim shape must have every element be nonnegative, got (-2,)."),
        # any hashable axis name in a PartitionSpec; the mesh then has no such axis
        (lambda: NamedSharding(_MESH, PartitionSpec(1.5)), ValueError,
         "Resource axis: 1.5 of P(1.5,) is not found in mesh: ('x',)."),
        (lambda: NamedSharding(_MESH, PartitionSpec(("x", 2))), ValueError,
         "Resource axis: 2 of P(('x', 2),) is not found in mesh: ('x',)."),
        (lambda: PartitionSpec({"x"}), TypeError, "unhashable type: 'set'"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


@pytest.mark.parametrize(
    "spec, words",
    [(("x",), "'tuple' object has no attribute 'partitions'"),
     ("x", "'str' object has no attribute 'partitions'"),
     (["x"], "unhashable type: 'list'")],
)  # fmt: skip
def test_named_sharding_of_no_spec_is_jaxs_sentence_with_a_note(spec, words):
    with pytest.raises((AttributeError, TypeError)) as e:
        NamedSharding(_MESH, spec)
    assert str(e.value) == words
    assert any("write P(" in note for note in e.value.__notes__)


# JAX 0.10.2's results (its scatter of block starts: a negative repeat overlaps blocks)
@pytest.mark.parametrize(
    "repeats, total, want",
    [([1, -1, 2, 1], None, [10, 20, 30]),
     ([-1, 2, 1, 1], None, [0, 10, 30]),
     ([1, -1, 2, 1], 6, [10, 20, 30, 30, 30, 30]),
     ([2, 0, -1, 3], None, [0, 10, 30, 30]),
     ([3, -2, 0, 1], None, [0, 20]),
     ([-1, -1, 3, 1], None, [10, 30]),
     ([2, 2, -3, 1], 5, [0, 10, 20, 20, 30]),
     (-1, 5, [0, 0, 10, 20, 30]),
     ([-5, 1, 1, 4], None, [0]),
     ([1, 0, 0, 0], 3, [0, 30, 30]),
     ([0, 0, 0, 0], 2, [30, 30])],
)  # fmt: skip
def test_repeat_with_negative_repeats_as_jax(repeats, total, want):
    a = jnp.arange(4) * 10
    got = jnp.repeat(a, np.array(repeats), total_repeat_length=total)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "repeats, total, want",
    [([1, -1, 2, 1], 3, [10, 20, 30]),
     ([-1, 2, 1, 1], 4, [0, 10, 20, 30]),
     ([2, 2, -3, 1], 5, [0, 10, 20, 20, 30]),
     ([3, 1, 0, 0], 6, [0, 0, 0, 10, 30, 30])],
)  # fmt: skip
def test_repeat_with_traced_negative_repeats_as_jax(repeats, total, want):
    a = jnp.arange(4) * 10
    f = meshjit.jit(lambda r: jnp.repeat(a, r, total_repeat_length=total))
    np.testing.assert_array_equal(f(np.array(repeats)), want)


@pytest.fixture
def strict():
    meshjit.config.update("jax_numpy_dtype_promotion", "strict")
    yield
    meshjit.config.update("jax_numpy_dtype_promotion", "standard")


def _jax_order(*names) -> str:
    """JAX's "Input dtypes (...)": a set of the operands' types, in the set's order."""
    types = {t if isinstance(t, type) else np.dtype(t) for t in names}
    return f"Input dtypes {tuple(str(t) for t in types)} have no available implicit"


@pytest.mark.parametrize(
    "call, types",
    [(lambda: jnp.ones(3, jnp.float32) + jnp.ones(3, jnp.int32), ("float32", "int32")),
     (lambda: jnp.ones(3, jnp.int32) + jnp.ones(3, jnp.float32), ("int32", "float32")),
     (lambda: jnp.ones(3, jnp.bfloat16) * jnp.ones(3, jnp.float16), ("bfloat16", "float16")),
     (lambda: jnp.ones(3, jnp.uint8) - jnp.ones(3, jnp.int8), ("uint8", "int8")),
     (lambda: jnp.ones(3, bool) + jnp.ones(3, jnp.int32), ("bool", "int32")),
     # a Python scalar joins only the types of its kind and above, as in JAX's strict lattice
     (lambda: jnp.ones(3, jnp.int32) + 1.0, (float, "int32")),
     (lambda: jnp.ones(3, jnp.float32) + 1j, ("float32", complex)),
     (lambda: jnp.ones(3, bool) + 1, ("bool", int)),
     (lambda: jnp.stack([jnp.ones(3, jnp.int32), jnp.ones(3), jnp.ones(3, jnp.int8)]),
      ("int32", "float32", "int8"))],
)  # fmt: skip
def test_strict_promotion_names_the_dtypes_in_jaxs_order(strict, call, types):
    with pytest.raises(meshjit.dtypes.TypePromotionError) as e:
        call()
    assert str(e.value).startswith(_jax_order(*types)), str(e.value)


def test_strict_promotion_joins_python_scalars_as_jax(strict):
    for value, scalar, want, weak in [
        (jnp.ones(3, jnp.int8), 2, jnp.int8, False),
        (jnp.ones(3, jnp.float16), 2.0, jnp.float16, False),
        (jnp.ones(3, jnp.bfloat16), 1, jnp.bfloat16, False),
        (jnp.ones(3, jnp.complex64), 1.0, jnp.complex64, False),
        (jnp.ones(3, bool), True, jnp.bool_, False),
    ]:
        got = value + scalar
        assert got.dtype == want and got.weak_type == weak
    assert jnp.add(1, 1.0).dtype == jnp.float32 and jnp.add(1, 1.0).weak_type


_KEY = random.key(0)


@pytest.mark.parametrize(
    "call, words",
    [(lambda: random.split(_KEY, 2.5), "'float' object cannot be interpreted as an integer"),
     (lambda: meshjit.grad(lambda v: (random.split(_KEY, 2.5), v)[1])(1.0),
      "'float' object cannot be interpreted as an integer"),
     (lambda: meshjit.vmap(lambda v: (random.split(_KEY, 2.5), v)[1])(jnp.ones(1)),
      "'float' object cannot be interpreted as an integer"),
     (lambda: meshjit.jit(lambda: random.split(_KEY, 2.5))(),
      "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)."),
     (lambda: meshjit.grad(lambda v: meshjit.lax.cond(
         True, lambda: (random.split(_KEY, 2.5), v)[1], lambda: v))(1.0),
      "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)."),
     (lambda: meshjit.jit(lambda: random.split(_KEY, "a"))(),
      "Shapes must be 1D sequences of concrete values of integer type, got ('a',).")],
)  # fmt: skip
def test_split_count_not_an_int_eager_or_staged_as_jax(call, words):
    """JAX's eager split reads the count as Python does; a staged one (jit, a loop or branch
    body), by its abstract evaluation's canonicalize_shape."""
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value).startswith(words)
