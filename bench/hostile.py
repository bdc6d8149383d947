"""Issue 12's figures: capturing 50,000 events against diagnosing them, and the worst run on
hostile input.

    .venv/bin/python -m bench.run --only capture,hostile
    .venv/bin/python -m bench.hostile --workdir /tmp/jobdoctor-bench   # the same, alone

- ``capture``: the generated 1,025-pod PyTorchJob (bench/generate.py, 1 MB logs) with events
  added to 50,000, diagnosed and captured (``capture --snapshot``) side by side; the capture's
  time and peak RSS over the diagnosis's. The capture streams what it reads to disk, so both
  ratios should stay near 1 (issue 12 found 6x and 3.5x).
- ``hostile``: each input the issue names - alias bombs, a 128 MiB objects.yaml of 1 MiB
  values, four million values, a 2 GB sparse log, a 200 MB last line, /dev/zero as a rules
  file, rule files at and past the bounds on a user's patterns, the hostile templates - run
  through the CLI; the worst peak RSS (< 500 MB) and the slowest run (< 30 s) are the
  figures, every run is in the note.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import yaml

from bench.generate import Plan, _Dumper, _event, generate, objects, plan_pods

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "snapshots" / "pytorchjob-gpu-oom-cascade"
EXAMPLE_TARGET = ["pytorchjob", "llama-ft", "-n", "team-nlp"]
EVENTS = 50_000
# A run on hostile input may take at most this much, and this much memory.
MAX_SECONDS = 30
MAX_RSS_MB = 500


def _run(args: list[str], cwd: Path) -> tuple[float, float, int | None, str]:
    """Wall seconds, peak RSS (MB, wait4: this child's alone), exit code (None: killed after
    twice the time allowed) and stderr of one CLI run, limited to 4 GB of address space."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JOBDOCTOR_", "OPENAI_"))}
    env["HOME"] = str(cwd)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(
            [_jobdoctor(), *args], stdout=subprocess.DEVNULL, stderr=err, cwd=cwd, env=env, preexec_fn=limit
        )
        code: int | None = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - started > MAX_SECONDS * 2:
                proc.kill()
                _, _, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        proc.returncode = code if code is not None else -9  # reaped here: Popen must not wait again
        seconds = time.perf_counter() - started
        err.seek(0)
        return seconds, usage.ru_maxrss / 1024, code, err.read().decode("utf-8", "replace")


def events_snapshot(workdir: Path) -> tuple[Path, list[str]]:
    """The 1,025-pod job with its events brought to EVENTS (probe failures on every pod)."""
    out = workdir / f"events-{EVENTS}"
    plan = Plan(log_mb=1)
    target = ["pytorchjob", plan.name, "-n", plan.namespace]
    if (out / "done").exists():
        return out, target
    shutil.rmtree(out, ignore_errors=True)
    generate(plan, out)
    pods = plan_pods(plan)
    data = objects(plan, pods)
    items = data["items"]
    raw_pods = [o for o in items if o["kind"] == "Pod"]
    events = sum(1 for o in items if o["kind"] == "Event")
    n = 1 << 20
    while events < EVENTS:
        raw = raw_pods[events % len(raw_pods)]
        n += 1
        items.append(
            _event(
                plan,
                n,
                "Pod",
                raw["metadata"]["name"],
                raw["metadata"]["uid"],
                "Warning",
                "Unhealthy",
                f'Readiness probe failed: Get "http://10.0.0.1:8080/healthz": context deadline exceeded (attempt {n})',
                pods[0].finished - timedelta(minutes=30, seconds=-(n % 1000)),
                "kubelet",
            )
        )
        events += 1
    with (out / "objects.yaml").open("w", encoding="utf-8") as f:
        yaml.dump(data, f, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=1 << 16)
    (out / "done").write_text("")
    return out, target


