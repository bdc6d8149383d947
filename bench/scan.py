"""Scan one log with the built-in catalogue, as a diagnosis does, and print its throughput.

    python -m bench.scan LOG     ->  {"mb_per_s": ..., "seconds": ..., "bytes": ..., "matches": ...}

Run by bench/run.py in its own process, so that its peak RSS is the scan's alone. The time
counts reading the file and the scan, not the interpreter's start or loading the catalogue.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from agent.engine.signatures import builtin_catalogue
from collectors.logs import scan_log

CHUNK = 1 << 20


def chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            yield block


def main() -> None:
    path = Path(sys.argv[1])
    matcher = builtin_catalogue().line_matcher
    started = time.perf_counter()
    matcher.load_database()  # compiled once per machine, then loaded from the cache
    prepared = time.perf_counter() - started
    started = time.perf_counter()
    digest = scan_log(chunks(path), matcher, pod="bench", container="bench", year=2026)
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "mb_per_s": digest.bytes / seconds / 1e6,
                "seconds": seconds,
                "prepared": prepared,
                "bytes": digest.bytes,
                "lines": digest.lines,
                "matches": [[m.signature, m.line] for m in digest.matches],
            }
        )
    )


if __name__ == "__main__":
    main()
