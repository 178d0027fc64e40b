"""lax.scaled_dot and jax.nn's block-scaled matmuls as JAX 0.10.2's (one JAX subprocess).

scaled_dot: the same bits with and without scales (JAX's ones of float8_e8m0fnu), in bfloat16
(the default) and float32, under vmap and jit, with explicit dimension numbers; its jaxpr; its
TypeErrors for bad ranks and scale shapes. nn.scaled_matmul / scaled_dot_general (cuDNN in
JAX): JAX's shape checks, a trace, and JAX's CPU NotImplementedError when run;
scaled_dot_general without configs is dot_general; get_scaled_dot_general_config's fields."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
r = np.random.RandomState(0)
a = r.randn(2, 4, 64).astype(np.float32)
b = r.randn(2, 64, 3).astype(np.float32)
sa = np.abs(r.randn(2, 4, 2)).astype(np.float32)
sb = np.abs(r.randn(2, 2, 3)).astype(np.float32)
bits = lambda x: np.asarray(x).astype(np.float32).view(np.uint32)
dims = (((0,), (1,)), ((), ()))


def values(a, b, sa, sb):  # one compile for all of them
    sd = lax.scaled_dot
    return {
        "scaled": sd(a, b, lhs_scale=sa, rhs_scale=sb),
        "unscaled": sd(a, b),
        "f32": sd(a, b, lhs_scale=sa, rhs_scale=sb, preferred_element_type=jnp.float32),
        "vmap": jax.vmap(lambda x, y, s, t: sd(x, y, lhs_scale=s, rhs_scale=t))(a, b, sa, sb),
        "vmap_one": jax.vmap(lambda x: sd(x, b[0], lhs_scale=sa[0], rhs_scale=sb[0]))(a),
        "dims": sd(a[0].T, b[0].T, lhs_scale=sa[0].T, rhs_scale=sb[0].T, dimension_numbers=dims),
    }


got = jax.jit(values)(a, b, sa, sb)
for name, value in got.items():
    out[name] = bits(value)
out["dtype"] = np.array(str(got["unscaled"].dtype))
out["eager"] = bits(lax.scaled_dot(a, b, lhs_scale=sa, rhs_scale=sb))
out["jaxpr"] = np.array(str(jax.make_jaxpr(lambda x, y: lax.scaled_dot(x, y, preferred_element_type=jnp.float32))(a[0], b[0])))
bad = {
    "rank1": lambda: lax.scaled_dot(a[0, 0], b[0, :, 0]),
    "ratio": lambda: lax.scaled_dot(a, b, lhs_scale=sa[..., :1].repeat(64, -1), rhs_scale=sb),
    "free": lambda: lax.scaled_dot(a, b, lhs_scale=sa[:, :3], rhs_scale=sb),
    "divisible": lambda: lax.scaled_dot(a, b, lhs_scale=sa[..., :1].repeat(3, -1), rhs_scale=sb),
    "contracting": lambda: lax.scaled_dot(a, b[:, :32], lhs_scale=sa, rhs_scale=sb),
    "ranks": lambda: lax.scaled_dot(a, b, lhs_scale=sa[0], rhs_scale=sb),
    "batch": lambda: lax.scaled_dot(a, b[:1], lhs_scale=sa, rhs_scale=sb[:1]),
    "nn_rank": lambda: jax.nn.scaled_matmul(a[0], b[0], sa[0], sb[0]),
    "nn_k": lambda: jax.nn.scaled_matmul(a, b, sa, sb),
    "nn_scales": lambda: jax.nn.scaled_matmul(a, a, sa, sa[:, :, :1]),
    "nn_free": lambda: jax.nn.scaled_matmul(a, a[:, :2], sa, sa),
    "nn_run": lambda: jax.nn.scaled_matmul(a, a[:, :2], sa, sa[:, :2]),
    "nn_configs": lambda: jax.nn.scaled_dot_general(a, b, (((2,), (1,)), ((0,), (0,))), configs=[jax.nn.get_scaled_dot_general_config("mxfp8")] * 3),
    "nn_type": lambda: jax.nn.scaled_dot_general(a, b, (((2,), (1,)), ((0,), (0,))), jnp.int32, configs=[None] * 3),
    "nn_mode": lambda: jax.nn.get_scaled_dot_general_config("fp4"),
}
for name, run in bad.items():
    try:
        run()
        out[name] = np.array("no error")
    except Exception as e:
        out[name] = np.array(f"{type(e).__name__}: {e}")
traced = jax.make_jaxpr(jax.nn.scaled_matmul)(a, a[:, :2], sa, sa[:, :2])
out["nn_traced"] = np.array([str(v.aval) for v in traced.jaxpr.outvars])
out["nn_plain"] = bits(jax.jit(jax.nn.scaled_dot_general, static_argnums=2)(a, b, (((2,), (1,)), ((0,), (0,)))))
configs = [jax.nn.get_scaled_dot_general_config(m, g) for m, g in (("mxfp8", None), ("nvfp4", None), ("nvfp4", 0.5))]
out["configs"] = np.array([f"{c.mode} {c.block_size} {np.dtype(c.data_type)} {np.dtype(c.scale_type)} {np.asarray(c.global_scale) if c.global_scale is not None else None} {c.infer_only}" for c in configs])
"""


def test_scaled_dot_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path, per_machine=True)  # f32 dots: the CPU's bits
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


def test_scaled_dot_matches_its_definition():
    """(lhs * repeated lhs_scale) @ (rhs * repeated rhs_scale) in bfloat16, in NumPy."""
    import ml_dtypes

    import meshjit.lax as lax

    r = np.random.RandomState(1)
    a, b = r.randn(5, 32).astype(np.float32), r.randn(32, 2).astype(np.float32)
    sa, sb = np.abs(r.randn(5, 4)).astype(np.float32), np.abs(r.randn(2, 2)).astype(np.float32)
    bf = lambda x: x.astype(ml_dtypes.bfloat16).astype(np.float32)  # noqa: E731
    want = (bf(a) * bf(np.repeat(sa, 8, 1))).astype(ml_dtypes.bfloat16).astype(np.float32) @ (
        (bf(b) * bf(np.repeat(sb, 16, 0))).astype(ml_dtypes.bfloat16).astype(np.float32)
    )
    got = lax.scaled_dot(a, b, lhs_scale=sa, rhs_scale=sb, preferred_element_type=np.float32)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-4)
