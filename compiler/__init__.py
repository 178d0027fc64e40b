"""meshjit.compiler."""

import os as _os

from meshjit.compiler.errors import register_internal_dir as _register

_register(_os.path.dirname(__file__))
