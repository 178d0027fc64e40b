"""Long parametrized sweeps split between `make test` and `make test-campaigns`.

`make test` must fit 15 minutes on 2 cores, so a sweep of many similar cases (every Shardy
case compiled by XLA, every JAX-oracle case of a module) runs a fixed, evenly spread slice
there (every n-th case) and the rest under pytest's `campaign` marker, which `make
test-campaigns` selects: together the two commands run every case, and which cases `make test`
runs never depends on the order of collection or on chance. A JAX oracle of a split sweep
(`jax_oracle.oracle_fixture(..., every=n)`) runs JAX on `make test`'s slice only when the
campaign cases are deselected.
"""

from __future__ import annotations

import itertools
import os

import pytest

# The slice of a vs-JAX sweep `make test` runs: every SWEEP-th case. A module's oracle and its
# parametrization both read it, so JAX always computes the cases the tests ask for. Forty-eight
# (it was three, six, twelve, then twenty-four) to fit the 15 minutes on 2 cores: every
# forty-eighth case is also a twenty-fourth one, so `make test` runs a subset of what it ran
# before and `make test-campaigns` the rest.
SWEEP = 48


def examples(n: int) -> int:
    """A hypothesis test's `max_examples`: `n` under MESHJIT_ALL_EXAMPLES=1 (`make
    test-campaigns` runs every hypothesis test again so), a sixth of it (at least 4) in `make
    test` (a third until session 42: the suite's time)."""
    if os.environ.get("MESHJIT_ALL_EXAMPLES") == "1":
        return n
    return max(4, n // 6)


def every(n: int, items, ids=None) -> list:
    """`items` as pytest params: every `n`-th one (the first, the n+1-th, ...) for `make test`,
    the others marked `campaign`. `ids` names them (a callable on an item, or a list)."""
    assert n >= 1, n
    items = list(items)
    if callable(ids):
        ids = [ids(item) for item in items]
    return [
        pytest.param(
            item,
            marks=() if i % n == 0 else (pytest.mark.campaign,),
            id=None if ids is None else ids[i],
        )
        for i, item in enumerate(items)
    ]


def grid(n: int, *axes, ids=None) -> list:
    """The product of `axes` (tuples of values) as pytest params split as `every` splits."""
    combos = list(itertools.product(*axes))
    if ids is None:
        ids = ["-".join(str(v) for v in combo) for combo in combos]
    params = every(n, combos, ids)
    return [pytest.param(*p.values[0], marks=p.marks, id=p.id) for p in params]


def campaigns_deselected(config) -> bool:
    """Whether this run's `-m` expression leaves the `campaign` cases out (`make test`)."""
    from _pytest.mark.expression import Expression

    markexpr = config.getoption("markexpr") or ""
    if not markexpr:
        return False
    return not Expression.compile(markexpr).evaluate(lambda name, **kwargs: name == "campaign")


def slice_for(config, n: int, cases) -> list:
    """`cases` as this run needs them: `make test`'s every-n-th slice, or all of them."""
    cases = list(cases)
    return cases[::n] if n > 1 and campaigns_deselected(config) else cases
