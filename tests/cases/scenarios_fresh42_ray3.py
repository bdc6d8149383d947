"""Fresh round 42: real public threads about Ray jobs and clusters that fail: tasks, actors, trainers, tune trials, GCS, KubeRay pods.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, cpu_only, failed_job_case, gpu, stamped

SCENARIOS = Scenarios()


# -- 1. A Ray Train run in a Job: training completes, then the trainer actor segfaults on exit ---------


@SCENARIOS.add
def crash_signal_job_ray_train_trainer_sigsegv_after_training_completed() -> CaseSpec:
    at = Clock(datetime(2025, 3, 5, 4, 30, 40, tzinfo=timezone.utc))
    name, ns = "afm-profiling-train", "ml-train"
    prefix = "(TorchTrainer pid=439, ip=10.212.157.221)"
    log = stamped(
        [
            "Training completed after 1 iterations at 2025-03-05 04:39:56. Total running time: 8min 51s",
            "2025-03-05 04:39:56,506\tINFO tune.py:1009 -- Wrote the latest version of all result files and "
            "experiment state to 'example-bucket/afm-profiling/train/experimental-2025-03-05_04-31-02_a458' in "
            "0.5035s.",
            "",
            f"{prefix} *** SIGSEGV received at time=1741149596 on cpu 63 ***",
            f"{prefix} PC: @     0x7f60b5a3c7be  (unknown)  ray::gcs::TaskInfoAccessor::AsyncAddTaskEventData()",
            f"{prefix}     @     0x7f60b6ee7050       1824  (unknown)",
            f"{prefix}     @     0x7f60b591d975       1392  ray::core::worker::TaskEventBufferImpl::FlushEvents()",
            f"{prefix}     @     0x7f60b58a66ec       1488  ray::core::CoreWorker::Disconnect()",
            f"{prefix}     @     0x7f60b58a6a9d       1152  ray::core::CoreWorker::ForceExit()",
            f"{prefix}     @     0x7f60b58a6ecf       1680  ray::core::CoreWorker::HandleKillActor()",
        ],
        at(556),
        [0.5, 0, 0.1, 0, 0, 0, 0, 0, 0],
    )
    spec = failed_job_case(
        id="crash-signal-job-ray-train-trainer-sigsegv-after-training-completed",
        category="crash-signal",
        evidence="*** SIGSEGV received at time=1741149596",
        description="A Ray Train run (TorchTrainer, results written to cloud storage) trains to the end: "
        "'Training completed after 1 iterations', Tune writes the experiment state, then the TorchTrainer "
        "actor, as it is killed at the end of the run, gets SIGSEGV inside Ray's own core worker "
        "(TaskInfoAccessor::AsyncAddTaskEventData while flushing task events in CoreWorker::Disconnect / "
        "ForceExit / HandleKillActor). The reporter says the crash now happens at the end of every training "
        "run with the same backtrace. The thread ran on a Ray cluster of its own; here the driver is a batch "
        "Job. Verbatim: the last driver lines and the actor's backtrace as pasted, up to where the paste is "
        "cut here (the storage path's bucket and project names are neutralised). Reconstructed: the Job and its "
        "pod, the pod's exit code 1 (the thread says the run crashes at its end but does not paste the "
        "driver's final status), the node and the times.",
        name=name,
        namespace=ns,
        at=at,
        container=Container(
            "trainer",
            "registry.example.com/ml/afm-train:2025.03",
            command=["python", "train.py"],
            resources=cpu_only("256Gi", "64"),
        ),
        exit_code=1,
        ran=(5, 558),
        node="cpu-node-7",
        log=log,
        captured=900,
    )
    return replace(
        spec,
        title="Ray Train crashes at the end of training: after 'Training completed', the TorchTrainer actor gets "
        "SIGSEGV in ray::gcs::TaskInfoAccessor::AsyncAddTaskEventData() (CoreWorker::ForceExit, HandleKillActor)",
        source="https://github.com/ray-project/ray/issues/51527",
    )


# -- 2. A multi-node RL training script: the non-head node's 'ray start' gets an empty head address --------


@SCENARIOS.add
def rendezvous_error_job_ray_start_worker_empty_gcs_address() -> CaseSpec:
    at = Clock(datetime(2025, 7, 23, 10, 5, 0, tzinfo=timezone.utc))
    name, ns = "mm-eureka-qwen7b-node1", "rl-train"
    log = stamped(
        [
            "+ sleep 30",
            "+ ray start --address=:6379 --num-gpus 8 --block",
            "Local node IP: 127.0.0.1",
            "[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address "
            ":6379 within 5 seconds.",
            "[2025-07-23 10:06:19,681 W 51000 51000] gcs_client.cc:183: Failed to get cluster ID from GCS server: "
            "TimedOut: Timed out while waiting for GCS to become available.",
        ],
        at(14),
        [30, 0.6, 5.1, 30],
    )
    spec = failed_job_case(
        id="rendezvous-error-job-ray-start-worker-empty-gcs-address",
        category="rendezvous-error",
        evidence="Failed to connect to GCS at address :6379",
        description="A multi-modal RL training recipe (a Qwen 7B script that starts a Ray cluster across "
        "machines and then trains on it) runs on each node; on this non-head node the script sleeps 30 s and "
        "runs 'ray start --address=$MASTER_ADDR:6379', but MASTER_ADDR is not set, so the address is ':6379': "
        "the node never reaches the head's GCS ('Failed to connect to GCS at address :6379', then 'Timed out "
        "while waiting for GCS to become available') and the cluster is never formed. A reply in the thread "
        "points at the missing MASTER_ADDR variable. The thread ran the script on plain Linux hosts; here each "
        "node's run is its own batch Job and this is node 1's. Verbatim: the script's 'set -x' lines and Ray's "
        "output as pasted. Reconstructed: the Job and its pod, the pod's exit code 1 (the thread does not show "
        "how 'ray start' ends), the node and the times.",
        name=name,
        namespace=ns,
        at=at,
        container=Container(
            "train",
            "registry.example.com/rl/mm-eureka:qwen",
            command=["bash", "examples/scripts/train_mm_eureka_qwen_7b_single_node.sh"],
            resources=gpu(8, "1000Gi", "96"),
        ),
        exit_code=1,
        ran=(13, 80),
        node="gpu-node-2",
        log=log,
        captured=600,
    )
    return replace(
        spec,
        title="Multi-node RL training: the worker node's 'ray start --address=:6379' cannot reach the head - "
        "'Failed to connect to GCS at address :6379 within 5 seconds', 'Timed out while waiting for GCS to "
        "become available' (MASTER_ADDR unset)",
        source="https://github.com/ModalMinds/MM-EUREKA/issues/54",
    )
