"""Differential property: on random programs, what XLA compiles from meshjit's propagation moves
no more collective bytes than from Shardy's (where the shardings agree, meshjit's export still
pins each dot to its cheapest way, so the bytes may differ there too).

Programs are chains of elementwise / dot / reduce / transpose / reshape / broadcast steps
(tests/support/programs.py) with random input shardings over the 4x2 ("data", "model") mesh. The
example-suite targets (bench/propagation.py) are checked here too: meshjit's collective bytes
are no more than Shardy's on every example.

Both sides reach XLA through `prepare_for_xla`, which pins op shardings as sharding
constraints (XLA ignores `sdy.sharding` on ordinary ops), so each side's decisions are what XLA
compiles. The default resolution (`conflicts="auto"`) keeps Shardy's preferences unless the cost
model's result is cheaper by the estimate of passes/cost/; export pins each dot to its cheapest way.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from jaxlib.mlir import ir, passmanager

from examples import suite
from meshjit import passes
from meshjit.dialects import make_context
from tests.support import campaign, harness, programs


@st.composite
def specs(draw, rank=2):
    return programs.spec_of([draw(st.sampled_from(programs.DIM_CHOICES)) for _ in range(rank)])


SPECS = st.tuples(specs(), specs(), specs())
SLOW = dict(  # the same programs every run (see the known difference in the docstring)
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# Once a counterexample: Shardy orders conflicting factors of a non-elementwise op by source
# tensor size, then source position (not by how sharded they are), so it keeps "data" on the
# dot's lhs factor; meshjit kept it on the rhs factor and moved 4864 bytes against 3328.
# Once a loss (Shardy's worklist reached the later op first): `x - broadcast(sum(x))` then an
# elementwise op with a conflicting operand; the cost model's result is kept where cheaper.
@example(
    ops=["reduce", "mul"], input_specs=(("model", None), ("data", None), (("data", "model"), None))
)
# An axis-order conflict on an elementwise op: meshjit moves fewer bytes than Shardy.
@example(ops=["add"], input_specs=(("model", None), (("data", "model"), None), ("data", None)))
@example(ops=["transpose"], input_specs=((None, "data"), (None, ("data", "model")), (None, None)))
# Elementwise conflicts go to the more sharded factor, ties to the first operand's.
@example(ops=["add"], input_specs=((None, ("data", "model")), ("model", None), (None, None)))
@example(
    ops=["mul", "reduce"],
    input_specs=((None, ("data", "model")), (("data", "model"), None), (None, None)),
)
# Once losses through reshapes (10432 vs 9664 and 9696 vs 8288 bytes): an axis that another
# factor of the tensor partly holds is cut to its free major sub-axis, as Shardy does
# ("data" next to `"data":(2)2` becomes `"data":(1)2`), instead of being dropped.
@example(
    ops=["dot", "reshape", "broadcast", "reshape", "transpose"],
    input_specs=(("data", None), ("data", None), (None, "data")),
)
@example(
    ops=["reshape", "reduce", "transpose", "broadcast", "add", "reshape"],
    input_specs=(("model", "data"), (("model", "data"), None), (("data", "model"), None)),
)
# Once a loss (8816 vs 7280 bytes): a reshape handed "data" back as `"data":(1)2, "data":(2)2`,
# which then no longer extended another operand's "data" at an add; axes are stored joined.
@example(
    ops=["reduce", "reshape", "add", "dot"],
    input_specs=((None, ("data", "model")), (None, "data"), (("model", "data"), None)),
)
# Once losses where Shardy-mode decisions differed from Shardy's (4656 vs 3504, 512 vs 256
# bytes): two dot factors wanting one axis are resolved per tensor (a tensor without the first
# factor gives the axis to the second), and Shardy's pass-through stage visits an op reading a
# value with another use (`x - sum(x)`) after the other pass-through ops. The third once cost
# 528 vs 512 when the cost model's run followed that visiting order too.
@example(
    ops=["add", "dot", "mul", "transpose", "broadcast", "reduce"],
    input_specs=(("data", None), ("model", None), (None, ("data", "model"))),
)
@example(
    ops=["reshape", "reduce", "tanh", "mul", "tanh"],
    input_specs=(("data", None), (("model", "data"), None), (("model", "data"), None)),
)
@example(
    ops=["reduce", "mul"], input_specs=((("model", "data"), None), ("data", None), (None, None))
)
# Once losses (8384 vs 6848, 9408 vs 7744, 15008 vs 14336 bytes): export closed values nothing
# sharded as replicated (Shardy leaves them to XLA); dot plans chosen in program order missed
# that a later dot gathers a weight an earlier one can read; a reshape into a strided shard was
# priced as if XLA could compute it.
@example(
    ops=["add", "reshape", "reshape", "mul", "reshape"],
    input_specs=(("data", None), (None, ("model", "data")), ("data", None)),
)
@example(
    ops=["broadcast", "transpose", "dot", "dot", "broadcast", "mul"],
    input_specs=((None, "model"), (("data", "model"), None), (("data", "model"), None)),
)
@example(
    ops=["reshape", "transpose", "tanh", "reshape", "dot", "transpose"],
    input_specs=((("model", "data"), None), (None, ("data", "model")), (("data", "model"), None)),
)
# Once a compile error: a dot plan gave its contracting factor `"model", "data":(2)2` next to a
# result factor holding "data" (a sub-axis and its full axis in one sharding).
@example(
    ops=["reshape", "tanh", "broadcast", "dot"],
    input_specs=((None, ("data", "model")), ("model", None), ("model", "data")),
)
# Once a loss (4416 vs 3200 bytes): two dots read one weight; each alone does best to reshard
# its activation, together gathering the weight once serves both. The plans' re-choice now also
# starts from the choice that counts shared reshards by their users.
@example(
    ops=["dot", "mul", "reshape", "reduce", "tanh", "dot"],
    input_specs=(("data", "model"), (("data", "model"), None), ("data", None)),
)
# Once a loss (7296 vs 6592 bytes, a 10-op chain): one dot gathers a weight whole, another wants
# it gathered and sliced along its other dim; XLA makes the all-gather once, so the second
# dot's reshard costs nothing more (reshards are priced per step, the all-gather shared).
@example(
    ops=["add", "tanh", "mul", "dot", "tanh", "mul", "reshape", "dot", "add", "add"],
    input_specs=((("model", "data"), None), (None, "data"), (("data", "model"), None)),
)
# Once a loss (5808 vs 5184 bytes, a 12-op chain): a candidate estimated 0.3% cheaper than
# Shardy's preferences was 12% dearer (the estimate misprices reshapes into sub-axes); auto
# now keeps Shardy's unless another candidate is cheaper by more than cost.MARGIN.
@example(
    ops=["reshape", "reduce", "dot", "broadcast", "dot", "add"]
    + ["dot", "broadcast", "dot", "reshape", "reduce", "dot"],
    input_specs=((None, "data"), (("model", "data"), None), ("data", None)),
)
@settings(max_examples=campaign.examples(10), **SLOW)
@given(ops=st.lists(st.sampled_from(programs.STEPS), min_size=1, max_size=6), input_specs=SPECS)
def test_meshjit_costs_no_more_than_shardy(ops, input_specs):
    """The examples above (past counterexamples) and a few drawn programs: `make test`."""
    _assert_no_dearer(ops, input_specs)


@pytest.mark.campaign  # 40 drawn programs (`make test` draws 10: suite time, session 34)
@settings(max_examples=campaign.examples(40), **SLOW)
@given(ops=st.lists(st.sampled_from(programs.STEPS), min_size=1, max_size=6), input_specs=SPECS)
def test_meshjit_costs_no_more_than_shardy_on_more_programs(ops, input_specs):
    _assert_no_dearer(ops, input_specs)


@pytest.mark.campaign  # 25 long programs through both propagations: `make test-campaigns`
@settings(max_examples=campaign.examples(25), **SLOW)
@given(ops=st.lists(st.sampled_from(programs.STEPS), min_size=8, max_size=16), input_specs=SPECS)
def test_meshjit_costs_no_more_than_shardy_on_long_chains(ops, input_specs):
    """Longer chains, where the visiting order and the plan choice across dots matter more."""
    _assert_no_dearer(ops, input_specs)


def _assert_no_dearer(ops, input_specs):
    row = harness.differential("random", programs.lower_chain(ops, input_specs))
    assert row.meshjit.moved_bytes <= row.shardy.moved_bytes, (ops, input_specs, row)


@pytest.fixture(scope="module")
def example_rows():
    mesh = suite.make_mesh()
    return {
        name: harness.differential(name, suite.lowered_text(example, mesh))
        for name, example in suite.EXAMPLES.items()
    }


@pytest.mark.parametrize("name", list(suite.EXAMPLES))
def test_example_bytes_not_more_than_shardy(example_rows, name):
    row = example_rows[name]
    assert row.meshjit.moved_bytes <= row.shardy.moved_bytes, harness.format_table([row])
    assert row.meshjit.result_bytes <= row.shardy.result_bytes, harness.format_table([row])


def test_examples_lower_than_shardy_on_at_least_three(example_rows):
    """Issue 6's target. Where a weight is split along the dim a dot contracts (FSDP) and the
    batch is small next to it, Shardy gathers the weight; meshjit's cost resolution and pinned
    dot plans reshard the activations instead (see bench/README.md for the table)."""
    lower = [n for n, r in example_rows.items() if r.meshjit.moved_bytes < r.shardy.moved_bytes]
    assert len(lower) >= 3, harness.format_table(list(example_rows.values()))


# Pass behaviours matched to Shardy's pipeline: the lit cases of these names give the same
# per-value shardings under both propagations.
LIT_DIR = Path(__file__).parents[2] / "test" / "lit" / "passes"
SAME_AS_SHARDY = (
    "free_sub_axis",
    "no_free_sub_axis",
    "merged_sub_axes",
    "results_first",
    "split_constants",
    "sharding_group",
    "barrier_backward",
    "barrier_forward",
    "pass_through_factors_first",
)


def _lit_case(name: str) -> str:
    for path in sorted(LIT_DIR.glob("propagate*.mlir")):
        for chunk in path.read_text().split("// -----"):
            if f"func.func @{name}(" in chunk:
                return chunk
    raise KeyError(name)


@pytest.mark.parametrize("name", SAME_AS_SHARDY)
def test_lit_case_agrees_with_shardy(name):
    with make_context():
        shardy, mine, _, _ = harness.propagate_both(_lit_case(name), conflicts="shardy")
        theirs, ours = harness.value_shardings(shardy), harness.value_shardings(mine)
    common = [k for k in theirs if k in ours]  # Shardy's export folds sharding constraints away
    assert len(common) >= 4
    assert {k: ours[k] for k in common} == {k: theirs[k] for k in common}


# Propagation alone (no export: Shardy's export re-decides dot shardings, as meshjit's pins its
# own): the lit cases of these names propagate as Shardy's import + propagation passes do.
PROPAGATES_AS_SHARDY = ("pass_through_factors_first", "visiting_order")


@pytest.mark.parametrize("name", PROPAGATES_AS_SHARDY)
def test_lit_case_propagates_as_shardy(name):
    text = _lit_case(name)
    with make_context():
        shardy, mine = ir.Module.parse(text), ir.Module.parse(text)
        pm = passmanager.PassManager.parse(
            "builtin.module(sdy-import-pipeline,sdy-user-priority-propagate)"
        )
        pm.run(shardy.operation)
        passes.propagate(mine, conflicts="shardy", export=False)
        theirs, ours = harness.value_shardings(shardy), harness.value_shardings(mine)
    common = [k for k in theirs if k in ours]
    assert len(common) >= 5
    assert {k: ours[k] for k in common} == {k: theirs[k] for k in common}
