# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4,), np.float32)
xs = meshjit.ShapeDtypeStruct((5, 4), np.float32)
b = meshjit.ShapeDtypeStruct((), np.bool_)
i32 = meshjit.ShapeDtypeStruct((), np.int32)


# TEST: cond is a stablehlo.case on the pred converted to i32; region 0 is the false branch.
# CHECK-LABEL: module @jit_cond
# CHECK: func.func public @main(%arg0: tensor<i1>, %arg1: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"})
# CHECK: %[[IDX:.*]] = stablehlo.convert %arg0 : (tensor<i1>) -> tensor<i32>
# CHECK: %[[CASE:.*]] = "stablehlo.case"(%[[IDX]]) ({
# CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %arg1 : tensor<4xf32>
# CHECK-NEXT: stablehlo.return %[[NEG]] : tensor<4xf32>
# CHECK-NEXT: }, {
# CHECK: %[[MUL:.*]] = stablehlo.multiply %arg1, %{{.*}} : tensor<4xf32>
# CHECK-NEXT: stablehlo.return %[[MUL]] : tensor<4xf32>
# CHECK-NEXT: }) : (tensor<i32>) -> tensor<4xf32>
# CHECK: return %[[CASE]]
def cond(p, x):
    return lax.cond(p, lambda v: v * 2.0, lambda v: -v, x)


lower(cond, b, f32)


# TEST: switch clamps the index into [0, n - 1], then one region per branch.
# CHECK-LABEL: module @jit_switch
# CHECK: %[[LO:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[HI:.*]] = stablehlo.constant dense<2> : tensor<i32>
# CHECK: %[[IDX:.*]] = stablehlo.clamp %[[LO]], %arg0, %[[HI]] : tensor<i32>
# CHECK: "stablehlo.case"(%[[IDX]]) ({
# CHECK-NEXT: stablehlo.return %arg1
# CHECK: }, {
# CHECK: stablehlo.add %arg1
# CHECK: }, {
# CHECK: stablehlo.negate %arg1
# CHECK: }) : (tensor<i32>) -> tensor<4xf32>
def switch(k, x):
    return lax.switch(k, [lambda v: v, lambda v: v + 1.0, lambda v: -v], x)


lower(switch, i32, f32)


# TEST: while_loop threads the body's captured value (y) through the carry, ahead of x.
# CHECK-LABEL: module @jit_while_loop
# CHECK: %[[W:.*]]:2 = stablehlo.while(%[[Y:.*]] = %arg1, %[[X:.*]] = %arg0) : tensor<4xf32>, tensor<4xf32>
# CHECK-NEXT: cond {
# CHECK: stablehlo.reduce(%[[X]] init:
# CHECK: %[[LT:.*]] = stablehlo.compare LT
# CHECK-NEXT: stablehlo.return %[[LT]] : tensor<i1>
# CHECK-NEXT: } do {
# CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[X]], %[[Y]] : tensor<4xf32>
# CHECK-NEXT: stablehlo.return %[[Y]], %[[M]] : tensor<4xf32>, tensor<4xf32>
# CHECK: return %[[W]]#1
def while_loop(x, y):
    return lax.while_loop(lambda v: v.sum() < 100.0, lambda v: v * y, x)


lower(while_loop, f32, f32)


# TEST: fori_loop with a traced bound: a while carrying (i, upper, x).
# CHECK-LABEL: module @jit_fori_loop
# CHECK: %[[LO:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[W:.*]]:3 = stablehlo.while(%[[I:.*]] = %[[LO]], %[[N:.*]] = %arg0, %[[X:.*]] = %arg1)
# CHECK-NEXT: cond {
# CHECK-NEXT: %[[LT:.*]] = stablehlo.compare LT, %[[I]], %[[N]], SIGNED
# CHECK-NEXT: stablehlo.return %[[LT]]
# CHECK: } do {
# CHECK: %[[NEXT:.*]] = stablehlo.add %[[I]], %{{.*}} : tensor<i32>
# CHECK: %[[SUM:.*]] = stablehlo.add %[[X]], %{{.*}} : tensor<4xf32>
# CHECK-NEXT: stablehlo.return %[[NEXT]], %[[N]], %[[SUM]]
# CHECK: return %[[W]]#2
def fori_loop(n, x):
    return lax.fori_loop(0, n, lambda k, v: v + k, x)


lower(fori_loop, i32, f32)


# TEST: fori_loop with static bounds is a scan: a while on a counter against the trip count.
# CHECK-LABEL: module @jit_static_fori_loop
# CHECK: stablehlo.while
# CHECK-NEXT: cond {
# CHECK-NEXT: %[[TRIPS:.*]] = stablehlo.constant dense<3> : tensor<i32>
# CHECK-NEXT: stablehlo.compare LT, %{{.*}}, %[[TRIPS]], SIGNED
def static_fori_loop(x):
    return lax.fori_loop(2, 5, lambda k, v: v + k, x)


lower(static_fori_loop, f32)


# TEST: scan carries (i, carry, xs, ys): dynamic_slice of xs and dynamic_update_slice of ys
# at index 4 - i (reverse).
# CHECK-LABEL: module @jit_scan
# CHECK: %[[YS0:.*]] = stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
# CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[W:.*]]:4 = stablehlo.while(%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %arg0, %[[XS:.*]] = %arg1, %[[YS:.*]] = %[[YS0]])
# CHECK: cond {
# CHECK: %[[LEN:.*]] = stablehlo.constant dense<5> : tensor<i32>
# CHECK-NEXT: stablehlo.compare LT, %[[I]], %[[LEN]], SIGNED
# CHECK: } do {
# CHECK-NEXT: %[[LAST:.*]] = stablehlo.constant dense<4> : tensor<i32>
# CHECK-NEXT: %[[IDX:.*]] = stablehlo.subtract %[[LAST]], %[[I]] : tensor<i32>
# CHECK: %[[ROW:.*]] = stablehlo.dynamic_slice %[[XS]], %[[IDX]], %{{.*}}, sizes = [1, 4]
# CHECK-NEXT: %[[X:.*]] = stablehlo.reshape %[[ROW]] : (tensor<1x4xf32>) -> tensor<4xf32>
# CHECK-NEXT: %[[NEWC:.*]] = stablehlo.add %[[C]], %[[X]]
# CHECK-NEXT: %[[Y:.*]] = stablehlo.multiply %[[C]], %[[X]]
# CHECK-NEXT: %[[YROW:.*]] = stablehlo.reshape %[[Y]] : (tensor<4xf32>) -> tensor<1x4xf32>
# CHECK: %[[NEWYS:.*]] = stablehlo.dynamic_update_slice %[[YS]], %[[YROW]], %[[IDX]], %{{.*}}
# CHECK: %[[NEXT:.*]] = stablehlo.add %[[I]], %{{.*}} : tensor<i32>
# CHECK-NEXT: stablehlo.return %[[NEXT]], %[[NEWC]], %[[XS]], %[[NEWYS]]
# CHECK: return %[[W]]#1, %[[W]]#3
def scan(c, xs):
    return lax.scan(lambda c, x: (c + x, c * x), c, xs, reverse=True)


lower(scan, f32, xs)
