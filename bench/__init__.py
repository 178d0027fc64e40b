"""Benchmarks (scripts) and the helpers they share with the tests (bench/harness.py)."""
