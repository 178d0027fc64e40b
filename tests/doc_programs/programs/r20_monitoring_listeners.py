# jax.monitoring's API page: listeners for events, durations, time spans and scalars; user
# events with keyword metadata; the compile events JAX records for a jitted function (tracing,
# lowering to MLIR, the backend compile, each with its fun_name), none on a cached call, new
# ones on a new shape; unregistering and clearing listeners
import time

import jax
import jax.numpy as jnp
from jax import monitoring

events, durations, spans, scalars = [], [], [], []


def on_event(event, **kwargs):
    events.append((event, kwargs))


def on_duration(event, duration, **kwargs):
    assert duration >= 0
    durations.append((event, kwargs.get("fun_name")))


def on_span(event, start, end, **kwargs):
    assert end >= start
    spans.append(event)


def on_scalar(event, value, **kwargs):
    scalars.append((event, kwargs.get("fun_name")))


monitoring.register_event_listener(on_event)
monitoring.register_event_duration_secs_listener(on_duration)
monitoring.register_event_time_span_listener(on_span)
monitoring.register_scalar_listener(on_scalar)

monitoring.record_event("/my_app/started", version=2)
monitoring.record_event_duration_secs("/my_app/load_secs", 0.25, stage="data")
monitoring.record_scalar("/my_app/loss", 0.125)
t0 = time.time()
monitoring.record_event_time_span("/my_app/step", t0, t0 + 1.0)
print(events)
print(durations, spans, scalars)
events.clear(), durations.clear(), spans.clear(), scalars.clear()


def predict(w, x):
    return jnp.tanh(x @ w)


f = jax.jit(predict)
w = jnp.ones((3, 2))
f(w, jnp.ones((4, 3))).block_until_ready()
mine = [d for d in durations if d[1] in ("predict", "jit(predict)")]
for event, name in mine:
    print(event, name)
print(sorted(set(s for s in spans if s.startswith("/jax/core/compile"))))
print([s for s in scalars if s[1] in ("predict", "jit(predict)")] == mine)

durations.clear()
f(w, jnp.ones((4, 3))).block_until_ready()
print("cached call:", [d for d in durations if d[1] == "jit(predict)"])
f(w, jnp.ones((5, 3))).block_until_ready()
print(
    "new shape:", [d[0].rsplit("/", 1)[1] for d in durations if d[1] in ("predict", "jit(predict)")]
)

durations.clear()
jax.jit(predict).lower(w, jnp.ones((2, 3))).compile()
print("aot:", [d[0].rsplit("/", 1)[1] for d in durations if d[1] in ("predict", "jit(predict)")])

monitoring.unregister_event_duration_listener(on_duration)
durations.clear()
monitoring.record_event_duration_secs("/my_app/after", 1.0)
print(durations)
try:
    monitoring.unregister_event_duration_listener(on_duration)
except AssertionError:
    print("AssertionError")
monitoring.clear_event_listeners()
monitoring.record_event("/my_app/cleared")
print(events[-1:])
