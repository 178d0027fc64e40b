"""Benchmarks (scripts); the helpers they share with the tests live in tests/support/."""
