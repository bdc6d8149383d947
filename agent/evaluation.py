"""``jobdoctor eval``: score the engine on saved cases, exactly as ``score.py`` does.

A case is a folder holding ``expected.yaml`` and its snapshot: in ``<id>/snapshot/`` (the
layout of tests/cases), or in ``<id>/`` itself beside expected.yaml (examples/snapshots)::

    kind: PyTorchJob                  # any spelling diagnose takes
    name: llama-ft
    namespace: team-nlp
    healthy: false
    category: gpu-oom                 # a category id of the taxonomy
    culprit: llama-ft-worker-1        # or a list of acceptable pods, or null: not scored
    evidence: CUDA out of memory      # optional: must appear in the verdict's error or evidence lines
    id: ..., description: ..., title: ..., source: ...   # optional, for people

Comparisons are exact (no judge model), so runs repeat and cost nothing. A file with a
missing, unknown or wrong field is an error naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from agent.diagnosis import Advisor, diagnose
from agent.engine.signatures import Catalogue
from agent.engine.taxonomy import categories
from agent.engine.verdict import Verdict
from agent.errors import InputError, JobdoctorError
from agent.settings import Settings
from collectors.collecting import Target
from collectors.cutting import cut
from collectors.snapshot import SnapshotSource
from collectors.source import Source


class Case(BaseModel):
    """What an expert says of a case: expected.yaml."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    name: str
    namespace: str
    healthy: bool
    category: str
    culprit: str | list[str] | None = None
    evidence: str | None = None
    # For people reading the case; not scored.
    id: str | None = None
    description: str | None = None
    title: str | None = None
    source: str | None = None

    @field_validator("category")
    @classmethod
    def _in_taxonomy(cls, value: str) -> str:
        if value not in categories():
            import difflib

            close = difflib.get_close_matches(value, list(categories()), n=1)
            raise ValueError(
                f"{value!r} is not a category of the taxonomy" + (f" - did you mean {close[0]}?" if close else "")
            )
        return value


@dataclass
class Result:
    case_id: str
    case: Case
    verdict: Verdict | None
    error: str = ""
    misses: list[str] = field(default_factory=list)


def load_case(folder: Path) -> Case:
    """``folder/expected.yaml``; an ``InputError`` naming each missing, unknown or wrong field."""
    label = f"case {folder.name}: expected.yaml"
    try:
        data = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"{label}: cannot be read ({exc.strerror})") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(f"{label}{f' line {mark.line + 1}' if mark else ''}: not valid YAML") from exc
    if not isinstance(data, dict):
        raise InputError(f"{label}: expected a mapping of fields (kind, name, namespace, healthy, category, ...)")
    try:
        return Case.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"{label}: {'; '.join(_problem(e) for e in exc.errors())}") from exc


def _problem(error: Any) -> str:
    """One field's problem, in the file's words: ``missing field 'namespace'``."""
    where = ".".join(str(part) for part in error["loc"])
    if error["type"] == "missing":
        return f"missing field {where!r}"
    if error["type"] == "extra_forbidden":
        return f"unknown field {where!r}"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}"


def snapshot_of(case_folder: Path) -> Path:
    """A case's snapshot: ``<id>/snapshot/``, or the case folder itself when it holds objects.yaml."""
    nested = case_folder / "snapshot"
    return case_folder if not nested.is_dir() and (case_folder / "objects.yaml").is_file() else nested


