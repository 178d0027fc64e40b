"""The examples of JAX's "Shape polymorphism" page (docs.jax.dev/en/latest/export/shape_poly.html),
as cases `DOCS` of tests/support/poly_programs.py's program: each runs in meshjit and in JAX
(recorded) and shows its value, or its error's class and first line."""

DOC_CASES = r'''
def _export(fun, *specs, dtype=np.int32, platforms=None):
    scope = export.SymbolicScope()
    args = [jax.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope) if isinstance(s, str)
                                 else s, dtype) for s in specs]
    return export.export(jax.jit(fun), platforms=platforms)(*args)


def _avals(exp):
    return str(exp.in_avals), str(exp.out_avals)


def _called(exp, *args):
    out = exp.call(*args)
    return _avals(exp), np.asarray(out).tolist(), str(np.asarray(out).dtype)


def _concatenate_example():
    a, b = export.symbolic_shape("a, b")
    exp = _export(lambda x: jnp.concatenate([x, x], axis=1), (a, b))
    return (a, b), _called(exp, np.ones((3, 4), np.int32))


def _constraints_example():
    a, b = export.symbolic_shape("a, b", constraints=("a >= b", "b >= 16"))
    exp = _export(lambda x: x[: x.shape[1], :16], (a, b))
    return a >= b, a >= 16, b + a >= 32, a - 16 >= 0, _avals(exp)


def _mod_constraint():
    a, b = export.symbolic_shape("a, b", constraints=("a >= b", "mod(b, 4) == 0"))
    return b % 4, b // 4 * 4, 4 * (b // 4) == b, b % 2, b + 1 > a - a


def _equality_constraint():
    a, b, c, d = export.symbolic_shape("a, b, c, d", constraints=("a * b == c + d",))
    return 2 * b * a, a * b * b, a * b - c >= d


def _scopes_mixed():
    (a1,) = export.symbolic_shape("a,")
    (a2,) = export.symbolic_shape("a,", constraints=("a >= 8",))
    return a1 + a2


def _scopes_shared():
    (a,) = export.symbolic_shape("a,", constraints=("a >= 8",))
    (b,) = export.symbolic_shape("b,", scope=a.scope)
    return a + b, a + b >= 9


def _scopes_mixed_in_export():
    (a1,) = export.symbolic_shape("a,")
    (a2,) = export.symbolic_shape("a,", constraints=("a >= 8",))
    return _export(lambda x, y: x, (a1,), (a2,))


def _my_top_k(k, x):
    return lax.top_k(x, k)[0]


_X40 = np.arange(40, dtype=np.int32).reshape((4, 10))


def _top_k_static():
    exp = export.export(jax.jit(_my_top_k, static_argnums=0))(3, _X40)
    return _called(exp, _X40)


def _top_k_symbolic():
    (k,) = export.symbolic_shape("k", constraints=["k <= 10"])
    return export.export(jax.jit(_my_top_k, static_argnums=0))(k, _X40)


def _top_k_dimensions_arg():
    (k,) = export.symbolic_shape("k", constraints=["k <= 10"])
    exp = export.export(jax.jit(lambda d, x: _my_top_k(d.shape[1], x)))(
        jax.ShapeDtypeStruct((0, k), np.int32), _X40)
    return _called(exp, np.zeros((0, 3), np.int32), _X40)


def _assertion(call):
    exp = _export(lambda x: x, "b, b, 2*d")
    return call(exp)(np.ones((3, 3, 5), np.int32))


def _division():
    (b,) = export.symbolic_shape("b")
    (a,) = export.symbolic_shape("a", scope=b.scope)
    return (8 * b // 4, (a * b + a) // (b + 1), (6 * a + 4) % 3, b // 4, b % 4, (2 * b + 1) // 2,
            4 * b % 4, divmod(3 * b + 2, 2), 5 // b, b // -2)


def _two_arguments(size_x, size_y, call=lambda exp: exp.call):
    """`b` solved from `2*b + a`, `a` known from the other argument; the scope's constraints
    checked at the call."""
    scope = export.SymbolicScope(("a >= b", "b >= 2"))
    exp = export.export(jax.jit(lambda x, y: x.sum() + y.sum() * y.shape[0]))(
        jax.ShapeDtypeStruct(export.symbolic_shape("a", scope=scope), np.int32),
        jax.ShapeDtypeStruct(export.symbolic_shape("2*b + a, 3", scope=scope), np.int32))
    out = call(exp)(np.ones(size_x, np.int32), np.ones((size_y, 3), np.int32))
    return _avals(exp), np.asarray(out).tolist()


def _shape_assertions():
    """@main's shape_assertion custom calls: their operand counts and messages."""
    scope = export.SymbolicScope(("a >= b",))
    exp = export.export(jax.jit(lambda x, y: x.sum() + y.sum()))(
        jax.ShapeDtypeStruct(export.symbolic_shape("b, b, 2*d", scope=scope), np.int32),
        jax.ShapeDtypeStruct(export.symbolic_shape("a + b", scope=scope), np.int32))
    pattern = r'custom_call @shape_assertion\(([^)]*)\) \{[^}]*error_message = "([^"]*)"'
    return [(len(operands.split(",")), message)
            for operands, message in __import__("re").findall(pattern, exp.mlir_module())]


def _unsatisfiable(constraints, cmp):
    (a,) = export.symbolic_shape("a", constraints=constraints)
    return cmp(a)


DOC_CASES = {
    "concatenate": _concatenate_example,
    "vmap": lambda: _avals(_export(jax.vmap(lambda x: jnp.concatenate([x, x], axis=1)), "c, a, b")),
    "shape_in_arithmetic": lambda: _called(
        _export(lambda x: x.shape[0] + jnp.sum(x, axis=0), "b"), np.arange(3, dtype=np.int32)),
    "arange": lambda: _called(
        _export(lambda x: jnp.arange(x.shape[0]) + x, "b"), np.arange(3, dtype=np.int32)),
    "comparison_decided": lambda: _avals(
        _export(lambda x: 0 if x.shape[0] + 1 >= x.shape[1] else 1, "a, a")),
    "comparison_inconclusive": lambda: _export(
        lambda x: 0 if x.shape[0] >= x.shape[1] else 1, "a, b"),
    "max_dim": lambda: _avals(_export(lambda x: jnp.zeros(core.max_dim(x.shape[0], 4)), "b")),
    "min_dim_slice": lambda: _called(
        _export(lambda x: x[: core.min_dim(x.shape[0], 16)], "b"), np.arange(20, dtype=np.int32)),
    "max_min_static": lambda: (core.max_dim(3, 4), core.min_dim(3, 4)),
    "constraints": _constraints_example,
    "mod_constraint": _mod_constraint,
    "equality_constraint": _equality_constraint,
    "constraint_no_comparison": lambda: export.symbolic_shape("a, b", constraints=("a > b",)),
    "constraint_left_side": lambda: export.symbolic_shape("a, b", constraints=("a + 2 == b + 1",)),
    "unsatisfiable": lambda: _unsatisfiable(("a >= 5", "a <= 3"), lambda a: a + 1 >= 2),
    "unsatisfiable_linear": lambda: _unsatisfiable(("a >= 5", "2*a <= 3 + a"), lambda a: a >= 2),
    "constant_equality": lambda: _unsatisfiable(("a == 5",), lambda a: (a, a + 1)),
    "scopes_mixed": _scopes_mixed,
    "scopes_shared": _scopes_shared,
    "scopes_mixed_in_export": _scopes_mixed_in_export,
    "scopes_two_specs_in_export": lambda: export.export(jax.jit(lambda x, y: x + y))(
        jax.ShapeDtypeStruct(export.symbolic_shape("a"), np.int32),
        jax.ShapeDtypeStruct(export.symbolic_shape("b"), np.int32)),
    "scopes_equality": lambda: export.symbolic_shape("a,")[0] == export.symbolic_shape("a,")[0],
    "top_k_static": _top_k_static,
    "top_k_symbolic": _top_k_symbolic,
    "top_k_dimensions_arg": _top_k_dimensions_arg,
    "not_solvable": lambda: _export(lambda x: x.shape[0], (export.symbolic_shape("a")[0] ** 2,)),
    "solve_after_other_argument": lambda: _two_arguments(3, 7),
    "solve_remainder": lambda: _two_arguments(3, 6),
    "solve_constraint_violated": lambda: _two_arguments(2, 8),
    "solve_constraint_violated_in_jit": lambda: _two_arguments(2, 8, lambda exp: jax.jit(exp.call)),
    "solve_product": lambda: _export(lambda x, y: x.sum() + y.sum(), "a", "a*b"),
    "solve_product_known_first": lambda: _avals(_export(lambda x, y: y.sum(), "a*b", "a, b")),
    "assertion": lambda: _assertion(lambda exp: exp.call),
    "assertion_in_jit": lambda: _assertion(lambda exp: jax.jit(exp.call)),
    "division": _division,
    "reshape_not_divisible": lambda: _export(lambda x: x.reshape((2, -1)), "b"),
    "reshape_multiple_of_4": lambda: _avals(_export(lambda x: x.reshape((2, -1)), "4*b")),
    "reshape_other_dim_even": lambda: _avals(_export(lambda x: x.reshape((2, -1)), "b, 5, 6")),
    "reshape_product": lambda: _export(lambda x: x.reshape((3, -1)), "a, b"),
    "platforms": lambda: _called(_export(lambda x: x * 2, "b", dtype=np.float32,
                                         platforms=("cpu", "tpu")), np.ones(3, np.float32)),
    "platforms_not_cpu": lambda: _called(_export(lambda x: x * 2, "b", dtype=np.float32,
                                                 platforms=("tpu",)), np.ones(3, np.float32)),
    "int_of_dimension": lambda: _export(lambda x: x * int(x.shape[0]), "b"),
    "array_of_dimension": lambda: _called(
        _export(lambda x: x * jnp.array(x.shape[0], dtype=np.float32), "b", dtype=np.float32),
        np.ones(3, np.float32)),
    "array_of_shape": lambda: _called(
        _export(lambda x: jnp.array(x.shape) * 2, "b, 3", dtype=np.float32),
        np.ones((5, 3), np.float32)),
    "dimension_true_divide": lambda: _called(
        _export(lambda x: x / x.shape[0] ** 2 + x.shape[0] / 2, "b", dtype=np.float32),
        np.ones(4, np.float32)),
    "shape_assertions_in_module": _shape_assertions,
}
DOCS = {name: shown(thunk) for name, thunk in DOC_CASES.items()}
'''
