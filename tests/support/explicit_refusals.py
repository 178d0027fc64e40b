"""What the Explicit-axes refusal tests share: a 2x4 mesh of Explicit axes, an f32[8@a,8@b]
array on it, and a refusal's message and notes."""

import numpy as np
import pytest

import meshjit
from meshjit.compiler.errors import ShardingTypeError
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P


def explicit_mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"))


def sharded_square(mesh):
    return meshjit.device_put(
        np.arange(64.0, dtype=np.float32).reshape(8, 8), NamedSharding(mesh, P("a", "b"))
    )


def refusal(mesh, f) -> tuple[str, list]:
    """The message and notes of the ShardingTypeError `f()` raises under `set_mesh(mesh)`."""
    with meshjit.set_mesh(mesh), pytest.raises(ShardingTypeError) as info:
        f()
    return str(info.value), getattr(info.value, "__notes__", [])
