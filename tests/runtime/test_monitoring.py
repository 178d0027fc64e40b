"""meshjit.monitoring: listeners get the events users record, and each XLA compile's duration
under JAX's event name."""

import pytest

import meshjit
from meshjit import monitoring


@pytest.fixture(autouse=True)
def _no_listeners():
    monitoring.clear_event_listeners()
    yield
    monitoring.clear_event_listeners()


def test_user_events_reach_their_listeners():
    seen = []
    monitoring.register_event_listener(lambda e, **kw: seen.append(("event", e, kw)))
    monitoring.register_scalar_listener(lambda e, v, **kw: seen.append(("scalar", e, v)))
    monitoring.register_event_time_span_listener(
        lambda e, s, t, **kw: seen.append(("span", e, t - s))
    )
    monitoring.record_event("/my/event", step=3)
    monitoring.record_scalar("/my/loss", 0.5)
    monitoring.record_event_time_span("/my/span", 1.0, 3.5)
    assert seen == [
        ("event", "/my/event", {"step": 3}),
        ("scalar", "/my/loss", 0.5),
        ("span", "/my/span", 2.5),
    ]


def test_compile_durations_are_recorded():
    durations = []
    monitoring.register_event_duration_secs_listener(lambda e, d, **kw: durations.append((e, d)))
    meshjit.jit(lambda x: x * 7 + 1)(2.0)
    compiles = [d for e, d in durations if e == "/jax/core/compile/backend_compile_duration"]
    assert compiles and all(d > 0 for d in compiles)


def test_unregister_removes_only_that_listener():
    kept, dropped = [], []
    a, b = (lambda e, **kw: kept.append(e)), (lambda e, **kw: dropped.append(e))
    monitoring.register_event_listener(a)
    monitoring.register_event_listener(b)
    monitoring.unregister_event_listener(b)
    monitoring.record_event("/x")
    assert kept == ["/x"] and dropped == []
    with pytest.raises(AssertionError):
        monitoring.unregister_event_listener(b)


def test_a_jit_records_jaxs_trace_lower_and_compile_events_with_fun_name():
    seen = []
    monitoring.register_event_duration_secs_listener(
        lambda e, d, **kw: seen.append((e.rsplit("/", 1)[1], kw))
    )
    monitoring.register_scalar_listener(lambda e, v, **kw: seen.append(("start", kw)))

    def my_func(x):
        return x * 2 + 1

    meshjit.jit(my_func)(meshjit.numpy.ones(3))
    assert seen[-6:] == [
        ("start", {"fun_name": "my_func"}),
        ("jaxpr_trace_duration", {"fun_name": "my_func"}),
        ("start", {"fun_name": "jit(my_func)"}),
        ("jaxpr_to_mlir_module_duration", {"fun_name": "jit(my_func)"}),
        ("start", {"fun_name": "jit(my_func)"}),
        ("backend_compile_duration", {"fun_name": "jit(my_func)"}),
    ]


def test_each_compile_request_records_jaxs_compilation_cache_event():
    seen = []
    monitoring.register_event_listener(lambda e, **kw: seen.append(e))
    meshjit.jit(lambda x: x * 5 - 2)(3.0)
    assert seen[-1] == "/jax/compilation_cache/compile_requests_use_cache"
    seen.clear()
    meshjit.jit(lambda x: x * 5 - 3)(3.0)
    assert seen == ["/jax/compilation_cache/compile_requests_use_cache"]
