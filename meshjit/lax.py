"""meshjit.lax: JAX's lax names."""

from meshjit.compiler.lax.control_flow import *  # noqa: F401,F403
from meshjit.compiler.lax.convolution import *  # noqa: F401,F403
from meshjit.compiler.lax.extra import *  # noqa: F401,F403
from meshjit.compiler.lax.gather_scatter import *  # noqa: F401,F403
from meshjit.compiler.lax.more import *  # noqa: F401,F403
from meshjit.compiler.lax.sort import *  # noqa: F401,F403
from meshjit.compiler.lax.windowed import *  # noqa: F401,F403
from meshjit.compiler.lax.wrappers import *  # noqa: F401,F403
from meshjit.compiler.parallel.collectives import *  # noqa: F401,F403
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401
