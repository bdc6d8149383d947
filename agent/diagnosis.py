"""``diagnose()``: the one call the CLI, ``jobdoctor eval`` and the bot all make.

collect (I/O, through a Source) -> rules (pure) -> at most one model call -> Verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from agent.engine.rules import judge
from agent.engine.signatures import Catalogue, builtin_catalogue
from agent.engine.verdict import Verdict
from agent.settings import Settings
from collectors.collecting import Target, collect
from collectors.evidence import Evidence
from collectors.source import Source


class Advisor(Protocol):
    """A second opinion on the rule verdict (a language model, in agent/review/llm.py).

    ``review`` must always return a verdict: the rule verdict itself, with a note saying
    why, when the model fails or answers something unusable.
    """

    def review(self, evidence: Evidence, rule_verdict: Verdict) -> Verdict: ...


def diagnose(
    target: Target,
    source: Source,
    *,
    catalogue: Catalogue | None = None,
    settings: Settings | None = None,
    advisor: Advisor | None = None,
    now: datetime | None = None,
    progress: Callable[[str], None] | None = None,
) -> Verdict:
    """Why ``target`` failed, hangs or never started - or that it is fine.

    Raises ``InputError`` for bad input (unknown kind, workload not found, broken snapshot)
    and ``ClusterError`` when the cluster cannot be asked; nothing else.
    """
    evidence = gather(target, source, catalogue=catalogue, settings=settings, now=now, progress=progress)
    return conclude(evidence, catalogue=catalogue, settings=settings, advisor=advisor)


def gather(
    target: Target,
    source: Source,
    *,
    catalogue: Catalogue | None = None,
    settings: Settings | None = None,
    now: datetime | None = None,
    progress: Callable[[str], None] | None = None,
) -> Evidence:
    """The evidence diagnose() reasons over (the prompt command shows what is sent of it)."""
    catalogue = catalogue or builtin_catalogue()
    settings = settings or Settings()
    return collect(source, target, catalogue.line_matcher, budget=settings.budget(), now=now, progress=progress)


def conclude(
    evidence: Evidence,
    *,
    catalogue: Catalogue | None = None,
    settings: Settings | None = None,
    advisor: Advisor | None = None,
) -> Verdict:
    """The rule verdict, reviewed by the advisor when there is one."""
    catalogue = catalogue or builtin_catalogue()
    settings = settings or Settings()
    verdict = judge(evidence, catalogue, stall=settings.stall_policy(), tr=settings.translator())
    if advisor is None:
        return verdict
    return advisor.review(evidence, verdict)


def make_advisor(settings: Settings, source: Source | None = None) -> Advisor | None:
    """The model advisor when a model is configured, else None (rules only). ``source`` is
    where it reads a prompt ConfigMap and the secret env values to redact."""
    if not settings.model:
        return None
    from agent.review.llm import advisor_from_settings

    return advisor_from_settings(settings, source=source)
