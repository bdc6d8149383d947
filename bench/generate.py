"""A PyTorchJob with 1,024 workers as a snapshot, for the benchmarks.

One worker fails first (CUDA out of memory, or OOMKilled); ten minutes later every other
rank's NCCL watchdog gives up and torchrun takes its pod down. The job's condition names
the master, which failed last - the same trap a real cascade sets.

The logs of the ranks the engine reads (the culprit, the earliest symptom failures and the
master) are ``log_mb`` each; the other 1,000-odd pods get short logs. The line mix is what a
DeepSpeed/Transformers run with ``NCCL_DEBUG=INFO`` prints: per-rank step lines, tqdm bars
overwritten with ``\\r``, NCCL INFO bursts, DeepSpeed timers, Python warnings with their
source lines, fp16 overflow notices, retried uploads, checkpoint saves - including near
misses that contain the catalogue's words (``loss``, ``grad_norm``, ``NET/IB``, ``Error``)
without being failures.

Everything is derived from ``seed``: the same plan writes the same bytes.

    python -m bench.generate --out /tmp/jobdoctor-bench/snap-500 --log-mb 500
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import yaml

GPUS_PER_POD = 8
IMAGE = "registry.internal/ml/llama-train:2.4.0-cu124"
CREATED = datetime(2026, 5, 14, 8, 0, 0, tzinfo=timezone.utc)
TRAIN_START = CREATED + timedelta(minutes=5)
FIRST_FAILURE = datetime(2026, 5, 14, 11, 37, 55, tzinfo=timezone.utc)
WATCHDOG = timedelta(seconds=600)  # NCCL's default collective timeout
SMALL_LOG_STEPS = 40  # steps in the logs of ranks the engine does not read
CALIBRATION_STEPS = 2000  # steps generated to learn how many bytes a step takes
RANDOM_TABLE = 4096  # values drawn once per log and cycled: formatting, not drawing, is the cost


@dataclass(frozen=True)
class Plan:
    """What to generate. ``big_logs`` counts the full-size logs besides the culprit's."""

    workers: int = 1024
    log_mb: int = 500
    big_logs: int = 11
    failure: str = "cuda-oom"  # or "oom-killed"
    seed: int = 6
    name: str = "llama-pt"
    namespace: str = "team-scale"


FAILURES = {
    # failure -> (expected category, container reason, exit code)
    "cuda-oom": ("gpu-oom", "Error", 1),
    "oom-killed": ("oom-killed", "OOMKilled", 137),
}


@dataclass(frozen=True)
class _Pod:
    name: str
    role: str  # "master" | "worker"
    index: int
    first_rank: int
    node: str
    finished: datetime
    culprit: bool
    big: bool


def plan_pods(plan: Plan) -> list[_Pod]:
    """Every pod, its ranks, node and finish time; which logs are full size."""
    rng = random.Random(f"{plan.seed}:pods")
    culprit = rng.randrange(plan.workers)
    roles = [("master", 0)] + [("worker", i) for i in range(plan.workers)]
    finished: dict[tuple[str, int], datetime] = {}
    for role, index in roles:
        if role == "worker" and index == culprit:
            finished[(role, index)] = FIRST_FAILURE
        else:
            # Symptoms: the watchdog fires 10 minutes after the last collective, then
            # torchrun needs a while to reap its children; the master is among the last.
            lag = rng.uniform(60.0, 90.0) if role == "master" else rng.uniform(2.0, 90.0)
            finished[(role, index)] = FIRST_FAILURE + WATCHDOG + timedelta(seconds=lag)
    order = sorted(finished, key=lambda k: finished[k])
    big = set(order[: plan.big_logs + 1]) | {("master", 0)}
    pods = []
    for n, (role, index) in enumerate(roles):
        pods.append(
            _Pod(
                name=f"{plan.name}-{role}-{index}",
                role=role,
                index=index,
                first_rank=n * GPUS_PER_POD,
                node=f"gpu-h100-{n + 1:04d}",
                finished=finished[(role, index)],
                culprit=role == "worker" and index == culprit,
                big=(role, index) in big,
            )
        )
    return pods


# -- objects ----------------------------------------------------------------------------------


