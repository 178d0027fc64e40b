"""Bad input to meshjit.random raises a meshjit error that names the problem and the user's
source line: malformed raw keys, typed and raw keys mixed, float seeds, impossible samples."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import MeshjitTypeError, MeshjitValueError, lax, random
from tests.support.error_checks import ErrorChecker

_check = ErrorChecker(__file__)
_check_index = ErrorChecker(__file__, builtin_types=(IndexError,))
KEY, RAW = random.key(0), random.PRNGKey(0)


# ---------------------------------------------------------------------------------------------
# Raw keys of the wrong shape or dtype, and more than one key.


def test_raw_key_of_wrong_shape():
    with pytest.raises(MeshjitTypeError) as ei:
        random.normal(np.zeros(3, np.uint32), (2,))  # L:shape3
    _check(ei, "L:shape3", "normal", "uint32", "u32[3]")


def test_raw_key_of_wrong_dtype_under_jit():
    def f(key):
        return random.split(key)  # L:dtype

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(np.zeros(2, np.int32))
    _check(ei, "L:dtype", "split", "i32[2]")


def test_an_int_is_not_a_key():
    with pytest.raises(MeshjitTypeError) as ei:
        random.uniform(0, (3,))  # L:int-key
    _check(ei, "L:int-key", "uniform", "i32[]")


def test_several_keys_where_one_is_expected():
    with pytest.raises(MeshjitValueError) as ei:
        random.uniform(random.split(KEY, 4), (3,))  # L:batched
    _check(ei, "L:batched", "uniform", "single key", "(4,)")
    with pytest.raises(MeshjitValueError) as ei:
        random.bits(np.zeros((4, 2), np.uint32))  # L:batched-raw
    _check(ei, "L:batched-raw", "bits", "(4, 2)")  # JAX shows the raw key data's shape


# ---------------------------------------------------------------------------------------------
# Typed and raw keys mixed.


def test_wrapping_a_typed_key():
    with pytest.raises(MeshjitTypeError) as ei:
        random.wrap_key_data(KEY)  # L:wrap
    _check(ei, "L:wrap", "wrap_key_data", "typed", "do not mix")


def test_typed_key_as_seed_or_fold_in_data():
    with pytest.raises(MeshjitTypeError) as ei:
        random.PRNGKey(KEY)  # L:key-seed
    _check(ei, "L:key-seed", "PRNGKey", "PRNG key", "do not mix")
    with pytest.raises(MeshjitValueError) as ei:  # JAX's ValueError
        random.fold_in(RAW, KEY)  # L:key-data
    _check(ei, "L:key-data", "fold_in", "PRNG key", "do not mix", "to uint32")


def test_typed_key_used_as_an_array():
    with pytest.raises(MeshjitValueError) as ei:  # JAX's ValueError
        jnp.stack([KEY, RAW])  # L:stack
    _check(ei, "L:stack", "dtype=key<fry> is not a valid dtype", "do not mix", "key_data")
    with pytest.raises(MeshjitTypeError) as ei:
        np.asarray(KEY)  # L:numpy
    _check(ei, "L:numpy", "NumPy", "key_data")
    with pytest.raises(MeshjitTypeError) as ei:
        KEY == RAW  # noqa: B015  # L:compare
    _check(ei, "L:compare", "compared", "do not mix")


def test_branches_returning_typed_and_raw_keys():
    def f(p):
        return lax.cond(p, lambda: KEY, lambda: RAW)  # L:cond

    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(f)(True)
    _check(ei, "L:cond", "cond", "PRNGKeyArray")


# ---------------------------------------------------------------------------------------------
# Seeds.


@pytest.mark.parametrize("seed", [1.5, np.float32(2.0), np.array(3.0, np.float16)])
def test_float_seed(seed):
    with pytest.raises(MeshjitTypeError) as ei:
        random.PRNGKey(seed)  # L:float-seed
    _check(ei, "L:float-seed", "seed must be an integer")


def test_float_seed_under_jit_and_array_seed():
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.jit(lambda s: random.key(s))(2.0)  # L:traced-float
    # JAX's words: its seeding runs under jit, so the seed prints as a jit tracer
    assert str(ei.value) == "PRNG key seed must be an integer; got JitTracer(~float32[])"
    _check(ei, "L:traced-float", "seed must be an integer")
    with pytest.raises(MeshjitTypeError) as ei:
        random.key(np.arange(3))  # L:array-seed
    _check(ei, "L:array-seed", "scalar seed", "(3,)")


def test_seed_out_of_64_bits():
    with pytest.raises(OverflowError) as ei:  # JAX's plain OverflowError, its words
        random.PRNGKey(2**64)  # L:huge
    assert not isinstance(ei.value, ValueError)
    assert str(ei.value) == "Python int too large to convert to C long"
    ErrorChecker(__file__, builtin_types=(OverflowError,))(ei, "L:huge", "64-bit")


# ---------------------------------------------------------------------------------------------
# Impossible samples and malformed arguments.


def test_choice_without_replacement_larger_than_population():
    with pytest.raises(MeshjitValueError) as ei:
        random.choice(KEY, 5, (6,), replace=False)  # L:choice
    _check(ei, "L:choice", "larger sample", "size 6", "population", "size 5", "replace=False")
    with pytest.raises(MeshjitValueError) as ei:
        random.choice(KEY, jnp.arange(4), (2,), p=jnp.ones(3) / 3)  # L:choice-p
    _check(ei, "L:choice-p", "p must be None", "(3,)")


def test_categorical_logits_with_the_wrong_axis():
    logits = jnp.zeros((2, 3))
    with pytest.raises(IndexError) as ei:  # JAX's: an IndexError only (not a ValueError)
        random.categorical(KEY, logits, axis=2)  # L:axis
    assert not isinstance(ei.value, ValueError)
    _check_index(ei, "L:axis", "categorical", "axis 2", "f32[2,3]")
    with pytest.raises(MeshjitValueError) as ei:
        random.categorical(KEY, logits, axis=0, shape=(5,))  # L:axis-shape
    _check(ei, "L:axis-shape", "categorical", "(5,)")
    # JAX's np.delete of the logits' shape: its message shows NumPy integers
    assert str(ei.value) == "Incompatible shapes for broadcasting: shapes=[(5,), (np.int64(3),)]"
    with pytest.raises(MeshjitValueError) as ei:
        random.categorical(KEY, logits, shape=(4, 2), replace=False)  # L:too-many
    _check(ei, "L:too-many", "without replacement", "(4)", "(3)")


def test_bad_shapes_and_dtypes():
    with pytest.raises(MeshjitTypeError) as ei:
        random.normal(KEY, 3.0)  # L:float-shape
    _check(ei, "L:float-shape", "normal", "'float' object is not iterable")
    with pytest.raises(MeshjitValueError) as ei:
        random.normal(KEY, (2,), jnp.int32)  # L:int-dtype
    _check(ei, "L:int-dtype", "normal", "float or complex dtype", "int32")
    with pytest.raises(MeshjitValueError) as ei:
        random.bits(KEY, (2,), jnp.float32)  # L:bits-dtype
    _check(ei, "L:bits-dtype", "bits", "unsigned", "float32")
    with pytest.raises(MeshjitValueError) as ei:
        random.truncated_normal(KEY, jnp.zeros(3), 1.0, (2,))  # L:bounds
    _check(ei, "L:bounds", "truncated_normal", "(2,)")
    with pytest.raises(MeshjitTypeError) as ei:
        random.t(KEY, jnp.ones(2), (2,), jnp.bfloat16)  # L:cast
    _check(ei, "L:cast", "t", "float32", "bfloat16")


def test_an_int_shape_is_a_one_dimensional_shape_as_in_jax():
    # JAX accepts `shape=3` for (3,) in every sampler: meshjit too, with the same draws.
    assert random.normal(KEY, 3).shape == (3,)
    np.testing.assert_array_equal(
        np.asarray(random.randint(KEY, 3, 0, 10)), np.asarray(random.randint(KEY, (3,), 0, 10))
    )
    with pytest.raises(MeshjitTypeError) as ei:
        random.normal(KEY, (3.0,))  # L:float-dim
    _check(ei, "L:float-dim", "Shapes must be 1D sequences of concrete values of integer type")
    with pytest.raises(MeshjitTypeError) as ei:
        random.split(KEY, 2.5)  # L:float-count
    _check(ei, "L:float-count", "'float' object cannot be interpreted as an integer")


# ---------------------------------------------------------------------------------------------
# Round 5 of the mistakes catalogue.


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: random.key(None), ValueError, "None is not a valid value for jnp.array"),
        (lambda: random.key(2**70), OverflowError, "does not fit in a 64-bit integer"),
        (
            lambda: random.split(random.key(0), np.float32(2)),
            TypeError,
            "Only integer scalar arrays can be converted to a scalar index",
        ),
        (lambda: random.fold_in(random.key(0), "step"), ValueError, "invalid literal for int()"),
        (lambda: random.split(None), TypeError, "unexpected PRNG key type <class 'NoneType'>"),
        (
            lambda: random.wrap_key_data(random.split(random.key(0))),
            TypeError,
            "expected key_data.dtype = uint32; got dtype=key<fry>",
        ),
        (
            lambda: jnp.add(random.key(0), 1),
            TypeError,
            "add does not accept dtypes key<fry>, int32",
        ),
        (lambda: random.key(0) * 2, TypeError, "multiply does not accept dtypes key<fry>, int32"),
    ],
)
def test_key_mistakes_round5(call, error, words):
    with pytest.raises(error, match=re_escape(words)):
        call()


def re_escape(words):
    import re

    return re.escape(words)


def test_vmap_maps_a_typed_key_over_its_own_axes_not_its_data_words():
    # Mapping a single key mapped over the two uint32 words of its data (a wrong answer);
    # JAX refuses it, and maps a batch of keys over the batch only.
    with pytest.raises(ValueError, match=re_escape("rank should be at least 1, but is only 0")):
        meshjit.vmap(lambda k: random.normal(k, (2,)))(random.key(0))
    keys = random.split(random.key(0), 3)
    out = meshjit.vmap(lambda k: random.normal(k, (2,)), in_axes=-1)(keys)
    want = np.stack([np.asarray(random.normal(keys[i], (2,))) for i in range(3)])
    np.testing.assert_array_equal(np.asarray(out), want)


@pytest.mark.parametrize(
    "call,error,words",
    [
        (
            lambda: random.split(random.key(0), 4).reshape(3),
            TypeError,
            "cannot reshape array of shape (4,) (size 4) into shape 3 (size 3)",
        ),
        (lambda: random.key(0, impl=3), TypeError, "unrecognized type <class 'int'> for"),
        (lambda: random.ball(random.key(0), 2.5), TypeError, "cannot be interpreted as an integer"),
        (lambda: random.key(0) < random.key(1), TypeError, "lt does not accept dtype key<fry>"),
        (
            lambda: random.categorical(random.key(0), jnp.arange(3)),
            ValueError,
            "dtype argument to `gumbel` must be a float dtype, got int32",
        ),
    ],
)
def test_key_mistakes_round6(call, error, words):
    with pytest.raises(error, match=re_escape(words)):
        call()


def test_clone_of_a_non_key_is_the_identity():
    assert random.clone(1) == 1  # as JAX's (it checks no key)


def test_round8_seed_permutation_and_orthogonal_mistakes():
    # (tests/support/mistakes_catalogue_round8.py: JAX's types and words)
    with pytest.raises(MeshjitTypeError, match="with dtype <U4 is not a valid JAX array type"):
        random.key("seed")
    with pytest.raises(TypeError, match="permutation requires ndarray or scalar arguments"):
        random.permutation(KEY, [1, 2, 3])  # a list was permuted before
    with pytest.raises(MeshjitValueError, match="negative dimensions are not allowed"):
        random.orthogonal(KEY, -2)


def test_f_degrees_of_freedom_of_a_lower_rank_refused_as_jax():
    # JAX's random.f divides by lax.div: degrees of freedom of another rank than the shape fail
    with pytest.raises(TypeError, match="div: arrays must have the same number of dimensions"):
        random.f(random.key(0), jnp.array([1.0, 2.0, 3.0]), 3.0, (2, 3))
    x = random.f(random.key(0), jnp.array([[1.0, 2.0, 3.0]]), 3.0, (2, 3))
    assert x.shape == (2, 3)


def test_key_and_sampler_errors_are_jaxs_sentences():
    key = random.key(0)
    for fn, text in [
        (lambda: key + 1, "add does not accept dtypes key<fry>, int32."),
        (lambda: key.astype(jnp.uint32), "Cannot call abstract method astype"),
        (lambda: random.split(key, 2.5), "'float' object cannot be interpreted as an integer"),
        (
            lambda: random.bernoulli(key, jnp.ones(3), (2,)),
            "Incompatible shapes for broadcasting: shapes=[(2,), (3,)]",
        ),
        (
            lambda: random.permutation(key, jnp.ones((2, 3)), axis=2),
            "axis 2 is out of bounds for array of dimension 2",
        ),
    ]:
        with pytest.raises(Exception) as e:
            fn()
        assert str(e.value) == text


def test_key_data_shape_and_seed_errors_are_jaxs_sentences():
    # JAX's key data check names the implementation as its PRNGImpl NamedTuple prints (the
    # functions' addresses vary); meshjit's explanations are notes.
    with pytest.raises(TypeError) as e:
        random.wrap_key_data(jnp.ones(3, jnp.uint32))
    assert re.fullmatch(
        r"JAX encountered invalid PRNG key data: expected key_data\.shape to end with \(2,\); "
        r"got shape=\(3,\) for impl=PRNGImpl\(key_shape=\(2,\), seed=<function threefry_seed at "
        r"0x[0-9a-f]+>, split=<function threefry_split at 0x[0-9a-f]+>, random_bits=<function "
        r"threefry_random_bits at 0x[0-9a-f]+>, fold_in=<function threefry_fold_in at "
        r"0x[0-9a-f]+>, name='threefry2x32', tag='fry'\)",
        str(e.value),
    )
    with pytest.raises(TypeError) as e:
        random.wrap_key_data(jnp.ones(2, jnp.uint32), impl="unsafe_rbg")
    assert "seed=<function _rbg_seed at 0x" in str(e.value)
    assert "split=<function _unsafe_rbg_split at 0x" in str(e.value)
    assert str(e.value).endswith("name='unsafe_rbg', tag='urbg')")
    with pytest.raises(TypeError) as e:
        random.wrap_key_data(KEY)
    assert (
        str(e.value)
        == "JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0"
    )
    with pytest.raises(TypeError) as e:
        random.key("a")
    assert str(e.value) == (
        "Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types "
        "are supported by JAX."
    )
    for seed, shown in [
        (1.5, "~float32[]"),
        (np.float32(1.5), "float32[]"),
        (1 + 2j, "~complex64[]"),
    ]:
        with pytest.raises(TypeError) as e:
            random.key(seed)
        assert str(e.value) == f"PRNG key seed must be an integer; got JitTracer({shown})"


def test_categorical_axis_and_shape_errors_are_jaxs_sentences():
    logits = jnp.ones((2, 3))
    with pytest.raises(IndexError) as e:
        random.categorical(KEY, logits, axis=-3)
    assert str(e.value) == "index -3 is out of bounds for axis 0 with size 2"
    with pytest.raises(ValueError) as e:
        random.categorical(KEY, logits, shape=(1,))
    assert str(e.value) == (
        "categorical parameter shapes must be broadcast-compatible with shape argument, and the "
        "result of broadcasting the shapes must equal the shape argument, but got result "
        "(np.int64(2),) for shape argument (1,)."
    )
    with pytest.raises(ValueError) as e:
        random.bernoulli(KEY, jnp.ones(3), (1,))
    assert str(e.value).endswith("but got result (3,) for shape argument (1,).")


def test_sampler_shape_errors_are_jaxs_sentences():
    for fn, text in [
        (
            lambda: random.bernoulli(KEY, 0.5, (-1,)),
            "Only non-negative indices are allowed when broadcasting static shapes, but got "
            "shape (-1,).",
        ),
        (
            lambda: random.poisson(KEY, 2.0, (-1,)),
            "broadcast_in_dim shape must have every element be nonnegative, got (-1,).",
        ),
        (
            lambda: random.normal(KEY, (2.5,)),
            "Shapes must be 1D sequences of concrete values of integer type, got (2.5,).",
        ),
        (lambda: random.uniform(KEY, 3.5), "'float' object is not iterable"),
    ]:
        with pytest.raises(TypeError) as e:
            fn()
        assert str(e.value) == text


@pytest.mark.parametrize("impl, tag", [("rbg", "rbg"), ("unsafe_rbg", "urbg")])
def test_poisson_refuses_keys_other_than_threefry_as_jax(impl, tag):
    # JAX 0.10.2: NotImplementedError("`poisson` is only implemented for the threefry2x32
    # RNG, not rbg"), eagerly, under jit and under vmap; meshjit drew numbers (fuzz38)
    key = random.key(0, impl=impl)
    text = f"`poisson` is only implemented for the threefry2x32 RNG, not {tag}"
    for call in (
        lambda: random.poisson(key, 3.0, (3,)),
        lambda: meshjit.jit(lambda k: random.poisson(k, 3.0, (3,)))(key),
        lambda: meshjit.vmap(lambda k: random.poisson(k, 2.0))(random.split(key, 2)),
    ):
        with pytest.raises(NotImplementedError) as e:
            call()
        assert str(e.value) == text
    with _impl(impl), pytest.raises(NotImplementedError) as e:  # raw keys of that default
        random.poisson(random.PRNGKey(0), 3.0, (3,))
    assert str(e.value) == text


def _impl(name):
    import contextlib

    @contextlib.contextmanager
    def scope():
        was = meshjit.config.jax_default_prng_impl
        meshjit.config.update("jax_default_prng_impl", name)
        try:
            yield
        finally:
            meshjit.config.update("jax_default_prng_impl", was)

    return scope()
