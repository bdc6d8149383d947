"""The request budget of ``jobdoctor triage`` on a namespace of 200 workloads, 10 of them failing.

    .venv/bin/python -m bench.triage            # prints the figures; --json FILE writes them

The namespace is served by tests/fakeapi (real HTTP, the official client, requests counted)
and triaged by the ``jobdoctor`` command as a user runs it:

    10 failing   4 Jobs and 3 PyTorchJobs that ran out of GPU memory a few minutes ago,
                 3 bare Pods Pending for two hours (no node has the GPUs)
    190 fine     150 Jobs that succeeded, 20 PyTorchJobs started 10 minutes ago (too young to
                 be checked for a stall), 20 Jobs running for three hours and printing
                 progress every minute (checked for a stall: fine)

The budget (README, "jobdoctor triage"): one list per kind and API version (17) plus their
further pages, then for each workload diagnosed at most 3 + K requests plus pages (K the
logs it reads, at most --max-logs = 8) - the cost of one diagnosis, less the get of the
workload, which the lists already hold.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import asdict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from collectors.kinds import builtin_kinds

ROOT = Path(__file__).resolve().parent.parent
JOBDOCTOR = str(Path(sys.executable).parent / "jobdoctor")
NAMESPACE = "bench"
MAX_LOGS = 8
# One list per kind and API version jobdoctor knows (the README's budget).
LISTS = sum(len(k.api_versions) for k in builtin_kinds())
Obj = dict[str, Any]


def stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def meta(name: str, created: datetime, owner: Obj | None = None, labels: dict[str, str] | None = None) -> Obj:
    m: Obj = {
        "name": name,
        "namespace": NAMESPACE,
        "uid": str(uuid.uuid5(uuid.NAMESPACE_DNS, name)),
        "creationTimestamp": stamp(created),
        "labels": labels or {},
    }
    if owner is not None:
        m["ownerReferences"] = [
            {
                "apiVersion": owner["apiVersion"],
                "kind": owner["kind"],
                "name": owner["metadata"]["name"],
                "uid": owner["metadata"]["uid"],
                "controller": True,
            }
        ]
    return m


def container_status(state: str, since: datetime, *, code: int = 0, until: datetime | None = None) -> Obj:
    if state == "running":
        s: Obj = {"running": {"startedAt": stamp(since)}}
    else:
        s = {
            "terminated": {
                "exitCode": code,
                "reason": "Completed" if code == 0 else "Error",
                "startedAt": stamp(since),
                "finishedAt": stamp(until or since),
            }
        }
    return {"name": "main", "image": "trainer:1", "ready": state == "running", "restartCount": 0, "state": s}


def pod(name: str, owner: Obj | None, labels: dict[str, str], phase: str, status: Obj | None, created: datetime) -> Obj:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": meta(name, created, owner, labels),
        "spec": {
            "nodeName": "gpu-node-1" if status else None,
            "restartPolicy": "Never",
            "containers": [{"name": "main", "image": "trainer:1"}],
        },
        "status": {"phase": phase, "startTime": stamp(created), "containerStatuses": [status] if status else []},
    }


def batch_job(name: str, created: datetime, *, state: str, at: datetime) -> Obj:
    conditions = {
        "failed": [
            {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "lastTransitionTime": stamp(at)}
        ],
        "succeeded": [{"type": "Complete", "status": "True", "lastTransitionTime": stamp(at)}],
        "running": [],
    }[state]
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": meta(name, created),
        "spec": {"completions": 1, "backoffLimit": 0, "template": {"spec": {"containers": [{"name": "main"}]}}},
        "status": {
            "startTime": stamp(created),
            "active": int(state == "running"),
            "succeeded": int(state == "succeeded"),
            "failed": int(state == "failed"),
            "conditions": conditions,
        },
    }


def pytorchjob(name: str, created: datetime, *, failed_at: datetime | None) -> Obj:
    conditions = [
        {"type": "Created", "status": "True", "lastTransitionTime": stamp(created)},
        {"type": "Running", "status": "False" if failed_at else "True", "lastTransitionTime": stamp(created)},
    ]
    if failed_at:
        conditions.append(
            {"type": "Failed", "status": "True", "reason": "PyTorchJobFailed", "lastTransitionTime": stamp(failed_at)}
        )
    spec = {
        role: {"replicas": 1, "template": {"spec": {"containers": [{"name": "main"}]}}} for role in ("Master", "Worker")
    }
    return {
        "apiVersion": "kubeflow.org/v1",
        "kind": "PyTorchJob",
        "metadata": meta(name, created),
        "spec": {"pytorchReplicaSpecs": spec},
        "status": {"startTime": stamp(created), "conditions": conditions},
    }


def namespace(store: Any, now: datetime) -> dict[str, int]:
    """Fills ``store`` with the 200 workloads; returns how many of each sort."""
    oom = "{t} torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB.\n"
    for i in range(4):  # failed Jobs
        created, failed = now - timedelta(minutes=30), now - timedelta(minutes=3 + i)
        job = batch_job(f"sft-{i}", created, state="failed", at=failed)
        p = pod(
            f"sft-{i}-x7k2p",
            job,
            {"batch.kubernetes.io/job-name": f"sft-{i}", "job-name": f"sft-{i}"},
            "Failed",
            container_status("terminated", created, code=1, until=failed),
            created,
        )
        store.add_all([job, p], namespace=NAMESPACE)
        store.put_log(p["metadata"]["name"], "main", oom.format(t=stamp(failed)), namespace=NAMESPACE)
    for i in range(3):  # failed PyTorchJobs
        created, failed = now - timedelta(minutes=40), now - timedelta(minutes=5 + i)
        job = pytorchjob(f"llama-{i}", created, failed_at=failed)
        store.add(job, namespace=NAMESPACE)
        for role in ("master", "worker"):
            labels = {
                "training.kubeflow.org/job-name": f"llama-{i}",
                "training.kubeflow.org/replica-type": role,
                "training.kubeflow.org/replica-index": "0",
            }
            p = pod(
                f"llama-{i}-{role}-0",
                job,
                labels,
                "Failed",
                container_status("terminated", created, code=1, until=failed),
                created,
            )
            store.add(p, namespace=NAMESPACE)
            store.put_log(
                p["metadata"]["name"],
                "main",
                oom.format(t=stamp(failed)) if role == "worker" else f"{stamp(failed)} step 40 loss 2.1\n",
                namespace=NAMESPACE,
            )
    for i in range(3):  # Pods waiting for GPUs for two hours
        created = now - timedelta(hours=2)
        p = pod(f"notebook-{i}", None, {}, "Pending", None, created)
        p["status"]["conditions"] = [
            {
                "type": "PodScheduled",
                "status": "False",
                "reason": "Unschedulable",
                "lastTransitionTime": stamp(created),
                "message": "0/8 nodes are available: 8 Insufficient nvidia.com/gpu.",
            }
        ]
        event = {
            "apiVersion": "v1",
            "kind": "Event",
            "metadata": meta(f"notebook-{i}.1", created),
            "involvedObject": {
                "kind": "Pod",
                "name": f"notebook-{i}",
                "namespace": NAMESPACE,
                "uid": p["metadata"]["uid"],
            },
            "reason": "FailedScheduling",
            "type": "Warning",
            "count": 40,
            "message": "0/8 nodes are available: 8 Insufficient nvidia.com/gpu.",
            "firstTimestamp": stamp(created),
            "lastTimestamp": stamp(now - timedelta(minutes=1)),
        }
        store.add_all([p, event], namespace=NAMESPACE)
    for i in range(150):  # Jobs that succeeded
        created = now - timedelta(hours=6, minutes=i)
        job = batch_job(f"eval-{i}", created, state="succeeded", at=created + timedelta(minutes=20))
        store.add_all(
            [
                job,
                pod(
                    f"eval-{i}-q2w8z",
                    job,
                    {"batch.kubernetes.io/job-name": f"eval-{i}"},
                    "Succeeded",
                    container_status("terminated", created, until=created + timedelta(minutes=20)),
                    created,
                ),
            ],
            namespace=NAMESPACE,
        )
    for i in range(20):  # PyTorchJobs that just started
        created = now - timedelta(minutes=10)
        job = pytorchjob(f"pretrain-{i}", created, failed_at=None)
        store.add(job, namespace=NAMESPACE)
        for role in ("master", "worker"):
            labels = {"training.kubeflow.org/job-name": f"pretrain-{i}", "training.kubeflow.org/replica-type": role}
            store.add(
                pod(f"pretrain-{i}-{role}-0", job, labels, "Running", container_status("running", created), created),
                namespace=NAMESPACE,
            )
    for i in range(20):  # Jobs running for three hours, printing progress every minute
        created = now - timedelta(hours=3)
        job = batch_job(f"finetune-{i}", created, state="running", at=created)
        p = pod(
            f"finetune-{i}-m4n5b",
            job,
            {"batch.kubernetes.io/job-name": f"finetune-{i}"},
            "Running",
            container_status("running", created),
            created,
        )
        store.add_all([job, p], namespace=NAMESPACE)
        lines = [f"{stamp(created + timedelta(minutes=m))} step {m} loss {3 - m / 100:.2f}\n" for m in range(179)]
        store.put_log(p["metadata"]["name"], "main", "".join(lines), namespace=NAMESPACE)
    return {"failing": 10, "fine": 190, "checked for a stall": 20}


def measure() -> list[Any]:
    sys.path.insert(0, str(ROOT))
    from bench.run import Figure
    from tests.fakeapi.server import FakeApiServer

    now = datetime.now(timezone.utc)
    with tempfile.TemporaryDirectory(prefix="jobdoctor-bench-triage-") as tmp, FakeApiServer() as server:
        namespace(server.store, now)
        kubeconfig = server.write_kubeconfig(Path(tmp) / "kubeconfig", namespace=NAMESPACE)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JOBDOCTOR_", "OPENAI_", "KUBECONFIG"))}
        env["HOME"] = tmp
        started = time.perf_counter()
        run = subprocess.run(
            [JOBDOCTOR, "triage", "--kubeconfig", str(kubeconfig), "-o", "json"],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        seconds = time.perf_counter() - started
        if run.returncode != 0:
            raise SystemExit(f"jobdoctor triage failed: {run.stderr}")
        report = json.loads(run.stdout)
        requests = server.requests
    kinds = Counter((r.verb, r.resource) for r in requests)
    workload_lists = [
        r
        for r in requests
        if r.verb == "list"
        and "labelSelector" not in r.query
        and "fieldSelector" not in r.query
        and r.resource != "events"
    ]
    diagnosed = report["checked"]
    logs = kinds[("get", "pods/log")]
    bound = len(workload_lists) + diagnosed * 3 + logs
    rows = Counter(r["category"] for r in report["rows"])
    right = report["listed"] == 200 and rows == Counter({"gpu-oom": 7, "unschedulable": 3}) and report["fine"] == 20
    return [
        Figure(
            "triage: requests, 200 workloads (10 failing)",
            len(requests),
            "requests",
            f"<= {LISTS} lists + {diagnosed} x (3 + K) = {LISTS + diagnosed * (3 + MAX_LOGS)}",
            round(len(requests) / (LISTS + diagnosed * (3 + MAX_LOGS)), 2),
            len(requests) <= bound and right,
            f"{len(workload_lists)} lists of workloads (one page each); {diagnosed} diagnosed (10 failing, 20 "
            f"checked for a stall); {logs} logs read; {kinds[('list', 'pods')] - len([r for r in workload_lists if r.resource == 'pods'])} "
            f"pod lists and {kinds[('list', 'events')]} event lists by the diagnoses; no get of a listed workload: "
            f"{sum(n for (verb, res), n in kinds.items() if verb == 'get' and res in ('jobs', 'pytorchjobs', 'pods'))}; "
            f"rows {dict(rows)}, {report['fine']} fine ({'right' if right else 'WRONG'})",
        ),
        Figure(
            "triage: requests per workload diagnosed",
            round((len(requests) - len(workload_lists)) / diagnosed, 2),
            "requests",
            "<= 3 + K",
            None,
            None,
            "",
        ),
        Figure(
            "triage: wall time of the command (200 workloads, 30 diagnosed)",
            round(seconds, 2),
            "s",
            "-",
            None,
            None,
            "jobdoctor triage -o json, 4 diagnoses at a time, against the fake API server on loopback",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    from bench.run import table

    figures = measure()
    print(table(figures))
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in figures], indent=2) + "\n")


if __name__ == "__main__":
    main()
