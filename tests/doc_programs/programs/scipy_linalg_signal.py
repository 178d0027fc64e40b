# jax.scipy.linalg and jax.scipy.signal docstrings: block_diag, toeplitz, hilbert, circulant-free
# helpers, polar, sqrtm of an SPD matrix, expm_frechet, solve with assume_a, eigh with
# eigvals_only, svd(compute_uv=False), det / inv / lu; signal.convolve2d / correlate2d modes,
# fftconvolve, detrend, stft / istft shapes and welch
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import jax.scipy.signal as jss

A = jnp.array([[4., 1.], [1., 3.]])
with jnp.printoptions(precision=4, suppress=True):
    print(jsl.block_diag(jnp.ones((1, 2)), 2 * jnp.eye(2)))
    print(jsl.toeplitz(jnp.array([1., 2., 3.])), jsl.toeplitz(jnp.array([1, 2]), jnp.array([1, 5, 6])))
    print(jsl.hilbert(3))
    u, p = jsl.polar(A)
    print(u, p)
    print(jsl.sqrtm(A).real)
    e, d = jsl.expm_frechet(A / 4, jnp.eye(2) / 10)
    print(e, d)
    print(jsl.solve(A, jnp.array([1., 2.]), assume_a="pos"))
    print(jsl.eigh(A, eigvals_only=True), jsl.svd(A, compute_uv=False))
    print(jsl.det(A), jsl.inv(A))
    p_, l_, u_ = jsl.lu(A)
    print(p_, l_, u_)
    print(jsl.lu(A, permute_l=True)[0])
    q, r = jsl.qr(jnp.array([[1., 2.], [3., 4.], [5., 6.]]), mode="economic")
    print(q.shape, r)
    print(jsl.cholesky(A, lower=True), jsl.logm(A).real if hasattr(jsl, "logm") else None)

    img = jnp.arange(16.).reshape(4, 4)
    ker = jnp.array([[1., 0.], [0., -1.]])
    for mode in ["full", "same", "valid"]:
        print(mode, jss.convolve2d(img, ker, mode=mode).shape, jss.correlate2d(img, ker, mode=mode)[0])
    print(jss.convolve2d(img, ker, mode="same"))
    print(jss.fftconvolve(jnp.array([1., 2., 3.]), jnp.array([0., 1., 0.5])))
    print(jss.fftconvolve(jnp.ones((3, 3)), jnp.ones((2, 2)), mode="valid"))
    print(jss.convolve(jnp.array([1., 2., 3.]), jnp.array([1., 1.]), method="fft"))
    print(jss.detrend(jnp.array([1., 3., 2., 5., 4.])), jss.detrend(jnp.array([1., 3., 2.]), type="constant"))
    sig = jnp.sin(jnp.arange(64.) / 3)
    f, t, Z = jss.stft(sig, nperseg=16)
    print(f.shape, t.shape, Z.shape, jnp.abs(Z[2, 1]))
    tt, rec = jss.istft(Z, nperseg=16)
    print(rec.shape, jnp.abs(rec[:64] - sig).max() < 1e-4)
    fw, pw = jss.welch(sig, nperseg=16)
    print(fw[:3], pw[:3])
    fc, pc = jss.csd(sig, 2 * sig, nperseg=16)
    print(jnp.abs(pc[:3]))