def capture_figures(workdir: Path, runs: int = 3) -> list[tuple[str, float, str, float, bool, str]]:
    """(name, value, target, ratio, holds, note) rows: capture over diagnose, time and RSS."""
    snap, target = events_snapshot(workdir)
    diagnose_t, diagnose_m, capture_t, capture_m = [], [], [], []
    out = workdir / "captured"
    for _ in range(runs):  # side by side, so that the machine's load hits both alike
        seconds, rss, code, err = _run(["diagnose", *target, "--snapshot", str(snap), "-o", "json"], workdir)
        assert code == 0, err
        diagnose_t.append(seconds)
        diagnose_m.append(rss)
        shutil.rmtree(out, ignore_errors=True)
        seconds, rss, code, err = _run(["capture", *target, "--snapshot", str(snap), "--to", str(out)], workdir)
        assert code == 0, err
        capture_t.append(seconds)
        capture_m.append(rss)
    shutil.rmtree(out, ignore_errors=True)
    t_ratio = min(capture_t) / min(diagnose_t)
    m_ratio = max(capture_m) / max(diagnose_m)
    note = (
        f"capture {min(capture_t):.1f} s, {max(capture_m):.0f} MB; diagnose {min(diagnose_t):.1f} s, "
        f"{max(diagnose_m):.0f} MB; best of {runs}, side by side"
    )
    return [
        (
            "capture: 50,000 events, time over diagnose",
            round(t_ratio, 2),
            "<= 2 (issue 12: 6x)",
            t_ratio,
            t_ratio <= 2,
            note,
        ),
        (
            "capture: 50,000 events, peak RSS over diagnose",
            round(m_ratio, 2),
            "<= 1.3 (issue 12: 3.5x)",
            m_ratio,
            m_ratio <= 1.3,
            "",
        ),
    ]


def _jobdoctor() -> str:
    return str(Path(sys.executable).parent / "jobdoctor")


# -- hostile inputs ------------------------------------------------------------------------------------


def _copy(workdir: Path, name: str) -> Path:
    dst = workdir / "hostile" / name
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(EXAMPLE, dst)
    return dst


def _objects(snap: Path, extra: str) -> None:
    """objects.yaml with ``extra`` appended as a YAML document."""
    with (snap / "objects.yaml").open("a", encoding="utf-8") as f:
        f.write("\n---\n" + extra)


