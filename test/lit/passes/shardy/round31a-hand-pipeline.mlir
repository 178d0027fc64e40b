// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 31a: hand cases of session 37 (Shardy's pipeline), each checked against jaxlib's Shardy
// by tests/passes/shardy/test_fidelity.py. Themes and case counts:
//   call results resharded to a declared callee result (campaign 73672)   3
//   groups holding a manual computation's result, nested manual bodies (campaign 74013)   2
//   call results declared on another mesh, replicated or not (campaign 73872)   3
//   a constant expression split per use inside both branches of an if (campaign 36320)   1
// A callee declares a result sharding ("c" on a dim of 1) its returned argument never had ("b" from the caller): export makes both even (unsharded), and the call result is resharded to the declared "c" before the group's "b" (campaign 73672, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee28(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK-LABEL: func.func {{(private )?}}@callee28(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]> : tensor<8x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<8x1xf32>
// CHECK: %2 = call @callee30(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"c"}]> : tensor<8x1xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{}, {"b"}]> : tensor<8x1xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x1xf32>) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  return %farg0 : tensor<8x1xf32>
}
func.func private @callee28(%farg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>}) -> (tensor<8x1xf32>) {
  %call34 = func.call @callee30(%farg0) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  sdy.sharding_group %call34 group_id=0 : tensor<8x1xf32>
  sdy.sharding_group %farg0 group_id=0 : tensor<8x1xf32>
  return %call34 : tensor<8x1xf32>
}
func.func @main(%arg1: tensor<8x1xf32>) -> (tensor<8x1xf32>) {
  %call35 = func.call @callee28(%arg1) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  return %call35 : tensor<8x1xf32>
}

// -----

// The same without a group: the call result's user (a negate) reads it resharded to the declared "c".
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee30(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"c"}]> : tensor<8x1xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x1xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x1xf32>) -> (tensor<8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  return %farg0 : tensor<8x1xf32>
}
func.func @main(%arg1: tensor<8x1xf32>  {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b", ?}]>}) -> (tensor<8x1xf32>) {
  %call35 = func.call @callee30(%arg1) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %v = stablehlo.negate %call35 : tensor<8x1xf32>
  return %v : tensor<8x1xf32>
}

// -----

// A declared callee result ("b" on a dim of 2) its returned argument has too: both made even to "b":(1)2, no reshard after the call.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b":(1)2}]> : tensor<8x2xf32>
// CHECK: %1 = call @callee30(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(1)2}]>]>} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee30(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(1)2}]>}) {
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=2, "d"=2]>
func.func private @callee30(%farg0: tensor<8x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  return %farg0 : tensor<8x2xf32>
}
func.func @main(%arg1: tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  %call35 = func.call @callee30(%arg1) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %v = stablehlo.negate %call35 : tensor<8x2xf32>
  return %v : tensor<8x2xf32>
}

// -----

// A group holds a manual computation's result and a barrier reading it; the body returns a nested manual computation's result, sharded "c" on a dim the outer out_sharding closes: the group syncs the barrier to the outer result's local sharding ("d" only), not to the body's returned value (campaign 74013, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<3x512x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}, {}]>] out_shardings=[<@mesh, [{}, {"a", "d"}, {}]>] manual_axes={"a"} (%arg1: tensor<3x16x4xf32>) {
// CHECK: %2 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {}, {"c"}]>] out_shardings=[<@mesh, [{}, {"d"}, {"c"}]>] manual_axes={"c", "d"} (%arg2: tensor<3x16x2xf32>) {
// CHECK: %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}, {}]>]>} %0 : tensor<3x512x4xf32>
sdy.mesh @mesh = <["a"=4, "c"=2, "d"=8]>
func.func @main(%arg6: tensor<12x16x4xf32>) -> (tensor<3x512x4xf32>) {
  %mc18 = sdy.manual_computation(%arg6) in_shardings=[<@mesh, [{"a"}, {}, {}]>] out_shardings=[<@mesh, [{?}, {"a", ?}, {}]>] manual_axes={"a"} (%m9: tensor<3x16x4xf32>) {
    %mc17 = sdy.manual_computation(%m9) in_shardings=[<@mesh, [{}, {}, {"c"}]>] out_shardings=[<@mesh, [{}, {"d", ?}, {"c"}]>] manual_axes={"c", "d"} (%m12: tensor<3x16x2xf32>) {
      sdy.return %m12 : tensor<3x16x2xf32>
    } : (tensor<3x16x4xf32>) -> tensor<3x128x4xf32>
    sdy.return %mc17 : tensor<3x128x4xf32>
  } : (tensor<12x16x4xf32>) -> tensor<3x512x4xf32>
  %ob19 = stablehlo.optimization_barrier %mc18 : tensor<3x512x4xf32>
  sdy.sharding_group %ob19 group_id=1 : tensor<3x512x4xf32>
  sdy.sharding_group %mc18 group_id=1 : tensor<3x512x4xf32>
  return %ob19 : tensor<3x512x4xf32>
}

