# jax.random docstrings not yet run: gumbel, loggamma, t, chisquare, f, geometric,
# generalized_normal, weibull_min, pareto, maxwell, double_sided_maxwell, triangular, lognormal,
# wald, multinomial, binomial shapes, shuffle-free permutation of arrays, choice with p, and
# key arrays' reprs
import jax
import jax.numpy as jnp
from jax import random

key = random.key(42)
k = random.split(key, 20)


@jax.jit
def draw(k):
    # One compiled program for all the samplers (each alone compiles its own).
    return [
        (random.gumbel(k[0], (3,))),
        (random.loggamma(k[1], 2.0, (3,))),
        (random.t(k[2], 3.0, (3,))),
        (random.chisquare(k[3], 4.0, (3,))),
        (random.f(k[4], 3.0, 5.0, (3,))),
        (random.geometric(k[5], 0.3, (4,))),
        (random.generalized_normal(k[6], 1.5, (3,))),
        (random.weibull_min(k[7], 1.0, 2.0, (3,))),
        (random.pareto(k[8], 3.0, (3,))),
        (random.maxwell(k[9], (3,))),
        (random.double_sided_maxwell(k[10], 0.0, 1.0, (3,))),
        (random.triangular(k[11], 0.0, 0.3, 1.0, (3,))),
        (random.lognormal(k[12], 0.5, (3,))),
        (random.wald(k[13], 1.0, (3,))),
        (random.multinomial(k[14], 10, jnp.array([0.2, 0.3, 0.5]))),
        (random.multinomial(k[15], jnp.array([5., 20.]), jnp.array([0.5, 0.5]), shape=(2, 2))),
        (random.choice(k[16], 5, (4,), p=jnp.array([0.1, 0.1, 0.1, 0.1, 0.6]))),
        (random.choice(k[17], jnp.arange(10), (3,), replace=False)),
        (random.permutation(k[18], jnp.arange(6).reshape(3, 2), axis=0, independent=False)),
        (random.permutation(k[19], jnp.arange(6).reshape(2, 3), axis=1, independent=True)),
        (random.gamma(k[0], jnp.array([0.5, 1.0, 5.0])), random.beta(k[1], 2.0, 3.0, (2,))),
        (random.normal(k[2], (2,), dtype=jnp.bfloat16), random.uniform(k[3], (2,), minval=-1, maxval=1)),
        (random.randint(k[4], (4,), 0, 256, dtype=jnp.uint8), random.bits(k[5], (2,), jnp.uint16)),
        (random.truncated_normal(k[6], -0.5, 0.5, (3,)), random.bernoulli(k[7], jnp.array([0.1, 0.9]))),
    ]


with jnp.printoptions(precision=4, suppress=True):
    for row in draw(k):
        if isinstance(row, tuple):
            print(*row)
        else:
            print(row)
print(key, key.dtype, key.shape, random.key_data(key))
print(k[:2])
print(random.PRNGKey(0), random.key(0, impl="rbg").dtype)
print(jax.vmap(lambda kk: random.normal(kk))(k[:3]))
