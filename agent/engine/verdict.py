"""The verdict: what jobdoctor concludes about one workload.

One model serves three uses: it is the ``-o json`` output, the schema a model is asked to
answer in, and the parser of that answer. ``SCHEMA_VERSION`` changes when a field changes
meaning or disappears; adding a field does not change it. Version 2 added ``confidence`` and
``confidence_reason``, and culprits that are no pod of the workload now (a pod that is gone,
or that a quota never let be created, named as its events name it).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agent.engine.taxonomy import categories

SCHEMA_VERSION = 2


class Culprit(BaseModel):
    """Where the cause first showed."""

    model_config = ConfigDict(extra="forbid")
    pod: str
    container: str | None = None


class EvidenceLine(BaseModel):
    """A line that supports the verdict, quoted from what was read."""

    model_config = ConfigDict(extra="forbid")
    source: Literal["log", "event", "status"]
    pod: str | None = None
    container: str | None = None
    text: str


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    healthy: bool = Field(description="true when the job runs, is starting normally, or succeeded")
    category: str = Field(description="one root-cause category id from the taxonomy")
    error: str = Field(description="the error in one line, or that there is none")
    analysis: str = Field(description="how the evidence leads to the category and culprit")
    solution: str = Field(description="what to do about it")
    culprit: Culprit | None = Field(
        None,
        description="the pod (and container) where the cause first showed; "
        "possibly one that no longer exists or was never created",
    )
    evidence: list[EvidenceLine] = Field([], description="the decisive lines, most decisive first")
    engine: Literal["rules", "llm"] = "rules"
    signature: str | None = Field(None, description="the catalogue signature that decided, for rule verdicts")
    target: str | None = Field(None, description="the workload, as Kind namespace/name")
    status: str | None = Field(None, description="the workload's status when it was read")
    notes: list[str] = Field([], description="what could not be read or used, and why")
    confidence: Literal["high", "medium", "low"] = Field(
        "high",
        description="high: a line, event or status names the cause; medium: a stall from silence, only "
        "symptoms or a generic exception, evidence missing or cut; low: nothing names a cause, "
        "or a running job called healthy without its logs or events",
    )
    confidence_reason: str | None = Field(None, description="why the confidence is not high")

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str) -> str:
        if value not in categories():
            raise ValueError(f"{value!r} is not a category id; expected one of {', '.join(categories())}")
        return value