def _t(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _container_spec(plan: Plan, nodes: int) -> dict[str, Any]:
    env = [
        {"name": "NCCL_DEBUG", "value": "INFO"},
        {"name": "NCCL_IB_HCA", "value": "mlx5"},
        {"name": "TORCH_NCCL_ASYNC_ERROR_HANDLING", "value": "1"},
        {"name": "OMP_NUM_THREADS", "value": "8"},
        {"name": "PYTORCH_CUDA_ALLOC_CONF", "value": "expandable_segments:False"},
        {"name": "WANDB_API_KEY", "valueFrom": {"secretKeyRef": {"name": "wandb", "key": "api-key"}}},
        {"name": "HF_HOME", "value": "/mnt/cache/hf"},
    ]
    return {
        "name": "pytorch",
        "image": IMAGE,
        "imagePullPolicy": "IfNotPresent",
        "command": [
            "torchrun",
            f"--nnodes={nodes}",
            f"--nproc_per_node={GPUS_PER_POD}",
            "train.py",
            "--config",
            "configs/llama3-70b-pt.yaml",
            "--deepspeed",
            "configs/zero3.json",
        ],
        "env": env,
        "resources": {
            "limits": {"nvidia.com/gpu": str(GPUS_PER_POD), "memory": "1600Gi", "cpu": "96", "rdma/ib": "8"},
            "requests": {"nvidia.com/gpu": str(GPUS_PER_POD), "memory": "1600Gi", "cpu": "96", "rdma/ib": "8"},
        },
        "volumeMounts": [
            {"name": "dshm", "mountPath": "/dev/shm"},
            {"name": "ckpt", "mountPath": "/mnt/ckpt"},
            {"name": "cache", "mountPath": "/mnt/cache"},
            {
                "name": "kube-api-access-x7k2p",
                "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount",
                "readOnly": True,
            },
        ],
        "terminationMessagePath": "/dev/termination-log",
        "terminationMessagePolicy": "File",
        "ports": [{"containerPort": 23456, "name": "pytorchjob-port", "protocol": "TCP"}],
    }


def _job(plan: Plan, uid: str, end: datetime) -> dict[str, Any]:
    nodes = plan.workers + 1
    template = {"spec": {"containers": [_container_spec(plan, nodes)]}}
    return {
        "apiVersion": "kubeflow.org/v1",
        "kind": "PyTorchJob",
        "metadata": {
            "name": plan.name,
            "namespace": plan.namespace,
            "uid": uid,
            "creationTimestamp": _t(CREATED),
            "generation": 1,
            "resourceVersion": "918273645",
        },
        "spec": {
            "pytorchReplicaSpecs": {
                "Master": {"replicas": 1, "restartPolicy": "OnFailure", "template": template},
                "Worker": {"replicas": plan.workers, "restartPolicy": "OnFailure", "template": template},
            },
            "runPolicy": {"backoffLimit": 0, "cleanPodPolicy": "None"},
        },
        "status": {
            "conditions": [
                {
                    "type": "Created",
                    "status": "True",
                    "reason": "PyTorchJobCreated",
                    "message": f"PyTorchJob {plan.name} is created.",
                    "lastUpdateTime": _t(CREATED),
                    "lastTransitionTime": _t(CREATED),
                },
                {
                    "type": "Running",
                    "status": "False",
                    "reason": "PyTorchJobRunning",
                    "message": f"PyTorchJob {plan.name} is running.",
                    "lastUpdateTime": _t(TRAIN_START),
                    "lastTransitionTime": _t(TRAIN_START),
                },
                {
                    "type": "Failed",
                    "status": "True",
                    "reason": "PyTorchJobFailed",
                    "message": f"PyTorchJob {plan.name} is failed because 1 Master replica(s) failed.",
                    "lastUpdateTime": _t(end),
                    "lastTransitionTime": _t(end),
                },
            ],
            "replicaStatuses": {"Master": {"failed": 1}, "Worker": {"failed": plan.workers}},
            "startTime": _t(CREATED),
            "completionTime": _t(end),
        },
    }


def _pod(plan: Plan, pod: _Pod, job_uid: str) -> dict[str, Any]:
    _category, reason, code = FAILURES[plan.failure] if pod.culprit else ("", "Error", 1)
    created = CREATED + timedelta(seconds=1 + pod.first_rank / GPUS_PER_POD * 0.02)
    started = created + timedelta(seconds=70 + (pod.index % 17))
    labels = {
        "training.kubeflow.org/job-name": plan.name,
        "training.kubeflow.org/operator-name": "pytorchjob-controller",
        "training.kubeflow.org/replica-type": pod.role,
        "training.kubeflow.org/replica-index": str(pod.index),
    }
    if pod.role == "master":
        labels["training.kubeflow.org/job-role"] = "master"
    ip = f"10.{(pod.first_rank // 8) // 250 + 40}.{(pod.first_rank // 8) % 250}.17"
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": pod.name,
            "namespace": plan.namespace,
            "uid": f"{pod.first_rank:08x}-7c1e-4d2a-9b3f-{pod.index:012x}",
            "creationTimestamp": _t(created),
            "labels": labels,
            "resourceVersion": str(918270000 + pod.first_rank),
            "annotations": {"sidecar.istio.io/inject": "false"},
            "ownerReferences": [
                {
                    "apiVersion": "kubeflow.org/v1",
                    "kind": "PyTorchJob",
                    "name": plan.name,
                    "uid": job_uid,
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ],
        },
        "spec": {
            "containers": [_container_spec(plan, plan.workers + 1)],
            "nodeName": pod.node,
            "restartPolicy": "OnFailure",
            "schedulerName": "default-scheduler",
            "serviceAccountName": "default",
            "dnsPolicy": "ClusterFirst",
            "priority": 0,
            "terminationGracePeriodSeconds": 30,
            "enableServiceLinks": True,
            "preemptionPolicy": "PreemptLowerPriority",
            "tolerations": [
                {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
                {
                    "key": "node.kubernetes.io/not-ready",
                    "operator": "Exists",
                    "effect": "NoExecute",
                    "tolerationSeconds": 300,
                },
            ],
            "volumes": [
                {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "64Gi"}},
                {"name": "ckpt", "persistentVolumeClaim": {"claimName": "llama-pt-ckpt"}},
                {"name": "cache", "persistentVolumeClaim": {"claimName": "hf-cache"}},
                {
                    "name": "kube-api-access-x7k2p",
                    "projected": {
                        "defaultMode": 420,
                        "sources": [
                            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                            {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                        ],
                    },
                },
            ],
        },
        "status": {
            "phase": "Failed",
            "hostIP": f"172.20.{pod.first_rank // 2000}.{pod.first_rank // 8 % 250}",
            "podIP": ip,
            "podIPs": [{"ip": ip}],
            "qosClass": "Guaranteed",
            "startTime": _t(created + timedelta(seconds=2)),
            "conditions": [
                {"type": "PodReadyToStartContainers", "status": "False", "lastTransitionTime": _t(pod.finished)},
                {"type": "Initialized", "status": "True", "lastTransitionTime": _t(created + timedelta(seconds=2))},
                {"type": "Ready", "status": "False", "reason": "PodFailed", "lastTransitionTime": _t(pod.finished)},
                {
                    "type": "ContainersReady",
                    "status": "False",
                    "reason": "PodFailed",
                    "lastTransitionTime": _t(pod.finished),
                },
                {"type": "PodScheduled", "status": "True", "lastTransitionTime": _t(created + timedelta(seconds=1))},
            ],
            "containerStatuses": [
                {
                    "name": "pytorch",
                    "image": IMAGE,
                    "imageID": f"{IMAGE.split(':')[0]}@sha256:{'9f2c1b7d' * 8}",
                    "containerID": f"containerd://{pod.first_rank:016x}{'a1b2c3d4' * 6}",
                    "ready": False,
                    "started": False,
                    "restartCount": 0,
                    "lastState": {},
                    "state": {
                        "terminated": {
                            "exitCode": code,
                            "reason": reason,
                            "startedAt": _t(started),
                            "finishedAt": _t(pod.finished),
                            "containerID": f"containerd://{pod.first_rank:016x}{'a1b2c3d4' * 6}",
                        }
                    },
                }
            ],
        },
    }


def _event(
    plan: Plan,
    n: int,
    kind: str,
    name: str,
    uid: str,
    type_: str,
    reason: str,
    message: str,
    when: datetime,
    source: str,
) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Event",
        "metadata": {"name": f"{name}.{n:016x}", "namespace": plan.namespace, "creationTimestamp": _t(when)},
        "involvedObject": {
            "apiVersion": "kubeflow.org/v1" if kind == "PyTorchJob" else "v1",
            "kind": kind,
            "name": name,
            "namespace": plan.namespace,
            "uid": uid,
        },
        "type": type_,
        "reason": reason,
        "message": message,
        "count": 1,
        "firstTimestamp": _t(when),
        "lastTimestamp": _t(when),
        "source": {"component": source},
        "reportingComponent": source,
        "reportingInstance": "",
    }


