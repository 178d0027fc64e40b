# "Transfer guard" and "Rank promotion warning" pages: jax.transfer_guard levels (allow, log,
# disallow, log_explicit, disallow_explicit) for host-to-device and device-to-host transfers,
# jax.config.update("jax_transfer_guard", ...), and numpy_rank_promotion ("warn", "raise")
import numpy as np
import jax
import jax.numpy as jnp

x = jnp.array(1)
with jax.transfer_guard("disallow"):
    y = x + x  # no transfer: x is on the device
    try:
        x + 1  # the Python scalar is copied to the device
    except Exception as e:
        print(type(e).__name__)
    print(type(y).__name__)
    try:
        jnp.array(np.ones(3)) + 1
    except Exception as e:
        print(type(e).__name__)
    try:
        print(np.asarray(y))
    except Exception as e:
        print(type(e).__name__)
    z = jax.device_put(np.ones(2))  # explicit transfers are allowed
    print(z.shape)
    w = jax.device_get(y)  # explicit
    print(w)

with jax.transfer_guard("disallow_explicit"):
    try:
        jax.device_put(np.ones(2))
    except Exception as e:
        print(type(e).__name__)

with jax.transfer_guard_host_to_device("disallow"):
    try:
        jnp.add(np.float32(1), x)
    except Exception as e:
        print(type(e).__name__)
    print(jnp.add(x, x))

with jax.transfer_guard_device_to_host("disallow"):
    try:
        float(x * 2)
    except Exception as e:
        print(type(e).__name__)
    print(jax.device_get(x * 2))

with jax.transfer_guard("allow"):
    print(jnp.array(np.arange(3)) + 1)

jax.config.update("jax_transfer_guard", "disallow")
try:
    jnp.sum(np.arange(4))
except Exception as e:
    print(type(e).__name__)
jax.config.update("jax_transfer_guard", "allow")
print(jnp.sum(np.arange(4)))


def f(a, b):
    return a + b


with jax.numpy_rank_promotion("warn"):
    print(f(jnp.ones(3), jnp.ones((2, 3))).shape)
with jax.numpy_rank_promotion("raise"):
    try:
        f(jnp.ones(3), jnp.ones((2, 3)))
    except ValueError as e:
        print("ValueError")
    print(f(jnp.ones((1, 3)), jnp.ones((2, 3))).shape)
    print(f(jnp.float32(2), jnp.ones((2, 3))).shape)
print(f(jnp.ones(3), jnp.ones((2, 3))).shape)
