"""meshjit's answers to the user mistakes of the catalogue's round 9: JAX's error types and
words (tests/support/mistakes_catalogue_round9.py runs them against JAX), and the behaviour
those fixes changed."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.errors import ConcretizationTypeError
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P

x3 = np.ones(3, np.float32)


def _explicit_mesh(shape=(2, 4), names=("x", "y")):
    return meshjit.make_mesh(shape, names, axis_types=(AxisType.Explicit,) * len(shape))


def _keys():
    return random.split(random.key(0), 3)


def _setitem_key():
    keys = _keys()
    keys[0] = random.key(1)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: jnp.var(x3, ddof=1, correction=1), ValueError,
         "ddof and correction can't be provided simultaneously."),
        (lambda: jnp.triu(np.ones((3, 3)), k=0.5), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: jnp.concatenate([x3, np.float32(1)]), TypeError,
         "Cannot concatenate arrays with different numbers of dimensions: got (3,), ()."),
        (lambda: jnp.concatenate([np.float32(1), x3]), ValueError,
         "Zero-dimensional arrays cannot be concatenated."),
        (lambda: jnp.add.at(jnp.zeros(3), 0, 1.0), NotImplementedError,
         "Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like"),
        (lambda: jnp.power(jnp.ones(2), jnp.ones(3)), TypeError,
         "pow got incompatible shapes for broadcasting: (2,), (3,)."),
        (lambda: jnp.array_split(x3, -1), ValueError,
         "array_split: the number of sections must be positive, got -1"),
        (lambda: jnp.isclose(jnp.ones(3), jnp.ones(4)), TypeError,
         "and got incompatible shapes for broadcasting: (3,), (4,)."),
        (lambda: meshjit.tree.flatten([1, [2]], is_leaf=lambda x: "yes"), ValueError,
         "is_leaf predicate returned a non-boolean value 'yes'; expected a boolean"),
        (lambda: meshjit.tree_util.tree_leaves([1], is_leaf=lambda x: 1), ValueError,
         "is_leaf predicate returned a non-boolean value 1; expected a boolean"),
        (lambda: meshjit.grad(lambda x: {"loss": x}, has_aux=True)(1.0), TypeError,
         "expected function with aux output to return a two-element tuple, but got type "
         "<class 'dict'>"),
        (lambda: meshjit.grad(lambda x: sum(x.tolist()))(x3), ConcretizationTypeError,
         "The tolist() method was called on traced array with shape float32[3]"),
        (_setitem_key, TypeError,
         "JAX arrays are immutable and do not support in-place item assignment"),
        (lambda: lax.convert_element_type(random.key(0), jnp.uint32), ValueError,
         "Cannot convert_element_type from key<fry> to uint32"),
        (lambda: jnp.mean(_keys()), TypeError, "Cannot interpret 'key<fry>' as a data type"),
        (lambda: meshjit.grad(lambda k: random.normal(k))(random.key(0)), TypeError,
         "but got key<fry>."),
        (lambda: random.split(random.key(0), "2"), TypeError,
         "'str' object cannot be interpreted as an integer"),
        (lambda: meshjit.device_put(x3, sharding=None), TypeError,
         "device_put() got an unexpected keyword argument 'sharding'"),
        (lambda: meshjit.jit(lambda x: x, out_shardings=meshjit.devices())(x3), TypeError,
         "out_shardings leaf specifications are expected to be PartitionSpec instances or None"),
        (lambda: meshjit.device_put(
            x3[:2], NamedSharding(meshjit.sharding.AbstractMesh((2,), ("x",)), P("x"))),
         ValueError, "is_fully_addressable is not implemented for `jax.sharding.AbstractMesh`."),
    ],
)  # fmt: skip
def test_jax_words(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()


def test_reshard_names_the_positional_arguments_tuple():
    with meshjit.set_mesh(_explicit_mesh()):
        with pytest.raises(ValueError, match="must be a tree prefix of the positional arguments"):
            meshjit.sharding.reshard((jnp.ones(4), jnp.ones(4)), (P("x"), P("x"), P("x")))


def test_out_sharding_on_another_mesh_than_the_context_one():
    other = _explicit_mesh((4, 2), ("a", "b"))
    with meshjit.set_mesh(_explicit_mesh()):
        with pytest.raises(ValueError, match="should match the mesh of sharding"):
            jnp.zeros((4, 8), out_sharding=NamedSharding(other, P("a", None)))
    with meshjit.set_mesh(other):  # the context's own mesh is fine
        z = jnp.zeros((4, 8), out_sharding=NamedSharding(other, P("a", None)))
    assert z.sharding.spec == P("a", None)


def test_var_takes_correction_alone():
    np.testing.assert_allclose(
        jnp.var(np.arange(4.0), correction=1), np.var(np.arange(4.0), ddof=1)
    )


def test_is_leaf_may_answer_none():
    assert meshjit.tree.leaves([1, [2]], is_leaf=lambda x: None) == [1, 2]


def test_custom_vjp_bwd_gets_an_array_cotangent_from_grad():
    f = meshjit.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, None), lambda r, g: (g.astype(jnp.float32) * 3,))
    assert float(meshjit.grad(f)(1.0)) == 3.0  # g.astype: a Python float has none


def test_vmap_refuses_mapped_dimensions_sharded_differently():
    mesh = _explicit_mesh()
    a = meshjit.device_put(jnp.ones((4, 8)), NamedSharding(mesh, P("x", None)))
    b = meshjit.device_put(jnp.ones((4, 8)), NamedSharding(mesh, P("y", None)))
    with pytest.raises(ValueError, match="Got inconsistent axis specs: x vs y"):
        meshjit.vmap(lambda u, v: u * v)(a, b)
    assert meshjit.vmap(lambda u, v: u * v)(a, a).shape == (4, 8)


def test_pmap_in_axes_trees_and_out_axes_range():
    xs = {"a": jnp.ones((2, 3))}
    assert meshjit.pmap(lambda d: d["a"], in_axes=({"a": 0},))(xs).shape == (2, 3)
    with pytest.raises(ValueError, match="different pytree metadata at key path"):
        meshjit.pmap(lambda d: d["a"], in_axes=({"b": 0},))(xs)  # a TypeError of '<=' before
    with pytest.raises(ValueError, match="axis 2 is out of bounds for array of dimension 2"):
        meshjit.pmap(lambda x: x, out_axes=2)(jnp.ones((2, 3)))
