"""The public jit API: calling jit, its caches, the staged objects (Lowered / Compiled), eager mode."""

import functools
import os
import re

import numpy as np
import pytest
from jaxlib.mlir import ir

import meshjit
import meshjit.numpy as jnp
from meshjit import ShapeDtypeStruct, lax
from meshjit.dialects.context import shared_context
from meshjit.sharding import PartitionSpec as P

f32, i32 = np.float32, np.int32
_FILE = os.path.basename(__file__)
_SOURCE = open(__file__).read().splitlines()


def _line(marker: str) -> int:
    hits = [i + 1 for i, text in enumerate(_SOURCE) if text.rstrip().endswith(f"# {marker}")]
    assert len(hits) == 1, marker
    return hits[0]


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
    assert repr(f).startswith("<PjitFunction of <function test_jit_decorator_forms.<locals>.f at")


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


def test_eager_loops_compile_once(counters):
    """An eager loop's functions are traced anew on each call; its jit is cached on the
    jaxprs' structure (jit/eager.py), also for a loop over a mutable ref."""
    r = meshjit.new_ref(jnp.zeros(()))

    def body(c):
        r[...] += 1.0
        return c + 1

    def loops():
        lax.while_loop(lambda c: c < 3, body, 0)
        lax.fori_loop(0, 3, lambda i, c: c + i, 0.0)
        lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3))

    loops()
    compiles = counters["compile"]
    loops()
    assert counters["compile"] == compiles
    assert float(r[...]) == 6.0


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
        r'\(tensor<2xf32> \{jax.result_info = "result"\}\)',
        mlir,
    )
    assert "stablehlo.multiply %arg0, %arg1" in mlir
    assert "stablehlo.reduce" in mlir
    assert "loc(" not in mlir
    # JAX: the tree of the (args, kwargs) avals
    assert repr(lowered.in_avals) == "((ShapedArray(float32[8,2]), ShapedArray(float32[8,2])), {})"
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
        inner = re.search(r'"([\w()/]+)"\((#loc\d+)\)', locs[alias])
        target = locs[inner.group(2)]
        match = re.search(r'"([^"]+)":(\d+)', target)
        return inner.group(1), os.path.basename(match.group(1)), int(match.group(2))

    assert file_line(sin_loc) == ("jit(f)/sin", _FILE, _line("L:sin"))  # JAX's name stack
    assert file_line(mul_loc) == ("jit(f)/mul", _FILE, _line("L:mul"))


def test_lower_accepts_arrays_scalars_and_pytrees():
    lowered = meshjit.jit(lambda d, s: d["a"] * s).lower({"a": np.ones((2,), i32)}, 3)
    assert "func.func public @main(%arg0: tensor<2xi32>, %arg1: tensor<i32>)" in lowered.as_text()
    sds = ShapeDtypeStruct((2, 2), np.float64)
    assert "tensor<2x2xf32>" in meshjit.jit(lambda x: x).lower(sds).as_text()
    assert repr(ShapeDtypeStruct((2,), f32)) == "ShapeDtypeStruct(shape=(2,), dtype=float32)"
    weak = meshjit.jit(lambda x, y: 2 * x + y).eval_shape(1.0, 2.0)
    assert repr(weak) == "ShapeDtypeStruct(shape=(), dtype=float32, weak_type=True)"


def test_jitted_eval_shape_keeps_static_arguments_static():
    f = meshjit.jit(lambda x, n, *, scale: scale * x**n, static_argnums=1, static_argnames="scale")
    got = f.eval_shape(ShapeDtypeStruct((2,), f32), 3, scale=2.0)
    assert repr(got) == "ShapeDtypeStruct(shape=(2,), dtype=float32)"


