"""What the MCP tools do, without the protocol: plain functions over ``diagnose()``,
``triage()``, the taxonomy and the catalogue. server.py registers them with the SDK.

Every tool only reads: gets and lists through the same kubeconfig, context and RBAC as the
CLI, never a write. No model is called unless one is configured (``--model``,
``JOBDOCTOR_MODEL`` or the config file): the calling agent is usually the model. Verdicts
and tables are redacted like every other output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from agent.diagnosis import diagnose, make_advisor
from agent.engine.signatures import Catalogue
from agent.engine.taxonomy import categories
from agent.engine.verdict import Verdict
from agent.errors import InputError
from agent.render import text
from agent.settings import Settings
from agent.triage import Options, Report, Scope, parse_duration, triage
from collectors.collecting import Target
from collectors.kinds import builtin_kinds, resolve_kind
from collectors.redaction import Redactor

# Solutions listed per category in explain_category: the specific ones first, and enough.
MAX_SOLUTIONS = 12


class Solution(BaseModel):
    signature: str = Field(description="the catalogue signature that recognises this cause")
    recognises: str = Field(description="what it recognises, as a phrase")
    solution: str


class CategoryExplanation(BaseModel):
    id: str
    meaning: str
    solutions: list[Solution] = Field(
        description="typical causes of this category and what to do about each, most specific first"
    )
    other_categories: list[str] = Field(description="every category id, to compare")


@dataclass
class Tools:
    """The tools' shared configuration: settings, catalogue, and how to reach the cluster."""

    settings: Settings
    catalogue: Catalogue
    kubeconfig: str | None = None
    context: str | None = None

    def _cluster(self, context: str | None) -> Any:
        from collectors.cluster import ClusterSource

        return ClusterSource.from_config(
            kubeconfig=self.kubeconfig, context=context or self.context, timeout=(5.0, self.settings.cluster_timeout)
        )

    def diagnose(
        self, kind: str, name: str, namespace: str | None = None, context: str | None = None
    ) -> tuple[Verdict, str]:
        """The verdict (redacted) and its text. Raises InputError and ClusterError."""
        resolve_kind(kind)  # an unknown kind is said before the cluster is asked
        cluster = self._cluster(context)
        try:
            target = Target(kind, name, namespace or cluster.default_namespace)
            verdict = diagnose(
                target,
                cluster,
                catalogue=self.catalogue,
                settings=self.settings,
                advisor=make_advisor(self.settings, cluster),
            )
        finally:
            cluster.close()
        verdict = Verdict.model_validate(
            Redactor(self.settings.redact_patterns).object(verdict.model_dump(mode="json"))
        )
        return verdict, text(verdict, tr=self.settings.translator())

    def triage(
        self,
        namespace: str | None = None,
        all_namespaces: bool = False,
        since: str = "24h",
        kinds: list[str] | None = None,
        context: str | None = None,
    ) -> Report:
        """The triage report (rows redacted). Raises InputError and ClusterError."""
        try:
            window = parse_duration(since)
        except ValueError as exc:
            raise InputError(f"since: {exc}") from None
        chosen = tuple(dict.fromkeys(resolve_kind(k) for k in kinds)) if kinds else builtin_kinds()
        cluster = self._cluster(context)
        try:
            scope = None if all_namespaces else namespace or cluster.default_namespace
            return triage(
                [Scope(cluster, scope)],
                label=f"namespace {scope}" if scope else "all namespaces",
                options=Options(kinds=chosen, since=window),
                catalogue=self.catalogue,
                settings=self.settings,
                advisor=make_advisor(self.settings, cluster),
            )
        finally:
            cluster.close()

    def explain_category(self, category: str) -> CategoryExplanation:
        """The taxonomy's entry for a category and the catalogue's solutions for its causes."""
        known = categories()
        if category not in known:
            import difflib

            close = difflib.get_close_matches(category, list(known), n=1)
            hint = f"; did you mean {close[0]}?" if close else f"; categories: {', '.join(known)}"
            raise InputError(f"{category!r} is not a category{hint}")
        causes = sorted(
            (s for s in self.catalogue.signatures if s.category == category and s.kind == "cause" and s.solution),
            key=lambda s: (-s.specificity, s.id),
        )
        seen: set[str] = set()
        solutions = []
        for s in causes:
            if s.solution not in seen:
                seen.add(s.solution)
                solutions.append(Solution(signature=s.id, recognises=s.summary or s.id, solution=s.solution))
        return CategoryExplanation(
            id=category, meaning=known[category], solutions=solutions[:MAX_SOLUTIONS], other_categories=list(known)
        )
