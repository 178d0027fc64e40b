# "Distributed computing in Pallas for TPUs" (JAX docs): remote DMAs, semaphores and barriers
# between the devices of a shard_map, run by TPU interpret mode (`pltpu.InterpretParams`) on CPU.
import functools
import jax
from jax import lax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

num_devices = jax.local_device_count()
mesh = jax.make_mesh((num_devices,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
partition = P("x", None)

input_arr2 = jax.device_put(jax.random.uniform(jax.random.key(0), (8, 128 * num_devices)),
                            jax.sharding.NamedSharding(mesh, P(None, 'x')))

def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  remote_copy_op.start()
  remote_copy_op.wait()

out_shape = jax.ShapeDtypeStruct((8, 128), jnp.float32)
grid_spec = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)], out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 2))
right_permute = pl.pallas_call(right_permute_kernel, out_shape=out_shape, grid_spec=grid_spec, interpret=pltpu.InterpretParams())
pallas_result = jax.jit(jax.shard_map(right_permute, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x'), check_vma=False))(input_arr2)
perm = tuple((src, (src + 1) % num_devices) for src in range(num_devices))
xla_result = jax.jit(jax.shard_map(lambda x: lax.ppermute(x, 'x', perm), mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x')))(input_arr2)
print('Difference: ', jnp.mean(jnp.abs(pallas_result - xla_result)))

# all_gather by a ring of remote copies
def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy_slot = my_id - outer_step
  copy_slot = lax.rem(copy_slot + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_copy_op = pltpu.make_async_copy(src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot], dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem, recv_sem=recv_sems.at[outer_step],
      device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  remote_copy_op.start()
  remote_copy_op.wait()

out_shape = jax.ShapeDtypeStruct((num_devices, 8, 128), jnp.float32)
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((num_devices - 1,))]),
    grid=(num_devices - 1,))
all_gather = pl.pallas_call(all_gather_kernel, out_shape=out_shape, grid_spec=grid_spec,
                            interpret=pltpu.InterpretParams())
input_arr = jax.random.uniform(jax.random.key(0), shape=(8 * num_devices, 128))
input_arr = jax.device_put(input_arr, jax.sharding.NamedSharding(mesh, partition))
pallas_result = jax.jit(jax.shard_map(all_gather, mesh=mesh, in_specs=partition,
                                      out_specs=partition, check_vma=False))(input_arr)
print('Input: ', input_arr.shape, input_arr[::8, 0])
print('Pallas Result: ', pallas_result.shape, pallas_result[:, 0, 0])
xla_result = jax.jit(jax.shard_map(lambda x: lax.all_gather(x, 'x'), mesh=mesh,
                                   in_specs=partition, out_specs=partition, check_vma=False))(input_arr)
print('XLA Result: ', xla_result.shape, xla_result[:, 0, 0])
print('Difference: ', jnp.mean(jnp.abs(pallas_result - xla_result)))

# all-reduce with a barrier and double buffering
def local_barrier(left_neighbor, right_neighbor, double_barrier=True):
  barrier_sem = pltpu.get_barrier_semaphore()
  for neighbor in [left_neighbor, right_neighbor]:
    pl.semaphore_signal(barrier_sem, inc=1, device_id=(neighbor,), device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_wait(barrier_sem, 2)
  if double_barrier:
    @functools.partial(pl.run_scoped, second_barrier=pltpu.SemaphoreType.REGULAR)
    def _(second_barrier):
      for neighbor in [left_neighbor, right_neighbor]:
        pl.semaphore_signal(second_barrier, inc=1, device_id=(neighbor,), device_id_type=pl.DeviceIdType.MESH)
      pl.semaphore_wait(second_barrier, 2)

def all_reduce_kernel(x_ref, o_ref, hbm_scratch, copy_sem, remote_recv_sem, remote_send_sem,
                      capacity_sem, receive_scratch):
  outer_step = pl.program_id(0)
  working_slot = lax.rem(outer_step, 2)
  receiving_slot = 1 - working_slot
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  left_neighbor = lax.rem(my_id - 1 + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_barrier(left_neighbor, right_neighbor)
    o_ref[...] = jnp.zeros_like(o_ref)
    receive_scratch[...] = jnp.zeros_like(receive_scratch)
    initial_copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=hbm_scratch.at[working_slot], send_sem=remote_send_sem,
        recv_sem=remote_recv_sem, device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
    initial_copy.start()
    initial_copy.wait()

  pl.semaphore_signal(capacity_sem, inc=1, device_id=(left_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  local_copy = pltpu.make_async_copy(src_ref=hbm_scratch.at[working_slot], dst_ref=receive_scratch, sem=copy_sem)
  local_copy.start()
  pl.semaphore_wait(capacity_sem, 1)
  remote_copy = pltpu.make_async_remote_copy(
      src_ref=hbm_scratch.at[working_slot], dst_ref=hbm_scratch.at[receiving_slot],
      send_sem=remote_send_sem, recv_sem=remote_recv_sem,
      device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  remote_copy.start()
  local_copy.wait()
  o_ref[...] += receive_scratch[...]
  remote_copy.wait_send()
  remote_copy.wait_recv()

out_shape = (jax.ShapeDtypeStruct((8, 128), jnp.float32),
             jax.ShapeDtypeStruct((2, 8, 128), jnp.float32))
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pl.ANY)],
    grid=(num_devices,),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 3 + [pltpu.SemaphoreType.REGULAR]
                    + [pltpu.VMEM((8, 128), jnp.float32)]))
kernel = pl.pallas_call(all_reduce_kernel, out_shape=out_shape, grid_spec=grid_spec,
                        interpret=pltpu.InterpretParams(),
                        compiler_params=pltpu.CompilerParams(collective_id=0))
pallas_result = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=partition,
                                      out_specs=partition, check_vma=False))(input_arr)
pallas_result = jax.block_until_ready(pallas_result)[0]

def lax_sum(x):
  return lax.psum(x, 'x')
xla_result = jax.jit(jax.shard_map(lax_sum, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x')))(input_arr)
print('Input = ', input_arr[0, ::128])
print('Pallas result = ', pallas_result[0, ::128])
print('lax.psum result = ', xla_result[0, ::128])
print('Difference |Pallas - lax.psum| = ', jnp.max(jnp.abs(pallas_result - xla_result)))
