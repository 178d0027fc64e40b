"""jax.scipy.spatial.transform: `Rotation` and `Slerp`, with JAX 0.10.2's formulas.

A `Rotation` holds unit quaternions `(x, y, z, w)` (scalar last) in `quat`, shape (4,) for one
rotation or (..., 4) for several. Both classes are NamedTuples, so pytrees: they pass through
`jit`, `vmap` and `grad` as their arrays. The quaternion kernels are written for one rotation
and vectorized over leading dimensions. The Euler axes are Python values; `degrees` and
`inverse` are chosen in Python unless traced, when `where` selects (as JAX always does: the same
numbers).
"""

from __future__ import annotations

import functools
import re
import typing

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.scipy.util import inexact

__all__ = ["Rotation", "Slerp"]


def _gufunc(signature: str, excluded=()):
    """Vectorizes a one-rotation kernel; `excluded` positions are static Python values."""
    return functools.partial(vectorize, signature=signature, excluded=frozenset(excluded))


class Rotation(typing.NamedTuple):
    """Rotations in 3 dimensions (as jax.scipy.spatial.transform.Rotation)."""

    quat: typing.Any

    @classmethod
    def concatenate(cls, rotations: typing.Sequence):
        """The rotations of `rotations`, one after another."""
        return cls(jnp.concatenate([rotation.quat for rotation in rotations]))

    @classmethod
    def from_euler(cls, seq: str, angles, degrees: bool = False):
        """From Euler angles about `seq`'s axes: 'xyz' extrinsic, 'XYZ' intrinsic."""
        if not 1 <= len(seq) <= 3:
            raise MeshjitValueError(
                "Expected axis specification to be a non-empty string of upto 3 characters, "
                f"got {seq}"
            )
        axes, intrinsic = _euler_axes(seq)
        (angles,) = inexact(jnp.atleast_1d(angles))
        if angles.shape[-1] != len(axes):
            raise MeshjitValueError(
                f"inconsistent size for core dimension 'm': {len(axes)} vs {angles.shape[-1]} "
                f"(from_euler: {len(axes)} axes in {seq!r}, angles of shape {angles.shape})"
            )
        angles = _select(degrees, lambda: jnp.deg2rad(angles), lambda: angles)
        return cls(_quat_from_euler(angles, axes, intrinsic))

    @classmethod
    def from_matrix(cls, matrix):
        """From rotation matrices (..., 3, 3)."""
        return cls(_quat_from_matrix(jnp.asarray(matrix)))

    @classmethod
    def from_mrp(cls, mrp):
        """From Modified Rodrigues Parameters (..., 3)."""
        return cls(_quat_from_mrp(jnp.asarray(mrp)))

    @classmethod
    def from_quat(cls, quat):
        """From quaternions (..., 4), scalar last; normalized."""
        return cls(_normalize(jnp.asarray(quat)))

    @classmethod
    def from_rotvec(cls, rotvec, degrees: bool = False):
        """From rotation vectors (..., 3): the axis scaled by the angle."""
        (rotvec,) = inexact(rotvec)
        rotvec = _select(degrees, lambda: jnp.deg2rad(rotvec), lambda: rotvec)
        return cls(_quat_from_rotvec(rotvec))

    @classmethod
    def identity(cls, num: int | None = None, dtype=float):
        """The identity rotation (one; JAX does not take `num`)."""
        if num is not None:
            raise MeshjitNotImplementedError(
                f"Rotation.identity(num={num}): only a single identity rotation (num=None) is "
                "supported, as in JAX"
            )
        return cls(jnp.array([0.0, 0.0, 0.0, 1.0], dtype=dtype))

    @classmethod
    def random(cls, random_key, num: int | None = None):
        """Not implemented, as in JAX (it needs scipy.stats.special_ortho_group)."""
        raise MeshjitNotImplementedError("Rotation.random is not implemented (as in JAX 0.10.2)")

    def __getitem__(self, indexer):
        """The rotation(s) at `indexer`."""
        if self.single:
            raise MeshjitTypeError("Single rotation is not subscriptable.")
        return Rotation(self.quat[indexer])

    def __len__(self):
        """The number of rotations."""
        if self.single:
            raise MeshjitTypeError("Single rotation has no len().")
        return self.quat.shape[0]

    def __mul__(self, other) -> Rotation:
        """`self` composed with `other` (`other` applied first)."""
        return Rotation.from_quat(_compose(self.quat, other.quat))

    def apply(self, vectors, inverse: bool = False):
        """`vectors` (..., 3) rotated (by the inverse rotation when `inverse`)."""
        matrix = self.as_matrix()
        matrix = _select(inverse, lambda: jnp.swapaxes(matrix, -1, -2), lambda: matrix)
        return _apply_matrix(matrix, jnp.asarray(vectors))

    def as_euler(self, seq: str, degrees: bool = False):
        """Euler angles about `seq`'s three axes, in [-pi, pi)."""
        if len(seq) != 3:
            raise MeshjitValueError(f"Expected 3 axes, got {seq}.")
        axes, intrinsic = _euler_axes(seq)
        angles = _euler_from_quat(self.quat, axes, not intrinsic)
        return _select(degrees, lambda: jnp.rad2deg(angles), lambda: angles)

    def as_matrix(self):
        """Rotation matrices (..., 3, 3)."""
        return _matrix_from_quat(self.quat)

    def as_mrp(self):
        """Modified Rodrigues Parameters (..., 3)."""
        return _mrp_from_quat(self.quat)

    def as_rotvec(self, degrees: bool = False):
        """Rotation vectors (..., 3), angles in [0, pi]."""
        return _rotvec_from_quat(self.quat, degrees)

    def as_quat(self, canonical: bool = False, scalar_first: bool = False):
        """The quaternions (..., 4); `canonical`: w >= 0 (then the first nonzero of x, y, z);
        `scalar_first`: (w, x, y, z)."""
        quat = _canonical(self.quat) if canonical else self.quat
        return jnp.roll(quat, shift=1, axis=-1) if scalar_first else quat

    def inv(self):
        """The inverse rotation(s)."""
        return Rotation(_conjugate(self.quat))

    def magnitude(self):
        """The rotation angle(s), in [0, pi]."""
        return _magnitude(self.quat)

    def mean(self, weights=None):
        """The (weighted) mean rotation: the top eigenvector of sum w q q^T."""
        dtype = self.quat.dtype
        if weights is None:
            w = jnp.ones(self.quat.shape[0], dtype=dtype)
        else:
            w = jnp.asarray(weights, dtype=dtype)
        if w.ndim != 1:
            raise MeshjitValueError(f"Expected `weights` to be 1 dimensional, got shape {w.shape}.")
        if w.shape[0] != len(self):
            raise MeshjitValueError(
                "Expected `weights` to have number of values equal to number of rotations, "
                f"got {w.shape[0]} values and {len(self)} rotations."
            )
        outer_sum = jnp.dot(w[np.newaxis, :] * self.quat.T, self.quat)
        _, vectors = jnp_linalg.eigh(outer_sum)
        return Rotation(vectors[:, -1])

    @property
    def single(self) -> bool:
        """Whether this holds one rotation (quat of shape (4,))."""
        return self.quat.ndim == 1