def objects(plan: Plan, pods: list[_Pod]) -> dict[str, Any]:
    job_uid = "3e9a7c10-51d4-4c8e-b2f1-6a0d9e4c7b21"
    end = max(p.finished for p in pods) + timedelta(seconds=1)
    items: list[dict[str, Any]] = [_job(plan, job_uid, end)]
    raw_pods = [_pod(plan, p, job_uid) for p in pods]
    items.extend(raw_pods)
    n = 0
    for pod, raw in zip(pods, raw_pods, strict=False):
        uid = raw["metadata"]["uid"]
        created = datetime.strptime(raw["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ").replace(
            tzinfo=timezone.utc
        )
        started = created + timedelta(seconds=70)
        for kind, name, obj_uid, type_, reason, message, when, source in (
            (
                "PyTorchJob",
                plan.name,
                job_uid,
                "Normal",
                "SuccessfulCreatePod",
                f"Created pod: {pod.name}",
                created,
                "pytorchjob-controller",
            ),
            (
                "PyTorchJob",
                plan.name,
                job_uid,
                "Normal",
                "SuccessfulCreateService",
                f"Created service: {pod.name}",
                created,
                "pytorchjob-controller",
            ),
            (
                "Pod",
                pod.name,
                uid,
                "Normal",
                "Scheduled",
                f"Successfully assigned {plan.namespace}/{pod.name} to {pod.node}",
                created + timedelta(seconds=1),
                "default-scheduler",
            ),
            (
                "Pod",
                pod.name,
                uid,
                "Normal",
                "Pulling",
                f'Pulling image "{IMAGE}"',
                created + timedelta(seconds=2),
                "kubelet",
            ),
            (
                "Pod",
                pod.name,
                uid,
                "Normal",
                "Pulled",
                f'Successfully pulled image "{IMAGE}" in 1m7.412s (1m7.412s including waiting). Image size: 21474836480 bytes.',
                started - timedelta(seconds=1),
                "kubelet",
            ),
            ("Pod", pod.name, uid, "Normal", "Created", "Created container pytorch", started, "kubelet"),
            ("Pod", pod.name, uid, "Normal", "Started", "Started container pytorch", started, "kubelet"),
            (
                "PyTorchJob",
                plan.name,
                job_uid,
                "Normal",
                "ExitedWithCode",
                f"Pod: {plan.namespace}.{pod.name} exited with code {raw['status']['containerStatuses'][0]['state']['terminated']['exitCode']}",
                pod.finished + timedelta(seconds=1),
                "pytorchjob-controller",
            ),
        ):
            n += 1
            items.append(_event(plan, n, kind, name, obj_uid, type_, reason, message, when, source))
    n += 1
    items.append(
        _event(
            plan,
            n,
            "PyTorchJob",
            plan.name,
            job_uid,
            "Normal",
            "PyTorchJobFailed",
            f"PyTorchJob {plan.namespace}/{plan.name} has failed because 1 Master replica(s) failed.",
            end,
            "pytorchjob-controller",
        )
    )
    return {"apiVersion": "v1", "kind": "List", "items": items}


# -- logs -------------------------------------------------------------------------------------


def _glog(t: datetime, level: str = "I") -> str:
    """torch's C++ log prefix: ``I0514 09:12:01.402231621``."""
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d}{t.microsecond % 1000:03d}"


