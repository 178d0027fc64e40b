# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


def f32(*shape):
    return meshjit.ShapeDtypeStruct(shape, np.float32)


# CHECK-LABEL: module @jit_broadcast_in_dim
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<4x1xf32>) -> tensor<2x4x3xf32>
# CHECK: return %[[B]]
def broadcast_in_dim(x):
    return lax.broadcast_in_dim(x, (2, 4, 3), (1, 2))


lower(broadcast_in_dim, f32(4, 1))


# NumPy broadcasting expands size-1 dims in place with one broadcast_in_dim.
# CHECK-LABEL: module @jit_numpy_broadcast
# CHECK-NOT: stablehlo.reshape
# CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
# CHECK: stablehlo.add %arg0, %[[B]] : tensor<4x3xf32>
def numpy_broadcast(x, y):
    return x + y


lower(numpy_broadcast, f32(4, 3), f32(1, 3))


# CHECK-LABEL: module @jit_reshape_transpose
# CHECK: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<4x3xf32>) -> tensor<2x6xf32>
# CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
# CHECK: return %[[R]], %[[T]]
def reshape_transpose(x):
    return jnp.reshape(x, (2, -1)), x.T


lower(reshape_transpose, f32(4, 3))


# squeeze and expand_dims are reshapes / broadcasts.
# CHECK-LABEL: module @jit_squeeze_expand
# CHECK: %[[S:.*]] = stablehlo.reshape %arg0 : (tensor<1x4x1xf32>) -> tensor<4xf32>
# CHECK: %[[E:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
# CHECK: return %[[E]]
def squeeze_expand(x):
    return jnp.expand_dims(jnp.squeeze(x), 1)


lower(squeeze_expand, f32(1, 4, 1))


# CHECK-LABEL: module @jit_concatenate
# CHECK: %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 1 : (tensor<4x3xf32>, tensor<4x2xf32>, tensor<4x3xf32>) -> tensor<4x8xf32>
# CHECK: return %[[C]]
def concatenate(x, y):
    return jnp.concatenate([x, y, x], axis=-1)


lower(concatenate, f32(4, 3), f32(4, 2))


# CHECK-LABEL: module @jit_pad
# CHECK: %[[V:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
# Negative low padding with interior padding: pad the positive parts, then slice (XLA's
# partitioner aborts on the one-op form on a sharded dim).
# CHECK: %[[P:.*]] = stablehlo.pad %arg0, %[[V]], low = [1, 0], high = [2, 0], interior = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<7x5xf32>
# CHECK: %[[S:.*]] = stablehlo.slice %[[P]] [0:7, 1:5] : (tensor<7x5xf32>) -> tensor<7x4xf32>
# CHECK: return %[[S]]
def pad(x):
    return lax.pad(x, 0.0, [(1, 2, 0), (-1, 0, 1)])


lower(pad, f32(4, 3))


# CHECK-LABEL: module @jit_slice
# CHECK: %[[S:.*]] = stablehlo.slice %arg0 [1:3, 0:3:2] : (tensor<4x3xf32>) -> tensor<2x2xf32>
# CHECK: %[[SPLIT0:.*]] = stablehlo.slice %arg0 [0:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
# CHECK: %[[SPLIT1:.*]] = stablehlo.slice %arg0 [2:4, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
# CHECK: return %[[S]], %[[SPLIT0]], %[[SPLIT1]]
def slice(x):
    return lax.slice(x, (1, 0), (3, 3), (1, 2)), *jnp.split(x, 2)


lower(slice, f32(4, 3))


# Python start indices become i32 constants next to the traced ones; a traced start counts from
# the end when negative (i < 0 ? i + 4 : i), as in JAX's jaxpr, and the lowering clamps it so
# the window fits (XLA would clamp too, but its partitioner offsets sharded results from the
# unclamped start); an in-range literal start is used as it is.
# CHECK-LABEL: module @jit_dynamic_slices
# CHECK: func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<i32>)
# CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[NEG:.*]] = stablehlo.compare LT, %arg1, %[[ZERO]], SIGNED
# CHECK: %[[FOUR:.*]] = stablehlo.constant dense<4> : tensor<i32>
# CHECK: %[[WRAPPED:.*]] = stablehlo.add %arg1, %[[FOUR]]
# CHECK: %[[WRAP:.*]] = stablehlo.select %[[NEG]], %[[WRAPPED]], %arg1
# CHECK: %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i32>
# CHECK: %[[LOW:.*]] = stablehlo.constant dense<0> : tensor<i32>
# CHECK: %[[TWO:.*]] = stablehlo.constant dense<2> : tensor<i32>
# CHECK: %[[START:.*]] = stablehlo.clamp %[[LOW]], %[[WRAP]], %[[TWO]] : tensor<i32>
# CHECK: %[[DS:.*]] = stablehlo.dynamic_slice %arg0, %[[START]], %[[ONE]], sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
# CHECK: %[[UPD:.*]] = stablehlo.broadcast_in_dim {{.*}} -> tensor<1x3xf32>
# CHECK: stablehlo.select
# CHECK: %[[THREE:.*]] = stablehlo.constant dense<3> : tensor<i32>
# CHECK: %[[START2:.*]] = stablehlo.clamp %{{.*}}, %{{.*}}, %[[THREE]]
# CHECK: %[[DUS:.*]] = stablehlo.dynamic_update_slice %arg0, %[[UPD]], %[[START2]], %[[ZERO]] : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
# CHECK: return %[[DS]], %[[DUS]]
def dynamic_slices(x, i):
    return (
        lax.dynamic_slice(x, (i, 1), (2, 2)),
        lax.dynamic_update_slice(x, jnp.zeros((1, 3)), (i, 0)),
    )


lower(dynamic_slices, f32(4, 3), meshjit.ShapeDtypeStruct((), np.int32))


# CHECK-LABEL: module @jit_iota
# CHECK: %[[A:.*]] = stablehlo.iota dim = 0 : tensor<5xi32>
# CHECK: %[[B:.*]] = stablehlo.iota dim = 1 : tensor<2x3xf32>
# CHECK: return %[[A]], %[[B]]
def iota():
    return jnp.arange(5), lax.broadcasted_iota(np.float32, (2, 3), 1)


lower(iota)
