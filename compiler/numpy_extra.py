"""Indexing, scatter, sorting, cumulative ops and einsum for meshjit.numpy (filled in later)."""

__all__: list[str] = []