// -----

// The same with the outer out_sharding open on that dim and a negate as the other member, read by an exponential: the negate takes "d" from the group, its reader too.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<3x512x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {"c"}]>}, tensor<3x512x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}, {}]>] out_shardings=[<@mesh, [{}, {"a", "d"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<3x16x4xf32>) {
// CHECK: %3 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {}, {"c"}]>] out_shardings=[<@mesh, [{}, {"d"}, {"c"}]>] manual_axes={"c", "d"} (%arg2: tensor<3x16x2xf32>) {
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}, {"c"}]>]>} : tensor<3x512x4xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"d"}, {"c"}]>]>} : tensor<3x512x4xf32>
sdy.mesh @mesh = <["a"=4, "c"=2, "d"=8]>
func.func @main(%arg6: tensor<12x16x4xf32>) -> (tensor<3x512x4xf32>, tensor<3x512x4xf32>) {
  %mc18 = sdy.manual_computation(%arg6) in_shardings=[<@mesh, [{"a"}, {}, {}]>] out_shardings=[<@mesh, [{?}, {"a", ?}, {?}]>] manual_axes={"a"} (%m9: tensor<3x16x4xf32>) {
    %mc17 = sdy.manual_computation(%m9) in_shardings=[<@mesh, [{}, {}, {"c"}]>] out_shardings=[<@mesh, [{}, {"d", ?}, {"c"}]>] manual_axes={"c", "d"} (%m12: tensor<3x16x2xf32>) {
      sdy.return %m12 : tensor<3x16x2xf32>
    } : (tensor<3x16x4xf32>) -> tensor<3x128x4xf32>
    sdy.return %mc17 : tensor<3x128x4xf32>
  } : (tensor<12x16x4xf32>) -> tensor<3x512x4xf32>
  %n = stablehlo.negate %mc18 : tensor<3x512x4xf32>
  sdy.sharding_group %n group_id=1 : tensor<3x512x4xf32>
  sdy.sharding_group %mc18 group_id=1 : tensor<3x512x4xf32>
  %e = stablehlo.exponential %n : tensor<3x512x4xf32>
  return %n, %e : tensor<3x512x4xf32>, tensor<3x512x4xf32>
}

// -----

// A callee declares its result replicated on another mesh (@mesh1) and returns a manual computation's replicated result on @mesh: nothing moves, so no reshard after the call (campaign 73872, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = call @callee8(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<3x12xf32>) -> tensor<3x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<3x12xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<3x12xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=8]>
sdy.mesh @mesh1 = <["a"=1, "b"=4]>
func.func private @callee8(%farg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {?}]>}) {
  %mc13 = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%m10: tensor<3x12xf32>) {
    sdy.return %m10 : tensor<3x12xf32>
  } : (tensor<3x12xf32>) -> tensor<3x12xf32>
  return %mc13 : tensor<3x12xf32>
}
func.func @main(%arg3: tensor<3x12xf32>) -> (tensor<3x12xf32>) {
  %call14 = func.call @callee8(%arg3) : (tensor<3x12xf32>) -> tensor<3x12xf32>
  %v16 = stablehlo.exponential %call14 : tensor<3x12xf32>
  return %v16 : tensor<3x12xf32>
}

