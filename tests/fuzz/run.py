"""Running fuzzer programs: meshjit in its three propagation modes, NumPy, and JAX (in a
subprocess with 8 host devices), compared; a shrinker that reduces a failure to a small
reproducer."""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import subprocess
import sys
from dataclasses import dataclass, field

import numpy as np

from tests.fuzz import numpy_backend
from tests.fuzz.programs import Backend, Program, partition, run_program, transformed

MODES = ("meshjit", "shardy", "xla")
REPO = pathlib.Path(__file__).resolve().parents[2]


def meshjit_backend(program: Program) -> Backend:
    import meshjit
    import meshjit.numpy as jnp
    from meshjit import lax
    from meshjit.sharding import Mesh, NamedSharding, P

    size = int(np.prod(program.mesh_shape))
    devices = np.array(meshjit.devices()[:size]).reshape(program.mesh_shape)
    mesh = Mesh(devices, program.axis_names)
    B = Backend(
        jnp,
        lax,
        meshjit.shard_map,
        NamedSharding,
        P,
        meshjit.lax.with_sharding_constraint,
        mesh,
        meshjit.vmap,
        meshjit.nn,
        meshjit.jvp,
    )
    B.random = meshjit.random
    B.api = meshjit
    return B


def _host(outs) -> list[np.ndarray]:
    return [np.asarray(o) for o in (outs if isinstance(outs, (list, tuple)) else [outs])]


def run_meshjit(program: Program, mode: str) -> list[np.ndarray]:
    return _run_meshjit_typed(program, mode)[0]


def _types(outs) -> list[tuple[str, bool]]:
    """(dtype name, weak type) per output, as JAX's Arrays report them."""
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    return [(str(o.dtype), bool(getattr(o, "weak_type", False))) for o in outs]


def _run_meshjit_typed(program: Program, mode: str):
    import meshjit

    B = meshjit_backend(program)
    args = program.arguments()
    shardings = [B.NamedSharding(B.mesh, B.P(*partition(spec))) for _, _, spec in program.inputs]
    f, order = transformed(
        B, program, meshjit.grad, meshjit.jvp, meshjit.vjp, meshjit.value_and_grad
    )
    outs = (
        None
        if program.out_specs is None or program.grad
        else [None if s is None else B.NamedSharding(B.mesh, B.P(*s)) for s in program.out_specs]
    )
    jitted = meshjit.jit(
        f,
        in_shardings=[shardings[i] for i in order],
        out_shardings=outs,
        propagation=mode,
        donate_argnums=program.donate_argnums(order),
    )
    outs = jitted(*[args[i] for i in order])
    return _host(outs), _types(outs)


def run_numpy(program: Program) -> list[np.ndarray] | None:
    """NumPy's answer (None for gradients, which NumPy cannot take, and for ops whose answer only
    JAX defines)."""
    from tests.fuzz.ops import OPS

    if (
        program.grad
        or program.wrap
        or any(s[0] in ("op", "vop") and not OPS[s[1]].numpy_ref for s in program.steps)
    ):
        return None
    import warnings

    B = numpy_backend.backend(program.mesh_shape, program.axis_names, program.x64)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _host(run_program(B, program, program.arguments()))


# What the JAX worker imports: with the programs, they determine JAX's answers.
_WORKER_SOURCES = (
    "jax_worker",
    "programs",
    "ops",
    "ops_api",
    "ops_control",
    "ops_nn_special",
    "ops_round14",
    "ops_round15",
    "ops_round16",
    "ops_round17",
    "ops_round18",
    "ops_round19",
    "ops_round20",
    "ops_round21",
    "ops_round22",
    "ops_round23",
    "ops_round26",
    "ops_round27",
    "ops_round27_corners",
    "ops_round28",
    "ops_round29",
    "ops_round30",
    "ops_round31",
    "ops_round32",
    "ops_round33",
    "ops_round34",
    "ops_round35",
    "ops_semantics",
    "ops_transforms",
    "registry",
    "wraps",
)
_WORKER_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu"}


def _worker_env(programs: list[Program]) -> dict:
    """The JAX worker's environment: x64 programs get their own worker, started with
    jax_enable_x64 on (a chunk of programs shares one mode)."""
    x64 = {p.x64 for p in programs}
    if len(x64) > 1:
        raise ValueError("a chunk mixes x64 programs with others: one JAX worker runs each mode")
    return dict(_WORKER_ENV, JAX_ENABLE_X64="1") if x64 == {True} else _WORKER_ENV


