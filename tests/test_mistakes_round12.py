"""meshjit's answers to the user mistakes of the catalogue's round 12: JAX's error types and
words (tests/support/mistakes_catalogue_round12.py runs them against JAX), the user's line at
the end of the traceback, and the behaviour those fixes kept."""

import traceback

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.errors import MeshjitError
from meshjit.experimental import pallas as pl

_SDS = meshjit.ShapeDtypeStruct((3,), jnp.float32)
_REF = meshjit.new_ref(jnp.zeros(3))


def _copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def _pcall(kernel, x=None, out_shape=None, **kw):
    x = jnp.ones(8) if x is None else x
    out_shape = meshjit.ShapeDtypeStruct(x.shape, x.dtype) if out_shape is None else out_shape
    return pl.pallas_call(kernel, out_shape=out_shape, interpret=True, **kw)(x)


def _spec(*block, index_map=lambda i: (i,)):
    return pl.BlockSpec(block, index_map)


def _returning_kernel(x_ref, o_ref):
    return x_ref[...]


def _storing_a_ref(x_ref, o_ref):
    o_ref[...] = x_ref


def _adding_to_a_ref(x_ref, o_ref):
    o_ref[...] = x_ref + 1.0


def _program_id_beyond_the_grid(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(1)


def _with_scratch(x_ref, o_ref, s_ref):
    o_ref[...] = x_ref[...]


def _truth_of_a_block(x_ref, o_ref):
    if x_ref:
        o_ref[...] = x_ref[...]


def _ref_write(ref, value):
    ref[...] = value


@pytest.mark.parametrize(
    "call, error, words",
    [
        # callbacks outside jit fail as JAX's compiled call does
        (lambda: meshjit.pure_callback(lambda x: np.ones(4, np.float32), _SDS, jnp.ones(3)),
         meshjit.errors.JaxRuntimeError, "INTERNAL: CpuCallback error calling callback"),
        (lambda: meshjit.pure_callback(3, _SDS, jnp.ones(3)), meshjit.errors.JaxRuntimeError,
         "'int' object is not callable"),
        (lambda: meshjit.experimental.io_callback(lambda x: (x, x), _SDS, jnp.ones(3)),
         meshjit.errors.JaxRuntimeError, "Mismatched number of outputs from callback"),
        (lambda: meshjit.pure_callback(lambda x: x, [3], jnp.ones(3)), AttributeError,
         "'int' object has no attribute 'dtype'"),
        (lambda: meshjit.grad(lambda x: meshjit.pure_callback(np.sin, meshjit.ShapeDtypeStruct(
            (), jnp.float32), x))(1.0), ValueError, "Please use `jax.custom_jvp` to use callbacks"),
        # einsum
        (lambda: jnp.einsum("ij"), ValueError,
         "Number of einsum subscripts, 1, must be equal to the number of operands, 0."),
        (lambda: jnp.einsum("...i...->i", jnp.ones((2, 3))), ValueError, "Invalid Ellipses."),
        # pad, split, reshape, norm, vecdot, cholesky
        (lambda: jnp.pad(jnp.ones(3), 1, mode="linear_ramp", end_values=(1, 2, 3)), ValueError,
         "jnp.pad: end_values with nd=1 has unsupported shape (3,). Valid shapes are (1, 2), "
         "(1, 2), (2,), (1,), or ()."),
        (lambda: jnp.split(jnp.ones(4), 0), ZeroDivisionError,
         "integer division or modulo by zero"),
        (lambda: jnp.split(jnp.ones(3), 2), ValueError,
         "array split does not result in an equal division: rest is 1"),
        (lambda: jnp.split(jnp.ones(3), 3, axis=1), IndexError, "tuple index out of range"),
        (lambda: jnp.dsplit(jnp.ones((2, 4)), 2), IndexError, "tuple index out of range"),
        (lambda: jnp.hsplit(jnp.float32(1.0), 1), IndexError, "tuple index out of range"),
        (lambda: jnp.reshape(jnp.ones(6), (4, 2), order="F"), TypeError,
         "cannot reshape array of shape (6,) (size 6) into shape (4, 2) (size 8)"),
        (lambda: jnp.linalg.norm(jnp.ones((2, 3)), axis=1.0), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: jnp.linalg.vecdot(jnp.ones(3), jnp.ones(3), axis=1), IndexError,
         "tuple index out of range"),
        (lambda: jnp.linalg.cholesky(jnp.ones(3)), TypeError,
         "transpose permutation isn't a permutation of operand dimensions, got permutation "
         "(0, -1) for operand shape (3,)."),
        # loops
        (lambda: lax.fori_loop(0, 3, lambda i, c: c + 1, 0, unroll=1.5), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), unroll="all"), TypeError,
         "'<' not supported between instances of 'str' and 'int'"),
        # dtypes and keys
        (lambda: jnp.negative(jnp.array([True])), TypeError,
         "neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, "
         "complexfloating."),
        (lambda: lax.neg(jnp.array(True)), TypeError,
         "Accepted dtypes are subtypes of integer, floating, complexfloating"),
        (lambda: -random.key(0), TypeError,
         "neg does not accept dtype key<fry>. Accepted dtypes are subtypes of integer, floating, "
         "complexfloating."),
        (lambda: random.key_impl(3), TypeError,
         "expected key_data to have ndim, shape, and dtype attributes. Got 3"),
        (lambda: jnp.array(["a", "b"]), TypeError,
         "Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types "
         "are supported by JAX."),
        (lambda: np.zeros((), meshjit.dtypes.float0) + jnp.ones(()), TypeError,
         "Called add with a float0 array. float0s do not support any operations by design"),
        (lambda: jnp.uint32(1) + 2**33, OverflowError,
         "An overflow was encountered while parsing an argument to a jitted computation, whose "
         "argument path is y. Got <class 'int'> with value 8589934592"),
        (lambda: meshjit.jit(lambda x: 2**40 - x)(jnp.int32(1)), OverflowError,
         "whose argument path is x. Got <class 'int'> with value 1099511627776"),
        # Pallas
        (lambda: _pcall(_copy, grid=(2.0,)), ValueError,
         "Grid must be a tuple of integers or jax.Array, got (2.0,)"),
        (lambda: _pcall(_copy, out_shape=(8,)), ValueError, "Invalid out_shape type: <class 'int'>"),
        (lambda: _pcall(_returning_kernel), ValueError,
         "The kernel function in the pallas_call _returning_kernel at "),
        (lambda: _pcall(_copy, grid=(2,), in_specs=[_spec(4, index_map=lambda i: (i * 1.5,))],
                        out_specs=_spec(4)), ValueError,
         "for args[0] must return integer scalars. Output[0] has type ~float32[]."),
        (lambda: _pcall(_copy, grid=(2,), in_specs=[(4,)], out_specs=None), ValueError,
         "Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:\n"
         "    * at [0], `in_specs` is a <class 'tuple'> but `inputs` is a pytree leaf, so their "
         "Python types differ"),
        (lambda: _pcall(_copy, grid=(2,), in_specs=[_spec(4)], out_specs=[_spec(4), _spec(4)]),
         ValueError, "Pytree for `out_specs` and `out_shape` do not match."),
        (lambda: pl.num_programs(0), AssertionError, "inside a pallas_call kernel"),
        (lambda: _pcall(_program_id_beyond_the_grid, grid=(2,)), ValueError,
         "Axis 1 is out of bounds for grid (2,)"),
        (lambda: _pcall(_copy, out_shape=meshjit.ShapeDtypeStruct((4,), jnp.float32),
                        input_output_aliases={0: 0}), ValueError,
         "Invalid shape for `swap`. Ref shape: (4,). Expected shape: (4,). Value shape: (8,)."),
        (lambda: _pcall(_storing_a_ref), ValueError,
         "Cannot store a Ref into another Ref. Did you forget to load from it using `[...]`?"),
        (lambda: _pcall(_adding_to_a_ref), AttributeError,
         "'AbstractRef' object has no attribute '_add'"),
        (lambda: pl.pallas_call(None, out_shape=_SDS, interpret=True)(jnp.ones(3)), TypeError,
         "the first argument must be callable"),
        (lambda: _pcall(_with_scratch, scratch_shapes=[meshjit.ShapeDtypeStruct((8,), jnp.float32)]),
         AttributeError, "'ShapeDtypeStruct' object has no attribute 'get_ref_aval'"),
        (lambda: _pcall(_copy, grid=(2,), in_specs=[_spec(4, index_map=lambda i: None)],
                        out_specs=_spec(4)), AttributeError,
         "'NoneType' object has no attribute 'shape'"),
        (lambda: pl.pallas_call(_copy, out_shape={"o": meshjit.ShapeDtypeStruct((8,), jnp.float32)},
                                out_specs=(pl.BlockSpec((8,), lambda: (0,)),), interpret=True)(
            jnp.ones(8)), ValueError,
         "`out_specs` is a <class 'tuple'> but `out_shape` is a <class 'dict'>, so their Python "
         "types differ"),
        (lambda: pl.GridSpec(grid=(1,), in_specs={"x": _spec(4)}), ValueError,
         "`in_specs` must be a tuple or a list. Found: {'x': BlockSpec("),
        (lambda: _pcall(_truth_of_a_block), ValueError,
         "The truth value of an array with more than one element is ambiguous."),
        # refs
        (lambda: jnp.sin(_REF), TypeError, "sin requires ndarray or scalar arguments, got"),
        (lambda: jnp.sum(_REF), TypeError, "sum requires ndarray or scalar arguments, got"),
        (lambda: bool(meshjit.new_ref(jnp.zeros(()))), TypeError, "len() of unsized object"),
        (lambda: meshjit.new_ref(meshjit.new_ref(jnp.zeros(3))), AssertionError,
         "a reference cannot hold a reference"),
        (lambda: _ref_write(meshjit.new_ref(jnp.zeros(3)), meshjit.new_ref(jnp.zeros(3))),
         ValueError, "Cannot store a Ref into another Ref."),
        (lambda: lax.scan(lambda c, x: (c, x), meshjit.new_ref(jnp.zeros(3)), jnp.ones(3)),
         ValueError, "function <lambda> at "),
        (lambda: lax.cond(True, lambda: _REF, lambda: _REF), ValueError,
         "function <lambda> at "),
        (lambda: meshjit.grad(lambda r: r[...].sum())(meshjit.new_ref(jnp.zeros(3))), ValueError,
         "Expected cotangent type Ref{float32[3]} but got float32[3]"),
    ],
)  # fmt: skip
def test_errors_in_jaxs_words(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value)


