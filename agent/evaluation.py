"""``jobdoctor eval``: score the engine on saved cases, exactly as ``score.py`` does.

A case is a folder ``<id>/snapshot/`` (the snapshot format) plus ``<id>/expected.yaml``::

    kind: PyTorchJob
    name: llama-ft
    namespace: team-nlp
    healthy: false
    category: gpu-oom
    culprit: llama-ft-worker-1        # or a list of acceptable pods, or null
    evidence: CUDA out of memory      # must appear in the verdict's error or evidence lines

Comparisons are exact (no judge model), so runs repeat and cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from agent.diagnosis import Advisor, diagnose
from agent.errors import InputError, JobdoctorError
from agent.settings import Settings
from agent.engine.signatures import Catalogue
from agent.engine.verdict import Verdict
from collectors.collecting import Target
from collectors.snapshot import SnapshotSource
from collectors.source import Source


class Case(BaseModel):
    """What an expert says of a case: expected.yaml."""

    model_config = ConfigDict(extra="ignore")
    kind: str
    name: str
    namespace: str
    healthy: bool
    category: str
    culprit: str | list[str] | None = None
    evidence: str | None = None


@dataclass
class Result:
    case_id: str
    case: Case
    verdict: Verdict | None
    error: str = ""
    misses: list[str] = field(default_factory=list)


def load_case(folder: Path) -> Case:
    try:
        return Case.model_validate(yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise InputError(f"case {folder.name}: expected.yaml is not a valid case ({exc.__class__.__name__})") from exc


def evaluate_cases(folder: Path, *, catalogue: Catalogue, settings: Settings,
                   advisor_for: Callable[[Source], Advisor | None] | None = None) -> list[Result]:
    """Diagnose every case. ``advisor_for`` builds a model advisor for a case's source (it
    reads prompt ConfigMaps and secret env values from it); None means rules only."""
    settings = settings.model_copy(update={"fetch_concurrency": 1})  # local files: threads gain nothing
    cases = sorted(p.parent for p in Path(folder).glob("*/expected.yaml"))
    if not cases:
        raise InputError(f"no cases under {folder}: expected <id>/expected.yaml and <id>/snapshot/")
    results = []
    for path in cases:
        case = load_case(path)
        try:
            source = SnapshotSource(path / "snapshot")
            verdict = diagnose(Target(case.kind, case.name, case.namespace), source, catalogue=catalogue,
                               settings=settings, advisor=advisor_for(source) if advisor_for else None)
        except JobdoctorError as exc:
            results.append(Result(path.name, case, None, error=str(exc), misses=[f"no verdict: {exc}"]))
            continue
        results.append(Result(path.name, case, verdict, misses=compare(case, verdict)))
    return results


def compare(case: Case, verdict: Verdict) -> list[str]:
    """What the verdict gets wrong against the case, in score.py's terms."""
    misses = []
    if verdict.category != case.category:
        misses.append(f"category {verdict.category!r} != {case.category!r}")
    if verdict.healthy != case.healthy:
        misses.append(f"healthy {verdict.healthy!r} != {case.healthy!r}")
    if case.culprit is not None:
        allowed = case.culprit if isinstance(case.culprit, list) else [case.culprit]
        pod = verdict.culprit.pod if verdict.culprit else None
        if pod not in allowed:
            misses.append(f"culprit {pod!r} != {case.culprit!r}")
    if case.evidence and case.evidence.lower() not in evidence_text(verdict):
        misses.append(f"evidence {case.evidence!r} not shown")
    return misses


def prompt_recall(folder: Path, *, catalogue: Catalogue, settings: Settings) -> list[tuple[str, str, bool]]:
    """For each case with an ``evidence`` line: (case id, that line, whether the prompt a model
    would be sent holds it). No model is asked: this measures what one could see."""
    from agent.diagnosis import conclude, gather
    from agent.review.prompting import build_prompt

    settings = settings.model_copy(update={"fetch_concurrency": 1})
    rows = []
    for path in sorted(p.parent for p in Path(folder).glob("*/expected.yaml")):
        case = load_case(path)
        if not case.evidence:
            continue
        source = SnapshotSource(path / "snapshot")
        evidence = gather(Target(case.kind, case.name, case.namespace), source, catalogue=catalogue, settings=settings)
        rule = conclude(evidence, catalogue=catalogue, settings=settings)
        text = build_prompt(evidence, rule, settings, source=source, catalogue=catalogue).text()
        rows.append((path.name, case.evidence, case.evidence.lower() in text.lower()))
    return rows


def recall_report(rows: Sequence[tuple[str, str, bool]]) -> str:
    lines = [f"NOT IN PROMPT {case}: {line!r}" for case, line, found in rows if not found]
    lines.append(f"prompt recall {_pct(sum(found for _, _, found in rows), len(rows))}")
    return "\n".join(lines)


def evidence_text(verdict: Verdict) -> str:
    return "\n".join([verdict.error, *(e.text for e in verdict.evidence)]).lower()


def report(results: Sequence[Result], *, show_verdicts: bool = False) -> str:
    lines = []
    for r in results:
        if r.misses:
            lines.append(f"MISS {r.case_id}: " + "; ".join(r.misses))
            if show_verdicts and r.verdict is not None:
                v = r.verdict
                lines.append(f"     verdict: {v.category}, culprit {v.culprit.pod if v.culprit else None}: {v.error[:200]}")
    n = len(results)
    cat = sum(1 for r in results if r.verdict and r.verdict.category == r.case.category)
    healthy = sum(1 for r in results if r.verdict and r.verdict.healthy == r.case.healthy)
    with_culprit = [r for r in results if r.case.culprit is not None]
    culprit = sum(1 for r in with_culprit if not any(m.startswith(("culprit", "no verdict")) for m in r.misses))
    with_evidence = [r for r in results if r.case.evidence]
    evidence = sum(1 for r in with_evidence if not any(m.startswith(("evidence", "no verdict")) for m in r.misses))
    lines.append(f"cases {n}")
    lines.append(f"category {_pct(cat, n)}; healthy {_pct(healthy, n)}; culprit {_pct(culprit, len(with_culprit))}; "
                 f"evidence {_pct(evidence, len(with_evidence))}")
    return "\n".join(lines)


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100.0 * a / b:.1f}%)" if b else "0/0"
