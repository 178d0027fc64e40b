"""The names of the lowered ops' locations inside bodies, as JAX 0.10.2's name stacks:
a while's `while/cond/...` and `while/body/...`, a cond's `cond/branch_N_fun/...`, a scan
(which JAX lowers to a while over a call of its body) named `while/...` with its body's ops
named afresh, bodies traced with the name stack reset (named scopes inside a body come after
its names), and bodies transformed by jvp / transpose / vmap keeping their ops' names (the
transform wraps only the loop or the branch). Constants and calls are left out: JAX calls
its scan body and slicing as functions (`closed_call`, `jit(dynamic_index_in_dim)`), which
meshjit emits inline under the callee ops' names. A checkpoint's body is named within
`checkpoint`, a nested jit's body afresh even when called in a named scope, and the user's
custom_jvp rule and custom_vjp fwd / bwd within the transformation that runs them;
`named_call` names its function's ops as a named scope does."""

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

OP_NAMES = r"""
import re


def op_names(fun, *args, calls=False):
    text = jax.jit(fun).lower(*args).as_text(debug_info=True)
    defs = dict(re.findall(r'^(#loc\d+) = loc\("([^"]*)"', text, re.M))
    skipped = "(?!stablehlo.constant)" + ("" if calls else "(?!func.call)")
    op = r"^\s+%[^=]*= " + skipped + r".* loc\((#loc\d+)\)$"
    return np.array(sorted({defs[o] for o in re.findall(op, text, re.M) if o in defs}))
"""

PROGRAM = (
    OP_NAMES
    + r"""

def wl(x):
    def body(c):
        with jax.named_scope("step"):
            return c[0] + 1, jnp.sin(c[1])

    return lax.while_loop(lambda c: c[0] < 3, body, (0, x))[1]


def cd(x):
    inner = lambda v: lax.cond(v.sum() > 1, jnp.cos, jnp.tanh, v)
    return lax.cond(x.sum() > 0, jnp.sin, inner, x)


def sc(x):
    return lax.scan(lambda c, r: (c + jnp.sin(r), c * 2), jnp.zeros(3), x)


def rsc(x):
    return lax.scan(lambda c, r: (c * r, c + r), jnp.ones(3), x, reverse=True)


def total(f):
    return lambda v: sum(t.sum() for t in f(v))


def fori_cond(x):
    return lax.fori_loop(0, 3, lambda i, v: lax.cond(i > 1, jnp.sin, jnp.cos, v), x)


def nested(x):
    with jax.named_scope("outer"):
        body = lambda v: lax.cond(v[0, 0] > 0, jnp.exp, jnp.abs, v)
        return lax.while_loop(lambda v: v.sum() < 10.0, body, x)


x = np.ones((2, 3), np.float32)
xs = np.ones((2, 2, 3), np.float32)
out["while"] = op_names(wl, x)
out["vmap_while"] = op_names(jax.vmap(wl), x)
out["cond"] = op_names(cd, x)
out["vmap_cond_unbatched_pred"] = op_names(
    jax.vmap(lambda v, p: lax.cond(p > 0, jnp.sin, jnp.cos, v), in_axes=(0, None)), x, 1.0
)
out["switch"] = op_names(lambda i, v: lax.switch(i, [jnp.sin, jnp.cos], v), np.int32(1), x)
out["scan"] = op_names(sc, x)
out["vmap_scan"] = op_names(jax.vmap(sc), xs)
out["value_and_grad_scan"] = op_names(jax.value_and_grad(total(sc)), x)
out["value_and_grad_reverse_scan"] = op_names(jax.value_and_grad(total(rsc)), x)
out["vmap_value_and_grad_scan"] = op_names(jax.vmap(jax.value_and_grad(total(sc))), xs)
out["fori_cond"] = op_names(fori_cond, x)
out["nested_in_scope"] = op_names(nested, x)
"""
)


CALLS_PROGRAM = (
    OP_NAMES
    + r"""
@jax.custom_jvp
def cj(x):
    return jnp.sin(x)


@cj.defjvp
def cj_jvp(p, t):
    return cj(p[0]), jnp.cos(p[0]) * t[0]


@jax.custom_vjp
def cv(x):
    return jnp.exp(x)


cv.defvjp(lambda x: (jnp.exp(x), x), lambda r, g: (g * r,))
inner = jax.jit(lambda v: jnp.exp(v) * 2)


def remat_scoped(x):
    with jax.named_scope("outer"):

        def body(v):
            with jax.named_scope("in"):
                return jnp.sin(jnp.sin(v))

        return jax.checkpoint(body)(x).sum()


def jit_in_scope(x):
    with jax.named_scope("outer"):
        return inner(x)


x = np.ones((2, 3), np.float32)
out["remat_scoped"] = op_names(remat_scoped, x)
out["vmap_remat"] = op_names(jax.vmap(remat_scoped), x)
out["jit_in_scope"] = op_names(jit_in_scope, x, calls=True)
out["grad_jit_in_scope"] = op_names(jax.grad(lambda v: jit_in_scope(v).sum()), x, calls=True)
out["custom_jvp"] = op_names(lambda v: cj(v).sum(), x)
out["jvp_custom_jvp"] = op_names(lambda v: jax.jvp(cj, (v,), (v,)), x)
out["custom_vjp"] = op_names(lambda v: cv(v).sum(), x)
out["grad_custom_vjp"] = op_names(jax.grad(lambda v: cv(v).sum()), x)
out["value_and_grad_custom_vjp"] = op_names(jax.value_and_grad(lambda v: cv(v).sum()), x)
out["grad_custom_vjp_scoped"] = op_names(
    jax.grad(lambda v: jax.named_scope("s")(cv)(v).sum()), x
)
out["named_call"] = op_names(lambda v: jax.named_call(jnp.sin, name="mine")(v) * 2, x)
out["named_call_default"] = op_names(jax.named_call(remat_scoped), x)
out["grad_named_call"] = op_names(
    jax.grad(lambda v: jax.named_call(jnp.sin, name="mine")(v).sum()), x
)
"""
)


def _same_as_jax(program, tmp_path):
    want = jax_on_8_devices(program, tmp_path)
    got = meshjit_on_program(program)
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name].tolist() == want[name].tolist(), name


def test_op_location_names_in_control_flow_as_jax(tmp_path):
    _same_as_jax(PROGRAM, tmp_path)


def test_op_location_names_in_calls_checkpoints_and_custom_rules_as_jax(tmp_path):
    _same_as_jax(CALLS_PROGRAM, tmp_path)
