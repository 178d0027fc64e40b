# jax.numpy convolutions, FFTs and linear algebra as the docs use them: convolve / correlate in
# every mode, fft2 / ifft2 / rfft2 / fftn with axes and norms, fftfreq / fftshift, lstsq,
# pinv, slogdet of singular and negative-determinant matrices, matrix_rank / matrix_power /
# multi_dot, eigh, svd, qr modes, cholesky (upper), batched solve / det, tensorsolve, cross
import jax
import jax.numpy as jnp

a = jnp.array([1., 2., 3., 4.])
k = jnp.array([0., 1., 0.5])
for mode in ("full", "same", "valid"):
    print(mode, jnp.convolve(a, k, mode=mode), jnp.correlate(a, k, mode=mode))
print(jnp.convolve(jnp.array([1, 2, 3]), jnp.array([1, 1])))
print(jnp.correlate(jnp.array([1 + 1j, 2.]), jnp.array([1j, 1.]), mode="full"))

img = jnp.arange(16.).reshape(4, 4)
F = jnp.fft.fft2(img)
print(jnp.round(jnp.abs(F[0]), 3), jnp.allclose(jnp.fft.ifft2(F).real, img, atol=1e-4))
print(jnp.fft.rfft2(img).shape, jnp.round(jnp.fft.irfft2(jnp.fft.rfft2(img), s=(4, 4))[1], 3))
print(jnp.round(jnp.abs(jnp.fft.fftn(img, axes=(0,)))[:, 0], 3))
print(jnp.round(jnp.abs(jnp.fft.fft(a, norm="ortho")), 4), jnp.round(jnp.abs(jnp.fft.fft(a, n=6, norm="forward")), 4))
print(jnp.fft.fftfreq(6, d=0.5), jnp.fft.rfftfreq(6), jnp.fft.fftshift(jnp.arange(6)), jnp.fft.ifftshift(jnp.arange(6)))

A = jnp.array([[1., 1.], [1., 2.], [1., 3.], [1., 4.]])
b = jnp.array([6., 5., 7., 10.])
sol, res, rank, sv = jnp.linalg.lstsq(A, b)
print(jnp.round(sol, 4), jnp.round(res, 4), rank, jnp.round(sv, 4))
print(jnp.round(jnp.linalg.lstsq(A, jnp.stack([b, 2 * b], 1), rcond=None)[0], 4))
print(jnp.round(jnp.linalg.pinv(A), 4))
S = jnp.array([[2., 1.], [1., 2.]])
print(jnp.round(jnp.linalg.pinv(S, hermitian=True), 4), jnp.round(jnp.linalg.pinv(A, rtol=0.5), 4))
print(jnp.linalg.slogdet(jnp.array([[0., 1.], [1., 0.]])))
print(jnp.linalg.slogdet(jnp.array([[1., 2.], [2., 4.]])))
print(jnp.linalg.slogdet(jnp.array([[1., 2.], [3., 4.]]), method="qr"))
print(jnp.linalg.matrix_rank(jnp.array([[1., 2.], [2., 4.]])), jnp.linalg.matrix_rank(A))
print(jnp.linalg.matrix_power(jnp.array([[1, 1], [1, 0]]), 10), jnp.round(jnp.linalg.matrix_power(S, -2), 4))
print(jnp.linalg.multi_dot([A.T, A, jnp.ones((2, 3))]))
w, v = jnp.linalg.eigh(jnp.array([[2., 100.], [1., 3.]]), UPLO="U")
print(jnp.round(w, 4))
print(jnp.round(jnp.linalg.svd(A, compute_uv=False), 4), [t.shape for t in jnp.linalg.svd(A, full_matrices=False)])
print(jnp.round(jnp.abs(jnp.linalg.qr(A, mode="r")), 4), [t.shape for t in jnp.linalg.qr(A, mode="complete")])
print(jnp.round(jnp.linalg.cholesky(S, upper=True), 4))
Ms = jnp.stack([S, 2 * S, S + jnp.eye(2)])
print(jnp.round(jnp.linalg.solve(Ms, jnp.ones((3, 2, 1))), 4), jnp.linalg.det(Ms))
print(jnp.round(jnp.linalg.inv(Ms)[1], 4))
T = jnp.eye(6).reshape(2, 3, 6)
print(jnp.linalg.tensorsolve(T, jnp.ones((2, 3))).shape, jnp.linalg.tensorinv(jnp.eye(4).reshape(4, 2, 2), ind=1).shape)
print(jnp.cross(jnp.array([1., 0., 0.]), jnp.array([0., 1., 0.])), jnp.linalg.cross(jnp.eye(3), jnp.ones(3)))
print(jnp.linalg.vecdot(A, A), jnp.linalg.matrix_transpose(Ms).shape, jnp.linalg.outer(a, k).shape)
print(jnp.round(jnp.linalg.vector_norm(A, ord=1, axis=0), 3), jnp.round(jnp.linalg.matrix_norm(S, ord="nuc"), 4))
print(jax.jit(jnp.linalg.lstsq)(A, b)[0].round(3), jnp.round(jax.grad(lambda M: jnp.linalg.slogdet(M)[1])(S), 4))