class Slerp(typing.NamedTuple):
    """Spherical linear interpolation of rotations (as jax.scipy.spatial.transform.Slerp):
    `Slerp.init(times, rotations)`, then call it with times."""

    times: typing.Any
    timedelta: typing.Any
    rotations: Rotation  # the key rotations but the last
    rotvecs: typing.Any  # from each key rotation to the next

    @classmethod
    def init(cls, times, rotations: Rotation):
        """Interpolates between `rotations` (at least 2) placed at increasing `times`."""
        if not isinstance(rotations, Rotation):
            raise MeshjitTypeError("`rotations` must be a `Rotation` instance.")
        if rotations.single or len(rotations) == 1:
            raise MeshjitValueError("`rotations` must be a sequence of at least 2 rotations.")
        times = jnp.asarray(times, dtype=rotations.quat.dtype)
        if times.ndim != 1:
            raise MeshjitValueError(
                "Expected times to be specified in a 1 dimensional array, got "
                f"{times.ndim} dimensions."
            )
        if times.shape[0] != len(rotations):
            raise MeshjitValueError(
                "Expected number of rotations to be equal to number of timestamps given, got "
                f"{len(rotations)} rotations and {times.shape[0]} timestamps."
            )
        # Times must increase; JAX does not check (it would need concrete times).
        quats = rotations.as_quat()
        starts = Rotation(quats[:-1])
        steps = starts.inv() * Rotation(quats[1:])
        return cls(times, jnp.diff(times), starts, steps.as_rotvec())

    def __call__(self, times):
        """The interpolated rotation(s) at `times` (a scalar or 1-D)."""
        at = jnp.asarray(times, dtype=self.times.dtype)
        if at.ndim > 1:
            raise MeshjitValueError("`times` must be at most 1-dimensional.")
        single_time = at.ndim == 0
        at = jnp.atleast_1d(at)
        ind = jnp.maximum(jnp.searchsorted(self.times, at) - 1, 0)
        alpha = (at - self.times[ind]) / self.timedelta[ind]
        step = Rotation.from_rotvec(self.rotvecs[ind] * alpha[:, None])
        result = self.rotations[ind] * step
        return result[0] if single_time else result


