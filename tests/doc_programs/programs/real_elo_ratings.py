# Rating players from match results: online Elo updates by lax.scan over a match log (with
# per-match dynamic indexing and .at[].add), the same log fitted by maximum likelihood
# (Bradley-Terry style logistic model) with grad, K-factor sensitivity by vmap over K, a
# reverse-time scan for smoothed ratings, and predicted win probabilities for upcoming pairings
import jax
import jax.numpy as jnp

P, M = 8, 400
key = jax.random.key(101)
k_pairs, k_out = jax.random.split(key)
true_skill = jnp.linspace(-1.5, 1.5, P)
pairs = jax.random.randint(k_pairs, (M, 2), 0, P)
pairs = jnp.where(pairs[:, :1] == pairs[:, 1:], jnp.stack([pairs[:, 0], (pairs[:, 1] + 1) % P], 1), pairs)
p_win = jax.nn.sigmoid(true_skill[pairs[:, 0]] - true_skill[pairs[:, 1]])
results = jax.random.bernoulli(k_out, p_win).astype(jnp.float32)
print("matches:", M, "self-matches:", int(jnp.sum(pairs[:, 0] == pairs[:, 1])), "home wins:", int(results.sum()))


def expected(ra, rb):
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def elo(K, pairs, results, init=1500.0):
    def step(r, match):
        (a, b), s = match
        e = expected(r[a], r[b])
        r = r.at[a].add(K * (s - e)).at[b].add(-K * (s - e))
        return r, e

    return jax.lax.scan(step, jnp.full(P, init), (pairs, results))


ratings, preds = jax.jit(elo)(24.0, pairs, results)
print("Elo ratings:", jnp.round(ratings, 1))
print("rating sum conserved:", round(float(ratings.sum()), 2))
print("rank correlation with true skill:", float(jnp.corrcoef(jnp.argsort(jnp.argsort(ratings)), jnp.arange(P))[0, 1]))
log_loss = -jnp.mean(results * jnp.log(preds) + (1 - results) * jnp.log(1 - preds))
print("online log-loss:", round(float(log_loss), 4))

Ks = jnp.array([8.0, 16.0, 32.0, 64.0])
all_ratings, all_preds = jax.jit(jax.vmap(elo, in_axes=(0, None, None)))(Ks, pairs, results)
losses = -jnp.mean(results * jnp.log(all_preds) + (1 - results) * jnp.log(1 - all_preds), axis=1)
print("log-loss by K:", dict(zip(Ks.tolist(), jnp.round(losses, 4).tolist())))
print("rating spread by K:", jnp.round(all_ratings.std(axis=1), 1))


def nll(skill):
    logits = skill[pairs[:, 0]] - skill[pairs[:, 1]]
    return -jnp.sum(results * jax.nn.log_sigmoid(logits) + (1 - results) * jax.nn.log_sigmoid(-logits)) + 0.01 * jnp.sum(skill**2)


skill = jnp.zeros(P)
g = jax.jit(jax.grad(nll))
for _ in range(300):
    skill = skill - 0.01 * g(skill)
print("ML skills (centred):", jnp.round(skill - skill.mean(), 3))
print("ML vs Elo agree in order:", bool(jnp.all(jnp.argsort(skill) == jnp.argsort(ratings))))

def backward_smooth(r_final):
    def step(r, match):
        (a, b), s = match
        e = expected(r[a], r[b])
        return r.at[a].add(-8.0 * (s - e) * 0.5).at[b].add(8.0 * (s - e) * 0.5), r[a] - r[b]
    return jax.lax.scan(step, r_final, (pairs, results), reverse=True)


smoothed, gaps = backward_smooth(ratings)
print("reverse scan gaps shape:", gaps.shape, "first gap:", round(float(gaps[0]), 2))
upcoming = jnp.array([[0, 7], [3, 4], [6, 5]])
print("predicted win probabilities:", jnp.round(expected(ratings[upcoming[:, 0]], ratings[upcoming[:, 1]]), 3))
