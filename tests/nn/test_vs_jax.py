"""meshjit.nn against JAX 0.10.2 (one JAX subprocess): initializers bit for bit (they draw from
meshjit.random, JAX's bits), dot_product_attention and the newer activations to rounding,
values and gradients."""

import numpy as np
import pytest

import meshjit
from meshjit.nn import initializers
from tests.support import campaign
from tests.support.jax_oracle import meshjit_results, oracle_fixture

HARNESS = r"""
import importlib

nn = importlib.import_module(jax.__name__ + ".nn")
init = importlib.import_module(jax.__name__ + ".nn.initializers")
f32 = np.float32
rng = np.random.default_rng(0)
Q = rng.standard_normal((2, 5, 4, 8)).astype(f32)
K = rng.standard_normal((2, 6, 2, 8)).astype(f32)
V = rng.standard_normal((2, 6, 2, 8)).astype(f32)
BIAS = rng.standard_normal((2, 1, 5, 6)).astype(f32)
MASK = rng.random((2, 4, 5, 6)) > 0.3
X = np.linspace(-4, 4, 17).astype(f32)

INITS = {
    "glorot_normal": init.glorot_normal(), "glorot_uniform": init.glorot_uniform(),
    "xavier_normal": init.xavier_normal(), "he_normal": init.he_normal(),
    "he_uniform": init.he_uniform(), "kaiming_uniform": init.kaiming_uniform(),
    "lecun_normal": init.lecun_normal(), "lecun_uniform": init.lecun_uniform(),
    "normal": init.normal(), "normal_3": init.normal(3.0), "uniform": init.uniform(2.0),
    "truncated_normal": init.truncated_normal(0.5, lower=-1.0, upper=3.0),
    "zeros": init.zeros, "ones": init.ones, "constant": init.constant(-7.0),
    "vs_fan_out_normal": init.variance_scaling(0.5, "fan_out", "normal"),
    "vs_geo_uniform": init.variance_scaling(3.0, "fan_geo_avg", "uniform"),
    "vs_conv": init.variance_scaling(1.0, "fan_in", "truncated_normal", in_axis=(0, 1), out_axis=3, batch_axis=2),
    "orthogonal": init.orthogonal(), "orthogonal_col0": init.orthogonal(2.0, column_axis=0),
    "orthogonal_tall": init.orthogonal(), "delta_orthogonal": init.delta_orthogonal(),
    "delta_orthogonal_5d": init.delta_orthogonal(0.5),
}
SHAPES = {"vs_conv": (3, 3, 2, 4), "orthogonal_col0": (4, 2, 3), "orthogonal_tall": (9, 4),
          "delta_orthogonal": (3, 4, 5), "delta_orthogonal_5d": (2, 3, 3, 2, 2)}

ACTIVATIONS = {
    "mish": nn.mish, "squareplus": nn.squareplus, "sparse_plus": nn.sparse_plus,
    "sparse_sigmoid": nn.sparse_sigmoid, "log1mexp": lambda x: nn.log1mexp(jnp.abs(x) + 0.1),
    "tanh": nn.tanh, "identity": nn.identity, "silu": nn.silu, "softplus": nn.softplus,
    "gelu": nn.gelu, "gelu_exact": lambda x: nn.gelu(x, approximate=False), "celu": nn.celu,
    "selu": nn.selu, "elu": nn.elu, "leaky_relu": nn.leaky_relu, "log_sigmoid": nn.log_sigmoid,
    "hard_tanh": nn.hard_tanh, "relu6": nn.relu6, "glu": lambda x: nn.glu(jnp.concatenate([x, 2 * x]).reshape(1, 34), axis=1),
    "logmeanexp": lambda x: nn.logmeanexp(x.reshape(1, 17), axis=1),
    "standardize": lambda x: nn.standardize(x),
    # JAX's default "fast" variance, mean(x**2) - mean**2, cancels on an offset: its bits
    "standardize_offset": lambda x: nn.standardize(x * 0.01 + 300.0),
    "logsumexp_where": lambda x: nn.logsumexp(x.reshape(1, 17), axis=1, where=x.reshape(1, 17) > -0.5),
    "logmeanexp_where": lambda x: nn.logmeanexp(x.reshape(1, 17), 1, x.reshape(1, 17) < 0.5, True),
    "standardize_where": lambda x: nn.standardize(
        x.reshape(1, 17), axis=1, where=x.reshape(1, 17) > 0, algorithm="stable"),
    "softmax": lambda x: nn.softmax(x.reshape(1, 17) * x),
    "one_hot": lambda x: nn.one_hot(jnp.abs(x).astype(jnp.int32), 5),
}

# Integer, boolean and low-precision inputs: JAX's activations wrap, promote (weakly) or refuse
# as their compositions do; each is recorded with its weak type, or its error's builtin class.
DTYPE_INPUTS = {
    "i32": np.array([[1, -2, 3, 0], [4, 5, -6, 7]], np.int32),
    "u8": np.array([[1, 2, 3, 0], [4, 5, 6, 7]], np.uint8),
    "bool": np.array([[True, False, True, False]]),
    "bf16": np.array([[1.5, -2.25, 0.0, 7.0]], jnp.bfloat16),
    "f16": np.array([[1.5, -2.25, 0.0, 7.0]], np.float16),
    "pyfloat": 1.5,
    "inf": np.array([1.0, np.inf, 2.0], f32),
}


def _error_class(e):
    # the builtin classes e is an instance of (meshjit's axis errors are both ValueError and
    # IndexError, as NumPy's AxisError)
    return ",".join(c.__name__ for c in (TypeError, ValueError, IndexError, AssertionError) if isinstance(e, c))


ATTENTION = {
    "plain": lambda q, k, v: nn.dot_product_attention(q, k, v),
    "causal_bias": lambda q, k, v: nn.dot_product_attention(q, k, v, BIAS, is_causal=True),
    "mask_scale": lambda q, k, v: nn.dot_product_attention(q, k, v, mask=MASK, scale=0.3),
    "window": lambda q, k, v: nn.dot_product_attention(q, k, v, local_window_size=(1, 2)),
    "lengths": lambda q, k, v: nn.dot_product_attention(
        q, k, v, query_seq_lengths=np.array([3, 5], np.int32), key_value_seq_lengths=np.array([6, 2], np.int32)),
    "residual": lambda q, k, v: nn.dot_product_attention(q, k, v, return_residual=True),
    "rank3": lambda q, k, v: nn.dot_product_attention(q[0], k[0], v[0]),
}


def run_case(case, record):
    kind, name = case
    if kind == "init":
        draw = jax.jit(lambda key: INITS[name](key, SHAPES.get(name, (5, 7)), jnp.float32))
        for seed in (0, 1, 42):
            record(f"{name}|{seed}", draw(random.PRNGKey(seed)))
    elif kind == "cinit":  # complex64 draws: "c_<initializer>"
        draw = jax.jit(lambda key: INITS[name[2:]](key, (5, 7), jnp.complex64))
        for seed in (0, 1):
            record(f"{name}|{seed}", draw(random.PRNGKey(seed)))
    elif kind == "act":
        fn = ACTIVATIONS[name]
        record(f"{name}|value", jax.jit(fn)(X))
        if name != "one_hot":
            grad = jax.grad(lambda x: jnp.sum(fn(x) * jnp.arange(17.0)[None]))
            record(f"{name}|grad", jax.jit(grad)(X))
    elif kind == "dtypes":
        fn = getattr(nn, name[3:])  # "dt_<activation>"
        for input_name, x in DTYPE_INPUTS.items():
            try:
                out = fn(x)
            except Exception as e:  # noqa: BLE001
                record(f"{name}|{input_name}|error", np.array(_error_class(e)))
                continue
            record(f"{name}|{input_name}", out)
            record(f"{name}|{input_name}|weak", np.array(out.weak_type))
        try:
            fn([1.0, 2.0])
            record(f"{name}|list|error", np.array("none"))
        except Exception as e:  # noqa: BLE001
            record(f"{name}|list|error", np.array(_error_class(e)))
    else:
        fn = ATTENTION[name]
        out = jax.jit(fn)(Q, K, V)
        for i, leaf in enumerate(out if isinstance(out, tuple) else (out,)):
            record(f"{name}|{i}", leaf)
        first = lambda *a: fn(*a)[0] if isinstance(fn(*a), tuple) else fn(*a)
        grads = jax.jit(jax.grad(lambda q, k, v: jnp.sum(first(q, k, v) ** 2), argnums=(0, 1, 2)))(Q, K, V)
        for i, g in enumerate(grads):
            record(f"{name}|grad{i}", g)
"""

