"""Small user programs for the meshjit-lower lit tests (Inputs/ is not a test directory)."""

import meshjit.numpy as jnp


def affine(x, w, b):
    return jnp.tanh(x @ w + b)


def scale(x, *, factor=2):
    return x * factor


def mismatched(x, y):
    return x @ y


def no_args():
    return jnp.zeros((2,), jnp.float32)