def test_shape_dtype_struct_equality_hash_and_update():
    sds = ShapeDtypeStruct((3, 4), np.int8)
    assert sds == ShapeDtypeStruct((3, 4), jnp.int8) and sds != ShapeDtypeStruct((3,), np.int8)
    assert len({sds, ShapeDtypeStruct((3, 4), np.int8)}) == 1 and len(sds) == 3
    assert repr(sds.update(shape=(5,))) == "ShapeDtypeStruct(shape=(5,), dtype=int8)"
    assert sds.update(dtype=np.float16, weak_type=True).weak_type
    assert sds.update(dtype=np.float16).dtype == np.float16 and sds.shape == (3, 4)


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
    assert hlo.startswith("HloModule jit__lambda,") and "ENTRY" in hlo
    assert "f32[4,8]" in hlo and "f32[8,2]" in hlo
    cost = compiled.cost_analysis()
    assert cost["flops"] >= 2 * 4 * 8 * 2
    memory = compiled.memory_analysis()
    assert memory.argument_size_in_bytes == (4 * 8 + 8 * 2) * 4
    assert memory.output_size_in_bytes == 4 * 2 * 4


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


def test_float64_numpy_const_in_a_transpose_lowers_as_float32():
    """A float64 NumPy constant reached by a transpose rule is lowered in its var's type."""

    def f(u):
        return (
            meshjit.lax.dynamic_update_slice(np.zeros(8, np.float32), u, (2,)) * np.arange(8.0)
        ).sum()

    got = meshjit.jit(meshjit.grad(f))(np.ones(3, np.float32))
    np.testing.assert_array_equal(got, [2.0, 3.0, 4.0])


def test_jit_made_again_for_the_same_function_reuses_its_trace(capsys):
    """As JAX's caches are keyed by the function: the sharp-bits example prints once per type."""
    import functools

    import meshjit
    import meshjit.numpy as jnp

    def impure(x):
        print("Executing function")
        return x

    meshjit.jit(impure)(4.0)
    meshjit.jit(impure)(5.0)
    meshjit.jit(impure)(jnp.array([5.0]))
    assert capsys.readouterr().out.count("Executing function") == 2
    meshjit.jit(functools.partial(impure))(1.0)
    meshjit.jit(functools.partial(impure))(1.0)  # a new partial object: traced again, as JAX
    assert capsys.readouterr().out.count("Executing function") == 2
    assert float(meshjit.jit(impure, static_argnums=0)(3.0)) == 3.0  # other options: own trace
    assert capsys.readouterr().out.count("Executing function") == 1


# -- jit's placement and compilation options (JAX 0.10.2's signature) --------------------------


def test_inline_puts_the_functions_equations_in_the_caller():
    inner = meshjit.jit(lambda y: y * 2, inline=True)
    text = str(meshjit.make_jaxpr(lambda x: inner(x) + 1)(1.0))
    assert "jit" not in text and "mul a 2.0:f32[]" in text  # JAX prints the same jaxpr
    assert "jit[" in str(meshjit.make_jaxpr(lambda x: meshjit.jit(lambda y: y * 2)(x) + 1)(1.0))
    assert float(meshjit.jit(lambda x: inner(x) + 1)(3.0)) == 7.0


def test_device_commits_the_arguments_and_runs_there():
    device = meshjit.devices()[3]
    with pytest.warns(DeprecationWarning, match="backend and device argument on jit is deprecated"):
        f = meshjit.jit(lambda x, n: x * n, device=device, static_argnums=1)
    out = f(np.arange(4, dtype=np.float32), 3)
    assert out.devices() == {device}
    np.testing.assert_array_equal(np.asarray(out), np.arange(4) * 3)


def test_single_device_shardings_run_the_program_on_their_device():
    """As JAX: in_/out_shardings that are SingleDeviceShardings of one device run the program
    there (arguments moved, as device= moves them); meshjit refused them."""
    from meshjit.sharding import SingleDeviceSharding

    device = meshjit.devices()[3]
    x = np.arange(4, dtype=np.float32)
    f = meshjit.jit(lambda v: v * 2, out_shardings=SingleDeviceSharding(device))
    out = f(x)
    assert out.sharding == SingleDeviceSharding(device) and out.committed
    g = meshjit.jit(lambda v: v * 2, in_shardings=SingleDeviceSharding(device))
    out = g(meshjit.device_put(x, meshjit.devices()[1]))
    assert out.devices() == {device}
    np.testing.assert_array_equal(np.asarray(out), x * 2)


