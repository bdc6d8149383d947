"""Hostile-input fuzzing: mutated snapshots through the real CLI, in a child process each.

A seeded mutator takes the repo's cases (tests/cases, tests/kinds), breaks their
``objects.yaml``, ``snapshot.yaml`` and logs the ways a colleague's or an attacker's snapshot
can be broken - wrong types anywhere in an object, truncated or binary files, NUL bytes,
UTF-16, huge lines, alias bombs, deep nesting, symlinks out of the snapshot, FIFOs, folders
where files belong - and runs ``jobdoctor diagnose``, ``prompt`` or ``capture --snapshot`` on
each. Every run must end in exit 0 or 3, with no traceback and no "internal error", within
the time limit and under the memory limit, and must never show what a symlink points at.

Each mutant runs in a forked child of one warmed-up process (modules imported, catalogue
compiled), so a run costs its diagnosis, not Python's start-up; the parent kills a child
that outlives ``--timeout`` and reads its peak RSS with ``wait4``::

    python -m tests.fuzz --mutants 5000            # the long run (outside CI); about 15 min on 2 cores
    python -m tests.fuzz --mutants 300 --seed 7    # what tests/test_fuzz.py runs in CI
    python -m tests.fuzz --replay 1234 --keep DIR  # write mutant 1234 to DIR and print its command

The same seed and mutant number always give the same mutant.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import random
import resource
import shutil
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent
SEED_FOLDERS = (ROOT / "cases", ROOT / "kinds")
# What a symlinked log points at: if this text reaches any output, the snapshot leaked a file.
MARKER = "HOSTILE-OUTSIDE-FILE-7f3a torch.OutOfMemoryError: CUDA out of memory."
# A run that takes longer is a hang; one that grows past this peak RSS is unbounded.
DEFAULT_TIMEOUT = 20.0
MAX_RSS_MB = 500
# The child's address-space limit: far above MAX_RSS_MB, only so a runaway child cannot take
# the machine down before the parent sees it.
CHILD_ADDRESS_SPACE = 2 << 30
PARENT_ADDRESS_SPACE = 3 << 30
# Fields the code reads: a mutation lands on one of them half of the time.
HOT_KEYS = frozenset(
    {
        "metadata",
        "name",
        "namespace",
        "uid",
        "labels",
        "annotations",
        "ownerReferences",
        "controller",
        "kind",
        "apiVersion",
        "creationTimestamp",
        "deletionTimestamp",
        "resourceVersion",
        "spec",
        "status",
        "nodeName",
        "containers",
        "initContainers",
        "containerStatuses",
        "initContainerStatuses",
        "state",
        "lastState",
        "terminated",
        "waiting",
        "running",
        "exitCode",
        "signal",
        "reason",
        "message",
        "startedAt",
        "finishedAt",
        "restartCount",
        "ready",
        "image",
        "phase",
        "conditions",
        "type",
        "lastTransitionTime",
        "involvedObject",
        "regarding",
        "series",
        "count",
        "deprecatedCount",
        "firstTimestamp",
        "lastTimestamp",
        "eventTime",
        "note",
        "replicaStatuses",
        "replicas",
        "active",
        "succeeded",
        "failed",
        "completions",
        "suspend",
        "replicatedJobs",
        "template",
        "parallelism",
        "restarts",
        "jobDeploymentStatus",
        "jobStatus",
        "rayClusterSpec",
        "workerGroupSpecs",
        "minReplicas",
        "tasks",
        "minMember",
        "queue",
        "queueName",
        "admission",
        "clusterQueue",
        "hard",
        "used",
        "env",
        "value",
        "items",
        "startTime",
        "completionTime",
        "endTime",
        "pytorchReplicaSpecs",
        "tfReplicaSpecs",
        "mpiReplicaSpecs",
        "xgbReplicaSpecs",
        "paddleReplicaSpecs",
        "jaxReplicaSpecs",
    }
)


def _values(rng: random.Random) -> list[Any]:
    return [
        None,
        0,
        -1,
        2**70,
        1.5,
        float("inf"),
        float("nan"),
        True,
        False,
        "",
        "x",
        "2026-13-45",
        dt.date(2026, 1, 1),
        dt.datetime(2026, 1, 1, 10, 0),
        [],
        ["x"],
        [1, [2, [3]]],
        {},
        {"a": 1},
        {"name": 5},
        [{"x": None}],
        "\x1b[31m\u202e" + "é" * rng.randint(1, 40),
        "a" * rng.randint(1000, 300_000),
        "line\nline\r\n\x00x",
        {1: 2, "k": [None]},
        [[]] * 3,
    ]


@dataclass
class Mutant:
    number: int
    case: str
    command: list[str]
    mutations: list[str] = field(default_factory=list)


def seeds() -> list[tuple[Path, dict[str, Any]]]:
    found = []
    for folder in SEED_FOLDERS:
        for expected in sorted(folder.glob("*/expected.yaml")):
            found.append((expected.parent, yaml.safe_load(expected.read_text(encoding="utf-8"))))
    return found


# -- mutations ------------------------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = (), seen: set[int] | None = None) -> list[tuple[Any, ...]]:
    """Every path into ``value``; a node shared or nested in itself (YAML aliases) is entered once."""
    seen = set() if seen is None else seen
    out = [prefix]
    if isinstance(value, (dict, list)):
        if id(value) in seen or len(prefix) > 50:
            return out
        seen.add(id(value))
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k), seen))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*prefix, i), seen))
    return out


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = root
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return root


def _get(root: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        root = root[key]
    return root


def _delete(root: Any, path: tuple[Any, ...]) -> None:
    parent = _get(root, path[:-1])
    del parent[path[-1]]


def mutate_objects(docs: list[Any], rng: random.Random) -> str:
    """One structural change to the parsed documents; returns what it did."""
    paths = [p for p in _paths(docs) if p]
    if not paths:
        return "nothing"
    hot = [p for p in paths if isinstance(p[-1], str) and p[-1] in HOT_KEYS]
    path = rng.choice(hot if hot and rng.random() < 0.5 else paths)
    op = rng.random()
    if op < 0.55:
        value = rng.choice(_values(rng))
        _set(docs, path, value)
        return f"set {_dotted(path)} = {_short(value)}"
    if op < 0.7 and len(path) > 1:
        _delete(docs, path)
        return f"delete {_dotted(path)}"
    if op < 0.8:
        old = _get(docs, path)
        new = list(old.values()) if isinstance(old, dict) else ({"0": old} if isinstance(old, list) else [old])
        _set(docs, path, new)
        return f"reshape {_dotted(path)}"
    items = _items(docs)
    if op < 0.9 and items:
        # A second copy of an object, changed: the conflicting copies a merged snapshot holds.
        import copy

        twin = copy.deepcopy(rng.choice(items))
        if isinstance(twin, dict):
            twin["status"] = rng.choice(_values(rng))
        items.insert(rng.randrange(len(items) + 1), twin)
        return "duplicate an object"
    if items:
        items.insert(rng.randrange(len(items) + 1), rng.choice(_values(rng) + [{"kind": "Pod"}, {"apiVersion": 1}]))
        return "insert a junk item"
    return "nothing"


def _items(docs: list[Any]) -> list[Any]:
    for d in docs:
        if isinstance(d, dict) and isinstance(d.get("items"), list):
            return d["items"]  # type: ignore[no-any-return]
    return docs


def _dotted(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def text_mutation(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """A byte-level change to a file: what copying, editors and encodings do to text."""
    op = rng.randrange(12)
    n = len(data)
    at = rng.randrange(n + 1) if n else 0
    if op == 0:
        return data[:at], f"truncate at {at}"
    if op == 1:
        return data[:at] + b"\x00" * rng.randint(1, 64) + data[at:], "NUL bytes"
    if op == 2:
        return b"\xff\xfe" + data.decode("utf-8", "replace").encode("utf-16-le"), "UTF-16"
    if op == 3:
        return data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))) + data[at:], "random bytes"
    if op == 4:
        lines = data.split(b"\n")
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines), "delete a line"
    if op == 5:
        lines = data.split(b"\n")
        i = rng.randrange(len(lines))
        lines[i:i] = [lines[i]] * rng.randint(1, 3)
        return b"\n".join(lines), "repeat a line"
    if op == 6:
        return data + b"x" * rng.randint(1 << 20, 6 << 20), "huge last line"
    if op == 7:
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"), "BOM and CRLF"
    if op == 8:
        return data[:at] + b"\t" + data[at:], "a tab"
    if op == 9:
        return data[:at] + b"\n" * rng.randint(1, 5000) + data[at:], "blank lines"
    if op == 10:
        return data[:at] + "\u2028\u0085\r".encode() + data[at:], "odd line breaks"
    return b"", "empty"


def yaml_bomb(docs: list[Any], rng: random.Random) -> tuple[bytes, str]:
    """objects.yaml with an alias bomb, a recursive alias or deep nesting in one object."""
    items = [i for i in _items(docs) if isinstance(i, dict)]
    kind = rng.randrange(3)
    if kind == 2 or not items:
        depth = rng.choice([200, 5000, 50_000])
        text = yaml.safe_dump_all(docs, sort_keys=False).encode()
        return (
            text
            + b"---\nkind: Pod\napiVersion: v1\nmetadata: {name: deep}\nspec: "
            + b"[" * depth
            + b"]" * depth
            + b"\n"
        ), f"nesting {depth} deep"
    if kind == 0:  # the billion laughs: 9 ** 8 strings, written as 8 anchors and their aliases
        value: Any = ["lol"] * 9
        for _ in range(7):
            value = [value] * 9
        what = "alias bomb"
    else:
        value = []
        value.append(value)
        what = "recursive alias"
    target = rng.choice(items)
    meta = target.get("metadata")
    if isinstance(meta, dict):
        meta["annotations"] = {"bomb": value}
    else:
        target["spec"] = value
    return yaml.safe_dump_all(docs, sort_keys=False).encode(), what


def mutate_snapshot(snap: Path, rng: random.Random, outside: Path) -> list[str]:
    """Breaks ``snap`` in place, in one to three ways."""
    done: list[str] = []
    bombed = False
    logs = sorted(p for p in (snap / "logs").rglob("*.log")) if (snap / "logs").is_dir() else []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        target = rng.random()
        objects = snap / "objects.yaml"
        if target < 0.5 and objects.is_file() and not objects.is_symlink() and not bombed:
            raw = objects.read_bytes()
            r = rng.random()
            if r < 0.75:
                try:
                    docs = list(yaml.safe_load_all(raw))
                except yaml.YAMLError:
                    continue
                what = [mutate_objects(docs, rng) for _ in range(rng.choice([1, 1, 2, 4]))]
                objects.write_bytes(yaml.safe_dump_all(docs, sort_keys=False, allow_unicode=True).encode())
                done.append("objects.yaml: " + "; ".join(what))
            elif r < 0.85:
                try:
                    data, what = yaml_bomb(list(yaml.safe_load_all(raw)), rng)
                except yaml.YAMLError:
                    continue
                objects.write_bytes(data)
                done.append(f"objects.yaml: {what}")
                bombed = True  # parsed again, it would cost this process what it costs jobdoctor
            else:
                data, what = text_mutation(raw, rng)
                objects.write_bytes(data)
                done.append(f"objects.yaml: {what}")
        elif target < 0.85 and logs:
            log = rng.choice(logs)
            if not log.is_file() or log.is_symlink() or log.stat().st_size > 64 << 20:  # a sparse one
                continue
            r = rng.random()
            rel = log.relative_to(snap)
            if r < 0.6:
                data, what = text_mutation(log.read_bytes(), rng)
                log.write_bytes(data)
            elif r < 0.7:
                log.unlink()
                log.symlink_to(outside)
                what = "symlink out of the snapshot"
            elif r < 0.75:
                log.unlink()
                os.mkfifo(log)
                what = "a FIFO"
            elif r < 0.8:
                log.unlink()
                log.mkdir()
                what = "a directory"
            elif r < 0.85:
                log.chmod(0)
                what = "mode 000"
            elif r < 0.9:
                shutil.rmtree(snap / "logs")
                os.symlink(outside.parent, snap / "logs")
                done.append("logs/ is a symlink out of the snapshot")
                logs = []
                continue
            elif r < 0.95:
                with log.open("r+b") as f:  # sparse: a 2 GB hole after the text
                    f.truncate(2 << 30)
                what = "2 GB sparse"
            else:
                log.write_bytes(log.read_bytes() + b"\n" + b"y" * (20 << 20))
                what = "20 MB last line"
            done.append(f"{rel}: {what}")
        else:
            meta = snap / "snapshot.yaml"
            r = rng.randrange(8)
            choices: list[tuple[Callable[[Path], Any], str]] = [
                (lambda m: m.write_text("capturedAt: 2026-01-01\n"), "date-only capturedAt"),
                (lambda m: m.write_text("capturedAt: [1, 2]\n"), "capturedAt a list"),
                (lambda m: m.write_text("capturedAt: 17\n"), "capturedAt a number"),
                (lambda m: m.write_bytes(b"\x00\xff\xfe garbage"), "binary"),
                (lambda m: (m.unlink(missing_ok=True), m.mkdir()), "a directory"),
                (lambda m: (m.unlink(missing_ok=True), m.symlink_to(outside)), "a symlink"),
                (lambda m: m.write_text("- just\n- a list\n"), "a list"),
                (lambda m: m.write_text("capturedAt: '9999-12-31T23:59:59Z'\n"), "far future"),
            ]
            action, what = choices[r]
            if meta.is_dir():
                continue
            action(meta)
            done.append(f"snapshot.yaml: {what}")
    return done


def make_mutant(number: int, seed: int, cases: list[tuple[Path, dict[str, Any]]], work: Path) -> Mutant:
    rng = random.Random(seed * 1_000_003 + number)
    case, expected = rng.choice(cases)
    snap = work / "snapshot"
    shutil.copytree(case / "snapshot", snap, symlinks=True)
    outside = work / "outside" / "secret.log"
    outside.parent.mkdir(parents=True, exist_ok=True)
    outside.write_text(f"{MARKER}\n" * 3)
    mutations = mutate_snapshot(snap, rng, outside)
    target = [str(expected["kind"]), str(expected["name"]), "-n", str(expected["namespace"])]
    r = rng.random()
    if r < 0.6:
        command = ["diagnose", *target, "--snapshot", str(snap)] + (["-o", "json"] if rng.random() < 0.3 else [])
    elif r < 0.8:
        command = ["prompt", *target, "--snapshot", str(snap)]
    else:
        command = ["capture", *target, "--snapshot", str(snap), "--to", str(work / "captured")]
    return Mutant(number, case.name, command, mutations)


# -- running --------------------------------------------------------------------------------


@dataclass
class Outcome:
    mutant: Mutant
    code: int | None  # None: killed for taking too long
    seconds: float
    rss_mb: float
    stderr: str
    problem: str | None


def warm_up() -> None:
    """Imports and caches everything a run uses, once, before forking."""
    import agent.cli.app  # noqa: F401
    import agent.diagnosis  # noqa: F401
    import agent.review.prompting as prompting
    import collectors.capture  # noqa: F401
    from agent.engine.signatures import builtin_catalogue

    builtin_catalogue().line_matcher  # noqa: B018 - compiles the catalogue's patterns
    prompting.environment()


def drop_file_override() -> bool:
    """Makes this process, and what it executes, subject to file permissions even as root
    (drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH), so that a file of mode 000 is as
    unreadable to it as to a user. True when permissions now apply."""
    if os.geteuid() != 0:
        return True
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP: not regained by an exec

        class Header(ctypes.Structure):
            _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

        class Data(ctypes.Structure):
            _fields_ = [
                ("effective", ctypes.c_uint32),
                ("permitted", ctypes.c_uint32),
                ("inheritable", ctypes.c_uint32),
            ]

        header = Header(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
        data = (Data * 2)()
        if libc.capget(ctypes.byref(header), data) != 0:
            return False
        keep = ~0b110 & 0xFFFFFFFF
        data[0].effective &= keep
        data[0].permitted &= keep
        data[0].inheritable &= keep
        return bool(libc.capset(ctypes.byref(header), data) == 0)
    except (OSError, AttributeError):
        return False


def run_child(command: list[str], out: Path, err: Path) -> None:
    """In the forked child: the CLI, with its output in files; never returns."""
    try:
        resource.setrlimit(resource.RLIMIT_AS, (CHILD_ADDRESS_SPACE, CHILD_ADDRESS_SPACE))
        drop_file_override()  # mode 000 files are unreadable, as they would be to a user
        os.environ["HOME"] = str(out.parent / "home")
        fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        fd_err = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd_out, 1)
        os.dup2(fd_err, 2)
        os.close(0)
        from agent.cli.app import app

        sys.argv = ["jobdoctor", *command]
        try:
            app(prog_name="jobdoctor", args=command)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    except BaseException:  # noqa: BLE001 - the child reports anything and exits
        import traceback

        traceback.print_exc()
        sys.stderr.flush()
        os._exit(99)


def run_mutant(mutant: Mutant, work: Path, timeout: float) -> Outcome:
    out, err = work / "stdout", work / "stderr"
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        run_child(mutant.command, out, err)
    code: int | None = None
    rss = 0.0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            rss = usage.ru_maxrss / 1024
            break
        if time.monotonic() - start > timeout:
            os.kill(pid, signal.SIGKILL)
            _, _, usage = os.wait4(pid, 0)
            rss = usage.ru_maxrss / 1024
            break
        time.sleep(0.005)
    seconds = time.monotonic() - start
    stdout = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
    stderr = err.read_text(encoding="utf-8", errors="replace") if err.exists() else ""
    captured = ""
    if (work / "captured").is_dir():
        captured = "\n".join(
            p.read_text(encoding="utf-8", errors="replace")
            for p in (work / "captured").rglob("*")
            if p.is_file() and not p.is_symlink()
        )
    problem = None
    if code is None:
        problem = f"hung: killed after {timeout:g} s"
    elif code not in (0, 3):
        problem = f"exit {code}"
    elif "Traceback" in stderr or "internal error" in stderr:
        problem = "traceback or internal error"
    elif MARKER.split()[0] in stdout + stderr + captured:
        problem = "a file outside the snapshot was read"
    elif rss > MAX_RSS_MB:
        problem = f"peak RSS {rss:.0f} MB"
    return Outcome(mutant, code, seconds, rss, stderr.strip()[-2000:], problem)


def _fresh(path: Path) -> None:
    """Removes a mutant's folder, whatever it was made into (mode 000, FIFOs, symlinks)."""
    if not path.exists():
        return
    for p in path.rglob("*"):
        if not p.is_symlink():
            with contextlib.suppress(OSError):
                p.chmod(stat.S_IRWXU)
    shutil.rmtree(path, ignore_errors=True)


