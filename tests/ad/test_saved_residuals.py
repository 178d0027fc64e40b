"""jax.ad_checkpoint.saved_residuals / print_saved_residuals: the residuals reverse mode keeps,
each with its origin, against JAX's list for the same functions (the shapes, and what each
comes from: an argument by name, or the operation that made it)."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit.ad_checkpoint import print_saved_residuals
from meshjit.compiler.ad.residuals import saved_residuals
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
import re
from jax._src.ad_checkpoint import saved_residuals
import jax.ad_checkpoint
def g(W, x):
    return jnp.sin(jnp.dot(W, x))
def f(W1, W2, x):
    return g(W2, g(W1, x))
def loss(params, x):
    return jnp.sum(jnp.tanh(x @ params["w"]))
def h(x):
    return jnp.cos(jnp.sin(x))
def named(x):
    return jnp.sin(jax.ad_checkpoint.checkpoint_name(jnp.cos(x), "a") * 2)
def named2(x):
    a = jax.ad_checkpoint.checkpoint_name(jnp.cos(x), "a")
    b = jax.ad_checkpoint.checkpoint_name(jnp.sin(a) * 3, "b")
    return jnp.sin(b) * jnp.cos(a)
CASES = {
    "mlp": (f, (jnp.ones((5, 4)), jnp.ones((6, 5)), jnp.ones(4))),
    "remat": (jax.checkpoint(g), (jnp.ones((5, 4)), jnp.ones(4))),
    "pytree": (loss, ({"w": jnp.ones((3, 2))}, jnp.ones((4, 3)))),
    "chain": (h, (jnp.ones(3),)),
    "remats": (lambda W, x: jax.checkpoint(g)(W, jax.checkpoint(g)(W, x)), (jnp.ones((4, 4)), jnp.ones(4))),
    "remat_policy": (jax.checkpoint(f, policy=jax.checkpoint_policies.dots_saveable), (jnp.ones((5, 4)), jnp.ones((6, 5)), jnp.ones(4))),
    "remat_names": (jax.checkpoint(named, policy=jax.checkpoint_policies.save_only_these_names("a")), (jnp.ones(3),)),
    "offload_names": (jax.checkpoint(named2, policy=jax.checkpoint_policies.save_and_offload_only_these_names(names_which_can_be_saved=["a"], names_which_can_be_offloaded=["b"], offload_src="device", offload_dst="pinned_host")), (jnp.ones(3),)),
    "offload_dots": (jax.checkpoint(f, policy=jax.checkpoint_policies.offload_dot_with_no_batch_dims("device", "pinned_host")), (jnp.ones((5, 4)), jnp.ones((6, 5)), jnp.ones(4))),
    "recompute_enum": (jax.checkpoint(named2, policy=lambda prim, *_, **p: jax.ad_checkpoint.Saveable if p.get("name") == "b" else jax.ad_checkpoint.Recompute), (jnp.ones(3),)),
}
for name, (fn, args) in CASES.items():
    rows = saved_residuals(fn, *args)
    grads = jax.grad(lambda *a: jnp.sum(fn(*a)), argnums=tuple(range(len(args))))(*args)
    out[name + "_grad"] = np.concatenate([np.ravel(g) for g in jax.tree_util.tree_leaves(grads)])
    out[name] = np.array([f"{a.str_short(short_dtypes=True)} {s.rsplit(' from ', 1)[0] if 'output of' in s else re.sub(':[0-9]+:', ':L:', s)}" for a, s in rows])
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("residuals"))


@pytest.fixture(scope="module")
def ours():
    program = PROGRAM.replace("a.str_short(short_dtypes=True)", "a.str_short()")
    return meshjit_on_program(program, saved_residuals=saved_residuals)


@pytest.mark.parametrize(
    "case",
    [
        "mlp", "remat", "pytree", "chain", "remats", "remat_policy", "remat_names",
        "offload_names", "offload_dots", "recompute_enum",
    ],
)  # fmt: skip
def test_matches_jax(case, ours, jax_out):
    np.testing.assert_allclose(ours[case + "_grad"], jax_out[case + "_grad"], rtol=1e-6)
    if not case.startswith("offload"):
        assert ours[case].tolist() == jax_out[case].tolist()
        return
    # JAX keeps an offloaded residual in host memory (`f32<host>[5] output of device_put`);
    # meshjit keeps every residual on the device: the same values, the same types otherwise.
    theirs = [r.split(" ")[0].replace("<host>", "") for r in jax_out[case].tolist()]
    assert [r.split(" ")[0] for r in ours[case].tolist()] == theirs


def test_print_names_the_source_line(capsys):
    print_saved_residuals(lambda x: jnp.sin(x) * x, jnp.ones(2))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "f32[2] from the argument x"
    assert lines[1].startswith("f32[2] output of ") and "test_saved_residuals.py:" in lines[1]
    assert len(saved_residuals(lambda x: x * 2.0, jnp.ones(2))) == 0


def test_origin_names_the_line_and_column_as_jax_prints_them(capsys):
    def g(x):
        return jnp.sin(x)  # jnp.sin starts at column 15

    print_saved_residuals(g, jnp.ones(3))
    out = capsys.readouterr().out.splitlines()
    line = g.__code__.co_firstlineno + 1
    # the function's qualified name, as JAX's source info (code.co_qualname)
    where = f"{__file__}:{line}:15 ({g.__qualname__})"
    assert (
        g.__qualname__.endswith(".<locals>.g") and out[-1] == f"f32[3] output of cos from {where}"
    )


def test_a_scan_carry_s_zero_tangent_is_no_residual():
    """A closed-over carry init has a zero tangent the scan's linearization instantiates on the
    linear side (JAX's _scan_linearize), so no `broadcast_in_dim` zeros are saved."""
    from meshjit import lax

    x0 = jnp.ones((2, 3))

    def model(ws):
        y, _ = lax.scan(lambda c, w: (jnp.tanh(c @ w), None), x0, ws)
        return jnp.sum(y)

    res = saved_residuals(model, jnp.ones((4, 3, 3)))
    assert str(res[0][0]) == "float32[4,3,3]" and res[0][1] == "from the argument ws"
    assert not any("broadcast_in_dim" in why for _, why in res), res


def test_a_checkpointed_scan_body_saves_its_policy_values_before_its_inputs_as_jax():
    import meshjit

    def layer(h, wi):
        y = jnp.dot(h, wi, preferred_element_type=jnp.float32)
        return jnp.tanh(y).astype(jnp.bfloat16), None

    policy = meshjit.checkpoint_policies.dots_with_no_batch_dims_saveable

    def loss(w, x):
        h, _ = meshjit.lax.scan(meshjit.checkpoint(layer, policy=policy), x, w)
        return h.astype(jnp.float32).sum()

    w, x = jnp.ones((4, 3, 3), jnp.bfloat16), jnp.ones((2, 3), jnp.bfloat16)
    # JAX's (0.10.2): the saved dot, then the body's input the recomputation reads
    assert [a.str_short() for a, _ in saved_residuals(loss, w, x)] == [
        "bf16[4,3,3]",
        "f32[4,2,3]",
        "bf16[4,2,3]",
    ]