def evaluate_cases(
    folder: Path,
    *,
    catalogue: Catalogue,
    settings: Settings,
    advisor_for: Callable[[Source], Advisor | None] | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Result]:
    """Diagnose every case. ``advisor_for`` builds a model advisor for a case's source (it
    reads prompt ConfigMaps and secret env values from it); None means rules only.
    ``progress`` is told which case is being diagnosed."""
    settings = settings.model_copy(update={"fetch_concurrency": 1})  # local files: threads gain nothing
    cases = sorted(p.parent for p in Path(folder).glob("*/expected.yaml"))
    if not cases:
        raise InputError(
            f"no cases under {folder}: expected <id>/expected.yaml beside <id>/snapshot/ "
            f"or beside the snapshot's objects.yaml"
        )
    loaded = [(path, load_case(path)) for path in cases]  # every file checked before the first diagnosis
    results = []
    for n, (path, case) in enumerate(loaded, 1):
        if progress is not None:
            progress(f"case {n}/{len(loaded)}: {path.name}")
        try:
            source = SnapshotSource(snapshot_of(path))
            verdict = diagnose(
                Target(case.kind, case.name, case.namespace),
                source,
                catalogue=catalogue,
                settings=settings,
                advisor=advisor_for(source) if advisor_for else None,
            )
        except JobdoctorError as exc:
            results.append(Result(path.name, case, None, error=str(exc), misses=[f"no verdict: {exc}"]))
            continue
        results.append(Result(path.name, case, verdict, misses=compare(case, verdict)))
    return results


def compare(case: Case, verdict: Verdict) -> list[str]:
    """What the verdict gets wrong against the case, in score.py's terms, each as "got X,
    expected Y" (the category's first, without its name: ``got disk-full, expected gpu-oom``)."""
    misses = []
    if verdict.category != case.category:
        misses.append(f"got {verdict.category}, expected {case.category}")
    if verdict.healthy != case.healthy:
        misses.append(f"healthy: got {_yes_no(verdict.healthy)}, expected {_yes_no(case.healthy)}")
    if case.culprit is not None:
        allowed = case.culprit if isinstance(case.culprit, list) else [case.culprit]
        pod = verdict.culprit.pod if verdict.culprit else None
        if pod not in allowed:
            misses.append(f"culprit: got {pod or 'none'}, expected {' or '.join(allowed) or 'none'}")
    if case.evidence and case.evidence.lower() not in evidence_text(verdict):
        misses.append(f"evidence: {case.evidence!r} is not in the verdict's error or evidence")
    return misses


def _yes_no(healthy: bool) -> str:
    return "healthy" if healthy else "not healthy"


def prompt_recall(folder: Path, *, catalogue: Catalogue, settings: Settings) -> list[tuple[str, str, bool]]:
    """For each case with an ``evidence`` line: (case id, that line, whether the prompt a model
    would be sent shows it among the job's lines). No model is asked: this measures what one could see."""
    from agent.diagnosis import conclude, gather
    from agent.review.prompting import build_prompt

    settings = settings.model_copy(update={"fetch_concurrency": 1})
    rows = []
    for path in sorted(p.parent for p in Path(folder).glob("*/expected.yaml")):
        case = load_case(path)
        if not case.evidence:
            continue
        source = SnapshotSource(snapshot_of(path))
        evidence = gather(Target(case.kind, case.name, case.namespace), source, catalogue=catalogue, settings=settings)
        rule = conclude(evidence, catalogue=catalogue, settings=settings)
        # What the model is shown of the job and can quote, not the instructions: they name
        # every category's wordings ("activeDeadlineSeconds"), whatever the job said.
        shown = build_prompt(evidence, rule, settings, source=source, catalogue=catalogue).quotable
        rows.append((path.name, case.evidence, case.evidence.lower() in shown.lower()))
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
                lines.append(
                    f"     verdict: {v.category}, culprit {v.culprit.pod if v.culprit else None}: {cut(v.error, 200)}"
                )
    n = len(results)
    cat = sum(1 for r in results if r.verdict and r.verdict.category == r.case.category)
    healthy = sum(1 for r in results if r.verdict and r.verdict.healthy == r.case.healthy)
    with_culprit = [r for r in results if r.case.culprit is not None]
    culprit = sum(1 for r in with_culprit if not any(m.startswith(("culprit", "no verdict")) for m in r.misses))
    with_evidence = [r for r in results if r.case.evidence]
    evidence = sum(1 for r in with_evidence if not any(m.startswith(("evidence", "no verdict")) for m in r.misses))
    lines.append(f"cases {n}")
    lines.append(
        f"category {_pct(cat, n)}; healthy {_pct(healthy, n)}; culprit {_pct(culprit, len(with_culprit))}; "
        f"evidence {_pct(evidence, len(with_evidence))}"
    )
    return "\n".join(lines)


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100.0 * a / b:.1f}%)" if b else "0/0"
