"""The catalogue of user mistakes (tests/support/mistakes_catalogue*.py) raises in meshjit what
it raises in JAX 0.10.2: the same exception type (or a subclass of the builtin JAX raises), a
message with the phrases JAX's names the problem with, and a traceback that ends on the user's
line (the line JAX's ends on), with no hang and no MLIR dump.

All cases run in one meshjit subprocess and one JAX subprocess; JAX's outcomes are kept in
pytest's cache, keyed by the catalogue, the runner and JAX's version. `make test` runs an evenly
spread slice of the cases (every SWEEP-th of the first file's, then of the later rounds',
mistakes_catalogue_round6.py to mistakes_catalogue_round23.py),
`make test-campaigns` the rest of them (tests/support/campaign.py).
`KNOWN` lists what still differs and why; a known difference that goes away fails the test, so
the list stays true.
Summary table: `python -m tests.support.mistakes_compare JAX.json MESHJIT.json` on the runner's
outputs (`python -m tests.support.mistakes_runner {jax|meshjit} OUT.json`)."""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import json
import os
import subprocess
import sys

import pytest

from tests.support import campaign, mistakes_compare, mistakes_runner, oracle_store
from tests.support.jax_oracle import have_jax

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _case_names(path: str) -> list:
    with open(path) as f:
        tree = ast.parse(f.read())
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(
            getattr(getattr(d, "func", None), "id", None) == "mistake" for d in node.decorator_list
        )
    ]


FIRST = _case_names(mistakes_runner.CATALOGUES[0])
LATER = [name for path in mistakes_runner.CATALOGUES[1:] for name in _case_names(path)]
CASES = FIRST + LATER
# `make test` runs every SWEEP-th case of the first file and of the later rounds (the rest are
# campaign cases, `make test-campaigns`), to keep the suite's time: the first file's cases all
# ran in `make test` until session 34 (1,343 of the 1,752 cases it ran).
PARAMS = campaign.every(campaign.SWEEP, FIRST) + campaign.every(campaign.SWEEP, LATER)
SLICE = FIRST[:: campaign.SWEEP] + LATER[:: campaign.SWEEP]


def _known(why: str, *checks: str) -> dict:
    return dict.fromkeys(checks, why)


