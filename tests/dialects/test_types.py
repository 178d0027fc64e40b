"""dialects/types.py: attributes of constants."""

import numpy as np

import meshjit


def test_uint64_constants_past_int64_keep_their_value():
    """A uint64 scalar constant >= 2**63 (the mean of a uint64 array under vmap, x64 on: fuzz
    seed 400016) was a std::bad_cast: the integer attribute takes an int64."""
    with meshjit.enable_x64(True):
        big = np.uint64(2**64 - 1)
        f = meshjit.jit(lambda x: (x + big, x > np.uint64(2**63)))
        added, above = f(np.array([1, 2**63 + 1], np.uint64))
    np.testing.assert_array_equal(np.asarray(added), np.array([0, 2**63], np.uint64))
    np.testing.assert_array_equal(np.asarray(above), [False, True])