def _py(t: datetime) -> str:
    """Python logging's ``2026-05-14 09:12:01,402``."""
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def _head(plan: Plan, pod: _Pod, t: datetime) -> list[str]:
    host, ranks = pod.name, range(pod.first_rank, pod.first_rank + GPUS_PER_POD)
    nranks = (plan.workers + 1) * GPUS_PER_POD
    lines = [
        f"W{t:%m%d %H:%M:%S}.118000 140112 torch/distributed/run.py:779] ",
        f"W{t:%m%d %H:%M:%S}.118000 140112 torch/distributed/run.py:779] *****************************************",
        f"W{t:%m%d %H:%M:%S}.118000 140112 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable "
        "for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable "
        "for optimal performance in your application as needed.",
        f"W{t:%m%d %H:%M:%S}.118000 140112 torch/distributed/run.py:779] *****************************************",
    ]
    for local, rank in enumerate(ranks):
        lines += [
            f"[{_py(t)}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
            "/usr/local/lib/python3.11/site-packages/transformers/training_args.py:1525: FutureWarning: "
            "`evaluation_strategy` is deprecated and will be removed in version 4.46 of Transformers. Use `eval_strategy` instead",
            "  warnings.warn(",
            f"[rank{rank}]:[{_glog(t)} ProcessGroupNCCL.cpp:891] [PG 0 Rank {rank}] ProcessGroupNCCL initialization "
            f"options: size: {nranks}, global rank: {rank}, TIMEOUT(ms): 600000, USE_HIGH_PRIORITY_STREAM: 0, "
            "TORCH_DISTRIBUTED_DEBUG: OFF, NCCL_DEBUG: INFO, ID=94237461827712",
            f"{host}:{301 + local}:{301 + local} [{local}] NCCL INFO Bootstrap : Using eth0:10.40.3.17<0>",
            f"{host}:{301 + local}:{301 + local} [{local}] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open "
            "shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
            f"{host}:{301 + local}:{301 + local} [{local}] NCCL INFO cudaDriverVersion 12040",
            "NCCL version 2.21.5+cuda12.4"
            if rank == 0
            else f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB "
            "[2]mlx5_4:1/IB [3]mlx5_5:1/IB ; OOB eth0:10.40.3.17<0>",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO Using non-device net plugin version 0",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO Using network IB",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO comm 0x55d4c8a1e0 rank {rank} nranks {nranks} "
            f"cudaDev {local} nvmlDev {local} busId {0x1B + local * 0x12:x}000 commId 0x9f2c1b7d4e3a2b10 - Init START",
        ]
        for ch in range(24):
            lines.append(
                f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO Channel {ch:02d}/24 :    "
                f"{rank}[{local}] -> {rank + 1}[{(local + 1) % 8}] via P2P/IPC/read"
            )
        lines += [
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO Connected all rings",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO Connected all trees",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO threadThresholds 8/8/64 | 65600/8/64 | 512 | 512",
            f"{host}:{301 + local}:{412 + local} [{local}] NCCL INFO comm 0x55d4c8a1e0 rank {rank} nranks {nranks} "
            f"cudaDev {local} nvmlDev {local} busId {0x1B + local * 0x12:x}000 commId 0x9f2c1b7d4e3a2b10 - Init COMPLETE",
        ]
    shards = "\r".join(
        f"Loading checkpoint shards: {p:3d}%|{'#' * (p // 10):10s}| {p * 30 // 100}/30 "
        f"[00:{p // 4:02d}<00:{(100 - p) // 4:02d},  1.21s/it]"
        for p in range(0, 101, 10)
    )
    lines += [
        shards,
        f"[{_py(t)}] [INFO] [config.py:1003:print] DeepSpeedEngine configuration:",
        f"[{_py(t)}] [INFO] [config.py:1007:print]   zero_optimization ............ stage=3 overlap_comm=True",
    ]
    return lines


