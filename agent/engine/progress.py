"""Progress and silence: which container reports a job's progress, and when its silence is a stall.

Pure functions over log digests and the catalogue's ``progress`` signatures.

- Progress is judged on the containers that report it: a log whose last lines hold progress
  lines (steps, iterations, epochs, a training bar, metric dicts, a server's answered
  requests). Containers that report none while another does - MPI workers that only run
  sshd, ranks other than 0 that print nothing after start-up - are quiet by design: their
  silence says nothing. When no container reports progress, all are judged (a job that hung
  before its first step); a Ready server (one with a readiness probe) never is.
- Silence is measured from the last timed line. Lines that arrived together at the end of a
  log - untimed lines after the last timestamp, or lines stamped with the last time or
  microseconds before it, as the runtime reads a block-buffered program's output or a
  replayed log in one chunk - were written some time before they were stamped: how long is
  unknown, and the silence is not measured. Lines milliseconds apart were written one by one.
- How long is too long follows the log's own pace: its usual gap between timed lines, or,
  when shorter, what its progress lines say (seconds per step times the steps between two
  progress lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from agent.engine.findings import StallPolicy, progress_lines
from agent.engine.signatures import Signature
from collectors.evidence import LogDigest, LogLine


@dataclass(frozen=True)
class Pace:
    """What one log says about progress."""

    digest: LogDigest
    last: LogLine | None
    """The last progress line among the log's last lines, if any."""
    seconds: float | None
    """How often progress is due, in seconds, by the log's own counters and rates."""
    arrived_together: int
    """Lines at the end of the log that arrived with its last timed line (after it)."""
    said: LogLine | None = None
    """The last line that says something: it has words or numbers (not blank, not a rule of
    stars or dashes), and it is no noise (a harmless warning, such as NCCL finding no InfiniBand
    library, tells nothing of where the process stands)."""
    awaits: bool = False
    """Whether that line announces a wait for the job's other processes (the process group
    being initialised): what follows it, when all have joined, comes within seconds."""

    @property
    def reports(self) -> bool:
        return self.last is not None

    def quiet(self, now: datetime) -> timedelta | None:
        return now - self.digest.last_time if self.digest.last_time is not None else None

    def due(self, policy: StallPolicy, floor: timedelta | None = None) -> timedelta:
        """The silence after which this log is stalled (never less than ``floor``, by default
        the policy's ``min_silence``)."""
        usual = [c for c in (self.digest.cadence, self.seconds) if c]
        floor = policy.min_silence if floor is None else floor
        return max(floor, timedelta(seconds=policy.cadence_factor * min(usual, default=0)))

    def measurable(self, policy: StallPolicy) -> bool:
        return self.digest.last_time is not None and self.arrived_together <= policy.max_untimed_tail


def pace(
    d: LogDigest,
    signatures: tuple[Signature, ...],
    policy: StallPolicy = StallPolicy(),
    noise: tuple[Signature, ...] = (),
    waiting: tuple[Signature, ...] = (),
) -> Pace:
    """Read a log's progress lines (in its tail), how its output arrived, and its last line
    that says something (``noise``: the signatures of lines that do not; ``waiting``: of
    lines that announce a wait for the job's other processes)."""
    hits = [(line, _numbers(line.text)) for line in progress_lines(d, signatures)]
    said = next(
        (ln for ln in reversed(d.tail) if _says_something(ln.text) and not any(s.search(ln.text) for s in noise)),
        None,
    )
    return Pace(
        d,
        _last_report(hits, policy.together),
        _between_epochs(d.tail, said) or _seconds_per_line(hits),
        _arrived_together(d.tail, d.last_time, policy.together, policy.chunk, whole=_whole(d)),
        said,
        said is not None and any(s.search(said.text) for s in waiting),
    )


def _says_something(text: str) -> bool:
    """Whether a line has words or numbers: a rule of stars, dashes or equals signs that closes a
    banner or a table says nothing of where the process stands."""
    return any(ch.isalnum() for ch in text)


