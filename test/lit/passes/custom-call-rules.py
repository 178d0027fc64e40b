# RUN: %PYTHON -u %s 2>&1 | FileCheck %s
# Custom-call sharding rules registered from Python, used by meshjit-propagate.

from jaxlib.mlir import ir

from meshjit import passes
from meshjit.dialects import make_context

MODULE = """
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @f(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> tensor<16x8xf32> {
  %0 = stablehlo.custom_call @my_transpose(%arg0) : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.custom_call @my_rownorm(%0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
"""


def run(title, **kwargs):
    print(f"TEST: {title}")
    with make_context():
        module = ir.Module.parse(MODULE)
        try:
            passes.propagate(module, **kwargs)
        except passes.PropagationError as e:
            print(f"PropagationError: {e}")
            return
        for line in str(module).splitlines():
            if "custom_call" in line or "func.func" in line:
                print(line.strip())


# Without rules the custom calls are opaque: Shardy-style warning, results replicated.
# CHECK-LABEL: TEST: unregistered
# CHECK: warning: custom_call @my_transpose is unknown to the meshjit sharding rule registry
# CHECK: stablehlo.custom_call @my_transpose(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
run("unregistered")

# A rule as Shardy text, and one built in Python with RuleBuilder (a row-wise op: the
# normalized dim must stay whole).
passes.register_custom_call_rule(
    "my_transpose", "#sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}>"
)


def rownorm_rule(op):
    b = passes.RuleBuilder([2], [2])
    rows, cols = b.factor(16), b.factor(8, "need_replication")
    b.operand(0, 0, rows), b.operand(0, 1, cols)
    b.result(0, 0, rows), b.result(0, 1, cols)
    return b.build()


passes.register_custom_call_rule("my_rownorm", rownorm_rule)

# CHECK-LABEL: TEST: registered
# CHECK: stablehlo.custom_call @my_transpose(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>}
# CHECK: stablehlo.custom_call @my_rownorm(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>}
run("registered")

# The pass prints the registered rules too.
# CHECK-LABEL: TEST: rule table
# CHECK: @my_transpose{{.*}}#sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>
# CHECK: @my_rownorm{{.*}}#sdy.op_sharding_rule<([i, j])->([i, j]) {i=16, j=8} need_replication={j}, custom>
print("TEST: rule table")
with make_context():
    module = ir.Module.parse(MODULE)
    passes.pass_manager_from_text("builtin.module(meshjit-print-sharding-rules)").run(
        module.operation
    )
    print("\n".join(l.strip() for l in str(module).splitlines() if "custom_call" in l))

# A rule whose ranks do not match the op: a clear error naming the target, no traceback.
# CHECK-LABEL: TEST: wrong rank
# CHECK: PropagationError: {{.*}}custom_call @my_transpose: sharding rule does not fit the op: rule maps 3 dims of operand 0, which has rank 2
passes.register_custom_call_rule(
    "my_transpose", "#sdy.op_sharding_rule<([i, j, k])->([j, i]) {i=8, j=16, k=1}>"
)
run("wrong rank")

# The same error through the pass manager: an error diagnostic at the op, pass failure.
# CHECK-LABEL: TEST: wrong rank in a pipeline
# CHECK: error: loc("-":5:8): custom_call @my_transpose: sharding rule does not fit the op
print("TEST: wrong rank in a pipeline")
with make_context():
    module = ir.Module.parse(MODULE)
    try:
        passes.pass_manager_from_text("builtin.module(meshjit-propagate)").run(module.operation)
    except ir.MLIRError as e:
        for d in e.error_diagnostics:
            print(f"error: {d.location}: {d.message}")
passes.unregister_custom_call_rule("my_transpose")
passes.unregister_custom_call_rule("my_rownorm")

# Without a registered rule, the op's own sdy.sharding_rule attribute (what JAX emits on LAPACK
# and custom-partitioning calls) is honoured, as Shardy does; a registered rule still wins.
ATTRIBUTED = """
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @f(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> tensor<16x8xf32> {
  %0 = stablehlo.custom_call @their_transpose(%arg0)
      {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16}, custom>}
      : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
"""


def run_attributed(title):
    print(f"TEST: {title}")
    with make_context():
        module = ir.Module.parse(ATTRIBUTED)
        passes.propagate(module)
        print("\n".join(l.strip() for l in str(module).splitlines() if "custom_call" in l))


# CHECK-LABEL: TEST: attribute rule
# CHECK: stablehlo.custom_call @their_transpose(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {"x"}]>]>
run_attributed("attribute rule")
# CHECK-LABEL: TEST: registered rule wins
# CHECK-NOT: sdy.sharding_per_value
# CHECK: TEST: end
passes.register_custom_call_rule(
    "their_transpose",
    "#sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=16} need_replication={i, j}>",
)
run_attributed("registered rule wins")
passes.unregister_custom_call_rule("their_transpose")
print("TEST: end")
