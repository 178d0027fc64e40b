"""Shared by the shape-function tests: settings, shapes, tolerant comparison."""

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st

import meshjit
from tests.support import campaign

SETTINGS = settings(max_examples=campaign.examples(15), deadline=None)


RNG = np.random.RandomState(0)


def jit_numpy(f, *args):
    out = meshjit.jit(f)(*args)
    if isinstance(out, (tuple, list)):
        return [np.asarray(o) for o in out]
    return np.asarray(out)


def normal(*shape):
    return RNG.randn(*shape).astype(np.float32)


def close(actual, expected, **kw):
    np.testing.assert_allclose(actual, expected, rtol=kw.get("rtol", 1e-5), atol=1e-5)
    assert np.shape(actual) == np.shape(expected)


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple)
