"""The verdict recorded as a JobDiagnosis (agent/operator/resource.py) in the workload's
namespace, so ``kubectl get jobdiagnoses`` keeps a history of what failed and why, and
namespace RBAC decides who sees it. Needs the CRD and create on jobdiagnoses, patch on
jobdiagnoses/status.

Exactly once, as every sink: the watcher records this sink in its ConfigMap only after
``post`` returned. The object's name comes from the notification key, so a post repeated
after a kill (created, not yet recorded) finds its object (409) and completes its status
instead of making a second one. The record carries ``jobdoctor.io/recorded-by: watcher``:
the controller leaves its first verdict to the watcher, which already has it.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.bot import cards
from agent.bot.sinks import Notice, SinkError
from collectors.redaction import Redactor


class DiagnosisRecorder:
    name = "jobdiagnosis"

    def __init__(self, api_client: Any, redactor: Redactor, *, ttl: timedelta | None) -> None:
        from agent.operator.objects import Objects

        self._objects = Objects(api_client)
        self._redactor, self._ttl = redactor, ttl

    def post(self, notice: Notice) -> None:
        from agent.operator import reconciling
        from agent.operator.objects import ObjectsError
        from agent.operator.resource import API_VERSION, FINAL, KIND, RECORDED_BY_ANNOTATION, dns_name

        ref = notice.workload
        namespace = str(ref.get("namespace"))
        # The workload's name, and a digest of the notification key: unique per failure,
        # the same every time this failure is posted.
        digest = hashlib.sha256(notice.key.encode()).hexdigest()[:10]
        name = f"{dns_name(str(ref.get('name')), limit=52)}-{digest}"
        spec: dict[str, Any] = {"object": {"kind": ref.get("kind"), "name": ref.get("name"), "namespace": namespace}}
        if self._ttl is not None:
            spec["ttlSecondsAfterFinished"] = int(self._ttl.total_seconds())
        body = {
            "apiVersion": API_VERSION,
            "kind": KIND,
            "spec": spec,
            "metadata": {
                "name": name,
                "namespace": namespace,
                "labels": {"app.kubernetes.io/managed-by": "jobdoctor-watcher"},
                "annotations": {
                    RECORDED_BY_ANNOTATION: "watcher",
                    "jobdoctor.io/trigger": notice.trigger,
                    "jobdoctor.io/notification": notice.key[:253],
                },
            },
        }
        try:
            try:
                obj = self._objects.create(namespace, body)
            except ObjectsError as exc:
                if exc.status != 409:
                    raise
                obj = self._objects.get(namespace, name) or {}
            if (obj.get("status") or {}).get("phase") in FINAL:
                return  # recorded before a kill, only the ConfigMap record was missing
            now = datetime.now(timezone.utc)
            status = reconciling.completed(cards.redacted(notice.verdict, self._redactor), obj or body, now, attempt=1)
            self._objects.patch_status(namespace, name, self._redactor.object(status))
        except ObjectsError as exc:
            raise SinkError(f"jobdiagnosis: {exc}") from None