def _last_report(hits: list[tuple[LogLine, dict[str, float]]], window: timedelta) -> LogLine | None:
    """The last progress line; of a report written as a block ("[Step 553061 / 720000]", then
    its loss lines, all at once), the line that counts the steps, which says where it stopped."""
    if not hits:
        return None
    last = hits[-1][0]
    counting = [line for line, n in hits if "step" in n]
    step = counting[-1] if counting else None
    if step is not None and step.time is not None and last.time is not None and last.time - step.time <= window:
        return step
    return last


# How progress lines state their pace and count their steps, as the common trainers print them:
# tqdm's "26.05s/it" and "2.27it/s", nanoGPT's "time 4608.49ms", Megatron's "elapsed time per
# iteration (ms): 1882.6", NeMo's "train_step_timing in s=43.9", BasicSR's "time (data): 0.386
# (0.002)" (seconds per iteration); a bar's "1610/8573 [", "step 900", "iteration 1100/",
# "global_step=74", BasicSR's "iter:  20,100" (thousands grouped), a benchmark's
# "1170\timages/sec", XGBoost's "[120]\t".
# Fixed readers of our own, applied only to the lines a progress signature recognised.
_COUNT = r"(\d{1,3}(?:,\d{3})+(?!\d)|\d+)"
_PACE = (
    (
        "sec",
        re.compile(r"([\d.]+)s/it\b|step_timing in s=([\d.]+)|\btime \(data\): ([\d.]+) \("),
    ),
    ("per_sec", re.compile(r"([\d.]+)it/s\b")),
    ("ms", re.compile(r"(?i)\btime[^\d\n]{0,30}([\d.]+)\s*ms\b|per iteration \(ms\):\s*([\d.]+)")),
    (
        "step",
        re.compile(
            r"(?i)(\d+)/\d+\s+\[|\b(?:global_)?(?:step|iter(?:ation)?)\b\s*[:=#]?\s*\[?\s*"
            + _COUNT
            + r"|^\s*(\d+)\s+(?:images|img|samples|tokens|sequences)/sec|\bIter #(\d+)|^\[(\d+)\]\s"
        ),
    ),
)


def _numbers(text: str) -> dict[str, float]:
    """What a progress line says of its pace: ``sec`` (seconds per step), ``per_sec`` (steps
    per second), ``ms`` (milliseconds per step) and ``step`` (its counter), those it states."""
    out: dict[str, float] = {}
    for meaning, reader in _PACE:
        m = reader.search(text)
        value = next((g for g in m.groups() if g), None) if m else None
        if value is not None:
            try:
                out[meaning] = float(value.replace(",", ""))
            except ValueError:
                continue
    return out