def _select(flag, if_true, if_false):
    """`if_true()` or `if_false()`: chosen in Python for a Python or NumPy flag, by `where` for
    a traced one."""
    if isinstance(flag, (bool, int, np.bool_, np.integer)):
        return if_true() if flag else if_false()
    return jnp.where(flag, if_true(), if_false())


def _euler_axes(seq: str) -> tuple[tuple[int, ...], bool]:
    """(the axes' indices, whether intrinsic) of an Euler sequence such as 'xyz' or 'ZXZ'."""
    intrinsic = re.match(r"^[XYZ]{1,3}$", seq) is not None
    extrinsic = re.match(r"^[xyz]{1,3}$", seq) is not None
    if not (intrinsic or extrinsic):
        raise MeshjitValueError(
            f"Expected axes from `seq` to be from ['x', 'y', 'z'] or ['X', 'Y', 'Z'], got {seq}"
        )
    if any(a == b for a, b in zip(seq, seq[1:])):
        raise MeshjitValueError(f"Expected consecutive axes to be different, got {seq}")
    return tuple("xyz".index(axis) for axis in seq.lower()), intrinsic


# ---------------------------------------------------------------------------------------------
# One-rotation kernels, vectorized over leading dimensions.


def _norm(vector):
    return jnp.sqrt(jnp.dot(vector, vector))


@_gufunc("(n)->(n)")
def _normalize(quat):
    return quat / _norm(quat)


@_gufunc("(n)->(n)")
def _conjugate(quat):
    return quat * jnp.array([-1, -1, -1, 1], dtype=quat.dtype)


@_gufunc("(n),(n)->(n)")
def _compose(p, q):
    cross = jnp.cross(p[:3], q[:3])
    vector = [p[3] * q[i] + q[3] * p[i] + cross[i] for i in range(3)]
    scalar = p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2]
    return jnp.stack([*vector, scalar])


@_gufunc("(n)->(n)")
def _canonical(quat):
    """`quat` or `-quat`, whichever has w > 0 (or, w being 0, the first nonzero of x, y, z)."""
    neg, zero = quat < 0, quat == 0
    flip = (
        neg[3]
        | (zero[3] & neg[0])
        | (zero[3] & zero[0] & neg[1])
        | (zero[3] & zero[0] & zero[1] & neg[2])
    )
    return jnp.where(flip, -quat, quat)


@_gufunc("(n)->()")
def _magnitude(quat):
    return 2.0 * jnp.arctan2(_norm(quat[:3]), jnp.abs(quat[3]))


@_gufunc("(m,m),(m)->(m)")
def _apply_matrix(matrix, vector):
    return matrix @ vector


@_gufunc("(m)->(n,n)")
def _matrix_from_quat(quat):
    x, y, z, w = quat[0], quat[1], quat[2], quat[3]
    x2, y2, z2, w2 = x * x, y * y, z * z, w * w
    xy, zw, xz, yw, yz, xw = x * y, z * w, x * z, y * w, y * z, x * w
    rows = [
        [x2 - y2 - z2 + w2, 2 * (xy - zw), 2 * (xz + yw)],
        [2 * (xy + zw), -x2 + y2 - z2 + w2, 2 * (yz - xw)],
        [2 * (xz - yw), 2 * (yz + xw), -x2 - y2 + z2 + w2],
    ]
    return jnp.stack([jnp.stack(row) for row in rows])


@_gufunc("(m,m)->(n)")
def _quat_from_matrix(matrix):
    """Shepperd's method: built from the largest of the diagonal and the trace."""
    trace = matrix[0, 0] + matrix[1, 1] + matrix[2, 2]
    decision = jnp.stack([matrix[0, 0], matrix[1, 1], matrix[2, 2], trace])
    choice = jnp.argmax(decision)
    i = choice
    j = (i + 1) % 3
    k = (j + 1) % 3
    from_diagonal = (
        jnp.zeros(4, dtype=matrix.dtype)
        .at[i]
        .set(1 - trace + 2 * matrix[i, i])
        .at[j]
        .set(matrix[j, i] + matrix[i, j])
        .at[k]
        .set(matrix[k, i] + matrix[i, k])
        .at[3]
        .set(matrix[k, j] - matrix[j, k])
    )
    from_trace = jnp.stack(
        [
            matrix[2, 1] - matrix[1, 2],
            matrix[0, 2] - matrix[2, 0],
            matrix[1, 0] - matrix[0, 1],
            1 + trace,
        ]
    )
    return _normalize(jnp.where(choice != 3, from_diagonal, from_trace))