class _Body:
    """Training-loop lines, step after step, with the near misses a real run prints."""

    def __init__(self, plan: Plan, pod: _Pod, rng: random.Random, start: datetime, seconds_per_step: float) -> None:
        self.plan, self.pod = plan, pod
        self.values = [rng.random() for _ in range(RANDOM_TABLE)]
        self.start, self.sps = start, seconds_per_step
        self.ranks = list(range(pod.first_rank, pod.first_rank + GPUS_PER_POD))
        self.host = pod.name

    def step(self, s: int) -> list[str]:
        v = self.values
        t = self.start + timedelta(seconds=s * self.sps)
        hms = f"{t:%H:%M:%S}"
        r = v[s % RANDOM_TABLE]
        loss = 2.9 * (1.0 - s / (s + 20000.0)) + 0.05 * r
        out = []
        for k, rank in enumerate(self.ranks):
            w = v[(s * 8 + k) % RANDOM_TABLE]
            out.append(
                f"[rank{rank}]: step {s} | loss {loss + 0.01 * w:.4f} | lr {3e-4 * min(1.0, s / 2000):.3e} | "
                f"grad_norm {0.6 + 0.5 * w:.3f} | tokens/s {38000 + int(4000 * w)} | mem {61.0 + 8 * w:.1f}GB"
            )
        total = 500000
        bars = "\r".join(
            f"{100 * (s - j) // total:3d}%|{'█' * (10 * (s - j) // total):10s}| {s - j}/{total} "
            f"[{(s - j) // 3600:d}:{(s - j) // 60 % 60:02d}:{(s - j) % 60:02d}<38:12:{int(60 * r):02d},  {2.9 + r:.2f}it/s]"
            for j in (3, 2, 1, 0)
        )
        out.append(bars)
        if s % 10 == 0:
            out.append(
                f"[{_py(t)}] [INFO] [timer.py:264:stop] epoch=0/micro_step={s * 16}/global_step={s}, "
                f"RunningAvgSamplesPerSec={57.1 + r:.4f}, CurrSamplesPerSec={56.9 + r:.4f}, "
                f"MemAllocated={41.2 + r:.1f}GB, MaxMemAllocated={68.9 + r:.1f}GB"
            )
            out.append(
                f"{{'loss': {loss:.4f}, 'grad_norm': {0.6 + 0.5 * r:.4f}, 'learning_rate': {3e-4 * min(1.0, s / 2000):.4e}, "
                f"'epoch': {s / total:.4f}}}"
            )
        if s % 25 == 0:
            rank = self.ranks[s % GPUS_PER_POD]
            out.append(
                f"[rank{rank}]:[I{t:%m%d} {hms}.{s % 1000000:06d}000 ProcessGroupNCCL.cpp:2163] [PG 3 Rank {rank}] "
                f"ProcessGroupNCCL broadcast unique ID through store took {0.1 + r:.3f} ms"
            )
        if s % 200 == 0:
            for k in range(GPUS_PER_POD):
                out.append(
                    f"{self.host}:{301 + k}:{1412 + k} [{k}] NCCL INFO comm 0x7f3a{s:08x} rank {self.ranks[k]} "
                    f"nranks 64 cudaDev {k} nvmlDev {k} busId {0x1B + k * 0x12:x}000 commId 0x{s:016x} - Init COMPLETE"
                )
                out.append(
                    f"{self.host}:{301 + k}:{1412 + k} [{k}] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'"
                )
        if s % 500 == 0:
            out += [
                f"[{_py(t)}] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank {self.ranks[0]} "
                f"Skipping step. Attempted loss scale: 65536, reducing to 32768",
                "/usr/local/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: "
                "`torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
                "  with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  "
                "# type: ignore[attr-defined]",
                f"INFO:s3transfer.upload:part 3 of metrics-{s}.parquet: retrying after ReadTimeoutError "
                "(attempt 2 of 5)",
            ]
        if s % 2000 == 0 and s:
            ckpt = f"/mnt/ckpt/{self.plan.name}/global_step{s}"
            out += [
                f"[{_py(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step{s} is about "
                "to be saved!",
                f"[{_py(t)}] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving {ckpt}/"
                f"zero_pp_rank_{self.ranks[0]}_mp_rank_00_model_states.pt...",
                f"[{_py(t)}] [INFO] [torch_checkpoint_engine.py:33:save] [Torch] Saved {ckpt}/"
                f"zero_pp_rank_{self.ranks[0]}_mp_rank_00_model_states.pt.",
                f"[{_py(t)}] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved {ckpt}/"
                f"bf16_zero_pp_rank_{self.ranks[0]}_mp_rank_00_optim_states.pt",
                f"{{'eval_loss': {loss + 0.05:.4f}, 'eval_runtime': {31.5 + r:.2f}, 'eval_samples_per_second': "
                f"{62.3 + r:.3f}, 'eval_steps_per_second': 1.947, 'epoch': {s / total:.4f}}}",
                f"wandb: WARNING Tried to log to step {s - 1} that is less than the current step {s}. Steps must be "
                "monotonically increasing, so this data will be ignored. See https://wandb.me/define-metric to log "
                "data out of order.",
                f"[rank{self.ranks[1]}]: Loading data shard {s // 2000:05d}-of-01024 from "
                f"s3://datasets/pretrain/train-{s // 2000:05d}.jsonl.zst (1.2 GB), errors so far: 0",
            ]
        return out