def test_backend_and_keep_unused():
    f = meshjit.jit(lambda x, unused: x + 1, backend="cpu", keep_unused=True)
    assert float(f(1.0, 2.0)) == 2.0
    with pytest.raises(RuntimeError, match="Unknown backend: 'gpu' requested"):
        meshjit.jit(lambda x: x, backend="gpu")
    with pytest.raises(ValueError, match="then out_shardings should not be specified"):
        meshjit.jit(lambda x: x, device=meshjit.devices()[0], out_shardings=P())


def test_unused_arguments_are_dropped_unless_keep_unused():
    """As JAX (keep_unused=False by default): the module takes only the arguments it uses
    (after dead code is dropped), the compiled input_shardings say None for the others, a
    donated unused argument is not donated, export records the kept ones; keep_unused=True
    keeps them all. meshjit kept every argument."""

    def f(x, y, z):
        return x + z

    def main_args(fun, *args):
        text = fun.lower(*args).as_text()
        return re.search(r"func\.func public @main\((.*?)\) ->", text).group(1).count("%arg")

    x = np.ones(4, np.float32)
    assert main_args(meshjit.jit(f), x, x, x) == 2
    assert main_args(meshjit.jit(f, keep_unused=True), x, x, x) == 3
    assert main_args(meshjit.jit(lambda a, b: (jnp.sin(b), a)[1]), x, x) == 1  # dead code
    compiled = meshjit.jit(f).lower(x, x, x).compile()
    (s0, s1, s2), _ = compiled.input_shardings
    assert s1 is None and s0 == s2 == meshjit.sharding.SingleDeviceSharding(meshjit.devices()[0])
    np.testing.assert_array_equal(compiled(x, x, x), 2 * x)
    donating = meshjit.jit(f, donate_argnums=(0, 1))
    assert "buffer_donor" not in donating.lower(x, x, x).as_text().split("%arg1")[1][:40]
    a, b = jnp.ones(4), jnp.ones(4)
    np.testing.assert_array_equal(donating(a, b, x), 2 * x)
    assert a.is_deleted() and not b.is_deleted()  # as JAX's
    exported = meshjit.export.export(meshjit.jit(f))(x, x, x)
    assert exported.module_kept_var_idx == (0, 2)
    np.testing.assert_array_equal(exported.call(x, 5 * x, x), 2 * x)
    assert float(meshjit.jit(lambda u, v: 3.0)(1.0, 2.0)) == 3.0


def test_compiler_options_reach_xla():
    f = meshjit.jit(lambda x: x * 2, compiler_options={"xla_cpu_enable_fast_math": True})
    assert float(f(1.5)) == 3.0
    with pytest.raises(RuntimeError, match="No such compile option: 'bogus_flag'"):
        meshjit.jit(lambda x: x * 2, compiler_options={"bogus_flag": True})(1.0)
    lowered = meshjit.jit(lambda x: x * 2).lower(1.0)
    with pytest.raises(RuntimeError, match="bogus_flag"):
        lowered.compile(compiler_options={"bogus_flag": 1})
    assert float(lowered.compile()(np.float32(2.0))) == 4.0


def test_ensure_compile_time_eval_computes_while_tracing():
    seen = {}

    @meshjit.jit
    def f(x):
        with meshjit.ensure_compile_time_eval():
            y = meshjit.numpy.sin(3.0)
            z = meshjit.numpy.arange(4) * 2
        seen["y"], seen["z"] = y, z
        return x + y

    np.testing.assert_allclose(f(1.0), 1.0 + np.sin(np.float32(3.0)), rtol=1e-6)
    assert not isinstance(seen["y"], meshjit.core.Tracer)
    np.testing.assert_array_equal(seen["z"], [0, 2, 4, 6])
    # a traced value used inside stays traced, as under JAX's evaluation context

    @meshjit.jit
    def g(x):
        with meshjit.ensure_compile_time_eval():
            return x * 2

    assert g(1.0) == 2.0


def test_array_item_itemsize_nbytes_to_device_and_namespace():
    x = meshjit.numpy.arange(12.0).reshape(3, 4)
    assert x.item(5) == 5.0 and x.item(2, 3) == 11.0
    assert (x.itemsize, x.nbytes) == (4, 48)
    assert meshjit.ShapeDtypeStruct((2, 3), np.float16).size == 6
    moved = x.to_device(meshjit.devices()[1])
    assert moved.devices() == {meshjit.devices()[1]} and moved.committed
    assert x.__array_namespace__() is meshjit.numpy
    assert x.copy() is not x and not x.copy().committed