INITS = [
    "glorot_normal", "glorot_uniform", "xavier_normal", "he_normal", "he_uniform",
    "kaiming_uniform", "lecun_normal", "lecun_uniform", "normal", "normal_3", "uniform",
    "truncated_normal", "zeros", "ones", "constant", "vs_fan_out_normal", "vs_geo_uniform",
    "vs_conv", "orthogonal", "orthogonal_col0", "orthogonal_tall", "delta_orthogonal",
    "delta_orthogonal_5d",
]  # fmt: skip
ACTIVATIONS = [
    "mish", "squareplus", "sparse_plus", "sparse_sigmoid", "log1mexp", "tanh", "identity",
    "silu", "softplus", "gelu", "gelu_exact", "celu", "selu", "elu", "leaky_relu",
    "log_sigmoid", "hard_tanh", "relu6", "glu", "logmeanexp", "standardize", "softmax",
    "standardize_offset", "standardize_where", "logsumexp_where", "logmeanexp_where",
    "one_hot",
]  # fmt: skip
ATTENTION = ["plain", "causal_bias", "mask_scale", "window", "lengths", "residual", "rank3"]
DTYPE_ACTIVATIONS = [
    "relu", "relu6", "elu", "celu", "selu", "leaky_relu", "hard_sigmoid", "hard_silu",
    "sparse_plus", "sparse_sigmoid", "soft_sign", "mish", "softplus", "log_sigmoid",
    "squareplus", "hard_tanh", "silu", "sigmoid", "gelu", "log1mexp", "softmax", "log_softmax",
    "logsumexp", "standardize", "glu",
]  # fmt: skip
COMPLEX_INITS = [
    "glorot_normal", "glorot_uniform", "he_uniform", "lecun_normal", "normal", "zeros", "ones",
    "vs_fan_out_normal", "vs_geo_uniform",
]  # fmt: skip
CASES = (
    [("init", n) for n in INITS]
    + [("cinit", f"c_{n}") for n in COMPLEX_INITS]
    + [("act", n) for n in ACTIVATIONS]
    + [("attention", n) for n in ATTENTION]
    + [("dtypes", f"dt_{n}") for n in DTYPE_ACTIVATIONS]
)


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize(
    "case", campaign.every(campaign.SWEEP, CASES, ids=lambda c: f"{c[0]}-{c[1]}")
)  # one in six
def test_same_as_jax(jax_results, case):
    got = meshjit_results(HARNESS, case)
    want = {k: v for k, v in jax_results.results().items() if k.split("|")[0] == case[1]}
    assert sorted(got) == sorted(want)
    for key, (dtype, bits) in want.items():
        assert got[key][0] == dtype or dtype.startswith("str"), key
        if dtype.startswith("str"):  # JAX's error classes among meshjit's
            assert set(str(bits).split(",")) <= set(str(got[key][1]).split(",")), key
        elif dtype == "bool":  # weak types
            np.testing.assert_array_equal(got[key][1], bits, err_msg=key)
        elif case[0] in ("init", "cinit") and "orthogonal" not in case[1]:  # JAX's bits
            # (orthogonal initializers are QRs: LAPACK's last bits differ between CPUs)
            np.testing.assert_array_equal(got[key][1], bits, err_msg=key)
        else:
            g, w = (b.view(dtype) for b in (got[key][1], bits))
            np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6, err_msg=key)