def _culprit_end(plan: Plan, pod: _Pod, t: datetime) -> list[str]:
    if plan.failure == "oom-killed":
        return []  # the kernel kills the container mid-step: nothing more is printed
    rank = pod.first_rank + 3
    p = f"[rank{rank}]:"
    lines = [
        f"{p} Traceback (most recent call last):",
        f'{p}   File "/workspace/train.py", line 241, in <module>',
        f"{p}     main()",
        f'{p}   File "/workspace/train.py", line 219, in main',
        f"{p}     loss = engine(**batch).loss",
        f'{p}   File "/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl',
        f"{p}     return self._call_impl(*args, **kwargs)",
        f'{p}   File "/usr/local/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py", line 1189, in forward',
        f"{p}     logits = logits.float()",
        f"{p} torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 3 has a total capacity of "
        "79.15 GiB of which 1.12 GiB is free. Process 304 has 78.02 GiB memory in use. Of the allocated memory 71.33 GiB "
        "is allocated by PyTorch, and 5.21 GiB is reserved by PyTorch but unallocated. If reserved but unallocated "
        "memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See "
        "documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    ]
    return lines + _torchrun_summary(
        pod,
        t,
        local=3,
        exitcode="1",
        traceback_line=("To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
    )


def _symptom_end(plan: Plan, pod: _Pod, t: datetime) -> list[str]:
    lines = []
    for _local, rank in enumerate(range(pod.first_rank, pod.first_rank + GPUS_PER_POD)):
        g = _glog(t, "E")
        lines += [
            f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:607] [Rank {rank}] Watchdog caught collective operation timeout: "
            "WorkNCCL(SeqNum=93211, OpType=ALLREDUCE, NumelIn=16777216, NumelOut=16777216, Timeout(ms)=600000) ran for "
            "600043 milliseconds before timing out.",
            f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:1664] [PG 0 Rank {rank}] Exception (either an error or timeout) "
            "detected by watchdog at work: 93211, last enqueued NCCL work: 93211, last completed NCCL work: 93210.",
            f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:621] [Rank {rank}] Some NCCL operations have failed or timed out. "
            "Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"[rank{rank}]:[{g} ProcessGroupNCCL.cpp:627] [Rank {rank}] To avoid data inconsistency, we are taking the "
            "entire process down.",
        ]
    rank = pod.first_rank
    lines += [
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG 0 Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog "
        "caught collective operation timeout: WorkNCCL(SeqNum=93211, OpType=ALLREDUCE, NumelIn=16777216, "
        "NumelOut=16777216, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f2b4c2a1f86 in "
        "/usr/local/lib/python3.11/site-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
        "std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f2b4d58c3a2 in /usr/local/lib/python3.11/site-packages/torch/lib/"
        "libtorch_cuda.so)",
    ]
    return lines + _torchrun_summary(
        pod, t, local=0, exitcode="-6", traceback_line="Signal 6 (SIGABRT) received by PID 301"
    )


