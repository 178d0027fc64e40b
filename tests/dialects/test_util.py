"""dialects/util.py: the collector pause shared by compiler/ and passes/."""

import gc

from meshjit.dialects.util import gc_paused


def test_gc_paused_nests_and_resumes():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner exit leaves the outer pause in place
    assert gc.isenabled()


def test_gc_paused_is_reentrant():
    pause = gc_paused()
    with pause:
        with pause:
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_gc_paused_leaves_a_disabled_collector_disabled():
    gc.disable()
    try:
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