def hostile_inputs(workdir: Path) -> list[tuple[str, list[str]]]:
    """(what, CLI arguments) for every hostile input, written under workdir/hostile."""
    runs: list[tuple[str, list[str]]] = []
    bomb = _copy(workdir, "alias-bomb")
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"] + [
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi", strict=False)
    ]
    _objects(
        bomb,
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\n  namespace: team-nlp\n"
        "  annotations:\n" + "".join(f"    {line}\n" for line in lines),
    )
    for command in ("diagnose", "prompt"):
        runs.append((f"alias bomb: {command}", [command, *EXAMPLE_TARGET, "--snapshot", str(bomb)]))
    runs.append(
        (
            "alias bomb: capture",
            ["capture", *EXAMPLE_TARGET, "--snapshot", str(bomb), "--to", str(workdir / "hostile" / "bomb-out")],
        )
    )
    big = _copy(workdir, "big-values")
    value = "v" * ((1 << 20) - 64)
    with (big / "objects.yaml").open("a", encoding="utf-8") as f:
        for n in range(120):  # 120 MiB: just under the 128 MiB an objects.yaml may have
            f.write(
                f"\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {{name: c{n}, namespace: team-nlp}}\n"
                f"data: {{v: {value}}}\n"
            )
    runs.append(("120 MiB objects.yaml of 1 MiB values", ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(big)]))
    many = _copy(workdir, "many-values")
    _objects(
        many,
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: many, namespace: team-nlp}\ndata:\n  v: ["
        + ", ".join(f"v{n}" for n in range(3_900_000))
        + "]\n",
    )
    runs.append(("3.9 million values", ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(many)]))
    sparse = _copy(workdir, "sparse-log")
    os.truncate(sparse / "logs" / "llama-ft-worker-0" / "pytorch.log", 2 << 30)
    runs.append(("2 GB sparse log", ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(sparse)]))
    long_line = _copy(workdir, "long-line")
    with (long_line / "logs" / "llama-ft-worker-2" / "pytorch.log").open("ab") as f:
        block = b"x" * (1 << 20)
        for _ in range(200):
            f.write(block)
    runs.append(("200 MB last line: diagnose", ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(long_line)]))
    runs.append(
        (
            "200 MB last line: capture",
            ["capture", *EXAMPLE_TARGET, "--snapshot", str(long_line), "--to", str(workdir / "hostile" / "long-out")],
        )
    )
    runs.append(
        ("/dev/zero as --rules", ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(EXAMPLE), "--rules", "/dev/zero"])
    )
    # Rule files at and past the bounds on what a user's patterns hold (agent/engine/signatures.py):
    # 2,000-character patterns of counted repeats, the slowest kind for Hyperscan to compile.
    counted = "|".join(f"k{{n}}x{i}[^\\n]{{{{0,16}}}}y[a-z]{{{{0,16}}}}z" for i in range(70))[:1939].rsplit("|", 1)[0]
    looking = "|".join(f"k{{n}}x{i}[^\\n]{{{{0,99}}}}(?!no)[^\\n]{{{{0,99}}}}z" for i in range(8))
    for what, pattern, count in (
        ("1 MiB of patterns as --rules", counted, 520),
        ("64 KiB of patterns as --rules (the most allowed)", counted, 33),
        ("65 lookaround alternatives as --rules", looking, 9),
    ):
        path = workdir / "hostile" / f"rules-{len(runs)}.yaml"
        sigs = [
            {"id": f"r{n}", "category": "application-error", "where": "log", "pattern": pattern.format(n=n)}
            for n in range(count)
        ]
        path.write_text(yaml.safe_dump({"signatures": sigs}, width=1 << 16), encoding="utf-8")
        runs.append((what, ["diagnose", *EXAMPLE_TARGET, "--snapshot", str(EXAMPLE), "--rules", str(path)]))
    templates = {
        "nested-loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
        "huge-string": "{{ 'a' * 10**10 }}",
        "recursive-macro": "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
        "deep-go": "{{ if .LogInfo }}" * 5000 + "x" + "{{ end }}" * 5000,
        "slow-loops": "{% for a in AnswerSchema %}{% for b in AnswerSchema %}{% for c in AnswerSchema %}"
        "{% endfor %}{% endfor %}{% endfor %}",
    }
    for name, text in templates.items():
        path = workdir / "hostile" / f"{name}.j2"
        path.write_text(text, encoding="utf-8")
        runs.append(
            (f"template {name}", ["prompt", *EXAMPLE_TARGET, "--snapshot", str(EXAMPLE), "--prompt-file", str(path)])
        )
    return runs


def hostile_figures(workdir: Path) -> list[tuple[str, float, str, float, bool, str]]:
    rows = []
    for what, args in hostile_inputs(workdir):
        for out in (workdir / "hostile" / "bomb-out", workdir / "hostile" / "long-out"):
            shutil.rmtree(out, ignore_errors=True)
        seconds, rss, code, err = _run(args, workdir)
        rows.append((what, seconds, rss, code, err.strip().splitlines()[-1][:100] if err.strip() else ""))
    worst_rss = max(r[2] for r in rows)
    slowest = max(r[1] for r in rows)
    codes_ok = all(r[3] in (0, 3) for r in rows)
    note = "; ".join(f"{w}: exit {c}, {t:.1f} s, {m:.0f} MB" for w, t, m, c, _ in rows)
    shutil.rmtree(workdir / "hostile", ignore_errors=True)
    return [
        (
            "hostile input: worst peak RSS",
            round(worst_rss, 1),
            f"< {MAX_RSS_MB} MB",
            worst_rss / MAX_RSS_MB,
            worst_rss < MAX_RSS_MB and codes_ok,
            note,
        ),
        (
            "hostile input: slowest run",
            round(slowest, 2),
            f"< {MAX_SECONDS} s",
            slowest / MAX_SECONDS,
            slowest < MAX_SECONDS and codes_ok,
            "every run ends in exit 0 or 3" if codes_ok else "a run ended otherwise",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "jobdoctor-bench")
    parser.add_argument("--only", default="capture,hostile")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    rows = []
    if "capture" in args.only:
        rows += capture_figures(args.workdir)
    if "hostile" in args.only:
        rows += hostile_figures(args.workdir)
    print(
        json.dumps(
            [{"figure": r[0], "value": r[1], "target": r[2], "holds": r[4], "note": r[5]} for r in rows], indent=2
        )
    )


if __name__ == "__main__":
    main()
