"""meshjit's answers to the user mistakes of the catalogue's round 14: JAX's error types and
words (tests/support/mistakes_catalogue_round14.py runs them against JAX), and the behaviour
those fixes kept."""

import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import export, lax, random
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P

_CONCRETE = "Abstract tracer value encountered where concrete value is expected: traced array"
_MESH = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
_MESH24 = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
_EMESH = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
_ES = NamedSharding(_EMESH, P("x", None))


def _smap(f, in_specs, out_specs, mesh=_MESH):
    return meshjit.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def _deleted():
    x = jnp.ones(3)
    x.delete()
    return x


def _donated_call_again():
    f = meshjit.jit(lambda x: x * 2, donate_argnums=0)
    x = jnp.ones(3)
    f(x)
    return f(x)


def _ds_read_past_rank():
    pl = pytest.importorskip("meshjit.experimental.pallas")

    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[pl.ds(0, 8), 0]

    out = meshjit.ShapeDtypeStruct((8,), jnp.float32)
    return pl.pallas_call(kernel, out_shape=out, interpret=True)(jnp.ones(8))


def _leaked_ref():
    box = []

    def f(x):
        box.append(meshjit.new_ref(x))
        return x

    meshjit.jit(f)(jnp.ones(3))
    return box[0][...]


@pytest.mark.parametrize(
    "call, error, words",
    [
        # shardings of the wrong rank / number: jit's ("pjit") and device_put's words
        (lambda: meshjit.jit(lambda x: x, in_shardings=_ES)(jnp.ones(8)), ValueError,
         "One of pjit arguments with pytree key path x is incompatible with its sharding "
         "annotation"),
        (lambda: meshjit.jit(lambda x: x, out_shardings=_ES)(jnp.ones(8)), ValueError,
         "One of pjit outputs with pytree key path result is incompatible with its sharding"),
        (lambda: meshjit.device_put(jnp.ones(8), _ES), ValueError,
         "One of device_put args is incompatible with its sharding annotation"),
        (lambda: meshjit.jit(lambda x, y: x, in_shardings=(_ES,) * 3)(jnp.ones(8), jnp.ones(8)),
         ValueError, "pjit in_shardings specification must be a tree prefix of the positional "
         "arguments tuple. In particular, pjit in_shardings must either be a Sharding"),
        (lambda: meshjit.jit(meshjit.sharding.auto_axes(lambda x: x * 2))(jnp.ones(8)),
         TypeError, "Missing required keyword argument: 'out_sharding'"),
        # shard_map and collectives
        (lambda: _smap(lambda x: x, P("y"), P("y"), _MESH24)(jnp.ones(6)), ValueError,
         "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes "
         "that are not evenly divisible by the corresponding mesh axis sizes"),
        (lambda: _smap(lambda x: lax.psum_scatter(x, "x"), P(None), P("x"))(jnp.ones(3)),
         ValueError, "reduce_scatter operand scatter dimension size 3 must match shard count 2"),
        (lambda: _smap(lambda x: x + lax.axis_index("q"), P("x"), P("x"))(jnp.ones(4)),
         NameError, "Found an unbound axis name: q. To fix this, please call axis_index under "
         "`jax.shard_map`."),
        (lambda: meshjit.grad(lambda x: lax.pmean(x, "x"))(1.0), NameError,
         "Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`."),
        # keys and samplers
        (lambda: random.wrap_key_data(random.key(0)), TypeError,
         "JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0"),
        (lambda: random.key(jnp.arange(3)), TypeError,
         "key accepts a scalar seed, but was given an array of shape (3,) != (). Use jax.vmap "
         "for batching"),
        (lambda: random.uniform(random.key(0), (3,), minval=jnp.zeros(4)), TypeError,
         "mul got incompatible shapes for broadcasting: (3,), (4,)."),
        (lambda: meshjit.jit(lambda n: random.choice(random.key(0), n, (2,)))(5),
         meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[]\nThe error occurred in jax.random.choice()"),
        (lambda: meshjit.jit(lambda n: random.permutation(random.key(0), n))(5),
         meshjit.errors.ConcretizationTypeError,
         f"{_CONCRETE} with shape int32[]\nargument x of jax.random.permutation()"),
        # symbolic shapes
        (lambda: export.symbolic_shape("a ** 2"), ValueError,
         "syntax error in symbolic shape 'a ** 2' in dimension 0: expecting one of {STAR} but "
         "found DOUBLESTAR"),
        (lambda: export.symbolic_shape("a, , b"), ValueError,
         "in dimension 1: expecting one of {NAME, MINUS, NUMBER} but found COMMA"),
        (lambda: export.symbolic_shape("..."), ValueError,
         "syntax error in symbolic shape '...' in dimension 0: spec contains ... but no 'like' "
         "shape was given"),
        # refs, pytrees, control flow, custom rules
        (_ds_read_past_rank, ValueError, "`indices` must not be longer than `shape`: indices="),
        (_leaked_ref, meshjit.errors.UnexpectedTracerError,
         "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
         "allowing for a reference to an intermediate value with type Ref{float32[3]}"),
        (lambda: lax.scan(lambda c, x: (c, x), (1.0, {"a": meshjit.new_ref(jnp.zeros(3))}),
                          jnp.ones(2)), ValueError,
         "traced for scan returned a mutable array reference of type Ref{float32[3]} at output "
         "tree path result[0][1]['a'], but mutable array references cannot be returned.\n\nThe "
         "returned mutable array was passed in as the argument c[1]['a']."),
        (lambda: _strict(lambda: jnp.array([jnp.int32(1), jnp.float32(2)])),
         meshjit.dtypes.TypePromotionError,
         "have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict"),
        (lambda: lax.pcast(jnp.ones(4), "x", to="varying"), ValueError,
         "pvary should be called under jax.shard_map."),
        (lambda: meshjit.sharding.reshard(jnp.ones(8), NamedSharding(_EMESH, P(unreduced={"q"}))),
         ValueError, "Unreduced axes q is not found in mesh.axis_names=('x', 'y'). Got pspec="),
        (lambda: jnp.isin(jnp.ones(3), {1: 2}), TypeError,
         "isin requires ndarray or scalar arguments, got <class 'dict'> at position 1."),
        (lambda: meshjit.tree.flatten({1: 1, "a": 2}), ValueError,
         "Comparator raised exception while sorting pytree dictionary keys."),
        (lambda: lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3)), TypeError,
         "scan body output must be a pair, got (ShapedArray(float32[], weak_type=True), "
         "ShapedArray(float32[]), ShapedArray(float32[]))."),
        (lambda: lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4), ValueError,
         "scan got `length` argument of 4 which disagrees with leading axis sizes [3]."),
        (lambda: lax.switch(jnp.float32(1.0), [lambda: 1.0, lambda: 2.0]), TypeError,
         "Index type must be an integer, got 1.0 as float32"),
        (lambda: lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0), TypeError,
         "Pred must be a scalar, got [ True False] of shape (2,)."),
        (lambda: meshjit.jvp(_pair_jvp(), (1.0,), (1.0,)), TypeError,
         "Custom JVP rule <lambda> for function <lambda> must produce primal and tangent outputs "
         "with equal container (pytree) structures, but got PyTreeDef((*, *)) and PyTreeDef(*) "
         "respectively."),
        # the array API's device= / stream=, donation
        (lambda: jnp.asarray(jnp.ones(3), device="cpu"), ValueError,
         "sharding='cpu' must be an instance of jax.sharding.Sharding"),
        (lambda: jnp.linspace(0, 1, 3, device=0), ValueError,
         "sharding=0 must be an instance of jax.sharding.Sharding"),
        (lambda: jnp.ones(3).to_device(meshjit.devices()[0], stream=1), NotImplementedError,
         "stream argument of array.to_device()"),
        (lambda: meshjit.jit(lambda x: x, donate_argnums=0, static_argnums=0)(3), ValueError,
         "static_argnames and donate_argnames cannot intersect. Argument names {'x'} appear in "
         "both static_argnames and donate_argnames"),
        (lambda: meshjit.jit(_positional_only, donate_argnames="x")(jnp.ones(3)), ValueError,
         "Jitted function has invalid argnames {'x'} in donate_argnames. These are "
         "positional-only"),
        (lambda: lax.scan(lambda c, x: (c, x), 0.0, None), ValueError,
         "scan got no values to scan over and `length` not provided."),
        (_donated_call_again, ValueError,
         "INVALID_ARGUMENT: Invalid buffer passed to Execute() as argument 0 to replica 0: "
         "INVALID_ARGUMENT: Buffer has been deleted or donated."),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def _positional_only(x, /):
    return x


