"""The shape-polymorphism programs the tests/export suites run in meshjit and in JAX.

`PROGRAM` is Python source run with `jax`, `jnp`, `lax`, `nn`, `random` and `export` bound either to JAX's
modules (in a subprocess, recorded by tests/support/oracle_store.py) or to meshjit's: `DIMS`
evaluates dimension-expression cases to their text (or the error's class and first line);
`run_program(name)` exports one function with symbolic argument shapes and calls it at two
sizes, and returns what both libraries should agree on; `DOCS` are the examples of JAX's
shape-polymorphism page (tests/support/poly_doc_cases.py); more `PROGRAMS` and `OP_ERRORS`
come from tests/support/poly_op_programs.py."""

from tests.support.poly_doc_cases import DOC_CASES
from tests.support.poly_op_programs import OP_PROGRAMS

PROGRAM = r'''
import numpy as np

f32 = np.float32
W = np.random.RandomState(0).randn(4, 3).astype(f32)


def shown(thunk):
    try:
        return repr(thunk())
    except Exception as e:
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def sds(spec):
    return jax.ShapeDtypeStruct(export.symbolic_shape(spec), np.float32)


def _jaxpr_example(x):
    return jnp.tanh(x @ jnp.ones((4, 2))).sum(axis=0) + x.shape[0]


def dim_cases():
    sym, Scope = export.symbolic_shape, export.SymbolicScope
    a, b = sym("a, b")
    (c,) = sym("c", constraints=("c >= 4",))
    d, e = sym("d, e", constraints=("d >= e",))
    m, n = sym("m, n", constraints=("m == 2*n",))
    mx, mn = core.max_dim, core.min_dim
    return {
        "parse": lambda: (sym("b, 4"), sym("a, 2*a"), sym("(a, 2*a + 1, b*a, a*a*b, 3 - a)")),
        "linear": lambda: (a + b, b + a, a - b, a * 3 + b * 2 - 1, (a + 1) * (b - 1), a * b * a),
        "divmod": lambda: (4 * a // 2, (4 * a + 3) // 2, (4 * a + 3) % 2, a // b, (a * b) // b,
                           a % 3, (a * b + a) // a, divmod(6 * a + 5, 3)),
        "decided": lambda: (a >= 1, a > 0, a + 1 > a, 2 * a >= a, a * 0 <= a, a - 1 >= 0),
        "ge_inconclusive": lambda: a >= 2,
        "product_inconclusive": lambda: a * b >= a,
        "mod_bounded": lambda: (a % 3 < 3, a // 2 >= 0, (-1) % b + 1 <= b, mx(a, b) >= a,
                                a // 2 * 2 <= a, mn(a, b) <= b),
        "max_min": lambda: (mx(a, 1), mx(a, b), mn(a, 0), mx(a, 5), mn(a + 1, a), mx(2, a)),
        "equality": lambda: (a == a, a == b, a == 3, a != 3, 2 * a == a + a, a + 1 == 1 + a),
        "int": lambda: int(a),
        "constraint_ge": lambda: (c >= 4, c > 3, c - 4 >= 0, c + 1 > 4),
        "constraint_ge_inconclusive": lambda: c >= 5,
        "constraint_between": lambda: (d >= e, d - e >= 0, d + 1 > e),
        "constraint_eq": lambda: (m, m + n, m // 2, m // n),
        "like": lambda: (sym("a, _", like=(None, 3)), sym("a, ...", like=(None, 3, 5))),
        "like_mismatch": lambda: sym("a, 3", like=(None, 4)),
        "operations": lambda: sym("max(a, b), min(a, 2), mod(a, 2), floordiv(a, 3)"),
        "not_a_string": lambda: sym(3),
        "scopes": lambda: a + sym("a")[0],
        "power": lambda: (a ** 2, a ** 0, a * 0, a - a, (a + 2) - (a - 3)),
        "rebuilt": lambda: (a // 2 * 2 + a % 2, (a,) + (3 * b * a * a,)),
        "sds": lambda: jax.ShapeDtypeStruct(sym("b, 4"), np.float32),
        "constants": lambda: (core.is_constant_dim(a), core.is_constant_dim(3),
                              export.is_symbolic_dim(a), export.is_symbolic_dim(4)),
        "jaxpr": lambda: str(jax.make_jaxpr(_jaxpr_example)(sds("b, 4"))),
        "eval_shape": lambda: jax.eval_shape(_jaxpr_example, sds("b, 4")),
        "args_specs": lambda: export.symbolic_args_specs(
            (np.zeros((2, 3), f32), {"y": np.zeros((5,), np.int32)}), ("b, _", {"y": "c"})),
    }


DIMS = {name: shown(thunk) for name, thunk in dim_cases().items()}

PROGRAMS = {
    "elementwise": (lambda x: jnp.tanh(x) * 2 + 1, ["b, 4"]),
    "broadcast_row": (lambda x: x + jnp.arange(4, dtype=f32), ["b, 4"]),
    "sum_poly_axis": (lambda x: x.sum(axis=0), ["b, 4"]),
    "mean_poly_axis": (lambda x: x.mean(axis=0), ["b, 4"]),
    "max_all": (lambda x: x.max(), ["b, 4"]),
    "softmax": (lambda x: nn.softmax(x, axis=-1), ["b, 4"]),
    "softmax_poly_axis": (lambda x: nn.softmax(x, axis=0), ["b, 4"]),
    "matmul": (lambda x: x @ W, ["b, 4"]),
    "mlp": (lambda x: jnp.tanh(jnp.maximum(x @ W, 0.0) @ W.T).sum(), ["b, 4"]),
    "einsum": (lambda x: jnp.einsum("bi,ij->bj", x, W), ["b, 4"]),
    "gram": (lambda x: x.T @ x, ["b, 4"]),
    "outer": (lambda x: x @ x.T, ["b, 4"]),
    "reshape_flat": (lambda x: x.reshape(-1), ["b, 4"]),
    "reshape_expression": (lambda x: x.reshape((x.shape[0] * 2, 2)), ["b, 4"]),
    "reshape_minus_one": (lambda x: x.reshape((-1, 2)), ["b, 4"]),
    "concatenate": (lambda x: jnp.concatenate([x, x], axis=0), ["b, 4"]),
    "concatenate_static_axis": (lambda x: jnp.concatenate([x, x], axis=1), ["b, 4"]),
    "slice_static_axis": (lambda x: x[:, 1:3], ["b, 4"]),
    "slice_poly_axis": (lambda x: x[1:], ["b, 4"]),
    "shifted_difference": (lambda x: x[:-1] + x[1:], ["b, 4"]),
    "first_row": (lambda x: x[0], ["b, 4"]),
    "last_row": (lambda x: x[-1], ["b, 4"]),
    "half": (lambda x: x[: x.shape[0] // 2], ["2*a, 3"]),
    "arange": (lambda x: x * jnp.arange(x.shape[0], dtype=f32)[:, None], ["b, 4"]),
    "zeros": (lambda x: x + jnp.zeros((x.shape[0], 4)), ["b, 4"]),
    "ones_like": (lambda x: jnp.ones_like(x) * 3, ["b, 4"]),
    "full": (lambda x: jnp.full(x.shape, 2.0) * x, ["b, 4"]),
    "shape_times_array": (lambda x: x * x.shape[0], ["b, 4"]),
    "divide_by_shape": (lambda x: x / (x.shape[0] + 1), ["b, 4"]),
    "dimension_value": (lambda x: x.shape[0] + jnp.zeros((), np.int32), ["b, 4"]),
    "transpose": (lambda x: x.T * 1, ["b, 4"]),
    "two_variables": (lambda x, y: x * y.sum(), ["b, 4", "c"]),
    "same_variable": (lambda x, y: x + y, ["b, 4", "b, 4"]),
    "two_poly_axes": (lambda x: x.sum(axis=1) * 2, ["a, b"]),
    "scan_over_poly": (
        lambda x: lax.scan(lambda c, r: (c + r, c * 2), jnp.zeros(4, f32), x)[1], ["b, 4"]),
    "scan_static_length": (
        lambda x: lax.scan(lambda c, _: (c * 2, None), x, None, length=3)[0], ["b, 4"]),
    "fori_loop": (lambda x: lax.fori_loop(0, 3, lambda i, c: c + i, x), ["b, 4"]),
    "vmap": (lambda x: jax.vmap(lambda r: r @ W)(x), ["b, 4"]),
    "where": (lambda x: jnp.where(x > 0, x, 0.0), ["b, 4"]),
    "sort": (lambda x: jnp.sort(x, axis=0), ["b, 4"]),
    "argmax": (lambda x: jnp.argmax(x, axis=0), ["b, 4"]),
    "expand_dims": (lambda x: jnp.expand_dims(x, 0) * 1, ["b, 4"]),
    "stack": (lambda x: jnp.stack([x, x]), ["b, 4"]),
    "pad": (lambda x: jnp.pad(x, ((1, 1), (0, 0))), ["b, 4"]),
    "tile": (lambda x: jnp.tile(x, (2, 1)), ["b, 4"]),
    "repeat": (lambda x: jnp.repeat(x, 2, axis=0), ["b, 4"]),
    "flip": (lambda x: jnp.flip(x, 0), ["b, 4"]),
    "linspace": (lambda x: x * jnp.linspace(0.0, 1.0, 4, dtype=f32), ["b, 4"]),
    "grad": (lambda x: jax.grad(lambda y: (y ** 2).sum())(x), ["b, 4"]),
    "astype": (lambda x: x.astype(np.int32) + 1, ["b, 4"]),
    "take": (lambda x: jnp.take(x, jnp.array([0, 1]), axis=1), ["b, 4"]),
    "take_rows": (lambda x: x[jnp.array([0, 0])], ["b, 4"]),
    "gather_diagonal": (lambda x: x[jnp.arange(x.shape[0]), 1], ["b, 4"]),
    "split": (lambda x: jnp.split(x, 2, axis=1)[0], ["b, 4"]),
    "squeeze": (lambda x: jnp.squeeze(x[:, :1], 1), ["b, 4"]),
    "reshape_keep_poly": (lambda x: x.reshape((x.shape[0], -1)), ["b, 2, 2"]),
    "random_normal": (lambda x: x + random.normal(random.key(0), x.shape), ["b, 4"]),
    "dynamic_slice_static_axis": (lambda x: lax.dynamic_slice_in_dim(x, 1, 2, axis=1), ["b, 4"]),
    "dynamic_slice_poly": (lambda x: lax.dynamic_slice(x, (0, 0), (x.shape[0], 2)), ["b, 4"]),
    "var": (lambda x: jnp.var(x, axis=0), ["b, 4"]),
    "std_all": (lambda x: jnp.std(x), ["b, 4"]),
    "logsumexp": (lambda x: nn.logsumexp(x, axis=0), ["b, 4"]),
    "layernorm": (
        lambda x: (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5),
        ["b, 4"],
    ),
    "eye": (lambda x: jnp.eye(x.shape[0]) @ x, ["b, 4"]),
    "tril": (lambda x: jnp.tril(x @ x.T), ["b, 4"]),
    "mask": (
        lambda x: jnp.where(jnp.arange(x.shape[0])[:, None] >= jnp.arange(4)[None, :], x, 0.0),
        ["b, 4"],
    ),
    "broadcast_to": (lambda x: jnp.broadcast_to(x[:, :1], x.shape), ["b, 4"]),
    "cond": (lambda x: lax.cond(x.sum() > 0, lambda y: y * 2, lambda y: y, x), ["b, 4"]),
    "while_loop": (
        lambda x: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] * 2), (0, x))[1],
        ["b, 4"],
    ),
    "one_hot": (lambda x: nn.one_hot(jnp.argmax(x, axis=1), 4) * x, ["b, 4"]),
    "cross_entropy": (
        lambda x: -(nn.log_softmax(x) * nn.one_hot(jnp.zeros(x.shape[0], np.int32), 4)).sum()
        / x.shape[0],
        ["b, 4"],
    ),
    "attention": (lambda x: nn.softmax(x @ x.T / 2.0, axis=-1) @ x, ["b, 4"]),
    "vmap_grad": (lambda x: jax.vmap(jax.grad(lambda r: jnp.sum(jnp.tanh(r) ** 2)))(x), ["b, 4"]),
    "jvp": (lambda x: jax.jvp(lambda y: jnp.sin(y).sum(0), (x,), (jnp.ones_like(x),))[1], ["b, 4"]),
    "batch_matmul": (lambda x: jnp.einsum("bij,bjk->bik", x, x), ["b, 3, 3"]),
    "mean_two_poly_axes": (lambda x: x.mean(), ["a, b"]),
    "normalize_columns": (lambda x: x / x.sum(axis=0, keepdims=True), ["b, 4"]),
    "cumsum": (lambda x: jnp.cumsum(x, axis=0), ["b, 4"]),
    "cummax_reverse": (lambda x: lax.cummax(x, axis=0, reverse=True), ["b, 4"]),
    "roll": (lambda x: jnp.roll(x, 1, axis=0), ["b, 4"]),
    "fori_loop_to_poly": (
        lambda x: lax.fori_loop(0, x.shape[0], lambda i, c: c + x[i], jnp.zeros(4)), ["b, 4"]),
    "zeros_of_expression": (lambda x: jnp.zeros(x.shape[0] * 2) + x.sum(), ["b, 4"]),
}
SIZES = ({"a": 2, "b": 3, "c": 2}, {"a": 3, "b": 5, "c": 4})


def concrete_args(specs, env, seed):
    rng = np.random.RandomState(seed)
    shapes = [tuple(int(eval(d, {}, env)) for d in s.split(",")) for s in specs]
    return [rng.randn(*shape).astype(f32) for shape in shapes]


def exported(name):
    fun, specs = PROGRAMS[name]
    scope = export.SymbolicScope()
    args = [jax.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope), f32) for s in specs]
    return export.export(jax.jit(fun))(*args)


def signature(exp):
    text = exp.mlir_module()
    main = next(line for line in text.splitlines() if "func.func public @main" in line)
    return main.split("@main", 1)[1].split(" {", 1)[0].replace(" loc(unknown)", "")


def run_program(name):
    """The avals, @main's signature and the outputs at two sizes, as JSON-able values."""
    exp = exported(name)
    _, specs = PROGRAMS[name]
    outs = []
    for seed, env in enumerate(SIZES):
        out = np.asarray(exp.call(*concrete_args(specs, env, seed)))
        outs.append([str(out.dtype), list(out.shape), out.astype(float).ravel().tolist()])
    return {
        "avals": [str(exp.in_avals), str(exp.out_avals)],
        "signature": signature(exp),
        "outs": outs,
    }
'''
PROGRAM += DOC_CASES + OP_PROGRAMS
