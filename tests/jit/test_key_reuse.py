"""JAX's key-reuse checker (compiler/jit/key_reuse.py): under `jax_debug_key_reuse` a typed
key drawn from twice raises KeyReuseError with JAX's message, eagerly and under jit, through a
jitted function's key arguments; split, fold_in, clone and key_data behave as JAX's. Compared
with JAX 0.10.2 in a subprocess."""

from __future__ import annotations

import pytest

import meshjit
from meshjit import random
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

# Each case run with the checker on, recording its error (the same text for both programs).
RUN = """
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
"""

PROGRAM = (
    RUN
    + """
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
)


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


# The cases JAX's jaxpr-based checker catches beyond drawing twice: indexing a key array (a
# static index consumes the keys it selects, a traced one all of them), loop bodies consuming a
# key they close over, cond branches (each from the same state), vmap; and what it lets pass:
# one key passed twice to one call, AOT-compiled calls, iterating over a key array.
GAPS = (
    RUN
    + """
def keys3():
    return random.split(random.key(0), 3)

def carry_fresh(k, c):
    k1, k2 = random.split(k)
    return k1, c + random.uniform(k2)

def uniform_of(keys, i, j):
    return random.uniform(keys[i]) + random.uniform(keys[j])

CASES = {
    "index_eager": lambda: uniform_of(keys3(), 0, 0),
    "index_eager_other": lambda: uniform_of(keys3(), 0, 1),
    "index_jit": lambda: jax.jit(lambda ks: uniform_of(ks, 0, 0))(keys3()),
    "index_jit_other": lambda: jax.jit(lambda ks: uniform_of(ks, 0, 1))(keys3()),
    "index_slice": lambda: random.uniform(keys3()[1:][0]) + random.uniform(keys3()[1]),
    "index_traced": lambda: jax.jit(lambda ks, i: uniform_of(ks, i, i))(keys3(), 1),
    "iterate": lambda: [random.uniform(k) for k in keys3()],
    "scan_closed": lambda: jax.lax.scan(lambda c, _: (c + random.uniform(KEY), None), 0.0, None, length=3),
    "scan_closed_jit": lambda: jax.jit(lambda k: jax.lax.scan(lambda c, _: (c + random.uniform(k), None), 0.0, None, length=3))(KEY),
    "scan_carry": lambda: jax.lax.scan(lambda k, _: (random.split(k)[0], random.uniform(random.split(k)[1])), KEY, None, length=3),
    "scan_carry_same": lambda: jax.lax.scan(lambda k, _: (k, random.uniform(k)), KEY, None, length=3),
    "scan_carry_fresh": lambda: jax.lax.scan(lambda c, _: (carry_fresh(*c), None), (KEY, 0.0), None, length=3),
    "while_carry_same": lambda: jax.lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0], c[1] + random.uniform(c[0])), (KEY, 0.0)),
    "while_carry_fresh": lambda: jax.lax.while_loop(lambda c: c[1] < 3, lambda c: carry_fresh(*c), (KEY, 0.0)),
    "while_cond_carry": lambda: jax.lax.while_loop(lambda c: random.uniform(c[0]) < 3, lambda c: (c[0], c[1] + 1), (KEY, 0.0)),
    "while_cond_and_body": lambda: jax.lax.while_loop(lambda c: random.uniform(c[0]) < 3, lambda c: carry_fresh(*c), (KEY, 0.0)),
    "scan_xs": lambda: jax.lax.scan(lambda c, k: (c + random.uniform(k), None), 0.0, keys3()),
    "while_closed": lambda: jax.lax.while_loop(lambda c: c < 3, lambda c: c + random.uniform(KEY), 0.0),
    "while_cond_closed": lambda: jax.lax.while_loop(lambda c: c < random.uniform(KEY), lambda c: c + 1, 0.0),
    "fori_closed": lambda: jax.lax.fori_loop(0, 3, lambda i, c: c + random.uniform(KEY), 0.0),
    "fori_fold_in": lambda: jax.lax.fori_loop(0, 3, lambda i, c: c + random.uniform(random.fold_in(KEY, i)), 0.0),
    "cond_both_branches": lambda: jax.lax.cond(True, lambda: random.uniform(KEY), lambda: random.normal(KEY)),
    "cond_then_draw": lambda: (jax.lax.cond(True, lambda: random.uniform(KEY), lambda: 0.0), random.uniform(KEY)),
    "vmap_twice": lambda: jax.vmap(lambda k: random.uniform(k) + random.uniform(k))(keys3()),
    "vmap_then_index": lambda: (lambda ks: (jax.vmap(random.uniform)(ks), random.uniform(ks[0])))(keys3()),
    "vmap_called_twice": lambda: (lambda ks: [jax.vmap(random.normal)(ks) for _ in range(2)])(keys3()),
    "vmap_of_jit_twice": lambda: (lambda ks: [jax.vmap(jax.jit(random.normal))(ks) for _ in range(2)])(keys3()),
    "vmap_closed_then_draw": lambda: (jax.vmap(lambda x: x + random.uniform(KEY))(jnp.ones(3)), random.uniform(KEY)),
    "same_key_twice_in_a_call": lambda: jax.jit(lambda a, b: random.uniform(a) + random.uniform(b))(KEY, KEY),
    "aot_twice": lambda: [jax.jit(random.uniform).lower(KEY).compile()(KEY) for _ in range(2)],
}
for name, case in CASES.items():
    KEY = random.key(1)
    run(name, case)
"""
)

# The loop errors: JAX's first line, then its signature and jaxpr (meshjit: a hint instead).
FIRST_LINE = (
    "scan_closed", "scan_closed_jit", "while_closed", "while_cond_closed", "fori_closed",
    "scan_carry_same", "while_carry_same", "while_cond_carry", "while_cond_and_body",
)  # fmt: skip


@pytest.fixture(scope="module")
def gaps(tmp_path_factory):
    theirs = jax_on_8_devices(GAPS, tmp_path_factory.mktemp("key_reuse_gaps"))
    ours = meshjit_on_program(GAPS, random=random)
    return ours, theirs


@pytest.mark.parametrize(
    "case",
    [
        "index_eager", "index_eager_other", "index_jit", "index_jit_other", "index_slice",
        "index_traced", "iterate", "scan_closed", "scan_closed_jit", "scan_carry", "scan_xs",
        "scan_carry_same", "scan_carry_fresh", "while_carry_same", "while_carry_fresh",
        "while_cond_carry", "while_cond_and_body",
        "while_closed", "while_cond_closed", "fori_closed", "fori_fold_in", "cond_both_branches",
        "cond_then_draw", "vmap_twice", "vmap_then_index", "vmap_called_twice",
        "vmap_of_jit_twice", "vmap_closed_then_draw", "same_key_twice_in_a_call",
        "aot_twice",
    ],
)  # fmt: skip
def test_gaps_match_jax(gaps, case):
    ours, theirs = (str(r[case]) for r in gaps)
    if case in FIRST_LINE:
        ours, theirs = ours.split(":")[:2], theirs.split(":")[:2]
    assert ours == theirs


def test_experimental_key_reuse_module_is_jaxs_empty_namespace():
    import meshjit.experimental.key_reuse as key_reuse

    assert key_reuse.__all__ == [] and "jax_debug_key_reuse" in key_reuse.__doc__
