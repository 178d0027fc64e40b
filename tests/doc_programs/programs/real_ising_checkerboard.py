# A 2-D Ising model by checkerboard Metropolis: neighbour sums by jnp.roll and by a periodic
# convolution (checked equal), sweeps in lax.scan with per-sweep keys, chains at several
# temperatures by vmap, magnetisation and energy per spin, and a jitted annealing schedule
import jax
import jax.numpy as jnp
from jax import lax, random

L = 16
yy, xx = jnp.meshgrid(jnp.arange(L), jnp.arange(L), indexing="ij")
BLACK = (xx + yy) % 2 == 0


def neighbours(s):
    return (jnp.roll(s, 1, 0) + jnp.roll(s, -1, 0) + jnp.roll(s, 1, 1) + jnp.roll(s, -1, 1))


def neighbours_conv(s):
    k = jnp.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], s.dtype)[:, :, None, None]
    padded = jnp.pad(s, 1, mode="wrap")[None, :, :, None]
    return lax.conv_general_dilated(padded, k, (1, 1), "VALID",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))[0, :, :, 0]


def energy(s):
    return -0.5 * jnp.sum(s * neighbours(s)) / s.size


def half_sweep(s, key, beta, colour):
    dE = 2.0 * s * neighbours(s)
    accept = random.uniform(key, s.shape) < jnp.exp(-beta * dE)
    return jnp.where(colour & accept, -s, s)


def sweep(s, key, beta):
    k1, k2 = random.split(key)
    s = half_sweep(s, k1, beta, BLACK)
    return half_sweep(s, k2, beta, ~BLACK)


@jax.jit
def run_chain(key, beta, n_sweeps=200):
    k0, k1 = random.split(key)
    s0 = jnp.where(random.bernoulli(k0, 0.5, (L, L)), 1.0, -1.0)

    def body(s, k):
        s = sweep(s, k, beta)
        return s, (jnp.abs(jnp.mean(s)), energy(s))

    s, (mag, en) = lax.scan(body, s0, random.split(k1, n_sweeps))
    return s, mag[-50:].mean(), en[-50:].mean()


s = jnp.where(random.bernoulli(random.key(0), 0.5, (L, L)), 1.0, -1.0)
print(bool(jnp.array_equal(neighbours(s), neighbours_conv(s))), energy(jnp.ones((L, L))))
print(int(BLACK.sum()), BLACK.dtype, BLACK[:2, :4])
betas = jnp.array([0.2, 0.44, 0.8])
states, mags, ens = jax.vmap(run_chain, in_axes=(0, 0))(random.split(random.key(1), 3), betas)
print(states.shape, states.dtype, bool(jnp.all(jnp.abs(states) == 1)))
print("ordered at low T", bool(mags[2] > 0.8), "disordered at high T", bool(mags[0] < 0.3))
print("energy falls with beta", bool(ens[0] > ens[2]), bool(ens[2] < -1.5))


@jax.jit
def anneal(key):
    schedule = jnp.linspace(0.1, 1.0, 100)
    s0 = jnp.where(random.bernoulli(key, 0.5, (L, L)), 1.0, -1.0)
    keys = random.split(key, schedule.shape[0])
    s, _ = lax.scan(lambda s, kb: (sweep(s, kb[0], kb[1]), None), s0, (keys, schedule))
    return energy(s)


print("annealed low energy", bool(anneal(random.key(3)) < -1.4))
flip = jax.vmap(lambda b: half_sweep(jnp.ones((L, L)), random.key(4), b, BLACK).sum())(jnp.array([0.0, 10.0]))
print(flip)
print(jax.make_jaxpr(neighbours)(jnp.ones((2, 2))).eqns[0].primitive, jnp.roll(jnp.arange(5), 2))
