"""meshjit.compiler.jit: from a Python function to a compiled, callable computation.

- `api`: `jit`, `JitFunction` (trace, lower and compile per abstract signature, then hand each
  call to the runtime) and `make_jaxpr`.
- `signature`: a call's abstract signature (statics, leaves, avals, shardings) and cache key.
- `stages`: the staged objects `Traced -> Lowered -> Compiled`, each holding its stage's result.
- `shardings`: in/out_shardings, argument shardings, the shardings constraints name.
- `propagation`: which sharding propagation runs between lowering and XLA.
- `eager`: a primitive applied outside any trace, run as a one-op jit.

Imports point one way: jit uses the runtime (meshjit.compiler.runtime), never the reverse.
"""