def run_jax(programs: list[Program], timeout: float = 1800) -> list[dict] | None:
    """JAX's answers: recorded ones (tests/oracle_results/, named by the programs and the
    worker's sources), else from one subprocess for all programs (None when JAX is not
    installed)."""
    from tests.support import oracle_store

    here = pathlib.Path(__file__).parent
    env = _worker_env(programs)
    name = oracle_store.digest_name(
        "fuzz",
        json.dumps([p.to_json() for p in programs], sort_keys=True),
        repr(env),
        oracle_store.sources(*(here / f"{m}.py" for m in _WORKER_SOURCES)),
    )
    results = oracle_store.load_json(name)
    if results is None:
        results = _run_jax_worker(programs, timeout, env)
        if results is None:
            return None
        oracle_store.save_json(name, results)
    return [_decode(r) for r in results]


def _run_jax_worker(programs: list[Program], timeout: float, env: dict) -> list[dict] | None:
    try:
        import importlib.util

        if importlib.util.find_spec("jax") is None:
            return None
    except (ImportError, ValueError):
        return None
    # the programs' x64 mode, not this process's
    inherited = {k: v for k, v in os.environ.items() if not k.endswith("_ENABLE_X64")}
    env = dict(inherited, PYTHONPATH=str(REPO), **env)
    results: list[dict] = []
    while len(results) < len(programs):
        rest = programs[len(results) :]
        done = subprocess.run(
            [sys.executable, "-m", "tests.fuzz.jax_worker"],
            input=json.dumps([p.to_json() for p in rest]),
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=timeout,
        )
        got = [
            json.loads(line[len("RESULT ") :])
            for line in done.stdout.splitlines()
            if line.startswith("RESULT ")
        ]
        results += got
        if done.returncode != 0:
            if len(got) == len(rest):
                raise RuntimeError(f"the JAX worker failed:\n{done.stderr[-4000:]}")
            # XLA aborted the process on this program (a check failure in JAX's own
            # compile): JAX has no answer for it, NumPy is the reference
            results.append(
                {
                    "abort": done.stderr.strip().splitlines()[0][:300]
                    if done.stderr.strip()
                    else f"exit {done.returncode}"
                }
            )
    return results


def _decode(r: dict) -> dict:
    if "error" in r or "abort" in r:
        return r
    return {
        "outs": [_array(o) for o in r["outs"]],
        "types": [(o["dtype"], o.get("weak", False)) for o in r["outs"]],
    }


def _array(o: dict) -> np.ndarray:
    data = [float(v) if isinstance(v, str) else v for v in o["data"]]  # 'nan', 'inf', '-inf'
    dtype = np.float32 if o["dtype"] == "bfloat16" else o["dtype"]
    return np.asarray(data, dtype=dtype).reshape(o["shape"])


# ---------------------------------------------------------------------------------------------
# Comparing.


def _tolerance(dtype) -> tuple[float, float]:
    name = str(dtype)
    if name in ("bfloat16", "float16"):
        return 5e-2, 5e-2
    if name.startswith("float"):
        return 2e-4, 2e-5
    return 0.0, 0.0


def same_numbers(ours: np.ndarray, theirs: np.ndarray, dtype=None) -> bool:
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    if ours.shape != theirs.shape:
        return False
    rtol, atol = _tolerance(dtype if dtype is not None else ours.dtype)
    a, b = ours.astype(np.float64), theirs.astype(np.float64)
    if rtol == 0:
        return bool(np.array_equal(a, b, equal_nan=True))
    scale = np.max(np.abs(b[np.isfinite(b)]), initial=1.0)
    return bool(np.allclose(a, b, rtol=rtol, atol=atol * scale, equal_nan=True))


@dataclass
class Outcome:
    program: Program
    results: dict = field(default_factory=dict)  # mode -> outputs or an error string
    reference: str = ""  # "jax" or "numpy"
    wrong: list = field(default_factory=list)  # modes with wrong numbers
    meshjit_only_errors: list = field(default_factory=list)  # modes that raised where JAX ran
    unclear_errors: list = field(default_factory=list)  # non-meshjit exceptions (tracebacks)
    modes_differ: bool = False  # bitwise differences between the three modes
    modes_differ_beyond_tolerance: bool = False  # ... beyond the dtype's float tolerance
    jax_differs: bool = False  # JAX's answer differs from NumPy's, which meshjit's matches
    wrong_types: list = field(default_factory=list)  # modes whose dtypes or weak types differ
    jax_only_errors: list = field(default_factory=list)  # modes that ran where JAX raised
    error_class_differs: list = field(default_factory=list)  # both raised, not the same kind
    types: dict = field(default_factory=dict)  # mode -> [(dtype, weak type)]

    @property
    def failed(self) -> bool:
        return bool(
            self.wrong
            or self.unclear_errors
            or self.wrong_types
            or self.jax_only_errors
            or self.error_class_differs
        )


