"""Filled in by its owner: see the module docstring in the final version."""

__all__: list[str] = []
