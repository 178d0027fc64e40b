"""meshjit-lower: a Python function -> jaxpr / StableHLO / bytecode."""

import sys


def main(argv=None) -> int:
    print("meshjit-lower: not implemented yet", file=sys.stderr)
    return 1
