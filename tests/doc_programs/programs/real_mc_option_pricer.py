# A Monte-Carlo option pricer: geometric Brownian motion paths drawn per device from folded
# keys inside shard_map, payoff sums combined by lax.psum, checked against Black-Scholes
# (jax.scipy.stats.norm.cdf), greeks by grad through the simulation (pathwise), and an
# antithetic variance reduction
import functools

import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy.stats import norm
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("d",), axis_types=(jax.sharding.AxisType.Explicit,))
PER_DEVICE, STEPS = 4096, 16


def black_scholes(s0, k, r, sigma, t):
    d1 = (jnp.log(s0 / k) + (r + 0.5 * sigma**2) * t) / (sigma * jnp.sqrt(t))
    d2 = d1 - sigma * jnp.sqrt(t)
    return s0 * norm.cdf(d1) - k * jnp.exp(-r * t) * norm.cdf(d2)


def terminal_prices(key, s0, r, sigma, t, n, antithetic=False):
    dt = t / STEPS
    z = random.normal(key, (n, STEPS))
    if antithetic:
        z = jnp.concatenate([z[: n // 2], -z[: n // 2]])
    log_s = jnp.log(s0) + jnp.cumsum((r - 0.5 * sigma**2) * dt + sigma * jnp.sqrt(dt) * z, axis=1)
    return jnp.exp(log_s[:, -1])


def price_local(key, s0, k, r, sigma, t, antithetic):
    idx = lax.axis_index("d")
    st = terminal_prices(random.fold_in(key, idx), s0, r, sigma, t, PER_DEVICE, antithetic)
    payoff = jnp.exp(-r * t) * jnp.maximum(st - k, 0.0)
    total = lax.psum(jnp.sum(payoff), "d")
    sq = lax.psum(jnp.sum(payoff**2), "d")
    return total, sq


@functools.partial(jax.jit, static_argnames="antithetic")
def mc_price(key, s0, k, r, sigma, t, antithetic=False):
    f = jax.shard_map(functools.partial(price_local, antithetic=antithetic), mesh=mesh,
                      in_specs=(P(),) * 6, out_specs=(P(), P()))
    total, sq = f(key, s0, k, r, sigma, t)
    n = PER_DEVICE * 4
    mean = total / n
    return mean, jnp.sqrt((sq / n - mean**2) / n)


args = (jnp.float32(100.0), jnp.float32(105.0), jnp.float32(0.03), jnp.float32(0.2), jnp.float32(1.0))
key = random.key(2024)
with jax.set_mesh(mesh):
    bs = black_scholes(*args)
    mc, se = mc_price(key, *args)
    print("black-scholes", round(float(bs), 3))
    print("mc within 4 se", bool(jnp.abs(mc - bs) < 4 * se), "se small", bool(se < 0.3))
    mc_a, se_a = mc_price(key, *args, antithetic=True)
    print("antithetic within 4 se", bool(jnp.abs(mc_a - bs) < 4 * se_a))
    delta_mc = jax.grad(lambda s0: mc_price(key, s0, *args[1:])[0])(args[0])
    delta_bs = jax.grad(black_scholes)(*args)
    print("delta", round(float(delta_bs), 3), bool(jnp.abs(delta_mc - delta_bs) < 0.05))
    vega_bs = jax.grad(black_scholes, argnums=3)(*args)
    vega_mc = jax.grad(lambda v: mc_price(key, *args[:3], v, args[4])[0])(args[3])
    print("vega", round(float(vega_bs), 2), bool(jnp.abs(vega_mc - vega_bs) / vega_bs < 0.1))
    strikes = jnp.linspace(80.0, 120.0, 5)
    curve = jax.vmap(lambda k: black_scholes(args[0], k, *args[2:]))(strikes)
    print("decreasing in strike", bool(jnp.all(jnp.diff(curve) < 0)), curve.shape)
    gamma = jax.grad(jax.grad(black_scholes))(*args)
    print("gamma > 0", bool(gamma > 0), gamma.dtype)
    print(jax.typeof(mc).sharding.spec, mc.shape)