def check(program: Program, jax_result: dict | None = None, modes=MODES) -> Outcome:
    """The program run by meshjit in `modes` (with jax_enable_x64 as the program says),
    compared with JAX's result (else NumPy's)."""
    import meshjit

    was = meshjit.config.x64_enabled
    meshjit.config.update("jax_enable_x64", program.x64)
    try:
        return _check(program, jax_result, modes)
    finally:
        meshjit.config.update("jax_enable_x64", was)


def _check(program: Program, jax_result: dict | None, modes) -> Outcome:
    import meshjit

    out = Outcome(program)
    raised = {}
    for mode in modes:
        try:
            out.results[mode], out.types[mode] = _run_meshjit_typed(program, mode)
        except meshjit.MeshjitError as e:
            out.results[mode], raised[mode] = f"{type(e).__name__}: {e}", e
        except Exception as e:  # noqa: BLE001  (anything else is a defect to report)
            out.results[mode], raised[mode] = f"{type(e).__name__}: {e}", e
            out.unclear_errors.append(mode)
    if jax_result is not None:
        _compare_kinds(out, jax_result, raised)
    reference = None
    if jax_result is not None and "outs" in jax_result:
        reference, out.reference = jax_result["outs"], "jax"
    else:
        try:
            reference = run_numpy(program)
            out.reference = "numpy" if reference is not None else ""
        except Exception:  # noqa: BLE001  (NumPy cannot run it: no reference)
            reference = None
    ran = {m: r for m, r in out.results.items() if not isinstance(r, str)}
    if reference is not None:
        numpy_answer = None
        low = out.reference == "jax" and _low_precision(program)
        for mode, res in ran.items():
            if _agrees(res, reference, low):
                continue
            if out.reference == "jax" and numpy_answer is None:
                numpy_answer = _numpy_or_none(program)
            if numpy_answer is not None and _agrees(res, numpy_answer):
                out.jax_differs = True  # JAX (XLA) disagrees with NumPy and meshjit
                continue
            out.wrong.append(mode)
        if out.reference == "jax":
            out.meshjit_only_errors = [
                m
                for m, r in out.results.items()
                if isinstance(r, str) and not _xla_failed_as_for_jax(m, r)
            ]
    values = list(ran.values())
    out.modes_differ = any(
        any(
            not np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)
            for a, b in zip(values[0], v)
        )
        for v in values[1:]
    )
    out.modes_differ_beyond_tolerance = out.modes_differ and not all(
        _agrees(v, values[0]) for v in values[1:]
    )
    return out


def _compare_kinds(out: Outcome, jax_result: dict, raised: dict) -> None:
    """What JAX's jit reports beyond the numbers: the outputs' dtypes and weak types, and
    whether (and as which builtin exception class) the program is rejected."""
    import builtins

    if "abort" in jax_result or _xla_failed_jax(jax_result):
        return
    if "error" in jax_result:
        base = getattr(builtins, jax_result.get("builtin", "Exception"), Exception)
        out.jax_only_errors = [m for m in out.results if m not in raised]
        out.error_class_differs = [m for m, e in raised.items() if not isinstance(e, base)]
        return
    out.wrong_types = [
        m
        for m, t in out.types.items()
        if [tuple(x) for x in t] != [tuple(x) for x in jax_result["types"]]
    ]


def _xla_failed_jax(jax_result: dict) -> bool:
    """Whether XLA failed JAX's own compile of the program (its HLO verifier or a RET_CHECK on
    the module JAX's partitioner made): JAX has no answer for it, as when XLA aborts the process
    (seed 291171: a lax.pad with interior padding before a shard_map, where JAX's module fails
    the verifier, a dynamic slice longer than the padded value; meshjit's is right)."""
    error = jax_result.get("error", "")
    return error.startswith("JaxRuntimeError") and (
        "[hlo verifier]" in error or "RET_CHECK" in error
    )


def _xla_failed_as_for_jax(mode: str, error: str) -> bool:
    """Whether XLA's verifier failed the module meshjit's "xla" mode hands it unchanged, as
    JAX's jit hands it: JAX fails the same way on the program's shardings, which its oracle
    leaves out (round 27, seed 2702077: a switch whose branches constrain their results
    differently, XLA's "Inconsistent conditional sharding" RET_CHECK; meshjit's own modes
    agree on one sharding)."""
    return mode == "xla" and "[hlo verifier]" in error and "RET_CHECK" in error


