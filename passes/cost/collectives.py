"""Bytes one device moves in each collective over n devices, from the bytes of its shard (of
the collective's input for all-gather and all-to-all, of the partial result for all-reduce)."""

from __future__ import annotations

ALL_GATHER, ALL_TO_ALL, ALL_REDUCE = "all-gather", "all-to-all", "all-reduce"


def all_gather_bytes(local_bytes: float, n: int) -> float:
    return local_bytes * (n - 1)


def all_to_all_bytes(local_bytes: float, n: int) -> float:
    return local_bytes * (n - 1) / n


def all_reduce_bytes(local_bytes: float, n: int) -> float:
    return 2.0 * local_bytes * (n - 1) / n


COLLECTIVE_BYTES = {
    ALL_GATHER: all_gather_bytes,
    ALL_TO_ALL: all_to_all_bytes,
    ALL_REDUCE: all_reduce_bytes,
}
