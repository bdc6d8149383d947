"""Batch Jobs and their pods as the API serves them, for the watcher's tests."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

from tests.fakeapi.store import Store

Obj = dict[str, Any]


def stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def job(name: str, namespace: str, *, created: datetime, failed_at: datetime | None = None) -> Obj:
    status: Obj = {}
    if failed_at is not None:
        status = {
            "failed": 1,
            "startTime": stamp(created),
            "conditions": [
                {
                    "type": "Failed",
                    "status": "True",
                    "reason": "BackoffLimitExceeded",
                    "message": "Job has reached the specified backoff limit",
                    "lastTransitionTime": stamp(failed_at),
                }
            ],
        }
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {
            "name": name,
            "namespace": namespace,
            "uid": str(uuid.uuid4()),
            "creationTimestamp": stamp(created),
            "labels": {"team": "nlp"},
        },
        "spec": {
            "completions": 1,
            "backoffLimit": 0,
            "template": {"spec": {"containers": [{"name": "main", "image": "trainer:1"}]}},
        },
        "status": status,
    }


def failed_pod(owner: Obj, *, finished: datetime) -> Obj:
    meta = owner["metadata"]
    name = f"{meta['name']}-x7k2p"
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": name,
            "namespace": meta["namespace"],
            "uid": str(uuid.uuid4()),
            "creationTimestamp": meta["creationTimestamp"],
            "labels": {"batch.kubernetes.io/job-name": meta["name"], "job-name": meta["name"]},
            "ownerReferences": [
                {"apiVersion": "batch/v1", "kind": "Job", "name": meta["name"], "uid": meta["uid"], "controller": True}
            ],
        },
        "spec": {
            "nodeName": "gpu-node-1",
            "restartPolicy": "Never",
            "containers": [{"name": "main", "image": "trainer:1"}],
        },
        "status": {
            "phase": "Failed",
            "containerStatuses": [
                {
                    "name": "main",
                    "ready": False,
                    "restartCount": 0,
                    "image": "trainer:1",
                    "state": {
                        "terminated": {
                            "exitCode": 1,
                            "reason": "Error",
                            "startedAt": meta["creationTimestamp"],
                            "finishedAt": stamp(finished),
                        }
                    },
                }
            ],
        },
    }


OOM_LOG = (
    "2026-05-14T09:37:55.000000000Z torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. "
    "GPU 0 has a total capacity of 79.15 GiB of which 1.2 GiB is free.\n"
)


def add_failed_job(
    store: Store, name: str, namespace: str, *, ago: timedelta = timedelta(minutes=1), now: datetime | None = None
) -> Obj:
    """A Job that failed ``ago``, with its pod and a CUDA OOM in the pod's log."""
    now = now or datetime.now(timezone.utc)
    obj = job(name, namespace, created=now - ago - timedelta(minutes=5), failed_at=now - ago)
    pod = failed_pod(obj, finished=now - ago)
    store.put_log(pod["metadata"]["name"], "main", OOM_LOG, namespace=namespace)
    store.add(pod, namespace=namespace)
    store.add(obj, namespace=namespace)
    return obj
