# Option pricing analytics: Black-Scholes prices with jax.scipy.stats.norm, the Greeks by
# grad / hessian / jacfwd (delta, gamma, vega, theta, vanna, volga) checked against closed forms,
# implied volatility by Newton iterations in a while_loop vmapped over a smile, put-call parity,
# and a Monte Carlo pathwise delta with antithetic variates
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def bs_price(S, K, T, r, sigma, call=True):
    d1 = (jnp.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * jnp.sqrt(T))
    d2 = d1 - sigma * jnp.sqrt(T)
    c = S * norm.cdf(d1) - K * jnp.exp(-r * T) * norm.cdf(d2)
    return jnp.where(call, c, c - S + K * jnp.exp(-r * T))


S, K, T, r, sigma = 100.0, 105.0, 0.75, 0.03, 0.25
price = bs_price(S, K, T, r, sigma)
print("call:", round(float(price), 5), "put:", round(float(bs_price(S, K, T, r, sigma, call=False)), 5))

delta = jax.grad(bs_price, argnums=0)(S, K, T, r, sigma)
gamma = jax.grad(jax.grad(bs_price, argnums=0), argnums=0)(S, K, T, r, sigma)
vega = jax.grad(bs_price, argnums=4)(S, K, T, r, sigma)
theta = -jax.grad(bs_price, argnums=2)(S, K, T, r, sigma)
H = jax.hessian(bs_price, argnums=(0, 4))(S, K, T, r, sigma)
vanna, volga = H[0][1], H[1][1]
d1 = (jnp.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * jnp.sqrt(T))
print("delta:", round(float(delta), 5), "closed form:", round(float(norm.cdf(d1)), 5))
print("gamma:", round(float(gamma), 6), "closed form:", round(float(norm.pdf(d1) / (S * sigma * jnp.sqrt(T))), 6))
print("vega:", round(float(vega), 4), "closed form:", round(float(S * norm.pdf(d1) * jnp.sqrt(T)), 4))
print("theta:", round(float(theta), 4), "vanna:", round(float(vanna), 5), "volga:", round(float(volga), 4))
print("hessian structure:", jax.tree.structure(H))

strikes = jnp.linspace(80.0, 120.0, 9)
true_vols = 0.2 + 0.002 * (strikes - 100.0) ** 2 / 10
market = bs_price(S, strikes, T, r, true_vols)


def implied_vol(price, K):
    def cond(c):
        vol, it, err = c
        return (it < 50) & (err > 1e-6)

    def body(c):
        vol, it, _ = c
        diff = bs_price(S, K, T, r, vol) - price
        v = jax.grad(bs_price, argnums=4)(S, K, T, r, vol)
        return vol - diff / v, it + 1, jnp.abs(diff)

    vol, its, _ = jax.lax.while_loop(cond, body, (jnp.float32(0.3), 0, jnp.float32(1.0)))
    return vol, its


vols, its = jax.jit(jax.vmap(implied_vol))(market, strikes)
print("implied vols:", jnp.round(vols, 4))
print("recovered:", bool(jnp.allclose(vols, true_vols, atol=1e-3)), "newton iterations:", its)
parity = bs_price(S, strikes, T, r, vols) - bs_price(S, strikes, T, r, vols, call=False)
print("put-call parity holds:", bool(jnp.allclose(parity, S - strikes * jnp.exp(-r * T), atol=1e-3)))
smile_delta = jax.vmap(jax.grad(bs_price), in_axes=(None, 0, None, None, 0))(S, strikes, T, r, vols)
print("deltas across the smile:", jnp.round(smile_delta, 4))


def mc_price(S0, key, n=200_000):
    z = jax.random.normal(key, (n // 2,))
    z = jnp.concatenate([z, -z])
    ST = S0 * jnp.exp((r - 0.5 * sigma**2) * T + sigma * jnp.sqrt(T) * z)
    return jnp.exp(-r * T) * jnp.mean(jnp.maximum(ST - K, 0.0))


mc, mc_delta = jax.jit(jax.value_and_grad(mc_price))(S, jax.random.key(0))
print("MC price:", round(float(mc), 2), "pathwise delta:", round(float(mc_delta), 3))
print("MC within 1% of closed form:", bool(abs(mc - price) / price < 0.01))
