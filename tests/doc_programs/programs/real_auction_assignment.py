# Bertsekas' auction algorithm for the linear assignment problem: unassigned bidders bid their
# best-minus-second-best margin plus epsilon (lax.top_k over values minus prices), objects go to
# the highest bidder via segment_max, previous owners are evicted, the loop runs in
# lax.while_loop until everyone is assigned, epsilon scaling in an outer Python loop, and the
# result checked against brute force over permutations and a Sinkhorn soft assignment
import itertools

import jax
import jax.numpy as jnp

N = 6
benefit = jax.random.uniform(jax.random.key(0), (N, N)) * 10


def auction(benefit, eps, prices):
    n = benefit.shape[0]

    def cond(s):
        owner_of, _, _ = s
        return jnp.any(owner_of < 0)

    def body(s):
        person_obj, obj_owner, prices = s
        values = benefit - prices[None]
        top, idx = jax.lax.top_k(values, 2)
        bid = prices[idx[:, 0]] + top[:, 0] - top[:, 1] + eps
        bidding = person_obj < 0
        bids = jnp.where(bidding, bid, -jnp.inf)
        best_bid = jax.ops.segment_max(bids, idx[:, 0], n)
        winner = jnp.argmax(jnp.where((idx[:, 0][None] == jnp.arange(n)[:, None]) & bidding[None], bids[None], -jnp.inf), 1)
        has_bid = best_bid > -jnp.inf
        prices = jnp.where(has_bid, best_bid, prices)
        evicted = jnp.where(has_bid, obj_owner, -1)
        person_obj = person_obj.at[jnp.where(evicted >= 0, evicted, n)].set(-1, mode="drop")
        obj_owner = jnp.where(has_bid, winner, obj_owner)
        person_obj = person_obj.at[jnp.where(has_bid, winner, n)].set(jnp.arange(n), mode="drop")
        return person_obj, obj_owner, prices

    init = (jnp.full(n, -1), jnp.full(n, -1), prices)
    person_obj, obj_owner, prices = jax.lax.while_loop(cond, body, init)
    return person_obj, prices


prices = jnp.zeros(N)
for eps in (1.0, 0.1, 0.01):
    assignment, prices = jax.jit(auction)(benefit, eps, prices)
value = float(benefit[jnp.arange(N), assignment].sum())
best = max(sum(float(benefit[i, p[i]]) for i in range(N)) for p in itertools.permutations(range(N)))
print(assignment.dtype, bool(jnp.array_equal(jnp.sort(assignment), jnp.arange(N))))
print(abs(value - best) <= N * 0.01 + 1e-4, best)


def sinkhorn(benefit, tau=0.05, iters=200):
    logK = benefit / tau

    def body(_, uv):
        u, v = uv
        u = -jax.nn.logsumexp(logK + v[None], 1)
        v = -jax.nn.logsumexp(logK + u[:, None], 0)
        return u, v

    u, v = jax.lax.fori_loop(0, iters, body, (jnp.zeros(N), jnp.zeros(N)))
    return jnp.exp(logK + u[:, None] + v[None])


P = jax.jit(sinkhorn)(benefit)
print(bool(jnp.allclose(P.sum(0), 1, atol=1e-3)), bool(jnp.array_equal(P.argmax(1), assignment)))
print(jax.ops.segment_max(jnp.array([1.0, 5.0, 3.0]), jnp.array([0, 0, 2]), 4))
