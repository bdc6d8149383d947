"""Run a command and write its wall time and peak RSS to a file: the figures of the command alone.

    python -m bench.peak RESULT.json CMD [ARG ...]

Linux starts a child's peak RSS at its parent's size when it forks (the copied address space
counts, and exec keeps the high-water mark), so a child of bench/run.py - which has grown
while writing 500 MB of logs - would report at least that. Started from this small process
instead, the command's peak is its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time


def main() -> None:
    result, cmd = sys.argv[1], sys.argv[2:]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd)  # stdin, stdout and stderr are the caller's
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    with open(result, "w") as f:
        json.dump({"seconds": seconds, "maxrss_kb": usage.ru_maxrss, "code": os.waitstatus_to_exitcode(status)}, f)


if __name__ == "__main__":
    main()
