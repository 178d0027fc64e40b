"""Worker: global arrays and multihost_utils across processes. Every check runs in every
process and prints `ok <name>`; the first failure raises (and the run fails)."""

import numpy as np

import meshjit
from meshjit import lax
from meshjit.distributed import DistributedError
from meshjit.experimental import multihost_utils as mhu
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

# Auto axes: these programs leave layouts to propagation (make_mesh defaults to Explicit).
AUTO2 = (meshjit.sharding.AxisType.Auto,) * 2

meshjit.distributed.initialize()
ME, N = meshjit.process_index(), meshjit.process_count()
MESH = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=AUTO2)
X = np.arange(16 * 6, dtype=np.float32).reshape(16, 6)


def ok(name):
    print("ok", name, flush=True)


def whole(a):
    return mhu.process_allgather(a, tiled=True)


def check_callback():
    for spec in (P("x", "y"), P(("x", "y")), P(None, "y"), P()):
        s = NamedSharding(MESH, spec)
        seen = []
        a = meshjit.make_array_from_callback(
            X.shape, s, lambda idx, seen=seen: seen.append(idx) or X[idx]
        )
        assert len(seen) == meshjit.local_device_count()
        assert a.shape == X.shape and a.dtype == np.float32
        np.testing.assert_array_equal(whole(a), X)
    ok("make_array_from_callback")


def check_addressable_shards():
    a = meshjit.device_put(X, NamedSharding(MESH, P("x", "y")))
    assert not a.is_fully_addressable
    shards = a.addressable_shards
    assert {sh.device for sh in shards} == set(meshjit.local_devices())
    for sh in shards:
        assert sh.device.process_index == ME
        np.testing.assert_array_equal(np.asarray(sh.data), X[sh.index])
    try:
        np.asarray(a)
    except DistributedError as e:
        assert "process_allgather" in str(e) and "addressable_shards" in str(e), e
    else:
        raise AssertionError("np.asarray of an array spanning processes did not raise")
    assert "not readable here" in repr(a)
    # Replicated, or every distinct block held here: readable in each process (as JAX).
    np.testing.assert_array_equal(np.asarray(meshjit.device_put(X, NamedSharding(MESH, P()))), X)
    ok("addressable_shards")


def check_process_local_data():
    rows = 16 // N  # the batch split over processes along "x"
    mine = X[ME * rows : (ME + 1) * rows]
    s = NamedSharding(MESH, P("x"))
    a = meshjit.make_array_from_process_local_data(s, mine)
    assert a.shape == X.shape, a.shape
    np.testing.assert_array_equal(whole(a), X)
    b = meshjit.make_array_from_process_local_data(s, mine, X.shape)
    np.testing.assert_array_equal(whole(b), X)
    c = meshjit.make_array_from_process_local_data(NamedSharding(MESH, P()), X)
    np.testing.assert_array_equal(np.asarray(c), X)
    tree = meshjit.make_array_from_process_local_data(s, {"a": mine, "b": mine * 2})
    np.testing.assert_array_equal(whole(tree["b"]), X * 2)
    ok("make_array_from_process_local_data")


def check_single_device_arrays():
    s = NamedSharding(MESH, P("x", "y"))
    idx = {d: i for d, i in s_indices(s)}
    singles = [meshjit.device_put(X[idx[d]], d) for d in meshjit.local_devices()]
    a = meshjit.make_array_from_single_device_arrays(X.shape, s, singles)
    np.testing.assert_array_equal(whole(a), X)
    ok("make_array_from_single_device_arrays")


def s_indices(s):
    probe = meshjit.device_put(np.zeros(X.shape, np.float32), s)
    return [(sh.device, sh.index) for sh in probe.addressable_shards]


def check_jit_and_reshard():
    a = meshjit.device_put(X, NamedSharding(MESH, P("x", "y")))
    moved = meshjit.device_put(a, NamedSharding(MESH, P("y", None)))
    assert moved.sharding.spec == P("y", None)
    np.testing.assert_array_equal(whole(moved), X)
    f = meshjit.jit(lambda v: v * 2, in_shardings=NamedSharding(MESH, P(None, "y")))
    try:  # as JAX: a layout the user stated is not resharded by in_shardings
        f(a)
        raise AssertionError("jit resharded a device_put array")
    except ValueError as e:
        assert "Sharding passed to jit does not match" in str(e), e
    computed = meshjit.jit(lambda v: v + 1)(a)  # propagation's layout: resharded
    np.testing.assert_array_equal(whole(f(computed)), (X + 1) * 2)
    ok("reshard")


