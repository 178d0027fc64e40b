"""The uneven-sharding sweep's slice in CI (tests/support/uneven_sweep.py): one case per op
family, seed 0 (`make test` runs every twentieth, `make test-campaigns` the rest); each compares
meshjit's numbers on an 8-device mesh, uneven shardings placed, constrained and requested, with
NumPy's, and the result's sharding with the one requested (ops in uneven_ops.py and
uneven_ops_composite.py). The full sweep is a campaign:
`python -m tests.support.uneven_sweep -n 20`."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import pytest  # noqa: E402

from tests.support import uneven_ops, uneven_sweep  # noqa: E402
from tests.support.campaign import every  # noqa: E402


@pytest.mark.parametrize("op", every(20, uneven_ops.OPS))
def test_case(op):
    result = uneven_sweep.run_one(op, 0)
    assert result["status"] == "ok", (result.get("case"), result.get("message"))