def _low_precision(program: Program) -> bool:
    """Whether the program computes with bfloat16 / float16 values. JAX's XLA keeps a fusion's
    low-precision intermediates in float32 (excess precision); meshjit turns that off (the modes
    then agree bit for bit, and with NumPy: issue 14 item 15), so a float32 result computed from
    them differs from JAX's by their rounding (draw(0): a bf16 log1p summed in float32). A
    step whose parameters name a low-precision type computes in it too (round 30, seed 3000117:
    r30_cast's bf16 dot, psum_scattered in float32: JAX's sums skipped the dot's rounding)."""
    low = ("bfloat16", "float16")
    return any(d in low for _, d, _ in program.inputs) or any(
        (s[0] == "astype" and s[2] in low) or (s[0] in ("op", "vop") and _names_low(s[3]))
        for s in program.steps
    )


def _names_low(params) -> bool:
    """Whether an op step's parameters name bfloat16 or float16 (a dtype it computes in)."""
    return "float16" in json.dumps(params)  # (bfloat16 too)


def _agrees(res, reference, low: bool = False) -> bool:
    dtypes = [np.asarray(r).dtype for r in res]
    if low:
        dtypes = ["bfloat16" if d.kind in "fc" else d for d in dtypes]
    return len(res) == len(reference) and all(
        same_numbers(a, b, d) for a, b, d in zip(res, reference, dtypes)
    )


def _numpy_or_none(program: Program):
    try:
        return run_numpy(program)
    except Exception:  # noqa: BLE001  (NumPy cannot run it)
        return None


# ---------------------------------------------------------------------------------------------
# Shrinking.


def prune(program: Program) -> Program:
    """The program without the steps its outputs do not depend on (value indices renumbered)."""
    n_in = len(program.inputs)
    needed = set(program.outputs)
    for k in range(len(program.steps) - 1, -1, -1):
        if n_in + k in needed:
            needed.update(_operands(program.steps[k]))
    kept = [k for k in range(len(program.steps)) if n_in + k in needed]
    renumber = {i: i for i in range(n_in)}
    steps = []
    for k in kept:
        renumber[n_in + k] = n_in + len(steps)
        steps.append(_renumbered(program.steps[k], renumber))
    return dataclasses.replace(program, steps=steps, outputs=[renumber[i] for i in program.outputs])


_OPERANDS = {
    "unary": (2,),
    "binary": (2, 3),
    "scalar": (2,),
    "reduce": (2,),
    "scatter_add": (1, 3),
    "matmul": (1, 2),
    "concat": (1, 2),
    "shard_map": (2,),
    "vmap": (2,),
}


def _operand_positions(step) -> tuple:
    return _OPERANDS.get(step[0], (1,))


def _operands(step) -> list[int]:
    if step[0] in ("op", "vop"):
        return list(step[2])
    return [step[p] for p in _operand_positions(step)]


def _renumbered(step, renumber) -> list:
    step = list(step)
    if step[0] in ("op", "vop"):
        step[2] = [renumber[k] for k in step[2]]
        return step
    for p in _operand_positions(step):
        step[p] = renumber[step[p]]
    return step


def shrink(program: Program, still_fails) -> Program:
    """A smaller program for which `still_fails(program)` holds: the shortest failing prefix,
    without the steps the output does not need, one output, replicated inputs, no gradient."""
    best = program
    for n in range(len(program.steps) + 1):
        candidate = dataclasses.replace(
            best, steps=best.steps[:n], outputs=[len(best.inputs) + n - 1]
        )
        if candidate.outputs[0] >= 0 and _fails(still_fails, candidate):
            best = candidate
            break
    pruned = prune(best)
    if _fails(still_fails, pruned):
        best = pruned
    if best.grad and _fails(still_fails, dataclasses.replace(best, grad=False)):
        best = dataclasses.replace(best, grad=False)
    for i in range(len(best.inputs)):
        inputs = [list(x) for x in best.inputs]
        inputs[i][2] = [None] * len(inputs[i][0])
        candidate = dataclasses.replace(best, inputs=inputs)
        if _fails(still_fails, candidate):
            best = candidate
    return best


def _fails(still_fails, program) -> bool:
    try:
        return bool(still_fails(program))
    except Exception:  # noqa: BLE001
        return False


def reproducer(program: Program) -> str:
    return (
        "from tests.fuzz.programs import Program\nfrom tests.fuzz.run import check\n"
        f"program = Program.from_json({json.dumps(program.to_json())})\n"
        "print(check(program).results)\n"
    )
