"""meshjit.numpy's dtype names and dtype queries against jax.numpy (issue 14 item 11)."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError

ALIASES = [
    "bool",
    "bool_",
    "float_",
    "double",
    "single",
    "int_",
    "uint",
    "uint64",
    "int64",
    "float64",
    "float32",
    "bfloat16",
    "float16",
    "int8",
    "uint8",
    "int16",
    "uint16",
    "complex64",
    "complex128",
    "complex_",
    "csingle",
    "cdouble",
]
ABSTRACT = [
    "generic",
    "number",
    "inexact",
    "floating",
    "integer",
    "signedinteger",
    "unsignedinteger",
    "complexfloating",
    "character",
    "flexible",
]
DTYPES = [
    "bool",
    "int8",
    "uint8",
    "int16",
    "uint16",
    "int32",
    "uint32",
    "bfloat16",
    "float16",
    "float32",
    "complex64",
]


@pytest.fixture(scope="module")
def jax_numpy():
    return pytest.importorskip("jax.numpy")


@pytest.mark.parametrize("name", ALIASES)
def test_alias_makes_the_dtype_jax_makes(name, jax_numpy):
    ours, theirs = jnp.zeros(3, getattr(jnp, name)), jax_numpy.zeros(3, getattr(jax_numpy, name))
    assert ours.dtype == theirs.dtype
    assert getattr(jnp, name)(2).dtype == getattr(jax_numpy, name)(2).dtype


@pytest.mark.parametrize("name", DTYPES)
def test_issubdtype_of_every_abstract_type_matches_jax(name, jax_numpy):
    for abstract in ABSTRACT:
        ours = jnp.issubdtype(getattr(jnp, name), getattr(jnp, abstract))
        assert ours == jax_numpy.issubdtype(getattr(jax_numpy, name), getattr(jax_numpy, abstract))
    assert jnp.issubdtype(jnp.zeros(1, name).dtype, jnp.floating) == (
        name in ("bfloat16", "float16", "float32")
    )


@pytest.mark.parametrize("a", DTYPES)
def test_promote_types_and_can_cast_match_jax(a, jax_numpy):
    for b in DTYPES:
        assert jnp.promote_types(a, b) == jax_numpy.promote_types(a, b), (a, b)
        assert jnp.can_cast(a, b) == jax_numpy.can_cast(a, b), (a, b)


def test_isdtype_finfo_iinfo_match_jax(jax_numpy):
    kinds = [
        "bool",
        "signed integer",
        "unsigned integer",
        "integral",
        "real floating",
        "numeric",
        "complex floating",
        ("bool", "real floating"),
        ("real floating", "complex floating"),
        jnp.float32,
    ]
    for name in DTYPES:
        for kind in kinds:
            theirs_kind = jax_numpy.float32 if kind is jnp.float32 else kind
            assert jnp.isdtype(np.dtype(name), kind) == jax_numpy.isdtype(
                np.dtype(name), theirs_kind
            )
    assert jnp.finfo(jnp.bfloat16).eps == jax_numpy.finfo(jax_numpy.bfloat16).eps
    ours, theirs = jnp.finfo(jnp.complex64), jax_numpy.finfo(jax_numpy.complex64)
    assert (ours.dtype, ours.eps, ours.max) == (theirs.dtype, theirs.eps, theirs.max)
    assert jnp.iinfo(jnp.int8).min == jax_numpy.iinfo(jax_numpy.int8).min


def test_scalar_type_is_accepted_by_result_type():
    assert jnp.result_type(jnp.float16, 1.0) == np.float16
    assert jnp.result_type(jnp.bool, jnp.int8) == np.int8


def test_issubdtype_of_typed_key_dtypes_matches_jax(jax_numpy):
    """A typed key's dtype is a dtypes.prng_key and dtypes.extended (and np.generic), of no
    NumPy kind; other dtypes are not prng_keys (the PRNG docs' check)."""
    import jax

    import meshjit

    ours, theirs = meshjit.random.key(0), jax.random.key(0)
    queries = [
        lambda m, k: (k.dtype, m.dtypes.prng_key),
        lambda m, k: (k.dtype, m.dtypes.extended),
        lambda m, k: (k.dtype, k.dtype),
        lambda m, k: (k.dtype, np.generic),
        lambda m, k: (k.dtype, np.floating),
        lambda m, k: (k.dtype, np.uint32),
        lambda m, k: (np.float32, m.dtypes.prng_key),
        lambda m, k: (np.uint32, k.dtype),
    ]
    for i, query in enumerate(queries):
        want = jax_numpy.issubdtype(*query(jax, theirs))
        assert jnp.issubdtype(*query(meshjit, ours)) == want, i
        assert meshjit.dtypes.issubdtype(*query(meshjit, ours)) == want, i
    with pytest.raises(ValueError):  # a key array, not its dtype, as in JAX
        jax_numpy.issubdtype(theirs, jax.dtypes.prng_key)
    with pytest.raises(ValueError, match="key array has no NumPy dtype"):
        jnp.issubdtype(ours, meshjit.dtypes.prng_key)


def test_bad_dtype_query_is_a_clear_error():
    with pytest.raises(MeshjitTypeError, match="not a dtype"):
        jnp.issubdtype("not-a-dtype", jnp.floating)
    with pytest.raises(MeshjitValueError, match="Unrecognized kind='floats' expected one of"):
        jnp.isdtype(jnp.float32, "floats")  # JAX's class and words


PYTHON_SCALARS = [True, 1, 1.0, 1j]


@pytest.mark.parametrize("name", DTYPES)
def test_result_type_with_python_scalars_matches_jax(name, jax_numpy):
    """Python complex scalars are weak complex64: float32 + 1j is complex64, int8 * 1j too."""
    for scalar in PYTHON_SCALARS:
        ours = jnp.result_type(getattr(jnp, name), scalar)
        assert ours == jax_numpy.result_type(getattr(jax_numpy, name), scalar), (name, scalar)
        x = jnp.zeros(2, getattr(jnp, name)) + scalar
        y = jax_numpy.zeros(2, getattr(jax_numpy, name)) + scalar
        assert (x.dtype, x.weak_type) == (y.dtype, y.weak_type), (name, scalar)


def test_weak_complex_scalars_match_jax(jax_numpy):
    for value in (1j, 2 + 0.5j):
        ours, theirs = jnp.asarray(value), jax_numpy.asarray(value)
        assert (ours.dtype, ours.weak_type) == (theirs.dtype, theirs.weak_type)
    assert jnp.result_type(1j, 1.0) == jax_numpy.result_type(1j, 1.0)
    assert jnp.result_type(1j, 1j) == jax_numpy.result_type(1j, 1j)
    ours, theirs = jnp.array(1) + 1j, jax_numpy.array(1) + 1j
    assert (ours.dtype, ours.weak_type) == (theirs.dtype, theirs.weak_type)


@pytest.mark.parametrize("make,words", [(lambda: jnp.int8(200), "Python integer 200 out of bounds for int8"), (lambda: jnp.uint32(-1), "Python integer -1 out of bounds for uint32")])  # fmt: skip
def test_scalar_type_overflow_ends_on_the_users_line(make, words):
    with pytest.raises(OverflowError, match=words) as info:
        make()
    assert info.traceback[-1].path.name == "test_scalar_types.py"


def test_astype_object_is_jaxs_type_error():
    with pytest.raises(
        TypeError,
        match="JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in astype",
    ):
        jnp.ones(3).astype(object)


def test_array_api_metadata_and_namespace():
    # As JAX's: the standard's version, the inspection object, and the namespace of arrays and
    # of tracers (a namespace-generic function works under jit).
    import meshjit

    assert jnp.__array_api_version__ == "2024.12"
    info = jnp.__array_namespace_info__()
    assert info.capabilities()["data-dependent shapes"] is False
    assert info.default_device() is None and info.devices()[0] is None
    assert info.default_dtypes()["real floating"] == np.float32
    assert sorted(info.dtypes(kind="real floating")) == ["float32"]
    assert "bool" in info.dtypes() and "int64" not in info.dtypes()
    x = jnp.arange(3.0)
    assert x.__array_namespace__() is jnp
    assert meshjit.jit(lambda a: a.__array_namespace__().sum(a))(x) == 3.0
    with pytest.raises(ValueError, match="is not available"):
        x.__array_namespace__(api_version="2021.12")


def test_float6_and_int1_names_are_jaxs_dtypes():
    assert (jnp.int1.dtype.name, int(jnp.iinfo(jnp.int1).min), int(jnp.iinfo(jnp.uint1).max)) == (
        "int1",
        -1,
        1,
    )
    assert (jnp.dtype(jnp.float6_e2m3fn).name, jnp.float6_e3m2fn.dtype.name) == (
        "float6_e2m3fn",
        "float6_e3m2fn",
    )
    assert (float(jnp.finfo(jnp.float6_e2m3fn).max), float(jnp.finfo(jnp.float6_e3m2fn).max)) == (
        7.5,
        28.0,
    )


def test_scalar_types_print_as_jax_s_classes():
    """`print(jnp.float32)` prints JAX's class repr, as a program run under JAX prints it
    (meshjit printed `meshjit.numpy.float32`)."""
    import meshjit.numpy as jnp

    assert repr(jnp.float32) == "<class 'jax.numpy.float32'>"
    assert str(jnp.bfloat16) == "<class 'jax.numpy.bfloat16'>"
    assert f"{jnp.int8}" == "<class 'jax.numpy.int8'>"
    assert repr(jnp.float64) == "<class 'jax.numpy.float64'>"  # x64 off too, as JAX
    assert repr(jnp.bool_) == "<class 'jax.numpy.bool'>"