def _seconds_per_line(hits: list[tuple[LogLine, dict[str, float]]]) -> float | None:
    """Seconds per step (the last rate stated) times the steps between the last two progress
    lines that count steps - or the median step between consecutive ones when that is
    shorter (a pasted or cut log misses reports: one long gap is not its pace): when the
    next progress line was due."""
    per_step = None
    for _, n in reversed(hits):
        if "sec" in n:
            per_step = n["sec"]
        elif "per_sec" in n and n["per_sec"] > 0:
            per_step = 1 / n["per_sec"]
        elif "ms" in n:
            per_step = n["ms"] / 1000
        if per_step:
            break
    if not per_step:
        return None
    steps = [n["step"] for _, n in hits if "step" in n]
    last = steps[-1] - steps[-2] if len(steps) >= 2 and steps[-1] > steps[-2] else 1
    deltas = sorted(b - a for a, b in zip(steps, steps[1:], strict=False) if b > a)
    return per_step * min(last, deltas[len(deltas) // 2] if deltas else last)


# Keras writing to a file or a pipe prints one line an epoch: its header "Epoch 2/800", and at
# its end the bar's final state "1000/1000 [====] - 1143s 1s/step - loss: 0.0176" (Keras 3:
# "━━━━" for the bar; verbose=2: "1000/1000 - 1143s - loss: 0.0176 - 1s/step"). Between them
# an epoch of silence is its pace; after an epoch's last line the next header follows at once.
_EPOCH_HEADER = re.compile(r"^\s*Epoch (\d+)/(\d+)\s*$")
_EPOCH_END = re.compile(r"^\s*(\d+)/\1\s+(?:\[=+\]\s+|━+\s+)?(?:-\s+)?\d+m?s\b")
_PER_STEP = re.compile(r"\b([\d.]+)(m?s)/step\b")


def _between_epochs(tail: list[LogLine], said: LogLine | None) -> float | None:
    """Seconds per step when the log's last words end an epoch that is not the last (see
    ``_EPOCH_END``): the next epoch's header and steps are due at that pace, not after another
    epoch - a run silent there hangs in its epoch-end work (a callback, a save)."""
    if said is None or not _EPOCH_END.match(said.text):
        return None
    header = next((m for line in reversed(tail) if (m := _EPOCH_HEADER.match(line.text))), None)
    rate = _PER_STEP.search(said.text)
    if header is None or int(header[1]) >= int(header[2]) or rate is None:
        return None
    try:
        return float(rate[1]) / (1000 if rate[2] == "ms" else 1)
    except ValueError:
        return None


# A program that writes each report as a block of lines (Detectron's four-line stats every 20
# steps) has every block arrive together, the last one too: that is how it writes, not a buffer
# flushed late. A final block is its usual unit when the blocks before it in the tail, this many
# at least, had its very size; and only a small block is a report (a flushed buffer holds many
# lines, however regular).
USUAL_BLOCKS = 3
MAX_REPORT_BLOCK = 8


def _whole(d: LogDigest) -> bool:
    """Whether the tail holds the whole log, nothing cut before it."""
    return not d.limited and len(d.tail) >= d.lines


def _arrived_together(
    tail: list[LogLine], last_time: datetime | None, window: timedelta, chunk: timedelta, whole: bool = False
) -> int:
    """Lines after the first of the final run: the last timed line and the timed lines before
    it, each stamped within ``chunk`` of the next and all within ``window`` of ``last_time``,
    with the untimed lines among and after them - a live log's kubelet stamps every line, a
    buffered or replayed one all at once. 0 when that run is the log's usual block (see
    ``USUAL_BLOCKS``) or smaller than a buffer (see ``BUFFER_BYTES``)."""
    if last_time is None:
        return 0
    run_start, later = None, last_time
    for i in range(len(tail) - 1, -1, -1):
        t = tail[i].time
        if t is None:
            continue
        if t < last_time - window or abs(later - t) > chunk:
            break
        run_start, later = i, t
    if run_start is None:
        return 0
    together = len(tail) - 1 - run_start
    # The first block may be cut where the tail begins: only whole ones are compared.
    before = _blocks(tail[:run_start], chunk)[1:]
    size = together + 1
    if size <= MAX_REPORT_BLOCK and len(before) >= USUAL_BLOCKS and all(n == size for n in before[-USUAL_BLOCKS:]):
        return 0
    if (run_start > 0 or whole) and _one_write(tail[run_start:]):
        return 0
    return together


# A block-buffered writer (C stdio, Python's stdout to a pipe) flushes when its buffer is full,
# 4-8 KiB; a smaller run of lines the kubelet stamped as it read them (each its own time,
# microseconds apart) was written at once on purpose - a table, a multi-line message, a logging
# handler that flushes every record - when it was stamped. Lines sharing one time to the
# nanosecond were not stamped as read: their time was rebuilt (a replayed log, a reader's
# guess for untimed lines), and when they were written is unknown.
BUFFER_BYTES = 4096


def _one_write(run: list[LogLine]) -> bool:
    """Whether a run of lines that arrived together, seen whole (a line before it in the tail,
    or the log's first line), each stamped as read, is too small to be a full buffer."""
    times = [line.time for line in run]
    if any(t is None for t in times) or len(set(times)) < len(times):
        return False
    return sum(len(line.text.encode()) + 1 for line in run) < BUFFER_BYTES


def _blocks(lines: list[LogLine], chunk: timedelta) -> list[int]:
    """How many lines each run of lines that arrived together holds, in order: a timed line
    more than ``chunk`` after the timed line before it starts the next run; untimed lines
    belong to the run they follow."""
    sizes: list[int] = []
    previous: datetime | None = None
    for line in lines:
        if line.time is not None:
            if previous is None or abs(line.time - previous) > chunk:
                sizes.append(0)
            previous = line.time
        if sizes:
            sizes[-1] += 1
    return sizes
