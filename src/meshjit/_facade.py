# ruff: noqa: F401  (the facade re-exports: every import is a name of meshjit)
"""The facade's names (jit, grad, numpy, lax, ...), loaded by `meshjit/__init__.py` on first
use: `meshjit.<name>`, `from meshjit import <name>` or the import of a facade submodule.
Not for import by anything else."""

import os as _os
import sys as _sys
import types as _types

from meshjit import (  # noqa: E402
    ad_checkpoint,
    core,
    custom_batching,
    custom_derivatives,
    debug,
    distributed,
    dlpack,
    dtypes,
    errors,
    experimental,
    export,
    extend,
    ffi,
    flatten_util,
    image,
    interpreters,
    lax,
    monitoring,
    nn,
    numpy,
    ops,
    profiler,
    random,
    ref,
    scipy,
    sharding,
    stages,
    test_util,
    tree,
    tree_util,
    typing,
    version,
)
from meshjit.compiler.ad.api import (
    float0,
    grad,
    jvp,
    linear_transpose,
    linearize,
    value_and_grad,
    vjp,
)
from meshjit.compiler.ad.checkpoint import checkpoint, checkpoint_policies, remat
from meshjit.compiler.ad.custom_derivatives import closure_convert_api as closure_convert
from meshjit.compiler.ad.custom_derivatives import (
    custom_gradient,
    custom_jvp,
    custom_vjp,
)
from meshjit.compiler.api_util import alias as _alias
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.batching.jacobians import hessian, jacfwd, jacobian, jacrev
from meshjit.compiler.config import CONTEXT_MANAGERS as _CONTEXT_MANAGERS  # noqa: E402
from meshjit.compiler.config import config, make_user_context
from meshjit.compiler.errors import (
    MeshjitError,
    MeshjitNameError,
    MeshjitOverflowError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.jit.api import (
    ShapeDtypeStruct,
    clear_caches,
    disable_jit,
    ensure_compile_time_eval,
    eval_shape,
    fwd_and_bwd,
    jit,
    make_jaxpr,
    named_call,
    named_scope,
    typeof,
)
from meshjit.compiler.jit.modules import CompiledModule, compile_module, load_module
from meshjit.compiler.lax.callbacks import pure_callback
from meshjit.compiler.numpy.index_plan import dslice as ds
from meshjit.compiler.parallel.explicit import reshard
from meshjit.compiler.parallel.pmap import pmap
from meshjit.compiler.parallel.shard_map import shard_map
from meshjit.compiler.parallel.sharding import MemorySpace as _MemorySpace
from meshjit.compiler.parallel.sharding import NamedSharding, P, make_mesh, set_mesh
from meshjit.compiler.parallel.smap import smap
from meshjit.compiler.parallel.visualize import visualize_sharding
from meshjit.compiler.runtime.array import PublicArray as Array
from meshjit.compiler.runtime.array import Shard, live_arrays
from meshjit.compiler.runtime.client import (
    Device,
    default_backend,
    devices,
    print_environment_info,
)
from meshjit.compiler.runtime.device_put import (
    block_until_ready,
    copy_to_host_async,
    device_get,
)
from meshjit.compiler.runtime.device_put import device_put_api as device_put
from meshjit.compiler.runtime.dispatch import effects_barrier
from meshjit.compiler.runtime.distributed import (
    device_count,
    local_device_count,
    local_devices,
    process_count,
    process_index,
    process_indices,  # noqa: E402
)
from meshjit.compiler.runtime.multihost import (
    make_array_from_callback,
    make_array_from_process_local_data,
    make_array_from_single_device_arrays,
)
from meshjit.compiler.state.ref import Ref, empty_ref, free_ref, freeze, new_ref

globals().update(_CONTEXT_MANAGERS)  # debug_nans, numpy_rank_promotion, ... (JAX's names)
host_id, host_count, host_ids = (  # older names: functions of their own, as JAX's
    _alias(process_index, "host_id"),
    _alias(process_count, "host_count"),
    _alias(process_indices, "host_ids"),
)

# meshjit's __all__ (set by meshjit/__init__.py when it loads these names).
# `jax.memory`: a namespace (not a module) holding the memory spaces device_put takes.
memory = _types.SimpleNamespace(Space=_MemorySpace)

NAMES = [
    "Array",
    "live_arrays",
    "custom_batching",
    "Device",
    "clear_caches",
    "closure_convert",
    "custom_gradient",
    "default_backend",
    "disable_jit",
    "ds",
    "dtypes",
    "effects_barrier",
    "ensure_compile_time_eval",
    "errors",
    "float0",
    "named_call",
    "named_scope",
    "print_environment_info",
    "typing",
    "version",
    "CompiledModule",
    "compile_module",
    "load_module",
    "MeshjitError",
    "MeshjitNameError",
    "MeshjitOverflowError",
    "MeshjitTypeError",
    "MeshjitValueError",
    "NamedSharding",
    "P",
    "ShapeDtypeStruct",
    "ad_checkpoint",
    "core",
    "interpreters",
    "block_until_ready",
    "copy_to_host_async",
    "custom_derivatives",
    "dlpack",
    "monitoring",
    "checkpoint",
    "checkpoint_policies",
    "config",
    "custom_jvp",
    "custom_vjp",
    "device_count",
    "device_get",
    "debug",
    "device_put",
    "devices",
    "distributed",
    "experimental",
    "image",
    "eval_shape",
    "export",
    "extend",
    "ffi",
    "flatten_util",
    "fwd_and_bwd",
    "grad",
    "hessian",
    "jacfwd",
    "jacobian",
    "jacrev",
    "jvp",
    "linear_transpose",
    "linearize",
    "local_device_count",
    "local_devices",
    "jit",
    "make_array_from_callback",
    "make_array_from_process_local_data",
    "make_array_from_single_device_arrays",
    "make_mesh",
    "memory",
    "make_user_context",
    "pure_callback",
    "reshard",
    "set_mesh",
    "Shard",
    "shard_map",
    "smap",
    "scipy",
    "sharding",
    "stages",
    "test_util",
    "visualize_sharding",
    "lax",
    "make_jaxpr",
    "nn",
    "numpy",
    "ops",
    "pmap",
    "profiler",
    "process_count",
    "process_index",
    "random",
    "ref",
    "Ref",
    "new_ref",
    "empty_ref",
    "freeze",
    "free_ref",
    "remat",
    "tree",
    "typeof",
    "tree_util",
    "value_and_grad",
    "vjp",
    "vmap",
    "host_count",
    "host_id",
    "host_ids",
    "process_indices",
    *_CONTEXT_MANAGERS,
]


def _api_boundaries() -> None:
    """Every facade module's public functions filter meshjit's frames out of the tracebacks of
    the exceptions they raise (compiler/traceback_util.py)."""
    from meshjit.compiler.traceback_util import wrap_public

    here = _os.path.dirname(__file__) + _os.sep
    for module in list(_sys.modules.values()):
        if getattr(module, "__name__", "").startswith("meshjit") and str(
            getattr(module, "__file__", "")
        ).startswith(here):
            wrap_public(module)
            _getattr_boundary(module)


def _getattr_boundary(module) -> None:
    """A module's `__getattr__` (removed names, lazy loading) as an API boundary: a missing
    name's AttributeError then ends on the user's line, as for a module without one."""
    from meshjit.compiler.traceback_util import api_boundary

    hook = vars(module).get("__getattr__")
    if hook is not None:
        module.__getattr__ = api_boundary(hook)
