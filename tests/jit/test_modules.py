"""Embedding: load_module / compile_module on modules from outside meshjit's tracing, and
passes.propagated (issue 18 items 1-3)."""

import numpy as np
import pytest
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

import meshjit
import meshjit.numpy as jnp
from meshjit import passes
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

MESH = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(meshjit.sharding.AxisType.Auto,) * 2)
X = np.random.default_rng(0).standard_normal((16, 8)).astype(np.float32)
W = np.random.default_rng(1).standard_normal((8, 4)).astype(np.float32)
WANT = np.tanh(X @ W).sum(1)


def layer(x, w):
    return jnp.tanh(x @ w).sum(1)


def plain_text() -> str:
    return meshjit.jit(layer).lower(X, W).as_text()


def sharded_text() -> str:
    s = NamedSharding(MESH, P("x", None))
    return meshjit.jit(layer, in_shardings=(s, None)).lower(X, W).as_text()


def close(out):
    np.testing.assert_allclose(np.asarray(out), WANT, rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# load_module


def test_load_text_bytecode_vhlo_and_modules():
    text = plain_text()
    module = meshjit.load_module(text)
    with module.context:
        import io

        buf = io.BytesIO()
        module.operation.write_bytecode(buf)
    vhlo = stablehlo.serialize_portable_artifact_str(text, stablehlo.get_minimum_version())
    for src in [text, buf.getvalue(), vhlo, module]:
        loaded = meshjit.load_module(src)
        assert "func.func public @main" in str(loaded) and "vhlo." not in str(loaded)
        assert loaded is not module


def test_load_bad_inputs_are_clear_errors():
    with pytest.raises(meshjit.MeshjitValueError, match="not a valid module"):
        meshjit.load_module("func.func @main( {")
    with pytest.raises(meshjit.MeshjitTypeError, match="takes StableHLO text"):
        meshjit.load_module(42)
    vhlo = stablehlo.serialize_portable_artifact_str(plain_text(), stablehlo.get_minimum_version())
    with meshjit.load_module(plain_text()).context:
        vhlo_text = str(ir.Module.parse(vhlo))  # VHLO printed as text: no artifact framing
    with pytest.raises(meshjit.MeshjitValueError, match="VHLO"):
        meshjit.load_module(vhlo_text)
    with pytest.raises(meshjit.MeshjitValueError, match="VHLO artifact"):
        meshjit.load_module(vhlo[:40])


# ---------------------------------------------------------------------------------------------
# compile_module


def test_a_module_without_mesh_gets_the_mesh_and_shardings_given():
    c = meshjit.compile_module(
        plain_text(), mesh=MESH, in_shardings=(P("x", None), P(None, "y")), out_shardings=P("x")
    )
    out = c(X, W)
    close(out)
    assert out.sharding == NamedSharding(MESH, P("x"))
    assert c.input_shardings[0].spec == P("x") and c.input_shardings[1].spec == P(None, "y")
    assert [a.str_short() for a in c.in_avals] == ["f32[16,8]", "f32[8,4]"]
    assert c.out_avals[0].shape == (16,)
    assert "sdy.mesh @mesh" in c.as_text("module") and "all-reduce" in c.as_text()
    assert c.memory_analysis().argument_size_in_bytes > 0 and "flops" in c.cost_analysis()


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_a_sharded_module_in_every_propagation_mode(propagation):
    c = meshjit.compile_module(sharded_text(), propagation=propagation)
    out = c(meshjit.device_put(X, NamedSharding(MESH, P("x"))), W)
    close(out)
    assert isinstance(out.sharding, NamedSharding) and out.sharding.mesh.axis_names == ("x", "y")


def test_device_ids_of_the_module_mesh_are_honoured():
    text = sharded_text().replace(
        'sdy.mesh @mesh = <["x"=4, "y"=2]>',
        'sdy.mesh @mesh = <["x"=4, "y"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>',
    )
    out = meshjit.compile_module(text)(X, W)
    close(out)
    first = out.addressable_shards[0]
    assert first.device.id == 7 and first.index == (slice(0, 4),)


def test_the_module_passed_in_is_not_changed():
    module = meshjit.load_module(plain_text())
    before = str(module)
    meshjit.compile_module(module, mesh=MESH, in_shardings=P("x"), donate_argnums=0)
    assert str(module) == before


def test_donation():
    text = meshjit.jit(lambda x: x * 2).lower(X).as_text()
    c = meshjit.compile_module(text, mesh=MESH, in_shardings=P("x"), donate_argnums=(0,))
    a = meshjit.device_put(X, NamedSharding(MESH, P("x")))
    np.testing.assert_array_equal(np.asarray(c(a)), X * 2)
    assert a.is_deleted() and c.memory_analysis().alias_size_in_bytes > 0


def test_bad_calls_and_modules_are_clear_errors():
    c = meshjit.compile_module(plain_text())
    with pytest.raises(meshjit.MeshjitTypeError, match="takes 2 argument"):
        c(X)
    with pytest.raises(meshjit.MeshjitTypeError, match=r"argument 1 must be f32\[8,4\]"):
        c(X, W[:4])
    dynamic = plain_text().replace("tensor<16x8xf32>", "tensor<?x8xf32>", 1)
    with pytest.raises(meshjit.MeshjitValueError):
        meshjit.compile_module(dynamic)
    with pytest.raises(meshjit.MeshjitValueError, match="need a mesh"):
        meshjit.compile_module(plain_text(), in_shardings=P("x"))
    with pytest.raises(meshjit.MeshjitValueError, match="differs from the module's meshes"):
        meshjit.compile_module(sharded_text(), mesh=meshjit.make_mesh((8,), ("d",)))
    with pytest.raises(meshjit.MeshjitValueError, match="out of range"):
        meshjit.compile_module(plain_text(), donate_argnums=2)
    with pytest.raises(meshjit.MeshjitValueError, match="no @main"):
        meshjit.compile_module(plain_text().replace("public @main", "private @other"))
    renamed = plain_text().replace("@main", "@entry")  # the one public function is the entry
    close(meshjit.compile_module(renamed)(X, W))


# ---------------------------------------------------------------------------------------------
# passes.propagated: one XLA-ready path


@pytest.mark.parametrize("propagation", ["meshjit", "shardy"])
def test_propagated_returns_a_new_xla_ready_module(propagation):
    text = (
        meshjit.jit(
            lambda x, w: x @ w,
            in_shardings=(NamedSharding(MESH, P("x", "y")), NamedSharding(MESH, P("y", None))),
        )
        .lower(X, W)
        .as_text()
    )
    ready = passes.propagated(text, propagation=propagation)
    assert isinstance(ready, str) and "sdy.reshard" not in ready and "sharding_constraint" in ready
    module = meshjit.load_module(text)
    again = passes.propagated(module, propagation=propagation)
    assert isinstance(again, ir.Module) and str(module) != str(again)
    out = meshjit.compile_module(ready, propagation="xla")(X, W)
    np.testing.assert_allclose(np.asarray(out), X @ W, rtol=1e-5, atol=1e-5)


# ---------------------------------------------------------------------------------------------
# Foreign constructs (issue 18 item 5): tests/jit/fixtures/foreign


FOREIGN = __import__("pathlib").Path(__file__).parent / "fixtures" / "foreign"


def foreign(name: str) -> str:
    return (FOREIGN / f"{name}.mlir").read_text()


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_named_computation_is_propagated_through_like_a_call(propagation):
    out = meshjit.compile_module(foreign("named_computation"), propagation=propagation)(
        np.full((8, 4), 3, np.float32)
    )
    np.testing.assert_array_equal(np.asarray(out), np.full((8, 4), 18, np.float32))
    assert out.sharding.spec == P("data")


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_maximal_sharding_is_kept(propagation):
    c = meshjit.compile_module(foreign("maximal_sharding"), propagation=propagation)
    doubled, square = c(np.ones((8, 4), np.float32))
    np.testing.assert_array_equal(np.asarray(doubled), np.full((8, 4), 2, np.float32))
    assert float(np.asarray(square)) == 32.0**2


def test_a_host_callback_is_refused_at_compile_time():
    with pytest.raises(meshjit.MeshjitValueError, match="Python host callback"):
        meshjit.compile_module(foreign("jax_debug_print"))


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_unreduced_axes_a_manual_computation_lacks_are_a_clear_error(propagation):
    # XLA's sdy import aborted the whole process (a CHECK) on this module.
    with pytest.raises(meshjit.MeshjitValueError, match=r'unreduced axes .* manual axes \("b"\)'):
        meshjit.compile_module(foreign("unreduced_manual"), propagation=propagation)


def test_gspmd_shardings_are_reported():
    with pytest.raises(meshjit.MeshjitValueError, match="GSPMD shardings .*@Sharding"):
        meshjit.compile_module(foreign("gspmd"))
    with pytest.raises(passes.PropagationError, match="GSPMD shardings"):
        passes.propagate(meshjit.load_module(foreign("gspmd")))


def test_a_complex_module_compiles_and_runs():
    z = np.array([1, 1j, 2 - 1j], np.complex64)
    text = meshjit.jit(lambda a: a * (1 + 2j)).lower(z).as_text()
    out = meshjit.compile_module(text)(z)
    np.testing.assert_allclose(np.asarray(out), z * (1 + 2j), rtol=1e-6)