def check_allgather_and_broadcast():
    mine = np.full((2, 3), ME, np.int32)
    stacked = mhu.process_allgather(mine)
    assert stacked.shape == (N, 2, 3)
    np.testing.assert_array_equal(stacked[:, 0, 0], np.arange(N))
    tiled = mhu.process_allgather({"v": mine, "s": np.float32(ME)}, tiled=True)
    assert tiled["v"].shape == (2 * N, 3) and tiled["s"].shape == (N,)
    got = mhu.broadcast_one_to_all({"a": np.float32(ME + 0.5), "b": np.full(4, ME, bool)})
    assert got["a"] == 0.5 and not got["b"].any()
    got = mhu.broadcast_one_to_all(np.arange(3) + ME, is_source=ME == N - 1)
    np.testing.assert_array_equal(got, np.arange(3) + N - 1)
    ok("process_allgather / broadcast_one_to_all")


def check_sync_and_assert_equal():
    mhu.sync_global_devices("step 1")
    mhu.assert_equal(np.arange(4))
    try:
        mhu.sync_global_devices(f"name of process {ME}")
    except mhu.MultihostAssertionError as e:
        assert "sync_global_devices name mismatch" in str(e), e
    else:
        raise AssertionError("different names passed sync_global_devices")
    ok("sync_global_devices / assert_equal")


def check_host_local_round_trip():
    rows = 16 // N
    mine = X[ME * rows : (ME + 1) * rows]
    g = mhu.host_local_array_to_global_array({"x": mine}, MESH, P("x"))["x"]
    assert g.shape == X.shape
    np.testing.assert_array_equal(whole(g), X)
    doubled = meshjit.jit(lambda v: v * 2)(g)
    back = mhu.global_array_to_host_local_array(doubled, MESH, P("x"))
    assert back.is_fully_addressable and back.shape == mine.shape
    np.testing.assert_array_equal(np.asarray(back), mine * 2)
    ok("host_local_array_to_global_array / global_array_to_host_local_array")


def check_pmap():
    k = meshjit.local_device_count()
    mine = np.arange(k * 3, dtype=np.float32).reshape(k, 3) + 100 * ME
    out = meshjit.pmap(lambda v: v + lax.psum(v, "i"), axis_name="i")(mine)
    assert out.is_fully_addressable and out.shape == (k, 3)
    everything = np.concatenate([np.arange(k * 3).reshape(k, 3) + 100 * p for p in range(N)])
    np.testing.assert_allclose(np.asarray(out), mine + everything.sum(0))
    index = meshjit.pmap(lambda v: v + lax.axis_index("i"), axis_name="i")(np.zeros(k, np.int32))
    np.testing.assert_array_equal(np.asarray(index), np.arange(k) + k * ME)
    total = meshjit.pmap(lambda v: lax.psum(v, "i"), axis_name="i", out_axes=None)(mine)
    np.testing.assert_allclose(np.asarray(total), everything.sum(0))
    ok("pmap")


def check_eager_shard_map():
    f = meshjit.shard_map(lambda b: lax.psum(b, "x"), mesh=MESH, in_specs=P("x"), out_specs=P())
    np.testing.assert_allclose(np.asarray(f(X)), X.reshape(4, 4, 6).sum(0))
    ok("eager shard_map")


def check_live_devices():
    """Every process is alive: the block gets every device given, sorted by id (as JAX's); an
    error in the block comes out as it is; no devices or no local one: JAX's ValueErrors."""
    devices = meshjit.devices()[::-1]
    with mhu.live_devices(devices) as alive:
        assert alive == sorted(devices, key=lambda d: d.id)
    try:
        with mhu.live_devices(devices):
            raise KeyError("mine")
    except KeyError as e:
        assert e.args == ("mine",)
    others = [d for d in meshjit.devices() if d.process_index != ME]
    for given, words in (([], "No devices provided."), (others, "do not have any local")):
        try:
            with mhu.live_devices(given):
                raise AssertionError("entered")
        except ValueError as e:
            assert words in str(e), e
    ok("live_devices")


for check in (
    check_callback,
    check_addressable_shards,
    check_process_local_data,
    check_single_device_arrays,
    check_jit_and_reshard,
    check_allgather_and_broadcast,
    check_sync_and_assert_equal,
    check_host_local_round_trip,
    check_pmap,
    check_eager_shard_map,
    check_live_devices,
):
    check()
print("all ok", flush=True)
