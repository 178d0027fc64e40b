"""meshjit.compiler.runtime: devices, arrays on them, and running compiled executables.

- `client`: the PJRT CPU client from jaxlib, compiling for a device list, host-to-device copies.
- `array`: `meshjit.Array`, a value on one or more devices.
- `placement`: the NamedSharding of each leaf of a pytree, the jaxlib layout it stands for,
  shards, and moving values between the host and their shards.
- `assignment`: the devices a computation runs on, chosen from its shardings and arguments.
- `dispatch`: an executable with its argument and result layouts, run on a call's arguments;
  the per-function executable caches and their keys.
- `device_put`: `device_put` and `block_until_ready`.

The runtime does not import meshjit.compiler.jit. Below it, it uses the sharding vocabulary
of meshjit.compiler.parallel.sharding, `abstractify` from meshjit.compiler.trace, and the
operator mixin `ArrayMethods` (meshjit.compiler.numpy.array_methods) that Array shares with
tracers.
"""