def _strict(f):
    with meshjit.numpy_dtype_promotion("strict"):
        return f()


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: jnp.asarray([1, 2], dtype=jnp.int64), "asarray"),
        (lambda: jnp.eye(2, dtype=jnp.float64), "eye"),
        (lambda: jnp.zeros_like(jnp.ones(2), dtype=jnp.int64), "zeros_like"),
        (lambda: jnp.full_like(jnp.ones(2), 1, dtype=jnp.int64), "full_like"),
        (lambda: jnp.sum(jnp.ones(2), dtype=jnp.float64), "sum"),
        (lambda: lax.convert_element_type(jnp.ones(2), jnp.float64), "convert_element_type"),
    ],
)
def test_64_bit_requests_warn_once_naming_the_function(call, name):
    if meshjit.config.jax_enable_x64:
        pytest.skip("x64 is enabled")
    with pytest.warns(UserWarning) as record:
        call()
    words = [str(w.message) for w in record if "Explicitly requested dtype" in str(w.message)]
    assert len(words) == 1 and f"requested in {name} is not available" in words[0], words


def _pair_jvp():
    g = meshjit.custom_jvp(lambda x: (x, x))
    g.defjvp(lambda p, t: ((p[0], p[0]), t[0]))
    return g


def test_a_deleted_array_traceback_has_no_library_frame():
    x = _deleted()
    with pytest.raises(RuntimeError) as e:
        np.asarray(x)
    assert traceback.extract_tb(e.value.__traceback__)[-1].filename == __file__


def test_what_jax_accepts_meshjit_accepts():
    with meshjit.set_mesh(_EMESH):  # trailing None entries past the rank are dropped
        a = meshjit.sharding.reshard(jnp.ones((8, 4)), P("x", None, None))
        assert a.sharding.spec == P("x", None)
        assert str(meshjit.typeof(a)) == "float32[8@x,4]"
        b = jnp.zeros((8,), out_sharding=P("x", None))
        assert b.sharding.spec == P("x")
        with pytest.raises(ValueError):  # a sharded entry past the rank is still refused
            meshjit.sharding.reshard(jnp.ones((8, 4)), P(None, None, "x"))
    assert str(export.symbolic_shape("a, b", like=(3,))) == "(a, b)"
    np.testing.assert_array_equal(meshjit.freeze(jnp.arange(3)), [0, 1, 2])
    out = random.uniform(random.key(0), (2, 3), minval=jnp.zeros(3), maxval=jnp.ones((2, 1)))
    assert out.shape == (2, 3) and bool((out >= 0).all()) and bool((out < 1).all())
    on = jnp.asarray(jnp.ones(3), device=meshjit.devices()[1])
    assert on.sharding.device_set == {meshjit.devices()[1]}
