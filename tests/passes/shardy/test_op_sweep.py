"""The single-op sweep's drawing (tests/support/op_sweep.py): every op it covers draws modules
jaxlib's parser and verifier accept. The sweep itself (every Shardy pass on each case, the rules
compared) is a campaign, not CI: `python -m tests.support.op_sweep -n 40`."""

import pytest

from tests.support import op_sweep


@pytest.mark.parametrize("op", list(op_sweep.OPS))
def test_op_draws_accepted_modules(op):
    assert op_sweep.case_text(op, 0) is not None