def _torchrun_summary(pod: _Pod, t: datetime, *, local: int, exitcode: str, traceback_line: str) -> list[str]:
    w, e = _glog(t, "W")[:14], _glog(t, "E")[:14]
    lines = [
        f"{w}.118000 140112 torch/distributed/elastic/multiprocessing/api.py:858] Sending process {301 + k} "
        "closing signal SIGTERM"
        for k in range(GPUS_PER_POD)
        if k != local
    ]
    return lines + [
        f"{e}.402000 140112 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: {exitcode}) "
        f"local_rank: {local} (pid: {301 + local}) of binary: /usr/bin/python3.11",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "train.py FAILED",
        "------------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        f"  time      : {t:%Y-%m-%d_%H:%M:%S}",
        f"  host      : {pod.name}",
        f"  rank      : {pod.first_rank + local} (local_rank: {local})",
        f"  exitcode  : {exitcode} (pid: {301 + local})",
        "  error_file: <N/A>",
        f"  traceback : {traceback_line}",
        "============================================================",
    ]


def log_chunks(plan: Plan, pod: _Pod) -> Iterator[str]:
    """The pod's log, in pieces of a few MB."""
    rng = random.Random(f"{plan.seed}:log:{pod.name}")
    last_step_time = pod.finished if pod.culprit else FIRST_FAILURE
    yield "\n".join(_head(plan, pod, TRAIN_START - timedelta(minutes=3))) + "\n"
    target = plan.log_mb * 1_000_000 if pod.big else 0
    # Spread the steps that fill the target over the run, so that times stay in order.
    body = _Body(plan, pod, rng, TRAIN_START, 1.0)
    steps = SMALL_LOG_STEPS
    if target:
        sample = sum(len("\n".join(body.step(s)).encode()) + 1 for s in range(1, CALIBRATION_STEPS + 1))
        steps = max(steps, target * CALIBRATION_STEPS // sample)
    body.sps = (last_step_time - TRAIN_START).total_seconds() / steps
    batch: list[str] = []
    for s in range(steps):
        batch.extend(body.step(s))
        if len(batch) >= 20000:
            yield "\n".join(batch) + "\n"
            batch = []
    end = _culprit_end(plan, pod, pod.finished) if pod.culprit else _symptom_end(plan, pod, pod.finished)
    batch.extend(end)
    if batch:
        yield "\n".join(batch) + "\n"


def _write_log(args: tuple[Plan, _Pod, str]) -> int:
    plan, pod, path = args
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for text in log_chunks(plan, pod):
            f.write(text)
    return Path(path).stat().st_size


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """kubectl never writes anchors: repeat shared objects as it does."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_objects(plan: Plan, pods: list[_Pod], out: Path) -> None:
    with (out / "objects.yaml").open("w", encoding="utf-8") as f:
        yaml.dump(objects(plan, pods), f, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=1 << 16)


def generate(plan: Plan, out: Path, *, jobs: int = 2) -> dict[str, Any]:
    """Write the snapshot to ``out`` and return its manifest (also written as bench.json)."""
    out.mkdir(parents=True, exist_ok=True)
    pods = plan_pods(plan)
    write_objects(plan, pods, out)
    captured = max(p.finished for p in pods) + timedelta(minutes=5)
    (out / "snapshot.yaml").write_text(f"capturedAt: {_t(captured)}\n", encoding="utf-8")
    tasks = [(plan, p, str(out / "logs" / p.name / "pytorch.log")) for p in pods]
    tasks.sort(key=lambda task: not task[1].big)  # the long ones first, so both workers stay busy
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        sizes = dict(zip((t[1].name for t in tasks), pool.map(_write_log, tasks, chunksize=1), strict=False))
    culprit = next(p for p in pods if p.culprit)
    manifest = {
        "plan": asdict(plan),
        "kind": "pytorchjob",
        "name": plan.name,
        "namespace": plan.namespace,
        "expected": {"category": FAILURES[plan.failure][0], "culprit": culprit.name, "container": "pytorch"},
        "big_logs": {p.name: sizes[p.name] for p in pods if p.big},
        "culprit_log": f"logs/{culprit.name}/pytorch.log",
        "pods": len(pods),
        "objects_bytes": (out / "objects.yaml").stat().st_size,
    }
    (out / "bench.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="snapshot directory to write (use /tmp: it is large)")
    parser.add_argument("--log-mb", type=int, default=Plan.log_mb, help="size of each full-size log, in MB")
    parser.add_argument("--workers", type=int, default=Plan.workers)
    parser.add_argument("--failure", choices=sorted(FAILURES), default=Plan.failure)
    parser.add_argument("--seed", type=int, default=Plan.seed)
    args = parser.parse_args()
    manifest = generate(Plan(workers=args.workers, log_mb=args.log_mb, failure=args.failure, seed=args.seed), args.out)
    print(json.dumps({k: manifest[k] for k in ("expected", "pods", "objects_bytes")}))


if __name__ == "__main__":
    main()
