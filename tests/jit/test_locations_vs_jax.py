"""The names of the lowered ops' locations (`as_text(debug_info=True)`) as JAX 0.10.2's name
stacks: `jit(f)/...` in @main, a nested jit's call `jit(f)/jit(g)` and its body's ops named
afresh, transforms wrapping what is below them (`jvp(jit(g))`, `transpose(jvp())`,
`vmap()`), named scopes. JAX's results are recorded (tests/oracle_results/jax8_*.npz)."""

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import re


def op_names(fun, *args):
    text = jax.jit(fun).lower(*args).as_text(debug_info=True)
    defs = dict(re.findall(r'^(#loc\d+) = loc\("([^"]*)"', text, re.M))
    ops = re.findall(r"^\s+(?!return)[%\w].* loc\((#loc\d+)\)$", text, re.M)
    return np.array(sorted({defs[o] for o in ops if o in defs}))


inner = jax.jit(lambda x: jnp.sin(x) * 2)


def f(x):
    y = inner(x)
    z = jax.vmap(lambda r: r.sum())(y)
    return jnp.cos(z).sum()


@jax.named_scope("outer")
def scoped(x):
    with jax.named_scope("inner"):
        y = jnp.tanh(x)
    return y * 2


x = np.ones((2, 3), np.float32)
out["f"] = op_names(f, x)
out["grad"] = op_names(jax.grad(f), x)
out["jvp"] = op_names(lambda x: jax.jvp(f, (x,), (x,)), x)
out["vmap_of_jit"] = op_names(jax.vmap(inner), x)
out["scoped_grad"] = op_names(jax.grad(scoped), 1.0)
out["vmap_in_scope"] = op_names(
    jax.grad(lambda x: jax.named_scope("out")(jax.vmap(scoped))(x).sum()), np.ones(2, np.float32)
)
"""


def test_op_location_names_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name].tolist() == want[name].tolist(), name
