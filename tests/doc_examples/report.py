"""`make doc-examples`: runs every docstring of the corpus under meshjit and prints, per JAX
module, how many pass, fail and are skipped, then each failure's first error line.

    python -m tests.doc_examples.report [--match SUBSTRING] [--skips] [--json PATH]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from tests.doc_examples import corpus, runner  # noqa: E402


def outcome(record) -> tuple[str, str]:
    """('pass' | 'fail' | 'xfail' | 'xpass' | 'skip', detail)."""
    reason = corpus.skip_reason(record)
    if reason:
        return "skip", reason
    result = runner.run_record(record)
    expected = corpus.expected_failure(record)
    if expected:
        return ("xfail", expected) if not result.passed else ("xpass", expected)
    return ("pass", "") if result.passed else ("fail", result.error)


def print_table(outcomes):
    table = collections.defaultdict(collections.Counter)
    for record, (kind, _) in outcomes:
        table[record["module"]][kind] += 1
    kinds = ("pass", "fail", "xfail", "xpass", "skip")
    print(f"{'module':32}" + "".join(f"{k:>7}" for k in kinds))
    for module in sorted(table):
        print(f"{module:32}" + "".join(f"{table[module][k]:7}" for k in kinds))
    total = collections.Counter()
    for counts in table.values():
        total.update(counts)
    print(f"{'total':32}" + "".join(f"{total[k]:7}" for k in kinds))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", default="", help="run only names containing this")
    parser.add_argument("--skips", action="store_true", help="also list skipped docstrings")
    parser.add_argument("--json", help="write {name: [outcome, detail]} here")
    args = parser.parse_args(argv)
    records = [r for r in corpus.records() if args.match in r["name"]]
    outcomes = [(r, outcome(r)) for r in records]
    for record, (kind, detail) in outcomes:
        if kind in ("fail", "xpass") or (args.skips and kind in ("skip", "xfail")):
            print(f"{kind.upper():5} {record['name']}: {detail[:160]}")
    print_table(outcomes)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({r["name"]: o for r, o in outcomes}, f, indent=1)
    return 1 if any(kind in ("fail", "xpass") for _, (kind, _) in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
