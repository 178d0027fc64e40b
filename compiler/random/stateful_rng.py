"""`jax.experimental.random`'s stateful generator (JAX's `jax._src.random.stateful_rng`): a
NumPy-like `Generator` over JAX's stateless keys. It holds a typed base key and a counter in a
mutable reference; each draw folds the counter into the base key and bumps the counter, so
draws differ without the caller threading keys, also under `jit` (the reference is updated in
place) and `vmap` (of a `split` generator)."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Sequence

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.numpy.creation import asarray, zeros
from meshjit.compiler.random import api, samplers
from meshjit.compiler.random.keys import PRNGKeyArray
from meshjit.compiler.state.ref import Ref, addupdate, is_ref, new_ref
from meshjit.compiler.trace.tracing import Tracer, current_trace
from meshjit.compiler.tree_util import register_dataclass


def _size(size, *args) -> tuple[int, ...]:
    """NumPy's `size`: None (the arguments' broadcast shape), an int or a sequence."""
    if size is None:
        return np.broadcast_shapes(*(np.shape(a) for a in args))
    if isinstance(size, int | np.integer):
        return (operator.index(size),)
    return tuple(map(operator.index, size))


@register_dataclass
@dataclasses.dataclass(frozen=True, slots=True)
class StatefulPRNG:
    """A stateful generator (made by `stateful_rng`): a typed base key and a counter ref."""

    _base_key: PRNGKeyArray
    _counter: Ref

    def __post_init__(self):
        if not isinstance(self._base_key, PRNGKeyArray | Tracer):
            raise MeshjitValueError(
                f"Expected base_key to be a typed PRNG key; got {self._base_key}"
            )
        if not is_ref(self._counter):
            raise MeshjitValueError(
                f"Expected counter to be a scalar integer ref; got {self._counter}"
            )

    def key(self, shape: int | Sequence[int] = ()):
        """A new key (or `shape` of them), independent of every other draw."""
        if self._base_key.shape:
            raise MeshjitValueError("cannot operate on split stateful generator")
        key = api.fold_in(self._base_key, self._counter[...])
        addupdate(self._counter, ..., 1)
        shape = _size(shape)
        return api.split(key, shape) if shape else key

    def random(self, size=None, dtype=float):
        """Floats in [0, 1)."""
        return samplers.uniform(self.key(), shape=_size(size), dtype=dtype)

    def uniform(self, low=0, high=1, size=None, *, dtype=float):
        return samplers.uniform(
            self.key(), _size(size, low, high), minval=low, maxval=high, dtype=dtype
        )

    def normal(self, loc=0, scale=1, size=None, *, dtype=float):
        norm = samplers.normal(self.key(), _size(size, loc, scale), dtype)
        return (asarray(loc) + asarray(scale) * norm).astype(dtype)

    def integers(self, low, high=None, size=None, *, dtype=int):
        if high is None:
            low, high = 0, low
        return samplers.randint(self.key(), _size(size, low, high), low, high, dtype=dtype)

    def split(self, num: int | Sequence[int]) -> StatefulPRNG:
        """One generator of `num` independent ones, for `vmap`."""
        return StatefulPRNG(self.key(num), new_ref(zeros(num, dtype=int)))

    def spawn(self, n_children: int) -> list[StatefulPRNG]:
        """A list of `n_children` independent generators."""
        return [StatefulPRNG(k, new_ref(0)) for k in self.key(n_children)]


def stateful_rng(seed=None, *, impl=None) -> StatefulPRNG:
    """A stateful generator seeded with `seed` (from NumPy's entropy when omitted, outside a
    trace only)."""
    if seed is None:
        if current_trace() is not None:
            raise MeshjitTypeError(
                "When used within transformed code, jax.experimental.random.stateful_rng() "
                "requires an explicit seed to be set."
            )
        entropy = np.random.SeedSequence().entropy
        seed = np.int64(entropy & np.iinfo(np.int64).max)
    return StatefulPRNG(api.key(seed, impl=impl), new_ref(0))
