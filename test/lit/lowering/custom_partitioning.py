# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.custom_partitioning import custom_partitioning
from meshjit.sharding import Mesh, NamedSharding
from meshjit.sharding import PartitionSpec as P

mesh = Mesh(np.array(meshjit.devices()).reshape(4, 2), ("x", "y"))


def lower(f, *shapes, **rule):
    cp = custom_partitioning(f)
    cp.def_partition(partition=None, **rule)
    in_shardings = tuple(NamedSharding(mesh, P()) for _ in shapes)
    args = [meshjit.ShapeDtypeStruct(s, np.float32) for s in shapes]
    print(meshjit.jit(cp, in_shardings=in_shardings).lower(*args).as_text())


# CHECK-LABEL: module @jit_batched
# CHECK: stablehlo.custom_call @CustomSPMDPartitioning(%arg0) {api_version = 2 : i32, backend_config = "{{.*}}", sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, j, k]) {i=2, j=8, k=4}, custom>}
def batched(x):
    return jnp.fft.fft(x).real


lower(batched, (2, 8, 4), sharding_rule="... i -> ... i")


# CHECK-LABEL: module @jit_contract
# CHECK: stablehlo.custom_call @CustomSPMDPartitioning(%arg0, %arg1)
# CHECK-SAME: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=4, k=16} reduction={j}, custom>
def contract(a, b):
    return a @ b


lower(contract, (8, 4), (4, 16), sharding_rule="i k, k j -> i j", reduction_factors=("k",))


# CHECK-LABEL: module @jit_split
# CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=8, j=4} need_replication={j}, custom>
def split(x):
    return x.reshape(8, 4)


lower(split, (32,), sharding_rule="(i j) -> i j", need_replication_factors=("j",))


# No rule: the call has none, and nothing propagates through it.
# CHECK-LABEL: module @jit_opaque
# CHECK: stablehlo.custom_call @CustomSPMDPartitioning(%arg0) {api_version = 2 : i32, backend_config = "{{[^"]*}}"} :
def opaque(x):
    return x + 1


lower(opaque, (8,))