def test_initializer_bad_shapes():
    key = meshjit.random.PRNGKey(0)
    with pytest.raises(meshjit.MeshjitValueError, match="Can't compute input and output sizes"):
        initializers.glorot_normal()(key, (5,))  # L:1d
    with pytest.raises(meshjit.MeshjitValueError, match=r"got shape \(3, -2\)") as ei:
        initializers.he_uniform()(key, (3, -2))  # L:neg
    assert ei.value.source.line == _line("L:neg")
    assert any("must be non-negative" in n for n in ei.value.__notes__)
    # as JAX 0.10.2: an int shape is the 1-D shape (it used to be refused here)
    np.testing.assert_array_equal(initializers.normal()(key, 3), initializers.normal()(key, (3,)))
    with pytest.raises(meshjit.MeshjitValueError, match="invalid mode"):
        initializers.variance_scaling(1.0, "fan_sideways", "normal")
    with pytest.raises(meshjit.MeshjitValueError, match="at least a 2D shape"):
        initializers.orthogonal()(key, (5,))
    with pytest.raises(meshjit.MeshjitValueError, match="3D, 4D or 5D"):
        initializers.delta_orthogonal()(key, (3, 3))
    with pytest.raises(meshjit.MeshjitValueError, match="fan_in"):
        initializers.delta_orthogonal()(key, (3, 5, 4))


def test_attention_bad_shapes():
    q = np.zeros((1, 4, 3, 8), np.float32)
    kv = np.zeros((1, 5, 2, 8), np.float32)
    with pytest.raises(meshjit.MeshjitValueError, match="multiple of key/value heads"):
        meshjit.nn.dot_product_attention(q, kv, kv)
    with pytest.raises(meshjit.MeshjitValueError, match="value shape should be"):
        meshjit.nn.dot_product_attention(q[:, :, :2], kv, kv[:, :4])


def _line(marker: str) -> int:
    with open(__file__) as f:
        return next(i for i, line in enumerate(f, 1) if marker in line and "_line(" not in line)
