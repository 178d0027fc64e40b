"""Mutable array references as JAX 0.10.2 has them: values read and written eagerly, under jit,
grad and vmap, lowered and compiled, reprs, make_jaxpr texts and the errors of the mistakes JAX
rejects. JAX's results are recorded (or JAX runs in a subprocess when they are not)."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

HELPERS = r"""
import re

def text(x):
    return np.array(re.sub(r" at [^ ]+:\d+", "", str(x)))

def builtin(e):  # the builtin class an error is (meshjit's errors subclass them)
    return next(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins")

def error(fun, *args):
    try:
        fun(*args)
    except Exception as e:
        return text(f"{builtin(e)}: {e}".split("\n")[0])
    return text("no error")

def error_class(fun, *args):  # where the messages differ
    try:
        fun(*args)
    except Exception as e:
        return text(builtin(e))
    return text("no error")
"""

PROGRAM = (
    HELPERS
    + r"""
r = jax.new_ref(jnp.arange(6.0).reshape(2, 3))
out["read_all"], out["read_row"], out["read_cols"] = r[...], r[1], r[:, 1:]
r[0] = jnp.ones(3)
r[1, 2] += 10.0
out["eager_written"] = r[...]
out["repr"] = text(repr(r))
out["repr_scalar"] = text(repr(jax.new_ref(1.0)))
out["typeof"] = text(jax.typeof(r))

@jax.jit
def step(r, x):
    r[...] += x
    return r[0] * 2

a = jax.new_ref(jnp.arange(3.0))
out["jit_arg_result"] = step(a, jnp.ones(3))
out["jit_arg_mutated"] = a[...]
out["jaxpr_arg"] = text(jax.make_jaxpr(step)(a, jnp.ones(3)))

c = jax.new_ref(jnp.zeros(3))
def closure(x, i):
    c[...] = x * 2
    y = c[i]
    c[1:3] += jnp.ones(2)
    return y
out["jit_closure_result"] = jax.jit(closure)(jnp.arange(3.0), 2)
out["jit_closure_mutated"] = c[...]
out["jaxpr_closure"] = text(jax.make_jaxpr(closure)(jnp.ones(3), 1))

def local(x, i):
    b = jax.new_ref(x)
    b[i] = b[i] * 3
    b[0] = 5.0
    return jax.freeze(b)
out["jit_local"] = jax.jit(local)(jnp.ones(3), 2)
out["jaxpr_local"] = text(jax.make_jaxpr(local)(jnp.ones(3), 2))

def fori(x):
    acc = jax.new_ref(0.0)
    def body(i, _):
        acc[...] += x[i]
    lax.fori_loop(0, 5, body, None)
    return acc[...]
out["fori"] = jax.jit(fori)(jnp.arange(5.0))
out["jaxpr_fori"] = text(jax.make_jaxpr(fori)(jnp.arange(5.0)))

s = jax.new_ref(jnp.zeros(()))
def scan_body(carry, xi):
    s[...] += xi * carry
    return carry + 1.0, s[...]
out["scan_ys"] = jax.jit(lambda x: lax.scan(scan_body, 1.0, x)[1])(jnp.arange(5.0))
out["scan_ref"] = s[...]

k = jax.new_ref(jnp.zeros(2))
def branch(p, v):
    def t(v):
        k[...] += v
        return v.sum()
    def f(v):
        k[0] = 7.0
        return -v.sum()
    return lax.cond(p, t, f, v)
out["cond_true"] = jax.jit(branch)(True, jnp.ones(2))
out["cond_false"] = jax.jit(branch)(False, jnp.ones(2))
out["cond_ref"] = k[...]
out["jaxpr_cond"] = text(jax.make_jaxpr(branch)(True, jnp.ones(2)))

z = jax.new_ref(jnp.zeros(3))
out["err_return"] = error(jax.jit(lambda r: r), z)
out["err_alias"] = error(jax.jit(lambda p, q: p[...] + q[...]), z, z)
out["err_closed_and_passed"] = error(jax.jit(lambda p: p[...] + z[...]), z)
out["err_shape"] = error(lambda: z.__setitem__(..., jnp.ones(4)))
out["err_scalar"] = error(lambda: z.__setitem__(..., 1.0))
out["err_dtype"] = error(lambda: z.__setitem__(0, 1))
out["err_jit_shape"] = error(jax.jit(lambda p: p.__setitem__(..., jnp.ones(4))), z)
out["err_bounds"] = error(lambda: z[5])
out["err_list"] = error(jax.new_ref, [1.0, 2.0])
out["err_add"] = error(lambda: z + 1)

# indexing
q = jax.new_ref(jnp.arange(24.0).reshape(2, 3, 4))
out["read_none"], out["read_empty"], out["read_step"] = q[None], q[()], q[:, ::2]
out["read_array"], out["read_arrays_apart"] = q[np.array([1, 0])], q[np.array([1, 0]), :, np.array([3, 2])]
out["read_array_int"] = q[1, np.array([[0], [2]])]
q[np.array([0, 1]), 1] = jnp.zeros((2, 4))
q[:, ::2] += 100.0
out["written_by_arrays"] = q[...]
out["err_negative_step"] = error(lambda: q[::-1])
out["jaxpr_index"] = text(jax.make_jaxpr(lambda i: q[1, 1:3, i] + q[:, 2, ::2][:, 0])(0))

# jit(...).lower and compile with a ref argument
lowered = step.lower(jax.new_ref(jnp.zeros(3)), jnp.ones(3))
a2 = jax.new_ref(jnp.arange(3.0))
out["compiled_result"] = lowered.compile()(a2, jnp.ones(3))
out["compiled_mutated"] = a2[...]
out["eval_shape"] = np.array(jax.eval_shape(step, a2, jnp.ones(3)).shape)

# autodiff through refs
def scaled(x):
    b = jax.new_ref(x)
    b[...] = b[...] * 2
    b[0] += x[1]
    return jnp.sum(b[...] ** 2)
out["grad_local"] = jax.grad(scaled)(jnp.arange(3.0))
out["jvp_local"] = jnp.stack(jax.jvp(scaled, (jnp.arange(3.0),), (jnp.ones(3),)))
out["vjp_local"] = jax.vjp(scaled, jnp.arange(3.0))[1](1.0)[0]
out["grad_jit_local"] = jax.jit(jax.grad(scaled))(jnp.arange(3.0))

def fori_squares(x):
    acc = jax.new_ref(0.0)
    def body(i, _):
        acc[...] += x[i] * x[i]
    lax.fori_loop(0, 3, body, None)
    return acc[...]
out["grad_fori"] = jax.grad(fori_squares)(jnp.arange(3.0))

def scan_products(x):
    acc = jax.new_ref(jnp.zeros(()))
    def body(c, xi):
        acc[...] += xi * c
        return c * x[0], None
    lax.scan(body, 1.0, x)
    return acc[...]
out["grad_scan"] = jax.grad(scan_products)(jnp.arange(1.0, 4.0))

def array_indexed(x, i):
    b = jax.new_ref(x)
    b[i] = b[i] * 3.0
    return jnp.sum(jax.freeze(b) ** 2)
out["grad_indexed"] = jax.grad(array_indexed)(jnp.arange(3.0), np.array([0, 2]))

g = jax.new_ref(jnp.arange(3.0))
out["grad_read_closed"] = jax.grad(lambda x: jnp.sum(x * g[...]))(jnp.ones(3))
def write_constant(x):
    g[...] = jnp.full(3, 5.0)
    return jnp.sum(x)
out["grad_write_constant"] = jax.grad(write_constant)(jnp.ones(3))
out["grad_write_constant_ref"] = g[...]
out["grad_ref_nondiff_arg"] = jax.grad(lambda x, r: jnp.sum(x * r[...]))(jnp.ones(3), g)
def write_differentiated(x):
    g[...] = x
    return jnp.sum(x)
out["err_grad_write"] = error(jax.grad(write_differentiated), jnp.ones(3))
out["err_grad_ref"] = error_class(jax.grad(lambda r: r[...].sum()), g)
out["err_jvp_ref"] = error_class(lambda: jax.jvp(lambda r: r[...].sum(), (g,), (jnp.ones(3),)))

# vmap through refs
X = jnp.arange(6.0).reshape(2, 3)
def rows(x):
    b = jax.new_ref(x)
    b[0] = b[1] * 2
    b[...] += 1.0
    return jax.freeze(b)
out["vmap_local"] = jax.vmap(rows)(jnp.arange(12.0).reshape(2, 3, 2))
out["jaxpr_vmap_local"] = text(jax.make_jaxpr(jax.vmap(rows))(jnp.arange(12.0).reshape(2, 3, 2)))
def unmapped_init(x):
    b = jax.new_ref(jnp.zeros(3))
    b[1] = x[0]
    return b[...]
out["vmap_unmapped_init"] = jax.vmap(unmapped_init)(X)
def mapped_index(x, i):
    b = jax.new_ref(x)
    b[i] = 7.0
    b[i] += x[0]
    return b[i] + b[...].sum()
out["vmap_mapped_index"] = jax.vmap(mapped_index)(X, jnp.array([0, 2]))
def fori_sum(x):
    acc = jax.new_ref(0.0)
    def body(i, _):
        acc[...] += x[i]
    lax.fori_loop(0, 3, body, None)
    return acc[...]
out["vmap_fori"] = jax.vmap(fori_sum)(X)
def while_writes(x):
    b = jax.new_ref(x)
    def body(c):
        b[0] += 1.0
        return c + 1
    lax.while_loop(lambda c: c < x[1], body, 0.0)
    return b[...]
out["vmap_while"] = jax.vmap(while_writes)(X)
out["vmap_grad"] = jax.vmap(jax.grad(lambda x: jnp.sum(rows(x) ** 2)))(X)
def accumulate(r, x):
    r[...] += x
    return r[0]
m = jax.new_ref(jnp.zeros((2, 3)))
out["vmap_ref_arg"] = jax.vmap(accumulate)(m, X)
out["vmap_ref_arg_mutated"] = m[...]
v = jax.new_ref(jnp.arange(3.0))
out["vmap_read_closed"] = jax.vmap(lambda x: x * v[...])(X)
def write_closed(x):
    v[...] = jnp.ones(3)
    return x
out["err_vmap_write_closed"] = error(jax.vmap(write_closed), X)
out["err_vmap_ref_unmapped"] = error(jax.vmap(accumulate, in_axes=(None, 0)), v, X)
out["vmap_closed_unchanged"] = v[...]
def cond_writes(x):
    b = jax.new_ref(x)
    lax.cond(x[0] > 1.0, lambda: b.__setitem__(0, -1.0), lambda: None)
    return b[...]
out["err_vmap_cond"] = error(jax.vmap(cond_writes), X)
"""
)


def test_refs_as_jax(tmp_path):  # JAX's results recorded (tests/oracle_results/jax8_*.npz)
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    _assert_same(got, want)


def _assert_same(got: dict, want: dict) -> None:
    assert sorted(got) == sorted(want)
    for name in want:
        if want[name].dtype.kind in "US":
            assert str(got[name]) == str(want[name]), name
        else:
            np.testing.assert_array_equal(np.asarray(got[name]), want[name], err_msg=name)


MORE = (
    HELPERS
    + r"""
# vmap returning refs: the batched ref (JAX's), a ref argument as itself
X = jnp.arange(6.0).reshape(2, 3)
def made(x):
    r = jax.new_ref(x)
    r[0] += 10.0
    return r, x.sum()
made_ref, made_sum = jax.vmap(made)(X)
out["vmap_made_ref"], out["vmap_made_sum"] = made_ref[...], made_sum
out["vmap_made_repr"], out["vmap_made_type"] = text(repr(made_ref)), text(jax.typeof(made_ref))
out["vmap_unmapped_ref"] = jax.vmap(lambda x: jax.new_ref(jnp.zeros(2)))(X)[...]
m = jax.new_ref(X)
out["vmap_arg_ref_is"] = np.array(jax.vmap(lambda r: r)(m) is m)
both = jax.vmap(lambda x: (jax.new_ref(x),) * 2)(X)
out["vmap_same_ref_twice"] = np.array(both[0] is both[1])
out["err_vmap_ref_none"] = error_class(jax.vmap(lambda x: jax.new_ref(x), out_axes=None), X)
out["err_jit_vmap_ref"] = error(jax.jit(jax.vmap(lambda x: jax.new_ref(x))), X)

# indexed writes: a dynamic_update_slice, clamping a traced index out of range (not a scatter)
def window(x, i):
    b = jax.new_ref(x)
    b[i] = jnp.full(4, 7.0)
    b[1:, i] += 2.0
    b[0, 1:3] = jnp.zeros(2)
    b[i, 2] = b[i, 1] * 3
    y = b[i]
    return jax.freeze(b), y
for i in (1, -1, 3, 5, -4, -5):
    out[f"window_{i}"] = jnp.concatenate(jax.jit(window)(jnp.ones((3, 4)), i), axis=None)
lowered = jax.jit(window).lower(jnp.ones((3, 4)), 1).as_text()
out["window_ops"] = np.array([lowered.count(op) for op in ("dynamic_update_slice", "scatter")])
out["window_result_info"] = text(re.findall(r'jax.result_info = "[^"]*"', lowered))
@jax.jit
def step(r, x):
    r[1:] += x
    return r[0] * 2, {"x": x}
out["step_result_info"] = text(re.findall(
    r'jax.result_info = "[^"]*"', step.lower(jax.new_ref(jnp.zeros(3)), jnp.ones(2)).as_text()))
out["err_new_axis"] = error_class(lambda: m[:, None])
out["err_new_axis_set"] = error_class(lambda: m.__setitem__((None, 0), jnp.ones((1, 3))))

# checkpoint of a function using refs: its values (the policy is kept, tests/state/
# test_ref_autodiff.py)
def sines(x):
    b = jax.new_ref(x)
    b[...] = jnp.sin(b[...])
    b[0] += x[1]
    return jnp.sum(b[...] * 2)
for name in ("nothing_saveable", "everything_saveable"):
    policy = getattr(jax.checkpoint_policies, name)
    out[f"grad_checkpoint_{name}"] = jax.grad(jax.checkpoint(sines, policy=policy))(X[0])
"""
)


def test_more_refs_as_jax(tmp_path):  # JAX's results recorded (tests/oracle_results/jax8_*.npz)
    want = jax_on_8_devices(MORE, tmp_path)
    got = meshjit_on_program(MORE)
    _assert_same(got, want)
