"""The example suite (examples/suite.py): every example's numbers equal its NumPy reference
under every propagation mode (meshjit's passes, Shardy's pipeline, XLA's own; half the pairs in
`make test`, the others in `make test-campaigns`)."""

import numpy as np
import pytest

from examples import suite
from meshjit.compiler.jit.propagation import PROPAGATIONS
from tests.support import campaign


@pytest.fixture(scope="module")
def mesh():
    return suite.make_mesh()


@pytest.fixture(scope="module")
def references():
    return {}


# Every second (example, propagation) in `make test` (each example under one or two of the
# three modes, each mode under half the examples), the others in `make test-campaigns`.
@pytest.mark.parametrize(
    ("name", "propagation"), campaign.grid(2, list(suite.EXAMPLES), PROPAGATIONS)
)
def test_example_matches_numpy(mesh, references, name, propagation):
    example = suite.EXAMPLES[name]
    args = suite.arguments(example)
    if name not in references:
        references[name] = example.forward_numpy(*args)
    out = suite.jitted(example, mesh, propagation)(*args)
    np.testing.assert_allclose(np.asarray(out), references[name], rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("name", list(suite.EXAMPLES))
def test_example_interface(name):
    example = suite.EXAMPLES[name]
    params, inputs = example.init_params(), example.make_inputs()
    assert set(params) == set(example.PARAM_SPECS)
    assert len(inputs) == len(example.INPUT_SPECS)
    for key, spec in example.PARAM_SPECS.items():
        assert len(spec) <= params[key].ndim, key


def test_moe_drops_tokens_past_capacity():
    """The capacity path is exercised: some expert receives more tokens than it can keep."""
    from examples import moe

    params, (x,) = moe.init_params(), moe.make_inputs()
    logits = x @ params["w_gate"]
    counts = np.bincount(logits.argmax(-1), minlength=moe.SIZES["experts"])
    assert counts.max() > moe.SIZES["capacity"], counts