_UNEVEN = "meshjit lays out uneven shardings (issue 14 item 12); JAX 0.10.2 refuses them"
# case -> {check: why meshjit differs}
KNOWN = {
    "device_put_not_divisible": {"type": _UNEVEN, "message": _UNEVEN, "line": _UNEVEN},
    "jit_in_shardings_not_divisible": {"type": _UNEVEN, "message": _UNEVEN, "line": _UNEVEN},
    "out_shardings_not_divisible": {"type": _UNEVEN, "message": _UNEVEN, "line": _UNEVEN},
    # Round 6 (tests/support/mistakes_catalogue_round6.py)
    "r6_custom_vjp_fwd_primal_dtype_differs": _known(
        "meshjit checks a custom_vjp fwd rule's primal output against the function's output "
        "type, dtype included; JAX 0.10.2 takes a fwd output of another dtype",
        "type",
        "line",
    ),
    "r6_checkify_user_check_in_grad_unfunctionalized": _known(
        "JAX's grad evaluates a passing check op by op; meshjit's grad stages it and refuses a "
        "check that checkify did not functionalize",
        "type",
        "line",
    ),
    "r6_ref_captured_in_grad": _known(
        "meshjit refuses grad's write of a differentiated value into a closed-over ref in JAX's "
        "words, but after tracing the function (at the grad call), not at the write itself",
        "line",
    ),
    # Round 8 (tests/support/mistakes_catalogue_round8.py)
    **dict.fromkeys(
        ("r8_checkify_check_in_cond_without_checkify", "r18_checkify_error_throw_in_jit"),
        _known(
            "JAX raises one module-level ValueError instance for an unfunctionalized check "
            "(checkify's functionalization_error), so its traceback keeps the frames of its "
            "first raise (checkify_check_in_jit_unfunctionalized's line); meshjit's ends on "
            "this case's",
            "line",
        ),
    ),
    **dict.fromkeys(
        ("r8_grad_of_non_differentiable_callback", "r8_vmap_of_pure_callback_unbatchable"),
        _known(
            "meshjit's grad and vmap stage the function, then differentiate or batch its jaxpr: "
            "pure_callback's rule refuses it in JAX's words at the grad / vmap call, not at the "
            "callback's line (JAX applies the rule as the callback is called)",
            "line",
        ),
    ),
    # Round 15 (tests/support/mistakes_catalogue_round15.py)
    "r15_index_bool_mask_under_grad": _known(
        "meshjit's grad stages the function, then differentiates its jaxpr: a boolean mask is "
        "a traced value there (JAX's grad evaluates it op by op, concretely)",
        "type",
        "line",
    ),
    "r15_make_mesh_names_not_strings": _known(
        "meshjit's mesh axis names are Shardy's symbol names: strings only (JAX takes any "
        "hashable name)",
        "type",
        "line",
    ),
    # Round 16 (tests/support/mistakes_catalogue_round16.py)
    "r16_io_callback_in_vmap_ordered": _known(
        "meshjit's vmap stages the function, then batches its jaxpr: the ordered io_callback is "
        "refused in JAX's words at the vmap call, not at the callback's line",
        "line",
    ),
    "r16_pallas_in_grad": _known(
        "meshjit's grad stages the function, then differentiates its jaxpr: pallas_call's "
        "refusal (JAX's words) comes at the grad call, not at the pallas_call's line",
        "line",
    ),
    **dict.fromkeys(
        ("r16_mesh_devices_duplicated", "r16_mesh_of_ints"),
        _known(
            "meshjit checks a Mesh's devices when it is made (distinct devices, not ints); JAX "
            "builds the Mesh and fails only when it is used",
            "type",
            "line",
        ),
    ),
    # Round 20 (tests/support/mistakes_catalogue_round20.py)
    **dict.fromkeys(
        (
            "r20_checkpoint_ppermute_repeated_sources",
            "r20_checkpoint_ppermute_repeated_destinations",
        ),
        _known(
            "JAX's eager checkpoint lowers its whole function at the checkpoint call, where its "
            "ppermute check raises; meshjit checks an eagerly evaluated ppermute as it is bound, "
            "at the shard_map body's line",
            "line",
        ),
    ),
    "r20_vmap_sharding_other_devices": _known(
        "meshjit's vmap stages the function: the inner jit's argument is a traced value there, "
        "named as the sharding constraint's (JAX's vmap calls the inner jit with its own "
        "argument names)",
        "message",
    ),
    # Round 22 (tests/support/mistakes_catalogue_round22.py)
    "r22_custom_vjp_fwd_structure": _known(
        "meshjit checks a custom_vjp fwd rule's primal output against the function's output "
        "structure and says so; JAX 0.10.2 takes the fwd rule's pair as the output and its grad "
        "then refuses it as a non-scalar output",
        "message",
    ),
    # Round 23 (tests/support/mistakes_catalogue_round23.py)
    **dict.fromkeys(
        (
            "r23_plain_abstract_mesh_shape_names_lengths",
            "r23_lmap_abstract_mesh_shape_names_lengths",
            "r23_jvp_abstract_mesh_shape_names_lengths",
        ),
        _known(
            "meshjit checks an AbstractMesh's axis sizes and names when it is made (as many "
            "sizes as names); JAX 0.10.2 builds it and fails only when it is used",
            "type",
            "line",
        ),
    ),
    **dict.fromkeys(
        (
            "r23_plain_smap_nested_same_axis",
            "r23_lmap_smap_nested_same_axis",
            "r23_jvp_smap_nested_same_axis",
        ),
        _known(
            "meshjit takes the enclosing shard_map's concrete mesh for a nested shard_map (its "
            "remaining axes made manual); JAX wants the context's abstract mesh (the enclosing "
            "one's manual axes Manual) and refuses the concrete mesh",
            "message",
        ),
    ),
    "r23_lmap_smap_ppermute_out_of_range": _known(
        "meshjit checks a ppermute's permutation against the axis size as it is bound; JAX "
        "checks it as it lowers, and lax.map's body drops the unused shard_map first",
        "type",
        "line",
    ),
    "r23_jvp_smap_check_vma_psum_of_invariant_out_varying": _known(
        "JAX's jvp runs a shard_map of constants eagerly (its out_specs check names its own "
        "helper, '_rem_singleton'); meshjit's jvp stages it and names the user's function",
        "message",
    ),
    # Round 12 (tests/support/mistakes_catalogue_round12.py)
    "r12_ref_in_vmap_written_batched": _known(
        "meshjit's vmap stages the function, then batches its jaxpr: the write of a batched "
        "value into an unbatched ref is refused in JAX's words at the vmap call, not at the "
        "write (JAX batches the write as it runs)",
        "line",
    ),
}


