"""meshjit-lower and meshjit-opt called in-process: outputs, exit codes, and every error path."""

import os

import pytest

from meshjit.passes import PASSES, PassInfo, fail, pass_manager_from_text
from meshjit.passes.pipeline import parse_pipeline, split_top_level
from meshjit.passes.registry import PassRegistryError
from meshjit.tools import compile as compile_tool
from meshjit.tools import lower, opt
from meshjit.tools.common import ToolError, parse_spec

PROGRAMS = os.path.join(
    os.path.dirname(__file__), "..", "..", "test", "lit", "Inputs", "programs.py"
)

VALID = """\
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
"""


def run_tool(tool, argv, capsys):
    code = tool.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def assert_error(code, err, tool_name, message):
    assert code == 1
    assert err.startswith(f"{tool_name}: error: ")
    assert message in err
    assert "Traceback" not in err


@pytest.fixture
def mlir_file(tmp_path):
    def write(text, name="in.mlir"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return write


# meshjit-lower


def test_lower_stablehlo(capsys):
    code, out, err = run_tool(
        lower,
        [f"{PROGRAMS}:affine", "--arg", "f32[8,16]", "--arg", "f32[16,4]", "--arg", "f32[4]"],
        capsys,
    )
    assert code == 0, err
    assert "func.func public @main(%arg0: tensor<8x16xf32>" in out
    assert "stablehlo.dot_general" in out
    assert "loc(" not in out


def test_lower_sharded_module_then_compile_it(tmp_path, capsys):
    out_file = str(tmp_path / "sharded.mlir")
    code, _, err = run_tool(
        lower,
        [
            f"{PROGRAMS}:affine",
            "--mesh",
            "data=4,model=2",
            "--arg",
            "f32[8@data,16]",
            "--arg",
            "f32[16,4@model]",
            "--arg",
            "f32[4]",
            "-o",
            out_file,
        ],
        capsys,
    )
    assert code == 0, err
    text = open(out_file).read()
    assert 'sdy.mesh @mesh = <["data"=4, "model"=2]>' in text
    assert '#sdy.sharding<@mesh, [{}, {"model"}]>' in text
    code, out, err = run_tool(compile_tool, [out_file, "--run", "--repeat", "2"], capsys)
    assert code == 0, err
    assert "devices: 8" in out and "argument 1: f32[16,4] P(None, 'model')" in out
    assert "run: median" in out


def test_spec_notation():
    from meshjit.sharding import PartitionSpec as P

    assert parse_spec("data,_", None) == P("data", None)
    assert parse_spec("(data,model),_", None) == P(("data", "model"), None)
    assert parse_spec("", None) == P() and parse_spec("-", None) is None
    with pytest.raises(ToolError, match="not in the mesh"):
        parse_spec("zz", meshjit_mesh())


def meshjit_mesh():
    import meshjit

    return meshjit.make_mesh((8,), ("d",))


def test_lower_jaxpr_with_static(capsys):
    argv = [f"{PROGRAMS}:scale", "--arg", "i32[4]", "--static", "factor=3", "--emit", "jaxpr"]
    code, out, _ = run_tool(lower, argv, capsys)
    assert code == 0
    assert "a:i32[4]" in out and "3:i32[]" in out


def test_lower_scalar_and_debug_info(capsys):
    argv = [f"{PROGRAMS}:scale", "--arg", "bf16[]", "--debug-info"]
    code, out, _ = run_tool(lower, argv, capsys)
    assert code == 0
    assert "tensor<bf16>" in out and "programs.py" in out


def test_lower_bytecode_round_trips_through_opt(tmp_path, capsys):
    path = str(tmp_path / "out.mlirbc")
    argv = [f"{PROGRAMS}:scale", "--arg", "f32[2]", "--emit", "bytecode", "-o", path]
    assert run_tool(lower, argv, capsys)[0] == 0
    with open(path, "rb") as f:
        assert f.read(4) == b"ML\xefR"
    code, out, _ = run_tool(opt, [path], capsys)
    assert code == 0
    assert "module @jit_scale" in out and "stablehlo.multiply" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["missing.py:f", "--arg", "f32[2]"], "no such file: 'missing.py'"),
        ([f"{PROGRAMS}:nope"], "has no function 'nope'"),
        ([PROGRAMS], "expected FILE.py:FUNCTION"),
        ([f"{PROGRAMS}:scale", "--arg", "f32(2)"], "malformed --arg 'f32(2)'"),
        ([f"{PROGRAMS}:scale", "--arg", "f32[2,]"], "malformed --arg 'f32[2,]': empty dimension"),
        ([f"{PROGRAMS}:scale", "--arg", "f33[2]"], "unknown dtype 'f33' in --arg 'f33[2]'"),
        ([f"{PROGRAMS}:scale", "--arg", "f32[2]", "--static", "3"], "malformed --static '3'"),
        ([f"{PROGRAMS}:scale"], "cannot call scale(x, *, factor=2)"),
        ([f"{PROGRAMS}:scale", "--arg", "f32[2]", "--static", "size=2"], "cannot call scale"),
        (
            [f"{PROGRAMS}:mismatched", "--arg", "f32[8,16]", "--arg", "f32[8]"],
            "matmul: contracting dimensions differ",
        ),
    ],
)
def test_lower_errors(argv, message, capsys):
    code, out, err = run_tool(lower, argv, capsys)
    assert_error(code, err, "meshjit-lower", message)
    assert out == ""


