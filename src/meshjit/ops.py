"""meshjit.ops: segment reductions (implemented in meshjit.compiler.numpy.segments)."""

from meshjit.compiler.numpy.segments import segment_max, segment_min, segment_prod, segment_sum

__all__ = ["segment_max", "segment_min", "segment_prod", "segment_sum"]