def _run(library: str, out: str, only: list | None = None) -> subprocess.Popen:
    env = dict(os.environ, MESHJIT_NUM_CPU_DEVICES="8")
    selection = []
    if only is not None:
        with open(out + ".cases.json", "w") as f:
            json.dump(only, f)
        selection = [out + ".cases.json"]
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.mistakes_runner", library, out, *selection],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait(proc: subprocess.Popen, out: str) -> dict:
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err[-3000:]
    with open(out) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory, pytestconfig):
    if not have_jax():
        pytest.skip("jax is not installed")
    sources = ""
    for path in (*mistakes_runner.CATALOGUES, mistakes_runner.__file__):
        with open(path) as f:
            sources += f.read()
    digest = hashlib.sha256((sources + importlib.metadata.version("jax")).encode()).hexdigest()
    cache = getattr(pytestconfig, "cache", None)
    cache_dir = str(cache.mkdir("jax_mistakes")) if cache else str(tmp_path_factory.mktemp("jax"))
    name = f"mistakes_{digest[:16]}.json"
    jax_out = oracle_store.recorded(name) or os.path.join(oracle_store.cache_dir(cache_dir), name)
    ours_out = str(tmp_path_factory.mktemp("mistakes") / "meshjit.json")
    jax_proc = None if os.path.exists(jax_out) else _run("jax", jax_out)
    only = SLICE if campaign.campaigns_deselected(pytestconfig) else None
    ours = _wait(_run("meshjit", ours_out, only), ours_out)
    want = json.load(open(jax_out)) if jax_proc is None else _wait(jax_proc, jax_out)
    return want, ours


def test_the_catalogue_is_large_and_its_phrases_are_jaxs(outcomes):
    want, _ = outcomes
    assert len(want) == len(CASES) >= 120
    for name, w in want.items():
        for phrase in w["phrases"]:
            assert w["raised"] and phrase in w["message"], (name, phrase, w.get("message"))


@pytest.mark.parametrize("case", PARAMS)
def test_mistake_raises_as_in_jax(outcomes, case):
    want, ours = outcomes
    w, g = want[case], ours[case]
    checks = mistakes_compare.compare(w, g)
    failing = {k for k, ok in checks.items() if not ok}
    known = set(KNOWN.get(case, {}))
    detail = (
        f"JAX: {w.get('type')} at line {w.get('user_line')}: {w.get('message', '')[:300]!r}\n"
        f"meshjit: {g.get('type')} at {g.get('last_file')}:{g.get('last_line')}, "
        f"{g.get('frames')} frames, hang={g['hang']}: {g.get('message', '')[:300]!r}\n"
        f"missing phrases: {mistakes_compare.missing_phrases(w, g)}"
    )
    assert failing <= known, f"{case} differs from JAX in {sorted(failing - known)}\n{detail}"
    assert failing == known, f"{case} now matches JAX in {sorted(known - failing)}: update KNOWN"
