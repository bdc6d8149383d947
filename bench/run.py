"""Measure jobdoctor against its performance targets and print one table.

    .venv/bin/python -m bench.run                      # everything; generates snapshots once
    .venv/bin/python -m bench.run --only startup,scan  # some figures (also: capture, hostile)

Snapshots (several GB) go under ``--workdir`` (default /tmp/jobdoctor-bench) and are reused
while their plan is unchanged. The table is also written as JSON (``--json``). Every figure is
measured here, on this machine, side by side with its reference where it has one.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench import hostile
from bench.ere import to_ere
from bench.generate import Plan, generate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ("pytorchjob", "llama-ft", "team-nlp", ROOT / "examples" / "snapshots" / "pytorchjob-gpu-oom-cascade")
CASES = Path(os.environ.get("JOBDOCTOR_CASES", "/work/shared/cases"))
JOBDOCTOR = str(Path(sys.executable).parent / "jobdoctor")


@dataclass
class Figure:
    name: str
    value: float | None
    unit: str
    target: str
    ratio: float | None  # value against its reference or target; see `note`
    holds: bool | None
    note: str = ""


def _env() -> dict[str, str]:
    """The shell's environment without jobdoctor's own settings: no model, no config file."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JOBDOCTOR_", "OPENAI_"))}
    env["HOME"] = tempfile.mkdtemp(prefix="jobdoctor-bench-home-")
    return env


