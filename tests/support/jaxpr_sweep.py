"""The printed-jaxpr sweep of the jnp functions JAX jits: `python -m tests.support.jaxpr_sweep
[-v] [NAME ...]` prints `make_jaxpr`'s text of each call under JAX 0.10.2 (a subprocess) and
meshjit, and counts the calls whose text is JAX's; `-v` shows each difference."""

from __future__ import annotations

import json
import subprocess
import sys

_CALLS = r"""
f32 = np.float32
A = np.linspace(0.1, 1.2, 12, dtype=f32).reshape(3, 4)
V = np.linspace(0.1, 1.0, 5, dtype=f32)
M = np.eye(3, dtype=f32) * 2 + 0.1
I = np.arange(6, dtype=np.int32)
K = jax.random.PRNGKey(0)
KT = jax.random.key(0)
KS = jax.random.split(jax.random.key(0), 4)
MB = np.stack([np.eye(4, dtype=f32) * 2 + 0.1, np.eye(4, dtype=f32) - 0.3])
I8 = np.array([[1, -2, 3], [4, 5, -6]], np.int8)
U8 = np.array([[1, 2, 3], [4, 5, 200]], np.uint8)
BL = np.array([[True, False, True], [True, True, False]])
X = np.linspace(-2, 2, 7, dtype=f32)
CALLS = {
    "fmin": (lambda x: jnp.fmin(x, 0.5), A), "fmax": (lambda x: jnp.fmax(x, x), A),
    "trunc": (jnp.trunc, A), "convolve": (lambda v: jnp.convolve(v, v), V),
    "correlate": (lambda v: jnp.correlate(v, v, "full"), V), "rot90": (jnp.rot90, A),
    "flip": (jnp.flip, A), "iscomplex": (jnp.iscomplex, A), "isreal": (jnp.isreal, A),
    "angle": (jnp.angle, A), "diff": (jnp.diff, A), "ediff1d": (jnp.ediff1d, V),
    "gradient": (jnp.gradient, V), "resize": (lambda x: jnp.resize(x, (2, 6)), A),
    "isclose": (lambda x: jnp.isclose(x, 0.5), A), "clip": (lambda x: jnp.clip(x, 0.2, 0.9), A),
    "round": (lambda x: jnp.round(x, 1), A), "around": (jnp.around, A),
    "nan_to_num": (jnp.nan_to_num, A), "allclose": (lambda x: jnp.allclose(x, x), A),
    "unwrap": (jnp.unwrap, V), "pad": (lambda x: jnp.pad(x, 1), A),
    "pad_edge": (lambda x: jnp.pad(x, ((1, 0), (0, 2)), mode="edge"), A),
    "block": (lambda x: jnp.block([[x, x]]), A), "atleast_1d": (jnp.atleast_1d, 2.0),
    "atleast_2d": (jnp.atleast_2d, V), "atleast_3d": (jnp.atleast_3d, A), "i0": (jnp.i0, V),
    "trapezoid": (jnp.trapezoid, V), "tril": (jnp.tril, A), "triu": (jnp.triu, A),
    "trace": (jnp.trace, A), "diagonal": (jnp.diagonal, A), "diag": (jnp.diag, A),
    "append": (lambda x: jnp.append(x, 1.0), V), "cross": (lambda x: jnp.cross(x, x), A[:, :3]),
    "kron": (lambda x: jnp.kron(x, x), V), "vander": (jnp.vander, V),
    "argmax": (jnp.argmax, A), "argmin": (lambda x: jnp.argmin(x, 1), A),
    "nanargmax": (jnp.nanargmax, A), "nanargmin": (jnp.nanargmin, A),
    "roll": (lambda x: jnp.roll(x, 1), A), "rollaxis": (lambda x: jnp.rollaxis(x, 1), A),
    "gcd": (lambda i: jnp.gcd(i, 4), I), "lcm": (lambda i: jnp.lcm(i, 4), I),
    "cov": (jnp.cov, A), "corrcoef": (jnp.corrcoef, A),
    "searchsorted": (lambda v: jnp.searchsorted(v, 0.5), V),
    "digitize": (lambda v: jnp.digitize(v, v), V),
    "piecewise": (lambda v: jnp.piecewise(v, [v < 0.5], [lambda t: t, lambda t: -t]), V),
    "arccosh": (jnp.arccosh, A), "bitwise_count": (jnp.bitwise_count, I), "rint": (jnp.rint, A),
    "copysign": (lambda x: jnp.copysign(x, -1.0), A),
    "floor_divide": (lambda x: jnp.floor_divide(x, 0.3), A),
    "divmod": (lambda x: jnp.divmod(x, 0.3), A), "signbit": (jnp.signbit, A),
    "ldexp": (lambda x: jnp.ldexp(x, 2), A), "frexp": (jnp.frexp, A),
    "remainder": (lambda x: jnp.remainder(x, 0.3), A), "fmod": (lambda x: jnp.fmod(x, 0.3), A),
    "modf": (jnp.modf, A), "isinf": (jnp.isinf, A), "heaviside": (lambda x: jnp.heaviside(x, 0.5), A),
    "hypot": (lambda x: jnp.hypot(x, x), A), "sinc": (jnp.sinc, A),
    "mean": (jnp.mean, A), "average": (jnp.average, A), "var": (jnp.var, A), "std": (jnp.std, A),
    "ptp": (jnp.ptp, A), "count_nonzero": (jnp.count_nonzero, A), "nanmin": (jnp.nanmin, A),
    "nanmax": (jnp.nanmax, A), "nansum": (jnp.nansum, A), "nanprod": (jnp.nanprod, A),
    "nanmean": (jnp.nanmean, A), "nanvar": (jnp.nanvar, A), "nanstd": (jnp.nanstd, A),
    "cumsum": (jnp.cumsum, A), "cumprod": (jnp.cumprod, A), "nancumsum": (jnp.nancumsum, A),
    "nancumprod": (jnp.nancumprod, A), "quantile": (lambda x: jnp.quantile(x, 0.3), A),
    "nanquantile": (lambda x: jnp.nanquantile(x, 0.3), A),
    "percentile": (lambda x: jnp.percentile(x, 30.0), A),
    "nanpercentile": (lambda x: jnp.nanpercentile(x, 30.0), A),
    "median": (jnp.median, A), "nanmedian": (jnp.nanmedian, A),
    "cholesky": (jnp.linalg.cholesky, M), "matrix_power": (lambda m: jnp.linalg.matrix_power(m, 3), M),
    "matrix_rank": (jnp.linalg.matrix_rank, M), "slogdet": (jnp.linalg.slogdet, M),
    "det": (jnp.linalg.det, M), "eigh": (jnp.linalg.eigh, M), "eigvalsh": (jnp.linalg.eigvalsh, M),
    "pinv": (jnp.linalg.pinv, M), "inv": (jnp.linalg.inv, M), "norm": (jnp.linalg.norm, M),
    "qr": (jnp.linalg.qr, M), "solve": (lambda m: jnp.linalg.solve(m, m[0]), M),
    "cond": (jnp.linalg.cond, M), "poly": (jnp.poly, V), "polyval": (lambda v: jnp.polyval(v, 2.0), V),
    "polyadd": (lambda v: jnp.polyadd(v, v[:2]), V), "polyint": (jnp.polyint, V),
    "polyder": (jnp.polyder, V), "polysub": (lambda v: jnp.polysub(v, v[:2]), V),
    "polyfit": (lambda v: jnp.polyfit(v, v, 2), V), "dot": (lambda x: jnp.dot(x, x.T), A),
    "matvec": (lambda x: jnp.matvec(x, x[0]), A), "vecmat": (lambda x: jnp.vecmat(x[:, 0], x), A),
    "sort": (jnp.sort, A), "argsort": (jnp.argsort, A),
    "partition": (lambda v: jnp.partition(v, 2), V), "argpartition": (lambda v: jnp.argpartition(v, 2), V),
    "lexsort": (lambda v: jnp.lexsort((v, v)), V), "take": (lambda x: jnp.take(x, 1, axis=1), A),
    "take_along_axis": (lambda x: jnp.take_along_axis(x, jnp.zeros((3, 1), int), 1), A),
    "linspace": (lambda s: jnp.linspace(s, 2.0, 5), 0.0), "logspace": (lambda s: jnp.logspace(s, 2.0, 5), 0.0),
    "geomspace": (lambda s: jnp.geomspace(s, 2.0, 5), 1.0),
    "in1d": (lambda i: jnp.isin(i, i[:2]), I),
    # round 26: lax ops, nn functions, random samplers, mixed-dtype products
    "exp2": (jnp.exp2, A), "log2": (jnp.log2, A), "logaddexp2": (lambda x: jnp.logaddexp2(x, x), A),
    "tile": (lambda x: jnp.tile(x, (2, 1)), A), "repeat": (lambda x: jnp.repeat(x, 2, axis=0), A),
    "arctan2": (lambda x: jnp.arctan2(x, x), A), "float_power": (lambda x: jnp.float_power(x, 2), A),
    "lax_clamp": (lambda x: jax.lax.clamp(0.2, x, 0.5), A), "lax_erf": (jax.lax.erf, A),
    "lax_digamma": (jax.lax.digamma, A), "lax_integer_pow": (lambda x: jax.lax.integer_pow(x, 3), A),
    "lax_cumlogsumexp": (lambda x: jax.lax.cumlogsumexp(x, axis=1), A),
    "lax_reduce_window": (lambda x: jax.lax.reduce_window(x, 0.0, jax.lax.add, (2, 2), (1, 1), "VALID"), A),
    "lax_conv": (lambda x: jax.lax.conv(x[None, None], jnp.ones((1, 1, 2, 2)), (1, 1), "SAME"), A),
    "lax_sort_multi": (lambda x: jax.lax.sort((x, x), num_keys=1), A),
    "lax_dynamic_update_slice": (lambda x: jax.lax.dynamic_update_slice(x, x[:1], (1, 0)), A),
    "dot_mixed": (lambda x: jnp.dot(x.astype(jnp.bfloat16), x.T, preferred_element_type=jnp.float32), A),
    "matmul_int_float": (lambda i: jnp.matmul(i.reshape(2, 3), np.ones((3, 2), f32)), I),
    "nn_gelu": (jax.nn.gelu, A), "nn_gelu_exact": (lambda x: jax.nn.gelu(x, approximate=False), A),
    "nn_silu": (jax.nn.silu, A), "nn_softplus": (jax.nn.softplus, A), "nn_elu": (jax.nn.elu, A),
    "nn_selu": (jax.nn.selu, A), "nn_celu": (jax.nn.celu, A), "nn_logsumexp": (jax.nn.logsumexp, A),
    "nn_standardize": (jax.nn.standardize, A), "nn_log_sigmoid": (jax.nn.log_sigmoid, A),
    "nn_glu": (jax.nn.glu, A), "nn_mish": (jax.nn.mish, A), "nn_squareplus": (jax.nn.squareplus, A),
    "random_uniform": (lambda k: jax.random.uniform(k, (3,)), K),
    "random_normal": (lambda k: jax.random.normal(k, (3,)), K),
    "random_bernoulli": (lambda k: jax.random.bernoulli(k, 0.3, (3,)), K),
    "random_split": (jax.random.split, K), "random_fold_in": (lambda k: jax.random.fold_in(k, 3), K),
    # round 27: transforms of small functions, typed keys, samplers, shard_map, custom rules
    "grad_tanh": (jax.grad(lambda x: jnp.tanh(x).sum()), A),
    "value_and_grad": (jax.value_and_grad(lambda x: (x ** 2).mean()), A),
    "grad_of_grad": (jax.grad(jax.grad(lambda s: jnp.sin(s) * s)), 0.5),
    "vmap_dot": (jax.vmap(lambda v: jnp.dot(v, v)), A),
    "vmap_grad": (jax.vmap(jax.grad(lambda v: jnp.sum(v ** 3))), A),
    "jacfwd": (jax.jacfwd(lambda v: jnp.sin(v) * v), V),
    "jacrev": (jax.jacrev(lambda v: jnp.sin(v) * v), V),
    "hessian": (jax.hessian(lambda v: jnp.sum(v ** 3)), V),
    "scan_cumsum": (lambda v: jax.lax.scan(lambda c, x: (c + x, c * x), 0.0, v), V),
    "grad_scan": (jax.grad(lambda v: jax.lax.scan(lambda c, x: (c * x, None), 1.0, v)[0]), V),
    "fori_loop": (lambda v: jax.lax.fori_loop(0, 3, lambda i, c: c * 2.0 + i, v), V),
    "while_loop": (lambda s: jax.lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, s), 1.0),
    "lax_cond": (lambda s: jax.lax.cond(s > 0, jnp.sin, jnp.cos, s), 0.5),
    "switch": (lambda s: jax.lax.switch(1, [jnp.sin, jnp.cos, jnp.tanh], s), 0.5),
    "grad_cond": (jax.grad(lambda s: jax.lax.cond(s > 0, jnp.sin, jnp.cos, s)), 0.5),
    "vmap_cond": (jax.vmap(lambda s: jax.lax.cond(s > 0.5, jnp.sin, jnp.cos, s)), V),
    "checkpoint": (jax.grad(lambda x: jax.checkpoint(lambda y: jnp.sin(jnp.sin(y)))(x).sum()), A),
    "custom_jvp": (jax.grad(lambda x: jax.nn.relu(x).sum()), A),
    "custom_jvp_call": (jax.nn.relu, A), "nn_softmax": (jax.nn.softmax, A),
    "nn_log_softmax": (jax.nn.log_softmax, A), "nn_one_hot": (lambda i: jax.nn.one_hot(i, 6), I),
    "nn_sigmoid": (jax.nn.sigmoid, A), "nn_relu6": (jax.nn.relu6, A),
    "nn_leaky_relu": (jax.nn.leaky_relu, A), "nn_hard_tanh": (jax.nn.hard_tanh, A),
    "grad_softmax": (jax.grad(lambda x: jax.nn.softmax(x)[0, 0]), A),
    "random_typed_key": (lambda k: jax.random.normal(jax.random.wrap_key_data(k), (2,)), K),
    "random_randint": (lambda k: jax.random.randint(k, (3,), 0, 5), K),
    "random_categorical": (lambda k: jax.random.categorical(k, jnp.zeros(4)), K),
    "random_permutation": (lambda k: jax.random.permutation(k, 5), K),
    "random_choice": (lambda k: jax.random.choice(k, 5, (2,)), K),
    "random_truncated_normal": (lambda k: jax.random.truncated_normal(k, -1.0, 1.0, (2,)), K),
    "random_exponential": (lambda k: jax.random.exponential(k, (2,)), K),
    "random_key_seed": (lambda s: jax.random.key_data(jax.random.split(jax.random.key(s))), 3),
    "stop_gradient": (lambda x: jax.lax.stop_gradient(x) * x, A),
    "where_scalar": (lambda x: jnp.where(x > 0.5, x, 0.0), A),
    "astype": (lambda x: x.astype(jnp.int32), A),
    "index_update": (lambda x: x.at[0].set(1.0), A), "index_add": (lambda x: x.at[:, 1].add(2.0), A),
    "index_get": (lambda x: x[1:, ::2], A), "index_int": (lambda x: x[0, 1], A),
    "reshape_method": (lambda x: x.reshape(4, 3).T, A), "einsum": (lambda x: jnp.einsum("ij,kj->ik", x, x), A),
    "matmul_op": (lambda x: x @ x.T, A), "outer": (lambda v: jnp.outer(v, v), V),
    "concat_stack": (lambda x: (jnp.concatenate([x, x]), jnp.stack([x, x])), A),
    "split": (lambda x: jnp.split(x, 2, axis=1), A), "squeeze": (lambda x: jnp.squeeze(x[:1]), A),
    "max_keepdims": (lambda x: jnp.max(x, axis=1, keepdims=True), A),
    "arange_like": (lambda x: x + jnp.arange(4), A), "ones_like": (jnp.ones_like, A),
    # round 28: reductions with where=, lax functions, samplers, nn functions, transforms
    "sum_where": (lambda x: jnp.sum(x, where=x > 0.5), A), "mean_where": (lambda x: jnp.mean(x, axis=1, where=x > 0.5), A),
    "max_where": (lambda x: jnp.max(x, where=x > 0.5, initial=0.0), A), "prod_where": (lambda x: jnp.prod(x, where=x > 0.5), A),
    "var_where": (lambda x: jnp.var(x, where=x > 0.5), A), "std_where": (lambda x: jnp.std(x, axis=0, where=x > 0.5), A),
    "any_where": (lambda x: jnp.any(x > 1.0, where=x > 0.5), A), "argmax_keepdims": (lambda x: jnp.argmax(x, axis=1, keepdims=True), A),
    "nanmean_where": (lambda x: jnp.nanmean(x, where=x > 0.5), A), "logsumexp_where": (lambda x: jax.nn.logsumexp(x, where=x > 0.5), A),
    "lax_top_k": (lambda v: jax.lax.top_k(v, 2), V), "lax_rev": (lambda x: jax.lax.rev(x, (0,)), A),
    "lax_cummax": (lambda x: jax.lax.cummax(x, axis=1), A), "lax_cumsum_rev": (lambda x: jax.lax.cumsum(x, axis=0, reverse=True), A),
    "lax_expand_dims": (lambda x: jax.lax.expand_dims(x, (0, 2)), A), "lax_pad_neg": (lambda x: jax.lax.pad(x, 0.0, ((1, -1, 1), (0, 0, 0))), A),
    "lax_select_n": (lambda x: jax.lax.select_n(x > 0.5, x, -x), A), "lax_reduce_precision": (lambda x: jax.lax.reduce_precision(x, 5, 10), A),
    "lax_population_count": (jax.lax.population_count, I), "lax_shift_left": (lambda i: jax.lax.shift_left(i, 2), I),
    "lax_dynamic_slice": (lambda x: jax.lax.dynamic_slice(x, (1, 1), (2, 2)), A), "lax_argmax": (lambda x: jax.lax.argmax(x, 1, jnp.int32), A),
    "lax_reduce": (lambda x: jax.lax.reduce(x, 0.0, jax.lax.add, (0,)), A), "lax_batch_matmul": (lambda x: jax.lax.batch_matmul(x[None], x.T[None]), A),
    "random_gamma": (lambda k: jax.random.gamma(k, 2.0, (2,)), K), "random_beta": (lambda k: jax.random.beta(k, 2.0, 3.0, (2,)), K),
    "random_poisson": (lambda k: jax.random.poisson(k, 3.0, (2,)), K), "random_laplace": (lambda k: jax.random.laplace(k, (2,)), K),
    "random_gumbel": (lambda k: jax.random.gumbel(k, (2,)), K), "random_cauchy": (lambda k: jax.random.cauchy(k, (2,)), K),
    "random_logistic": (lambda k: jax.random.logistic(k, (2,)), K), "random_rademacher": (lambda k: jax.random.rademacher(k, (3,)), K),
    "random_dirichlet": (lambda k: jax.random.dirichlet(k, jnp.ones(3)), K), "random_bits": (lambda k: jax.random.bits(k, (2,)), K),
    "random_multivariate_normal": (lambda k: jax.random.multivariate_normal(k, jnp.zeros(2), jnp.eye(2)), K),
    "random_orthogonal": (lambda k: jax.random.orthogonal(k, 2), K), "random_ball": (lambda k: jax.random.ball(k, 2), K),
    "nn_hard_swish": (jax.nn.hard_swish, A), "nn_hard_sigmoid": (jax.nn.hard_sigmoid, A), "nn_soft_sign": (jax.nn.soft_sign, A),
    "nn_sparse_plus": (jax.nn.sparse_plus, A), "nn_tanh": (jax.nn.tanh, A), "nn_relu": (jax.nn.relu, A),
    "nn_log_softmax_where": (lambda x: jax.nn.log_softmax(x, where=x > 0.5), A), "nn_softmax_axis0": (lambda x: jax.nn.softmax(x, axis=0), A),
    "nn_dot_product_attention": (lambda x: jax.nn.dot_product_attention(x[None, :, None], x[None, :, None], x[None, :, None]), A),
    "jvp_sin": (lambda x: jax.jvp(jnp.sin, (x,), (x,)), A), "linearize_tanh": (lambda x: jax.linearize(jnp.tanh, x)[1](x), A),
    "vjp_mul": (lambda x: jax.vjp(lambda y: y * y, x)[1](x), A), "grad_while": (jax.grad(lambda s: jax.lax.fori_loop(0, 3, lambda i, c: c * s, 1.0)), 0.5),
    "vmap_jacrev": (jax.vmap(jax.jacrev(lambda v: jnp.sin(v) * v.sum())), A), "grad_switch": (jax.grad(lambda s: jax.lax.switch(1, [jnp.sin, jnp.cos], s)), 0.5),
    "jvp_checkpoint": (lambda x: jax.jvp(jax.checkpoint(jnp.sin), (x,), (x,)), A), "grad_custom_vjp_clip": (jax.grad(lambda x: jax.numpy.clip(x, 0.2, 0.9).sum()), A),
    # round 29: typed keys through array functions, lax functions, nn functions, samplers
    "key_reshape_T": (lambda k: k.reshape(2, 2).T, KS), "key_index": (lambda k: k[1], KS),
    "key_dynamic_slice": (lambda k: jax.lax.dynamic_slice(k, (1,), (2,)), KS),
    "key_take": (lambda k: jnp.take(k, jnp.array([0, 2])), KS),
    "key_broadcast_to": (lambda k: jnp.broadcast_to(k, (3,)), KT),
    "key_concatenate": (lambda k: jnp.concatenate([k, k]), KS), "key_at_set": (lambda k: k.at[0].set(k[1]), KS),
    "key_vmap": (jax.vmap(lambda k: jax.random.normal(k, ())), KS),
    "key_scan": (lambda k: jax.lax.scan(lambda c, x: (c + jax.random.normal(x), None), 0.0, k), KS),
    "key_split_typed": (lambda k: jax.random.split(k, 3), KT), "key_fold_in_typed": (lambda k: jax.random.fold_in(k, 3), KT),
    "key_flip_roll": (lambda k: (jnp.flip(k), jnp.roll(k, 1)), KS),
    "key_where": (lambda k: jnp.where(jnp.array([True, False, True, False]), k, k[::-1]), KS),
    "key_eq": (lambda k: k == k, KS),
    "lax_sinh": (jax.lax.sinh, A), "lax_cbrt": (jax.lax.cbrt, A), "lax_erf_inv": (jax.lax.erf_inv, A * 0.5),
    "lax_lgamma": (jax.lax.lgamma, A), "lax_igamma": (lambda x: jax.lax.igamma(x, x), A),
    "lax_bessel_i1e": (jax.lax.bessel_i1e, A), "lax_nextafter": (lambda x: jax.lax.nextafter(x, x + 1), A),
    "lax_rsqrt": (jax.lax.rsqrt, A), "lax_logistic": (jax.lax.logistic, A), "lax_is_finite": (jax.lax.is_finite, A),
    "lax_square": (jax.lax.square, A), "lax_tan": (jax.lax.tan, A), "lax_atan2": (lambda x: jax.lax.atan2(x, x), A),
    "lax_rem": (lambda x: jax.lax.rem(x, 0.3), A), "lax_pow": (lambda x: jax.lax.pow(x, x), A),
    "lax_sort_key_val": (lambda v: jax.lax.sort_key_val(v, v), V), "lax_cumprod": (lambda x: jax.lax.cumprod(x, axis=1), A),
    "lax_cummin": (lambda x: jax.lax.cummin(x, axis=0), A), "lax_reduce_max": (lambda x: jax.lax.reduce_max(x, (1,)), A),
    "lax_broadcast": (lambda x: jax.lax.broadcast(x, (2,)), A), "lax_concatenate": (lambda x: jax.lax.concatenate([x, x], 1), A),
    "lax_squeeze": (lambda x: jax.lax.squeeze(x[None], (0,)), A), "lax_index_in_dim": (lambda x: jax.lax.index_in_dim(x, 1, 1), A),
    "lax_dynamic_index_in_dim": (lambda x: jax.lax.dynamic_index_in_dim(x, 1, 0, False), A),
    "lax_slice_in_dim": (lambda x: jax.lax.slice_in_dim(x, 1, 3, axis=1), A),
    "lax_collapse": (lambda x: jax.lax.collapse(x, 0, 2), A), "lax_iota": (lambda x: x + jax.lax.iota(jnp.float32, 4), A),
    "lax_bitcast": (lambda x: jax.lax.bitcast_convert_type(x, jnp.int32), A),
    "lax_shift_right_logical": (lambda i: jax.lax.shift_right_logical(i, 1), I),
    "lax_clz": (jax.lax.clz, I), "lax_abs_int": (jax.lax.abs, I), "lax_sign": (jax.lax.sign, A),
    "lax_conv_general_dilated": (lambda x: jax.lax.conv_general_dilated(x[None, None], jnp.ones((1, 1, 2, 2)), (1, 1), "VALID", rhs_dilation=(1, 2)), A),
    "lax_associative_scan": (lambda v: jax.lax.associative_scan(jnp.add, v), V),
    "lax_map": (lambda x: jax.lax.map(jnp.sum, x), A),
    "nn_relu_grad": (jax.grad(lambda x: jax.nn.relu6(x).sum()), A), "nn_log1mexp": (lambda x: jax.nn.log_sigmoid(-x), A),
    "nn_normalize": (lambda x: jax.nn.standardize(x, axis=0), A), "nn_softmax_where": (lambda x: jax.nn.softmax(x, where=x > 0.5), A),
    "nn_logsumexp_b": (lambda x: jax.nn.logsumexp(x, axis=1, b=x), A), "nn_one_hot_axis": (lambda i: jax.nn.one_hot(i, 3, axis=0), I),
    "nn_identity": (jax.nn.identity, A), "nn_gelu_grad": (jax.grad(lambda x: jax.nn.gelu(x).sum()), A),
    "min_where": (lambda x: jnp.min(x, axis=0, where=x > 0.5, initial=5.0), A), "all_where": (lambda x: jnp.all(x > 0.2, where=x < 1.0), A),
    "nansum_where": (lambda x: jnp.nansum(x, where=x > 0.5), A), "nanvar_where": (lambda x: jnp.nanvar(x, where=x > 0.5), A),
    "cumsum_dtype": (lambda x: jnp.cumsum(x, dtype=jnp.int32), A), "average_weights": (lambda x: jnp.average(x, axis=1, weights=x[0]), A),
    "random_normal_typed": (lambda k: jax.random.normal(k, (2, 2)), KT), "random_uniform_minmax": (lambda k: jax.random.uniform(k, (2,), minval=-1.0, maxval=2.0), KT),
    "random_bernoulli_p": (lambda k: jax.random.bernoulli(k, jnp.array([0.2, 0.8])), KT),
    "random_t": (lambda k: jax.random.t(k, 3.0, (2,)), KT), "random_chisquare": (lambda k: jax.random.chisquare(k, 3.0, (2,)), KT),
    "random_maxwell": (lambda k: jax.random.maxwell(k, (2,)), KT), "random_pareto": (lambda k: jax.random.pareto(k, 2.0, (2,)), KT),
    "random_weibull": (lambda k: jax.random.weibull_min(k, 1.0, 2.0, (2,)), KT), "random_rayleigh": (lambda k: jax.random.rayleigh(k, 1.0, (2,)), KT),
    "random_geometric": (lambda k: jax.random.geometric(k, 0.3, (2,)), KT), "random_triangular": (lambda k: jax.random.triangular(k, 0.0, 0.5, 1.0, (2,)), KT),
    "random_lognormal": (lambda k: jax.random.lognormal(k, 0.5, (2,)), KT), "random_loggamma": (lambda k: jax.random.loggamma(k, 2.0, (2,)), KT),
    "random_binomial": (lambda k: jax.random.binomial(k, 5, 0.3, (2,)), KT), "random_generalized_normal": (lambda k: jax.random.generalized_normal(k, 2.0, (2,)), KT),
    "random_split_shape": (lambda k: jax.random.split(k, (2, 3)), KT), "random_clone": (lambda k: jax.random.clone(k), KT),
    "random_key_impl_data": (lambda k: jax.random.key_data(jax.random.split(k)), KT),
    # round 30: fft, scipy.special, where= / initial=, lax functions, nested jits, transforms
    "fft": (jnp.fft.fft, V), "rfft": (jnp.fft.rfft, V), "ifft2": (jnp.fft.ifft2, A), "fftfreq": (lambda v: v[:4] + jnp.fft.fftfreq(4), V),
    "fftshift": (jnp.fft.fftshift, V), "irfft": (lambda v: jnp.fft.irfft(jnp.fft.rfft(v)), V),
    "special_erfc": (jax.scipy.special.erfc, A), "special_gammaln": (jax.scipy.special.gammaln, A),
    "special_logit": (jax.scipy.special.logit, A * 0.5), "special_expit": (jax.scipy.special.expit, A),
    "special_xlogy": (lambda x: jax.scipy.special.xlogy(x, x), A), "special_logsumexp": (jax.scipy.special.logsumexp, A),
    "special_entr": (jax.scipy.special.entr, A), "special_ndtr": (jax.scipy.special.ndtr, A),
    "sum_initial": (lambda x: jnp.sum(x, axis=0, initial=1.0), A), "max_initial": (lambda x: jnp.max(x, initial=2.0), A),
    "prod_where_axis": (lambda x: jnp.prod(x, axis=1, where=x > 0.3), A), "cumprod_axis": (lambda x: jnp.cumprod(x, axis=0), A),
    "lax_cumsum": (lambda x: jax.lax.cumsum(x, axis=1), A), "lax_reduce_min": (lambda x: jax.lax.reduce_min(x, (0,)), A),
    "lax_exp2": (jax.lax.exp2, A), "lax_polygamma": (lambda x: jax.lax.polygamma(1.0, x), A),
    "lax_zeta": (lambda x: jax.lax.zeta(x + 1.0, 2.0), A), "lax_betainc": (lambda x: jax.lax.betainc(2.0, 3.0, x * 0.5), A),
    "nested_jit_static": (jax.jit(lambda x: jax.jit(lambda y, n: y * n, static_argnums=1)(x, 3)), A),
    "nested_jit": (jax.jit(lambda x: jax.jit(jnp.sin)(x) + 1.0), A),
    "vmap_softmax": (jax.vmap(jax.nn.softmax), A), "grad_logsumexp": (jax.grad(lambda x: jax.nn.logsumexp(x)), A),
    "jvp_tanh_sum": (lambda x: jax.jvp(lambda y: jnp.tanh(y).sum(), (x,), (x,)), A),
    "grad_norm": (jax.grad(lambda x: jnp.linalg.norm(x)), A), "vmap_matmul": (jax.vmap(lambda v: v @ v), A),
    # round 31: linalg's custom rules, batched (a 2-D square jnp.diagonal is JAX's platform_dependent)
    "det_batched": (jnp.linalg.det, MB), "slogdet_batched": (jnp.linalg.slogdet, MB),
    "slogdet_2x2": (jnp.linalg.slogdet, MB[:, :2, :2]), "slogdet_qr": (lambda m: jnp.linalg.slogdet(m, method="qr"), MB),
    "count_nonzero_bool": (lambda x: jnp.count_nonzero(x > 0.5, axis=0), A),
    "nn_relu_vmap": (jax.vmap(jax.nn.relu), A), "nn_swish": (jax.nn.swish, A), "nn_log_sigmoid_grad": (jax.grad(lambda x: jax.nn.log_sigmoid(x).sum()), A),
    # round 39: cumulative dtypes, bincount, linalg's jits, scipy.stats / special, select, bits
    "cumulative_prod_i8": (lambda x: jnp.cumulative_prod(x, axis=1), I8),
    "cumulative_prod_u8_initial": (lambda x: jnp.cumulative_prod(x, axis=0, include_initial=True), U8),
    "cumulative_prod_bool": (lambda x: jnp.cumulative_prod(x, axis=1), BL),
    "cumulative_prod_dtype_bool": (lambda x: jnp.cumulative_prod(x, axis=1, dtype=bool), I8),
    "cumulative_sum_i8": (lambda x: jnp.cumulative_sum(x, axis=1), I8),
    "cumulative_sum_bool_initial": (lambda x: jnp.cumulative_sum(x, axis=1, include_initial=True), BL),
    "cumsum_dtype_bool": (lambda x: jnp.cumsum(x, axis=0, dtype=bool), I8),
    "bincount_negative": (lambda i: jnp.bincount(-i, length=4), I),
    "bincount_weights": (lambda v: jnp.bincount(jnp.arange(5) - 2, v, length=3), V),
    "svd": (jnp.linalg.svd, A), "svd_jit": (jax.jit(jnp.linalg.svd), A),
    "svd_jit_values_only": (jax.jit(lambda a: jnp.linalg.svd(a, compute_uv=False)), A),
    "svd_hermitian": (lambda m: jnp.linalg.svd(m, hermitian=True), M), "svdvals": (jnp.linalg.svdvals, A),
    "matrix_rank_rect": (jnp.linalg.matrix_rank, A), "eigvals": (jnp.linalg.eigvals, M),
    "grad_svd": (jax.grad(lambda a: jnp.linalg.svd(a, compute_uv=False).sum()), A),
    "lstsq": (lambda m: jnp.linalg.lstsq(m, m[0]), M), "multi_dot": (lambda a: jnp.linalg.multi_dot([a, a.T, a]), A),
    "matrix_norm": (jnp.linalg.matrix_norm, A), "vector_norm": (lambda a: jnp.linalg.vector_norm(a, ord=3), A),
    "norm_logpdf": (jax.scipy.stats.norm.logpdf, X), "norm_logpdf_loc_scale": (lambda x: jax.scipy.stats.norm.logpdf(x, 1.0, 2.0), X),
    "norm_pdf": (jax.scipy.stats.norm.pdf, X), "norm_cdf": (jax.scipy.stats.norm.cdf, X),
    "norm_logcdf": (jax.scipy.stats.norm.logcdf, X), "norm_ppf": (jax.scipy.stats.norm.ppf, V * 0.9),
    "t_logpdf": (lambda x: jax.scipy.stats.t.logpdf(x, 3.0), X), "expon_logpdf": (jax.scipy.stats.expon.logpdf, V),
    "laplace_logpdf": (jax.scipy.stats.laplace.logpdf, X), "cauchy_logpdf": (jax.scipy.stats.cauchy.logpdf, X),
    "gamma_logpdf": (lambda v: jax.scipy.stats.gamma.logpdf(v, 2.0), V),
    "beta_logpdf": (lambda v: jax.scipy.stats.beta.logpdf(v * 0.9, 2.0, 3.0), V),
    "poisson_logpmf": (lambda i: jax.scipy.stats.poisson.logpmf(i, 3.0), I),
    "special_gammainc": (lambda v: jax.scipy.special.gammainc(2.0, v), V),
    "special_betaln": (lambda v: jax.scipy.special.betaln(v, v + 1), V),
    "special_erfinv": (lambda v: jax.scipy.special.erfinv(v * 0.9), V), "special_log_ndtr": (jax.scipy.special.log_ndtr, X),
    "special_xlog1py": (lambda v: jax.scipy.special.xlog1py(v, v), V), "special_i0e": (jax.scipy.special.i0e, X),
    "special_i1": (jax.scipy.special.i1, X), "special_digamma": (jax.scipy.special.digamma, V),
    "select": (lambda x: jnp.select([x < 0, x > 1], [x, x * 2], 0.5), X),
    "select_int_conditions": (lambda i: jnp.select([i % 2, i % 3], [i, -i], 7), I),
    "random_pareto_array_b": (lambda k: jax.random.pareto(k, jnp.array([1.0, 3.0])), KT),
    "packbits": (jnp.packbits, BL), "unpackbits": (jnp.unpackbits, U8), "sort_complex": (jnp.sort_complex, V),
    "tensordot": (lambda a: jnp.tensordot(a, a, axes=([0], [0])), A), "vdot": (lambda v: jnp.vdot(v, v), V),
    "inner": (lambda a: jnp.inner(a, a), A), "interp": (lambda x: jnp.interp(x, V, V * 2), X),
    "unique_size": (lambda i: jnp.unique(i, size=4), I), "nonzero_size": (lambda i: jnp.nonzero(i > 3, size=4), I),
    "unstack": (jnp.unstack, A), "fill_diagonal": (lambda m: jnp.fill_diagonal(m, 0.0, inplace=False), M),
    "solve_triangular": (lambda m: jax.scipy.linalg.solve_triangular(m, m[0], lower=True), M),
    "cho_solve": (lambda m: jax.scipy.linalg.cho_solve(jax.scipy.linalg.cho_factor(m), m[0]), M),
    "expm": (jax.scipy.linalg.expm, M * 0.1), "histogram": (lambda v: jnp.histogram(v, bins=3), V),
}


def run_case(name):
    fn, arg = CALLS[name]
    try:
        return str(jax.make_jaxpr(fn)(arg))
    except Exception as e:
        return f"error {type(e).__name__}: {e}"
"""

_JAX_MAIN = r"""
import json, sys
import numpy as np
import jax, jax.numpy as jnp
exec(sys.argv[1])
print(json.dumps({n: run_case(n) for n in CALLS}))
"""


def jax_texts(python=sys.executable) -> dict:
    proc = subprocess.run(
        [python, "-c", _JAX_MAIN, _CALLS], capture_output=True, text=True, check=True
    )
    return json.loads(proc.stdout)


def meshjit_texts() -> dict:
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp

    scope = {"jax": meshjit, "jnp": jnp, "np": np}
    exec(_CALLS, scope)
    return {n: scope["run_case"](n) for n in scope["CALLS"]}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    verbose = "-v" in argv
    names = [a for a in argv if a != "-v"]
    want, got = jax_texts(), meshjit_texts()
    names = names or list(want)
    same = [n for n in names if got[n] == want[n]]
    for n in names:
        if n not in same:
            print(f"DIFF {n}")
            if verbose:
                print(f"--- meshjit\n{got[n]}\n--- JAX\n{want[n]}")
    print(f"{len(same)} of {len(names)} match JAX's text: {' '.join(same)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