def fuzz(
    mutants: int,
    seed: int,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    jobs: int = 2,
    start: int = 0,
    report: Callable[[Outcome], None] | None = None,
) -> list[Outcome]:
    """Runs mutants ``start .. start + mutants - 1``; returns every outcome."""
    # This process mutates what it parses: on a machine shared with others, a bug in the
    # mutator must fail here, not take the machine's memory.
    resource.setrlimit(resource.RLIMIT_AS, (PARENT_ADDRESS_SPACE, PARENT_ADDRESS_SPACE))
    cases = seeds()
    warm_up()
    outcomes: list[Outcome] = []
    base = Path(tempfile.mkdtemp(prefix="jobdoctor-fuzz-"))
    try:
        from concurrent.futures import ThreadPoolExecutor

        def one(number: int) -> Outcome:
            work = base / str(number)
            work.mkdir()
            try:
                mutant = make_mutant(number, seed, cases, work)
                return run_mutant(mutant, work, timeout)
            finally:
                _fresh(work)

        # Threads only wait on children: the forks happen from this process, whose own
        # threads never import, lock or allocate while another forks.
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for outcome in pool.map(one, range(start, start + mutants)):
                outcomes.append(outcome)
                if report is not None:
                    report(outcome)
    finally:
        _fresh(base)
    return outcomes


