"""Stage attributes as JAX 0.10.2's (the values read off JAX): `Traced.out_avals`, the outputs'
avals in the outputs' structure (weak types shown, a typed key's as `key<fry>[...]`), and each
stage's `donate_argnums`, the donated arguments (named ones too) among the non-static ones."""

import pytest

import meshjit
import meshjit.numpy as jnp


def test_out_avals_as_jax():
    traced = meshjit.jit(lambda x: (x, {"a": x.sum(), "b": 1.0})).trace(jnp.ones(3))
    assert repr(traced.out_avals) == (
        "(ShapedArray(float32[3]), {'a': ShapedArray(float32[]), "
        "'b': ShapedArray(float32[], weak_type=True)})"
    )
    assert str(meshjit.jit(lambda x: x * 2).trace(jnp.ones(3)).out_avals) == "float32[3]"
    assert meshjit.jit(lambda x: None).trace(1).out_avals is None


def test_out_avals_of_typed_keys_as_jax():
    def keys():
        return meshjit.random.split(meshjit.random.key(0), 3), meshjit.random.key(1, impl="rbg")

    assert repr(meshjit.jit(keys).trace().out_avals) == (
        "(ShapedArray(key<fry>[3]), ShapedArray(key<rbg>[]))"
    )


def test_donate_argnums_of_the_stages_as_jax():
    def f(s, x, y):
        return x * s + y

    x = jnp.ones(2)
    traced = meshjit.jit(f, static_argnums=0, donate_argnums=1).trace(2, x, x)
    lowered = traced.lower()
    assert traced.donate_argnums == lowered.donate_argnums == lowered.compile().donate_argnums
    assert traced.donate_argnums == (0,)
    assert meshjit.jit(f, donate_argnames="y").trace(2, x, y=x).donate_argnums == (2,)
    assert meshjit.jit(f, donate_argnames="y").trace(2, x, x).donate_argnums == (2,)
    assert meshjit.jit(f).trace(2, x, x).donate_argnums == ()


def test_compiled_out_info_carries_the_formats_as_jax():
    """Compiled.out_info: no weak types, each output's Format (a typed key's too)."""
    compiled = meshjit.jit(lambda x, k: (x + 1.0, k)).lower(1.0, meshjit.random.key(0)).compile()
    out, key = compiled.out_info
    device = "SingleDeviceSharding(device=CpuDevice(id=0), memory_kind=device)"
    assert repr(out) == (
        f"ShapeDtypeStruct(shape=(), dtype=float32, sharding={device}, format=Layout("
        "major_to_minor=(), tiling=(), sub_byte_element_size_in_bits=0))"
    )
    assert out.format == compiled.output_formats[0] and str(key.dtype) == "key<fry>"
    assert key.shape == () and key.format.sharding is not None


def test_compiled_call_mismatches_named_as_jax():
    def loss(params, x, *, scale):
        return scale * jnp.sum(x @ params["w"] + params["b"])

    params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
    compiled = meshjit.jit(loss, static_argnames="scale").lower(params, jnp.ones((4, 3)), scale=2.0)
    with pytest.raises(TypeError) as ei:
        compiled.compile()({"w": jnp.ones((3, 2)), "b": jnp.zeros(3)}, jnp.ones((4, 3), jnp.int32))
    assert str(ei.value) == (
        "Argument types differ from the types for which this computation was compiled. Perhaps "
        "you are calling the compiled executable with a different enable_x64 mode than when it "
        "was AOT compiled? The mismatches are:\n"
        "Argument 'params['b']' compiled with float32[2] and called with float32[3]\n"
        "Argument 'x' compiled with float32[4,3] and called with int32[4,3]"
    )