@_gufunc("(m)->(n)")
def _quat_from_mrp(mrp):
    squared_plus_1 = jnp.dot(mrp, mrp) + 1
    return jnp.concatenate([2 * mrp[:3], (2 - squared_plus_1)[None]]) / squared_plus_1


@_gufunc("(m)->(n)")
def _mrp_from_quat(quat):
    sign = jnp.where(quat[3] < 0, -1.0, 1.0)
    return sign * quat[:3] / (1.0 + sign * quat[3])


@_gufunc("(m)->(n)")
def _quat_from_rotvec(rotvec):
    angle = _norm(rotvec)
    angle2 = angle * angle
    small_scale = 0.5 - angle2 / 48 + angle2 * angle2 / 3840  # Taylor series near 0
    scale = jnp.where(angle <= 1e-3, small_scale, jnp.sin(angle / 2) / angle)
    return jnp.concatenate([scale * rotvec, jnp.cos(angle / 2)[None]])


@_gufunc("(m),()->(n)")
def _rotvec_from_quat(quat, degrees):
    quat = jnp.where(quat[3] < 0, -quat, quat)  # w >= 0, so the angle is in [0, pi]
    angle = 2.0 * jnp.arctan2(_norm(quat[:3]), quat[3])
    angle2 = angle * angle
    small_scale = 2 + angle2 / 12 + 7 * angle2 * angle2 / 2880  # Taylor series near 0
    scale = jnp.where(angle <= 1e-3, small_scale, angle / jnp.sin(angle / 2))
    scale = _select(degrees, lambda: jnp.rad2deg(scale), lambda: scale)
    return scale * quat[:3]


def _elementary_quat(axis: int, angle):
    """The rotation by `angle` about axis 0, 1 or 2."""
    half = angle / 2.0
    return jnp.zeros(4, dtype=angle.dtype).at[3].set(jnp.cos(half)).at[axis].set(jnp.sin(half))


@_gufunc("(m)->(n)", excluded=(1, 2))
def _quat_from_euler(angles, axes: tuple[int, ...], intrinsic: bool):
    result = _elementary_quat(axes[0], angles[0])
    for index in range(1, len(axes)):
        quat = _elementary_quat(axes[index], angles[index])
        result = _compose(result, quat) if intrinsic else _compose(quat, result)
    return result


@_gufunc("(m)->(n)", excluded=(1, 2))
def _euler_from_quat(quat, axes: tuple[int, ...], extrinsic: bool):
    """Bernardes and Viollet's method (as scipy and JAX): angles in (-pi, pi]."""
    first, third = (0, 2) if extrinsic else (2, 0)
    i, j, k = axes if extrinsic else axes[::-1]
    symmetric = i == k
    if symmetric:
        k = 3 - i - j
    sign = float((i - j) * (j - k) * (k - i) // 2)  # the permutation's parity
    if symmetric:
        a, b, c, d = quat[3], quat[i], quat[j], quat[k] * sign
    else:
        a = quat[3] - quat[j]
        b = quat[i] + quat[k] * sign
        c = quat[j] + quat[3]
        d = quat[k] * sign - quat[i]
    middle = 2 * jnp.arctan2(jnp.hypot(c, d), jnp.hypot(a, b))
    eps = 1e-7
    case = jnp.where(jnp.abs(middle - np.pi) <= eps, 2, 0)
    case = jnp.where(jnp.abs(middle) <= eps, 1, case)  # 1 and 2 are gimbal lock
    half_sum = jnp.arctan2(b, a)
    half_diff = jnp.arctan2(d, c)
    locked = jnp.where(case == 1, 2 * half_sum, 2 * half_diff * (-1 if extrinsic else 1))
    angles = [locked, middle, jnp.zeros_like(middle)]
    angles[first] = jnp.where(case == 0, half_sum - half_diff, angles[first])
    angles[third] = jnp.where(case == 0, half_sum + half_diff, angles[third])
    if not symmetric:
        angles[third] = angles[third] * sign
        angles[1] = angles[1] - np.pi / 2
    return (jnp.stack(angles) + np.pi) % (2 * np.pi) - np.pi
