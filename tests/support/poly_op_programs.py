"""More shape-polymorphic programs for tests/support/poly_programs.py (round 2): ops on symbolic
axes (LAPACK-backed linear algebra with a symbolic batch, sorting, windows, convolutions,
scatters, padding, random samplers, transformations), added to its `PROGRAMS`; `OP_ERRORS`,
the programs both libraries refuse, each shown as its error's class and first line; `NESTED`,
exports calling polymorphic exports."""

OP_PROGRAMS = r'''
def _spd(x):
    return jnp.einsum("bij,bkj->bik", x, x) + 4 * jnp.eye(3)


PROGRAMS.update({
    "cholesky": (lambda x: jnp.linalg.cholesky(_spd(x)), ["b, 3, 3"]),
    "qr": (lambda x: jnp.linalg.qr(x)[1], ["b, 3, 3"]),
    "eigh": (lambda x: jnp.linalg.eigh(_spd(x))[0], ["b, 3, 3"]),
    "svd": (lambda x: jnp.linalg.svd(x, compute_uv=False), ["b, 3, 3"]),
    "lu": (lambda x: lax.linalg.lu(x)[0], ["b, 3, 3"]),
    "det": (lambda x: jnp.linalg.det(x), ["b, 3, 3"]),
    "inv": (lambda x: jnp.linalg.inv(_spd(x)), ["b, 3, 3"]),
    "solve": (lambda x: jnp.linalg.solve(_spd(x), x[..., :1]), ["b, 3, 3"]),
    "triangular_solve": (
        lambda x: lax.linalg.triangular_solve(_spd(x), x, left_side=True, lower=True),
        ["b, 3, 3"]),
    "matrix_power": (lambda x: jnp.linalg.matrix_power(x, 3), ["b, 3, 3"]),
    "fft_static_axis": (lambda x: jnp.fft.fft(x).imag, ["b, 4"]),
    "argsort": (lambda x: jnp.argsort(x, axis=0), ["b, 4"]),
    "top_k": (lambda x: lax.top_k(x, 2)[0], ["b, 4"]),
    "top_k_symbolic_k": (lambda x: lax.top_k(x.T, x.shape[0])[1], ["b, 4"]),
    "cumsum_static_axis": (lambda x: jnp.cumsum(x, axis=1), ["b, 4"]),
    "cumprod": (lambda x: jnp.cumprod(x, axis=0), ["b, 4"]),
    "reduce_window_valid": (
        lambda x: lax.reduce_window(x, 0.0, lax.add, (2, 1), (1, 1), "VALID"), ["b, 4"]),
    "max_pool_same": (
        lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (3, 1), (1, 1), "SAME"), ["b, 4"]),
    "conv_batch": (
        lambda x: lax.conv(x[:, None, :], jnp.ones((2, 1, 3), f32), (1,), "VALID"), ["b, 4"]),
    "conv_spatial": (
        lambda x: lax.conv(x[None, None], jnp.ones((1, 1, 2, 2), f32), (1, 1), "SAME"),
        ["b, 4"]),
    "index_traced": (lambda x: x[jnp.argmax(x[:, 0])], ["b, 4"]),
    "at_set": (lambda x: x.at[1].set(0.0), ["b, 4"]),
    "at_add_indices": (lambda x: x.at[jnp.array([0, 1, 0])].add(1.0), ["b, 4"]),
    "at_set_iota": (lambda x: x.at[jnp.arange(x.shape[0]), 0].set(5.0), ["b, 4"]),
    "dynamic_update_slice": (
        lambda x: lax.dynamic_update_slice(x, jnp.ones((1, 4), f32), (x.shape[0] - 1, 0)),
        ["b, 4"]),
    "dynamic_index_in_dim": (
        lambda x: lax.dynamic_index_in_dim(x, x.shape[0] - 1, 0, keepdims=False), ["b, 4"]),
    "take_along_axis": (
        lambda x: jnp.take_along_axis(x, jnp.argsort(x, axis=0), axis=0), ["b, 4"]),
    "pad_interior": (lambda x: lax.pad(x, 0.0, ((1, 2, 1), (0, 0, 0))), ["b, 4"]),
    "pad_edge": (lambda x: jnp.pad(x, ((1, 2), (0, 0)), mode="edge"), ["b, 4"]),
    "concatenate_constant": (
        lambda x: jnp.concatenate([x, jnp.ones((2, 4), f32)], axis=0), ["b, 4"]),
    "concatenate_poly_and_constant": (
        lambda x: jnp.concatenate([x.T, jnp.zeros((4, 1), f32)], axis=1), ["b, 4"]),
    "scan_rows": (lambda x: lax.scan(lambda c, r: (c + r.sum(), c), f32(0), x)[1], ["b, 4"]),
    "scan_poly_carry": (
        lambda x: lax.scan(lambda c, _: (c * 2, c.sum()), x, None, length=4)[1], ["b, 4"]),
    "map": (lambda x: lax.map(lambda r: r * 2, x), ["b, 4"]),
    "vmap_poly_inner": (
        lambda x: jax.vmap(lambda r: r * r.shape[0], in_axes=1, out_axes=1)(x), ["b, 4"]),
    "vmap_sum": (lambda x: jax.vmap(jnp.sum)(x), ["b, 4"]),
    "grad_over_shape": (
        lambda x: jax.grad(lambda y: jnp.sum(jnp.tanh(y @ W)) / y.shape[0])(x), ["b, 4"]),
    "grad_of_slices": (lambda x: jax.grad(lambda y: y[1:].sum() + y[0, 0])(x), ["b, 4"]),
    "grad_checkpoint": (
        lambda x: jax.grad(lambda y: jax.checkpoint(lambda z: jnp.sin(z).sum())(y))(x),
        ["b, 4"]),
    "nested_jit": (lambda x: jax.jit(lambda y: y * y.shape[0])(x), ["b, 4"]),
    "uniform": (lambda x: x + random.uniform(random.key(1), x.shape), ["b, 4"]),
    "bernoulli": (
        lambda x: jnp.where(random.bernoulli(random.key(1), 0.5, x.shape), x, 0.0), ["b, 4"]),
    "randint": (lambda x: x + random.randint(random.key(2), x.shape, 0, 10), ["b, 4"]),
    "categorical": (lambda x: random.categorical(random.key(2), x), ["b, 4"]),
    "split_keys": (
        lambda x: x + random.normal(random.split(random.key(0), x.shape[0])[0], (4,)),
        ["b, 4"]),
    "diag": (lambda x: jnp.diag(x @ x.T), ["b, 4"]),
    "trace": (lambda x: jnp.trace(x @ x.T), ["b, 4"]),
    "triu_offset": (lambda x: jnp.triu(x @ x.T, 1), ["b, 4"]),
    "kron": (lambda x: jnp.kron(x, jnp.ones((2, 1), f32)), ["b, 4"]),
    "meshgrid": (lambda x: jnp.meshgrid(x[:, 0], x[0])[0], ["b, 4"]),
    "outer": (lambda x: jnp.outer(x[:, 0], x[:, 1]), ["b, 4"]),
    "interp": (lambda x: jnp.interp(x[:, 0], jnp.arange(4, dtype=f32), x[0]), ["b, 4"]),
    "sort_prefix": (lambda x: jnp.sort(x.ravel())[: x.shape[0]], ["b, 4"]),
    "bincount": (lambda x: jnp.bincount(jnp.argmax(x, 1), length=4), ["b, 4"]),
    "contract_poly_axis": (
        lambda x: lax.dot_general(x, x, (((0,), (0,)), ((), ()))), ["b, 4"]),
    "iota_plus": (
        lambda x: lax.broadcasted_iota(np.int32, x.shape, 0) + x.astype(np.int32), ["b, 4"]),
    "reshape_split_static": (lambda x: x.reshape((x.shape[0], 2, 2)).sum(-1), ["b, 4"]),
    "even_rows": (lambda x: jnp.where(jnp.arange(x.shape[0]) % 2 == 0, x[:, 0], 0.0), ["b, 4"]),
    "solve_from_other_argument": (lambda x, y: x.sum(0) * y.shape[0], ["a, 4", "2*b + a"]),
    "median": (lambda x: jnp.median(x, axis=0), ["b, 4"]),
    "percentile": (lambda x: jnp.percentile(x, jnp.array([10.0, 50.0]), axis=0), ["b, 4"]),
    "nonzero_size": (lambda x: jnp.nonzero(x[:, 0] > 0, size=3, fill_value=-1)[0], ["b, 4"]),
    "argwhere_size": (lambda x: jnp.argwhere(x > 0, size=5, fill_value=0), ["b, 4"]),
    "scan_poly_rows": (
        lambda x: lax.scan(lambda c, r: (c + r.sum(), r * 2 + c), f32(0), x)[1], ["c, b, 4"]),
})


def _inner():
    return export.export(jax.jit(lambda x: jnp.sin(x) * x.shape[0]))(
        jax.ShapeDtypeStruct(export.symbolic_shape("b, 4"), f32))


def _nested(spec, fun, rows=3):
    """An export calling another (polymorphic) export, called at `rows` rows."""
    outer = export.export(jax.jit(fun))(jax.ShapeDtypeStruct(export.symbolic_shape(spec), f32))
    out = outer.call(np.arange(4 * rows, dtype=f32).reshape(rows, 4))
    return str(outer.in_avals), str(outer.out_avals), np.asarray(out).round(4).tolist()


def _nested_round_trip():
    inner = _inner()
    outer = export.export(jax.jit(lambda x: inner.call(x) + 1))(
        jax.ShapeDtypeStruct(export.symbolic_shape("a, 4"), f32))
    back = export.deserialize(outer.serialize())
    return str(back.in_avals), np.asarray(back.call(np.ones((2, 4), f32))).round(4).tolist()


NESTED = {
    "same_variable": lambda: _nested("b, 4", lambda x: _inner().call(x) + 1),
    "other_variable": lambda: _nested("a, 4", lambda x: _inner().call(x) + 1),
    "expression": lambda: _nested("a, 4", lambda x: _inner().call(jnp.concatenate([x, x])).sum(0)),
    "deserialized": lambda: _nested(
        "a, 4", lambda x: export.deserialize(_inner().serialize()).call(x) * 2),
    "grad": lambda: _nested("a, 4", lambda x: jax.grad(
        lambda y: export.deserialize(_inner().serialize(vjp_order=1)).call(y).sum())(x)),
    "round_trip": _nested_round_trip,
    "static_in_poly": lambda: _nested("a, 4", lambda x: export.export(jax.jit(jnp.cos))(
        np.ones((2, 4), f32)).call(x[:2]) + x.sum()),
    "remainder_not_provable": lambda: _nested("a, 4", lambda x: export.export(
        jax.jit(lambda y: y[: y.shape[0] // 2]))(
            jax.ShapeDtypeStruct(export.symbolic_shape("2*b, 4"), f32)).call(x)),
    "remainder_provable": lambda: _nested("2*a, 4", lambda x: export.export(
        jax.jit(lambda y: y[: y.shape[0] // 2]))(
            jax.ShapeDtypeStruct(export.symbolic_shape("2*b, 4"), f32)).call(x[::-1]), rows=4),
    "poly_in_static": lambda: np.asarray(export.export(jax.jit(lambda x: _inner().call(x)))(
        np.ones((3, 4), f32)).call(np.ones((3, 4), f32))).round(4).tolist(),
}
NESTED = {name: shown(thunk) for name, thunk in NESTED.items()}

_REFUSED = {
    "fft_poly_axis": (lambda x: jnp.fft.fft(x, axis=0).real, ["b, 4"]),
    "rfft_poly_axis": (lambda x: jnp.abs(jnp.fft.rfft(x)), ["4, b"]),
    "permutation": (lambda x: random.permutation(random.key(1), x), ["b, 4"]),
    "associative_scan": (lambda x: lax.associative_scan(jnp.add, x, axis=0), ["b, 4"]),
    "pad_reflect": (lambda x: jnp.pad(x, ((2, 2), (1, 1)), mode="reflect"), ["b, 4"]),
    "solve_vector": (lambda x: jnp.linalg.solve(_spd(x), x[..., 0]), ["b, 3, 3"]),
}


def _refused(name):
    PROGRAMS[name] = _REFUSED[name]
    try:
        return shown(lambda: exported(name))
    finally:
        del PROGRAMS[name]


OP_ERRORS = {name: _refused(name) for name in _REFUSED}
'''
