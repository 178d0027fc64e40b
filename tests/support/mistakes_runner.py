"""Runs the cases of mistakes_catalogue*.py under one library and writes what each raised as
JSON: `python -m tests.support.mistakes_runner {jax|meshjit} OUT.json [CASES.json]` (8 CPU
devices, a fresh interpreter; CASES.json: a list of the cases to run, else all). For each case:
the error's class name and the names of its bases, its message, the last frame of its
(filtered) traceback and the deepest frame in the catalogue, the number of frames, and whether
it took too long."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback

_HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGUE = os.path.join(_HERE, "mistakes_catalogue.py")
# The case files, run in order in one namespace (later files use the meshes the first defines).
CATALOGUES = (
    CATALOGUE,
    os.path.join(_HERE, "mistakes_catalogue_round6.py"),
    os.path.join(_HERE, "mistakes_catalogue_round7.py"),
    os.path.join(_HERE, "mistakes_catalogue_round8.py"),
    os.path.join(_HERE, "mistakes_catalogue_round9.py"),
    os.path.join(_HERE, "mistakes_catalogue_round10.py"),
    os.path.join(_HERE, "mistakes_catalogue_round11.py"),
    os.path.join(_HERE, "mistakes_catalogue_round12.py"),
    os.path.join(_HERE, "mistakes_catalogue_round13.py"),
    os.path.join(_HERE, "mistakes_catalogue_round14.py"),
    os.path.join(_HERE, "mistakes_catalogue_round15.py"),
    os.path.join(_HERE, "mistakes_catalogue_round16.py"),
    os.path.join(_HERE, "mistakes_catalogue_round17.py"),
    os.path.join(_HERE, "mistakes_catalogue_round18.py"),
    os.path.join(_HERE, "mistakes_catalogue_round19.py"),
    os.path.join(_HERE, "mistakes_catalogue_round20.py"),
    os.path.join(_HERE, "mistakes_catalogue_round21.py"),
    os.path.join(_HERE, "mistakes_catalogue_round22.py"),
    os.path.join(_HERE, "mistakes_catalogue_round23.py"),
)
CASE_SECONDS = 30


def _bind(library: str) -> dict:
    import numpy as np

    if library == "jax":
        os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
        import jax
        import jax.numpy as jnp
        from jax import lax, random
        from jax.experimental import checkify, sparse
        from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec
    else:
        os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")
        import meshjit as jax
        import meshjit.numpy as jnp
        from meshjit import lax, random
        from meshjit.experimental import checkify, sparse
        from meshjit.sharding import AxisType, Mesh, NamedSharding, PartitionSpec
    return {
        "jax": jax, "jnp": jnp, "lax": lax, "random": random, "np": np, "P": PartitionSpec,
        "NamedSharding": NamedSharding, "Mesh": Mesh, "AxisType": AxisType, "checkify": checkify,
        "sparse": sparse,
    }  # fmt: skip


def load_catalogue(scope: dict) -> dict:
    """{name: (phrases, thunk)} of the catalogue, run with `scope`'s names."""
    cases: dict = {}

    def mistake(*phrases):
        def register(fn):
            cases[fn.__name__] = (list(phrases), fn)
            return fn

        return register

    names = {**scope, "mistake": mistake, "__name__": "mistakes_catalogue"}
    for path in CATALOGUES:
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), names)
    return cases


class _TooLong(BaseException):
    pass


def _on_alarm(signum, frame):
    raise _TooLong()


def run_one(thunk) -> dict:
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(CASE_SECONDS)
    start = time.monotonic()
    try:
        thunk()
    except _TooLong:
        return {"raised": False, "hang": True}
    except Exception as e:  # noqa: BLE001
        return _outcome(e, time.monotonic() - start)
    finally:
        signal.alarm(0)
    return {"raised": False, "hang": False, "seconds": time.monotonic() - start}


def _outcome(e: BaseException, seconds: float) -> dict:
    frames = traceback.extract_tb(e.__traceback__)[1:]  # without run_one's frame
    ours = [f for f in frames if f.filename in CATALOGUES]
    last = frames[-1] if frames else None
    return {
        "raised": True,
        "hang": False,
        "seconds": seconds,
        "type": type(e).__name__,
        "mro": [c.__name__ for c in type(e).__mro__],
        "message": str(e),
        "last_in_catalogue": bool(last and last.filename in CATALOGUES),
        "last_line": last.lineno if last else None,
        "last_file": last.filename if last else None,
        "user_line": ours[-1].lineno if ours else None,
        "user_file": os.path.basename(ours[-1].filename) if ours else None,
        "frames": len(frames),
    }


def main(argv=None) -> int:
    """`library OUT.json [CASES.json]`: every case, or only those CASES.json lists."""
    library, out, *only = argv or sys.argv[1:]
    selected = None
    if only:
        with open(only[0]) as f:
            selected = set(json.load(f))
    cases = load_catalogue(_bind(library))
    results = {}
    for name, (phrases, thunk) in cases.items():
        if selected is None or name in selected:
            results[name] = {"phrases": phrases, **run_one(thunk)}
    with open(out + ".tmp", "w") as f:
        json.dump(results, f, indent=1)
    os.replace(out + ".tmp", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
