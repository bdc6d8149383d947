"""What ``/metrics`` exposes (prometheus-client), one registry per app so tests start at zero.

jobdoctor_diagnoses_total{category, engine, origin}    verdicts given (origin: slack, lark, generic, watch)
jobdoctor_diagnosis_seconds{origin}                     how long a diagnosis took
jobdoctor_diagnosis_failures_total{origin, reason}      diagnoses that gave no verdict (input, cluster, internal)
jobdoctor_model_errors_total                            model reviews that failed (the rule verdict stood)
jobdoctor_rejected_requests_total{platform, reason}     bad_signature, stale, bad_token, forbidden,
                                                        rate_limited, busy, duplicate, bad_request
jobdoctor_notifications_total{sink, outcome}            watcher posts: sent, retry, gave_up
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from agent.engine.verdict import Verdict

# Diagnoses take from well under a second (rules, small job) to a minute (a slow model).
LATENCY_BUCKETS = (0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120)


class Metrics:
    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.diagnoses = Counter(
            "jobdoctor_diagnoses", "Verdicts given.", ["category", "engine", "origin"], registry=self.registry
        )
        self.latency = Histogram(
            "jobdoctor_diagnosis_seconds",
            "Time to a verdict.",
            ["origin"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.failures = Counter(
            "jobdoctor_diagnosis_failures",
            "Diagnoses that gave no verdict.",
            ["origin", "reason"],
            registry=self.registry,
        )
        self.model_errors = Counter(
            "jobdoctor_model_errors", "Model reviews that failed; the rule verdict stood.", registry=self.registry
        )
        self.rejected = Counter(
            "jobdoctor_rejected_requests", "Requests refused.", ["platform", "reason"], registry=self.registry
        )
        self.notifications = Counter(
            "jobdoctor_notifications", "Watcher posts to sinks.", ["sink", "outcome"], registry=self.registry
        )

    def verdict(self, verdict: Verdict, *, origin: str, seconds: float, model: str | None) -> None:
        self.diagnoses.labels(verdict.category, verdict.engine, origin).inc()
        self.latency.labels(origin).observe(seconds)
        # agent/review/llm.py keeps the rule verdict and says so in a note when the model failed.
        if model and verdict.engine == "rules" and any(n.startswith(f"model {model} not used") for n in verdict.notes):
            self.model_errors.inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)
