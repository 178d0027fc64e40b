"""meshjit.compiler.random: JAX's counter-based PRNG (threefry2x32) and its samplers, giving JAX
0.10.2's bits with `jax_threefry_partitionable=True`.

- `threefry`: the hash primitive and its lowering;
- `prng`: seed, split, fold_in and bits on raw uint32 key data (JAX's counter layout);
- `keys`: typed keys (a pytree over their data) and the key check of every public function;
- `api`: the public key functions;
- `samplers`, `discrete`, `gamma`, `multivariate`: the distributions, JAX's algorithms op for
  op; `gamma_grad`: the implicit derivative of gamma draws;
- `util`: shape and dtype checks.
"""
