"""meshjit.example_libraries against JAX 0.10.2 (one JAX subprocess): an MNIST-style stax MLP
trained with adam for a few jitted steps (JAX's examples/mnist_classifier.py with the imports
swapped), a small conv net, every optimizer and schedule on a pytree of parameters, and the
optimizer state packed and unpacked. Parameters drawn by init_fun are JAX's bits; losses and
trained parameters agree to rounding."""

import numpy as np
import pytest

import meshjit
from meshjit.example_libraries import optimizers, stax
from tests.support import campaign
from tests.support.jax_oracle import meshjit_results, oracle_fixture

HARNESS = r"""
import importlib

stax = importlib.import_module(jax.__name__ + ".example_libraries.stax")
optimizers = importlib.import_module(jax.__name__ + ".example_libraries.optimizers")
rng = np.random.default_rng(0)
IMAGES = rng.random((32, 28 * 28), dtype=np.float32)
LABELS = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 32)]


def mnist_mlp(record):
    init_random_params, predict = stax.serial(
        stax.Dense(64), stax.Relu, stax.Dense(32), stax.Gelu, stax.Dense(10), stax.LogSoftmax)

    def loss(params, batch):
        inputs, targets = batch
        return -jnp.mean(jnp.sum(predict(params, inputs) * targets, axis=1))

    def accuracy(params, batch):
        inputs, targets = batch
        return jnp.mean(jnp.argmax(predict(params, inputs), axis=1) == jnp.argmax(targets, axis=1))

    opt_init, opt_update, get_params = optimizers.adam(1e-3)

    @jax.jit
    def update(i, opt_state, batch):
        params = get_params(opt_state)
        return opt_update(i, jax.grad(loss)(params, batch), opt_state)

    out_shape, init_params = init_random_params(random.PRNGKey(0), (-1, 28 * 28))
    record("mlp|out_shape", np.array(out_shape))
    for i, leaf in enumerate(jax.tree.leaves(init_params)):
        record(f"mlp|init{i}", leaf)
    opt_state = opt_init(init_params)
    for step in range(5):
        batch = (IMAGES[step * 6:step * 6 + 8], LABELS[step * 6:step * 6 + 8])
        opt_state = update(step, opt_state, batch)
        params = get_params(opt_state)
        record(f"mlp|loss{step}", loss(params, (IMAGES, LABELS)))
    record("mlp|accuracy", accuracy(params, (IMAGES, LABELS)))
    for i, leaf in enumerate(jax.tree.leaves(params)):
        record(f"mlp|trained{i}", leaf)


def conv_net(record):
    init, apply = stax.serial(
        stax.Conv(4, (3, 3), padding="SAME"), stax.BatchNorm(), stax.Relu,
        stax.MaxPool((2, 2), strides=(2, 2)), stax.Conv(6, (3, 3), strides=(2, 2)), stax.Tanh,
        stax.AvgPool((2, 2), padding="SAME"), stax.ConvTranspose(3, (3, 3), (2, 2), "SAME"),
        stax.FanOut(2),
        stax.parallel(stax.Identity, stax.Softplus), stax.FanInConcat(), stax.Flatten,
        stax.Dropout(0.8), stax.Dense(3), stax.Softmax)
    out_shape, params = init(random.PRNGKey(3), (2, 12, 12, 1))
    record("conv|out_shape", np.array(out_shape))
    # Which sizes are NumPy integers (JAX's stax sizes layers with lax's NumPy shape tuples).
    record("conv|out_shape_numpy", np.array([isinstance(d, np.integer) for d in out_shape]))
    for name, layer in [("pool", stax.MaxPool((2, 2))), ("conv_t", stax.ConvTranspose(2, (2, 2))),
                        ("general", stax.GeneralConv(("NCHW", "OIHW", "NCHW"), 3, (2, 2)))]:
        shape = layer[0](random.PRNGKey(0), (2, 4, 4, 1))[0]
        record(f"conv|{name}_shape", np.array(shape))
        record(f"conv|{name}_shape_numpy", np.array([isinstance(d, np.integer) for d in shape]))
    for i, leaf in enumerate(jax.tree.leaves(params)):
        record(f"conv|init{i}", leaf)
    x = IMAGES[:2, :144].reshape(2, 12, 12, 1)
    record("conv|apply", jax.jit(apply)(params, x, rng=random.PRNGKey(5)))
    g = jax.grad(lambda p: jnp.sum(apply(p, x, rng=random.PRNGKey(5)) ** 2))(params)
    for i, leaf in enumerate(jax.tree.leaves(g)):
        record(f"conv|grad{i}", leaf)


OPTIMIZERS = {
    "sgd": lambda: optimizers.sgd(0.1),
    "sgd_decay": lambda: optimizers.sgd(optimizers.exponential_decay(0.1, 2, 0.5)),
    "momentum": lambda: optimizers.momentum(optimizers.inverse_time_decay(0.1, 2, 0.5), 0.9),
    "nesterov": lambda: optimizers.nesterov(optimizers.inverse_time_decay(0.1, 2, 0.5, staircase=True), 0.8),
    "adagrad": lambda: optimizers.adagrad(optimizers.polynomial_decay(0.2, 3, 0.01)),
    "rmsprop": lambda: optimizers.rmsprop(0.05),
    "rmsprop_momentum": lambda: optimizers.rmsprop_momentum(0.05),
    "adam": lambda: optimizers.adam(optimizers.piecewise_constant([1, 3], [0.1, 0.05, 0.01])),
    "adamax": lambda: optimizers.adamax(0.1),
    "sm3": lambda: optimizers.sm3(0.1),
}


def run_optimizer(name, record):
    opt_init, opt_update, get_params = OPTIMIZERS[name]()
    params = {"w": np.array([[1.0, -2.0], [0.5, 3.0]], np.float32), "b": (np.float32(0.5), np.ones(3, np.float32))}

    def loss(p):
        return jnp.sum(p["w"] ** 2) + (p["b"][0] - 1) ** 2 + jnp.sum(jnp.sin(p["b"][1]))

    state = opt_init(params)
    for i in range(4):
        state = jax.jit(opt_update)(i, optimizers.clip_grads(jax.grad(loss)(get_params(state)), 5.0), state)
    state = optimizers.pack_optimizer_state(optimizers.unpack_optimizer_state(state))
    for j, leaf in enumerate(jax.tree.leaves(get_params(state))):
        record(f"{name}|{j}", leaf)
    record(f"{name}|norm", optimizers.l2_norm(get_params(state)))


def stax_names(record):
    # The initializers and nn functions stax re-exports under its own names.
    key = random.PRNGKey(3)
    record("reexports|init_glorot", stax.glorot()(key, (3, 2)))
    record("reexports|init_randn", stax.randn(0.5)(key, (4,)))
    record("reexports|init_ones", stax.ones(key, (2,)) + stax.zeros(key, (2,)))
    x = np.array([[-1.5, 0.0, 2.0], [0.5, -0.25, 4.0]], np.float32)
    for f in ("relu", "elu", "gelu", "selu", "sigmoid", "softplus", "leaky_relu", "softmax",
              "log_softmax", "standardize"):
        record(f"reexports|{f}", getattr(stax, f)(x))


def run_case(case, record):
    if case == "reexports":
        stax_names(record)
    elif case == "mlp":
        mnist_mlp(record)
    elif case == "conv":
        conv_net(record)
    else:
        run_optimizer(case, record)
"""

