"""meshjit.compiler.sparse: jax.experimental.sparse in meshjit (BCOO, sparsify, BCSR), one file
per family: `bcoo` (the class), `bcoo_dense` (to / from dense), `bcoo_indices` (sorting,
duplicates, layouts), `bcoo_dot` (products), `bcoo_shapes` (shape ops), `transform`
(sparsify), `api` (empty / eye / todense), `random` (random_bcoo)."""