def _add_last_program_id(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(-1)


def _float0_gradient_used():
    g = meshjit.grad(lambda x, n: x * n, argnums=(0, 1), allow_int=True)(1.0, 2)
    return g[1] + 1


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: meshjit.debug.print("{x", x=1.0), ValueError),
        (lambda: meshjit.debug.print("x}", x=1.0), ValueError),
        (lambda: jnp.einsum_path("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5))), ValueError),
        (lambda: jnp.einsum(jnp.ones((2, 3)), [0, 1], jnp.ones((4, 5)), [1, 2]), ValueError),
        (lambda: meshjit.new_ref(jnp.zeros(3)).at, NotImplementedError),
        (lambda: -random.key(0), TypeError),
        (lambda: len(meshjit.new_ref(jnp.zeros(()))), TypeError),
    ],
)  # fmt: skip
def test_errors_end_on_the_users_line(call, error):
    with pytest.raises(error) as e:
        call()
    last = traceback.extract_tb(e.value.__traceback__)[-1]
    assert last.filename == __file__, last


def test_a_float0_gradient_in_numpy_arithmetic_ends_on_the_users_line():
    with pytest.raises(TypeError, match="ufunc 'add' did not contain a loop") as e:
        _float0_gradient_used()
    last = traceback.extract_tb(e.value.__traceback__)[-1]
    assert (last.filename, last.name) == (__file__, "_float0_gradient_used")


