"""Keys: the threefry hash, JAX's counter layout, seeds, typed keys, and keys as pytree leaves
through jit, scan, cond, loops and shard_map. Checked without JAX (test_vs_jax compares bits)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, random
from meshjit.compiler.random.threefry import threefry2x32
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P

MASK = 0xFFFFFFFF


def reference_threefry(key, count):
    """threefry2x32 (20 rounds) of one counter pair, in plain Python."""
    rotations = ((13, 15, 26, 6), (17, 29, 16, 24))
    rotl = lambda v, d: ((v << d) | (v >> (32 - d))) & MASK
    schedule = (key[0], key[1], key[0] ^ key[1] ^ 0x1BD11BDA)
    x1, x2 = (count[0] + key[0]) & MASK, (count[1] + key[1]) & MASK
    for group in range(5):
        for distance in rotations[group % 2]:
            x1 = (x1 + x2) & MASK
            x2 = x1 ^ rotl(x2, distance)
        x1 = (x1 + schedule[(group + 1) % 3]) & MASK
        x2 = (x2 + schedule[(group + 2) % 3] + group + 1) & MASK
    return x1, x2


def words(key):
    return tuple(int(w) for w in np.asarray(key))


# ---------------------------------------------------------------------------------------------
# The hash and the counter layout.

KNOWN_ANSWERS = [  # Random123's known-answer vectors for threefry2x32_20
    ((0, 0), (0, 0), (0x6B200159, 0x99BA4EFE)),
    ((MASK, MASK), (MASK, MASK), (0x1CB996FC, 0xBB002BE7)),
    ((0x13198A2E, 0x03707344), (0x243F6A88, 0x85A308D3), (0xC4923A9C, 0x483DF7A0)),
]


@pytest.mark.parametrize("key, count, want", KNOWN_ANSWERS)
def test_threefry_known_answers(key, count, want):
    assert reference_threefry(key, count) == want
    u32 = lambda v: np.uint32(v)
    got = meshjit.jit(threefry2x32)(*map(u32, key), *map(u32, count))
    assert tuple(int(g) for g in got) == want


def test_threefry_is_elementwise_over_broadcast_operands():
    counts = np.arange(6, dtype=np.uint32).reshape(2, 3)
    y1, y2 = meshjit.jit(threefry2x32)(np.uint32(7), np.uint32(9), np.uint32(0), counts)
    for (i, j), c in np.ndenumerate(counts):
        assert (int(y1[i, j]), int(y2[i, j])) == reference_threefry((7, 9), (0, int(c)))


def test_split_fold_in_and_bits_follow_the_partitionable_layout():
    key = random.PRNGKey(42)
    k = words(key)
    keys = np.asarray(random.split(key, (2, 3)))
    for i in range(6):  # row-major counters (hi, lo) = (0, i)
        assert tuple(keys.reshape(6, 2)[i]) == reference_threefry(k, (0, i))
    assert words(random.fold_in(key, 5)) == reference_threefry(k, (0, 5))
    bits = np.asarray(random.bits(key, (4,)))
    want = [a ^ b for a, b in (reference_threefry(k, (0, i)) for i in range(4))]
    assert bits.tolist() == want
    assert np.asarray(random.bits(key, (4,), jnp.uint8)).tolist() == [w & 0xFF for w in want]


# ---------------------------------------------------------------------------------------------
# Seeds.


@pytest.mark.parametrize(
    "seed, want",
    [
        (0, (0, 0)),
        (42, (0, 42)),
        (-1, (0, MASK)),
        (2**32 + 3, (0, 3)),  # x64 off: the low 32 bits, as JAX
        (2**63 - 1, (0, MASK)),
        (True, (0, 1)),
        (np.int16(-3), (0, MASK - 2)),
        (np.uint32(4_000_000_000), (0, 4_000_000_000)),
    ],
)
def test_seeds_as_jax_makes_them(seed, want):
    assert words(random.PRNGKey(seed)) == want
    assert words(random.key_data(random.key(seed))) == want


def test_traced_seeds():
    f = meshjit.jit(random.PRNGKey)
    assert words(f(np.int32(-3))) == (0, 2**32 - 3)
    assert words(f(np.int8(-1))) == (0, MASK)
    assert words(f(np.uint8(200))) == (0, 200)


# ---------------------------------------------------------------------------------------------
# Typed keys: what JAX shows of them.


def test_typed_key_looks_like_jax():
    key = random.key(42)
    assert str(key.dtype) == "key<fry>" and key.dtype == random.key(0).dtype
    assert key.shape == () and key.ndim == 0 and key.size == 1
    assert repr(key) == "Array((), dtype=key<fry>) overlaying:\n[ 0 42]"
    keys = random.split(key, 3)
    assert keys.shape == (3,) and len(keys) == 3
    assert repr(keys).startswith("Array((3,), dtype=key<fry>) overlaying:\n[[")
    assert random.key_impl(key) == "threefry2x32"


def test_typed_and_raw_keys_give_the_same_values():
    typed, raw = random.key(7), random.PRNGKey(7)
    np.testing.assert_array_equal(random.key_data(random.split(typed)), random.split(raw))
    np.testing.assert_array_equal(random.normal(typed, (5,)), random.normal(raw, (5,)))
    assert isinstance(random.split(typed), type(typed))
    assert not isinstance(random.split(raw), type(typed))


def test_key_arrays_index_iterate_compare_and_reshape():
    keys = random.split(random.key(1), (2, 3))
    first, second = random.split(random.key(1), 2)  # unpacking iterates
    assert first.shape == () and second.shape == ()
    assert keys[1].shape == (3,) and keys[1, 2].shape == () and keys[..., 0].shape == (2,)
    assert keys.reshape(6).shape == (6,) and keys.ravel().shape == (6,)
    assert bool((keys[0, 1] == keys.reshape(6)[1]).all())
    assert np.asarray(keys[0] != keys[1]).tolist() == [True, True, True]
    wrapped = random.wrap_key_data(random.key_data(keys))
    assert bool((wrapped == keys).all())


def test_scalar_key_has_no_length():
    with pytest.raises(TypeError):
        len(random.key(0))
    with pytest.raises(TypeError):
        iter(random.key(0))


# ---------------------------------------------------------------------------------------------
# Keys as pytree leaves.


def test_typed_keys_through_jit():
    f = meshjit.jit(lambda key: (random.split(key), random.uniform(key, (2,))))
    keys, x = f(random.key(3))
    assert keys.shape == (2,) and str(keys.dtype) == "key<fry>"
    np.testing.assert_array_equal(x, random.uniform(random.key(3), (2,)))
    jaxpr = meshjit.make_jaxpr(lambda key: random.normal(key))(random.key(3))
    assert "a:key<fry>[]" in str(jaxpr)  # a typed key is traced as its data, typed as JAX's


def test_keys_through_scan_as_carry_and_as_xs():
    def step(key, _):
        key, sub = random.split(key)
        return key, random.normal(sub)

    final, ys = meshjit.jit(lambda k: lax.scan(step, k, None, length=3))(random.key(0))
    key, want = random.key(0), []
    for _ in range(3):
        key, sub = random.split(key)
        want.append(float(random.normal(sub)))
    np.testing.assert_array_equal(ys, np.float32(want))
    assert bool(final == key)

    keys = random.split(random.key(5), 4)
    _, per_key = lax.scan(lambda c, k: (c, random.uniform(k)), 0.0, keys)
    np.testing.assert_array_equal(per_key, [float(random.uniform(k)) for k in keys])


def test_keys_through_cond_and_fori_loop():
    key = random.key(9)
    out = meshjit.jit(lambda p, k: lax.cond(p, lambda k: random.split(k)[1], lambda k: k, k))
    assert bool(out(True, key) == random.split(key)[1]) and bool(out(False, key) == key)
    folded = lax.fori_loop(0, 3, lambda i, k: random.fold_in(k, i), key)
    assert bool(folded == random.fold_in(random.fold_in(random.fold_in(key, 0), 1), 2))


def test_per_device_keys_in_shard_map():
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))

    def body(key):
        return random.normal(random.fold_in(key, lax.axis_index("x")), (2,))

    f = meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=P(), out_specs=P("x")))
    got = np.asarray(f(random.key(0)))
    want = np.concatenate([random.normal(random.fold_in(random.key(0), i), (2,)) for i in range(4)])
    np.testing.assert_array_equal(got, want)

    per_key = meshjit.shard_map(
        lambda k: random.uniform(k[0], (1,)), mesh=mesh, in_specs=P("x"), out_specs=P("x")
    )
    keys = random.split(random.key(1), 4)  # typed keys, one per device
    got = np.asarray(meshjit.jit(per_key)(keys))
    np.testing.assert_array_equal(got, [float(random.uniform(k)) for k in keys])


def test_wrap_key_data_takes_the_key_dtype():
    key = random.key(42)
    assert bool(random.wrap_key_data(random.key_data(key), dtype=key.dtype) == key)
    with pytest.raises(ValueError):
        random.wrap_key_data(random.key_data(key), impl="threefry2x32", dtype=key.dtype)


# ---------------------------------------------------------------------------------------------
# rbg and unsafe_rbg keys (their bits: test_vs_jax).


@pytest.mark.parametrize("impl, tag", [("rbg", "rbg"), ("unsafe_rbg", "urbg")])
def test_rbg_keys_are_four_words_with_their_own_dtype(impl, tag):
    key = random.key(3, impl=impl)
    assert str(key.dtype) == f"key<{tag}>" and key.dtype != random.key(3).dtype
    assert repr(key) == f"Array((), dtype=key<{tag}>) overlaying:\n[0 3 0 3]"
    assert random.key_impl(key) == impl
    keys = random.split(key, (2, 3))
    assert keys.shape == (2, 3) and random.key_data(keys).shape == (2, 3, 4)
    assert random.key_impl(keys[1, 2]) == impl and keys.reshape(6)[4].dtype == key.dtype
    assert random.PRNGKey(5, impl=impl).shape == (4,)
    wrapped = random.wrap_key_data(random.key_data(key), impl=impl)
    assert wrapped.dtype == key.dtype and bool(wrapped == key)


# JAX 0.10.2's key data of vmap(lambda s: fold_in(key(s, impl=impl), m)) over seeds (6, 1), with m
# the constant 5 and with m the mapped seed itself (fuzz round 30, seed 3000173: rbg raised a
# TypeError, unsafe_rbg a reshape ValueError, and unsafe_rbg drew its mask per key)
FOLD_IN_MAPPED = {
    "rbg": (
        [[1793600160, 1049126598] * 2, [3243370355, 1313272271] * 2],
        [[317350998, 2105080671] * 2, [1948878966, 4237131848] * 2],
    ),
    "unsafe_rbg": (
        [
            [3810769997, 2355009019, 1837142617, 748193192],
            [3810769997, 2355009020, 1837142617, 748193199],
        ],
        [
            [731681089, 1691099970, 3477078901, 309244391],
            [2503165210, 2336877963, 4044768877, 3998760059],
        ],
    ),
}


@pytest.mark.parametrize("impl", sorted(FOLD_IN_MAPPED))
def test_fold_in_of_mapped_four_word_keys_is_jax_s(impl):
    seeds = np.array([6, 1], np.int32)

    def folded(message):
        def one(s):
            return random.key_data(random.fold_in(random.key(s, impl=impl), message(s)))

        return np.asarray(meshjit.jit(meshjit.vmap(one))(seeds)).tolist()

    const, mapped = FOLD_IN_MAPPED[impl]
    assert folded(lambda s: 5) == const  # (unsafe_rbg: one mask for every key, as JAX's)
    assert folded(lambda s: s) == mapped  # (unsafe_rbg: drawn with the first message)


def test_rbg_bits_of_keys_mapped_over_their_second_dimension_are_jax_s():
    """vmap keeps a mapped axis of keys where it is (JAX's vectorized batching): rbg's bits are
    drawn with the first key for the whole key array, in the keys' order (x64 fuzz seed
    3000512: the outer vmap's axis moved in front drew them transposed)."""
    seeds = np.array([[1, 2, 3], [4, 5, 6]], np.int32)

    def one(s):
        return random.bits(random.key(s, impl="rbg"), (2,))

    got = meshjit.jit(meshjit.vmap(meshjit.vmap(one), in_axes=1))(seeds)
    want = [2171749223, 319503759, 168968146, 861685035, 4190832936, 2957128538]
    want += [1547301095, 3446719325, 3549148541, 3402083531, 1893408694, 3259978518]
    assert np.asarray(got).ravel().tolist() == want  # (JAX 0.10.2's)


def test_key_dtype_names_the_dtype_of_an_implementation_s_keys():
    assert random.key_dtype() == random.key(0).dtype and str(random.key_dtype()) == "key<fry>"
    assert random.key_dtype("rbg") == random.key(0, impl="rbg").dtype
    assert str(random.key_dtype("unsafe_rbg")) == "key<urbg>"
    assert jnp.issubdtype(random.key_dtype(), meshjit.dtypes.prng_key)
    with meshjit.default_prng_impl("rbg"):
        assert random.key_dtype() == random.key_dtype("rbg")
    with pytest.raises(ValueError):
        random.key_dtype("no_such_impl")


def test_rbg_and_unsafe_rbg_keys_of_one_data_draw_differently_under_one_jit():
    # Their data looks alike (uint32[4]); the implementation is part of jit's cache key.
    split = meshjit.jit(lambda k: random.key_data(random.split(k)))
    rbg, unsafe = (split(random.key(3, impl=impl)) for impl in ("rbg", "unsafe_rbg"))
    assert rbg.shape == unsafe.shape == (2, 4)
    assert not np.array_equal(rbg, unsafe)
    np.testing.assert_array_equal(rbg[:, :2], rbg[:, 2:])  # rbg splits as two threefry keys


def test_default_prng_impl_makes_raw_keys_of_its_shape():
    meshjit.config.update("jax_default_prng_impl", "rbg")
    try:
        raw = random.PRNGKey(0)
        assert raw.shape == (4,) and random.key(0).dtype == random.key(0, impl="rbg").dtype
        assert random.split(raw).shape == (2, 4)
        with pytest.raises(
            TypeError, match="rbg PRNG key must be uint32 key data whose shape ends in 4"
        ):
            random.normal(np.zeros(2, np.uint32))
    finally:
        meshjit.config.update("jax_default_prng_impl", "threefry2x32")
    assert random.PRNGKey(0).shape == (2,)


def test_unknown_prng_impl_is_a_value_error_naming_the_known_ones():
    with pytest.raises(ValueError, match='unrecognized PRNG implementation "foo".*"rbg"'):
        random.key(0, impl="foo")


def test_concatenate_stack_and_where_join_typed_keys_as_jax():
    # JAX joins key arrays as arrays of keys: the key data follows along the same axes
    import meshjit.numpy as jnp
    from meshjit import random as jr

    key = jr.key(0)
    keys = jr.split(key, 4)
    data = np.asarray(jr.key_data(keys))
    joined = jnp.concatenate([keys, keys[:1]])
    assert joined.shape == (5,) and joined.dtype == keys.dtype
    np.testing.assert_array_equal(np.asarray(jr.key_data(joined)), np.concatenate([data, data[:1]]))
    assert meshjit.jit(lambda k: jnp.stack([k, k], axis=1))(keys).shape == (4, 2)
    picked = jnp.where(jnp.array([True, False, True, False]), keys, key)
    want = np.where(
        np.array([True, False, True, False])[:, None], data, np.asarray(jr.key_data(key))
    )
    np.testing.assert_array_equal(np.asarray(jr.key_data(picked)), want)
    with pytest.raises(ValueError, match="dtype=key<fry> is not a valid dtype for JAX type"):
        jnp.concatenate([keys, jnp.ones(2)])  # (JAX's ValueError)


def test_eval_shape_of_keys_is_one_struct_of_the_key_dtype():
    keys = meshjit.eval_shape(lambda k: random.split(k, 3), random.key(0))
    assert repr(keys) == "ShapeDtypeStruct(shape=(3,), dtype=key<fry>)"
    pair = meshjit.eval_shape(lambda k: (k, 1.0), random.key(0))
    assert (pair[0].shape, pair[0].dtype.name, pair[1].dtype) == ((), "key<fry>", np.float32)


def test_raw_key_data_errors_say_what_jax_expected():
    with pytest.raises(
        TypeError, match=r"expected key_data.shape to end with \(2,\); got shape=\(3,\)"
    ):
        random.uniform(jnp.zeros(3, jnp.uint32), (2,))
    with pytest.raises(TypeError, match="expected key_data.dtype = uint32; got dtype=int32"):
        random.normal(jnp.zeros(2, jnp.int32), (2,))


def test_typed_keys_have_no_astype():
    with pytest.raises(NotImplementedError, match="Cannot call abstract method astype") as info:
        random.key(0).astype(jnp.uint32)
    assert info.traceback[-1].path.name == "test_keys.py"


def test_split_of_a_traced_count_names_the_shape_problem():
    with pytest.raises(
        TypeError, match="Shapes must be 1D sequences of concrete values of integer type"
    ):
        meshjit.jit(lambda k, n: random.split(k, n))(random.key(0), 2)
    assert random.split(random.key(0), jnp.int32(3)).shape == (3,)


def test_a_struct_of_the_key_dtype_is_an_abstract_key_argument():
    # JAX 0.10.2: `jit(f).lower(ShapeDtypeStruct((2,), key<fry>))` compiles a program taking
    # a key array; eval_shape / make_jaxpr take the struct too (meshjit raised TypeError).
    struct = meshjit.ShapeDtypeStruct((2,), random.key(0).dtype)
    f = meshjit.jit(lambda k: random.normal(k[0], (3,)))
    lowered = f.lower(struct)
    assert repr(lowered.out_info) == "ShapeDtypeStruct(shape=(3,), dtype=float32)"
    keys = random.split(random.key(0))
    np.testing.assert_array_equal(np.asarray(lowered.compile()(keys)), np.asarray(f(keys)))
    # JAX's numbers for random.normal(split(key(0))[0], (3,))
    np.testing.assert_allclose(np.asarray(f(keys)), [1.0040143, -0.9063372, -0.7481722], rtol=1e-6)
    out = meshjit.eval_shape(random.split, meshjit.ShapeDtypeStruct((), random.key(0).dtype))
    assert repr(out) == "ShapeDtypeStruct(shape=(2,), dtype=key<fry>)"
    jaxpr = meshjit.make_jaxpr(lambda k: random.bits(k[0]))(struct)
    assert "a:key<fry>[2]" in str(jaxpr)


def test_key_arrays_have_their_datas_placement():
    # As JAX's key arrays: .sharding, .addressable_shards (as keys), .devices(), committed.
    from meshjit.sharding import NamedSharding

    n = meshjit.device_count()
    mesh = meshjit.make_mesh((n,), ("d",))
    keys = meshjit.device_put(
        meshjit.random.split(meshjit.random.key(0), n), NamedSharding(mesh, P("d"))
    )
    assert keys.sharding.spec == P("d") and keys.sharding.shard_shape(keys.shape) == (1,)
    shards = keys.addressable_shards
    assert len(shards) == n and shards[0].data.dtype == keys.dtype
    assert shards[0].data.shape == (1,) and shards[0].index == (slice(0, 1),)
    assert keys.devices() == set(meshjit.devices()) and keys.committed
    assert keys.is_fully_addressable and not keys.is_fully_replicated or n == 1
    single = meshjit.random.key(1)
    assert single.devices() == {meshjit.devices()[0]} and single.is_fully_replicated


def test_indexing_a_key_array_with_none_adds_an_axis():
    """`k[None]` as JAX's: None takes no dimension (it was counted as an index)."""
    k = random.key(0)
    assert k[None].shape == (1,)
    keys = random.split(k, 3)
    assert keys[None, 1:].shape == (1, 2) and keys[0, None].shape == (1,)
    np.testing.assert_array_equal(random.key_data(keys[0, None])[0], random.key_data(keys[0]))


def test_bits_warns_that_uint64_is_uint32_without_x64():
    with pytest.warns(UserWarning, match="Explicitly requested dtype uint64"):
        out = random.bits(random.key(0), (2,), np.uint64)
    assert out.dtype == np.uint32


def test_filled_arrays_of_a_key_dtype_are_keys_as_in_jax():
    """jnp.zeros / ones / empty / full (and their _like forms, lax.full / full_like) of a key
    dtype give typed keys whose words are the fill value (zeros: all-zero keys), or a fill key's
    data; under jit too (they were refused as 'Cannot interpret key<fry> as a data type')."""
    key = random.key(0)
    keys = random.split(key, 3)
    data = lambda k: np.asarray(random.key_data(k)).tolist()
    assert jnp.zeros((2,), key.dtype).dtype == key.dtype and data(jnp.zeros(2, key.dtype)) == [
        [0, 0],
        [0, 0],
    ]
    assert data(jnp.ones((1,), key.dtype)) == [[1, 1]] and data(jnp.empty(1, key.dtype)) == [[0, 0]]
    assert data(jnp.full((2,), random.key(3))) == [[0, 3], [0, 3]]
    assert data(jnp.full((1,), 5, key.dtype)) == [[5, 5]]
    assert data(jnp.zeros_like(keys)) == [[0, 0]] * 3 and data(jnp.ones_like(keys)) == [[1, 1]] * 3
    assert data(jnp.full_like(keys, random.key(4))) == [[0, 4]] * 3
    assert jnp.zeros_like(keys, shape=(2, 2)).shape == (2, 2)
    assert data(lax.full((1,), 0, key.dtype)) == [[0, 0]]
    assert data(lax.full_like(keys, 7))[0] == [7, 7]
    assert data(meshjit.jit(lambda: jnp.zeros((3,), key.dtype))()) == [[0, 0]] * 3
    assert data(meshjit.jit(jnp.zeros_like)(keys)) == [[0, 0]] * 3
    rbg = random.key(0, impl="rbg")
    assert data(jnp.zeros((1,), rbg.dtype)) == [[0, 0, 0, 0]]
    # as JAX 0.10.2: a key dtype's filled array ignores device= / out_sharding=
    placed = jnp.zeros((2,), key.dtype, device=meshjit.devices()[-1])
    assert placed.devices() == {meshjit.devices()[0]}
    with pytest.raises(ValueError, match="Cannot convert_element_type from float32 to key<fry>"):
        jnp.full((2,), jnp.zeros(2), key.dtype)
    with pytest.raises(ValueError, match="Cannot convert_element_type from float32 to key<fry>"):
        jnp.zeros(2).astype(key.dtype)
    with pytest.raises(TypeError, match="Cannot determine dtype of key<fry>"):
        jnp.zeros_like(jnp.ones(2), dtype=key.dtype)