def test_make_jaxpr_binds_axis_names_with_axis_env():
    from meshjit import lax

    jaxpr = meshjit.make_jaxpr(lambda x: lax.pmean(x, "i"), axis_env=[("i", 4)])(np.ones(3))
    text = str(jaxpr)
    assert "psum[axes=('i',) axis_index_groups=None] a" in text
    assert "div" in text and "4.0:f32[]" in text  # pmean divides by the axis size
    gathered = meshjit.make_jaxpr(lambda x: lax.all_gather(x, "j"), axis_env=[("i", 4), ("j", 2)])
    assert gathered(np.ones(3, np.float32)).out_avals[0].shape == (2, 3)
    scaled = meshjit.make_jaxpr(lambda x, n: x * n, static_argnums=1, axis_env=[("i", 2)])
    assert "mul a 3.0:f32[]" in str(scaled(np.ones(3, np.float32), 3))
    with pytest.raises(NameError, match="unbound axis name: k"):
        meshjit.make_jaxpr(lambda x: lax.psum(x, "k"), axis_env=[("i", 2)])(1.0)


def test_stages_report_args_info_and_out_info_as_jax():
    # JAX: args_info mirrors the (args, kwargs) call without static arguments, each leaf an
    # ArgInfo(_aval=..., donated=...); Traced has out_info as Lowered and Compiled do
    fn = meshjit.jit(lambda x, n, *, z: (x * n, z.sum()), donate_argnums=0, static_argnums=1)
    traced = fn.trace(jnp.ones(3), 2, z=jnp.ones((2, 2), i32))
    args, kwargs = traced.args_info
    assert repr(args[0]) == "ArgInfo(_aval=ShapedArray(float32[3]), donated=True)"
    assert (kwargs["z"].shape, kwargs["z"].dtype, kwargs["z"].donated) == ((2, 2), i32, False)
    lowered = traced.lower()
    assert lowered.args_info == traced.args_info == lowered.compile().args_info
    assert [(o.shape, o.dtype) for o in traced.out_info] == [((3,), f32), ((), i32)]
    plain = meshjit.jit(lambda x: x).trace(jnp.ones(2)).args_info
    assert repr(plain) == "((ArgInfo(_aval=ShapedArray(float32[2]), donated=False),), {})"


def test_args_info_of_typed_keys_is_one_arg_info_of_a_key_aval():
    # JAX 0.10.2 prints exactly this; meshjit printed a key array wrapped around its data's
    # ArgInfo (Array((2,), dtype=key<fry>) overlaying: ArgInfo(_aval=ShapedArray(uint32[2,2])...)
    fn = meshjit.jit(lambda k, x: meshjit.random.normal(k[0], (3,)) + x, donate_argnums=1)
    lowered = fn.lower(meshjit.random.split(meshjit.random.key(0)), jnp.ones(3))
    assert repr(lowered.args_info) == (
        "((ArgInfo(_aval=ShapedArray(key<fry>[2]), donated=False), "
        "ArgInfo(_aval=ShapedArray(float32[3]), donated=True)), {})"
    )
    # in_avals is the tree of their avals on every stage, as JAX's
    assert repr(lowered.in_avals) == "((ShapedArray(key<fry>[2]), ShapedArray(float32[3])), {})"
    assert repr(lowered.compile().in_avals) == repr(fn.trace(*lowered_args()).in_avals)


def lowered_args():
    return meshjit.random.split(meshjit.random.key(0)), jnp.ones(3)


def test_jit_of_none_and_unknown_options_round5():
    with pytest.raises(TypeError, match="Expected a callable value, got None"):
        meshjit.jit(None)
    with pytest.raises(TypeError, match="got an unexpected keyword argument 'static_argnum'"):
        meshjit.jit(lambda x: x, static_argnum=0)
    assert meshjit.jit(static_argnums=0)(lambda n: n + 1)(1) == 2  # still a decorator


