"""ml_dtypes' 8- and 4-bit floats (jnp.float8_e4m3fn, ..., jnp.float4_e2m1fn) and 2-bit integers
(jnp.int2, jnp.uint2) as JAX 0.10.2 has them on CPU: dtype objects, finfo / iinfo, casts both
ways, arithmetic with Python scalars, reductions (max and min of the floats without infinities
start from their finite extremes), printing, jaxprs, lowering, and the mistakes JAX rejects (no
implicit promotion but from Python scalars; int2 is not made a float by exp). JAX runs the same
program in a subprocess (recorded)."""

import ml_dtypes
import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

FLOATS = (
    "float4_e2m1fn float8_e3m4 float8_e4m3 float8_e8m0fnu float8_e4m3b11fnuz float8_e4m3fn "
    "float8_e4m3fnuz float8_e5m2 float8_e5m2fnuz"
).split()

PROGRAM = r"""
import ml_dtypes

FLOATS = %r


def float_cases(name):
    t = getattr(jnp, name)
    x = jnp.array([1.5, 2.0, -0.5, 3.0], t)
    raw = np.array([1.5, 2.0, -0.5, 3.0], getattr(ml_dtypes, name))
    return {
        name + ":names": lambda: (jnp.dtype(t), t.dtype, str(jnp.finfo(t).eps), str(jnp.finfo(t).max),
                                  jnp.issubdtype(t, jnp.floating), jnp.isdtype(t, "real floating"),
                                  jax.dtypes.itemsize_bits(t)),
        name + ":python": lambda: (repr(x), str(x), x.tolist(), x[0].item(), str(jax.typeof(x)),
                                   str(jax.make_jaxpr(lambda v: v * v)(x))),
        name + ":arith": lambda: (x + x, x * 2, x * 2.0, -x, x - 1, jnp.abs(x), jnp.floor(x), x < 2),
        name + ":jit": lambda: jax.jit(lambda v, w: (v * v + 1, w + raw, jnp.where(w > 0, w, 0)))(raw, x),
        name + ":casts": lambda: (x.astype(jnp.float32), jnp.array([0.3, 7.0, -2.2]).astype(t),
                                  jnp.zeros(2, t), jnp.ones(2, t), jnp.arange(3, dtype=t), t(2)),
        name + ":reduce": lambda: (x.max(), x.min(), x.sum(), jnp.sort(x), jnp.dot(x, x)),
        name + ":promote": lambda: (jnp.result_type(t, 1.0), jnp.result_type(t, 1), jnp.promote_types(t, t)),
        name + ":add_f32": lambda: x + jnp.ones(4, jnp.float32),
        name + ":promote_bf16": lambda: jnp.promote_types(t, jnp.bfloat16),
        name + ":promote_int4": lambda: jnp.promote_types(t, jnp.int4),
    }


def int_cases(name):
    t = getattr(jnp, name)
    x = jnp.array([1, 0, -1] if name == "int2" else [1, 0, 3], t)
    return {
        name + ":names": lambda: (jnp.dtype(t), str(jnp.iinfo(t)), jnp.issubdtype(t, jnp.integer),
                                  jax.dtypes.itemsize_bits(t)),
        name + ":python": lambda: (repr(x), x.tolist(), str(jax.make_jaxpr(lambda v: v * v)(x))),
        name + ":arith": lambda: (x + x, x * 2, -x, jax.jit(lambda v: v + 1)(x), x.astype(jnp.float32),
                                  jnp.array([0.3, 7.0, -2.2]).astype(t), x.max()),
        name + ":add_float": lambda: x * 2.0,
        name + ":add_int4": lambda: x + jnp.ones(3, jnp.int4),
        name + ":exp": lambda: jnp.exp(x),
        name + ":sum": lambda: jnp.sum(x),
    }


CASES = {}
for n in FLOATS:
    CASES.update(float_cases(n))
for n in ("int2", "uint2"):
    CASES.update(int_cases(n))


def show(r):
    if isinstance(r, (tuple, list)):
        return "(" + ", ".join(show(v) for v in r) + ")"
    if hasattr(r, "dtype") and hasattr(r, "shape") and not isinstance(r, np.dtype):
        return f"{np.asarray(r).astype(np.float64).tolist()}:{r.dtype}"
    return str(r)


# one compile per case, not one per eager op
JITTED = ("arith", "casts", "reduce")
for name, case in CASES.items():
    case = jax.jit(case) if name.split(":")[1] in JITTED else case
    try:
        out[name] = np.array("ok|" + show(case()))
    except Exception as e:  # noqa: BLE001
        base = [c for c in (TypeError, ValueError) if isinstance(e, c)]
        out[name] = np.array(f"{type(e).__name__}|{base[0].__name__ if base else '-'}|{str(e).splitlines()[0]}")
""" % (FLOATS,)

