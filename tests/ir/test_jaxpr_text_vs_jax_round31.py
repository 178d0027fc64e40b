"""The printed jaxpr against JAX 0.10.2's, round 31: jnp.linalg's det and slogdet are JAX's
custom_jvp functions (det's derivative a cofactor solve: finite, and JAX's numbers, at singular
matrices too), scipy.special.logit is a custom_jvp function, lax.fft a jit (its FftType
printed as a number), fftfreq's `%` jnp.remainder, count_nonzero compares in the operand's dtype, jnp.array copies a traced value
before converting it. (The derivative of a batched det permutes rows by take_along_axis, not
JAX's gather with batch iotas, so that a batch-sharded det differentiates: its text is not
JAX's; its values are.)"""

import pytest

from tests.support.jax_oracle import check_texts_and_values, oracle_fixture

HARNESS = r"""
f32 = np.float32
R = np.random.RandomState(0)
A4 = R.randn(3, 4, 4).astype(f32)
A5 = R.randn(5, 5).astype(f32)
S5 = A5.copy(); S5[-1] = S5[0] + S5[1]               # rank 4: adjugate of rank 1
S5b = A5.copy(); S5b[-1] = S5b[0]; S5b[-2] = S5b[0]  # rank 3: adjugate 0
S4 = A4.copy(); S4[:, -1] = S4[:, 0] - S4[:, 2]
B = np.array([[True, False], [False, True]])
P = np.linspace(0.05, 0.95, 7, dtype=f32)

CASES = {
    "det_batched": (jnp.linalg.det, (A4,)),
    "slogdet_batched": (jnp.linalg.slogdet, (A4,)),
    "slogdet_2x2": (jnp.linalg.slogdet, (A4[:, :2, :2],)),
    "slogdet_qr": (lambda a: jnp.linalg.slogdet(a, method="qr"), (A4,)),
    "count_nonzero_bool": (lambda b: (jnp.count_nonzero(b), jnp.count_nonzero(b, axis=0)), (B,)),
    "values_grad_det": (lambda a, s, t, u: tuple(jax.grad(lambda m: jnp.linalg.det(m).sum())(m) for m in (a, s, t, u)), (A5, S5, S5b, S4)),
    "values_jvp_det": (lambda a, s: (jax.jvp(jnp.linalg.det, (a,), (s,)), jax.jvp(jnp.linalg.det, (s,), (a,))), (A5, S5)),
    "values_grad_slogdet": (lambda a, b: tuple(jax.grad(lambda m: jnp.linalg.slogdet(m, method=k)[1].sum())(x) for k in (None, "qr") for x in (a, b)), (A5, A4)),
    "values_grad_slogdet_small": (lambda a: (jax.grad(lambda m: jnp.linalg.slogdet(m)[1].sum())(a[:, :2, :2]), jax.grad(lambda m: jnp.linalg.slogdet(m)[1].sum())(a[:, :1, :1])), (A4,)),
    # scipy.special.logit is JAX's custom_jvp function: its derivative g / (x (1 - x))
    "logit": (jax.scipy.special.logit, (P,)),
    "grad_logit": (jax.grad(lambda p: jax.scipy.special.logit(p).sum()), (P,)),
    "values_grad_logit": (lambda p: (jax.grad(lambda v: jax.scipy.special.logit(v).sum())(p), jax.vmap(jax.grad(jax.scipy.special.logit))(p)), (P,)),
    # lax.fft is JAX's jitted function named fft, its FftType (an IntEnum) printed as a number
    "fft": (lambda p: (jnp.fft.fft(p), jnp.fft.irfft(jnp.fft.rfft(p)), lax.fft(p.astype(np.complex64), lax.FftType.IFFT, (7,))), (P,)),
    "values_grad_rfft": (jax.grad(lambda p: jnp.abs(jnp.fft.rfft(p)).sum()), (P,)),
    "fftfreq": (lambda d: (jnp.fft.fftfreq(5, d), jnp.fft.rfftfreq(6, d), jnp.fft.fftfreq(4)), (np.float32(0.5),)),
    "values_fftfreq": (lambda d: (jnp.fft.fftfreq(7, d), jnp.fft.fftfreq(6, dtype=jnp.complex64), jnp.fft.rfftfreq(5, d)), (np.float32(0.3),)),
    "values_fft_type_text": (lambda: (np.array(str(lax.FftType.RFFT)), np.array(repr(lax.FftType.FFT))), ()),
    # jnp.gradient: JAX's slices (lax.slice_in_dim), `* 0.5 / h` inside, f and h promoted together
    "gradient": (lambda a, x: (jnp.gradient(a), jnp.gradient(a, 0.5, axis=0), jnp.gradient(a, x, axis=1)), (A4[0, :, :3].T, np.cumsum(A5[0, :4] ** 2) + 0.1)),
    "values_gradient": (lambda a, x: (*jnp.gradient(a, 0.3, 0.7), jnp.gradient(a, x, axis=0), jnp.gradient(np.arange(5))), (A5, np.cumsum(A5[1] ** 2) + 0.1)),
    # scipy.special.entr selects with lax.select (no jitted where)
    "entr": (jax.scipy.special.entr, (np.array([-1.0, 0.0, 0.3, 1.0, np.inf], f32),)),
}


def run_case(case, record):
    fn, args = CASES[case]
    if case.startswith("values_"):
        for i, leaf in enumerate(jax.tree_util.tree_leaves(fn(*args))):
            record(f"{case}{i}", leaf)
        return
    record(case, np.array(str(jax.make_jaxpr(fn)(*args))))
"""

CASES = [
    "det_batched", "slogdet_batched", "slogdet_2x2", "slogdet_qr",
    "count_nonzero_bool", "values_grad_det", "values_jvp_det", "values_grad_slogdet",
    "values_grad_slogdet_small", "logit", "grad_logit", "values_grad_logit",
    "fft", "values_grad_rfft", "fftfreq", "values_fftfreq", "values_fft_type_text",
    "gradient", "values_gradient", "entr",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS, per_machine=True)  # LAPACK bits (det, slogdet)


@pytest.mark.parametrize("case", CASES)
def test_jaxpr_text_is_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values_"))


def test_logit_refuses_a_list_in_jaxs_words():
    import meshjit

    with pytest.raises(
        TypeError, match="logit requires ndarray or scalar arguments, got <class 'list'>"
    ):
        meshjit.scipy.special.logit([0.3])