def test_lower_tracing_error_names_user_line(capsys):
    argv = [f"{PROGRAMS}:mismatched", "--arg", "f32[8,16]", "--arg", "f32[8]"]
    _, _, err = run_tool(lower, argv, capsys)
    assert "programs.py:" in err and "(mismatched)" in err


def test_lower_module_that_fails_to_import(tmp_path, capsys):
    broken = tmp_path / "broken.py"
    broken.write_text("import no_such_module_for_meshjit\n")
    code, _, err = run_tool(lower, [f"{broken}:f"], capsys)
    assert_error(code, err, "meshjit-lower", "failed to load")
    assert "ModuleNotFoundError" in err


# meshjit-opt


def test_opt_round_trip_split(mlir_file, capsys):
    path = mlir_file(VALID + "// -----\n" + VALID.replace("@f", "@g"))
    code, out, _ = run_tool(opt, [path, "-split-input-file"], capsys)
    assert code == 0
    assert out.count("// -----") == 1
    assert "@f" in out.split("// -----")[0] and "@g" in out.split("// -----")[1]


def test_opt_pass_flags_run_in_order(mlir_file, capsys):
    code, out, err = run_tool(opt, [mlir_file(VALID), "--cse", "--meshjit-print-op-stats"], capsys)
    assert code == 0
    assert out.count("stablehlo.add") == 1
    assert "stablehlo.add" in err and ", 1" in err


CALL_INTO_MANUAL = """
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func private @callee(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = stablehlo.abs %arg0 : tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
func.func @main(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> tensor<16x32xf32> {
  %0 = call @callee(%arg0) : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data"} (%a: tensor<4x32xf32>) {
    sdy.return %a : tensor<4x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
"""


def test_opt_propagate_alone_leaves_no_internal_marks(mlir_file, capsys):
    pipeline = "--pass-pipeline=builtin.module(meshjit-propagate{shardy-compatible=true})"
    code, out, _ = run_tool(opt, [mlir_file(CALL_INTO_MANUAL), pipeline], capsys)
    assert code == 0 and "sdy.manual_computation" in out
    assert "meshjit." not in out  # propagation's marks for export are dropped


def test_opt_parse_error_has_file_line(mlir_file, capsys):
    path = mlir_file(VALID + "// -----\nfunc.func @g() {\n  %0 = stablehlo.nope\n}\n")
    code, out, err = run_tool(opt, [path, "--split-input-file"], capsys)
    assert code == 1
    assert f"{path}:9:8: error: custom op 'stablehlo.nope' is unknown" in err
    assert "Traceback" not in err
    assert "@f" in out  # the valid chunk is still printed


def test_opt_verify_diagnostics(mlir_file, capsys):
    bad = (
        "func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  // expected-error @+1 {{expected 2 operands}}\n"
        '  %0 = "stablehlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n'
        "  return %0 : tensor<4xf32>\n}\n"
    )
    path = mlir_file(VALID + "// -----\n" + bad)
    assert run_tool(opt, [path, "-split-input-file", "-verify-diagnostics"], capsys)[0] == 0
    code, _, err = run_tool(opt, [mlir_file(bad.replace("2 operands", "3 operands"))], capsys)
    assert code == 1  # without -verify-diagnostics the error is just an error
    code, _, err = run_tool(
        opt, [mlir_file(bad.replace("2 operands", "3 operands")), "-verify-diagnostics"], capsys
    )
    assert code == 1
    assert "unexpected error: 'stablehlo.add' op expected 2 operands" in err
    assert 'expected error "expected 3 operands" was not produced' in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--pass-pipeline=builtin.module(nope)"], "'nope' does not refer to a registered pass"),
        (["--pass-pipeline=builtin.module(meshjit-nope)"], "'meshjit-nope' does not refer"),
        (["--pass-pipeline=func.func(cse)"], "expected pass pipeline to be wrapped"),
        (["--pass-pipeline=builtin.module(cse", "-cse"], "can't be used with individual pass"),
        (["--pass-pipeline=builtin.module(func.func(meshjit-print-op-stats))"], "top level"),
        (["--pass-pipeline=builtin.module(meshjit-print-op-stats{json=maybe})"], "expected bool"),
        (["--pass-pipeline=builtin.module(meshjit-print-op-stats{json})"], "'option=value'"),
    ],
)
def test_opt_pipeline_errors(argv, message, mlir_file, capsys):
    code, out, err = run_tool(opt, [mlir_file(VALID), *argv], capsys)
    assert_error(code, err, "meshjit-opt", "")
    assert message in err
    assert out == ""


