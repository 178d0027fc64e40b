"""meshjit.profiler writes real traces (jaxlib's profiler): the files TensorBoard and Perfetto
read, with the annotations in them; and the device memory profile."""

from __future__ import annotations

import functools
import gzip
import json
import os

import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import profiler


def _trace_events(log_dir) -> list[str]:
    runs = os.path.join(log_dir, "plugins", "profile")
    (run,) = os.listdir(runs)
    names = os.listdir(os.path.join(runs, run))
    assert any(n.endswith(".xplane.pb") for n in names), names
    (trace_file,) = [n for n in names if n.endswith(".trace.json.gz")]
    with gzip.open(os.path.join(runs, run, trace_file)) as f:
        return [e.get("name", "") for e in json.load(f)["traceEvents"]]


def test_trace_holds_the_annotations(tmp_path):
    @functools.partial(profiler.annotate_function, name="my_function")
    def f(x):
        return jnp.dot(x, x.T).block_until_ready()

    with profiler.trace(tmp_path, create_perfetto_trace=True):
        with profiler.TraceAnnotation("my_label"):
            f(jnp.ones((64, 64)))
        with profiler.StepTraceAnnotation("train", step_num=3):
            meshjit.jit(lambda x: x + 1)(jnp.ones(8)).block_until_ready()
    names = _trace_events(str(tmp_path))
    assert {"my_label", "my_function", "train"} <= set(names), sorted(set(names))[:50]
    run = os.listdir(tmp_path / "plugins" / "profile")[0]
    assert (tmp_path / "plugins" / "profile" / run / "perfetto_trace.json.gz").exists()


def test_one_trace_at_a_time(tmp_path):
    profiler.start_trace(tmp_path)
    try:
        with pytest.raises(RuntimeError, match="already been started"):
            profiler.start_trace(tmp_path)
    finally:
        profiler.stop_trace()
    with pytest.raises(RuntimeError, match="No profile started"):
        profiler.stop_trace()


def test_device_memory_profile(tmp_path):
    keep = jnp.ones((256, 256))
    data = profiler.device_memory_profile()
    assert isinstance(data, bytes) and data[:1] == b"\n"  # a pprof Profile protobuf
    profiler.save_device_memory_profile(tmp_path / "memory.prof")
    assert (tmp_path / "memory.prof").read_bytes()[:1] == b"\n"
    del keep
