"""Binary primitives broadcast rank-0 operands and size-1 dimensions implicitly, as JAX 0.10's
lax does (`mul a 0.5:f32[]`, `sub a b` with b:f32[4,1]): jaxprs, numbers, derivatives, errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads
from tests.support import campaign
from tests.support.error_checks import ErrorChecker

f32 = np.float32
check_error = ErrorChecker(__file__)

BINARY = {
    "add": (lax.add, np.add),
    "sub": (lax.sub, np.subtract),
    "mul": (lax.mul, np.multiply),
    "div": (lax.div, np.divide),
    "max": (lax.max, np.maximum),
    "min": (lax.min, np.minimum),
    "pow": (lax.pow, np.power),
    "atan2": (lax.atan2, np.arctan2),
    "rem": (lax.rem, np.fmod),
}


def text(fn, *args):
    return str(meshjit.make_jaxpr(fn)(*args))


def _operand_shapes(draw_shape, mask):
    """Two shapes of one rank: where the mask bit is set, the second operand has a 1 there."""
    return draw_shape, tuple(1 if m else d for d, m in zip(draw_shape, mask))


shapes_st = st.lists(st.integers(1, 4), min_size=1, max_size=3).flatmap(
    lambda s: st.tuples(
        st.just(tuple(s)), st.lists(st.booleans(), min_size=len(s), max_size=len(s))
    )
)


# ---------------------------------------------------------------------------------------------
# Jaxprs: no broadcast equation for scalars and size-1 dimensions.


def test_python_scalars_are_rank0_literals_in_binary_equations():
    out = text(lambda x: (x * 0.5, jnp.maximum(x, 0.0), x / 3, x > 1), np.ones((4, 4), f32))
    assert "mul a 0.5:f32[]" in out
    assert "max a 0.0:f32[]" in out
    assert "div a 3.0:f32[]" in out
    assert "gt a 1.0:f32[]" in out
    assert "broadcast_in_dim" not in out


def test_keepdims_operand_broadcasts_inside_the_binary_equation():
    # keepdims is a broadcast_in_dim to f32[4,1] (as JAX's); the sub broadcasts its size-1 dim
    out = text(lambda x: x - jnp.sum(x, axis=1, keepdims=True), np.ones((4, 4), f32))
    assert out.count("broadcast_in_dim") == 1 and "f32[4,1] = broadcast_in_dim" in out
    assert "d:f32[4,4] = sub a c" in out


def test_lower_rank_operand_gets_leading_ones_as_jax_s_broadcast_to_rank():
    """JAX's jnp promotes ranks only (`f32[1,4]`), the binary primitive broadcasts the rest; its
    gradient sums over the broadcast rows and reshapes, then the broadcast_in_dim's transpose
    (the gradient's jaxpr was meshjit's own)."""
    out = text(lambda x, y: x + y, np.ones((3, 4), f32), np.ones(4, f32))
    assert out.count("c:f32[1,4] = broadcast_in_dim[broadcast_dimensions=(1,)] b") == 1
    grad = text(meshjit.grad(lambda x, y: jnp.sum(x * y), 1), np.ones((3, 4), f32), np.ones(4, f32))
    assert "reshape[dimensions=None new_sizes=(1, 4) sharding=None]" in grad
    g = meshjit.grad(lambda x, y: jnp.sum(x * y), 1)(
        np.arange(12, dtype=f32).reshape(3, 4), np.ones(4, f32)
    )
    np.testing.assert_array_equal(np.asarray(g), [12, 15, 18, 21])


def test_lowering_makes_the_broadcasts_explicit():
    lowered = meshjit.jit(lambda x, y: (x * 2.0, x + y)).lower(
        np.ones((4, 4), f32), np.ones((4, 1), f32)
    )
    ir = lowered.as_text()
    assert "stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>" in ir
    assert "dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>" in ir


# ---------------------------------------------------------------------------------------------
# Numbers, against NumPy (and JAX where installed).


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=campaign.examples(10), deadline=None)
@given(shapes=shapes_st, swap=st.booleans())
def test_lax_binary_broadcasts_size1_dims_like_numpy(name, shapes, swap):
    shape, mask = shapes
    a_shape, b_shape = _operand_shapes(shape, mask)
    if swap:
        a_shape, b_shape = b_shape, a_shape
    rng = np.random.RandomState(0)
    a = rng.uniform(0.5, 2.0, a_shape).astype(f32)
    b = rng.uniform(0.5, 2.0, b_shape).astype(f32)
    ours, ref = BINARY[name]
    got = meshjit.jit(ours)(a, b)
    np.testing.assert_allclose(np.asarray(got), ref(a, b), rtol=1e-5)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_lax_binary_with_a_rank0_array_operand(name):
    ours, ref = BINARY[name]
    a = np.linspace(0.5, 2.0, 6, dtype=f32).reshape(2, 3)
    s = f32(1.5)
    np.testing.assert_allclose(np.asarray(meshjit.jit(ours)(a, s)), ref(a, s), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(meshjit.jit(ours)(s, a)), ref(s, a), rtol=1e-6)


def test_comparisons_broadcast_too():
    a = np.arange(6, dtype=f32).reshape(2, 3)
    b = np.array([[1.0], [4.0]], f32)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lax.lt)(a, b)), a < b)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lax.ge)(f32(2), a)), 2 >= a)


def test_against_jax_lax():
    jax = pytest.importorskip("jax")
    a = np.linspace(-1, 1, 12, dtype=f32).reshape(3, 4)
    b = np.linspace(1, 2, 3, dtype=f32).reshape(3, 1)
    for name in ("add", "sub", "mul", "div", "max", "min"):
        ours = meshjit.jit(getattr(lax, name))(a, b)
        theirs = jax.jit(getattr(jax.lax, name))(a, b)
        np.testing.assert_allclose(np.asarray(ours), np.asarray(theirs), rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Derivatives: tangents broadcast to the result, cotangents sum back to the operand's shape.


@pytest.mark.parametrize(
    ("name", "b_shape"),
    campaign.grid(  # a quarter in make test
        4, ["add", "sub", "mul", "div", "max", "min", "pow", "atan2"], [(3, 1), (1, 4), ()]
    ),
)
def test_grads_through_implicit_broadcasts(name, b_shape):
    rng = np.random.RandomState(1)
    a = rng.uniform(0.5, 2.0, (3, 4)).astype(f32)
    b = rng.uniform(0.5, 2.0, b_shape).astype(f32)
    fn = BINARY[name][0]
    check_grads(fn, (a, b), order=1, rtol=2e-2, atol=2e-2)
    check_grads(lambda b: fn(a, b), (b,), order=2, rtol=2e-2, atol=2e-2)


def test_cotangent_of_a_broadcast_operand_is_summed_back():
    a = np.arange(12, dtype=f32).reshape(3, 4)
    b = np.ones((3, 1), f32)
    ga, gb = meshjit.grad(lambda a, b: jnp.sum(lax.mul(a, b)), argnums=(0, 1))(a, b)
    assert ga.shape == (3, 4) and gb.shape == (3, 1)
    np.testing.assert_allclose(np.asarray(gb), a.sum(axis=1, keepdims=True))
    gs = meshjit.grad(lambda s: jnp.sum(lax.sub(a, s)))(f32(2))
    assert gs.shape == () and float(gs) == -12.0


def test_tangent_of_only_the_broadcast_operand_has_the_result_shape():
    a = np.ones((3, 4), f32)
    b = np.ones((3, 1), f32)
    _, t = meshjit.jvp(lambda b: lax.add(a, b), (b,), (np.full((3, 1), 2.0, f32),))
    assert t.shape == (3, 4)
    np.testing.assert_allclose(np.asarray(t), np.full((3, 4), 2.0))


# ---------------------------------------------------------------------------------------------
# Errors.


def test_shapes_that_do_not_broadcast_name_both_operands():
    a, b = np.ones((3, 4), f32), np.ones((2, 4), f32)
    with pytest.raises(meshjit.MeshjitTypeError) as e:
        meshjit.jit(lambda a, b: lax.add(a, b))(a, b)  # add-mismatch
    check_error(e, "add-mismatch", "add got incompatible shapes", "(3, 4), (2, 4)")  # JAX's words


def test_ranks_must_match_unless_rank0():
    a, b = np.ones((3, 4), f32), np.ones(4, f32)
    with pytest.raises(meshjit.MeshjitTypeError) as e:
        meshjit.jit(lambda a, b: lax.mul(a, b))(a, b)  # rank-mismatch
    # JAX's words (its broadcasting_shape_rule checks the ranks before the shapes)
    check_error(
        e, "rank-mismatch", "mul: arrays must have the same number of dimensions, got {1, 2}"
    )


def test_more_binary_ops_broadcast_too():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    s = np.array([[1], [2], [3]], np.int32)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lax.shift_left)(a, s)), a << s)
    x = np.linspace(-1, 1, 12, dtype=f32).reshape(3, 4)
    got = np.asarray(meshjit.jit(lambda x: lax.nextafter(x, f32(2)))(x))
    np.testing.assert_array_equal(got, np.nextafter(x, f32(2)))


# ---------------------------------------------------------------------------------------------
# Random chains of broadcasting binary ops against JAX: values, gradients, and which programs
# are rejected.

_SHAPES = [(3, 4), (3, 1), (1, 4), (), (4,), (1, 1)]
_NP_OPS = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "power", "arctan2"]
_LAX_OPS = ["add", "sub", "mul", "div", "max", "min", "pow", "atan2"]


def _chain(xnp, xlax, steps, use_numpy):
    def f(*args):
        vals = list(args)
        for k, i, j, scalar in steps:
            a = vals[i % len(vals)]
            b = 0.7 if scalar else vals[j % len(vals)]
            if use_numpy:
                a = xnp.abs(a) + 0.5 if _NP_OPS[k] == "power" else a
                vals.append(getattr(xnp, _NP_OPS[k])(a, b))
            else:
                a = xlax.add(xlax.abs(a), 0.5) if _LAX_OPS[k] == "pow" else a
                vals.append(getattr(xlax, _LAX_OPS[k])(a, b))
        return xnp.sum(vals[-1] * vals[-1])

    return f


@settings(max_examples=campaign.examples(25), deadline=None)
@given(
    shapes=st.lists(st.sampled_from(_SHAPES), min_size=2, max_size=3),
    steps=st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, 5), st.integers(0, 5), st.booleans()),
        min_size=1,
        max_size=4,
    ),
    use_numpy=st.booleans(),
)
def test_random_broadcasting_chains_match_jax(shapes, steps, use_numpy):
    jax = pytest.importorskip("jax")
    rng = np.random.RandomState(0)
    args = [rng.uniform(0.5, 2.0, s).astype(f32) for s in shapes]
    argnums = tuple(range(len(args)))
    theirs = _chain(jax.numpy, jax.lax, steps, use_numpy)
    ours = _chain(jnp, lax, steps, use_numpy)
    try:
        want = jax.jit(theirs)(*args)
        want_grads = jax.grad(theirs, argnums=argnums)(*args)
    except TypeError:  # JAX's lax rejects operands of different nonzero ranks: so must we
        with pytest.raises(meshjit.MeshjitTypeError):
            meshjit.jit(ours)(*args)
        return
    np.testing.assert_allclose(np.asarray(meshjit.jit(ours)(*args)), want, rtol=2e-4, atol=1e-4)
    grads = meshjit.grad(ours, argnums=argnums)(*args)
    for got, ref in zip(grads, want_grads):
        assert np.shape(got) == np.shape(ref)
        np.testing.assert_allclose(np.asarray(got), np.asarray(ref), rtol=2e-3, atol=1e-3)