// -----

// The same with the manual computation's out_sharding "a" on a dim of 3, which export makes even (unsharded): the call result is resharded to the declared @mesh1 one.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = call @callee8(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<3x12xf32>) -> tensor<3x12xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh1, [{}, {}]> : tensor<3x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<3x12xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<3x12xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=8]>
sdy.mesh @mesh1 = <["a"=1, "b"=4]>
func.func private @callee8(%farg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {?}]>}) {
  %mc13 = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"b"} (%m10: tensor<3x12xf32>) {
    sdy.return %m10 : tensor<3x12xf32>
  } : (tensor<3x12xf32>) -> tensor<3x12xf32>
  return %mc13 : tensor<3x12xf32>
}
func.func @main(%arg3: tensor<3x12xf32>) -> (tensor<3x12xf32>) {
  %call14 = func.call @callee8(%arg3) : (tensor<3x12xf32>) -> tensor<3x12xf32>
  %v16 = stablehlo.exponential %call14 : tensor<3x12xf32>
  return %v16 : tensor<3x12xf32>
}

// -----

// The declared result on @mesh1 shards "b": the call result is resharded to it.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{}, {}]>}) {
// CHECK: %0 = call @callee8(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<3x12xf32>) -> tensor<3x12xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh1, [{"b"}, {}]> : tensor<3x12xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"b"}, {}]>]>} : tensor<3x12xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee8(
// CHECK-SAME: %arg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<3x12xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<3x12xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=8]>
sdy.mesh @mesh1 = <["a"=1, "b"=4]>
func.func private @callee8(%farg0: tensor<3x12xf32>) -> (tensor<3x12xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"b"}, {?}]>}) {
  %mc13 = sdy.manual_computation(%farg0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%m10: tensor<3x12xf32>) {
    sdy.return %m10 : tensor<3x12xf32>
  } : (tensor<3x12xf32>) -> tensor<3x12xf32>
  return %mc13 : tensor<3x12xf32>
}
func.func @main(%arg3: tensor<3x12xf32>) -> (tensor<3x12xf32>) {
  %call14 = func.call @callee8(%arg3) : (tensor<3x12xf32>) -> tensor<3x12xf32>
  %v16 = stablehlo.exponential %call14 : tensor<3x12xf32>
  return %v16 : tensor<3x12xf32>
}

// -----

// A negated constant read in both branches of an if, constrained in the first: the splitter's copies follow their uses in program order (the first branch's first), as Shardy's (campaign 36320, extended, reduced).
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} dense<1.000000e+00> : tensor<12x16xf32>
// CHECK: %1 = sdy.constant dense<1.000000e+00> : tensor<12x16xf32>
// CHECK: %2 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<12x16xf32>
// CHECK: %4 = sdy.constant dense<true> : tensor<i1>
// CHECK: %7 = sdy.reshard %2 <@mesh, [{"a"}, {"c"}]> : tensor<12x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
func.func @main(%arg8: tensor<16x12x4xf32>) -> (tensor<16x4xf32>) {
  %c2 = stablehlo.constant dense<1.000000e+00> : tensor<12x16xf32>
  %v4 = stablehlo.negate %c2 : tensor<12x16xf32>
  %c5 = stablehlo.constant dense<true> : tensor<i1>
  %if6 = "stablehlo.if"(%c5) ({
    %v7 = sdy.sharding_constraint %v4 <@mesh, [{"a"}, {"c", ?}]> : tensor<12x16xf32>
    stablehlo.return %v7 : tensor<12x16xf32>
  }, {
    stablehlo.return %v4 : tensor<12x16xf32>
  }) : (tensor<i1>) -> tensor<12x16xf32>
  %v9 = stablehlo.dot_general %if6, %arg8, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<12x16xf32>, tensor<16x12x4xf32>) -> tensor<16x4xf32>
  return %v9 : tensor<16x4xf32>
}
