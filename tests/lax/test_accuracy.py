"""lax's `accuracy=` (Tolerance, AccuracyMode) on exp, log, tanh, ... as JAX 0.10.2's (one JAX
subprocess, recorded): values, the `result_accuracy` attribute each op is lowered with,
derivatives (JAX's other tangents under HIGHEST), vmap, and the errors."""

import pytest

from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
import re

NAMES = ["exp", "exp2", "log", "log1p", "expm1", "sqrt", "rsqrt", "cbrt", "sin", "cos", "tan",
         "tanh", "logistic"]
EAGER = ["exp", "tanh"]
TANGENTS = ["exp", "sin", "cos", "expm1", "tanh", "logistic"]  # (JAX's own tangents under accuracy)
VALUES = ["tolerance", "highest"]  # (each mode's lowering: the attributes cases)
X = np.array([0.25, 0.5, 1.5, 3.0], np.float32)
MODES = {"tolerance": lambda: lax.Tolerance(atol=1e-3, rtol=1e-4),
         "ulps": lambda: lax.Tolerance(atol=1e-3, ulps=2),
         "highest": lambda: lax.AccuracyMode.HIGHEST, "default": lambda: lax.AccuracyMode.DEFAULT}

def text(s):  # compared as bytes
    return np.frombuffer(str(s).encode(), np.uint8)

def error(f):
    try:
        f()
    except Exception as e:
        return text(f"{type(e).__name__}: {e}")
    return text("no error")

def accurate(name, mode):
    return lambda x: getattr(lax, name)(x, accuracy=MODES[mode]())

def attributes(name, mode):  # (JAX emits each op twice, the first without the attribute)
    lowered = jax.jit(accurate(name, mode)).lower(X).as_text()
    return text(sorted(set(re.findall(r"result_accuracy = #stablehlo.result_accuracy<[^>]*>>", lowered))))

CASES = {
    **{f"values_{mode}": (lambda mode: lambda: [jax.jit(accurate(n, mode))(X) for n in NAMES]
                          + [accurate(n, mode)(X) for n in EAGER])(mode) for mode in VALUES},
    **{f"attributes_{mode}": (lambda mode: lambda: [attributes(n, mode) for n in NAMES])(mode)
       for mode in MODES},
    "grads": lambda: [jax.vmap(jax.grad(accurate(n, m)))(X) for n in TANGENTS for m in ("highest", "default")],
    "vmap_jaxpr": lambda: text(jax.make_jaxpr(jax.vmap(accurate("tanh", "highest")))(X)),
    "errors": lambda: [error(lambda: lax.exp(1.0, accuracy="high")),
                       error(lambda: lax.Tolerance()), error(lambda: lax.Tolerance(atol=-1.0)),
                       text(list(lax.AccuracyMode))],
}
"""
    + RUN_CASES
)

CASES = [
    "values_tolerance", "values_highest",
    *(f"attributes_{mode}" for mode in ("tolerance", "ulps", "highest", "default")),
    "grads", "vmap_jaxpr", "errors",
]  # fmt: skip

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_accuracy_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)
