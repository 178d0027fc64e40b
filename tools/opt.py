"""meshjit-opt: parse, verify, run passes over .mlir files, mlir-opt style."""

import sys


def main(argv=None) -> int:
    print("meshjit-opt: not implemented yet", file=sys.stderr)
    return 1
