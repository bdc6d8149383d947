"""Fresh round 17: real public threads about admission, quota, gang scheduling and placement (Kueue, Volcano, YuniKorn, JobSet, GPU requests).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

import copy
from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    batch_job,
    event,
    healthy_node_conditions,
    kueue_workload,
    node,
    node_condition,
    pod,
)
from tests.cases.scenarios_fresh10_scheduling import _created_workload, _suspended

SCENARIOS = Scenarios()


# -- 1. Kueue: with three or more Workloads waiting in the ClusterQueue, a GPU training Job whose
# -- Workload fits the quota never gets a reservation; the Workload has no status at all -------------


@SCENARIOS.add
def quota_exceeded_job_kueue_workload_fits_quota_never_reserved() -> CaseSpec:
    at = Clock(datetime(2024, 6, 10, 14, 5, 14, tzinfo=timezone.utc))
    name, ns, lq = "ml-job-online-filtering-6-4f6f9f6", "ml-team", "lq-all-resources"
    script = (
        "set -x &&\n"
        "cp /data/user/{.git*,clearml.conf} ~/ &&\n"
        "mkdir -p ~/.ssh &&\n"
        "cp /data/user/id_* ~/.ssh &&\n"
        "cp /data/user/.git* ~/ &&\n"
        "ssh-keyscan -p 7999 -t rsa foo.bar > ~/.ssh/known_hos\n"
        "cp ~/.ssh/id_rsa.pub ~/.ssh/authorized_keys &&\n"
        "chmod 600 ~/.ssh/id_rsa &&\n"
        "ls -lha ~ &&\n"
        "ls -lha ~/.ssh &&\n"
        "ls -la &&\n"
        "cd iris-recognition &&\n"
        "HYDRA_FULL_ERROR=1 python train.py &&\n"
        'export tag="$(python -m solver.config.get_config_value --key tag)" &&\n'
        'export task_dir="$(python -m solver.config.get_config_value --key directories.task_dir)" &&\n'
        "export last_ckpt_path=$task_dir/trainings/$tag/ckpt/last.ckpt &&\n"
        "HYDRA_FULL_ERROR=1 python post_evaluate.py --model ${last_ckpt_path} --gpu 0 1\n"
    )
    ctr = Container(
        "ml-main",
        "foo:bar",
        command=["bash", "-c", script],
        env=[{"name": "WORKLOAD_ARGS"}],
        resources={
            "limits": {"cpu": "30", "ephemeral-storage": "5Gi", "memory": "70Gi", "nvidia.com/gpu": "4"},
            "requests": {"cpu": "30", "ephemeral-storage": "3Gi", "memory": "70Gi", "nvidia.com/gpu": "4"},
        },
    )
    labels = {"app": "ml-job", "kueue.x-k8s.io/priority-class": "ml-medium", "kueue.x-k8s.io/queue-name": lq}
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        labels=labels,
        conditions=[_suspended(at(0))],
    )
    affinity: Obj = {
        "nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [
                    {
                        "matchExpressions": [
                            {
                                "key": "kubernetes.io/hostname",
                                "operator": "NotIn",
                                "values": ["k8s-prod-master0", "k8s-prod-master1", "k8s-prod-master2"],
                            },
                            {"key": "nvidia.com/gpu.memory", "operator": "Gt", "values": ["4096"]},
                        ]
                    }
                ]
            }
        }
    }
    template = job["spec"]["template"]["spec"]
    template.update({"affinity": affinity, "priorityClassName": "ml-medium", "runtimeClassName": "nvidia"})
    job["metadata"]["annotations"] = {"batch.kubernetes.io/job-tracking": ""}
    wl = kueue_workload(
        job,
        at(0),
        queue=lq,
        pod_sets=[
            {"count": 1, "name": "main", "template": {"metadata": {"name": name}, "spec": copy.deepcopy(template)}}
        ],
        conditions=[],
    )
    wl["metadata"]["name"] = f"job-{name}-9a073"
    wl["metadata"]["finalizers"] = ["kueue.x-k8s.io/resource-in-use"]
    wl["spec"].update(
        {
            "priority": 100,
            "priorityClassName": "ml-medium",
            "priorityClassSource": "kueue.x-k8s.io/workloadpriorityclass",
        }
    )
    # The reporter: the waiting Workloads "don't have any status or events".
    del wl["status"]
    events = [
        event(job, "Suspended", "Job suspended", at(0), type_="Normal", component="job-controller"),
        _created_workload(job, wl, at(0)),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-workload-fits-quota-never-reserved",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="Job suspended",
        description="A 4-GPU training Job (train.py, then post_evaluate.py) labelled for the Kueue LocalQueue "
        "lq-all-resources, whose ClusterQueue has five flavors with room for it. Kueue created its Workload but "
        "never reserved quota for it: 24 minutes later the Job is still Suspended ('Job suspended'), no pod "
        "exists, and the Workload has no status and no conditions. Kueue's scheduler log (not part of the "
        "snapshot) shows it retrying another Workload at the head of the queue over and over ('Workload "
        "requires preemption, but there are no candidate workloads allowed for preemption') instead of moving "
        "on - a Kueue bug fixed in a later image. The queue holds the Job back. Reconstructed: the Job's "
        "'Suspended' event and Kueue's 'CreatedWorkload' event (the thread pastes the Suspended condition and "
        "the Workload); the namespace is renamed.",
        objects=[job, wl, *events],
        captured=at(24 * 60),
        title="Workloads are not admitted when there are 3 or more Workloads in the ClusterQueue: the Job stays "
        "Suspended and its Workload has no status, although it would fit the quota",
        source="https://github.com/kubernetes-sigs/kueue/issues/2391",
    )


# -- 2. A CUDA pod asks for two GPUs on a cluster whose nodes have one GPU each ------------------------


@SCENARIOS.add
def unschedulable_pod_cuda_two_gpus_nodes_have_one_each() -> CaseSpec:
    at = Clock(datetime(2020, 5, 3, 17, 0, tzinfo=timezone.utc))
    name, ns, host = "gpu-pod", "default", "k8s-node1"
    c = Container("cuda-container", "nvidia/cuda:9.0-devel", resources={"limits": {"nvidia.com/gpu": "2"}})
    msg = "0/3 nodes are available: 3 insufficient nvidia.com/gpu."
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        restart_policy="Always",
    )
    booted = datetime(2020, 5, 3, 15, 47, 25, tzinfo=timezone.utc)
    heartbeat = datetime(2020, 5, 3, 17, 31, 11, tzinfo=timezone.utc)
    n = node(
        host,
        booted,
        conditions=[
            node_condition(
                "NetworkUnavailable",
                False,
                datetime(2020, 5, 3, 16, 2, 49, tzinfo=timezone.utc),
                datetime(2020, 5, 3, 16, 2, 49, tzinfo=timezone.utc),
                "FlannelIsUp",
                "Flannel is running on this node",
            ),
            *(c for c in healthy_node_conditions(booted, heartbeat) if c["type"] != "Ready"),
            node_condition(
                "Ready",
                True,
                datetime(2020, 5, 3, 16, 2, 46, tzinfo=timezone.utc),
                heartbeat,
                "KubeletReady",
                "kubelet is posting ready status. AppArmor enabled",
            ),
        ],
        capacity={
            "cpu": "4",
            "ephemeral-storage": "960317832Ki",
            "hugepages-2Mi": "0",
            "memory": "16408544Ki",
            "nvidia.com/gpu": "1",
            "pods": "110",
        },
        labels={},
    )
    n["status"]["allocatable"] = {
        "cpu": "4",
        "ephemeral-storage": "885028912506",
        "hugepages-2Mi": "0",
        "memory": "16306144Ki",
        "nvidia.com/gpu": "1",
        "pods": "110",
    }
    events = [event(p, "FailedScheduling", msg, at(2), last=at(30 * 60), count=31, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-cuda-two-gpus-nodes-have-one-each",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="insufficient nvidia.com/gpu",
        description="A CUDA pod (nvidia/cuda:9.0-devel) on a three-node cluster whose GPU nodes have one GPU each "
        "(k8s-node1: nvidia.com/gpu 1 in capacity and allocatable) stays Pending: '0/3 nodes are available: 3 "
        "insufficient nvidia.com/gpu.' The maintainer's answer: the pod asks for 2 GPUs and no node has more "
        "than one. Reconstructed: the pod's limit of 2 GPUs (from that answer; the user's next spec keeps the "
        "comment '# requesting 2 GPu'), the event's times and count, and only k8s-node1 of the three nodes is "
        "in the snapshot (the one whose description the thread pastes).",
        objects=[p, n, *events],
        captured=at(30 * 60 + 60),
        title="A GPU pod stays Pending with '0/3 nodes are available: 3 insufficient nvidia.com/gpu.': it asks for "
        "2 GPUs and every node has one",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/165",
    )