WORKS = [f"{n}:{c}" for n in FLOATS for c in ("names", "python", "arith", "jit", "casts")]
WORKS += [f"{n}:{c}" for n in FLOATS for c in ("reduce", "promote")]
WORKS += [f"{n}:{c}" for n in ("int2", "uint2") for c in ("names", "python", "arith")]
MISTAKES = [f"{n}:{c}" for n in FLOATS for c in ("add_f32", "promote_bf16", "promote_int4")]
MISTAKES += [f"{n}:{c}" for n in ("int2", "uint2") for c in ("add_float", "add_int4", "exp", "sum")]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    want = jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("small_floats"))
    got = meshjit_on_program(PROGRAM, ml_dtypes=ml_dtypes)
    return want, got


@pytest.mark.parametrize("name", WORKS)
def test_small_dtypes_work_as_in_jax(outcomes, name):
    want, got = outcomes
    w, g = str(want[name]).replace("jax.", "meshjit."), str(got[name])
    assert g == w, f"{name}\nJAX:     {w}\nmeshjit: {g}"


def _dtype_set(message):
    """The message with "Input dtypes (...)" as a set (JAX lists them in the order of a Python
    set, which varies from run to run), without meshjit's last words in parentheses."""
    head, _, rest = message.rstrip(".").partition(") have")
    if not rest:
        return head.split(" (")[0].rstrip(".")
    return sorted(head.split("(", 1)[-1].split(", ")), rest.split(" (")[0]


@pytest.mark.parametrize("name", MISTAKES)
def test_small_dtype_mistakes_raise_as_in_jax(outcomes, name):
    want, got = outcomes
    jax_type, jax_base, jax_first = str(want[name]).split("|", 2)
    our_type, our_base, our_first = str(got[name]).split("|", 2)
    assert (our_type, our_base) == (jax_type, jax_base), (name, str(want[name]), str(got[name]))
    assert _dtype_set(our_first) == _dtype_set(jax_first), (name, jax_first, our_first)


def test_small_floats_lower_to_their_mlir_types():
    c = np.array([1.5, -2.0], ml_dtypes.float8_e4m3fn)
    text = (
        meshjit.jit(lambda v, w, i: (v + c, w * 2, i + 1))
        .lower(
            np.zeros(2, ml_dtypes.float8_e4m3fn),
            np.zeros(3, ml_dtypes.float4_e2m1fn),
            np.zeros(2, ml_dtypes.int2),
        )
        .as_text()
    )
    assert (
        "@main(%arg0: tensor<2xf8E4M3FN>, %arg1: tensor<3xf4E2M1FN>, %arg2: tensor<2xi2>)" in text
    )
    assert "stablehlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf8E4M3FN>" in text
    assert "stablehlo.constant dense<2.000000e+00> : tensor<f4E2M1FN>" in text


def test_max_of_a_float_without_infinities_starts_from_its_lowest_finite_value():
    x = jnp.array([1.5, 3.0], jnp.float8_e4m3fn)
    assert float(x.max()) == 3.0 and float(x.min()) == 1.5