def summary(outcomes: list[Outcome], seconds: float) -> dict[str, Any]:
    codes: dict[str, int] = {}
    for o in outcomes:
        codes[str(o.code)] = codes.get(str(o.code), 0) + 1
    return {
        "mutants": len(outcomes),
        "exit_codes": codes,
        "problems": sum(1 for o in outcomes if o.problem),
        "slowest_s": round(max((o.seconds for o in outcomes), default=0), 2),
        "peak_rss_mb": round(max((o.rss_mb for o in outcomes), default=0)),
        "wall_s": round(seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--start", type=int, default=0, help="first mutant number")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds before a run counts as hung")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--replay", type=int, help="write this mutant to --keep and print its command")
    parser.add_argument("--keep", type=Path, help="with --replay: where to write the mutant")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.replay is not None:
        keep = args.keep or Path(tempfile.mkdtemp(prefix="jobdoctor-mutant-"))
        keep.mkdir(parents=True, exist_ok=True)
        mutant = make_mutant(args.replay, args.seed, seeds(), keep)
        print(f"case {mutant.case}: {'; '.join(mutant.mutations)}")
        print("jobdoctor " + " ".join(mutant.command))
        return 0
    started = time.monotonic()
    # Killed with SIGTERM (a timeout, Ctrl-C's cousin), the run still removes its mutants.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))

    def report(o: Outcome) -> None:
        if o.problem:
            print(
                f"mutant {o.mutant.number} ({o.mutant.case}: {'; '.join(o.mutant.mutations)}): {o.problem}\n"
                f"  jobdoctor {' '.join(o.mutant.command[:4])} ...\n  {o.stderr[-500:]}",
                flush=True,
            )

    outcomes = fuzz(args.mutants, args.seed, timeout=args.timeout, jobs=args.jobs, start=args.start, report=report)
    result = summary(outcomes, time.monotonic() - started)
    print(
        json.dumps(result)
        if args.json
        else f"{result['mutants']} mutants in {result['wall_s']} s: exit codes {result['exit_codes']}, "
        f"{result['problems']} problems, slowest run {result['slowest_s']} s, peak RSS {result['peak_rss_mb']} MB"
    )
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
