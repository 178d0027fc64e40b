"""Devices and config: the CPU client, device_put, the device count, no jax import."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import meshjit

f32, i32 = np.float32, np.int32


def _run_python(code: str, env_updates=None, drop=()) -> str:
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(env_updates or {})
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


# ---------------------------------------------------------------------------------------------
# Devices and config.


def test_eight_cpu_devices():
    devices = meshjit.devices()
    assert len(devices) == 8
    assert {d.platform for d in devices} == {"cpu"}
    assert [d.id for d in devices] == list(range(8))
    out = meshjit.jit(lambda x: x + 1)(np.ones(2, f32))
    assert out.devices() <= set(devices)


def test_device_put():
    arr = meshjit.device_put(np.arange(3, dtype=i32))
    assert isinstance(arr, meshjit.Array)
    np.testing.assert_array_equal(np.asarray(arr), [0, 1, 2])
    on_3 = meshjit.device_put(np.ones(2, f32), meshjit.devices()[3])
    assert on_3.devices() == {meshjit.devices()[3]}
    tree = meshjit.device_put({"a": np.ones(1, f32), "b": (np.zeros(2, i32),)})
    assert isinstance(tree["b"][0], meshjit.Array)


def test_device_put_takes_a_pytree_of_devices():
    devs = meshjit.devices()
    placed = meshjit.device_put([1.0, np.ones(2, f32)], [devs[2], devs[3]])
    assert [v.devices() for v in placed] == [{devs[2]}, {devs[3]}]
    single = meshjit.sharding.SingleDeviceSharding(devs[1])
    assert meshjit.device_put({"a": 1}, {"a": single})["a"].devices() == {devs[1]}


def test_config_update_num_cpu_devices_in_a_subprocess():
    out = _run_python(
        """
        import meshjit, numpy as np
        meshjit.config.update("jax_num_cpu_devices", 3)
        print(len(meshjit.devices()), meshjit.config.jax_num_cpu_devices)
        print(float(meshjit.jit(lambda x: x.sum())(np.ones(4, np.float32))))
        """,
        drop=("MESHJIT_NUM_CPU_DEVICES",),
    )
    assert out.split() == ["3", "3", "4.0"]


@pytest.mark.parametrize("n", [1, 4])
def test_num_cpu_devices_environment_variable(n):
    out = _run_python(
        "import meshjit; print(len(meshjit.devices()))",
        env_updates={"MESHJIT_NUM_CPU_DEVICES": str(n)},
    )
    assert out.split() == [str(n)]


@pytest.mark.parametrize(
    "env, n",
    [
        ({"XLA_FLAGS": "--xla_force_host_platform_device_count=4"}, 4),
        (
            {
                "XLA_FLAGS": "--xla_cpu_enable_fast_math=false --xla_force_host_platform_device_count=2"
            },
            2,
        ),
        ({"JAX_NUM_CPU_DEVICES": "3"}, 3),
        ({"JAX_NUM_CPU_DEVICES": "3", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}, 3),
        ({}, 8),
    ],
)
def test_device_count_as_jax_programs_ask_for_it(env, n):
    # JAX's docs ask for CPU devices through XLA_FLAGS (or JAX_NUM_CPU_DEVICES); meshjit's
    # default without either is 8.
    out = _run_python(
        "import meshjit; print(len(meshjit.devices()))",
        env_updates=env,
        drop=("MESHJIT_NUM_CPU_DEVICES", "JAX_NUM_CPU_DEVICES", "XLA_FLAGS"),
    )
    assert out.split() == [str(n)]


def test_meshjit_never_imports_jax():
    out = _run_python(
        """
        import sys

        class BlockJax:
            def find_spec(self, name, path=None, target=None):
                if name == "jax" or name.startswith("jax."):
                    raise ImportError(f"meshjit imported {name}")
                return None

        sys.meta_path.insert(0, BlockJax())
        import numpy as np
        import meshjit
        import meshjit.numpy as jnp
        from meshjit import lax

        f = meshjit.jit(lambda x, y: jnp.tanh(x @ y).sum(0) + lax.rsqrt(y[0] + 2.0))
        x, y = np.ones((2, 3), np.float32), np.ones((3, 4), np.float32)
        out = np.asarray(f(x, y))
        eager = np.asarray(jnp.add(np.arange(3), 1))
        compiled = f.lower(x, y).compile()
        compiled.cost_analysis(), compiled.as_text(), str(meshjit.make_jaxpr(f)(x, y))
        leaked = sorted(m for m in sys.modules if m == "jax" or m.startswith("jax."))
        print(round(float(out[0]), 4), eager.tolist(), leaked)
        assert "jax" not in sys.modules
        """
    )
    assert out.strip() == f"{round(float(np.tanh(3.0) * 2 + 1 / np.sqrt(3.0)), 4)} [1, 2, 3] []"


def test_the_oracle_jax_is_installed_but_not_loaded_by_meshjit():
    # meshjit itself must not have pulled jax in for the tests of this module.
    import importlib.util

    if importlib.util.find_spec("jax") is None:
        pytest.skip("jax is not installed")
    code = "import meshjit, meshjit.numpy, sys; print('jax' in sys.modules)"
    assert _run_python(code).strip() == "False"


def test_running_sharded_programs_does_not_load_an_installed_jax():
    # jaxlib's runtime tries `import jax` when reading device buffers; meshjit must refuse it.
    import importlib.util

    if importlib.util.find_spec("jax") is None:
        pytest.skip("jax is not installed")
    out = _run_python(
        """
        import sys
        import numpy as np
        import meshjit
        import meshjit.numpy as jnp
        from meshjit.sharding import NamedSharding, P

        mesh = meshjit.make_mesh((4, 2), ("x", "y"))
        s = NamedSharding(mesh, P("x", "y"))
        x = meshjit.device_put(np.arange(16, dtype=np.float32).reshape(8, 2), s)
        y = meshjit.jit(lambda v: jnp.sin(v) * 2, out_shardings=s)(x)
        total = float(np.asarray(y).sum()) + float(np.asarray(jnp.add(np.ones(2), 1)).sum())
        shards = [np.asarray(sh.data).shape for sh in y.addressable_shards]
        b = meshjit.device_put(np.ones(4, jnp.bfloat16))
        print(len(shards), np.asarray(b).dtype, "jax" in sys.modules)
        """
    )
    assert out.split() == ["8", "bfloat16", "False"]


@pytest.mark.parametrize(
    "first", ["meshjit.compiler.trace.tracing", "meshjit.compiler.runtime.array", "meshjit.lax"]
)
def test_array_methods_are_registered_whatever_module_is_imported_first(first):
    # Tracer and Array get their operators and methods from meshjit.numpy, above them.
    out = _run_python(
        f"""
        import {first}
        from meshjit.compiler.runtime.array import Array
        from meshjit.compiler.trace.tracing import Tracer
        names = ("__add__", "__rmatmul__", "__getitem__", "sum", "reshape", "T", "at")
        print(all(hasattr(cls, name) for cls in (Tracer, Array) for name in names))
        """
    )
    assert out.strip() == "True"


def _backend_compiles(run) -> int:
    from meshjit import monitoring

    seen = []
    listener = lambda e, d, **kw: seen.append(e)  # noqa: E731
    monitoring.register_event_duration_secs_listener(listener)
    try:
        run()
    finally:
        monitoring.unregister_event_duration_listener(listener)
    return seen.count("/jax/core/compile/backend_compile_duration")


def _affine():
    return lambda x: x * 3.25 - 0.125  # a new function object each time


def test_two_functions_lowering_to_one_module_share_its_executable():
    x = np.arange(8.0, dtype=np.float32)
    assert _backend_compiles(lambda: meshjit.jit(_affine())(x)) == 1
    assert _backend_compiles(lambda: meshjit.jit(_affine())(x)) == 0
    np.testing.assert_allclose(meshjit.jit(_affine())(x), x * 3.25 - 0.125)
    assert _backend_compiles(lambda: meshjit.jit(_affine())(x[:4])) == 1  # another module
    meshjit.clear_caches()
    assert _backend_compiles(lambda: meshjit.jit(_affine())(x)) == 1


def test_programs_with_host_callbacks_are_never_shared():
    calls = []

    def printing():
        def f(x):
            meshjit.debug.callback(lambda v: calls.append(float(v)), x)
            return x + 1.0

        return f

    assert _backend_compiles(lambda: meshjit.jit(printing())(2.0).block_until_ready()) == 1
    assert _backend_compiles(lambda: meshjit.jit(printing())(2.0).block_until_ready()) == 1
    meshjit.effects_barrier()
    assert calls == [2.0, 2.0]


# ---------------------------------------------------------------------------------------------
# jax.default_device: where uncommitted values and calls without committed arguments go.


def test_default_device_places_new_values_and_uncommitted_calls():
    d3 = meshjit.devices()[min(3, meshjit.device_count() - 1)]
    before = meshjit.numpy.ones(2)  # cached one-op executables must not keep device 0
    with meshjit.default_device(d3):
        a = meshjit.numpy.ones(2) * 5
        b = meshjit.device_put(np.arange(3.0))
        c = meshjit.jit(lambda: meshjit.numpy.zeros(3))()
    assert a.devices() == b.devices() == c.devices() == {d3}
    after = meshjit.numpy.ones(2)
    assert before.devices() == after.devices() == {meshjit.devices()[0]}
    with meshjit.default_device("cpu"):
        assert meshjit.numpy.ones(2).devices() == {meshjit.devices()[0]}


def test_default_device_rejects_what_is_not_a_device_as_jax():
    with pytest.raises(ValueError, match="must be passed either a Device object"):
        with meshjit.default_device(3):
            pass
    with pytest.raises(RuntimeError, match="Unknown backend: 'gpu'"):
        with meshjit.default_device("gpu"):
            meshjit.numpy.ones(2)


# ---------------------------------------------------------------------------------------------
# jax.transfer_guard: host-to-device copies, implicit (jit arguments, jnp.array of host data,
# Python scalars) and explicit (device_put).


def test_transfer_guard_refuses_implicit_host_to_device_copies():
    x = meshjit.numpy.array(1)
    with meshjit.transfer_guard("disallow"):
        assert int(x + x) == 2  # device values only
        for implicit in (lambda: x + 1, lambda: meshjit.numpy.asarray(np.ones(3))):
            with pytest.raises(meshjit.errors.JaxRuntimeError, match="Disallowed host-to-device"):
                implicit()
        with pytest.raises(RuntimeError, match="Disallowed host-to-device"):
            meshjit.jit(lambda a: a)(np.ones(2, f32))
        assert meshjit.device_put(np.ones(2)).shape == (2,)  # explicit: allowed
        np.testing.assert_array_equal(np.asarray(x), 1)  # device to host is free on the CPU
    with meshjit.transfer_guard("disallow_explicit"):
        with pytest.raises(RuntimeError, match="Disallowed host-to-device"):
            meshjit.device_put(np.ones(2))
    with meshjit.transfer_guard_host_to_device("log"):
        assert int(x + 1) == 2
    assert int(x + 1) == 2


def test_transfer_guard_sees_a_cached_calls_host_arguments():
    """A call the dispatch cache knows copies its NumPy argument on a fast path: guarded too."""
    f = meshjit.jit(lambda a: a * 2)
    host = np.ones(2, f32)
    f(host)
    with meshjit.transfer_guard("disallow"):
        with pytest.raises(RuntimeError, match="Disallowed host-to-device"):
            f(host)
    assert list(np.asarray(f(host))) == [2.0, 2.0]


def test_transfer_guard_sees_constant_indices_and_cond_operands():
    """As JAX: outside jit, a unit-stride slice (`x[1]`, `x[1:3]`) runs as a dynamic_slice whose
    start indices are copied to the device, and lax.cond's index is; meshjit sliced statically
    and the guard saw nothing. Full slices, strided ones and reversals copy nothing."""
    x = meshjit.numpy.arange(6.0)
    y = meshjit.numpy.ones((3, 4))
    cond = meshjit.lax.cond
    with meshjit.transfer_guard("disallow"):
        for index in (
            lambda: x[1],
            lambda: x[1:3],
            lambda: x[:3],
            lambda: y[1, :],
            lambda: x.at[1].get(),
        ):
            with pytest.raises(
                meshjit.errors.JaxRuntimeError,
                match=r"Disallowed host-to-device transfer: aval=ShapedArray\(int32\[\], weak_type=True\), "
                r"dst_sharding=SingleDeviceSharding\(device=CpuDevice\(id=0\), memory_kind=device\)",
            ):
                index()
        with pytest.raises(meshjit.errors.JaxRuntimeError, match="Disallowed host-to-device"):
            cond(x[0] > 0, lambda a: a + 1, lambda a: a - 1, x)
        for free in (
            lambda: x[:],
            lambda: x[...],
            lambda: x[None],
            lambda: x[::2],
            lambda: x[::-1],
        ):
            free()
    np.testing.assert_array_equal(x[1:3], [1, 2])  # same values as the static slice
    np.testing.assert_array_equal(y[1, 1:3], [1, 1])


def test_transfer_guard_levels_are_checked():
    with pytest.raises(ValueError, match="must be one of allow, log, disallow"):
        meshjit.config.update("jax_transfer_guard", "never")