def test_opt_missing_input(capsys):
    code, _, err = run_tool(opt, ["/no/such/file.mlir"], capsys)
    assert_error(code, err, "meshjit-opt", "could not open input file '/no/such/file.mlir'")


def test_opt_help_lists_passes(capsys):
    with pytest.raises(SystemExit) as exit_info:
        opt.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for name in ("meshjit-print-op-stats", "canonicalize", "cse", "sdy-propagation-pipeline"):
        assert f"--{name}" in out


def test_opt_failing_python_pass(mlir_file, capsys, monkeypatch):
    def reject(module_op, pass_):
        fail(pass_, module_op.regions[0].blocks[0].operations[0].location, "rejected by test")

    monkeypatch.setitem(PASSES, "meshjit-test-reject", PassInfo("meshjit-test-reject", "x", reject))
    code, out, err = run_tool(
        opt, [mlir_file(VALID), "--pass-pipeline=builtin.module(meshjit-test-reject)"], capsys
    )
    assert code == 1
    assert "in.mlir:1:1: error: rejected by test" in err
    assert "Traceback" not in err and out == ""


# pass registry and pipeline parsing


def test_split_top_level_respects_nesting():
    text = "a, b{x=1 y={2,3}}, func.func(c, d), e"
    assert split_top_level(text) == ["a", "b{x=1 y={2,3}}", "func.func(c, d)", "e"]


def test_parse_pipeline_entries():
    entries = parse_pipeline("builtin.module(cse, meshjit-print-op-stats{json=true})")
    assert [e.meshjit_name for e in entries] == [None, "meshjit-print-op-stats"]
    assert entries[1].options == (("json", "true"),)


def test_register_pass_requires_prefix():
    from meshjit.passes import register_pass

    with pytest.raises(PassRegistryError, match="start with 'meshjit-'"):
        register_pass("print-op-stats", "x")


def test_pass_manager_from_text_mixes_passes():
    from meshjit.dialects import make_context

    with make_context():
        pm = pass_manager_from_text("builtin.module(func.func(cse), meshjit-print-op-stats)")
    assert "cse" in str(pm) and "meshjit-print-op-stats" in str(pm)


# Errors in the user's program or input that used to end in a traceback or a crash.


def test_lower_reports_an_exception_of_the_users_function_with_its_frames_only(tmp_path, capsys):
    program = tmp_path / "prog.py"
    program.write_text(
        "import meshjit.numpy as jnp\n\n\ndef helper(x):\n    return x + undefined_name\n\n\n"
        "def f(x):\n    return helper(jnp.sin(x))\n"
    )
    code, out, err = run_tool(lower, [f"{program}:f", "--arg", "f32[4]"], capsys)
    assert code == 1 and out == ""
    assert err.startswith("meshjit-lower: error: 'f' raised NameError while being traced\n")
    assert f'File "{program}", line 9, in f' in err
    assert f'File "{program}", line 5, in helper' in err
    assert err.rstrip().endswith("NameError: name 'undefined_name' is not defined")
    # meshjit's own frames are hidden
    assert "compiler" not in err and "tools" not in err.split("\n", 1)[1]


def test_opt_refuses_input_nested_deeper_than_the_parser_can_take(mlir_file, capsys):
    depth = 200_000
    text = "module attributes {a = " + "[" * depth + "]" * depth + "} {}\n"
    code, out, err = run_tool(opt, [mlir_file(text)], capsys)
    assert_error(code, err, "meshjit-opt", f"nests brackets {depth + 1} levels deep (line 1)")


def test_opt_nesting_check_ignores_strings_and_arrows():
    deep_string = '"' + "[" * 5000 + '"'
    opt.check_nesting(f"module attributes {{a = {deep_string}}} {{}}")
    opt.check_nesting("func.func @f() -> () " * 5000)
    with pytest.raises(opt.ToolError, match="1001 levels deep"):
        opt.check_nesting("(" * 1001 + ")" * 1001)


def test_opt_names_a_missing_closing_parenthesis(capsys, mlir_file):
    code, out, err = run_tool(
        opt, [mlir_file(VALID), "--pass-pipeline=builtin.module(canonicalize"], capsys
    )
    assert_error(code, err, "meshjit-opt", "missing 1 closing parenthesis ')'")