def test_an_eager_callback_error_carries_the_callbacks_traceback():
    def cb(x):
        raise ValueError("user callback failed")

    with pytest.raises(meshjit.errors.JaxRuntimeError) as e:
        meshjit.pure_callback(cb, _SDS, jnp.ones(3))
    assert "ValueError: user callback failed" in str(e.value)
    assert isinstance(e.value, MeshjitError)


def test_what_the_fixes_keep_working():
    np.testing.assert_array_equal(
        jnp.reshape(jnp.arange(6), (-1, 2), order="F"), np.arange(6).reshape((-1, 2), order="F")
    )
    np.testing.assert_allclose(jnp.linalg.norm(jnp.ones((2, 3)), axis=np.int64(1)), [3**0.5] * 2)
    np.testing.assert_array_equal(jnp.linalg.vecdot(jnp.ones((2, 3)), jnp.ones(3)), [3.0, 3.0])
    assert [a.shape for a in jnp.split(jnp.ones((2, 4)), 2, axis=-1)] == [(2, 2), (2, 2)]
    np.testing.assert_array_equal(
        jnp.pad(jnp.zeros(2), 1, mode="linear_ramp", end_values=(1, 3)), [1, 0, 0, 3]
    )
    assert lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), unroll=True)[0] == 3.0
    out = meshjit.pure_callback(lambda x: x * 2, _SDS, jnp.ones(3))
    np.testing.assert_array_equal(out, [2.0, 2.0, 2.0])
    x = jnp.arange(8.0)
    spec = _spec(4)
    np.testing.assert_array_equal(_pcall(_copy, x, grid=(2,), in_specs=[spec], out_specs=spec), x)
    aliased = _pcall(_copy, x, input_output_aliases={0: 0})
    np.testing.assert_array_equal(aliased, x)
    np.testing.assert_array_equal(_pcall(_add_last_program_id, x, grid=(3,)), x + 2)
    assert bool(meshjit.new_ref(jnp.zeros(2)))  # an eager ref: Python's truth of its length
    assert meshjit.jit(lambda v: v + 2**20)(jnp.int32(1)) == 2**20 + 1
