"""The public API: jit and its caches, the staged objects (Lowered / Compiled), devices, config."""

import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from jaxlib.mlir import ir

import meshjit
import meshjit.numpy as jnp
from meshjit import ShapeDtypeStruct
from meshjit.dialects.context import shared_context

f32, i32 = np.float32, np.int32
_FILE = os.path.basename(__file__)
_SOURCE = open(__file__).read().splitlines()


def _line(marker: str) -> int:
    hits = [i + 1 for i, text in enumerate(_SOURCE) if text.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return hits[0]


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
# Calling jit.


def test_jit_returns_meshjit_arrays():
    x = np.arange(6, dtype=f32).reshape(2, 3)
    out = meshjit.jit(lambda a: (a * 2, a.sum(1)))(x)
    assert all(isinstance(o, meshjit.Array) for o in out)
    doubled, sums = out
    assert doubled.shape == (2, 3) and doubled.dtype == f32 and doubled.ndim == 2
    assert sums.shape == (2,) and doubled.size == 6
    assert doubled.block_until_ready() is doubled
    np.testing.assert_array_equal(np.asarray(doubled), x * 2)
    np.testing.assert_array_equal(np.asarray(sums), x.sum(1))
    assert meshjit.block_until_ready(out) is out


def test_array_is_usable_as_an_argument_and_with_operators():
    f = meshjit.jit(lambda a: a + 1)
    once = f(np.zeros(3, i32))
    twice = f(once)
    np.testing.assert_array_equal(np.asarray(twice), [2, 2, 2])
    np.testing.assert_array_equal(np.asarray(twice * 3 - once), [5, 5, 5])
    assert int(meshjit.jit(jnp.sum)(twice)) == 6
    assert float(meshjit.jit(lambda: jnp.asarray(1.5, jnp.float32) * 2)()) == 3.0
    assert twice.tolist() == [2, 2, 2] and once[0].item() == 1


def test_jit_of_a_function_without_arguments_and_of_constants():
    out = meshjit.jit(lambda: jnp.arange(4) * 2)()
    np.testing.assert_array_equal(np.asarray(out), [0, 2, 4, 6])
    passthrough = meshjit.jit(lambda x: (x, 3))(np.float32(1))
    assert float(passthrough[0]) == 1.0 and int(passthrough[1]) == 3


def test_jit_decorator_forms():
    @meshjit.jit
    def f(x):
        return x + 1

    @meshjit.jit(static_argnums=1)
    def g(x, n):
        return x * n

    assert float(f(np.float32(1))) == 2.0
    assert float(g(np.float32(2), 3)) == 6.0
    assert "jit(f)" in repr(f)


def test_jit_of_a_method():
    class Model:
        def __init__(self, scale):
            self.scale = scale

        @meshjit.jit(static_argnums=0)
        def apply(self, x):
            return x * self.scale

    np.testing.assert_array_equal(np.asarray(Model(3).apply(np.ones(2, f32))), [3, 3])


# ---------------------------------------------------------------------------------------------
# Caches.


def test_second_call_hits_every_cache(counters):
    f = meshjit.jit(lambda x, y: x @ y + 1.0)
    x, y = np.ones((2, 3), f32), np.ones((3, 4), f32)
    f(x, y)
    assert (counters["trace"], counters["lower"], counters["compile"]) == (1, 1, 1)
    out = f(x * 2, y)
    assert (counters["trace"], counters["lower"], counters["compile"]) == (1, 1, 1)
    np.testing.assert_array_equal(np.asarray(out), np.full((2, 4), 7.0))


def test_new_shape_or_dtype_retraces(counters):
    f = meshjit.jit(lambda x: x * 2)
    f(np.ones(3, f32))
    f(np.ones(4, f32))
    assert counters["trace"] == 2 and counters["compile"] == 2
    f(np.ones(4, i32))
    assert counters["trace"] == 3
    f(np.ones(4, f32))
    assert counters["trace"] == 3 and counters["compile"] == 3


def test_weak_type_is_part_of_the_signature(counters):
    f = meshjit.jit(lambda x: x)
    assert f(1).weak_type
    assert not f(np.int32(1)).weak_type
    assert counters["trace"] == 2


def test_pytree_structure_is_part_of_the_signature(counters):
    f = meshjit.jit(lambda t: t[0] + t[1])
    f((np.ones(2, f32), np.ones(2, f32)))
    f([np.ones(2, f32), np.ones(2, f32)])
    assert counters["trace"] == 2


def test_lower_then_call_reuses_the_executable(counters):
    f = meshjit.jit(lambda x: x - 1)
    compiled = f.lower(ShapeDtypeStruct((3,), f32)).compile()
    assert counters["compile"] == 1
    np.testing.assert_array_equal(np.asarray(f(np.ones(3, f32))), [0, 0, 0])
    np.testing.assert_array_equal(np.asarray(compiled(np.ones(3, f32))), [0, 0, 0])
    assert (counters["trace"], counters["lower"], counters["compile"]) == (1, 1, 1)


def test_eager_ops_are_cached(counters):
    x = np.ones(5, f32)
    jnp.sin(x)
    compiles = counters["compile"]
    jnp.sin(x + 1)
    assert counters["compile"] == compiles


# ---------------------------------------------------------------------------------------------
# Lowered.


def test_lowered_text():
    def scale_and_sum(x, y):
        return (x * y).sum(axis=0)

    lowered = meshjit.jit(scale_and_sum).lower(
        ShapeDtypeStruct((8, 2), f32), ShapeDtypeStruct((8, 2), f32)
    )
    mlir = lowered.as_text()
    assert mlir.startswith("module @jit_scale_and_sum")
    assert "mhlo.num_partitions" in mlir and "mhlo.num_replicas = 1 : i32" in mlir
    assert re.search(
        r"func\.func public @main\(%arg0: tensor<8x2xf32>, %arg1: tensor<8x2xf32>\) -> "
        r"tensor<2xf32>",
        mlir,
    )
    assert "stablehlo.multiply %arg0, %arg1" in mlir
    assert "stablehlo.reduce" in mlir
    assert "loc(" not in mlir
    assert [str(a) for a in lowered.in_avals] == ["ShapedArray(f32[8,2])"] * 2
    assert lowered.out_avals[0].shape == (2,)


def test_lowered_module_verifies_and_reparses():
    lowered = meshjit.jit(lambda x: jnp.exp(x).max()).lower(np.ones((3, 3), f32))
    module = lowered.compiler_ir()
    assert module.operation.verify()
    with shared_context():
        reparsed = ir.Module.parse(lowered.as_text())
        assert reparsed.operation.verify()
        assert str(reparsed) == lowered.as_text()
    assert lowered.as_bytecode().startswith(b"ML\xefR")


def test_debug_info_names_the_source_line():
    def f(x):
        y = jnp.sin(x)  # L:sin
        return y * 2.0  # L:mul

    text = meshjit.jit(f).lower(ShapeDtypeStruct((4,), f32)).as_text(debug_info=True)
    assert "loc(" in text
    locs = dict(re.findall(r"^(#loc\d+) = (.*)$", text, re.M))
    sin_loc = re.search(r"stablehlo\.sine .* loc\((#loc\d+)\)", text).group(1)
    mul_loc = re.search(r"stablehlo\.multiply .* loc\((#loc\d+)\)", text).group(1)

    def file_line(alias):
        inner = re.search(r'"(\w+)"\((#loc\d+)\)', locs[alias])
        target = locs[inner.group(2)]
        match = re.search(r'"([^"]+)":(\d+)', target)
        return inner.group(1), os.path.basename(match.group(1)), int(match.group(2))

    assert file_line(sin_loc) == ("sin", _FILE, _line("L:sin"))
    assert file_line(mul_loc) == ("mul", _FILE, _line("L:mul"))


def test_lower_accepts_arrays_scalars_and_pytrees():
    lowered = meshjit.jit(lambda d, s: d["a"] * s).lower({"a": np.ones((2,), i32)}, 3)
    assert "func.func public @main(%arg0: tensor<2xi32>, %arg1: tensor<i32>)" in lowered.as_text()
    sds = ShapeDtypeStruct((2, 2), np.float64)
    assert "tensor<2x2xf32>" in meshjit.jit(lambda x: x).lower(sds).as_text()
    assert repr(ShapeDtypeStruct((2,), f32)) == "ShapeDtypeStruct(shape=(2,), dtype=float32)"


# ---------------------------------------------------------------------------------------------
# Compiled.


def test_compiled_object():
    compiled = (
        meshjit.jit(lambda x, y: jnp.tanh(x @ y))
        .lower(ShapeDtypeStruct((4, 8), f32), ShapeDtypeStruct((8, 2), f32))
        .compile()
    )
    x, y = np.full((4, 8), 0.1, f32), np.full((8, 2), 0.2, f32)
    np.testing.assert_allclose(np.asarray(compiled(x, y)), np.tanh(x @ y), rtol=1e-6)
    hlo = compiled.as_text()
    assert hlo.startswith("HloModule jit__lambda_") and "ENTRY" in hlo
    assert "f32[4,8]" in hlo and "f32[8,2]" in hlo
    cost = compiled.cost_analysis()
    assert cost["flops"] >= 2 * 4 * 8 * 2
    memory = compiled.memory_analysis()
    assert memory.argument_size_in_bytes == (4 * 8 + 8 * 2) * 4
    assert memory.output_size_in_bytes == 4 * 2 * 4


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


# ---------------------------------------------------------------------------------------------
# Eager mode.


def test_eager_numpy_ops_return_arrays():
    out = jnp.add(np.arange(3), 1)
    assert isinstance(out, meshjit.Array)
    assert out.dtype == i32 and out.shape == (3,)
    np.testing.assert_array_equal(np.asarray(out), [1, 2, 3])
    m = jnp.matmul(np.ones((2, 3), f32), np.ones((3,), f32))
    np.testing.assert_array_equal(np.asarray(m), [3.0, 3.0])
    z = jnp.zeros((2, 2), jnp.int8)
    assert isinstance(z, meshjit.Array) and z.dtype == np.int8
    s = jnp.asarray([1.0, 2.0]) * 2
    assert isinstance(s, meshjit.Array)
    np.testing.assert_array_equal(np.asarray(s), [2.0, 4.0])
    r = jnp.arange(4).reshape(2, 2).T
    np.testing.assert_array_equal(np.asarray(r), [[0, 2], [1, 3]])