CASES = ["mlp", "conv", *[
    "sgd", "sgd_decay", "momentum", "nesterov", "adagrad", "rmsprop", "rmsprop_momentum",
    "adam", "adamax", "sm3", "reexports",
]]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, every=campaign.SWEEP)


@pytest.mark.parametrize("case", campaign.every(campaign.SWEEP, CASES))  # one in 48 in make test
def test_same_as_jax(jax_results, case):
    got = meshjit_results(HARNESS, case)
    want = {k: v for k, v in jax_results.results().items() if k.split("|")[0] == case}
    assert sorted(got) == sorted(want)
    for key, (dtype, bits) in want.items():
        assert got[key][0] == dtype, key
        if "|init" in key or "shape" in key:  # parameters drawn from JAX's random bits
            np.testing.assert_array_equal(got[key][1], bits, err_msg=key)
        elif dtype.startswith("float"):
            g, w = (b.view(dtype) for b in (got[key][1], bits))
            np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6, err_msg=key)
        else:
            np.testing.assert_array_equal(got[key][1], bits, err_msg=key)


def test_mismatched_gradient_tree():
    opt_init, opt_update, _ = optimizers.sgd(0.1)
    state = opt_init({"a": np.ones(2, np.float32)})
    with pytest.raises(meshjit.MeshjitTypeError, match="did not match the parameter tree"):
        opt_update(0, {"b": np.ones(2, np.float32)}, state)


def test_dropout_needs_a_key():
    _, apply = stax.Dropout(0.5)
    with pytest.raises(meshjit.MeshjitValueError, match="requires apply_fun to be called"):
        apply((), np.ones(3, np.float32))