def test_module_names_are_jaxs_sanitized_names():
    # As JAX: sanitize("jit(<name>)") without trailing underscores; a partial's function's name.
    import functools

    def named(name):
        def f(x):
            return x

        f.__name__ = name
        return f

    def module(fun):
        return meshjit.jit(fun).lower(1.0).as_text().split()[1]

    assert module(lambda x: x) == "@jit__lambda"
    assert module(functools.partial(lambda x, y: x, y=1)) == "@jit__lambda"
    assert module(named("tail_")) == "@jit_tail"
    assert module(named("f.g")) == "@jit_f.g"
    assert module(named("a<b>c")) == "@jit_a_b_c"


def test_results_carry_jaxs_result_info():
    # As JAX's modules: each result's key path in the output, "result" for a lone array.
    text = meshjit.jit(lambda x: 2 * x).lower(1.0).as_text()
    assert '-> (tensor<f32> {jax.result_info = "result"})' in text
    text = meshjit.jit(lambda x: (x, {"a": x * 2, "b": [x]})).lower(1.0).as_text()
    for name in ("result[0]", "result[1]['a']", "result[1]['b'][0]"):
        assert f'{{jax.result_info = "{name}"}}' in text


def test_traced_fun_name_is_the_function_s_own_name():
    """As JAX's `Traced.fun_name`: the unsanitized name (`<lambda>`), a partial's function's."""

    def mlp(x):
        return x

    assert meshjit.jit(mlp).trace(1.0).fun_name == "mlp"
    assert meshjit.jit(lambda x: x).trace(1.0).fun_name == "<lambda>"
    assert meshjit.jit(functools.partial(mlp)).trace(1.0).fun_name == "mlp"


def test_lowered_as_text_in_the_hlo_dialect():
    """JAX's `lowered.as_text("hlo")` (dialect first, positional) and `compiler_ir("hlo")`."""
    lowered = meshjit.jit(lambda x, y: jnp.sin(x) @ y).lower(jnp.ones((4, 3)), jnp.ones((3, 2)))
    text = lowered.as_text("hlo")
    assert text.startswith("HloModule jit__lambda") and "sine(" in text and "dot(" in text
    assert lowered.compiler_ir("hlo").as_hlo_module().to_string() != ""
    assert "stablehlo.sine" in lowered.as_text("stablehlo")
    with pytest.raises(ValueError, match="unknown dialect"):
        lowered.as_text("mhlo")


def test_shape_dtype_struct_needs_a_dtype():
    # Regression: a dtype of None became float64's NumPy default.
    with pytest.raises(ValueError, match="ShapeDtypeStruct: dtype must be specified"):
        ShapeDtypeStruct((2,), None)


def test_nested_jits_keep_their_names_as_symbols():
    """As JAX 0.10.2's: `@"<lambda>"`, then `@"<lambda>_0"` for a second function of that name
    (meshjit made them plain identifiers, `@_lambda_`)."""
    g, h = meshjit.jit(lambda x: x * 2), meshjit.jit(lambda x: x * 3)
    text = meshjit.jit(lambda x: g(x) + h(x)).lower(1.0).as_text()
    assert 'call @"<lambda>"(' in text and 'call @"<lambda>_0"(' in text
    assert 'func.func private @"<lambda>_0"(' in text
    assert float(meshjit.jit(lambda x: g(x) + h(x))(1.0)) == 5.0


def test_round8_jit_mistakes():
    leaked = []

    def keep(x):
        leaked.append(x)
        return x

    meshjit.jit(keep)(1.0)
    with pytest.raises(meshjit.errors.UnexpectedTracerError, match="unexpected tracer"):
        meshjit.jit(lambda y: y + 1)(leaked[-1])  # a TypeError about its type before
    with pytest.raises(TypeError, match="returned a value of type <class 'numpy.ndarray'>"):
        meshjit.jit(lambda x: np.array([None]))(1.0)
    with pytest.raises(TypeError, match="Expected a callable value, got 1.0") as info:
        meshjit.jit(static_argnums=0)(1.0)
    assert str(info.traceback[-1].path) == __file__  # the decorator is an API boundary
