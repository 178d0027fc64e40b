"""Samplers of indices and orderings: categorical, choice, permutation, poisson.

As in JAX, categorical, choice and permutation are compositions run op by op (only their inner
samplers are jitted), so each op rounds as JAX's does; poisson runs under jit.
"""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import (
    ConcretizationError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.jit.api import jit
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.util import aval_of, check_arraylike
from meshjit.compiler.random import prng
from meshjit.compiler.random.keys import check_key, impl_of, keyed
from meshjit.compiler.random.samplers import (
    broadcasting,
    check_gumbel_mode,
    gumbel,
    randint,
    row,
    split2,
    uniform,
    uniform_body,
)
from meshjit.compiler.random.util import (
    canonical_shape,
    int_dtype,
    sample_shape,
    vary,
    varying_axes,
)
from meshjit.compiler.trace.tracing import Tracer

# ---------------------------------------------------------------------------------------------
# categorical: the Gumbel-max trick (with replacement) or Gumbel-top-k (without).


@keyed
def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    """Indices drawn from the categorical distributions `softmax(logits, axis)`."""
    data, _ = check_key("categorical", key)
    logits = jnp.asarray(logits)
    aval = aval_of(logits)
    if not dtypes.is_float(aval.dtype):
        raise MeshjitValueError(  # JAX's: its Gumbel draw of the logits' dtype refuses it
            f"dtype argument to `gumbel` must be a float dtype, got {aval.dtype.name} "
            f"(categorical: logits must be floats, got {aval.str_short()})"
        )
    if not isinstance(axis, (int, np.integer)) or not -aval.ndim <= axis < aval.ndim:
        err = MeshjitIndexError(  # JAX's: NumPy's IndexError at its index of the shape
            f"index {axis} is out of bounds for axis 0 with size {aval.ndim}"
        )
        err.add_note(
            f"categorical: axis {axis} is out of range for logits {aval.str_short()}; the axis "
            "holds the categories"
        )
        raise err
    axis = int(axis) - aval.ndim if axis >= 0 else int(axis)
    batch_shape = aval.shape[: aval.ndim + axis] + aval.shape[aval.ndim + axis + 1 :]
    # JAX's np.delete of the shape: NumPy integers, as its broadcasting errors print them
    shape = sample_shape("categorical", shape, tuple(np.delete(np.array(aval.shape), axis)))
    prefix = shape[: len(shape) - len(batch_shape)]
    mode = check_gumbel_mode(mode)
    if replace:
        logits_shape = list(shape[len(prefix) :])
        logits_shape.insert(axis % aval.ndim, aval.shape[axis])
        noise = gumbel(data, (*prefix, *logits_shape), aval.dtype, mode=mode)
        expanded = lax.expand_dims(logits, tuple(range(len(prefix))))
        scores = broadcasting(lax.add, noise, expanded)
        return lax.argmax(scores, axis % (len(prefix) + aval.ndim), dtypes.default_int)
    logits = lax.add(logits, gumbel(data, aval.shape, aval.dtype, mode=mode))
    k = math.prod(prefix)
    if k > aval.shape[axis]:
        raise MeshjitValueError(
            f"Number of samples without replacement ({k}) cannot exceed number of categories "
            f"({aval.shape[axis]})."
        )
    _, indices = lax.top_k(jnp.moveaxis(logits, axis, -1), k)
    ndim = len(batch_shape) + 1
    return lax.reshape(indices, shape, (ndim - 1, *range(ndim - 1)))


# ---------------------------------------------------------------------------------------------
# permutation.


@jit(static_argnums=2)
def _shuffle(data, x, axis):
    # Sorting by fresh 32-bit keys, as many times as makes collisions unlikely (JAX's rule).
    size = aval_of(x).size
    if is_symbolic_dim(size):  # JAX's words
        raise MeshjitNotImplementedError(
            "shape polymorphism for `permutation` or `shuffle` for arrays of non-constant "
            f"size: {size}"
        )
    rounds = int(np.ceil(3 * np.log(max(1, size)) / np.log(np.iinfo(np.uint32).max)))
    for _ in range(rounds):
        data, subkey = split2(data)
        sort_keys = prng.bits(subkey, 32, aval_of(x).shape)
        _, x = lax.sort_key_val(sort_keys, x, axis)
    return x


@keyed
def permutation(key, x, axis=0, independent=False):
    """A random permutation of `range(x)` (an int), or of `x` along `axis`."""
    data, _ = check_key("permutation", key)
    check_arraylike("permutation", x)
    x = x if isinstance(x, (int, np.integer)) else jnp.asarray(x)
    aval = aval_of(x)
    axis = checks.canonical_axis(axis, aval.ndim or 1)  # JAX's words: "axis 2 is out of ..."
    if not aval.ndim:
        if not dtypes.is_int(aval.dtype):
            raise MeshjitTypeError("permutation: x must be an integer or at least 1-dimensional")
        return _shuffle(data, jnp.arange(_concrete_int(x, "permutation")), axis)
    if independent or aval.ndim == 1:
        return _shuffle(data, x, axis)
    order = _shuffle(data, jnp.arange(aval.shape[axis]), 0)
    return jnp.take(x, order, axis)


# Where JAX's concretization error says the traced size arose.
_ARISES = {
    "choice": "The error occurred in jax.random.choice()",
    "permutation": "argument x of jax.random.permutation()",
}


def _concrete_int(x, name) -> int:
    if isinstance(x, Tracer):
        shape = f"{x.aval.dtype.name}[{','.join(map(str, x.aval.shape))}]"
        raise ConcretizationError(  # JAX's words
            "Abstract tracer value encountered where concrete value is expected: traced array "
            f"with shape {shape}\n{_ARISES[name]}\n{name}: the size is the result's shape, so it "
            "must be a concrete integer, not a traced value"
        )
    return int(np.asarray(x))


# ---------------------------------------------------------------------------------------------
# choice.


@keyed
def choice(key, a, shape=(), replace=True, p=None, axis=0, mode=None):
    """A sample of `shape` from `a` (an array, or `range(a)` for an int)."""
    data, _ = check_key("choice", key)
    if isinstance(shape, (int, np.integer)) or not hasattr(shape, "__iter__"):
        raise MeshjitTypeError(
            f"shape argument of jax.random.choice must be a sequence, got {shape!r}"
        )
    shape = canonical_shape(shape, "choice")
    arr = jnp.asarray(a)
    aval = aval_of(arr)
    if aval.ndim == 0:
        n_inputs = _concrete_int(a, "choice")
    else:
        axis = checks.canonical_axis(axis, aval.ndim, "choice axis")
        n_inputs = aval.shape[axis]
    n_draws = math.prod(shape)
    if n_draws == 0:
        return lax.full(shape, np.zeros((), aval.dtype))
    if n_inputs <= 0:
        raise MeshjitValueError("choice: a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise MeshjitValueError(
            f"Cannot take a larger sample (size {n_draws}) than population (size {n_inputs}) "
            "when 'replace=False'"
        )
    if p is None:
        if replace:
            ind = randint(data, shape, 0, n_inputs)
            result = ind if aval.ndim == 0 else jnp.take(arr, ind, axis)
        else:
            perm = permutation(data, n_inputs if aval.ndim == 0 else arr, axis)
            result = lax.slice_in_dim(perm, 0, n_draws, axis=axis)
    else:
        ind = _weighted_indices(data, p, shape, replace, mode, n_inputs, n_draws)
        result = ind if aval.ndim == 0 else jnp.take(arr, ind, axis)
    out_shape = shape if aval.ndim == 0 else aval.shape[:axis] + shape + aval.shape[axis + 1 :]
    return lax.reshape(result, out_shape)


def _weighted_indices(data, p, shape, replace, mode, n_inputs, n_draws):
    p = jnp.asarray(p)
    if not dtypes.is_float(aval_of(p).dtype):
        p = lax.convert_element_type(p, dtypes.default_float)
    p_aval = aval_of(p)
    if p_aval.shape != (n_inputs,):
        raise MeshjitValueError(
            "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape "
            f"{p_aval.shape} and a.shape[axis] is {n_inputs}."
        )
    if replace:
        p_cuml = lax.cumsum(p, 0)
        u = uniform(data, shape, dtype=p_aval.dtype)
        total = lax.slice_in_dim(p_cuml, n_inputs - 1, n_inputs)
        r = lax.mul(lax.reshape(total, ()), lax.sub(np.array(1, p_aval.dtype), u))
        return lax.convert_element_type(jnp.searchsorted(p_cuml, r), dtypes.default_int)
    g = lax.add(gumbel(data, (n_inputs,), dtype=p_aval.dtype, mode=mode), lax.log(p))
    return lax.convert_element_type(lax.top_k(g, n_draws)[1], dtypes.default_int)  # astype(int)


# ---------------------------------------------------------------------------------------------
# poisson: Knuth's product of uniforms below 10, transformed rejection (Hormann) above.


def _below(i, max_iters):
    """`i < max_iters`, the weakly typed count compared in the result's integer type."""
    return lax.lt(lax.convert_element_type(i, max_iters.dtype), max_iters)


def _poisson_knuth(data, lam, shape, dtype, max_iters):
    def body(carry):
        i, k, rng, log_prod = carry
        rng, subkey = split2(rng)
        k = lax.select(lax.gt(log_prod, lax.neg(lam)), lax.add(k, 1), k)
        u = uniform_body(subkey, 0.0, 1.0, shape, dtypes.float32)
        return lax.add(i, 1), k, rng, lax.add(log_prod, lax.log(u))

    def cond(carry):
        i, log_prod = carry[0], carry[3]
        running = lax.reduce_or(lax.gt(log_prod, lax.neg(lam)), tuple(range(len(shape))))
        return lax.bitwise_and(running, _below(i, max_iters))

    axes = varying_axes(data, lam)
    k0 = vary(lax.full(shape, np.zeros((), dtype)), axes)
    log_prod0 = vary(lax.full(shape, np.float32(0)), axes)
    k = lax.while_loop(cond, body, (np.int32(0), k0, vary(data, axes), log_prod0))[1]
    return lax.convert_element_type(lax.sub(k, 1), dtype)


def _poisson_rejection(data, lam, shape, dtype, max_iters):
    log_lam = lax.log(lam)
    b = lax.add(0.931, lax.mul(2.53, lax.sqrt(lam)))
    a = lax.add(-0.059, lax.mul(0.02483, b))
    inv_alpha = lax.add(1.1239, lax.div(1.1328, lax.sub(b, 3.4)))
    v_r = lax.sub(0.9277, lax.div(3.6224, lax.sub(b, 2)))

    def body(carry):
        i, k_out, accepted, key = carry
        keys = prng.split(key, (3,))
        key, subkey_0, subkey_1 = (row(keys, j) for j in range(3))
        u = lax.sub(uniform_body(subkey_0, 0.0, 1.0, shape, dtypes.float32), 0.5)
        v = uniform_body(subkey_1, 0.0, 1.0, shape, dtypes.float32)
        u_shifted = lax.sub(0.5, lax.abs(u))
        k = lax.floor(
            lax.add(lax.add(lax.mul(lax.add(lax.div(lax.mul(2, a), u_shifted), b), u), lam), 0.43)
        )
        s = lax.log(
            lax.div(lax.mul(v, inv_alpha), lax.add(lax.div(a, lax.mul(u_shifted, u_shifted)), b))
        )
        t = lax.sub(lax.add(lax.neg(lam), lax.mul(k, log_lam)), lax.lgamma(lax.add(k, 1)))
        accept1 = lax.bitwise_and(lax.ge(u_shifted, 0.07), lax.le(v, v_r))
        reject = lax.bitwise_or(
            lax.lt(k, 0), lax.bitwise_and(lax.lt(u_shifted, 0.013), lax.gt(v, u_shifted))
        )
        accept = lax.bitwise_or(accept1, lax.bitwise_and(lax.bitwise_not(reject), lax.le(s, t)))
        k_out = lax.select(accept, k, k_out)
        return lax.add(i, 1), k_out, lax.bitwise_or(accepted, accept), key

    def cond(carry):
        i, accepted = carry[0], carry[2]
        pending = lax.reduce_or(lax.bitwise_not(accepted), tuple(range(len(shape))))
        return lax.bitwise_and(pending, _below(i, max_iters))

    axes = varying_axes(data, lam)
    k0 = vary(lax.full(shape, np.float32(-1)), axes)
    accepted0 = vary(lax.full(shape, np.bool_(False)), axes)
    k = lax.while_loop(cond, body, (np.int32(0), k0, accepted0, vary(data, axes)))[1]
    return lax.convert_element_type(k, dtype)


@jit(static_argnums=(2, 3))
def _poisson(data, lam, shape, dtype):
    use_knuth = lax.bitwise_or(lax.ne(lam, lam), lax.lt(lam, 10.0))
    lam_knuth = lax.select(use_knuth, lam, lax.full(shape, np.float32(0)))
    lam_rejection = lax.select(use_knuth, lax.full(shape, np.float32(1e5)), lam)
    max_iters = np.array(dtypes.iinfo(dtype).max, dtype)
    result = lax.select(
        use_knuth,
        _poisson_knuth(data, lam_knuth, shape, dtype, max_iters),
        _poisson_rejection(data, lam_rejection, shape, dtype, max_iters),
    )
    return lax.select(lax.eq(lam, 0.0), lax.full(shape, np.zeros((), dtype)), result)


def _check_threefry(key) -> None:
    """JAX draws Poisson integers with threefry keys only (its rejection sampler splits them
    as threefry does), and refuses rbg / unsafe_rbg / user-defined keys."""
    impl = impl_of(key)
    if impl.name != "threefry2x32" or impl.ops is not None:
        raise MeshjitNotImplementedError(
            f"`poisson` is only implemented for the threefry2x32 RNG, not {impl}"
        )


@keyed
def poisson(key, lam, shape=None, dtype=None):
    """Poisson integers with rate `lam`."""
    data, _ = check_key("poisson", key)
    dtype = int_dtype(dtype, "poisson")
    _check_threefry(key)
    shape = tuple(aval_of(lam).shape) if shape is None else canonical_shape(shape, "poisson")
    lam = jnp.broadcast_to(lam, shape)
    lam = lax.convert_element_type(lam, dtypes.float32)
    return _poisson(data, lam, shape, dtype)
