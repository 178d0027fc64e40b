"""Random programs with loops, branches, calls, shard_map, sub-axis reshapes and sharding groups
(tests/support/structured_programs.py), through Shardy's sdy-propagation-pipeline and meshjit's
stand-in for it (`meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false}`):
every value's sharding compared; and what XLA compiles from meshjit's default mode moves no more
bytes than from Shardy's."""

import pytest

from meshjit.dialects import make_context
from tests.support import campaign, harness, shardy_suite
from tests.support import structured_programs as sp

PROGRAMS = sp.random_programs(30, seed=19)
MESHJIT = "meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false}"
# All 30 agree. On other seeds (scratch runs): 40 of 40 (seed 7), 12 of 12 (seed 0), 40 of 40
# (seed 101), 40 of 40 (202), 40 of 40 (303), 40 of 40 (404), 40 of 40 (505), 40 of 40 (606),
# 40 of 40 (707), 40 of 40 (808), 40 of 40 (909), 40 of 40 (9), 40 of 40 (1111, 2222, 3333,
# 4444). Round 8: 9 and 909 were not the propagation order but the explicit reshards Shardy's
# export gives a dot whose result holds a contracted dim's axes (concat_reshards.reshard_dots;
# round8-export-pipeline.mlir). Round 9: 505 was the order in which Shardy's rewrite driver visits a
# changed value's users (its use list: reversed for a parsed value, program order for one an
# inserted constraint replaced; propagation/driver.py _notified).
MIN_AGREEING = 30


def _differing(text: str) -> list:
    with make_context():
        theirs = shardy_suite.value_shardings(shardy_suite.run(text, "sdy-propagation-pipeline"))
        mine = shardy_suite.value_shardings(shardy_suite.run(text, MESHJIT))
    keys = dict.fromkeys([*theirs, *mine])
    return [(k, theirs.get(k), mine.get(k)) for k in keys if theirs.get(k) != mine.get(k)]


@pytest.fixture(scope="module")
def lowered():
    return [sp.lower(*p) for p in PROGRAMS]


def test_shardy_compatible_mode_agrees_with_shardy(lowered):
    outcomes = [_differing(text) for text in lowered]
    agreeing = sum(not d for d in outcomes)
    report = [(PROGRAMS[i], d[:2]) for i, d in enumerate(outcomes) if d]
    assert agreeing >= MIN_AGREEING, report


# One program in three in `make test`, the rest in `make test-campaigns` (XLA compiles each twice).
@pytest.mark.parametrize(
    "index", campaign.every(3, range(len(PROGRAMS)), ids=lambda i: "-".join(PROGRAMS[i][0]))
)
def test_default_mode_moves_no_more_bytes_than_shardy(lowered, index):
    row = harness.differential("random", lowered[index])
    assert row.meshjit.moved_bytes <= row.shardy.moved_bytes, (PROGRAMS[index], row)