def _timed(cmd: list[str]) -> tuple[float, float, bytes]:
    """Wall seconds, peak RSS in MB (wait4: this child's alone) and stdout of one command."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())
    assert proc.stdout is not None
    out = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}")
    return seconds, usage.ru_maxrss / 1024, out


def snapshot(workdir: Path, log_mb: int) -> tuple[Path, dict[str, Any]]:
    out = workdir / f"snap-{log_mb}"
    plan = Plan(log_mb=log_mb)
    manifest = out / "bench.json"
    if manifest.is_file():
        data = json.loads(manifest.read_text())
        if data.get("plan") == asdict(plan):
            return out, data
    shutil.rmtree(out, ignore_errors=True)
    print(f"generating {out} ({log_mb} MB logs) ...", file=sys.stderr)
    return out, generate(plan, out)


# -- figures ----------------------------------------------------------------------------------


def startup(runs: int) -> list[Figure]:
    kind, name, ns, snap = EXAMPLE
    diagnose = [JOBDOCTOR, "diagnose", kind, name, "-n", ns, "--snapshot", str(snap), "--no-llm"]
    base, tool = [], []
    for _ in range(runs):  # side by side, so both see the same machine load
        base.append(_timed([sys.executable, "-c", "pass"])[0])
        tool.append(_timed(diagnose)[0])
    delta = statistics.median(tool) - statistics.median(base)
    return [Figure("start-up: diagnose small snapshot, over `python -c pass`", round(delta, 3), "s", "<= 0.3 s",
                   round(delta / 0.3, 2), delta <= 0.3,
                   f"median of {runs}: diagnose {statistics.median(tool):.3f} s, python -c pass "
                   f"{statistics.median(base):.3f} s")]


def scale(workdir: Path, runs: int) -> list[Figure]:
    figures, rss_by_size = [], {}
    for log_mb in (50, 500):
        snap, manifest = snapshot(workdir, log_mb)
        cmd = [JOBDOCTOR, "diagnose", manifest["kind"], manifest["name"], "-n", manifest["namespace"],
               "--snapshot", str(snap), "--no-llm", "-o", "json"]
        times, rss, verdict = [], [], {}
        for _ in range(runs):
            seconds, peak, out = _timed(cmd)
            times.append(seconds)
            rss.append(peak)
            verdict = json.loads(out)
        expected = manifest["expected"]
        right = verdict.get("category") == expected["category"] and (verdict.get("culprit") or {}).get("pod") == \
            expected["culprit"]
        rss_by_size[log_mb] = max(rss)
        if log_mb == 500:
            t = statistics.median(times)
            figures.append(Figure(f"scale: 1,025 pods, {log_mb} MB logs, diagnose time", round(t, 2), "s", "<= 5 s",
                                  round(t / 5, 2), t <= 5 and right,
                                  f"verdict {verdict.get('category')} / {(verdict.get('culprit') or {}).get('pod')}: "
                                  f"{'right' if right else 'WRONG, expected ' + str(expected)}; median of {runs}"))
            figures.append(Figure(f"scale: peak RSS, {log_mb} MB logs", round(max(rss), 1), "MB", "<= 200 MB",
                                  round(max(rss) / 200, 2), max(rss) <= 200))
    growth = rss_by_size[500] / rss_by_size[50]
    figures.append(Figure("scale: peak RSS, 500 MB logs over 50 MB logs", round(growth, 2), "x", "<= 1.10 (no growth)",
                          round(growth, 2), growth <= 1.10,
                          f"{rss_by_size[50]:.1f} MB with 50 MB logs, {rss_by_size[500]:.1f} MB with 500 MB logs"))
    return figures


def scan(workdir: Path, log: Path | None) -> list[Figure]:
    if log is None:
        snap, manifest = snapshot(workdir, 500)
        log = snap / manifest["culprit_log"]
    size = log.stat().st_size
    patterns = workdir / "signals.ere"
    dropped = _write_ere(patterns)
    subprocess.run(["cat", str(log)], stdout=subprocess.DEVNULL, check=True)  # warm the page cache for both
    grep: dict[str, float] = {}
    for locale in ("C", os.environ.get("LC_ALL") or os.environ.get("LANG") or "C.UTF-8"):
        env_cmd = ["env", f"LC_ALL={locale}", "grep", "-E", "-c", "-f", str(patterns), str(log)]
        started = time.perf_counter()
        # Not to /dev/null: GNU grep then stops at the first match, even with -c.
        counted = subprocess.run(env_cmd, stdout=subprocess.PIPE, check=True)
        grep[locale] = size / (time.perf_counter() - started) / 1e6
        if not counted.stdout.strip().isdigit():
            raise RuntimeError(f"grep did not count: {counted.stdout[:200]!r}")
    seconds, peak, out = _timed([sys.executable, "-m", "bench.scan", str(log)])
    ours = json.loads(out)["mb_per_s"]
    c_ratio = ours / grep["C"]
    local = [k for k in grep if k != "C"][0]
    return [
        Figure(f"log scan: {size / 1e6:.0f} MB log, throughput", round(ours, 1), "MB/s",
               ">= 0.5x grep -E (LC_ALL=C)", round(c_ratio, 2), c_ratio >= 0.5,
               f"grep -E -c -f signals.ere: {grep['C']:.1f} MB/s with LC_ALL=C, {grep[local]:.1f} MB/s with "
               f"LC_ALL={local} (ratio {ours / grep[local]:.2f}); {dropped} lookarounds dropped for ERE"),
        Figure(f"log scan: peak RSS scanning the {size / 1e6:.0f} MB log", round(peak, 1), "MB", "bounded (< 200 MB)",
               round(peak / 200, 2), peak < 200),
    ]


def _write_ere(path: Path) -> int:
    from agent.engine.signatures import builtin_catalogue

    dropped, lines = 0, []
    for sig in builtin_catalogue().where("log"):
        if sig.kind != "noise" and sig.pattern:
            t = to_ere(sig.pattern)
            dropped += t.dropped_lookarounds
            lines.append(t.ere)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dropped


def live(workdir: Path) -> list[Figure]:
    try:
        sys.path.insert(0, str(ROOT))
        from tests.fakeapi.server import FakeApiServer
        from tests.fakeapi.store import Store
    except ImportError:
        return [Figure("live: requests for the 1,025-pod job", None, "requests", "<= 3 + K + pages", None, None,
                       "not measurable yet: collectors/cluster.py or tests/fakeapi/ is missing")]
    from agent.diagnosis import gather
    from collectors.cluster import ClusterSource
    from collectors.collecting import Target

    snap, manifest = snapshot(workdir, 50)
    with FakeApiServer(Store.from_snapshot(snap, namespace=manifest["namespace"])) as server:
        kubeconfig = server.write_kubeconfig(workdir / "kubeconfig", namespace=manifest["namespace"])
        source = ClusterSource.from_config(kubeconfig=str(kubeconfig))
        try:
            evidence = gather(Target(manifest["kind"], manifest["name"], manifest["namespace"]), source)
        finally:
            source.close()
        requests = len(server.requests)
        logs = server.count(resource="pods/log")
        pod_pages = server.count(verb="list", resource="pods")
        event_pages = server.count(verb="list", resource="events")
    # 3 = get the workload, list its pods, list the events; "pages" are the lists' further
    # pages (the API server serves 500 items a page), which grow with the job, as allowed.
    pages = pod_pages + event_pages - 2
    bound = 3 + logs + pages
    return [Figure("live: requests for the 1,025-pod job (fake API server)", requests, "requests",
                   "<= 3 + K + pages", round(requests / bound, 2), requests <= bound,
                   f"K = {logs} logs read; {pod_pages} pages of pods and {event_pages} of events "
                   f"({len(evidence.events)} events); {len(evidence.pods)} pods seen")]


def prompt(cases: Path) -> list[Figure]:
    folders = sorted(p.parent for p in cases.glob("*/expected.yaml"))
    if not folders:
        return [Figure("prompt: tokens, every dev case", None, "tokens", "<= 6000, decisive line kept", None, None,
                       f"no cases under {cases}")]
    import yaml

    worst, missing = 0, []
    for folder in folders:
        case = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
        cmd = [JOBDOCTOR, "prompt", str(case["kind"]).lower(), case["name"], "-n", case["namespace"],
               "--snapshot", str(folder / "snapshot"), "-o", "json"]
        proc = subprocess.run(cmd, capture_output=True, env=_env(), check=False)
        if proc.returncode not in (0,):
            return [Figure("prompt: tokens, every dev case", None, "tokens", "<= 6000, decisive line kept", None, None,
                           f"`jobdoctor prompt` failed on {folder.name}: {proc.stderr.decode()[:200]}")]
        data = json.loads(proc.stdout)
        worst = max(worst, int(data["tokens"]))
        text = "\n".join(m["content"] for m in data["messages"])
        if case.get("evidence") and str(case["evidence"]) not in text:
            missing.append(folder.name)
    return [Figure(f"prompt: largest of {len(folders)} dev cases", worst, "tokens", "<= 6000, decisive line kept",
                   round(worst / 6000, 2), worst <= 6000 and not missing,
                   "decisive line in every prompt" if not missing else f"decisive line missing: {', '.join(missing)}")]


FIGURES: dict[str, Callable[[argparse.Namespace], list[Figure]]] = {
    "startup": lambda a: startup(a.runs),
    "scale": lambda a: scale(a.workdir, max(1, a.runs // 3)),
    "scan": lambda a: scan(a.workdir, a.scan_log),
    "live": lambda a: live(a.workdir),
    "prompt": lambda a: prompt(a.cases),
    "capture": lambda a: [Figure(n, v, "x" if "over" in n else "MB", t, round(r, 2), h, note)
                          for n, v, t, r, h, note in hostile.capture_figures(a.workdir)],
    "hostile": lambda a: [Figure(n, v, "MB" if "RSS" in n else "s", t, round(r, 2), h, note)
                          for n, v, t, r, h, note in hostile.hostile_figures(a.workdir)],
}


def table(figures: list[Figure]) -> str:
    rows = [("figure", "value", "target", "ratio", "holds")]
    for f in figures:
        value = "n/a" if f.value is None else f"{f.value:g} {f.unit}"
        holds = {True: "yes", False: "NO", None: "-"}[f.holds]
        rows.append((f.name, value, f.target, "-" if f.ratio is None else f"{f.ratio:g}", holds))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    notes = [f"- {f.name}: {f.note}" for f in figures if f.note]
    return "\n".join(lines + [""] + notes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/jobdoctor-bench"))
    parser.add_argument("--json", type=Path, help="write the figures here (default: WORKDIR/results.json)")
    parser.add_argument("--only", help=f"comma-separated: {','.join(FIGURES)}")
    parser.add_argument("--runs", type=int, default=9, help="runs of the start-up figure (scale: a third)")
    parser.add_argument("--scan-log", type=Path, help="log to scan (default: the 500 MB culprit log)")
    parser.add_argument("--cases", type=Path, default=CASES, help="dev cases for the prompt figure")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    wanted = args.only.split(",") if args.only else list(FIGURES)
    figures: list[Figure] = []
    for name in wanted:
        figures.extend(FIGURES[name](args))
    print(table(figures))
    machine = {"cpu": _cpu(), "cores": os.cpu_count(), "python": sys.version.split()[0],
               "grep": subprocess.run(["grep", "--version"], capture_output=True, text=True).stdout.splitlines()[0]}
    out = args.json or args.workdir / "results.json"
    out.write_text(json.dumps({"machine": machine, "figures": [asdict(f) for f in figures]}, indent=2) + "\n")
    print(f"\n{machine}\nwritten: {out}")


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


if __name__ == "__main__":
    main()
