"""meshjit's answers to the user mistakes of the catalogue's round 22: JAX's error types, words
and results (tests/support/mistakes_catalogue_round22.py runs them against JAX)."""

import pickle

import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.sharding import AxisType, NamedSharding, PartitionSpec

_SCALAR = "Gradient only defined for scalar-output functions. Output was "
_FLOAT = "TypedFloat(1.0, dtype=float32)"


def _defjvps_short():
    f = meshjit.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda t, ans, x, y: t)
    return meshjit.jvp(f, (1.0, 2.0), (1.0, 1.0))


def _auto_mesh():
    return meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))


def _smap_unmapped(mesh):
    return meshjit.shard_map(lambda a: a * 2, mesh=mesh, in_specs=PartitionSpec("x"),
                             out_specs=PartitionSpec(None))  # fmt: skip


def _where_conflicting():
    mesh = meshjit.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    with meshjit.set_mesh(mesh):
        a = meshjit.device_put(jnp.ones(8), NamedSharding(mesh, PartitionSpec("x")))
        b = meshjit.device_put(jnp.ones(8), NamedSharding(mesh, PartitionSpec("y")))
        return jnp.where(True, a, b)


@pytest.mark.parametrize(
    "call, error, words",
    [
        # grad's non-scalar output shows the values as JAX's grad has them: an input passed
        # through as given, a Python number as itself, a computed value (traced under jit)
        (lambda: meshjit.grad(lambda v: (v, v))(1.0), TypeError, f"{_SCALAR}({_FLOAT}, {_FLOAT})."),
        (lambda: meshjit.value_and_grad(lambda v: [v])(1.0), TypeError, f"{_SCALAR}[{_FLOAT}]."),
        (lambda: meshjit.jit(lambda: meshjit.grad(lambda v: (v, v))(1.0))(), TypeError,
         f"{_SCALAR}({_FLOAT}, {_FLOAT})."),
        (lambda: meshjit.grad(lambda v: (v * 2, 3))(1.0), TypeError,
         f"{_SCALAR}(Array(2., dtype=float32, weak_type=True), 3)."),
        (lambda: meshjit.grad(lambda v: {"a": v})(jnp.float32(1.0)), TypeError,
         f"{_SCALAR}{{'a': Array(1., dtype=float32)}}."),
        (lambda: meshjit.jit(lambda x: meshjit.grad(lambda v: (v * 2, v))(x))(1.0), TypeError,
         f"{_SCALAR}(JitTracer(~float32[]), JitTracer(~float32[]))."),
        # a float seed: refused at the top level and when a jit uses the key
        (lambda: random.PRNGKey(1.5), TypeError, "PRNG key seed must be an integer"),
        (lambda: meshjit.jit(lambda: random.normal(random.PRNGKey(1.5), (2,)))(), TypeError,
         "PRNG key seed must be an integer; got JitTracer(~float32[])"),
        # split's count: an array of counts, a float among the counts
        (lambda: random.split(random.key(0), jnp.array([2, 2])), TypeError,
         "Only integer scalar arrays can be converted to a scalar index."),
        (lambda: random.split(random.key(0), (2, 1.5)), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: random.uniform(random.key(0), (3,), minval=jnp.zeros((2, 3))), TypeError,
         "max: arrays must have the same number of dimensions, got {1, 2}"),
        # average checks its axes first (JAX's canonicalize_axis), before its mean
        (lambda: jnp.average(jnp.ones((2, 3)), axis=2), ValueError,
         "axis 2 is out of bounds for array of dimension 2"),
        (lambda: random.choice(random.key(0), 5, 3), TypeError,
         "shape argument of jax.random.choice must be a sequence, got 3"),
        (lambda: meshjit.make_mesh((2, 4), ("x", "y"), axis_types=("explicit", "explicit")),
         TypeError, "axis_types passed to Mesh must be of type `jax.sharding.AxisType`. Got"),
        (lambda: meshjit.grad(lambda a: 1.0)("a"), TypeError,
         "Argument 'a' of type <class 'str'> is not a valid JAX type."),
        (lambda: meshjit.jit(lambda a: "a")(1.0), TypeError,
         "traced for jit returned a value of type <class 'str'>, which is not a valid JAX type"),
        (lambda: lax.slice(jnp.ones(4), (3,), (1,)), TypeError,
         "slice slice_sizes must be greater than or equal to zero, got slice_sizes of "
         "(np.int64(-2),)."),
        (_defjvps_short, ValueError,
         "safe_zip() argument 1 has length 1 but argument 0 has length 2. All lengths: (2, 1)"),
        (lambda: meshjit.checkpoint_policies.nope, AttributeError,
         "'types.SimpleNamespace' object has no attribute 'nope'"),
        (lambda: meshjit.debug.print("{0.nope}", jnp.ones(2)), AttributeError,
         "'jaxlib._jax.ArrayImpl' object has no attribute 'nope'"),
        (lambda: meshjit.checkpoint(3)(1.0), TypeError,
         "cannot create weak reference to 'int' object"),
        (lambda: PartitionSpec("x").axes, AttributeError, "'P' object has no attribute 'axes'"),
        (_where_conflicting, meshjit.sharding.ShardingTypeError,
         "select cases must have the same shardings, got [NamedSharding(mesh=AbstractMesh("),
        # an eager shard_map checks its outputs as JAX's (a shard_map of its own helper)
        (lambda: _smap_unmapped(_auto_mesh())(jnp.ones(4)), ValueError,
         "shard_map applied to the function '_rem_singleton' was given out_specs"),
        (lambda: meshjit.jit(_smap_unmapped(_auto_mesh()))(jnp.ones(4)), ValueError,
         "shard_map applied to the function '<lambda>' was given out_specs"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def test_an_unused_float_seed_under_jit_is_taken_as_jax_does():
    assert float(meshjit.jit(lambda: (random.PRNGKey(1.5), jnp.float32(1))[1])()) == 1.0


def test_an_integer_seed_under_jit_still_makes_keys():
    a = meshjit.jit(lambda s: random.key_data(random.PRNGKey(s)))(7)
    assert a.tolist() == random.key_data(random.PRNGKey(7)).tolist()


def test_partition_spec_is_jaxs_p_and_still_pickles():
    spec = PartitionSpec("x", None)
    assert type(spec).__name__ == "P" and repr(spec) == "P('x', None)"
    assert pickle.loads(pickle.dumps(spec)) == spec


def test_split_still_takes_counts_and_shapes():
    assert random.split(random.key(0), 3).shape == (3,)
    assert random.split(random.key(0), (2, 3)).shape == (2, 3)
    assert random.split(random.key(0), jnp.int32(2)).shape == (2,)
