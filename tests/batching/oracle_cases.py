"""Cases run under JAX (the oracle, in a background process) and meshjit alike: one harness
text, written against `jax`, `jnp`, `lax`, `np` (see tests/support/jax_oracle.py)."""

CASES = [
    "dot_general", "conv", "gather_scatter", "cond_switch", "while_masked", "scan",
    "per_example_grads", "collectives", "sort_cumulative", "nested_out_axes", "jacobians",
]  # fmt: skip

HARNESS = r"""
def _data(shape, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def run_case(case, record_leaf):
    def record(key, tree):
        for i, leaf in enumerate(jax.tree_util.tree_leaves(tree)):
            record_leaf(f"{key}/{i}", leaf)

    x, y = _data((4, 3, 5), 0), _data((4, 5, 2), 1)
    if case == "dot_general":
        record(case + "/both", jax.vmap(jnp.dot)(x, y))
        record(case + "/one", jax.vmap(jnp.dot, in_axes=(None, 0), out_axes=1)(x[0], y))
    elif case == "conv":
        lhs, rhs = _data((3, 2, 4, 6, 6), 2), _data((3, 6, 2, 3, 3), 3)
        conv = lambda a, b: lax.conv_general_dilated(a, b, (1, 1), "SAME", feature_group_count=2)
        record(case + "/both", jax.vmap(conv)(lhs, rhs))
        record(case + "/rhs", jax.vmap(conv, in_axes=(None, 0))(lhs[0], rhs))
    elif case == "gather_scatter":
        idx = (np.arange(12).reshape(4, 3) * 7 % 5).astype(np.int32)
        record(case + "/gather", jax.vmap(lambda a, i: a[:, i])(x, idx))
        record(case + "/scatter", jax.vmap(lambda a, i: a.at[i].add(1.0))(x, idx))
        record(case + "/dyn", jax.vmap(lambda a, i: lax.dynamic_slice(a, (i, 1), (2, 3)))(x, idx[:, 0]))
    elif case == "cond_switch":
        f = lambda p, a: lax.cond(p > 0, jnp.sin, jnp.cos, a)
        record(case + "/cond", jax.vmap(f)(x[:, 0, 0], x))
        g = lambda i, a: lax.switch(i, [jnp.sin, jnp.cos, jnp.tanh], a)
        record(case + "/switch", jax.vmap(g)(np.array([0, 1, 2, 5], np.int32), x))
    elif case == "while_masked":
        f = lambda a: lax.while_loop(lambda c: c[0] < a, lambda c: (c[0] + 1.0, c[1] * 1.5), (0.0, a))
        record(case + "/while", jax.vmap(f)(np.array([0.5, 2.0, 3.5, 1.0], np.float32)))
    elif case == "scan":
        f = lambda c, xs: lax.scan(lambda s, v: (s * 0.5 + v, jnp.sin(s)), c, xs)
        record(case + "/scan", jax.vmap(f, in_axes=(None, 1))(x[0, 0], x))
    elif case == "per_example_grads":
        w = _data((5, 2), 4)
        loss = lambda w, a, b: jnp.sum(jnp.tanh(a @ w - b) ** 2)
        record(case + "/grads", jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x, y[:, :3, :]))
    elif case == "collectives":
        v = x[:, 0, :]
        record(case + "/psum", jax.vmap(lambda a: a - lax.psum(a, "i"), axis_name="i")(v))
        record(case + "/gather", jax.vmap(lambda a: lax.all_gather(a, "i", axis=1), axis_name="i")(v))
        record(case + "/index", jax.vmap(lambda a: a * lax.axis_index("i"), axis_name="i")(v))
        perm = [(0, 2), (2, 1), (1, 0), (3, 3)]
        record(case + "/ppermute", jax.vmap(lambda a: lax.ppermute(a, "i", perm), axis_name="i")(v))
        grad = jax.vmap(jax.grad(lambda a: jnp.sum(a * lax.psum(a, "i"))), axis_name="i")(v)
        record(case + "/grad", grad)
    elif case == "sort_cumulative":
        record(case + "/sort", jax.vmap(lambda a: jnp.sort(a, axis=0), in_axes=2)(x))
        record(case + "/cumsum", jax.vmap(lambda a: jnp.cumsum(a, axis=1), in_axes=1, out_axes=2)(x))
    elif case == "jacobians":
        g = lambda p, v: {"a": jnp.tanh(p["w"] @ v), "b": jnp.sum(p["w"] ** 2) * v[0]}
        p, v = {"w": x[0, :2, :]}, x[1, 0, :]
        record(case + "/fwd", jax.jacfwd(g)(p, v))
        record(case + "/rev", jax.jacrev(g, argnums=(0, 1))(p, v))
        record(case + "/hessian", jax.hessian(lambda v: jnp.sum(jnp.sin(v) * v[::-1]))(v))
    elif case == "nested_out_axes":
        f = jax.vmap(jax.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0), out_axes=1)
        record(case + "/outer", f(x[0, 0], x[0, :, 0]))
"""
