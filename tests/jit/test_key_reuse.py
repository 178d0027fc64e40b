"""JAX's key-reuse checker (compiler/jit/key_reuse.py): under `jax_debug_key_reuse` a typed
key drawn from twice raises KeyReuseError with JAX's message, eagerly and under jit, through a
jitted function's key arguments; split, fold_in, clone and key_data behave as JAX's. Compared
with JAX 0.10.2 in a subprocess."""

from __future__ import annotations

import pytest

import meshjit
from meshjit import random
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from jax import random

def run(name, body):
    try:
        jax.config.update("jax_debug_key_reuse", True)
        body()
        out[name] = np.array("no error")
    except Exception as e:
        out[name] = np.array(type(e).__name__.replace("Meshjit", "") + ": " + str(e))
    finally:
        jax.config.update("jax_debug_key_reuse", False)

def twice(draw, jitted):
    def body():
        if jitted:
            jax.jit(lambda k: (draw(k), draw(k)))(random.key(0))
        else:
            k = random.key(0)
            draw(k)
            draw(k)
    return body

DRAWS = {
    "normal": lambda k: random.normal(k),
    "uniform": lambda k: random.uniform(k, (2,)),
    "split": lambda k: random.split(k),
    "bits": lambda k: random.bits(k),
    "choice": lambda k: random.choice(k, 5),
    "gamma": lambda k: random.gamma(k, 2.0),
    "fold_in": lambda k: random.fold_in(k, 1),
    "key_data": lambda k: random.key_data(k),
    "clone": lambda k: random.normal(random.clone(k)),
}
for name, draw in DRAWS.items():
    run(name + "_eager", twice(draw, False))
    run(name + "_jit", twice(draw, True))

def split_then_draw():
    k = random.key(1)
    k1, k2 = random.split(k)
    random.normal(k1)
    random.normal(k2)
    random.normal(k)
run("split_then_draw", split_then_draw)

def jitted_argument():
    f = jax.jit(lambda x, k: x + random.normal(k))
    k = random.key(2)
    f(1.0, k)
    f(1.0, k)
run("jitted_argument", jitted_argument)

def jitted_then_eager():
    f = jax.jit(lambda k: random.normal(k))
    k = random.key(3)
    f(k)
    random.uniform(k)
run("jitted_then_eager", jitted_then_eager)

def returned_key_is_fresh():
    k = random.key(4)
    k2 = jax.jit(lambda k: k)(k)
    random.normal(k)
    random.normal(k2)
run("returned_key_is_fresh", returned_key_is_fresh)

def unchecked_then_checked():
    jax.config.update("jax_debug_key_reuse", False)
    k = random.key(5)
    random.normal(k)
    jax.config.update("jax_debug_key_reuse", True)
    random.normal(k)
    random.normal(k)
run("unchecked_then_checked", unchecked_then_checked)

def context_manager():
    jax.config.update("jax_debug_key_reuse", False)
    with jax.debug_key_reuse(True):
        k = random.key(6)
        random.normal(k)
        random.normal(k)
run("context_manager", context_manager)

jax.config.update("jax_debug_key_reuse", False)
k = random.key(7)
out["off"] = np.array(bool(random.normal(k) == random.normal(k)))
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    theirs = jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("key_reuse"))
    ours = meshjit_on_program(PROGRAM, random=random)
    return ours, theirs


CASES = [
    *(f"{d}_{m}" for d in ("normal", "uniform", "split", "bits", "choice", "gamma",
                            "fold_in", "key_data", "clone") for m in ("eager", "jit")),
    "split_then_draw", "jitted_argument", "jitted_then_eager", "returned_key_is_fresh",
    "unchecked_then_checked", "context_manager", "off",
]  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(results, case):
    ours, theirs = results
    assert str(ours[case]) == str(theirs[case])


def test_the_error_names_the_users_line_in_a_note():
    with meshjit.debug_key_reuse(True):
        key = random.key(0)
        random.normal(key)
        with pytest.raises(meshjit.errors.KeyReuseError) as info:
            random.normal(key)
    assert str(info.value).endswith("errors.html#jax.errors.KeyReuseError")
    assert any("test_key_reuse.py" in note for note in info.value.__notes__)
    assert not meshjit.config.jax_debug_key_reuse
