"""The verdict recorded on the workload as a Kubernetes Event (reason ``JobDoctorDiagnosis``),
so ``kubectl describe`` shows it. Needs ``create`` on events in the watched namespaces."""

from __future__ import annotations

from datetime import datetime, timezone

from agent.bot import cards
from agent.bot.kube import Kube, KubeError
from agent.bot.sinks import Notice, SinkError
from collectors.redaction import Redactor

REASON = "JobDoctorDiagnosis"
# The API server refuses event messages over 1 KiB.
MESSAGE_MAX = 1024


class EventRecorder:
    name = "event"

    def __init__(self, kube: Kube, redactor: Redactor, *, component: str = "jobdoctor") -> None:
        self._kube, self._redactor, self._component = kube, redactor, component

    def post(self, notice: Notice) -> None:
        v = cards.redacted(notice.verdict, self._redactor)
        ref = notice.workload
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        message = f"{v.category}: {v.error}"
        if v.culprit:
            message += f" (culprit {v.culprit.pod})"
        body = {
            "apiVersion": "v1",
            "kind": "Event",
            "metadata": {"generateName": f"{ref.get('name')}.jobdoctor-", "namespace": ref.get("namespace")},
            "involvedObject": ref,
            "reason": REASON,
            "message": message[:MESSAGE_MAX],
            "type": "Normal" if v.healthy else "Warning",
            "source": {"component": self._component},
            "reportingComponent": self._component,
            "firstTimestamp": now,
            "lastTimestamp": now,
            "count": 1,
        }
        try:
            self._kube.create_event(str(ref.get("namespace")), body)
        except KubeError as exc:
            raise SinkError(f"event: {exc}") from None
