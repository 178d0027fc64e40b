"""meshjit.lax: JAX's lax names."""

from meshjit.compiler.collectives import *  # noqa: F401,F403
from meshjit.compiler.control_flow import *  # noqa: F401,F403
from meshjit.compiler.lax import *  # noqa: F401,F403
from meshjit.compiler.lax_conv import *  # noqa: F401,F403
from meshjit.compiler.lax_extra import *  # noqa: F401,F403
from meshjit.compiler.lax_gather import *  # noqa: F401,F403
from meshjit.compiler.lax_more import *  # noqa: F401,F403
from meshjit.compiler.lax_sort import *  # noqa: F401,F403
from meshjit.compiler.lax_windowed import *  # noqa: F401,F403
from meshjit.compiler.sharding_ops import with_sharding_constraint  # noqa: F401
