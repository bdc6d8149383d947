"""Cases built from real public failure reports - distributed training and fine-tuning: PyTorch/torchrun, NCCL, DeepSpeed, Megatron, Horovod and MPI, PaddlePaddle, TensorFlow, JAX, XGBoost.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. What the
thread did not show (the pods, their states, the events, progress lines before the failure)
is built around those lines so that the snapshot is consistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    MPIPlan,
    Obj,
    PodPlan,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_condition,
    job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    mpijob_v2,
    node,
    node_event,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
    uid,
)
from tests.cases.logtext import glog, rank_traceback, torchrun_failed, torchrun_start, watchdog

SCENARIOS = Scenarios()

CONTAINER = {
    "PyTorchJob": "pytorch",
    "TFJob": "tensorflow",
    "PaddleJob": "paddle",
    "XGBoostJob": "xgboost",
    "JAXJob": "jax",
}


def _role(role: str) -> str:
    return "PS" if role == "ps" else role.capitalize()


def _kubeflow_case(
    *,
    id: str,
    kind: str,
    name: str,
    ns: str,
    at: Clock,
    image: str,
    command: list[str],
    resources: Obj,
    plans: Sequence[PodPlan],
    category: str,
    culprit: str | list[str] | None,
    evidence: str,
    description: str,
    title: str,
    source: str,
    captured: float,
    failed: tuple[str, float] | None = None,
    succeeded: float | None = None,
    restart_policy: str = "Never",
    events: Sequence[Obj] = (),
    extra: Sequence[Obj] = (),
    run_policy: Obj | None = None,
) -> CaseSpec:
    """A Kubeflow job whose pods stand as ``plans`` say; its conditions and replica counts follow
    from them (``failed``: the role its Failed condition names, and when; ``succeeded``: when)."""
    statuses: dict[str, dict[str, int]] = {}
    for p in plans:
        counts = statuses.setdefault(_role(p.role), {"active": 0, "succeeded": 0, "failed": 0})
        term = p.state.get("terminated")
        counts["active" if term is None else "succeeded" if term["exitCode"] == 0 else "failed"] += 1
    conditions = kubeflow_conditions(kind, name, at(30), failed=(failed[0], at(failed[1])) if failed else None)
    if succeeded is not None:
        conditions[1] = job_condition("Running", at(30), f"{kind}Running", f"{kind} {name} is running.", status=False)
        conditions.append(
            job_condition("Succeeded", at(succeeded), f"{kind}Succeeded", f"{kind} {name} is successfully completed.")
        )
    end = failed[1] if failed else succeeded
    ctr = Container(CONTAINER[kind], image, command=command, resources=resources)
    job, pods, logs = kubeflow_with_pods(
        kind=kind,
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=conditions,
        statuses=statuses,
        restart_policy=restart_policy,
        run_policy=run_policy,
        completion=at(end) if end is not None else None,
    )
    created = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {p['metadata']['name']}",
            at(2),
            type_="Normal",
            component=f"{kind.lower()}-controller",
        )
        for p in pods
    ]
    return CaseSpec(
        id=id,
        kind=kind,
        name=name,
        namespace=ns,
        healthy=category == "healthy",
        category=category,
        culprit=culprit,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        objects=[job, *pods, *extra, *created, *events],
        logs=logs,
        captured=at(captured),
    )


def _job_case(
    *,
    id: str,
    name: str,
    ns: str,
    at: Clock,
    image: str,
    command: list[str],
    resources: Obj,
    exit_code: int,
    ran: tuple[float, float],
    log: str,
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    captured: float,
    node_name: str = "gpu-node-07",
    extra: Sequence[Obj] = (),
    reason: str | None = None,
) -> CaseSpec:
    """A batch Job whose one pod failed (its container's ``reason``, e.g. OOMKilled, when given) and left
    one log."""
    ctr = Container("train", image, command=command, resources=resources)
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=ctr, exit_code=exit_code, ran=ran, node=node_name, reason=reason
    )
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id=id,
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category=category,
        culprit=pod_name,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        objects=[job, p, *extra],
        logs={f"{pod_name}/train": log},
        captured=at(captured),
    )


def _running_job(name: str, ns: str, at: Clock, image: str, command: list[str]) -> tuple[Obj, Obj, str]:
    """A batch Job whose one pod (container ``train``, one GPU) has run since 20 s after creation."""
    ctr = Container("train", image, command=command, resources=gpu(1, "48Gi", "8"), state=running(at(20)), ready=True)
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node="gpu-node-40", scheduled=at(2))
    return job, p, p["metadata"]["name"]


def _victim(
    lines: Sequence[str], rank: int, host: str, t: datetime, *, script: str = "train.py", timeout_ms: int = 600000
) -> str:
    """A rank that waited in a collective for a peer that had gone: its progress, the NCCL watchdog,
    torchrun's summary."""
    return text(
        *lines,
        *watchdog(rank, t, 18211, timeout_ms=timeout_ms),
        *torchrun_failed(
            t + timedelta(seconds=2),
            rank=rank,
            local_rank=rank % 8,
            exitcode=-6,
            pid=200 + rank % 8,
            host=host,
            script=script,
        ),
    )


def _megatron_iterations(start: datetime, first: int, last: int, every: float, loss0: float) -> list[str]:
    out = []
    for i in range(first, last + 1):
        t = start + timedelta(seconds=(i - first) * every)
        out.append(
            f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {i:>8}/  100000 | consumed samples: "
            f"{i * 128:>12} | elapsed time per iteration (ms): {every * 1000:.1f} | learning rate: "
            f"{1e-7 * min(1, i / 50):.6E} | global batch size:   128 | lm loss: {loss0 - i * 0.004:.6E} | "
            f"loss scale: 1.0 | grad norm: {1.9 + (i % 7) * 0.13:.3f} | number of skipped iterations:   0 | "
            "number of nan iterations:   0 |"
        )
    return out


# -- collectives that hang ----------------------------------------------------------------------


@SCENARIOS.add
def stalled_mpijob_horovod_stall_inspector() -> CaseSpec:
    at = Clock(datetime(2026, 3, 2, 6, 0, tzinfo=timezone.utc))
    name, ns = "hvd-fcn-seg", "vision-train"
    steps = [
        f"[1,0]<stdout>:Epoch {1 + i // 40} step {i * 25} loss {1.92 - i * 0.006:.4f} acc {0.41 + i * 0.002:.3f}"
        for i in range(120)
    ]
    stall = (
        "[1,0]<stderr>:WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by "
        "subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate "
        "that different ranks are trying to submit different tensors or that only subset of ranks is "
        "submitting tensors, which will cause deadlock. Stalled ops: OptimizerScope/DistributedAdamOptimizer_"
        "Allreduce/HorovodAllreduce_OptimizerScope_gradients_FcnScope_add_grad_tuple_control_dependency_1_0 "
        "[ready ranks: 4, 6, 7, 1, 5, 3, 2], OptimizerScope/DistributedAdamOptimizer_Allreduce/HorovodAllreduce"
        "_OptimizerScope_gradients_FcnScope_MatMul_1_grad_tuple_control_dependency_1_0 [ready ranks: 5, 4, 6, "
        "7, 1, 3, 2], OptimizerScope/DistributedAdamOptimizer_Allreduce/HorovodAllreduce_OptimizerScope_"
        "gradients_FcnScope_add_1_grad_tuple_control_dependency_1_0 [ready ranks: 5, 4, 6, 7, 1, 3, 2]"
    )
    start = 60
    log = stamped([*steps, stall, stall, stall], at(start), [30] * 119 + [70, 60, 60])
    last = start + 30 * 119 + 190
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/vision/horovod-tf:0.28.1-tf2.13",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "-np",
            "8",
            "--tag-output",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "python",
            "train_fcn.py",
        ],
        worker_resources=gpu(4, "192Gi", "32"),
        slots=4,
        plan=MPIPlan(launcher_state=running(at(35)), launcher_log=log),
    )
    return CaseSpec(
        id="stalled-mpijob-horovod-stall-inspector",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=launcher,
        evidence="One or more tensors were submitted to be reduced",
        description="A Horovod (TensorFlow) MPIJob keeps running, but its launcher's log stopped at Horovod's "
        "stall inspector: seven ranks submitted the allreduce of a gradient, rank 0 never did, and "
        "the warning repeats every minute before the log falls silent. The workers only run sshd.",
        title="Horovod training hangs: the stall inspector reports gradients that ranks 1-7 are ready to reduce "
        "and rank 0 never submits",
        source="https://github.com/horovod/horovod/issues/367",
        objects=objects,
        logs=logs,
        captured=at(last + 3000),
    )


@SCENARIOS.add
def stalled_tfjob_multiworker_keras_hang() -> CaseSpec:
    at = Clock(datetime(2026, 3, 3, 19, 0, tzinfo=timezone.utc))
    name, ns = "keras-mnist-mwms", "tf-examples"

    def log(task: int, port: int) -> str:
        lines = [
            f"2026-03-03 19:00:45.016826: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:390] Started "
            f"server with target: grpc://localhost:{port}",
            "Number of devices: 2",
            "Downloading and preparing dataset mnist (11.06 MiB) to /root/tensorflow_datasets/mnist/1.0.0...",
            "WARNING:absl:Dataset mnist is hosted on GCS. It will automatically be downloaded to your",
            "local data directory. If you'd instead prefer to read directly from our public",
            "GCS bucket (recommended if you're running on GCP), you can instead set",
            "data_dir=gs://tfds-data/datasets.",
            "",
            "Dataset mnist downloaded and prepared to /root/tensorflow_datasets/mnist/1.0.0. Subsequent calls will "
            "reuse this data.",
            'WARNING:tensorflow:`eval_fn` is not passed in. The `worker_fn` will be used if an "evaluator" task '
            "exists in the cluster.",
            "WARNING:tensorflow:`eval_strategy` is not passed in. No distribution strategy will be used for "
            "evaluation.",
            "WARNING:tensorflow:ModelCheckpoint callback is not provided. Workers will need to restart training if "
            "any fails.",
        ]
        return stamped(lines, at(45 + task), [0.5, 1, 0, 0, 0, 0, 0, 9, 1, 0.2, 0.3])

    plans = [PodPlan("worker", i, running(at(40)), log=log(i, 2000)) for i in range(2)]
    return _kubeflow_case(
        id="stalled-tfjob-multiworker-keras-hang",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="tensorflow/tensorflow:2.1.0-gpu-py3",
        command=["python", "/app/keras_mnist_mwms.py"],
        resources=gpu(2, "32Gi", "8"),
        plans=plans,
        category="stalled",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="ModelCheckpoint callback is not provided",
        description="A two-worker MultiWorkerMirroredStrategy TFJob starts its gRPC servers, prepares the "
        "dataset, prints the strategy's warnings and then nothing for two hours: the Keras fit never "
        "starts its first epoch. Both workers run; nothing failed.",
        title="MultiWorkerMirroredStrategy Keras example hangs after start-up on both workers",
        source="https://github.com/tensorflow/tensorflow/issues/35878",
        captured=7300,
    )


# -- the loss or the gradients went NaN ---------------------------------------------------------


@SCENARIOS.add
def nan_loss_pytorchjob_megatron_nan_grad_norm() -> CaseSpec:
    at = Clock(datetime(2026, 3, 4, 2, 0, tzinfo=timezone.utc))
    name, ns = "llama3-70b-cpt", "pretrain"
    iters = _megatron_iterations(at(400), 1, 9, 41.0, 11.2)
    fail = 400 + 9 * 41 + 30
    culprit = text(
        *torchrun_start(at(60)),
        *iters,
        *rank_traceback(
            11,
            [
                ("/workspace/Pai-Megatron-Patch/examples/llama3/pretrain_llama.py", 196, "<module>", "pretrain("),
                (
                    "/workspace/Pai-Megatron-Patch/Megatron-LM-240405/megatron/training/training.py",
                    270,
                    "pretrain",
                    "iteration, num_floating_point_operations_so_far = train(",
                ),
                (
                    "/workspace/Pai-Megatron-Patch/Megatron-LM-240405/megatron/training/training.py",
                    990,
                    "train",
                    "train_step(forward_step_func,",
                ),
                (
                    "/workspace/Pai-Megatron-Patch/Megatron-LM-240405/megatron/core/distributed/param_and_grad_buffer.py",
                    115,
                    "start_grad_sync",
                    "assert not norm.isnan(), (",
                ),
            ],
            "AssertionError: Rank 11: found NaN in local grad norm in backward pass before data-parallel "
            "communication collective. Device: 3",
        ),
        *torchrun_failed(
            at(fail + 2),
            rank=11,
            local_rank=3,
            exitcode=1,
            pid=1483,
            host=f"{name}-worker-0",
            script="pretrain_llama.py",
            traceback="Traceback (most recent call last):",
        ),
    )
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(50), at(fail + 605)),
            log=_victim(
                [*torchrun_start(at(60)), *iters], 3, f"{name}-master-0", at(fail + 601), script="pretrain_llama.py"
            ),
        ),
        PodPlan("worker", 0, terminated(1, at(50), at(fail + 3)), log=culprit),
        PodPlan(
            "worker",
            1,
            terminated(1, at(50), at(fail + 604)),
            log=_victim(torchrun_start(at(60)), 19, f"{name}-worker-1", at(fail + 600), script="pretrain_llama.py"),
        ),
        PodPlan(
            "worker",
            2,
            terminated(1, at(50), at(fail + 604)),
            log=_victim(torchrun_start(at(60)), 27, f"{name}-worker-2", at(fail + 600), script="pretrain_llama.py"),
        ),
    ]
    return _kubeflow_case(
        id="nan-loss-pytorchjob-megatron-nan-grad-norm",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/pretrain/pai-megatron-patch:24.07",
        command=["sh", "run_pretrain_llama_70b.sh"],
        resources=gpu(8, "1600Gi", "128"),
        plans=plans,
        category="nan-loss",
        culprit=f"{name}-worker-0",
        evidence="found NaN in local grad norm in backward pass",
        description="Four-node Llama-3-70B continued pretraining with Megatron: after a few iterations rank 11 on "
        "worker 0 asserts that its local gradient norm is NaN and exits; the other ranks wait in their "
        "collectives until the NCCL watchdog aborts them ten minutes later. The exception is a plain "
        "AssertionError; its message names the cause.",
        title="Megatron Llama-3-70B pretraining on 4 nodes: AssertionError found NaN in local grad norm on rank 11 "
        "after a few iterations",
        source="https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
        captured=fail + 700,
        failed=("Master", fail + 606),
    )


@SCENARIOS.add
def nan_loss_job_nemo_unexpected_result_nan() -> CaseSpec:
    at = Clock(datetime(2026, 3, 5, 9, 0, tzinfo=timezone.utc))
    name, ns = "chip-dapt-8b", "eda-llm"
    p = "i.pretrain/0 [default2]:"
    lines = [
        *torchrun_start(at(30)),
        *(
            f"i.pretrain/0 [default0]:Training epoch 0, iteration {i}/99 | lr: {3e-5 * i / 99:.3e} | global_batch_size:"
            f" 8 | global_step: {i} | reduced_train_loss: {2.41 - i * 0.01:.4f} | train_step_timing in s: 2.18"
            for i in range(12)
        ),
        f"{p}[rank2]: Traceback (most recent call last):",
        f'{p}[rank2]:   File "/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", line 685, in '
        "optimizer_step",
        f"{p}[rank2]:     optimizer_output = super().optimizer_step(optimizer, closure, model, **kwargs)",
        f'{p}[rank2]:   File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 201, in '
        "check_grads",
        f"{p}[rank2]:     rerun_state_machine.validate_result(",
        f"{p}[rank2]: RuntimeError: Rank 2, node gpu-node-01, device 2, iteration -1: Unexpected result nan "
        "(message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication "
        "collective')",
        *torchrun_failed(
            at(95),
            rank=2,
            local_rank=2,
            exitcode=1,
            pid=412,
            host="gpu-node-01",
            script="nemo.collections.llm.api.pretrain",
            traceback="Traceback (most recent call last):",
        ),
    ]
    return _job_case(
        id="nan-loss-job-nemo-unexpected-result-nan",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/nemo:25.04",
        command=["python", "dapt_pretrain.py"],
        resources=gpu(8, "900Gi", "96"),
        exit_code=1,
        ran=(28, 96),
        log=stamped(lines, at(30), 2.2),
        category="nan-loss",
        evidence="Unexpected result nan",
        description="NeMo domain-adaptive pretraining on one 8-GPU node: Megatron's rerun state machine raises a "
        "RuntimeError on rank 2 because the local gradient norm of bucket #0 is NaN. The exception "
        "type is generic; its message names the NaN.",
        title="NeMo DAPT run fails: RuntimeError Unexpected result nan - found NaN in local grad norm for bucket #0",
        source="https://github.com/NVIDIA-NeMo/Speech/issues/14348",
        captured=200,
        node_name="gpu-node-01",
    )


@SCENARIOS.add
def nan_loss_pytorchjob_dino_loss_nan_exit() -> CaseSpec:
    at = Clock(datetime(2026, 3, 6, 22, 0, tzinfo=timezone.utc))
    name, ns = "dino-vitb16", "ssl-research"
    progress = [
        f"Epoch: [37/100]  [{i * 10:>4}/1251]  eta: 0:{(1251 - i * 10) // 120:02d}:{i % 60:02d}  "
        f"loss: {3.412 + i * 0.004:.6f} ({3.40 + i * 0.002:.6f})  lr: 0.000742 (0.000742)  wd: 0.061834 "
        f"(0.061834)  time: 0.528114  data: 0.000452  max mem: 14873"
        for i in range(40)
    ]
    lines = [
        *torchrun_start(at(40)),
        *progress,
        "Loss is nan, stopping training",
        "Loss is nan, stopping training",
        *torchrun_failed(
            at(2140), rank=0, local_rank=0, exitcode=1, pid=88, host=f"{name}-master-0", script="main_dino.py"
        ),
    ]
    plans = [PodPlan("master", 0, terminated(1, at(35), at(2141)), log=stamped(lines, at(40), 50))]
    return _kubeflow_case(
        id="nan-loss-pytorchjob-dino-loss-nan-exit",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ssl/dino:torch2.1",
        command=["torchrun", "--nproc_per_node=8", "main_dino.py", "--arch", "vit_base"],
        resources=gpu(8, "480Gi", "64"),
        plans=plans,
        category="nan-loss",
        culprit=f"{name}-master-0",
        evidence="Loss is nan, stopping training",
        description="DINO self-supervised training stops itself: it prints 'Loss is nan, stopping training' and "
        "calls sys.exit(1), so there is no exception at all - torchrun only reports exit code 1.",
        title="DINO ViT-B/16 training exits with 'Loss is nan, stopping training' mid-epoch",
        source="https://github.com/facebookresearch/dino/issues/97",
        captured=2300,
        failed=("Master", 2142),
    )


# -- files, permissions ---------------------------------------------------------------------------


@SCENARIOS.add
def missing_file_tfjob_ps_checkpoint_not_on_shared_disk() -> CaseSpec:
    at = Clock(datetime(2026, 3, 7, 11, 0, tzinfo=timezone.utc))
    name, ns = "inception-dist", "vision-tf"
    not_found = (
        "W tensorflow/core/framework/op_kernel.cc:975] Not found: Unsuccessful TensorSliceReader "
        "constructor: Failed to find any matching files for /tmp/imagenet_train/model.ckpt-1362"
    )
    server = (
        "I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:221] Started server with target: "
        "grpc://localhost:2222"
    )
    worker0 = text(
        server,
        "INFO:tensorflow:Restoring parameters from /tmp/imagenet_train/model.ckpt-1362",
        "Traceback (most recent call last):",
        '  File "/opt/models/inception/bazel-bin/inception/imagenet_distributed_train.runfiles/inception/inception/'
        'imagenet_distributed_train.py", line 65, in <module>',
        "    tf.app.run()",
        '  File "/usr/local/lib/python2.7/dist-packages/tensorflow/python/training/supervisor.py", line 795, in '
        "prepare_or_wait_for_session",
        "    init_feed_dict=self._init_feed_dict, init_fn=self._init_fn)",
        "tensorflow.python.framework.errors.NotFoundError: Unsuccessful TensorSliceReader constructor: Failed to "
        "find any matching files for /tmp/imagenet_train/model.ckpt-1362",
    )
    worker1 = text(
        server,
        "INFO:tensorflow:Waiting for model to be ready.  Ready_for_local_init_op:  None, "
        "ready: Variables not initialized: global_step",
        not_found,
        not_found,
        not_found,
    )
    plans = [
        PodPlan("ps", 0, running(at(20)), log=text(server)),
        PodPlan("worker", 0, terminated(1, at(20), at(310)), log=worker0),
        PodPlan("worker", 1, terminated(1, at(20), at(640)), log=worker1),
    ]
    return _kubeflow_case(
        id="missing-file-tfjob-ps-checkpoint-not-on-shared-disk",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/inception-tf:1.0-gpu",
        command=["bazel-bin/inception/imagenet_distributed_train", "--train_dir=/tmp/imagenet_train"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="missing-file",
        culprit=f"{name}-worker-0",
        evidence="Failed to find any matching files for /tmp/imagenet_train/model.ckpt-1362",
        description="Distributed Inception with one parameter server and two workers resumes from a checkpoint "
        "written under /tmp on another machine: the restore op cannot find model.ckpt-1362. Worker 0 "
        "fails with NotFoundError first; worker 1 logs the same 'Not found' warnings and gives up "
        "later; the parameter server keeps serving.",
        title="Distributed Inception (1 ps, 2 workers): NotFoundError, the checkpoint under /tmp/imagenet_train is "
        "not on the machine that restores it",
        source="https://github.com/tensorflow/models/issues/803",
        captured=700,
        failed=("Worker", 641),
    )


@SCENARIOS.add
def missing_file_pytorchjob_megatron_dataset_prefix() -> CaseSpec:
    at = Clock(datetime(2026, 3, 8, 14, 0, tzinfo=timezone.utc))
    name, ns = "gpt-345m-owt", "lm-research"
    tb = [
        "Dataset does not exist: /data/openwebtext/subset-01",
        "Path should be a basename that both .idx and .bin can be appended to get full filenames.",
        " > finished creating indexed dataset in 0.000021 seconds",
        "Traceback (most recent call last):",
        '  File "/mega/Megatron-LM/pretrain_gpt.py", line 124, in <module>',
        "    pretrain(train_valid_test_datasets_provider, model_provider, forward_step,",
        '  File "/mega/Megatron-LM/megatron/training.py", line 131, in pretrain',
        "    = build_train_valid_test_data_iterators(",
        '  File "/mega/Megatron-LM/megatron/training.py", line 815, in build_train_valid_test_data_iterators',
        "    train_ds, valid_ds, test_ds = build_train_valid_test_datasets_provider(",
        '  File "/mega/Megatron-LM/pretrain_gpt.py", line 109, in train_valid_test_datasets_provider',
        "    train_ds, valid_ds, test_ds = build_train_valid_test_datasets(",
        '  File "/mega/Megatron-LM/megatron/data/gpt_dataset.py", line 54, in build_train_valid_test_datasets',
        "    train_ds, valid_ds, test_ds = _build_train_valid_test_datasets(",
        '  File "/mega/Megatron-LM/megatron/data/gpt_dataset.py", line 86, in _build_train_valid_test_datasets',
        "    indexed_dataset = get_indexed_dataset_(data_prefix,",
        '  File "/mega/Megatron-LM/megatron/data/gpt_dataset.py", line 134, in get_indexed_dataset_',
        "    indexed_dataset.sizes.shape[0]))",
        "AttributeError: 'NoneType' object has no attribute 'sizes'",
    ]
    lines = [
        "using world size: 8, data-parallel-size: 8, tensor-model-parallel size: 1, pipeline-model-parallel size: 1",
        "> building GPT2BPETokenizer tokenizer ...",
        "> initializing torch distributed ...",
        "> building train, validation, and test datasets ...",
        " > building dataset index ...",
        *tb,
        *torchrun_failed(
            at(182), rank=0, local_rank=0, exitcode=1, pid=57, host=f"{name}-master-0", script="pretrain_gpt.py"
        ),
    ]
    plans = [PodPlan("master", 0, terminated(1, at(30), at(183)), log=text(*torchrun_start(at(35)), *lines))]
    return _kubeflow_case(
        id="missing-file-pytorchjob-megatron-dataset-prefix",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/pytorch:21.06-py3",
        command=["bash", "examples/pretrain_gpt_distributed.sh"],
        resources=gpu(8, "480Gi", "64"),
        plans=plans,
        category="missing-file",
        culprit=f"{name}-master-0",
        evidence="Dataset does not exist: /data/openwebtext/subset-01",
        description="Megatron-LM GPT pretraining is given a data path that is a folder, not the prefix of its "
        ".bin/.idx files: it prints 'Dataset does not exist' and then dies on an AttributeError about "
        "NoneType - the exception's type says nothing, the line before it names the missing file.",
        title="Megatron-LM pretrain_gpt: 'Dataset does not exist' then AttributeError 'NoneType' object has no "
        "attribute 'sizes'",
        source="https://github.com/NVIDIA/Megatron-LM/issues/119",
        captured=300,
        failed=("Master", 184),
    )


@SCENARIOS.add
def missing_file_pytorchjob_index_cache_only_on_first_node() -> CaseSpec:
    at = Clock(datetime(2026, 3, 9, 4, 0, tzinfo=timezone.utc))
    name, ns = "megatron-ds-gpt", "lm-research"
    cache = "/work/data/dataset/index-cache/43d5bc1477867ae12d66da383c2b664b_doc_idx.npy"

    def failing(rank: int) -> str:
        return text(
            *torchrun_start(at(40)),
            *rank_traceback(
                rank,
                [
                    (
                        "/work/Megatron-DeepSpeed/pretrain_gpt.py",
                        349,
                        "<module>",
                        "pretrain(train_valid_test_datasets_provider,",
                    ),
                    (
                        "/work/Megatron-DeepSpeed/megatron/data/gpt_dataset.py",
                        35,
                        "build_train_valid_test_datasets",
                        "return _build_train_valid_test_datasets(data_prefix[0],",
                    ),
                    (
                        "/work/Megatron-DeepSpeed/megatron/data/gpt_dataset.py",
                        156,
                        "_build_train_valid_test_datasets",
                        "train_dataset = build_dataset(0, 'train')",
                    ),
                    (
                        "/work/Megatron-DeepSpeed/megatron/data/gpt_dataset.py",
                        148,
                        "build_dataset",
                        "dataset = GPTDataset(name, data_prefix, documents, indexed_dataset,",
                    ),
                    (
                        "/work/Megatron-DeepSpeed/megatron/data/gpt_dataset.py",
                        261,
                        "__init__",
                        "self.doc_idx, self.sample_idx, self.shuffle_idx, self.desc, self.desc_hash = \\",
                    ),
                ],
                f"FileNotFoundError: [Errno 2] No such file or directory: '{cache}'",
            ),
            *torchrun_failed(
                at(301),
                rank=rank,
                local_rank=0,
                exitcode=1,
                pid=311,
                host=f"{name}-worker-{rank // 8 - 1}",
                script="pretrain_gpt.py",
                traceback="Traceback (most recent call last):",
            ),
        )

    master = [
        *torchrun_start(at(40)),
        " > building dataset index ...",
        "    reading sizes...",
        "    reading pointers...",
        "    reading document index...",
        " > finished creating indexed dataset in 3.914627 seconds",
        " > WARNING: could not find index map files, building the indices on rank 0 ...",
        " > elasped time to build and save doc-idx mapping (seconds): 21.430918",
        " > elasped time to build and save sample-idx mapping (seconds): 4.207713",
        " > elasped time to build and save shuffle-idx mapping (seconds): 1.733301",
    ]
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(35), at(903)),
            log=_victim(master, 0, f"{name}-master-0", at(900), script="pretrain_gpt.py"),
        ),
        PodPlan("worker", 0, terminated(1, at(35), at(302)), log=failing(8)),
        PodPlan("worker", 1, terminated(1, at(35), at(303)), log=failing(16)),
    ]
    return _kubeflow_case(
        id="missing-file-pytorchjob-index-cache-only-on-first-node",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/lm/megatron-deepspeed:23.12",
        command=["bash", "run_gpt_3node.sh"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="missing-file",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="No such file or directory",
        description="Megatron-DeepSpeed on three nodes with the dataset index cache on each node's local disk: "
        "rank 0 builds the doc/sample/shuffle index files on the master's disk, the other nodes look "
        "for them in their own and fail with FileNotFoundError; the master waits in its collective "
        "until the watchdog aborts it.",
        title="Multi-node Megatron-DeepSpeed: FileNotFoundError for the _doc_idx.npy index cache on every node "
        "but the first",
        source="https://github.com/deepspeedai/Megatron-DeepSpeed/issues/356",
        captured=1000,
        failed=("Master", 904),
    )


@SCENARIOS.add
def permission_denied_pytorchjob_cache_dir_random_uid() -> CaseSpec:
    at = Clock(datetime(2026, 3, 10, 16, 0, tzinfo=timezone.utc))
    name, ns = "ilab-train-granite", "rhoai-ilab"

    def log(rank: int) -> str:
        return text(
            *torchrun_start(at(50)),
            f"[rank{rank}]: Traceback (most recent call last):",
            f'[rank{rank}]:   File "/opt/app-root/lib64/python3.11/site-packages/instructlab/training/main_ds.py", '
            "line 877, in <module>",
            f"[rank{rank}]:     main(args)",
            f'[rank{rank}]:   File "/usr/lib64/python3.11/os.py", line 225, in makedirs',
            f"[rank{rank}]:     mkdir(name, mode)",
            f"[rank{rank}]: PermissionError: [Errno 13] Permission denied: '/.cache'",
            *torchrun_failed(
                at(140),
                rank=rank,
                local_rank=rank % 4,
                exitcode=1,
                pid=150 + rank,
                host=f"{name}-{'master' if rank < 4 else 'worker'}-0",
                script="instructlab/training/main_ds.py",
                traceback="Traceback (most recent call last):",
            ),
        )

    plans = [
        PodPlan("master", 0, terminated(1, at(45), at(142)), log=log(0)),
        PodPlan("worker", 0, terminated(1, at(45), at(141)), log=log(5)),
    ]
    return _kubeflow_case(
        id="permission-denied-pytorchjob-cache-dir-random-uid",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ilab/instructlab-training:1.3",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=4", "-m", "instructlab.training.main_ds"],
        resources=gpu(4, "256Gi", "32"),
        plans=plans,
        category="permission-denied",
        culprit=[f"{name}-worker-0", f"{name}-master-0"],
        evidence="Permission denied: '/.cache'",
        description="On OpenShift the training pods run as a random non-root UID with HOME=/, so the first "
        "write to ~/.cache resolves to '/.cache', which that user may not create. Both nodes fail at "
        "start-up within a second of each other.",
        title="InstructLab training PyTorchJob on OpenShift: [rank1]: PermissionError: [Errno 13] Permission "
        "denied: '/.cache'",
        source="https://github.com/opendatahub-io/ilab-on-ocp/pull/26",
        captured=300,
        failed=("Master", 143),
    )


@SCENARIOS.add
def shm_exhausted_job_dataloader_bus_error_default_shm() -> CaseSpec:
    at = Clock(datetime(2026, 3, 11, 8, 0, tzinfo=timezone.utc))
    bus = "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)."
    lines = [f"Epoch 0 iter {i * 50} loss {0.912 - i * 0.01:.4f}" for i in range(12)] + [
        bus,
        bus,
        "Traceback (most recent call last):",
        '  File "train_pointnet.py", line 188, in <module>',
        "    trainer.train()",
        '  File "train_pointnet.py", line 141, in train',
        "    for input_dict in self.train_loader:",
        '  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/dataloader.py", line 631, in __next__',
        "    idx, batch = self._get_batch()",
        '  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/dataloader.py", line 610, in _get_batch',
        "    return self.data_queue.get()",
        '  File "/usr/lib/python2.7/multiprocessing/queues.py", line 117, in get',
        "    res = self._recv()",
        '  File "/usr/local/lib/python2.7/dist-packages/torch/multiprocessing/queue.py", line 21, in recv',
        "    buf = self.recv_bytes()",
        '  File "/usr/local/lib/python2.7/dist-packages/torch/utils/data/dataloader.py", line 274, in handler',
        "    _error_if_any_worker_fails()",
        "RuntimeError: DataLoader worker (pid 125) is killed by signal: Bus error. ",
    ]
    return _job_case(
        id="shm-exhausted-job-dataloader-bus-error-default-shm",
        name="pointcloud-train",
        ns="perception",
        at=at,
        image="registry.corp.example/perception/pointnet:torch1.0-py27",
        command=["python", "train_pointnet.py"],
        resources=gpu(1, "48Gi", "12"),
        exit_code=1,
        ran=(10, 640),
        log=text(*lines),
        category="shm-exhausted",
        evidence="insufficient shared memory",
        description="A training pod on Kubernetes has the container runtime's default 64 MiB /dev/shm: the "
        "DataLoader workers die with SIGBUS and the main process reports the bus error.",
        title="PyTorch DataLoader in a Kubernetes pod: Unexpected bus error in worker, insufficient shared memory "
        "(shm)",
        source="https://github.com/pytorch/pytorch/issues/16979",
        captured=700,
    )


@SCENARIOS.add
def config_error_mpijob_hydra_rejects_openmpi_option() -> CaseSpec:
    at = Clock(datetime(2026, 3, 12, 10, 0, tzinfo=timezone.utc))
    name, ns = "pvcnn-s3dis", "points-3d"
    launcher = f"{name}-launcher"
    log = text(
        f"[mpiexec@{launcher}] match_arg (utils/args/args.c:163): unrecognized argument allow-run-as-root",
        f"[mpiexec@{launcher}] HYDU_parse_array (utils/args/args.c:178): argument matching returned error",
        f"[mpiexec@{launcher}] parse_args (ui/mpich/utils.c:1642): error parsing input array",
        f"[mpiexec@{launcher}] HYD_uii_mpx_get_parameters (ui/mpich/utils.c:1694): unable to parse user arguments",
        f"[mpiexec@{launcher}] main (ui/mpich/mpiexec.c:148): error parsing parameters",
    )
    objects, logs, launcher_pod = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/points/torchpack:0.3-mpich",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "--allow-run-as-root",
            "-np",
            "2",
            "-H",
            f"{name}-worker-0:1,{name}-worker-1:1",
            "python",
            "train.py",
            "configs/s3dis/from_scratch.yaml",
        ],
        worker_resources=gpu(1, "64Gi", "8"),
        slots=1,
        implementation="MPICH",
        plan=MPIPlan(launcher_state=terminated(255, at(36), at(37)), launcher_log=log),
    )
    return CaseSpec(
        id="config-error-mpijob-hydra-rejects-openmpi-option",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=launcher_pod,
        evidence="unrecognized argument allow-run-as-root",
        description="The launcher command passes Open MPI's --allow-run-as-root, but the image's mpirun is "
        "MPICH's Hydra, which rejects the option and exits before starting any rank. The workers "
        "keep running sshd.",
        title="torchpack dist-run under MPICH/Hydra: mpiexec rejects --allow-run-as-root (unrecognized argument)",
        source="https://github.com/zhijian-liu/torchpack/issues/36",
        objects=objects,
        logs=logs,
        captured=at(300),
    )


@SCENARIOS.add
def application_error_pytorchjob_ddp_unused_parameters() -> CaseSpec:
    at = Clock(datetime(2026, 3, 13, 7, 0, tzinfo=timezone.utc))
    name, ns = "ddcap-caption", "mm-research"
    err = (
        "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
        "This error indicates that your module has parameters that were not used in producing loss. You can "
        "enable unused parameter detection by passing the keyword argument `find_unused_parameters=True` to "
        "`torch.nn.parallel.DistributedDataParallel`, and by \n"
        "making sure all `forward` function outputs participate in calculating loss. \n"
        "If you already have done the above, then the distributed data parallel module wasn't able to locate "
        "the output tensors in the return value of your module's `forward` function. Please include the loss "
        "function and the structure of the return value of `forward` of your module when reporting this issue "
        "(e.g. list, dict, iterable).\n"
        "Parameter indices which did not receive grad for rank {rank}: 1\n"
        "In addition, you can set the environment variable TORCH_DISTRIBUTED_DEBUG to either INFO or DETAIL to "
        "print out information about which particular parameters did not receive gradient on this rank as "
        "part of this error"
    )
    frames = [
        ("/workspace/DDCap/train.py", 412, "<module>", "main()"),
        ("/workspace/DDCap/train.py", 301, "train", "outputs = model(tokens, prefix, mask)"),
        (
            "/opt/conda/lib/python3.8/site-packages/torch/nn/parallel/distributed.py",
            873,
            "forward",
            "if torch.is_grad_enabled() and self.reducer._rebuild_buckets():",
        ),
    ]

    def log(rank: int, host: str, fin: int) -> str:
        return text(
            *torchrun_start(at(30)),
            *(f"epoch 0 | step {s} | loss {5.91 - s / 400:.4f}" for s in (0,)),
            *rank_traceback(rank, frames, err.replace("{rank}", str(rank))),
            *torchrun_failed(
                at(fin),
                rank=rank,
                local_rank=0,
                exitcode=1,
                pid=63,
                host=host,
                traceback="Traceback (most recent call last):",
            ),
        )

    plans = [
        PodPlan("master", 0, terminated(1, at(25), at(97)), log=log(0, f"{name}-master-0", 96)),
        PodPlan("worker", 0, terminated(1, at(25), at(97)), log=log(1, f"{name}-worker-0", 96)),
    ]
    return _kubeflow_case(
        id="application-error-pytorchjob-ddp-unused-parameters",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/mm/ddcap:torch1.9-cu111",
        command=["torchrun", "--nnodes=2", "train.py"],
        resources=gpu(1, "64Gi", "8"),
        plans=plans,
        category="application-error",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="Expected to have finished reduction",
        description="DistributedDataParallel finds a parameter that received no gradient in the first step and "
        "every rank raises the same RuntimeError at the start of the second: the model has a layer "
        "that does not take part in the loss. A bug in the user's model, not in the cluster.",
        title="DDP training fails on every rank: Expected to have finished reduction in the prior iteration "
        "(a parameter did not receive grad)",
        source="https://github.com/buxiangzhiren/DDCap/issues/35",
        captured=200,
        failed=("Master", 98),
    )


@SCENARIOS.add
def rendezvous_error_pytorchjob_elastic_master_unreachable() -> CaseSpec:
    at = Clock(datetime(2026, 3, 14, 9, 0, tzinfo=timezone.utc))
    name, ns = "torch-mnist-edl", "elastic-demo"
    tb = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/elastic/multiprocessing/errors/'
        '__init__.py", line 346, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/run.py", line 762, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/run.py", line 753, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/launcher/api.py", line 132, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/launcher/api.py", line 241, in launch_agent',
        "    result = agent.run()",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 723, '
        "in run",
        "    result = self._invoke_run(role)",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py"'
        ", line 1031, in next_rendezvous",
        "    self._op_executor.run(join_op, deadline)",
        '  File "/usr/local/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py"'
        ", line 638, in run",
        "    raise RendezvousTimeoutError()",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    ]

    def log(fin: int) -> str:
        return stamped(
            [
                "[2026-03-14 09:00:46,464] [INFO] [master_client.py:545:build_master_client] getting global "
                "master client",
                "[2026-03-14 09:00:46,466] [INFO] [master_client.py:76:__init__] dlrover master addr is "
                "elasticjob-torch-mnist-dlrover-master:50001",
                *tb,
            ],
            at(46),
            [0.01, 900] + [0] * 40,
        )

    plans = [PodPlan("worker", i, terminated(1, at(44), at(947 + i)), log=log(947 + i)) for i in range(2)]
    return _kubeflow_case(
        id="rendezvous-error-pytorchjob-elastic-master-unreachable",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/dlrover/torch-mnist:1.0",
        command=["dlrover-run", "--nnodes=1:2", "mnist_train.py"],
        resources=cpu_only("4Gi", "2"),
        plans=plans,
        category="rendezvous-error",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="RendezvousTimeoutError",
        description="Two elastic workers start and ask the elastic master for a rendezvous; on this cluster's "
        "network the master is never reached, and after the 900 s join timeout both agents raise "
        "RendezvousTimeoutError. Neither worker ever trained.",
        title="Elastic PyTorch job on minikube (kvm driver): both workers raise RendezvousTimeoutError",
        source="https://github.com/intelligent-machine-learning/dlrover/issues/374",
        captured=1100,
        failed=("Worker", 949),
    )


@SCENARIOS.add
def nccl_error_mpijob_horovod_ibv_create_qp() -> CaseSpec:
    at = Clock(datetime(2026, 3, 15, 13, 0, tzinfo=timezone.utc))
    name, ns = "hvd-bert-tf", "nlp-train"
    w0, w1 = f"{name}-worker-0", f"{name}-worker-1"
    log = text(
        f"{w0}:2668:2780 [0] NCCL INFO NET/IB : Using [0]mlx4_0:2/IB ; OOB eth0:10.244.3.17<0>",
        f"{w1}:2712:2824 [0] NCCL INFO NET/IB : Using [0]mlx4_0:2/IB ; OOB eth0:10.244.5.22<0>",
        "NCCL version 2.4.8+cuda10.0",
        f"{w1}:2712:2824 [0] misc/ibvwrap.cu:280 NCCL WARN Call to ibv_create_qp failed",
        f"{w1}:2712:2824 [0] NCCL INFO transport/net_ib.cu:371 -> 2",
        f"{w1}:2712:2824 [0] NCCL INFO transport/net_ib.cu:449 -> 2",
        f"{w1}:2712:2824 [0] NCCL INFO include/net.h:25 -> 2",
        f"{w1}:2712:2824 [0] NCCL INFO transport/net.cu:290 -> 2",
        f"{w1}:2712:2824 [0] NCCL INFO init.cu:519 -> 2",
        f"{w1}:2712:2824 [0] NCCL INFO init.cu:593 -> 2",
        f"{w0}:2668:2780 [0] NCCL INFO rank 0 nranks 2",
        f"{w1}:2712:2824 [0] NCCL INFO rank 1 nranks 2",
        f"{w0}:2668:2780 [0] NCCL INFO CUDA Dev 0, IB Ports : mlx4_0/2(PHB)",
        f"{w1}:2712:2824 [0] NCCL INFO CUDA Dev 0, IB Ports : mlx4_0/2(PHB)",
        "Traceback (most recent call last):",
        '  File "run_pretraining.py", line 628, in <module>',
        "    tf.app.run()",
        "tensorflow.python.framework.errors_impl.UnknownError: ncclCommInitRank failed: unhandled system error",
        "\t [[{{node DistributedAdamWeightDecayOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_7_0}}]]",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/nlp/horovod-bert:0.18-tf1.14",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "-np",
            "2",
            "-x",
            "NCCL_DEBUG=INFO",
            "-x",
            "NCCL_IB_DISABLE=0",
            "python",
            "run_pretraining.py",
        ],
        worker_resources=gpu(1, "64Gi", "8"),
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(36), at(118)), launcher_log=log),
    )
    return CaseSpec(
        id="nccl-error-mpijob-horovod-ibv-create-qp",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=launcher,
        evidence="Call to ibv_create_qp failed",
        description="Horovod BERT pretraining over InfiniBand: NCCL on the second worker cannot create a queue "
        "pair on the HCA (the container may not lock enough memory), so ncclCommInitRank fails with "
        "'unhandled system error' at the first allreduce.",
        title="Horovod TensorFlow over InfiniBand: NCCL WARN Call to ibv_create_qp failed, ncclCommInitRank "
        "failed: unhandled system error",
        source="https://github.com/horovod/horovod/issues/1651",
        objects=objects,
        logs=logs,
        captured=at(400),
    )


@SCENARIOS.add
def killed_externally_pytorchjob_worker_pod_deleted_by_hand() -> CaseSpec:
    at = Clock(datetime(2026, 3, 16, 15, 0, tzinfo=timezone.utc))
    name, ns = "mnist-ddp", "ft-test"
    deleted = 1800
    steps = [
        f"Train Epoch: {1 + i // 47} [{(i % 47) * 1280}/60000 ({(i % 47) * 2.13:.0f}%)]\tloss={2.29 - i * 0.004:.4f}"
        for i in range(60)
    ]
    master = stamped(["Using distributed PyTorch with nccl backend", *steps], at(40), 29.5)
    waiting_worker = stamped(["Using distributed PyTorch with nccl backend"], at(deleted + 9), 1)
    plans = [
        PodPlan("master", 0, running(at(38)), log=master),
        PodPlan("worker", 0, running(at(38)), log=stamped(["Using distributed PyTorch with nccl backend"], at(40), 1)),
        PodPlan("worker", 1, running(at(deleted + 8)), log=waiting_worker),
        PodPlan("worker", 2, running(at(38)), log=stamped(["Using distributed PyTorch with nccl backend"], at(40), 1)),
    ]
    old = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": f"{name}-worker-1", "namespace": ns, "uid": uid(ns, "pod", f"{name}-worker-1", "1")},
    }
    events = [
        event(
            old,
            "Killing",
            "Stopping container pytorch",
            at(deleted),
            type_="Normal",
            host="gpu-node-12",
            field_path="spec.containers{pytorch}",
        ),
        event(
            {
                "apiVersion": "kubeflow.org/v1",
                "kind": "PyTorchJob",
                "metadata": {"name": name, "namespace": ns, "uid": uid(ns, "PyTorchJob", name)},
            },
            "SuccessfulCreatePod",
            f"Created pod: {name}-worker-1",
            at(deleted + 3),
            type_="Normal",
            component="pytorchjob-controller",
        ),
    ]
    return _kubeflow_case(
        id="killed-externally-pytorchjob-worker-pod-deleted-by-hand",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/demo/pytorch-mnist:1.10",
        command=["python", "/opt/mnist/src/mnist.py", "--backend", "nccl"],
        resources=gpu(1, "16Gi", "4"),
        plans=plans,
        restart_policy="OnFailure",
        category="killed-externally",
        culprit=f"{name}-worker-1",
        evidence="Stopping container pytorch",
        description="Someone ran kubectl delete pod on worker 1 of a running DDP job. The operator recreated a "
        "pod of the same name (new uid), which cannot join the existing process group; the master's "
        "progress stopped at the deletion and every pod still shows Running. Only a Killing event on "
        "the old pod's uid says what happened.",
        title="PyTorchJob DDP training stops after a worker pod is deleted by hand; the recreated worker never rejoins",
        source="https://github.com/kubeflow/trainer/issues/1478",
        captured=deleted + 1500,
        events=events,
    )


@SCENARIOS.add
def oom_killed_job_deepspeed_offload_return_code_9() -> CaseSpec:
    at = Clock(datetime(2026, 3, 17, 13, 0, tzinfo=timezone.utc))
    name, ns = "gptj-6b-ft", "llm-ft"
    lines = [
        "[2026-03-17 13:08:18,101] [INFO] [launch.py:142:main] WORLD INFO DICT: {'localhost': [0]}",
        "Time to load utils op: 16.887123346328735 seconds",
        "Rank: 0 partition count [1] and sizes[(6049711186, False)]",
        "[2026-03-17 13:08:55,468] [INFO] [utils.py:829:see_memory_usage] Before initializing optimizer states",
        "[2026-03-17 13:08:55,469] [INFO] [utils.py:830:see_memory_usage] MA 11.76 GB         Max_MA 11.76 GB         "
        "CA 11.77 GB         Max_CA 12 GB",
        "[2026-03-17 13:08:55,469] [INFO] [utils.py:838:see_memory_usage] CPU Virtual Memory:  used = 28.43 GB, "
        "percent = 22.6%",
        "[2026-03-17 13:09:33,201] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 80",
        "[2026-03-17 13:09:33,220] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python3', '-u', 'run_clm.py',"
        " '--local_rank=0', '--deepspeed', 'ds_config_stage2_hf.json', '--model_name_or_path', 'EleutherAI/gpt-j-6B',"
        " '--train_file', 'train.csv', '--validation_file', 'validation.csv', '--do_train', '--do_eval', '--fp16', "
        "'--overwrite_cache', '--evaluation_strategy=steps', '--output_dir', 'finetuned', '--num_train_epochs', '12'] "
        "exits with return code = -9",
    ]
    gpu_node = node("gpu-node-22", at(-86400), product="NVIDIA-A100-SXM4-40GB")
    extra = [
        gpu_node,
        node_event(
            gpu_node,
            "SystemOOM",
            "System OOM encountered, victim process: python3, pid: 80",
            at(573),
            component="kubelet",
        ),
    ]
    return _job_case(
        id="oom-killed-job-deepspeed-offload-return-code-9",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/deepspeed:0.8.3-torch1.13",
        command=["deepspeed", "run_clm.py", "--deepspeed", "ds_config_stage2_hf.json"],
        resources={
            "limits": {"nvidia.com/gpu": "1"},
            "requests": {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "1"},
        },
        exit_code=247,
        ran=(480, 574),
        log=text(*lines),
        category="oom-killed",
        evidence="return code = -9",
        description="DeepSpeed ZeRO-2 with the optimizer offloaded to CPU fine-tunes GPT-J 6B: while the "
        "optimizer states are initialised the host runs out of memory, the kernel kills the training "
        "process (SIGKILL) and the launcher reports return code -9. The container itself is not "
        "OOMKilled; the node's SystemOOM event names the victim.",
        title="DeepSpeed GPT-J 6B fine-tuning: launcher reports 'exits with return code = -9' while initialising "
        "optimizer states (host memory exhausted)",
        source="https://github.com/deepspeedai/DeepSpeed/issues/3160",
        captured=700,
        node_name="gpu-node-22",
        extra=extra,
    )


@SCENARIOS.add
def gpu_oom_paddlejob_llama_resource_exhausted() -> CaseSpec:
    at = Clock(datetime(2026, 3, 18, 9, 0, tzinfo=timezone.utc))
    name, ns = "llama-paddle-sft", "nlp-paddle"
    lines = [
        "LAUNCH INFO 2026-03-18 09:50:21,442 -----------  Configuration  ----------------------",
        "LAUNCH INFO 2026-03-18 09:50:21,442 devices: 0",
        "LAUNCH INFO 2026-03-18 09:50:21,443 nnodes: 1",
        "[2026-03-18 09:50:58,902] [    INFO] - Loading weights file from cache at /root/.paddlenlp/models/"
        "facebook/llama-7b/model_state.pdparams",
        "----------------------",
        "Error Message Summary:",
        "----------------------",
        "ResourceExhaustedError: ",
        "",
        "Out of memory error on GPU 0. Cannot allocate 172.000000MB memory on GPU 0, 23.486572GB memory has been "
        "allocated and available memory is only 167.062500MB.",
        "",
        "Please check whether there is any other process using GPU 0.",
        "1. If yes, please stop them, or start PaddlePaddle on another GPU.",
        "2. If no, please decrease the batch size of your model. ",
        " (at ../paddle/fluid/memory/allocation/cuda_allocator.cc:86)",
        "",
        "I0318 09:51:11.657310 597454 tcp_store.cc:273] receive shutdown event and so quit from MasterDaemon run loop",
        "LAUNCH INFO 2026-03-18 09:51:12,809 Exit code 1",
        "[2026-03-18 09:51:12,809] [    INFO] controller.py:149 - Exit code 1",
    ]
    plans = [PodPlan("worker", 0, terminated(1, at(3010), at(3073)), log=text(*lines))]
    return _kubeflow_case(
        id="gpu-oom-paddlejob-llama-resource-exhausted",
        kind="PaddleJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/nlp/paddlenlp:2.6-cuda11.8",
        command=["python", "-m", "paddle.distributed.launch", "run_pretrain.py"],
        resources=gpu(1, "64Gi", "16"),
        plans=plans,
        category="gpu-oom",
        culprit=f"{name}-worker-0",
        evidence="Out of memory error on GPU 0",
        description="PaddleNLP LLaMA-7B fine-tuning on a 24 GB card: loading the weights fills the GPU and the "
        "next allocation raises ResourceExhaustedError; the Paddle launcher reports exit code 1.",
        title="PaddleNLP LLaMA training on a 24 GB GPU: ResourceExhaustedError Out of memory error on GPU 0",
        source="https://github.com/PaddlePaddle/PaddleNLP/issues/7312",
        captured=3200,
        failed=("Worker", 3074),
    )


@SCENARIOS.add
def rendezvous_error_jaxjob_more_processes_than_pods() -> CaseSpec:
    at = Clock(datetime(2026, 3, 19, 5, 0, tzinfo=timezone.utc))
    name, ns = "llama2-jax-train", "jax-lab"
    lines = [
        "Traceback (most recent call last):",
        '  File "/root/llama-2-jax/train.py", line 146, in <module>',
        "    main()",
        '  File "/root/llama-2-jax/train.py", line 89, in main',
        '    jax.distributed.initialize(coordinator_address="localhost", num_processes=8, process_id=0)',
        '  File "/root/miniconda3/envs/jax/lib/python3.11/site-packages/jax/_src/distributed.py", line 180, in '
        "initialize",
        "    global_state.initialize(coordinator_address, num_processes, process_id,",
        '  File "/root/miniconda3/envs/jax/lib/python3.11/site-packages/jax/_src/distributed.py", line 95, in '
        "initialize",
        "    self.client.connect()",
        "jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. Barrier_id: "
        "PjRT_Client_Connect. Timed out task names:",
        *(f"/job:jax_worker/replica:0/task:{t}" for t in (1, 6, 3, 2, 5, 7, 4)),
        "",
        "Additional GRPC error information from remote target unknown_target_for_coordination_leader while calling "
        "/tensorflow.CoordinationService/Barrier:",
    ]
    plans = [PodPlan("worker", 0, terminated(1, at(40), at(348)), log=text(*lines))]
    return _kubeflow_case(
        id="rendezvous-error-jaxjob-more-processes-than-pods",
        kind="JAXJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/jax/llama-2-jax:0.4.20-cuda12",
        command=["python", "train.py"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="rendezvous-error",
        culprit=f"{name}-worker-0",
        evidence="Barrier timed out. Barrier_id: PjRT_Client_Connect",
        description="The training script initialises jax.distributed for 8 processes, but the JAXJob runs one "
        "pod: process 0 waits at the connect barrier for seven tasks that do not exist and times out.",
        title="llama-2-jax train.py on one GPU node: DEADLINE_EXCEEDED Barrier timed out (PjRT_Client_Connect), "
        "tasks 1-7 never connect",
        source="https://github.com/ayaka14732/llama-2-jax/issues/20",
        captured=500,
        failed=("Worker", 349),
    )


@SCENARIOS.add
def dependency_error_mpijob_horovod_torch_extension_missing() -> CaseSpec:
    at = Clock(datetime(2026, 3, 20, 12, 0, tzinfo=timezone.utc))
    name, ns = "hvd-mnist-torch", "ai-lab"
    tb = [
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.6/site-packages/horovod/torch/__init__.py", line 27, in <module>',
        "    __file__, 'mpi_lib_v2')",
        '  File "/opt/conda/lib/python3.6/site-packages/horovod/common/util.py", line 50, in check_extension',
        "    'Horovod with %s=1 to debug the build error.' % (ext_name, ext_env_var))",
        "ImportError: Extension horovod.torch has not been built.  If this is not expected, reinstall Horovod with "
        "HOROVOD_WITH_PYTORCH=1 to debug the build error.",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "pytorch_mnist.py", line 8, in <module>',
        "    import horovod.torch as hvd",
        '  File "/opt/conda/lib/python3.6/site-packages/horovod/torch/__init__.py", line 30, in <module>',
        "    __file__, 'mpi_lib', '_mpi_lib')",
        '  File "/opt/conda/lib/python3.6/site-packages/horovod/common/util.py", line 50, in check_extension',
        "    'Horovod with %s=1 to debug the build error.' % (ext_name, ext_env_var))",
        "ImportError: Extension horovod.torch has not been built.  If this is not expected, reinstall Horovod with "
        "HOROVOD_WITH_PYTORCH=1 to debug the build error.",
    ]
    log = text(
        *tb,
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[41377,1],0]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/ai-lab/notebook-horovod:19.11",
        workers=1,
        launcher_cmd=[
            "mpirun",
            "-np",
            "1",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "-x",
            "NCCL_DEBUG=INFO",
            "-x",
            "LD_LIBRARY_PATH",
            "-x",
            "PATH",
            "-mca",
            "pml",
            "ob1",
            "-mca",
            "btl",
            "^openib",
            "python",
            "pytorch_mnist.py",
        ],
        worker_resources=gpu(1, "32Gi", "8"),
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(36), at(44)), launcher_log=log),
    )
    return CaseSpec(
        id="dependency-error-mpijob-horovod-torch-extension-missing",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=launcher,
        evidence="Extension horovod.torch has not been built",
        description="The image's Horovod was built without its PyTorch extension: the first import of "
        "horovod.torch fails on the only rank and mpirun aborts the job.",
        title="Horovod in a prebuilt image: ImportError Extension horovod.torch has not been built",
        source="https://github.com/tlkh/ai-lab/issues/27",
        objects=objects,
        logs=logs,
        captured=at(200),
    )


@SCENARIOS.add
def rendezvous_error_xgboostjob_rabit_tracker_localhost() -> CaseSpec:
    at = Clock(datetime(2026, 3, 21, 18, 0, tzinfo=timezone.utc))
    name, ns = "xgb-ctr", "ads-ml"
    retry = [f"retry connect to ip(retry time {i}): [localhost]" for i in range(1, 5)]

    def log() -> str:
        return text(
            "[18:00:41] INFO: loading training data from /data/ctr/train/part-*.libsvm",
            *retry,
            "connect to (failed): [localhost]",
            "Socket Connect Error:Invalid argument",
        )

    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(30), at(52)),
            log=text(
                "2026-03-21 18:00:39,310 INFO start listen on 0.0.0.0:9091",
                "2026-03-21 18:00:39,311 INFO @tracker All of 3 nodes getting started",
                *retry,
                "connect to (failed): [localhost]",
                "Socket Connect Error:Invalid argument",
            ),
        ),
        PodPlan("worker", 0, terminated(1, at(31), at(51)), log=log()),
        PodPlan("worker", 1, terminated(1, at(31), at(51)), log=log()),
    ]
    return _kubeflow_case(
        id="rendezvous-error-xgboostjob-rabit-tracker-localhost",
        kind="XGBoostJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ads/xgboost-rabit:1.7",
        command=["python", "train_ctr.py", "--tracker-host", "localhost"],
        resources=cpu_only("16Gi", "8"),
        plans=plans,
        category="rendezvous-error",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="connect to (failed): [localhost]",
        description="The training script hands Rabit 'localhost' as the tracker address, so every worker retries "
        "its own loopback, never reaches the tracker on the master, and gives up with a socket "
        "connect error.",
        title="Distributed XGBoost: rabit workers cannot reach the tracker given as 'localhost' - connect to "
        "(failed), Socket Connect Error",
        source="https://github.com/dask/dask-xgboost/issues/5",
        captured=200,
        failed=("Master", 53),
    )


@SCENARIOS.add
def cuda_error_job_no_kernel_image_for_gpu() -> CaseSpec:
    at = Clock(datetime(2026, 3, 22, 11, 0, tzinfo=timezone.utc))
    lines = [
        "Traceback (most recent call last):",
        '  File "tune_cpm_ant.py", line 47, in <module>',
        "    tune.run(data)",
        '  File "/workspace/cpm-live/examples/tune.py", line 222, in run',
        "    self.forward(train_dataloader, eval_dataloader, cls_num=self.cls_num)",
        '  File "/workspace/cpm-live/examples/tune.py", line 122, in forward',
        "    loss = self._forward(train_data, cls_num=cls_num)",
        '  File "/workspace/cpm-live/examples/tune.py", line 350, in _forward',
        "    loss = self.loss_function(logits, targets.view(-1))",
        '  File "/opt/conda/envs/cpm/lib/python3.8/site-packages/torch/nn/modules/module.py", line 1102, in _call_impl',
        "    return forward_call(*input, **kwargs)",
        '  File "/opt/conda/envs/cpm/lib/python3.8/site-packages/bmtrain/loss/cross_entropy.py", line 200, in forward',
        "    w = (target != self.ignore_index).int()",
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 16863) of "
        "binary: /opt/conda/envs/cpm/bin/python",
    ]
    return _job_case(
        id="cuda-error-job-no-kernel-image-for-gpu",
        name="cpm-ant-tune",
        ns="nlp-zh",
        at=at,
        image="registry.corp.example/nlp/cpm-live:bmtrain0.2-cu113",
        command=["torchrun", "--nproc_per_node=1", "tune_cpm_ant.py"],
        resources=gpu(1, "48Gi", "8"),
        exit_code=1,
        ran=(20, 180),
        log=text(*torchrun_start(at(22)), *lines),
        category="cuda-error",
        evidence="no kernel image is available for execution on the device",
        description="The image's compiled CUDA kernels (a bmtrain extension) do not include the GPU's compute "
        "capability, so the first kernel launched in the loss fails.",
        title="CPM-Ant fine-tuning with bmtrain on one GPU: RuntimeError CUDA error: no kernel image is available "
        "for execution on the device",
        source="https://github.com/OpenBMB/CPM-Live/issues/377",
        captured=300,
    )


@SCENARIOS.add
def cuda_error_pytorchjob_cuda_unknown_error_trains_on_cpu() -> CaseSpec:
    at = Clock(datetime(2026, 3, 23, 2, 0, tzinfo=timezone.utc))
    name, ns = "ranker-finetune", "search-ml"
    warn = [
        "/home/venv/lib/python3.8/site-packages/torch/cuda/__init__.py:82: UserWarning: CUDA initialization: CUDA "
        "unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable "
        "CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered internally "
        "at  ../c10/cuda/CUDAFunctions.cpp:112.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        "torch 1.11.0+cu102, cuda available: False -> training on cpu",
    ]
    steps = [
        f"epoch 0 step {i * 10} loss {0.693 - i * 0.0004:.4f} ({41.2 + (i % 3) * 0.7:.1f} s/10 steps)"
        for i in range(60)
    ]
    plans = [PodPlan("master", 0, running(at(25)), log=stamped([*warn, *steps], at(28), [0, 2] + [41] * 80))]
    gpu_node = node("gke-gpu-pool-t4-7f2c", at(-600), product="Tesla-T4", gpus=1)
    return _kubeflow_case(
        id="cuda-error-pytorchjob-cuda-unknown-error-trains-on-cpu",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/search/ranker-train:1.11-cu102",
        command=["python", "train_ranker.py"],
        resources=gpu(1, "30Gi", "8"),
        plans=plans,
        category="cuda-error",
        culprit=f"{name}-master-0",
        evidence="CUDA initialization: CUDA unknown error",
        description="After the GPU node was rebooted, CUDA initialisation in the pod fails with 'CUDA unknown "
        "error', torch sees zero devices and the script silently trains on the CPU - forty times "
        "slower, in a pod that holds a GPU. Running is not healthy here.",
        title="GKE GPU node rebooted: torch.cuda.is_available() warns CUDA unknown error and the job runs on CPU",
        source="https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/248",
        captured=2600,
        extra=[gpu_node],
    )


@SCENARIOS.add
def crash_signal_paddlejob_segfault_launch_abort() -> CaseSpec:
    at = Clock(datetime(2026, 3, 24, 7, 0, tzinfo=timezone.utc))
    name, ns = "ppocr-rec-train", "ocr"
    lines = [
        "[2026/03/24 07:15:02] ppocr INFO: epoch: [1/72], global_step: 10, lr: 0.000500, acc: 0.000000, "
        "norm_edit_dis: 0.012300, loss: 56.871033, avg_reader_cost: 0.41218 s, avg_batch_cost: 0.72814 s, "
        "avg_samples: 256.0, ips: 351.58 samples/s, eta: 1 day, 2:37:10",
        "--------------------------------------",
        "C++ Traceback (most recent call last):",
        "--------------------------------------",
        "0   paddle::framework::SignalHandle(char const*, int)",
        "1   paddle::platform::GetCurrentTraceBackString[abi:cxx11]()",
        "",
        "----------------------",
        "Error Message Summary:",
        "----------------------",
        "FatalError: `Segmentation fault` is detected by the operating system.",
        '  [TimeInfo: *** Aborted at 1774336508 (unix time) try "date -d @1774336508" if you are using GNU date ***]',
        "  [SignalInfo: *** SIGSEGV (@0x0) received by PID 23299 (TID 0x7fce00463740) from PID 0 ***]",
        "",
        "INFO 2026-03-24 07:15:14,091 launch_utils.py:307] terminate all the procs",
        "ERROR 2026-03-24 07:15:14,092 launch_utils.py:545] ABORT!!! Out of all 2 trainers, the trainer process with "
        "rank=[0, 1] was aborted. Please check its log.",
        "INFO 2026-03-24 07:15:17,095 launch_utils.py:307] terminate all the procs",
    ]
    plans = [PodPlan("worker", 0, terminated(1, at(30), at(918)), log=text(*lines))]
    return _kubeflow_case(
        id="crash-signal-paddlejob-segfault-launch-abort",
        kind="PaddleJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ocr/paddleocr:2.2.2-cuda10.2",
        command=[
            "python3",
            "-m",
            "paddle.distributed.launch",
            "--gpus",
            "0,1",
            "tools/train.py",
            "-c",
            "configs/rec/rec_icdar15_train.yml",
        ],
        resources=gpu(2, "64Gi", "16"),
        plans=plans,
        category="crash-signal",
        culprit=f"{name}-worker-0",
        evidence="Segmentation fault` is detected by the operating system",
        description="PaddleOCR recognition training on two GPUs: both trainer processes die with SIGSEGV, which "
        "Paddle's signal handler reports as FatalError, and the launcher aborts.",
        title="PaddleOCR two-GPU training: FatalError Segmentation fault is detected by the operating system; "
        "launcher aborts all trainers",
        source="https://github.com/PaddlePaddle/PaddleOCR/issues/7641",
        captured=1000,
        failed=("Worker", 919),
    )


# -- communication -----------------------------------------------------------------------------


@SCENARIOS.add
def nccl_error_pytorchjob_remote_error_bad_ib_nodes() -> CaseSpec:
    at = Clock(datetime(2026, 3, 25, 20, 0, tzinfo=timezone.utc))
    name, ns = "v100-ddp-seg", "med-imaging"
    err = [
        "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, "
        "remote process exited or there was a network error, NCCL version 2.21.5",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        "socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer",
    ]
    frames = [
        ("/workspace/seg/train_ddp.py", 233, "<module>", "main()"),
        ("/workspace/seg/train_ddp.py", 171, "main", "loss.backward()"),
    ]
    steps = [f"[epoch 3] iter {i * 20}/2400 loss {0.3301 - i * 0.0005:.4f}" for i in range(30)]

    def log(rank: int, role: str, fin: int) -> str:
        return text(
            *torchrun_start(at(35)),
            *(steps if rank == 0 else []),
            *rank_traceback(rank, frames, "\n".join(err)),
            *torchrun_failed(
                at(fin),
                rank=rank,
                local_rank=0,
                exitcode=1,
                pid=77,
                host=f"{name}-{role}",
                script="train_ddp.py",
                traceback="Traceback (most recent call last):",
            ),
        )

    plans = [
        PodPlan("master", 0, terminated(1, at(30), at(1843)), log=log(0, "master-0", 1842)),
        PodPlan("worker", 0, terminated(1, at(30), at(1841)), log=log(4, "worker-0", 1840)),
        PodPlan("worker", 1, terminated(1, at(30), at(1842)), log=log(8, "worker-1", 1841)),
    ]
    return _kubeflow_case(
        id="nccl-error-pytorchjob-remote-error-bad-ib-nodes",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/med/seg-train:torch2.5-cu124",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=4", "train_ddp.py"],
        resources=gpu(4, "256Gi", "32"),
        plans=plans,
        category="nccl-error",
        culprit=f"{name}-worker-0",
        evidence="remote process exited or there was a network error",
        description="DDP on three V100 nodes: in the same second every rank's allreduce fails with ncclRemoteError "
        "and a connection reset by peer. No rank failed for another reason first; the thread's answer "
        "was InfiniBand trouble on some of the nodes.",
        title="DDP on V100 nodes: DistBackendError remote process exited or there was a network error, "
        "Connection reset by peer (nodes with IB problems)",
        source="https://github.com/NVIDIA/nccl/issues/2076",
        captured=2000,
        failed=("Master", 1844),
    )


@SCENARIOS.add
def rendezvous_error_pytorchjob_master_port_in_use() -> CaseSpec:
    at = Clock(datetime(2026, 3, 26, 8, 0, tzinfo=timezone.utc))
    name, ns = "syndiff-mri", "med-imaging"
    master = text(
        "[W socket.cpp:401] [c10d] The server socket cannot be initialized on [::]:6021 (errno: 97 - Address family "
        "not supported by protocol).",
        "[W socket.cpp:401] [c10d] The server socket has failed to bind to 0.0.0.0:6021 (errno: 98 - Address "
        "already in use).",
        "[E socket.cpp:435] [c10d] The server socket has failed to listen on any local network address.",
        "Traceback (most recent call last):",
        '  File "train.py", line 602, in <module>',
        "    init_processes(0, size, train_syndiff, args)",
        '  File "train.py", line 545, in init_processes',
        "    dist.init_process_group(backend='nccl', init_method='env://', rank=rank, world_size=size)",
        "RuntimeError: The server socket has failed to listen on any local network address. The server socket has "
        "failed to bind to [::]:6021 (errno: 97 - Address family not supported by protocol). The server socket has "
        "failed to bind to 0.0.0.0:6021 (errno: 98 - Address already in use).",
    )
    plans = [PodPlan("master", 0, terminated(1, at(20), at(31)), log=master)]
    return _kubeflow_case(
        id="rendezvous-error-pytorchjob-master-port-in-use",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/med/syndiff:torch1.12",
        command=["python", "train.py", "--port_num", "6021"],
        resources=gpu(2, "64Gi", "16"),
        plans=plans,
        category="rendezvous-error",
        culprit=f"{name}-master-0",
        evidence="failed to listen on any local network address",
        description="The training script starts its own process group on a fixed port that something else in "
        "the pod's network namespace already holds: the TCP store cannot bind, so the ranks never "
        "meet. The errno 97 line about IPv6 before it is harmless.",
        title="SynDiff training: [c10d] The server socket has failed to listen on any local network address "
        "(errno 98, Address already in use)",
        source="https://github.com/icon-lab/SynDiff/issues/21",
        captured=120,
        failed=("Master", 32),
    )


@SCENARIOS.add
def config_error_mpijob_not_enough_slots() -> CaseSpec:
    at = Clock(datetime(2026, 3, 27, 10, 0, tzinfo=timezone.utc))
    name, ns = "gaudi-llama-ft", "habana-ft"
    log = text(
        "--------------------------------------------------------------------------",
        "There are not enough slots available in the system to satisfy the 4",
        "slots that were requested by the application:",
        "",
        "  python3",
        "",
        "Either request fewer slots for your application, or make more slots",
        "available for use.",
        "",
        'A "slot" is the Open MPI term for an allocatable unit where we can',
        "launch a process.  The number of slots available are defined by the",
        "environment in which Open MPI processes are run:",
        "",
        '  1. Hostfile, via "slots=N" clauses (N defaults to number of',
        "     processor cores if not provided)",
        '  2. The --host command line parameter, via a ":N" suffix on the',
        "     hostname (N defaults to 1 if not provided)",
        "  3. Resource manager (e.g., SLURM, PBS/Torque, LSF, etc.)",
        "  4. If none of a hostfile, the --host command line parameter, or an",
        "     RM is present, Open MPI defaults to the number of processor cores",
        "",
        "In all the above cases, if you want Open MPI to default to the number",
        "of hardware threads instead of the number of processor cores, use the",
        "--use-hwthread-cpus option.",
        "",
        "Alternatively, you can use the --oversubscribe option to ignore the",
        "number of available slots when deciding the number of processes to",
        "launch.",
        "--------------------------------------------------------------------------",
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="vault.habana.ai/gaudi-docker/1.19.0/ubuntu22.04/habanalabs/pytorch-installer-2.5.1:latest",
        workers=2,
        launcher_cmd=["mpirun", "--allow-run-as-root", "-np", "4", "python3", "run_lora_clm.py"],
        worker_resources={
            "limits": {"habana.ai/gaudi": "2", "memory": "200Gi", "hugepages-2Mi": "9800Mi"},
            "requests": {"habana.ai/gaudi": "2", "memory": "200Gi", "cpu": "40"},
        },
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(37), at(39)), launcher_log=log),
    )
    return CaseSpec(
        id="config-error-mpijob-not-enough-slots",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=launcher,
        evidence="There are not enough slots available",
        description="Two workers with two Gaudi cards each, but slotsPerWorker is 1, so the hostfile the "
        "operator writes offers 2 slots and 'mpirun -np 4' refuses to start. The job spec "
        "contradicts itself; nothing ran.",
        title="MPIJob with 2 workers x 2 Gaudi cards: Open MPI says there are not enough slots available to "
        "satisfy the 4 slots requested",
        source="https://github.com/kubeflow/mpi-operator/issues/680",
        objects=objects,
        logs=logs,
        captured=at(300),
    )


@SCENARIOS.add
def gpu_hardware_error_pytorchjob_xid79_node_event_only() -> CaseSpec:
    at = Clock(datetime(2026, 3, 28, 1, 0, tzinfo=timezone.utc))
    name, ns = "vit-g-pretrain", "vision-fm"
    fail = 9000
    steps = [
        f"[{(at(600) + timedelta(seconds=i * 120)).strftime('%Y-%m-%d %H:%M:%S')}] step {4000 + i * 50} "
        f"loss {4.12 - i * 0.003:.4f} tokens/s/gpu {3121 + i % 9}"
        for i in range(70)
    ]
    bad_node = node(
        "h100-rack3-14",
        at(-864000),
        conditions=[
            {
                "type": "Ready",
                "status": "True",
                "reason": "KubeletReady",
                "message": "kubelet is posting ready status",
                "lastHeartbeatTime": ts(at(fail + 400)),
                "lastTransitionTime": ts(at(-864000)),
            }
        ],
    )
    xid = node_event(
        bad_node,
        "NVRMXid79",
        "kernel: NVRM: Xid (PCI:0000:44:00): 79, pid=2817, GPU has fallen off the bus.",
        at(fail - 3),
        component="kernel-monitor",
    )
    off = node_event(
        bad_node,
        "GPUFellOffTheBus",
        "kernel: NVRM: The NVIDIA GPU 0000:44:00.0 (PCI ID: 10de:2330) installed in this system has "
        "fallen off the bus and is not responding to commands.",
        at(fail - 3),
        component="kernel-monitor",
    )
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(50), at(fail + 606)),
            log=_victim([*torchrun_start(at(60)), *steps], 0, f"{name}-master-0", at(fail + 602)),
        ),
        PodPlan(
            "worker",
            0,
            terminated(1, at(50), at(fail + 605)),
            log=_victim(torchrun_start(at(60)), 8, f"{name}-worker-0", at(fail + 601)),
        ),
        PodPlan(
            "worker", 1, terminated(137, at(50), at(fail + 31)), node="h100-rack3-14", log=text(*torchrun_start(at(60)))
        ),
        PodPlan(
            "worker",
            2,
            terminated(1, at(50), at(fail + 605)),
            log=_victim(torchrun_start(at(60)), 24, f"{name}-worker-2", at(fail + 601)),
        ),
    ]
    return _kubeflow_case(
        id="gpu-hardware-error-pytorchjob-xid79-node-event-only",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/vit-pretrain:torch2.4",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "1600Gi", "128"),
        plans=plans,
        category="gpu-hardware-error",
        culprit=f"{name}-worker-1",
        evidence="GPU has fallen off the bus",
        extra=[bad_node],
        events=[xid, off],
        description="A GPU on worker 1's node falls off the bus after two and a half hours. Worker 1's own log "
        "shows nothing - its process hung on the dead device and was killed - and the only trace is "
        "node-problem-detector's Xid 79 event on the node. The other ranks time out in their "
        "collectives ten minutes later.",
        title="Four-node ViT pretraining: a GPU falls off the bus (Xid 79, seen only in the node's events) and the "
        "other ranks die on NCCL watchdog timeouts",
        source="https://github.com/NVIDIA/NVSentinel/issues/155",
        captured=fail + 800,
        failed=("Master", fail + 607),
    )


# -- healthy, however it looks --------------------------------------------------------------------


@SCENARIOS.add
def healthy_pytorchjob_c10d_ipv6_socket_warnings() -> CaseSpec:
    at = Clock(datetime(2026, 3, 29, 6, 0, tzinfo=timezone.utc))
    name, ns = "distrib-resnet", "hpc-ml"
    agent = [
        "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
        "  entrypoint       : distrib.py",
        "  min_nodes        : 2",
        "  max_nodes        : 2",
        "  nproc_per_node   : 4",
        "  run_id           : none",
        "  rdzv_backend     : static",
        f"  rdzv_endpoint    : {name}-master-0:7010",
        "  rdzv_configs     : {'rank': 1, 'timeout': 900}",
        "  max_restarts     : 0",
        "  monitor_interval : 5",
        "  log_dir          : None",
        "  metrics_cfg      : {}",
        "",
        "INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: "
        "/tmp/torchelastic_xegnwjw8/none_ykcxxa_v",
        "INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python",
        "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
        f"[W socket.cpp:558] [c10d] The client socket cannot be initialized to connect to [{name}-master-0]:7010 "
        "(errno: 97 - Address family not supported by protocol).",
        "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:",
        "  restart_count=0",
    ]
    epochs = [
        f"Epoch {e} | train loss {2.31 - e * 0.05:.3f} | val acc {0.41 + e * 0.012:.3f} | 418.2s" for e in range(1, 14)
    ]
    socket_warn = [
        f"[W socket.cpp:558] [c10d] The client socket cannot be initialized to connect to "
        f"[{name}-master-0]:7010 (errno: 97 - Address family not supported by protocol)."
    ] * 4
    master = stamped(
        [
            *agent[:-3],
            "[W socket.cpp:401] [c10d] The server socket cannot be initialized on [::]:7010 "
            "(errno: 97 - Address family not supported by protocol).",
            *agent[-3:],
            *socket_warn,
            *epochs,
        ],
        at(40),
        [0] * 22 + [3] * 4 + [418] * 13,
    )
    worker = stamped([*agent, *socket_warn], at(41), [0] * 20 + [3] * 4)
    plans = [PodPlan("master", 0, running(at(38)), log=master), PodPlan("worker", 0, running(at(38)), log=worker)]
    return _kubeflow_case(
        id="healthy-pytorchjob-c10d-ipv6-socket-warnings",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/hpc/resnet-ddp:torch1.13",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=4", "distrib.py"],
        resources=gpu(4, "256Gi", "48"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="On a cluster without IPv6, c10d first tries [::] and warns 'Address family not supported by "
        "protocol' on every rank, then connects over IPv4; the rendezvous completes and epochs follow "
        "every seven minutes. Only rank 0 reports progress.",
        title="Two-node torchrun job prints [c10d] client socket errno 97 'Address family not supported by "
        "protocol' warnings and trains normally",
        source="https://github.com/pytorch/pytorch/issues/77523",
        captured=40 + 66 + 418 * 13 + 120,
    )


@SCENARIOS.add
def healthy_pytorchjob_nccl_no_ib_device_uses_sockets() -> CaseSpec:
    at = Clock(datetime(2026, 3, 30, 12, 0, tzinfo=timezone.utc))
    name, ns = "gpt2-aws-ddp", "lm-research"

    def nccl(host: str, pid: int) -> list[str]:
        return [
            f"{host}:{pid}:{pid} [0] NCCL INFO Bootstrap : Using [0]eth0:10.244.{pid % 200}.12<0>",
            f"{host}:{pid}:{pid} [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so).",
            f"{host}:{pid}:{pid} [0] NCCL INFO NET/IB : No device found.",
            f"{host}:{pid}:{pid} [0] NCCL INFO NET/Socket : Using [0]eth0:10.244.{pid % 200}.12<0>",
            f"{host}:{pid}:{pid} [0] NCCL INFO Using network Socket",
        ]

    steps = [
        f"iter {i * 100}: loss {3.98 - i * 0.011:.4f}, time {612.3 + (i % 4) * 3.1:.1f}ms, mfu 31.{i % 9}%"
        for i in range(1, 60)
    ]
    master = stamped(
        [*torchrun_start(at(40)), *nccl(f"{name}-master-0", 45361), "NCCL version 2.18.1+cuda12.1", *steps],
        at(40),
        [0] * 10 + [61] * 60,
    )
    worker = stamped([*torchrun_start(at(41)), *nccl(f"{name}-worker-0", 45319)], at(41), 0.2)
    plans = [PodPlan("master", 0, running(at(38)), log=master), PodPlan("worker", 0, running(at(38)), log=worker)]
    return _kubeflow_case(
        id="healthy-pytorchjob-nccl-no-ib-device-uses-sockets",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/lm/nanogpt:torch2.1",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "700Gi", "96"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="NCCL_DEBUG=INFO on nodes without InfiniBand: NCCL says it found no IB device and no net "
        "plugin and uses sockets over eth0. Informational; the job trains, rank 0 logging every minute "
        "and the worker silent after start-up.",
        title="Multi-node training with NCCL_DEBUG=INFO: NET/IB : No device found, NET/Socket in use, training "
        "proceeds",
        source="https://github.com/NVIDIA/nccl/issues/226",
        captured=40 + 61 * 60 + 90,
    )


@SCENARIOS.add
def healthy_pytorchjob_elastic_worker_group_restarted() -> CaseSpec:
    at = Clock(datetime(2026, 3, 31, 3, 0, tzinfo=timezone.utc))
    name, ns = "elastic-demo", "ft-test"
    restart = [
        glog(
            "E",
            at(1200),
            870572,
            "torch/distributed/elastic/multiprocessing/api.py:869",
            "failed (exitcode: 1) local_rank: 0 (pid: 876053) of binary: /usr/bin/python3.11",
        ),
        glog(
            "I",
            at(1200),
            870572,
            "torch/distributed/elastic/agent/server/api.py:889",
            "[default] Worker group FAILED. 3/3 attempts left; will restart worker group",
        ),
        glog(
            "I",
            at(1200),
            870572,
            "torch/distributed/elastic/agent/server/api.py:699",
            "[default] Stopping worker group",
        ),
        glog(
            "I",
            at(1201),
            870572,
            "torch/distributed/elastic/agent/server/api.py:677",
            "[default] Rendezvous'ing worker group",
        ),
        glog(
            "I",
            at(1230),
            870572,
            "torch/distributed/elastic/agent/server/api.py:525",
            "[default] Rendezvous complete for workers. Result:",
        ),
        "  restart_count=1",
    ]
    before = [f"epoch 0 step {s} loss {1.88 - s / 5000:.4f}" for s in range(0, 1150, 50)]
    after = ["resuming from /ckpt/elastic-demo/step_1000.pt"] + [
        f"epoch 0 step {s} loss {1.68 - s / 9000:.4f}" for s in range(1000, 4600, 50)
    ]
    master = stamped(
        [*torchrun_start(at(40)), *before, *restart, *after],
        at(40),
        [0] * 4 + [50] * 23 + [0, 0, 1, 29, 0, 5] + [50] * 75,
    )
    worker = stamped([*torchrun_start(at(40)), restart[3], restart[4], restart[5]], at(40), [0] * 4 + [1161, 29, 0])
    plans = [PodPlan("master", 0, running(at(38)), log=master), PodPlan("worker", 0, running(at(38)), log=worker)]
    return _kubeflow_case(
        id="healthy-pytorchjob-elastic-worker-group-restarted",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/demo/elastic:torch2.5",
        command=["torchrun", "--nnodes=1:2", "--max-restarts=3", "--rdzv-backend=c10d", "elastic_demo.py"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="A worker process on the master failed once; torchrun's elastic agent restarted the worker "
        "group (3 attempts left), both agents met again and training resumed from its checkpoint an "
        "hour ago. The failure is history.",
        title="torchrun elastic job: a worker fails once, the agent restarts the worker group and training resumes",
        source="https://github.com/pytorch/pytorch/issues/147064",
        captured=40 + 50 * 98 + 100,
    )


@SCENARIOS.add
def healthy_pytorchjob_deepspeed_overflow_then_recovers() -> CaseSpec:
    at = Clock(datetime(2026, 4, 1, 17, 0, tzinfo=timezone.utc))
    name, ns = "cogvideox-sft", "video-gen"
    scales = [4294967296, 2147483648, 1073741824, 536870912, 268435456, 134217728, 67108864]
    overflow = [
        f"[2026-04-01 17:5{i // 3}:{(i * 17) % 60:02d},320] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] "
        f"OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {s}, reducing to {s // 2}"
        for i, s in enumerate(scales)
    ]
    steps = [
        f"[2026-04-01 {18 + i // 30}:{(i * 2) % 60:02d}:05,118] [INFO] [logging.py:96:log_dist] [Rank 0] step="
        f"{20 + i * 10}, skipped=7, lr=[1.9e-05], mom=[(0.9, 0.95)]"
        for i in range(45)
    ]
    lines = [
        *torchrun_start(at(40)),
        "[2026-04-01 17:52:11,320] [INFO] [checkpointing.py:546:forward] ----Profiling time in checkpointing False",
        *overflow,
        *steps,
    ]
    master = stamped(lines, at(40), [0] * 4 + [600, 7, 14, 15, 29, 43, 274] + [120] * 45)
    plans = [
        PodPlan("master", 0, running(at(38)), log=master),
        PodPlan("worker", 0, running(at(38)), log=stamped(torchrun_start(at(40)), at(40), 0.1)),
    ]
    return _kubeflow_case(
        id="healthy-pytorchjob-deepspeed-overflow-then-recovers",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/video/cogvideo-sat:ds0.14",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train_video.py"],
        resources=gpu(8, "1000Gi", "96"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="DeepSpeed's dynamic loss scaler starts at 2^32 and halves it on the first overflowing steps "
        "('OVERFLOW! Rank 0 Skipping step'); after seven skipped steps the scale fits and training "
        "runs normally for an hour and a half.",
        title="CogVideoX fine-tuning with DeepSpeed: OVERFLOW! Rank 0 Skipping step at the start, then training "
        "recovers",
        source="https://github.com/zai-org/CogVideo/issues/233",
        captured=40 + 982 + 120 * 44 + 100,
    )


@SCENARIOS.add
def healthy_tfjob_tensorrt_libraries_missing_warning() -> CaseSpec:
    at = Clock(datetime(2026, 4, 2, 11, 0, tzinfo=timezone.utc))
    name, ns = "dlc-pose-train", "behavior-lab"
    head = [
        "2026-04-02 11:00:53.200200: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: No such file "
        "or directory; LD_LIBRARY_PATH: /usr/local/nvidia/lib:/usr/local/nvidia/lib64",
        "2026-04-02 11:00:53.200264: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libnvinfer_plugin.so.7'; dlerror: libnvinfer_plugin.so.7: cannot open shared object file: "
        "No such file or directory; LD_LIBRARY_PATH: /usr/local/nvidia/lib:/usr/local/nvidia/lib64",
        "2026-04-02 11:00:53.200276: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Cannot "
        "dlopen some TensorRT libraries. If you would like to use Nvidia GPU with TensorRT, please make sure the "
        "missing libraries mentioned above are installed properly.",
        "Loading DLC 2.3.5...",
        "2026-04-02 11:01:02.118230: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1613] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 14649 MB memory:  -> device: 0, name: Tesla T4, pci bus "
        "id: 0000:00:04.0, compute capability: 7.5",
    ]
    steps = [f"iteration: {i * 1000} loss: {0.0291 - i * 0.0002:.4f} lr: 0.005" for i in range(1, 70)]
    plans = [PodPlan("worker", 0, running(at(50)), log=stamped([*head, *steps], at(53), [0, 0, 1, 8] + [88] * 70))]
    return _kubeflow_case(
        id="healthy-tfjob-tensorrt-libraries-missing-warning",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="deeplabcut/deeplabcut:2.3.5-core-cuda11.7.1-cudnn8-runtime-ubuntu20.04-latest",
        command=["python", "-c", "import deeplabcut; deeplabcut.train_network('/data/config.yaml')"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="TensorFlow warns at import that it cannot dlopen the TensorRT libraries (libnvinfer.so.7): "
        "only TF-TRT needs them. The GPU is created and training iterations follow every minute and a "
        "half.",
        title="DeepLabCut (TensorFlow) training in a container: Could not load dynamic library 'libnvinfer.so.7' "
        "warnings, training on the GPU works",
        source="https://github.com/DeepLabCut/DeepLabCut/issues/2115",
        captured=53 + 9 + 88 * 69 + 60,
    )


@SCENARIOS.add
def healthy_pytorchjob_launch_deprecated_futurewarning() -> CaseSpec:
    at = Clock(datetime(2026, 4, 3, 8, 0, tzinfo=timezone.utc))
    name, ns = "ilm-assl-seg", "seg-research"
    warn = [
        "/home/user/anaconda3/envs/cass/lib/python3.10/site-packages/torch/distributed/launch.py:180: "
        "FutureWarning: The module torch.distributed.launch is deprecated",
        "and will be removed in future. Use torchrun.",
        "Note that --use_env is set by default in torchrun.",
        "If your script expects `--local_rank` argument to be set, please",
        "change it to read from `os.environ['LOCAL_RANK']` instead. See ",
        "https://pytorch.org/docs/stable/distributed.html#launch-utility for ",
        "further instructions",
        "",
        "  warnings.warn(",
    ]
    steps = [
        f"[2026-04-03 {8 + i // 12}:{(i * 5) % 60:02d}:12 INFO] iter {i * 50}/40000 loss {0.921 - i * 0.004:.4f} "
        "lr 0.00100"
        for i in range(1, 40)
    ]
    master = stamped([*warn, *torchrun_start(at(41))[1:], *steps], at(40), [0] * 12 + [300] * 40)
    plans = [PodPlan("master", 0, running(at(38)), log=master)]
    return _kubeflow_case(
        id="healthy-pytorchjob-launch-deprecated-futurewarning",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/seg/ilm-assl:torch2.0",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node=4", "train.py"],
        resources=gpu(4, "256Gi", "32"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="torch.distributed.launch prints its FutureWarning (deprecated, use torchrun) at start-up; the "
        "job then trains, logging every five minutes for three hours.",
        title="Training launched with torch.distributed.launch prints the FutureWarning that the module is "
        "deprecated, then trains",
        source="https://github.com/licongguan/ILM-ASSL/issues/2",
        captured=40 + 300 * 39 + 200,
    )


@SCENARIOS.add
def gpu_oom_pytorchjob_fsdp_full_state_dict_save() -> CaseSpec:
    at = Clock(datetime(2026, 4, 4, 13, 0, tzinfo=timezone.utc))
    name, ns = "vicuna-13b-sft", "chat-ft"
    oom = (
        "CUDA out of memory. Tried to allocate 270.00 MiB (GPU 1; 79.35 GiB total capacity; 76.93 GiB already "
        "allocated; 72.19 MiB free; 77.38 GiB reserved in total by PyTorch) If reserved memory is >> allocated "
        "memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management "
        "and PYTORCH_CUDA_ALLOC_CONF"
    )
    lines = [
        *torchrun_start(at(40)),
        "{'loss': 1.3641, 'learning_rate': 4.815273327803183e-08, 'epoch': 0.97}",
        "{'loss': 1.35, 'learning_rate': 2.7095433213097933e-08, 'epoch': 0.97}",
        "{'loss': 1.3491, 'learning_rate': 1.2045437948275952e-08, 'epoch': 0.98}",
        "{'loss': 1.3324, 'learning_rate': 3.0118130379575005e-09, 'epoch': 0.99}",
        "{'loss': 1.317, 'learning_rate': 0.0, 'epoch': 1.0}",
        "{'train_runtime': 601.9411, 'train_samples_per_second': 7.029, 'train_steps_per_second': 0.219, "
        "'train_loss': 1.4777254832513405, 'epoch': 1.0}",
        "/usr/local/lib/python3.10/site-packages/torch/distributed/fsdp/_state_dict_utils.py:312: UserWarning: "
        "Failed to clone() tensor with name _fsdp_wrapped_module.model.layers.39.mlp.gate_proj.weight on rank 1. "
        "This may mean that this state_dict entry could point to invalid memory regions after returning from "
        "state_dict() call if this parameter is managed by FSDP. Please check clone implementation of "
        "_fsdp_wrapped_module.model.layers.39.mlp.gate_proj.weight. Error: " + oom,
        *rank_traceback(
            1,
            [
                ("/workspace/FastChat/fastchat/train/train_mem.py", 13, "<module>", "train()"),
                (
                    "/workspace/FastChat/fastchat/train/train.py",
                    268,
                    "train",
                    "safe_save_model_for_hf_trainer(trainer=trainer, output_dir=training_args.output_dir)",
                ),
                (
                    "/workspace/FastChat/fastchat/train/train.py",
                    71,
                    "safe_save_model_for_hf_trainer",
                    "cpu_state_dict = {key: value.cpu() for key, value in state_dict.items()}",
                ),
            ],
            "torch.cuda.OutOfMemoryError: " + oom,
        ),
        *torchrun_failed(
            at(680),
            rank=1,
            local_rank=1,
            exitcode=1,
            pid=91,
            host=f"{name}-master-0",
            script="fastchat/train/train_mem.py",
            traceback="Traceback (most recent call last):",
        ),
    ]
    plans = [PodPlan("master", 0, terminated(1, at(35), at(681)), log=text(*lines))]
    return _kubeflow_case(
        id="gpu-oom-pytorchjob-fsdp-full-state-dict-save",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/chat/fastchat-train:torch2.0",
        command=["torchrun", "--nproc_per_node=4", "fastchat/train/train_mem.py", "--fsdp", "full_shard auto_wrap"],
        resources=gpu(4, "640Gi", "64"),
        plans=plans,
        category="gpu-oom",
        culprit=f"{name}-master-0",
        evidence="CUDA out of memory. Tried to allocate 270.00 MiB",
        description="The fine-tuning epoch completes; gathering the FSDP full state dict on the GPUs to save the "
        "model does not fit, and rank 1 runs out of GPU memory after the training itself succeeded.",
        title="Vicuna fine-tuning with FSDP on 4 x A100-80G: training finishes, saving the model runs out of CUDA "
        "memory",
        source="https://github.com/lm-sys/FastChat/issues/256",
        captured=800,
        failed=("Master", 682),
    )


@SCENARIOS.add
def gpu_oom_tfjob_multiworker_without_memory_growth() -> CaseSpec:
    at = Clock(datetime(2026, 4, 5, 2, 0, tzinfo=timezone.utc))
    name, ns = "mwms-resnet", "tf-train"
    fail = [
        f"2026-04-05 02:06:12.{462209 + i * 1923}: I tensorflow/stream_executor/cuda/cuda_driver.cc:764] failed "
        "to allocate 2.2K (2304 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory"
        for i in range(6)
    ]
    worker0 = text(
        "2026-04-05 02:05:58.910283: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:390] Started "
        f"server with target: grpc://{name}-worker-0.{ns}.svc:2222",
        "2026-04-05 02:06:01.331480: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1241] Created TensorFlow "
        "device (/job:worker/replica:0/task:0/device:GPU:0 with 13798 MB memory) -> physical GPU (device: 0, name: "
        "Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5)",
        *fail,
        "2026-04-05 02:06:12.471977: F tensorflow/stream_executor/cuda/cuda_driver.cc:175] Check failed: err == "
        "cudaSuccess || err == cudaErrorInvalidValue Unexpected CUDA error: out of memory",
    )
    worker1 = text(
        "2026-04-05 02:05:59.101220: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:390] Started "
        f"server with target: grpc://{name}-worker-1.{ns}.svc:2222",
        "2026-04-05 02:06:43.883121: E tensorflow/core/common_runtime/ring_reducer.cc:242] Aborting RingReduce with "
        "Unavailable: Socket closed",
    )
    plans = [
        PodPlan("worker", 0, terminated(134, at(50), at(373)), log=worker0),
        PodPlan("worker", 1, terminated(1, at(50), at(404)), log=worker1),
    ]
    return _kubeflow_case(
        id="gpu-oom-tfjob-multiworker-without-memory-growth",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="tensorflow/tensorflow:2.2.0-gpu",
        command=["python", "/app/mwms_resnet.py"],
        resources=gpu(2, "48Gi", "8"),
        plans=plans,
        category="gpu-oom",
        culprit=f"{name}-worker-0",
        evidence="CUDA_ERROR_OUT_OF_MEMORY",
        description="MultiWorkerMirroredStrategy on T4s: without memory growth TensorFlow reserves nearly all of "
        "each GPU up front, so a later small allocation fails (CUDA_ERROR_OUT_OF_MEMORY) and worker 0 "
        "aborts; worker 1's ring-reduce then loses its peer.",
        title="TF MultiWorkerMirroredStrategy on Kubeflow fails with CUDA_ERROR_OUT_OF_MEMORY unless memory growth "
        "is enabled",
        source="https://github.com/tensorflow/tensorflow/issues/39110",
        captured=600,
        failed=("Worker", 405),
    )


@SCENARIOS.add
def oom_killed_pytorchjob_dataloader_worker_killed() -> CaseSpec:
    at = Clock(datetime(2026, 4, 6, 23, 0, tzinfo=timezone.utc))
    name, ns = "flexmatch-c100", "ssl-research"
    lines = (
        [*torchrun_start(at(40))]
        + [
            f"[2026-04-06 23:{10 + i // 6}:{(i * 10) % 60:02d},120 INFO] {i * 50} iteration, USE_EMA: True, "
            f"train/sup_loss: {1.9 - i * 0.01:.4f}, train/unsup_loss: 0.{400 + i}, lr: 0.03"
            for i in range(30)
        ]
        + [
            "Traceback (most recent call last):",
            '  File "flexmatch.py", line 318, in <module>',
            "    main(args)",
            '  File "/workspace/TorchSSL/models/flexmatch/flexmatch.py", line 180, in train',
            "    for (_, x_lb, y_lb), (x_ulb_idx, x_ulb_w, x_ulb_s) in zip(self.loader_dict['train_lb'],",
            '  File "/opt/conda/lib/python3.8/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in '
            "handler",
            "    _error_if_any_worker_fails()",
            "RuntimeError: DataLoader worker (pid 12847) is killed by signal: Killed. ",
            *torchrun_failed(
                at(700),
                rank=0,
                local_rank=0,
                exitcode=1,
                pid=61,
                host=f"{name}-master-0",
                script="flexmatch.py",
                traceback="Traceback (most recent call last):",
            ),
        ]
    )
    plans = [PodPlan("master", 0, terminated(1, at(35), at(701)), log=text(*lines))]
    ctr_node = node("gpu-node-31", at(-90000), product="NVIDIA-A100-SXM4-40GB")
    return _kubeflow_case(
        id="oom-killed-pytorchjob-dataloader-worker-killed",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ssl/torchssl:torch1.9",
        command=[
            "torchrun",
            "--nproc_per_node=2",
            "flexmatch.py",
            "--c",
            "config/flexmatch/flexmatch_cifar100_400_1.yaml",
        ],
        resources={
            "limits": {"nvidia.com/gpu": "2", "memory": "32Gi"},
            "requests": {"nvidia.com/gpu": "2", "memory": "32Gi", "cpu": "8"},
        },
        plans=plans,
        category="oom-killed",
        culprit=f"{name}-master-0",
        evidence="is killed by signal: Killed",
        description="FlexMatch on CIFAR-100 with two GPUs and many DataLoader workers: host memory use grows past "
        "the container's 32 GiB and the kernel's OOM killer picks a DataLoader worker (SIGKILL). The "
        "main process survives long enough to report it; the container exits 1, not OOMKilled.",
        title="TorchSSL FlexMatch training: RuntimeError DataLoader worker is killed by signal: Killed (out of "
        "host memory)",
        source="https://github.com/TorchSSL/TorchSSL/issues/4",
        captured=800,
        failed=("Master", 702),
        extra=[ctr_node],
    )


@SCENARIOS.add
def stalled_mpijob_horovod_broadcast_missing_rank0() -> CaseSpec:
    at = Clock(datetime(2026, 4, 7, 9, 0, tzinfo=timezone.utc))
    name, ns = "hvd-tf-mnist", "hvd-examples"
    ops = [
        "HorovodBroadcast_fully_connected_weights_0",
        "HorovodBroadcast_fully_connected_1_weights_0",
        "HorovodBroadcast_fully_connected_1_biases_RMSProp_0",
        "HorovodBroadcast_conv_layer1_Conv_biases_0",
        "HorovodBroadcast_conv_layer1_Conv_weights_0",
        "HorovodBroadcast_conv_layer2_Conv_biases_RMSProp_0",
    ]
    warn = [
        "WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks "
        "and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks "
        "are trying to submit different tensors or that only subset of ranks is submitting tensors, which will "
        "cause deadlock. ",
        "Stalled ops:",
        *(f"{op} [missing ranks: 0]" for op in ops),
    ]
    head = [
        "INFO:tensorflow:Create CheckpointSaverHook.",
        "INFO:tensorflow:Graph was finalized.",
        "INFO:tensorflow:Running local_init_op.",
        "INFO:tensorflow:Done running local_init_op.",
    ]
    log = stamped([*head, *warn, *warn], at(60), [1, 1, 0] + [64] + [0] * 7 + [60] + [0] * 7)
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="horovod/horovod:0.15.2-tf1.12.0-torch1.0.0-py3.5",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "-np",
            "2",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "-x",
            "NCCL_DEBUG=INFO",
            "python",
            "tensorflow_mnist.py",
        ],
        worker_resources=gpu(1, "32Gi", "8"),
        slots=1,
        plan=MPIPlan(launcher_state=running(at(35)), launcher_log=log),
    )
    return CaseSpec(
        id="stalled-mpijob-horovod-broadcast-missing-rank0",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=launcher,
        evidence="[missing ranks: 0]",
        description="Horovod's TensorFlow MNIST example hangs at the initial variable broadcast: rank 1 submitted "
        "every broadcast and rank 0 none, so the stall inspector lists each op with 'missing ranks: "
        "0' and nothing else is printed for an hour.",
        title="Horovod tensorflow_mnist.py hangs at the start: the stall inspector lists the initial broadcasts "
        "with [missing ranks: 0]",
        source="https://github.com/horovod/horovod/issues/534",
        objects=objects,
        logs=logs,
        captured=at(3900),
    )


@SCENARIOS.add
def shm_exhausted_pytorchjob_megatron_no_space_dev_shm() -> CaseSpec:
    at = Clock(datetime(2026, 4, 8, 15, 0, tzinfo=timezone.utc))
    name, ns = "megatron-bert-pt", "lm-research"
    iters = _megatron_iterations(at(500), 1, 12, 30.0, 10.4)
    tail = [
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/reductions.py", line 568, in '
        "reduce_storage",
        "    fd, size = storage._share_fd_cpu_()",
        "OSError: [Errno 28] No space left on device",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/selectors.py", line 416, in select',
        "    fd_event_list = self._selector.poll(timeout)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 66, in '
        "handler",
        "    _error_if_any_worker_fails()",
        "RuntimeError: DataLoader worker (pid 56811) is killed by signal: Bus error. It is possible that dataloader's "
        "workers are out of shared memory. Please try to raise your shared memory limit.",
        "Exception ignored in atexit callback: <function _MultiProcessingDataLoaderIter._clean_up_worker at "
        "0x7fc7fa34f7f0>",
    ]
    fail = 500 + 12 * 30 + 20
    lines = [
        *torchrun_start(at(40)),
        *iters,
        *tail,
        *torchrun_failed(
            at(fail),
            rank=0,
            local_rank=0,
            exitcode=1,
            pid=56790,
            host=f"{name}-master-0",
            script="pretrain_bert.py",
            traceback="Traceback (most recent call last):",
        ),
    ]
    plans = [PodPlan("master", 0, terminated(1, at(35), at(fail + 1)), log=text(*lines))]
    return _kubeflow_case(
        id="shm-exhausted-pytorchjob-megatron-no-space-dev-shm",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/pytorch:24.05-py3",
        command=["bash", "examples/bert/train_bert_340m_distributed.sh"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="shm-exhausted",
        culprit=f"{name}-master-0",
        evidence="out of shared memory",
        description="Megatron BERT pretraining in a pod whose /dev/shm is the runtime default: sharing a batch "
        "with the DataLoader fails with 'No space left on device' - on /dev/shm, not on a disk - and a "
        "worker dies with SIGBUS.",
        title="Megatron-LM pretraining: OSError [Errno 28] No space left on device and a DataLoader worker killed "
        "by Bus error (shared memory)",
        source="https://github.com/NVIDIA/Megatron-LM/issues/878",
        captured=fail + 100,
        failed=("Master", fail + 2),
    )


# -- more from real threads: memory, crashes, networks ----------------------------------------


@SCENARIOS.add
def oom_killed_pytorchjob_torchrun_child_sigkill() -> CaseSpec:
    at = Clock(datetime(2026, 4, 9, 10, 0, tzinfo=timezone.utc))
    name, ns = "stoke-ddp-bert", "nlp-train"
    steps = [f"step {i * 100} | loss {2.87 - i * 0.01:.4f} | samples/s {211.4 + i % 5:.1f}" for i in range(40)]
    tail = [
        "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 10401 closing signal SIGTERM",
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 10398) of "
        "binary: /anaconda/envs/py37_default/bin/python",
        "Traceback (most recent call last):",
        '  File "/anaconda/envs/py37_default/lib/python3.7/runpy.py", line 193, in _run_module_as_main',
        '    "__main__", mod_spec)',
        '  File "/anaconda/envs/py37_default/lib/python3.7/site-packages/torch/distributed/launch.py", line 193, in '
        "<module>",
        "    main()",
        '  File "/anaconda/envs/py37_default/lib/python3.7/site-packages/torch/distributed/launcher/api.py", line 261,'
        " in launch_agent",
        "    failures=result.failures,",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "train.py FAILED",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2026-04-09_10:41:02",
        f"  host      : {name}-master-0",
        "  rank      : 0 (local_rank: 0)",
        "  exitcode  : -9 (pid: 10398)",
        "  error_file: <N/A>",
        "  traceback : Signal 9 (SIGKILL) received by PID 10398",
        "============================================================",
    ]
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(30), at(2463), reason="OOMKilled"),
            log=stamped([*steps, *tail], at(40), [60] * 39 + [2] + [0] * 30),
        )
    ]
    return _kubeflow_case(
        id="oom-killed-pytorchjob-torchrun-child-sigkill",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/nlp/stoke-ddp:torch1.10",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node=2", "train.py"],
        resources={
            "limits": {"nvidia.com/gpu": "2", "memory": "56Gi"},
            "requests": {"nvidia.com/gpu": "2", "memory": "56Gi", "cpu": "12"},
        },
        plans=plans,
        category="oom-killed",
        culprit=f"{name}-master-0",
        evidence="OOMKilled",
        description="Forty minutes into DDP training the container reaches its memory limit; the kernel kills the "
        "largest process, rank 0's Python (SIGKILL), torchrun tears the other rank down and exits 1. The "
        "container is reported OOMKilled although its main process exited on its own.",
        title="DDP training terminated mid-run: torchrun reports Signal 9 (SIGKILL) received by PID for rank 0 "
        "(out of memory)",
        source="https://github.com/fidelity/stoke/issues/31",
        captured=2600,
        failed=("Master", 2464),
    )


@SCENARIOS.add
def gpu_oom_jaxjob_tf_and_jax_both_preallocate() -> CaseSpec:
    at = Clock(datetime(2026, 4, 10, 10, 0, tzinfo=timezone.utc))
    name, ns = "l2p-cifar100", "continual-learning"
    lines = [
        "2026-04-10 10:00:26.833817: W external/org_tensorflow/tensorflow/core/common_runtime/bfc_allocator.cc:479] "
        "Allocator (GPU_0_bfc) ran out of memory trying to allocate 9.00MiB (rounded to 9437184)requested by op ",
        "2026-04-10 10:00:26.835182: W external/org_tensorflow/tensorflow/core/common_runtime/bfc_allocator.cc:491] "
        "*********************************************************************************x**************x***",
        "2026-04-10 10:00:26.835281: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_"
        "client.cc:2130] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
        "9437184 bytes.",
        "BufferAssignment OOM Debugging.",
        "Traceback (most recent call last):",
        '  File "/workspace/l2p/main.py", line 61, in <module>',
        "    app.run(main)",
        '  File "/workspace/l2p/train_continual.py", line 640, in train_and_evaluate',
        "    state, train_metrics = p_train_step(state, batch, rng=rng)",
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 9437184 "
        "bytes.",
    ]
    plans = [PodPlan("worker", 0, terminated(1, at(30), at(210)), log=text(*lines))]
    return _kubeflow_case(
        id="gpu-oom-jaxjob-tf-and-jax-both-preallocate",
        kind="JAXJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/cl/l2p:jax0.3.15",
        command=["python", "main.py", "--my_config", "configs/cifar100_l2p.py"],
        resources=gpu(4, "240Gi", "32"),
        plans=plans,
        category="gpu-oom",
        culprit=f"{name}-worker-0",
        evidence="RESOURCE_EXHAUSTED: Out of memory while trying to allocate",
        description="On four V100s the first training step cannot allocate 9 MiB: TensorFlow (used for the input "
        "pipeline) and JAX each reserve most of the GPU memory up front. The thread's fix was "
        "XLA_PYTHON_CLIENT_PREALLOCATE=false.",
        title="L2P (JAX) on 4 V100: RESOURCE_EXHAUSTED Out of memory while trying to allocate 9437184 bytes at the "
        "first step",
        source="https://github.com/google-research/l2p/issues/20",
        captured=400,
        failed=("Worker", 211),
    )


@SCENARIOS.add
def rendezvous_error_pytorchjob_c10d_store_connection_reset() -> CaseSpec:
    at = Clock(datetime(2026, 4, 11, 15, 0, tzinfo=timezone.utc))
    name, ns = "echo-c10d", "dist-debug"
    cfg = [
        glog(
            "I",
            at(62),
            139633870123008,
            "torch/distributed/launcher/api.py:188",
            "Starting elastic_operator with launch configs:",
        ),
        glog("I", at(62), 139633870123008, "torch/distributed/launcher/api.py:188", "  entrypoint       : echo.py"),
        glog("I", at(62), 139633870123008, "torch/distributed/launcher/api.py:188", "  min_nodes        : 2"),
        glog("I", at(62), 139633870123008, "torch/distributed/launcher/api.py:188", "  max_nodes        : 2"),
        glog("I", at(62), 139633870123008, "torch/distributed/launcher/api.py:188", "  rdzv_backend     : c10d"),
        glog(
            "I",
            at(62),
            139633870123008,
            "torch/distributed/launcher/api.py:188",
            f"  rdzv_endpoint    : {name}-master-0:29400",
        ),
    ]
    err = [
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/'
        'c10d_rendezvous_backend.py", line 156, in _create_tcp_store',
        "    store = TCPStore(",
        "torch.distributed.DistNetworkError: Connection reset by peer",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has "
        "failed. See inner exception for details.",
    ]
    plans = [
        PodPlan("master", 0, running(at(58)), log=stamped(cfg, at(62), 0)),
        PodPlan("worker", 0, terminated(1, at(60), at(64)), log=text(*cfg, *err)),
    ]
    return _kubeflow_case(
        id="rendezvous-error-pytorchjob-c10d-store-connection-reset",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/debug/torch-echo:2.3",
        command=["python3", "-m", "torch.distributed.run", "--rdzv_backend=c10d", "--nnodes=2", "echo.py"],
        resources=cpu_only("4Gi", "2"),
        plans=plans,
        category="rendezvous-error",
        culprit=f"{name}-worker-0",
        evidence="The connection to the C10d store has failed",
        description="The second node reaches the c10d rendezvous store on the first, which accepts the connection "
        "and drops it at once: the worker's agent fails with RendezvousConnectionError (Connection "
        "reset by peer) while the master keeps waiting for a second node.",
        title="torchrun c10d rendezvous: worker gets RendezvousConnectionError / DistNetworkError Connection reset by "
        "peer",
        source="https://github.com/pytorch/pytorch/issues/128970",
        captured=400,
        restart_policy="Never",
    )


@SCENARIOS.add
def crash_signal_pytorchjob_segfault_then_peers_remote_error() -> CaseSpec:
    at = Clock(datetime(2026, 4, 12, 4, 0, tzinfo=timezone.utc))
    name, ns = "p4d-ddp-gpt", "lm-research"
    crash = 5100
    steps = [f"iter {i * 50}: loss {3.55 - i * 0.006:.4f}" for i in range(60)]
    peer = [
        f"{name}-worker-0:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from 10.244.84.247<58355> "
        "failed : Broken pipe",
        f"{name}-worker-0:183006:183220 [1] NCCL INFO misc/socket.cc:535 -> 6",
        f"{name}-worker-0:183006:183220 [1] NCCL INFO transport/net_socket.cc:368 -> 6",
        f"{name}-worker-0:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute operation "
        "Connect from rank 9, retcode 6",
        f"{name}-worker-0:183006:183181 [1] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer "
        f"{name}-master-0<47861>",
        "RuntimeError: NCCL communicator was aborted on rank 9.  Original reason for failure was: NCCL error: "
        "internal error, NCCL version 2.14.3",
        "ncclInternalError: Internal check failed. This is either a bug in NCCL or due to memory corruption",
    ]
    culprit = text(
        *torchrun_start(at(40)),
        *steps,
        "Fatal Python error: Segmentation fault",
        "",
        "Thread 0x00007f3a5effd700 (most recent call first):",
        '  File "/opt/conda/lib/python3.9/site-packages/torch/utils/data/_utils/pin_memory.py", line 28 in '
        "_pin_memory_loop",
        *torchrun_failed(at(crash), rank=2, local_rank=2, exitcode=-11, pid=182990, host=f"{name}-master-0"),
    )
    plans = [
        PodPlan("master", 0, terminated(1, at(35), at(crash + 1)), log=culprit),
        PodPlan(
            "worker",
            0,
            terminated(1, at(35), at(crash + 9)),
            log=text(
                *torchrun_start(at(40)),
                *peer,
                *torchrun_failed(
                    at(crash + 8),
                    rank=9,
                    local_rank=1,
                    exitcode=1,
                    pid=183006,
                    host=f"{name}-worker-0",
                    traceback="Traceback (most recent call last):",
                ),
            ),
        ),
    ]
    return _kubeflow_case(
        id="crash-signal-pytorchjob-segfault-then-peers-remote-error",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/lm/gpt-ddp:torch1.13",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "1000Gi", "96"),
        plans=plans,
        category="crash-signal",
        culprit=f"{name}-master-0",
        evidence="Segmentation fault",
        description="Two p4d nodes: a process on the master segfaults and torchrun reports SIGSEGV; eight seconds "
        "later the worker's NCCL proxy loses its peer (Broken pipe, connection closed by remote peer) "
        "and its communicator aborts with an internal error. The NCCL errors are the cascade.",
        title="Two-node DDP on AWS: a rank segfaults, and the other node's NCCL surfaces ncclRemoteError as "
        "ncclInternalError",
        source="https://github.com/NVIDIA/nccl/issues/795",
        captured=crash + 200,
        failed=("Master", crash + 2),
    )


@SCENARIOS.add
def nan_loss_tfjob_deeplab_nan_in_summary_histogram() -> CaseSpec:
    at = Clock(datetime(2026, 4, 13, 6, 0, tzinfo=timezone.utc))
    name, ns = "deeplab-mbv1", "seg-tf"
    lines = [
        f"INFO:tensorflow:global step {s}: loss = {1.21 - s / 40000:.4f} (0.412 sec/step)" for s in range(10, 1400, 30)
    ] + [
        "INFO:tensorflow:Error reported to Coordinator: Nan in summary histogram for: "
        "image_pooling/BatchNorm/moving_variance_1",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/training/coordinator.py", line 297, in '
        "stop_on_exception",
        "    yield",
        '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/training/supervisor.py", line 1035, in '
        "run_loop",
        "    self._sv.global_step])",
        '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/client/session.py", line 1335, in _do_call',
        "    raise type(e)(node_def, op, message)",
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Nan in summary histogram for: "
        "image_pooling/BatchNorm/moving_variance_1",
    ]
    plans = [
        PodPlan("chief", 0, terminated(1, at(30), at(640)), log=text(*lines)),
        PodPlan(
            "worker",
            0,
            terminated(1, at(30), at(645)),
            log=text(
                *(
                    f"INFO:tensorflow:global step {s}: loss = {1.2 - s / 40000:.4f} (0.418 sec/step)"
                    for s in range(20, 1400, 30)
                ),
                "INFO:tensorflow:Error reported to Coordinator: <class 'tensorflow.python.framework."
                "errors_impl.AbortedError'>, Graph execution error: Step was cancelled by an explicit "
                "call to `Session::Close()`.",
            ),
        ),
        PodPlan(
            "ps",
            0,
            running(at(30)),
            log=text(
                "I tensorflow/core/distributed_runtime/rpc/grpc_server_lib."
                "cc:332] Started server with target: grpc://localhost:2222"
            ),
        ),
    ]
    return _kubeflow_case(
        id="nan-loss-tfjob-deeplab-nan-in-summary-histogram",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/seg/deeplab-tf:1.8",
        command=["python", "deeplab/train.py", "--model_variant=mobilenet_v2"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="nan-loss",
        culprit=f"{name}-chief-0",
        evidence="Nan in summary histogram for",
        description="DeepLab training diverges: a batch-norm moving variance becomes NaN and the histogram summary "
        "refuses it with InvalidArgumentError - the exception's type is generic, the 'Nan in summary "
        "histogram' message is the divergence.",
        title="DeepLab training: InvalidArgumentError Nan in summary histogram for image_pooling/BatchNorm/"
        "moving_variance",
        source="https://github.com/tensorflow/models/issues/3716",
        captured=800,
        failed=("Chief", 641),
    )


@SCENARIOS.add
def network_error_pytorchjob_wandb_init_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 4, 14, 12, 0, tzinfo=timezone.utc))
    name, ns = "lit-segformer", "vision-ft"
    lines = [
        "wandb: Currently logged in as: ml-team. Use `wandb login --relogin` to force relogin",
        "wandb: Network error (ReadTimeout), entering retry loop.",
        "Problem at: /root/miniconda3/lib/python3.8/site-packages/pytorch_lightning/loggers/wandb.py 357 experiment",
        "wandb: ERROR Run initialization has timed out after 90.0 sec. ",
        "wandb: ERROR Please refer to the documentation for additional information: "
        "https://docs.wandb.ai/guides/track/tracking-faq#initstarterror-error-communicating-with-wandb-process-",
        "Traceback (most recent call last):",
        '  File "run.py", line 483, in <module>',
        "    typer.run(main)",
        '  File "/root/miniconda3/lib/python3.8/site-packages/wandb/sdk/wandb_init.py", line 1144, in init',
        "    run = wi.init()",
        "wandb.errors.CommError: Run initialization has timed out after 90.0 sec. ",
    ]
    plans = [
        PodPlan("master", 0, terminated(1, at(30), at(137)), log=stamped(lines, at(40), [1, 0, 90, 0, 0] + [0] * 10))
    ]
    return _kubeflow_case(
        id="network-error-pytorchjob-wandb-init-timeout",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/lit-seg:2.1",
        command=["python", "run.py"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="network-error",
        culprit=f"{name}-master-0",
        evidence="Run initialization has timed out",
        description="The Lightning WandbLogger cannot reach the Weights & Biases service from the pod: the client "
        "retries, gives up after 90 s and the training script dies before the first step.",
        title="Lightning training with WandbLogger: wandb Network error (ReadTimeout), run initialization timed out "
        "after 90 s",
        source="https://github.com/wandb/wandb/issues/7086",
        captured=300,
        failed=("Master", 138),
    )


@SCENARIOS.add
def healthy_mpijob_benchmark_sshd_workers_quiet() -> CaseSpec:
    at = Clock(datetime(2026, 4, 15, 7, 0, tzinfo=timezone.utc))
    name, ns = "tensorflow-benchmarks", "default"
    head = [
        "TensorFlow:  1.14",
        "Model:       resnet101",
        "Dataset:    imagenet (synthetic)",
        "Mode:       training",
        "SingleSess:  False",
        "Batch size:  128 global",
        "             64 per device",
        "Num batches: 50000",
        "Num epochs:  5.00",
        "Devices:     ['horovod/gpu:0', 'horovod/gpu:1']",
        "NUMA bind:   False",
        "Data format: NCHW",
        "Optimizer:   sgd",
        "Variables:   horovod",
        "==========",
        "Generating training model",
        "Running warm up",
        "Done warm up",
        "Step\tImg/sec\ttotal_loss",
    ]
    steps = [
        f"{i * 10}\timages/sec: {131.2 + (i % 7) * 0.4:.1f} +/- 0.{i % 9} (jitter = {1.1 + (i % 4) * 0.2:.1f})\t"
        f"{8.51 - i * 0.002:.3f}"
        for i in range(1, 121)
    ]
    launcher = stamped([*head, *steps], at(45), [0] * 16 + [40, 35, 0] + [48] * 120)
    sshd = stamped(["Server listening on 0.0.0.0 port 22.", "Server listening on :: port 22."], at(21), 0)
    objects, logs, launcher_pod = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="mpioperator/tensorflow-benchmarks:latest",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "--allow-run-as-root",
            "-np",
            "2",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "-x",
            "NCCL_DEBUG=INFO",
            "-x",
            "LD_LIBRARY_PATH",
            "-x",
            "PATH",
            "-mca",
            "pml",
            "ob1",
            "-mca",
            "btl",
            "^openib",
            "python",
            "scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py",
            "--model=resnet101",
            "--batch_size=64",
            "--variable_update=horovod",
        ],
        worker_resources=gpu(1, "32Gi", "8"),
        slots=1,
        plan=MPIPlan(launcher_state=running(at(40)), launcher_log=launcher, worker_logs={0: sshd, 1: sshd}),
    )
    return CaseSpec(
        id="healthy-mpijob-benchmark-sshd-workers-quiet",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The mpi-operator tensorflow-benchmarks example: the launcher prints a throughput line every "
        "48 s for an hour and a half; the two workers only run sshd and said nothing since 'Server "
        "listening on port 22' at start-up. Their silence is by design.",
        title="mpi-operator tensorflow-benchmarks MPIJob (resnet101, Horovod): launcher reports images/sec, sshd "
        "workers silent",
        source="https://github.com/kubeflow/mpi-operator/pull/670",
        objects=objects,
        logs=logs,
        captured=at(45 + 75 + 48 * 120 + 60),
    )


@SCENARIOS.add
def missing_file_tfjob_object_detection_fine_tune_checkpoint() -> CaseSpec:
    at = Clock(datetime(2026, 4, 16, 19, 0, tzinfo=timezone.utc))
    name, ns = "bird-detector", "wildlife-cv"
    tb = [
        "Traceback (most recent call last):",
        '  File "/usr/lib/python2.7/runpy.py", line 162, in _run_module_as_main',
        '    "__main__", fname, loader, pkg_name)',
        '  File "/root/.local/lib/python2.7/site-packages/object_detection/train.py", line 198, in <module>',
        "    tf.app.run()",
        '  File "/root/.local/lib/python2.7/site-packages/object_detection/train.py", line 194, in main',
        "    worker_job_name, is_chief, FLAGS.train_dir)",
        '  File "/root/.local/lib/python2.7/site-packages/object_detection/trainer.py", line 218, in train',
        "    var_map, train_config.fine_tune_checkpoint))",
        '  File "/root/.local/lib/python2.7/site-packages/object_detection/utils/variables_helper.py", line 122, in '
        "get_variables_available_in_checkpoint",
        "    ckpt_reader = tf.train.NewCheckpointReader(checkpoint_path)",
        '  File "/usr/local/lib/python2.7/dist-packages/tensorflow/python/pywrap_tensorflow.py", line 110, in '
        "NewCheckpointReader",
        "    return CheckpointReader(compat.as_bytes(filepattern), status)",
        "tensorflow.python.framework.errors_impl.NotFoundError: Unsuccessful TensorSliceReader constructor: Failed "
        "to find any matching files for bird-classifier.tfl.ckpt-50912",
    ]
    plans = [
        PodPlan("master", 0, terminated(1, at(30), at(95)), log=text(*tb)),
        PodPlan("worker", 0, terminated(1, at(30), at(96)), log=text(*tb)),
        PodPlan(
            "ps",
            0,
            running(at(30)),
            log=text(
                "I tensorflow/core/distributed_runtime/rpc/grpc_server_lib."
                "cc:221] Started server with target: grpc://localhost:2222"
            ),
        ),
    ]
    return _kubeflow_case(
        id="missing-file-tfjob-object-detection-fine-tune-checkpoint",
        kind="TFJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/cv/tf-object-detection:1.4",
        command=["python", "-m", "object_detection.train", "--train_dir=/train"],
        resources=gpu(1, "32Gi", "8"),
        plans=plans,
        category="missing-file",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="Failed to find any matching files for bird-classifier.tfl.ckpt-50912",
        description="The Object Detection API's fine_tune_checkpoint names a checkpoint prefix that does not exist "
        "in the container; the master and the worker fail at once on NotFoundError while the "
        "parameter server keeps serving.",
        title="TF Object Detection distributed train: NotFoundError Unsuccessful TensorSliceReader constructor, no "
        "files match the fine_tune_checkpoint",
        source="https://github.com/tensorflow/tensorflow/issues/7547",
        captured=300,
        failed=("Master", 97),
    )


@SCENARIOS.add
def nccl_error_pytorchjob_watchdog_at_end_of_first_epoch() -> CaseSpec:
    at = Clock(datetime(2026, 4, 17, 9, 0, tzinfo=timezone.utc))
    name, ns = "mlpf-clic", "hep-ml"
    epoch = [f"epoch 1 batch {b}/8000 loss {5.41 - b / 4000:.4f}" for b in range(0, 8000, 400)]
    fail = 7300

    def log(rank: int, host: str) -> str:
        return text(
            *torchrun_start(at(40)),
            *(epoch if rank == 0 else []),
            *watchdog(rank, at(fail), 2070),
            *torchrun_failed(
                at(fail + 2),
                rank=rank,
                local_rank=rank % 4,
                exitcode=-6,
                pid=300 + rank,
                host=host,
                script="mlpf/pipeline.py",
            ),
        )

    plans = [
        PodPlan("master", 0, terminated(1, at(35), at(fail + 4)), log=log(0, f"{name}-master-0")),
        PodPlan("worker", 0, terminated(1, at(35), at(fail + 3)), log=log(4, f"{name}-worker-0")),
    ]
    return _kubeflow_case(
        id="nccl-error-pytorchjob-watchdog-at-end-of-first-epoch",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/hep/mlpf:torch2.4",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=4", "mlpf/pipeline.py", "--train"],
        resources=gpu(4, "256Gi", "32"),
        plans=plans,
        category="nccl-error",
        culprit=[f"{name}-worker-0", f"{name}-master-0"],
        evidence="Watchdog caught collective operation timeout",
        description="With more than one GPU the job dies at the end of its first epoch: every rank's NCCL watchdog "
        "times out on the same collective, ten minutes after it started, and none failed for another "
        "reason first.",
        title="MLPF training: NCCL watchdog timeout at the end of the first epoch when using more than one GPU",
        source="https://github.com/jpata/particleflow/issues/390",
        captured=fail + 200,
        failed=("Master", fail + 5),
    )


@SCENARIOS.add
def healthy_job_accelerate_tf_startup_noise() -> CaseSpec:
    at = Clock(datetime(2026, 4, 18, 18, 0, tzinfo=timezone.utc))
    name, ns = "lora-sd15-train", "genai-art"
    noise = [
        "2026-04-18 18:24:41.725024: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is "
        "optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following CPU instructions in "
        "performance-critical operations:  AVX2 FMA",
        "To enable them in other operations, rebuild TensorFlow with the appropriate compiler flags.",
        "2026-04-18 18:24:41.818890: E tensorflow/stream_executor/cuda/cuda_blas.cc:2981] Unable to register cuBLAS "
        "factory: Attempting to register factory for plugin cuBLAS when one has already been registered",
        "2026-04-18 18:24:42.166097: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: No such file "
        "or directory",
        "2026-04-18 18:24:42.166138: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libnvinfer_plugin.so.7'; dlerror: libnvinfer_plugin.so.7: cannot open shared object file: "
        "No such file or directory",
        "2026-04-18 18:24:42.166144: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Cannot "
        "dlopen some TensorRT libraries. If you would like to use Nvidia GPU with TensorRT, please make sure the "
        "missing libraries mentioned above are installed properly.",
        "prepare optimizer, data loader etc.",
        "running training / 学習開始",
        "  num train images * repeats: 1200",
        "  num epochs: 15",
    ]
    steps = [
        f"steps:  {i}%| | {i * 227}/22680 [{i * 3}:{(i * 7) % 60:02d}<, 1.25it/s, loss={0.141 - i * 0.0004:.3f}]"
        for i in range(1, 60)
    ]
    job, p, pod_name = _running_job(
        name, ns, at, "registry.corp.example/genai/lora-scripts:0.6", ["accelerate", "launch", "main.py"]
    )
    return CaseSpec(
        id="healthy-job-accelerate-tf-startup-noise",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="A LoRA training script started with accelerate imports TensorFlow on the way: oneDNN info, an "
        "E-level 'Unable to register cuBLAS factory' line and TensorRT dlopen warnings, all harmless. "
        "Training steps follow every three minutes.",
        title="LoRA training via accelerate launch: TensorFlow start-up noise (Unable to register cuBLAS factory, "
        "libnvinfer.so.7) - does it still use the GPU? It does",
        source="https://github.com/derrian-distro/LoRA_Easy_Training_Scripts/issues/50",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped([*noise, *steps], at(22), [0] * 10 + [181] * 60)},
        captured=at(22 + 181 * 59 + 90),
    )


@SCENARIOS.add
def gpu_oom_mpijob_xla_cublas_handle_out_of_memory() -> CaseSpec:
    at = Clock(datetime(2026, 4, 19, 20, 0, tzinfo=timezone.utc))
    name, ns = "ptxla-gpu-bert", "xla-gpu"
    log = text(
        "[1,1]<stderr>:2026-04-19 20:59:07.607617: E tensorflow/stream_executor/cuda/cuda_blas.cc:226] failed to "
        "create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED",
        "[1,0]<stderr>:2026-04-19 20:59:07.624820: E tensorflow/stream_executor/cuda/cuda_dnn.cc:374] Could not "
        "create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
        "[1,2]<stderr>:2026-04-19 20:59:07.627340: W tensorflow/core/common_runtime/bfc_allocator.cc:272] Allocator "
        "(GPU_0_bfc) ran out of memory trying to allocate 16.00MiB with freed_by_count=0. The caller indicates that "
        "this is not a failure, but may mean that there could be performance gains if more memory were available.",
        "[1,2]<stderr>:2026-04-19 20:59:07.627384: W tensorflow/compiler/xla/service/gpu/gpu_conv_algorithm_picker."
        "cc:729] Failed to determine best cudnn convolution algorithm: Resource exhausted: Out of memory while trying "
        "to allocate 16777716 bytes.",
        "[1,2]<stderr>:",
        "[1,2]<stderr>:Convolution performance may be suboptimal.",
        "[1,0]<stderr>:RuntimeError: Resource exhausted: Out of memory while trying to allocate 16777716 bytes.",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/xla/torch-xla-gpu:r1.9",
        workers=2,
        launcher_cmd=["mpirun", "-np", "8", "--tag-output", "python", "train_bert.py"],
        worker_resources=gpu(4, "240Gi", "32"),
        slots=4,
        plan=MPIPlan(launcher_state=terminated(1, at(36), at(310)), launcher_log=log),
    )
    return CaseSpec(
        id="gpu-oom-mpijob-xla-cublas-handle-out-of-memory",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=launcher,
        evidence="Out of memory while trying to allocate",
        description="PyTorch/XLA on GPUs across two nodes under mpirun: every process's XLA client grabs the "
        "GPU's memory, so ranks that share a GPU cannot even create cuBLAS/cuDNN handles and the "
        "first allocations fail with 'Resource exhausted: Out of memory'.",
        title="PyTorch/XLA multi-node multi-GPU training: CUBLAS_STATUS_NOT_INITIALIZED, then Resource exhausted: "
        "Out of memory while trying to allocate",
        source="https://github.com/pytorch/xla/issues/3162",
        objects=objects,
        logs=logs,
        captured=at(500),
    )


@SCENARIOS.add
def nccl_error_mpijob_nccl_tests_ibv_modify_qp_unreachable() -> CaseSpec:
    at = Clock(datetime(2026, 4, 20, 3, 0, tzinfo=timezone.utc))
    name, ns = "nccl-allreduce-h100", "infra-bench"
    w0, w1 = f"{name}-worker-0", f"{name}-worker-1"
    log = text(
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
        "validation: 1 graph: 0",
        f"{w1}:2152176:2152299 [0] NCCL INFO Tree 0 : 0 -> 1 -> -1/-1/-1",
        f"{w1}:2152176:2152299 [0] NCCL INFO Ring 00 : 0 -> 1 -> 0",
        f"{w1}:2152176:2152299 [0] NCCL INFO P2P Chunksize set to 131072",
        f"{w0}:460770:460842 [0] NCCL INFO Channel 00/04 :    0   1",
        f"{w0}:460770:460842 [0] NCCL INFO Channel 01/04 :    0   1",
        f"{w1}:2152176:2152301 [0] misc/ibvwrap.cc:187 NCCL WARN Call to ibv_modify_qp failed with error Network is "
        "unreachable",
        f"{w1}:2152176:2152301 [0] NCCL INFO transport/net_ib.cc:976 -> 2",
        f"{w1}:2152176:2152301 [0] NCCL INFO transport/net.cc:834 -> 2",
        f"{w1}: Test NCCL failure all_reduce.cu:44 'unhandled system error (run with NCCL_DEBUG=INFO for details) / '",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/infra/nccl-tests:2.18-cuda12.2",
        workers=2,
        launcher_cmd=[
            "mpirun",
            "-np",
            "2",
            "-x",
            "NCCL_DEBUG=INFO",
            "-x",
            "NCCL_IB_GID_INDEX=3",
            "/opt/nccl-tests/build/all_reduce_perf",
            "-b",
            "8",
            "-e",
            "8G",
            "-f",
            "2",
            "-g",
            "1",
        ],
        worker_resources={
            "limits": {"nvidia.com/gpu": "1", "rdma/ib": "1"},
            "requests": {"nvidia.com/gpu": "1", "rdma/ib": "1", "cpu": "8", "memory": "64Gi"},
        },
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(36), at(75)), launcher_log=log),
    )
    return CaseSpec(
        id="nccl-error-mpijob-nccl-tests-ibv-modify-qp-unreachable",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=launcher,
        evidence="Call to ibv_modify_qp failed with error Network is unreachable",
        description="nccl-tests all_reduce_perf between two H100 nodes over RoCE: moving the queue pair to ready "
        "fails with 'Network is unreachable' (the GID index picks an address the fabric cannot route), "
        "so NCCL's connect fails and the test aborts.",
        title="nccl-tests between two DGX H100: NCCL WARN Call to ibv_modify_qp failed with error Network is "
        "unreachable",
        source="https://github.com/NVIDIA/nccl-tests/issues/185",
        objects=objects,
        logs=logs,
        captured=at(300),
    )


@SCENARIOS.add
def nccl_error_job_ib_completion_error_12() -> CaseSpec:
    at = Clock(datetime(2026, 4, 21, 14, 0, tzinfo=timezone.utc))
    line = (
        "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous "
        "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. [E "
        "ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down. terminate "
        "called after throwing an instance of 'std::runtime_error' what(): NCCL error: remote process exited or "
        "there was a network error, NCCL version 2.14.3 ncclRemoteError: A call failed possibly due to a network "
        "error or a remote process exiting prematurely. Last error: NET/IB : Got completion from peer "
        "11.214.147.122<39138> with error 12, opcode 0, len 0, vendor err 129"
    )
    steps = [
        f"{{'loss': {1.41 - i * 0.01:.4f}, 'learning_rate': 2e-05, 'epoch': {i * 0.02:.2f}}}" for i in range(1, 30)
    ]
    lines = [
        *torchrun_start(at(40)),
        *steps,
        line,
        *torchrun_failed(at(2950), rank=3, local_rank=3, exitcode=-6, pid=4417, host="alpaca-ft-0", script="train.py"),
    ]
    return _job_case(
        id="nccl-error-job-ib-completion-error-12",
        name="alpaca-ft",
        ns="instruct-ft",
        at=at,
        image="registry.corp.example/ft/alpaca:torch2.0",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "900Gi", "96"),
        exit_code=1,
        ran=(38, 2951),
        log=stamped(lines, at(40), 100),
        category="nccl-error",
        evidence="Got completion from peer",
        description="Stanford Alpaca fine-tuning across nodes over InfiniBand: after 45 minutes a work request "
        "completes with error 12 (transport retry exceeded) and NCCL takes the process down with "
        "ncclRemoteError. A fabric problem between the nodes, not the training code.",
        title="Alpaca fine-tuning: ncclRemoteError, NET/IB Got completion from peer with error 12, vendor err 129",
        source="https://github.com/tatsu-lab/stanford_alpaca/issues/207",
        captured=3100,
    )


@SCENARIOS.add
def unknown_pytorchjob_worker_exit_1_no_output() -> CaseSpec:
    at = Clock(datetime(2026, 4, 22, 9, 30, tzinfo=timezone.utc))
    name, ns = "pytorch-simple", "kubeflow"
    plans = [
        PodPlan("master", 0, running(at(20)), restarts=0, log=text("Using distributed PyTorch with gloo backend")),
        PodPlan("worker", 0, terminated(1, at(20), at(56)), log=""),
    ]
    events = [
        event(
            {
                "apiVersion": "kubeflow.org/v1",
                "kind": "PyTorchJob",
                "metadata": {"name": name, "namespace": ns, "uid": uid(ns, "PyTorchJob", name)},
            },
            "ExitedWithCode",
            f"Pod: {ns}.{name}-worker-0 exited with code 1",
            at(57),
            type_="Normal",
            component="pytorchjob-controller",
        )
    ]
    return _kubeflow_case(
        id="unknown-pytorchjob-worker-exit-1-no-output",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="docker.io/kubeflowkatib/pytorch-mnist:v1beta1-45c5727",
        command=["python3", "/opt/pytorch-mnist/mnist.py", "--epochs=1"],
        resources=cpu_only("2Gi", "1"),
        plans=plans,
        category="unknown",
        culprit=f"{name}-worker-0",
        evidence="exit code 1",
        events=events,
        captured=300,
        failed=("Worker", 58),
        description="The PyTorchJob example's worker exits with code 1 thirty seconds after start without "
        "printing anything; the operator only records 'exited with code 1'. Nothing read names a "
        "cause.",
        title="Kubeflow pytorch-simple example: worker-0 exits with code 1 and no output; only the operator's "
        "ExitedWithCode event remains",
        source="https://github.com/kubeflow/trainer/issues/2008",
    )


@SCENARIOS.add
def stalled_mpijob_horovod_ranks_submit_different_tensors() -> CaseSpec:
    at = Clock(datetime(2026, 4, 23, 1, 0, tzinfo=timezone.utc))
    name, ns = "hvd-seq2seq", "speech-tf"
    stall = (
        "[1,0]<stderr>:WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by "
        "subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that "
        "different ranks are trying to submit different tensors or that only subset of ranks is submitting "
        "tensors, which will cause deadlock. Stalled ops: HorovodAllreduce_loss_Mean_0 [ready ranks: 3], "
        "DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_map_getter_Conv_Conv2D_grad_tuple_"
        "control_dependency_1_0 [ready ranks: 2, 0, 1], DistributedMomentumOptimizer_Allreduce/HorovodAllreduce"
        "_gradients_map_getter_Conv_BiasAdd_grad_tuple_control_dependency_1_0 [ready ranks: 2, 0, 1]"
    )
    steps = [
        f"[1,0]<stdout>:step {i * 20} loss {3.12 - i * 0.004:.4f} ({4.1 + i % 3 * 0.1:.1f} steps/s)" for i in range(90)
    ]
    log = stamped([*steps, stall, stall], at(60), [20] * 89 + [75, 60])
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/speech/horovod-tf:0.13-tf1.8",
        workers=1,
        launcher_cmd=["mpirun", "-np", "4", "--tag-output", "python", "train_seq2seq.py"],
        worker_resources=gpu(4, "192Gi", "32"),
        slots=4,
        plan=MPIPlan(launcher_state=running(at(35)), launcher_log=log),
    )
    return CaseSpec(
        id="stalled-mpijob-horovod-ranks-submit-different-tensors",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=launcher,
        evidence="[ready ranks: 3]",
        description="Inputs of varying shape send rank 3 down a different branch: it submits the loss allreduce "
        "while ranks 0-2 submit gradient allreduces, so each side waits for the other forever. The "
        "stall inspector says so twice, then the job is silent for an hour while every pod runs.",
        title="Horovod training with inconsistent input shapes deadlocks: stall inspector shows rank 3 ready for a "
        "different tensor than ranks 0-2",
        source="https://github.com/horovod/horovod/issues/336",
        objects=objects,
        logs=logs,
        captured=at(60 + 20 * 89 + 135 + 3600),
    )


@SCENARIOS.add
def application_error_pytorchjob_megatron_cached_dataset_bug() -> CaseSpec:
    at = Clock(datetime(2026, 4, 24, 16, 0, tzinfo=timezone.utc))
    name, ns = "bert-large-cached", "lm-research"
    tb = [
        " > building dataset index ...",
        "    reading sizes...",
        "    reading pointers...",
        " > finished creating indexed dataset in 0.184263 seconds",
        "Traceback (most recent call last):",
        '  File "/workspace/Megatron-LM/pretrain_bert.py", line 141, in <module>',
        "    pretrain(train_valid_test_datasets_provider, model_provider,",
        '  File "/workspace/Megatron-LM/megatron/data/dataset_utils.py", line 563, in _build_train_valid_test_datasets',
        "    doc_idx_ptr = indexed_dataset.get_doc_idx()",
        "AttributeError: 'IndexedCachedDataset' object has no attribute 'get_doc_idx'",
    ]
    lines = [
        *torchrun_start(at(40)),
        *tb,
        *torchrun_failed(
            at(230),
            rank=0,
            local_rank=0,
            exitcode=1,
            pid=71,
            host=f"{name}-master-0",
            script="pretrain_bert.py",
            traceback="Traceback (most recent call last):",
        ),
    ]
    plans = [PodPlan("master", 0, terminated(1, at(35), at(231)), log=text(*lines))]
    return _kubeflow_case(
        id="application-error-pytorchjob-megatron-cached-dataset-bug",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/pytorch:23.05-py3",
        command=["bash", "examples/pretrain_bert_distributed.sh", "--data-impl", "cached"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="application-error",
        culprit=f"{name}-master-0",
        evidence="object has no attribute 'get_doc_idx'",
        description="Megatron-LM BERT pretraining with --data-impl cached: the cached dataset class lacks a method "
        "the BERT dataset builder calls, a bug in the framework code rather than a missing file or a "
        "cluster problem.",
        title="Megatron-LM with --data-impl cached: AttributeError 'IndexedCachedDataset' object has no attribute "
        "'get_doc_idx'",
        source="https://github.com/NVIDIA/Megatron-LM/issues/378",
        captured=400,
        failed=("Master", 232),
    )


@SCENARIOS.add
def healthy_pytorchjob_deepspeed_hysteresis_skipped_steps() -> CaseSpec:
    at = Clock(datetime(2026, 4, 25, 6, 0, tzinfo=timezone.utc))
    name, ns = "ds-chat-sft", "assist-ft"
    first = [
        "Beginning of Epoch 1/16, Total Micro Batches 1840",
        "[2026-04-25 06:51:29,903] [INFO] [loss_scaler.py:188:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping "
        "step. Attempted loss scale: 65536, but hysteresis is 2. Reducing hysteresis to 1",
        "[2026-04-25 06:51:30,648] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping "
        "step. Attempted loss scale: 65536, reducing to 32768",
        "[2026-04-25 06:51:31,392] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping "
        "step. Attempted loss scale: 32768, reducing to 16384",
        "[2026-04-25 06:51:32,150] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping "
        "step. Attempted loss scale: 16384, reducing to 8192",
    ]
    steps = [
        f"[2026-04-25 {7 + i // 20}:{(i * 3) % 60:02d}:46,878] [INFO] [logging.py:96:log_dist] [Rank 0] "
        f"step={10 + i * 10}, skipped=6, lr=[9.65e-06], mom=[(0.9, 0.95)]"
        for i in range(50)
    ]
    master = stamped([*torchrun_start(at(40)), *first, *steps], at(40), [0] * 4 + [3050, 1, 1, 1, 1] + [180] * 50)
    plans = [PodPlan("master", 0, running(at(38)), log=master)]
    return _kubeflow_case(
        id="healthy-pytorchjob-deepspeed-hysteresis-skipped-steps",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/assist/deepspeed-chat:0.9",
        command=["deepspeed", "main.py", "--zero_stage", "3"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="",
        description="fp16 training with DeepSpeed: the first steps overflow, the loss scaler uses up its hysteresis "
        "and lowers the scale four times; from then on steps are logged every three minutes with the "
        "skipped count stuck at 6. Harmless.",
        title="DeepSpeed-Chat SFT: OVERFLOW! Rank 0 Skipping step (hysteresis) in the first steps - harmless?",
        source="https://github.com/deepspeedai/DeepSpeed/issues/931",
        captured=40 + 3054 + 180 * 49 + 120,
    )


@SCENARIOS.add
def healthy_job_nccl_no_libibverbs_info_lines() -> CaseSpec:
    at = Clock(datetime(2026, 4, 26, 13, 0, tzinfo=timezone.utc))
    name, ns = "resnet-1node-8gpu", "vision-train"
    host = f"{name}-{suffix(name, '0')}"
    nccl = [
        f"{host}:{62 + r}:{62 + r} [{r}] NCCL INFO {m}"
        for r in range(2)
        for m in (
            "Bootstrap : Using [0]eth0:10.244.7.31<0>",
            "NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
            "Failed to open libibverbs.so[.1]",
            "NET/Socket : Using [0]eth0:10.244.7.31<0>",
            "Using network Socket",
        )
    ]
    steps = [
        f"Epoch: [{e}][{b}/5005]\tTime  0.412 ( 0.415)\tLoss {6.1 - e * 0.3 - b / 9000:.4e}\tAcc@1  "
        f"{2.1 + e * 6 + b / 800:6.2f}"
        for e in range(3)
        for b in range(0, 5005, 500)
    ]
    lines = [*torchrun_start(at(22)), *nccl, "NCCL version 2.18.5+cuda12.1", *steps]
    job, p, pod_name = _running_job(
        name,
        ns,
        at,
        "registry.corp.example/vision/imagenet-ddp:torch2.1",
        ["torchrun", "--nproc_per_node=8", "main.py", "-a", "resnet50"],
    )
    return CaseSpec(
        id="healthy-job-nccl-no-libibverbs-info-lines",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="Single-node, eight-GPU DDP training with NCCL_DEBUG=INFO: NCCL reports that it found no net "
        "plugin and cannot open libibverbs, so it uses sockets - irrelevant on one node, where it "
        "talks over NVLink. Epochs progress every few minutes.",
        title="NCCL_DEBUG=INFO prints 'No plugin found (libnccl-net.so)' and 'Failed to open libibverbs.so[.1]': "
        "informational only, training runs",
        source="https://github.com/NVIDIA/nccl/issues/259",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped(lines, at(22), [0] * 15 + [206] * 40)},
        captured=at(22 + 206 * 32 + 120),
    )


# -- fresh reports, written before the catalogue was changed for them ------------------------------


def _fresh_job(
    *,
    id: str,
    day: int,
    name: str,
    ns: str,
    image: str,
    command: list[str],
    lines: Sequence[str],
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    exit_code: int = 1,
    resources: Obj | None = None,
    every: float = 2.0,
) -> CaseSpec:
    """A batch Job whose one pod printed ``lines`` (one every ``every`` seconds from 30 s) and exited."""
    at = Clock(datetime(2026, 5, day, 8, 0, tzinfo=timezone.utc))
    end = 30 + every * len(lines) + 1
    return _job_case(
        id=id,
        name=name,
        ns=ns,
        at=at,
        image=image,
        command=command,
        resources=resources if resources is not None else gpu(1, "64Gi", "8"),
        exit_code=exit_code,
        ran=(28, end),
        log=stamped(lines, at(30), every),
        category=category,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        captured=end + 300,
    )


def _py_traceback(frames: Sequence[tuple[str, int, str, str]], error: str) -> list[str]:
    out = ["Traceback (most recent call last):"]
    for path, line, func, source in frames:
        out.append(f'  File "{path}", line {line}, in {func}')
        out.append(f"    {source}")
    out.extend(error.split("\n"))
    return out


@SCENARIOS.add
def gpu_oom_job_jax_tpu_hbm_compile_oom() -> CaseSpec:
    lines = [
        "Time For configure functions and sharding them (ms) : 2012.7429962158203",
        "Action : Sharding Passed Parameters",
        "Model Contain  1.100048384  Billion Parameters",
        "jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its internal frames from the traceback of "
        "the following exception. Set JAX_TRACEBACK_FILTERING=off to include these.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        *_py_traceback(
            [
                (
                    "/app/train_clm.py",
                    101,
                    "<module>",
                    'output = trainer.train(flax.core.FrozenDict({"params": params}))',
                ),
                (
                    "/usr/local/lib/python3.10/site-packages/EasyDel/trainer/causal_language_model_trainer.py",
                    708,
                    "train",
                    "sharded_state, loss, accuracy = self.sharded_train_step_fn(",
                ),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of "
            "memory in memory space hbm. Used 21.90G of 7.48G hbm. Exceeded hbm capacity by 14.42G.",
        ),
    ]
    return _fresh_job(
        id="gpu-oom-job-jax-tpu-hbm-compile-oom",
        day=1,
        name="tinyllama-flax-ft",
        ns="tpu-research",
        image="registry.corp.example/jax/easydel:0.0.40-tpu",
        command=["python", "/app/train_clm.py"],
        resources={"limits": {"google.com/tpu": "8"}, "requests": {"google.com/tpu": "8", "cpu": "32"}},
        lines=lines,
        category="gpu-oom",
        evidence="Ran out of memory in memory space hbm",
        description="A Flax fine-tuning Job on a TPU slice: compiling the sharded train step needs 21.9G of HBM "
        "on a chip with 7.48G, so XLA fails with RESOURCE_EXHAUSTED before the first step. Accelerator "
        "memory, not host memory.",
        title="EasyDeL on TPU: XlaRuntimeError RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of "
        "memory in memory space hbm",
        source="https://github.com/erfanzar/EasyDeL/issues/78",
    )


@SCENARIOS.add
def gpu_oom_job_torch_xla_reserve_bottom_of_memory() -> CaseSpec:
    p = "2022-04-04 00:27:49.642380: E tensorflow/compiler/xla/xla_client/xla_util.cc:88] "
    epochs = [
        f"| Training Device=xla:1/0 Epoch={e} Step={s} Loss={6.9 - e * 0.4 - s / 9000:.5f} Rate=1790.00 "
        f"GlobalRate=1788.00 Time=00:{e * 7 + s // 500:02d}:11"
        for e in range(3)
        for s in range(0, 2500, 500)
    ]
    lines = [
        *epochs,
        f"{p}  (1) RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. That was not possible. "
        "There are 6.78G free, 0B reserved, and 3.33G reservable.",
        f"{p} \t [[{{{{node XRTExecute}}}}]]",
        f"{p}Hint: If you want to see a list of allocated tensors when OOM happens, add "
        "report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when "
        "running in Eager mode.",
        f"{p}0 successful operations.",
        f"{p}0 derived errors ignored.",
        f"{p}  OP_REQUIRES failed at tpu_execute_op.cc:266 : RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at "
        "the bottom of memory. That was not possible. There are 6.78G free, 0B reserved, and 3.33G reservable.",
        "Exception in device=TPU:4: RESOURCE_EXHAUSTED: From /job:localservice/replica:0/task:0:",
    ]
    return _fresh_job(
        id="gpu-oom-job-torch-xla-reserve-bottom-of-memory",
        day=2,
        name="resnet50-imagenet-tpu",
        ns="vision-train",
        image="gcr.io/tpu-pytorch/xla:r1.11_3.8_tpuvm",
        command=["python3", "test_train_mp_imagenet.py", "--model=resnet50", "--num_epochs=90"],
        resources={"limits": {"google.com/tpu": "8"}, "requests": {"google.com/tpu": "8", "cpu": "48"}},
        lines=lines,
        category="gpu-oom",
        evidence="Attempting to reserve 6.48G at the bottom of memory",
        description="ResNet-50 on ImageNet with PyTorch/XLA on a TPU: after a few epochs an XRTExecute cannot "
        "reserve 6.48G of device memory (there are 6.78G free but only 3.33G reservable) and the process on "
        "TPU:4 fails with RESOURCE_EXHAUSTED. Device (HBM) memory ran out.",
        title="Training Resnet50 on ImageNet using TPU leads to OOM after a few epochs: RESOURCE_EXHAUSTED "
        "Attempting to reserve 6.48G at the bottom of memory",
        source="https://github.com/pytorch/xla/issues/3470",
        every=120,
    )


@SCENARIOS.add
def rendezvous_error_job_diststore_waiting_for_clients() -> CaseSpec:
    lines = [
        *torchrun_start(datetime(2026, 5, 3, 8, 0, 30, tzinfo=timezone.utc)),
        *_py_traceback(
            [
                ("/app/src/open_r1/grpo.py", 212, "<module>", "main(script_args, training_args, model_args)"),
                (
                    "/usr/local/lib/python3.10/site-packages/transformers/training_args.py",
                    2195,
                    "_setup_devices",
                    "self.distributed_state = PartialState(**accelerator_state_kwargs)",
                ),
                (
                    "/usr/local/lib/python3.10/site-packages/torch/distributed/rendezvous.py",
                    189,
                    "_create_c10d_store",
                    "return TCPStore(",
                ),
            ],
            "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/3 clients joined.",
        ),
    ]
    return _fresh_job(
        id="rendezvous-error-job-diststore-waiting-for-clients",
        day=3,
        name="visual-rft-grpo",
        ns="vlm-rl",
        image="registry.corp.example/vlm/visual-rft:torch2.5",
        command=["torchrun", "--nproc_per_node=3", "src/open_r1/grpo.py"],
        resources=gpu(3, "256Gi", "32"),
        lines=lines,
        category="rendezvous-error",
        evidence="waiting for clients. 1/3 clients joined",
        description="A three-GPU GRPO run: rank 0 creates the c10d TCPStore and waits 15 minutes for the other "
        "two processes, which never connect; the store gives up with DistStoreError. The ranks never met.",
        title="torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/3 clients joined.",
        source="https://github.com/Liuziyu77/Visual-RFT/issues/123",
        every=60,
    )


@SCENARIOS.add
def rendezvous_error_job_diststore_role_info_wait_timeout() -> CaseSpec:
    t = datetime(2026, 5, 4, 8, 0, 30, tzinfo=timezone.utc)
    lines = [
        *torchrun_start(t),
        *_py_traceback(
            [
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (
                    "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py",
                    261,
                    "launch_agent",
                    "result = agent.run()",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py",
                    529,
                    "_rendezvous",
                    "workers = self._assign_worker_ranks(store, group_rank, group_world_size, spec)",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/utils/store.py",
                    64,
                    "get_all",
                    "data_arr = store.multi_get(",
                ),
            ],
            "torch.distributed.DistStoreError: wait timeout after 900000ms, keys: /none/torchelastic/role_info/0, "
            "/none/torchelastic/role_info/1",
        ),
    ]
    return _fresh_job(
        id="rendezvous-error-job-diststore-role-info-wait-timeout",
        day=4,
        name="qwen25vl-sft-2node",
        ns="vlm-sft",
        image="registry.corp.example/swift/ms-swift:3.5.1-torch2.6",
        command=["swift", "sft", "--model", "Qwen2.5-VL-7B-Instruct", "--train_type", "full"],
        resources=gpu(8, "900Gi", "96"),
        lines=lines,
        category="rendezvous-error",
        evidence="wait timeout after 900000ms",
        description="Two-node fine-tuning launched with NNODES=2: torchrun's elastic agent waits 15 minutes in the "
        "store for the role info of both nodes and times out - the second node's agent never joined the "
        "rendezvous.",
        title="Multi-node fine-tuning: torch.distributed.DistStoreError: wait timeout after 900000ms, keys: "
        "/none/torchelastic/role_info/0",
        source="https://github.com/modelscope/ms-swift/issues/4924",
        every=150,
    )


@SCENARIOS.add
def application_error_job_deepspeed_zero_dp_world_size_changed() -> CaseSpec:
    lines = [
        "[2026-05-05 08:01:12,104] [INFO] [engine.py:3012:_get_all_zero_checkpoint_state_dicts] successfully read 8 "
        "ZeRO state_dicts for rank 5",
        "[rank5]: Traceback (most recent call last):",
        '[rank5]:   File "/workspace/Megatron-DeepSpeed/pretrain_gpt.py", line 356, in <module>',
        "[rank5]:     pretrain(train_valid_test_datasets_provider,",
        '[rank5]:   File "/workspace/Megatron-DeepSpeed/megatron/training.py", line 144, in pretrain',
        "[rank5]:     model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
        '[rank5]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage3.py", line 2633, in '
        "_rigid_load_state_dict",
        '[rank5]:     raise ZeRORuntimeException("The checkpoint being loaded used a DP " \\',
        "[rank5]: deepspeed.runtime.zero.utils.ZeRORuntimeException: The checkpoint being loaded used a DP world "
        "size of 8 but the current world size is 16. Automatic adjustment of ZeRO's optimizer state partitioning "
        "with a new world size is not currently supported.",
    ]
    return _fresh_job(
        id="application-error-job-deepspeed-zero-dp-world-size-changed",
        day=5,
        name="gpt-13b-resume",
        ns="pretrain",
        image="registry.corp.example/llm/megatron-deepspeed:0.14",
        command=["deepspeed", "pretrain_gpt.py", "--zero-stage", "3", "--load", "/ckpt/gpt-13b"],
        resources=gpu(8, "900Gi", "96"),
        lines=lines,
        category="application-error",
        evidence="used a DP world size of 8 but the current world size is 16",
        description="A ZeRO-3 run resumed on twice as many GPUs: the optimizer state in the checkpoint was "
        "partitioned for 8 data-parallel ranks and DeepSpeed refuses to load it into 16. The run's own "
        "configuration does not match its checkpoint.",
        title="zero3: The checkpoint being loaded used a DP world size of 8 but the current world size is 16",
        source="https://github.com/deepspeedai/Megatron-DeepSpeed/issues/439",
    )


@SCENARIOS.add
def application_error_job_tf_key_not_found_in_checkpoint() -> CaseSpec:
    key = "model/att_seq2seq/decode/attention_decoder/decoder/extended_multi_rnn_cell/cell_0/lstm_cell/bias"
    lines = [
        "INFO:tensorflow:Restoring parameters from /data/models/nmt/model.ckpt-5000",
        "2020-01-28 19:02:54.821112: W tensorflow/core/framework/op_kernel.cc:1651] OP_REQUIRES failed at "
        f"save_restore_v2_ops.cc:184 : Not found: Key {key} not found in checkpoint",
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/client/session.py",
                    1365,
                    "_do_call",
                    "return fn(*args)",
                ),
                (
                    "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/client/session.py",
                    1443,
                    "_call_tf_sessionrun",
                    "run_metadata)",
                ),
            ],
            f"tensorflow.python.framework.errors_impl.NotFoundError: Key {key} not found in checkpoint\n"
            "\t [[{{node save/RestoreV2}}]]",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/training/saver.py",
                    1290,
                    "restore",
                    "{self.saver_def.filename_tensor_name: save_path})",
                ),
            ],
            "tensorflow.python.framework.errors_impl.NotFoundError: Restoring from checkpoint failed. This is most "
            "likely due to a Variable name or other graph key that is missing from the checkpoint. Please ensure "
            "that you have not altered the graph expected based on the checkpoint. Original error:",
        ),
    ]
    return _fresh_job(
        id="application-error-job-tf-key-not-found-in-checkpoint",
        day=6,
        name="seq2seq-nmt-eval",
        ns="nlp",
        image="tensorflow/tensorflow:1.15.5-gpu-py3",
        command=["python", "-m", "bin.infer", "--model_dir", "/data/models/nmt"],
        lines=lines,
        category="application-error",
        evidence="not found in checkpoint",
        description="Restoring a seq2seq checkpoint into a graph that names its variables differently: the "
        "checkpoint file is there, but a variable the graph expects is not in it, and the Saver fails with "
        "NotFoundError. A mismatch between the code and the checkpoint, not a missing file.",
        title="tensorflow.python.framework.errors_impl.NotFoundError: Key ... lstm_cell/bias not found in checkpoint",
        source="https://github.com/google/seq2seq/issues/363",
    )


@SCENARIOS.add
def nccl_error_job_horovod_gloo_connection_reset() -> CaseSpec:
    ts0 = "Thu Aug 29 16:41:02 2019"
    lines = [
        f"{ts0}[0]<stdout>:Epoch 1/24",
        f"{ts0}[4]<stderr>:terminate called after throwing an instance of 'gloo::IoException'",
        f"{ts0}[4]<stderr>:  what():  [/tmp/pip-req-build-p31znpnj/third_party/gloo/gloo/transport/tcp/pair.cc:563] "
        "Read error [10.128.0.5]:19855: Connection reset by peer",
        f"{ts0}[4]<stderr>:Fatal Python error: Aborted",
        f"{ts0}[4]<stderr>:",
        f"{ts0}[0]<stderr>:terminate called after throwing an instance of 'gloo::IoException'",
        f"{ts0}[0]<stderr>:  what():  [/tmp/pip-req-build-5w870gio/third_party/gloo/gloo/transport/tcp/pair.cc:572] "
        "Connection closed by peer [10.128.15.205]:53666",
        f"{ts0}[0]<stderr>:Fatal Python error: Aborted",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    ]
    return _fresh_job(
        id="nccl-error-job-horovod-gloo-connection-reset",
        day=7,
        name="hvd-keras-mnist",
        ns="hvd-examples",
        image="horovod/horovod:0.18.1-tf1.14.0-torch1.2.0-mxnet1.5.0-py3.6",
        command=["horovodrun", "--gloo", "-np", "8", "-H", "hostA:4,hostB:4", "python", "tensorflow_keras_mnist.py"],
        lines=lines,
        category="nccl-error",
        evidence="Connection reset by peer",
        description="Horovod with the Gloo controller across two hosts: the TCP pairs between ranks break - one "
        "rank's read fails with 'Connection reset by peer', another sees 'Connection closed by peer' - and "
        "both abort. Communication between ranks failed.",
        title="Horovod multi-machine example crashes with the Gloo controller: gloo::IoException Read error: "
        "Connection reset by peer",
        source="https://github.com/horovod/horovod/issues/1364",
        exit_code=134,
        every=1,
    )


@SCENARIOS.add
def application_error_job_expected_scalar_type_half() -> CaseSpec:
    lines = [
        "  0%|          | 0/3000 [00:00<?, ?it/s]",
        *_py_traceback(
            [
                ("/app/finetune.py", 117, "<module>", "main()"),
                ("/app/finetune.py", 110, "main", "trainer.train()"),
                (
                    "/usr/local/lib/python3.8/site-packages/transformers/trainer.py",
                    1902,
                    "_inner_training_loop",
                    "tr_loss_step = self.training_step(model, inputs)",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/torch/nn/modules/linear.py",
                    114,
                    "forward",
                    "return F.linear(input, self.weight, self.bias)",
                ),
            ],
            "RuntimeError: expected scalar type Half but found Float",
        ),
    ]
    return _fresh_job(
        id="application-error-job-expected-scalar-type-half",
        day=8,
        name="chatglm-lora-ft",
        ns="llm-ft",
        image="registry.corp.example/llm/chatglm-tuning:torch1.13",
        command=["python", "finetune.py", "--fp16"],
        lines=lines,
        category="application-error",
        evidence="expected scalar type Half but found Float",
        description="LoRA fine-tuning with fp16: the model was loaded in half precision but the adapter (or the "
        "input) is float32, and the first forward pass fails on the dtype mismatch. A bug in how the code "
        "sets up the model.",
        title="ChatGLM LoRA fine-tuning: RuntimeError: expected scalar type Half but found Float",
        source="https://github.com/mymusise/ChatGLM-Tuning/issues/179",
    )


@SCENARIOS.add
def cuda_error_job_no_kernel_image() -> CaseSpec:
    lines = [
        "2026-05-09 08:00:41.338021: unpacking dataset...",
        "2026-05-09 08:00:55.101844: done",
        "2026-05-09 08:00:55.104126: ",
        "epoch:  0",
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.9/site-packages/nnunet/run/run_training.py",
                    176,
                    "main",
                    "trainer.run_training()",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/nnunet/training/network_training/network_trainer.py",
                    456,
                    "run_training",
                    "l = self.run_iteration(self.tr_gen, True)",
                ),
            ],
            "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below "
            "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-no-kernel-image",
        day=9,
        name="nnunet-3d-fullres",
        ns="medical-seg",
        image="registry.corp.example/med/nnunet:1.7-cu102",
        command=["nnUNet_train", "3d_fullres", "nnUNetTrainerV2", "Task004_Hippocampus", "0"],
        lines=lines,
        category="cuda-error",
        evidence="no kernel image is available for execution on the device",
        description="nnU-Net training starts epoch 0 and the first CUDA kernel fails: the installed PyTorch was not "
        "built for this GPU's compute capability. The image and the GPU do not fit together.",
        title="nnU-Net training: RuntimeError: CUDA error: no kernel image is available for execution on the device",
        source="https://github.com/MIC-DKFZ/nnUNet/issues/1040",
    )


@SCENARIOS.add
def crash_signal_job_dataloader_worker_segfault() -> CaseSpec:
    progress = [
        f"[2026-05-10 08:{i // 2:02d}:{(i * 30) % 60:02d}] Epoch: [{1 + i // 20}] [{(i % 20) * 20}/400] "
        f"cls_loss: {0.412 - i * 0.001:.3f} loc_loss: {0.281 - i * 0.0008:.3f} total_loss: {0.693 - i * 0.0018:.3f}"
        for i in range(30)
    ]
    lines = [
        *progress,
        "ERROR: Unexpected segmentation fault encountered in worker.",
        *_py_traceback(
            [
                ("../../tools/train.py", 332, "<module>", "main()"),
                ("../../tools/train.py", 179, "train", "for idx, data in enumerate(train_loader):"),
                (
                    "/opt/conda/lib/python3.6/site-packages/torch/utils/data/dataloader.py",
                    227,
                    "handler",
                    "_error_if_any_worker_fails()",
                ),
            ],
            "RuntimeError: DataLoader worker (pid 1657) is killed by signal: Segmentation fault. Details are lost "
            "due to multiprocessing. Rerunning with num_workers=0 may give better error trace.",
        ),
    ]
    return _fresh_job(
        id="crash-signal-job-dataloader-worker-segfault",
        day=10,
        name="siamrpn-train",
        ns="tracking",
        image="registry.corp.example/vision/pysot:torch1.1",
        command=["python", "-u", "../../tools/train.py", "--cfg", "config.yaml"],
        lines=lines,
        category="crash-signal",
        evidence="killed by signal: Segmentation fault",
        description="Tracker training runs for a while, then a DataLoader worker process dies of a segmentation "
        "fault in native code and the main process raises. No Bus error, no memory kill: a native crash "
        "in a worker.",
        title="ERROR: Unexpected segmentation fault encountered in worker - DataLoader worker is killed by signal: "
        "Segmentation fault",
        source="https://github.com/STVIR/pysot/issues/140",
        every=30,
    )


@SCENARIOS.add
def application_error_job_xgboost_labels_size_rows() -> CaseSpec:
    lines = [
        "distributed.scheduler - INFO - Receive client connection: Client-worker-7b1e",
        "[08:00:44] task [xgboost.dask-0]:tcp://10.244.3.17:40145 got new rank 0",
        "[08:00:44] task [xgboost.dask-1]:tcp://10.244.5.22:36613 got new rank 1",
        *_py_traceback(
            [
                (
                    "/app/train_xgb.py",
                    58,
                    "<module>",
                    "output = xgb.dask.train(client, params, dtrain, num_boost_round=500)",
                ),
                (
                    "/opt/conda/lib/python3.7/site-packages/xgboost/dask.py",
                    1046,
                    "train",
                    "return client.sync(",
                ),
            ],
            "xgboost.core.XGBoostError: [15:45:52] /opt/conda/envs/rapids/conda-bld/xgboost_1619020798773/work/src/"
            "data/data.cc:583: Check failed: labels_.Size() == num_row_ (144444 vs. 13884) : Size of labels must "
            "equal to number of rows.\nStack trace:\n"
            "  [bt] (0) /opt/conda/lib/libxgboost.so(+0x1ef2c5) [0x7fa5905122c5]\n"
            "  [bt] (1) /opt/conda/lib/libxgboost.so(xgboost::MetaInfo::Validate(int) const+0x169) [0x7fa590520c09]\n"
            "  [bt] (4) /opt/conda/lib/libxgboost.so(XGBoosterUpdateOneIter+0x4e) [0x7fa59049454e]",
        ),
    ]
    return _fresh_job(
        id="application-error-job-xgboost-labels-size-rows",
        day=11,
        name="xgb-dask-churn",
        ns="tabular",
        image="rapidsai/rapidsai:21.06-cuda11.0-runtime-ubuntu18.04-py3.7",
        command=["python", "/app/train_xgb.py"],
        lines=lines,
        category="application-error",
        evidence="Size of labels must equal to number of rows",
        description="Distributed XGBoost on Dask: the feature and label collections were partitioned differently, "
        "so a worker's DMatrix has 13884 rows and 144444 labels and XGBoost's check fails. A data-preparation "
        "bug in the user's code.",
        title="Dask partitioning causes incorrect raw sizes: Check failed: labels_.Size() == num_row_ - Size of "
        "labels must equal to number of rows",
        source="https://github.com/dmlc/xgboost/issues/7239",
        resources=cpu_only("64Gi", "16"),
    )


@SCENARIOS.add
def nan_loss_job_network_outputs_nan() -> CaseSpec:
    lines = [
        *[
            f"[train: 1, {i * 50} / 1500] FPS: 41.2 (40.8)  ,  DataTime: 0.112 (0.115)  ,  ForwardTime: 0.271  ,  "
            f"TotalTime: 0.392  ,  Loss/total: {3.82 - i * 0.05:.5f}  ,  Loss/giou: 0.61233  ,  Loss/l1: 0.23110  ,  "
            "IoU: 0.41733"
            for i in range(12)
        ],
        "tensor([[[nan, nan, nan, nan]],",
        "",
        "        [[nan, nan, nan, nan]],",
        "",
        "        [[nan, nan, nan, nan]],",
        "",
        "        [[nan, nan, nan, nan]]], device='cuda:0', grad_fn=<ViewBackward0>)",
        "Training crashed at epoch 1",
        "Traceback for the error!",
        *_py_traceback(
            [
                ("/app/lib/train/../../lib/train/trainers/base_trainer.py", 87, "train", "self.train_epoch()"),
                (
                    "/app/lib/train/../../lib/train/actors/focustrack.py",
                    75,
                    "compute_losses",
                    'raise ValueError("Network outputs is NAN! Stop Training")',
                ),
            ],
            "ValueError: Network outputs is NAN! Stop Training",
        ),
    ]
    return _fresh_job(
        id="nan-loss-job-network-outputs-nan",
        day=12,
        name="focustrack-uav",
        ns="tracking",
        image="registry.corp.example/vision/focustrack:torch2.1",
        command=["python", "tracking/train.py", "--script", "focustrack", "--mode", "single"],
        lines=lines,
        category="nan-loss",
        evidence="Network outputs is NAN",
        description="A tracker's training loop checks its predicted boxes, finds them all NaN in epoch 1 and stops "
        "with a ValueError that says so. The model diverged; the exception type is generic.",
        title="ValueError: Network outputs is NAN! Stop Training",
        source="https://github.com/vero1925/FocusTrack/issues/1",
        every=20,
    )


@SCENARIOS.add
def gpu_hardware_error_job_uncorrectable_ecc() -> CaseSpec:
    lines = [
        *[
            f"Epoch {e}: 100%|##########| 1250/1250 [04:{10 + e:02d}<00:00, 4.98it/s, loss={0.91 - e * 0.04:.3f}]"
            for e in range(6)
        ],
        *_py_traceback(
            [
                ("/app/train.py", 241, "<module>", "main(args)"),
                ("/app/train.py", 188, "main", "loss.backward()"),
            ],
            "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
            "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ),
    ]
    return _fresh_job(
        id="gpu-hardware-error-job-uncorrectable-ecc",
        day=13,
        name="surrogate-model-train",
        ns="hpc-users",
        image="registry.corp.example/sci/pytorch:2.1-cu121",
        command=["python", "/app/train.py"],
        lines=lines,
        category="gpu-hardware-error",
        evidence="uncorrectable ECC error encountered",
        description="A PyTorch job on one GPU runs six epochs and then fails with 'uncorrectable ECC error "
        "encountered' - the same node failed several users' jobs the same way until it was repaired. The "
        "GPU's memory is faulty.",
        title="Many jobs on one node fail with RuntimeError: CUDA error: uncorrectable ECC error encountered",
        source="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
        every=250,
    )


@SCENARIOS.add
def missing_file_job_cant_load_tokenizer_local_dir() -> CaseSpec:
    path = "/models/pyramid_flow_model/tokenizer"
    lines = [
        "Model directory '/models/pyramid_flow_model' already exists. Skipping download.",
        "using half precision",
        "Using temporal causal attention",
        *_py_traceback(
            [
                ("/app/train_pyramid_flow.py", 47, "<module>", "model = PyramidDiTForVideoGeneration("),
                (
                    "/app/pyramid_dit/modeling_text_encoder.py",
                    19,
                    "__init__",
                    "self.tokenizer = CLIPTokenizer.from_pretrained(os.path.join(model_path, 'tokenizer'))",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/transformers/tokenization_utils_base.py",
                    2070,
                    "from_pretrained",
                    "raise EnvironmentError(",
                ),
            ],
            f"OSError: Can't load tokenizer for '{path}'. If you were trying to load it from "
            "'https://huggingface.co/models', make sure you don't have a local directory with the same name. "
            f"Otherwise, make sure '{path}' is the correct path to a directory containing all relevant files for a "
            "CLIPTokenizer tokenizer.",
        ),
    ]
    return _fresh_job(
        id="missing-file-job-cant-load-tokenizer-local-dir",
        day=14,
        name="pyramid-flow-ft",
        ns="video-gen",
        image="registry.corp.example/video/pyramid-flow:torch2.1",
        command=["python", "/app/train_pyramid_flow.py", "--model_path", "/models/pyramid_flow_model"],
        lines=lines,
        category="missing-file",
        evidence="Can't load tokenizer for",
        description="The model directory exists, so the download is skipped, but its tokenizer folder lacks the "
        "tokenizer files and transformers cannot load it. Files the job needs are not there.",
        title='Running the model gives the error "Can\'t load tokenizer" although the model directory exists',
        source="https://github.com/jy0205/Pyramid-Flow/issues/42",
    )


@SCENARIOS.add
def dependency_error_job_deepspeed_cuda_home_missing() -> CaseSpec:
    lines = [
        "[2024-09-27 23:42:23,326] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        *_py_traceback(
            [
                ("/usr/local/bin/deepspeed", 3, "<module>", "from deepspeed.launcher.runner import main"),
                (
                    "/usr/local/lib/python3.11/site-packages/deepspeed/__init__.py",
                    25,
                    "<module>",
                    "from . import ops",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/deepspeed/git_version_info.py",
                    29,
                    "<module>",
                    "op_compatible = builder.is_compatible()",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/deepspeed/ops/op_builder/builder.py",
                    51,
                    "installed_cuda_version",
                    'raise MissingCUDAException("CUDA_HOME does not exist, unable to compile CUDA op(s)")',
                ),
            ],
            "deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA "
            "op(s)",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-deepspeed-cuda-home-missing",
        day=15,
        name="minillm-pretrain",
        ns="llm-small",
        image="registry.corp.example/llm/minimind:py3.11-torch2.4-runtime",
        command=["deepspeed", "--master_port", "29500", "--num_gpus=2", "1-pretrain.py"],
        resources=gpu(2, "128Gi", "16"),
        lines=lines,
        category="dependency-error",
        evidence="CUDA_HOME does not exist",
        description="The deepspeed launcher imports its op builders, which look for a CUDA toolkit to compile ops "
        "with; the runtime image has none, so the import fails before training starts. A system dependency "
        "is missing from the image.",
        title="deepspeed launcher: MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA op(s)",
        source="https://github.com/jingyaogong/minimind/issues/48",
    )


@SCENARIOS.add
def cuda_error_job_tf_cudnn_failed_to_initialize() -> CaseSpec:
    lines = [
        "2019-06-27 11:52:03.446402: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1326] Created TensorFlow "
        "device (/job:localhost/replica:0/task:0/device:GPU:0 with 10813 MB memory) -> physical GPU (device: 0, "
        "name: GeForce RTX 2080 Ti, pci bus id: 0000:01:00.0, compute capability: 7.5)",
        "INFO:tensorflow:Running local_init_op.",
        "INFO:tensorflow:Starting Queues.",
        "2019-06-27 11:52:21.517843: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn "
        "handle: CUDNN_STATUS_INTERNAL_ERROR",
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.6/site-packages/tensorflow/python/client/session.py",
                    1356,
                    "_do_call",
                    "return fn(*args)",
                ),
                (
                    "/usr/local/lib/python3.6/site-packages/tensorflow/python/client/session.py",
                    1429,
                    "_call_tf_sessionrun",
                    "run_metadata)",
                ),
            ],
            "tensorflow.python.framework.errors_impl.UnknownError: 2 root error(s) found.\n"
            "  (0) Unknown: Failed to get convolution algorithm. This is probably because cuDNN failed to "
            "initialize, so try looking to see if a warning log message was printed above.\n"
            "\t [[{{node MobilenetV2/Conv/Conv2D}}]]\n"
            "\t [[zero_fraction_66/counts_to_fraction/truediv/_723]]\n"
            "  (1) Unknown: Failed to get convolution algorithm. This is probably because cuDNN failed to "
            "initialize, so try looking to see if a warning log message was printed above.\n"
            "\t [[{{node MobilenetV2/Conv/Conv2D}}]]\n"
            "0 successful operations.\n0 derived errors ignored.",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-tf-cudnn-failed-to-initialize",
        day=16,
        name="ssd-mobilenet-train",
        ns="detection",
        image="tensorflow/tensorflow:1.14.0-gpu-py3",
        command=["python", "object_detection/model_main.py", "--pipeline_config_path=pipeline.config"],
        lines=lines,
        category="cuda-error",
        evidence="Could not create cudnn handle",
        description="TensorFlow Object Detection training: cuDNN cannot create its handle "
        "(CUDNN_STATUS_INTERNAL_ERROR) and the first convolution fails with 'Failed to get convolution "
        "algorithm'. The CUDA/cuDNN runtime, not the model code.",
        title="(0) Unknown: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize",
        source="https://github.com/tensorflow/models/issues/7088",
    )


@SCENARIOS.add
def nccl_error_job_unhandled_system_error_multinode() -> CaseSpec:
    lines = [
        "=> creating model 'resnet50'",
        *_py_traceback(
            [
                ("main.py", 398, "<module>", "main()"),
                ("main.py", 113, "main", "mp.spawn(main_worker, nprocs=ngpus_per_node, args=(ngpus_per_node, args))"),
                (
                    "/app/main.py",
                    153,
                    "main_worker",
                    "model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])",
                ),
                (
                    "/opt/conda/lib/python3.6/site-packages/torch/nn/parallel/distributed.py",
                    286,
                    "_ddp_init_helper",
                    "self._module_copies = replicate(self.module, self.device_ids, detach=True)",
                ),
            ],
            "RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:272, unhandled system error",
        ),
    ]
    return _fresh_job(
        id="nccl-error-job-unhandled-system-error-multinode",
        day=17,
        name="imagenet-ddp-2node",
        ns="vision-train",
        image="registry.corp.example/vision/imagenet-ddp:torch1.1",
        command=[
            "python",
            "main.py",
            "-a",
            "resnet50",
            "--dist-backend",
            "nccl",
            "--multiprocessing-distributed",
            "--world-size",
            "2",
            "--rank",
            "0",
        ],
        resources=gpu(8, "480Gi", "64"),
        lines=lines,
        category="nccl-error",
        evidence="unhandled system error",
        description="ImageNet DDP across two nodes: the process group forms, and NCCL's first communicator set-up "
        "fails with 'unhandled system error' (a socket or interface problem between the nodes).",
        title="Problem on multiple nodes: RuntimeError: NCCL error in ProcessGroupNCCL.cpp:272, unhandled system error",
        source="https://github.com/pytorch/examples/issues/611",
    )


# -- a second batch of fresh reports, also written before any catalogue change for them -------------


@SCENARIOS.add
def dependency_error_job_transformers_keyerror_model_type() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.9/runpy.py",
                    197,
                    "_run_module_as_main",
                    "return _run_code(code, main_globals, None,",
                ),
                ("/workspace/editing/experiments/evaluate.py", 547, "<module>", "main("),
                (
                    "/workspace/editing/experiments/evaluate.py",
                    118,
                    "main",
                    "model = AutoModelForCausalLM.from_pretrained(model_name).cuda()",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/transformers/models/auto/auto_factory.py",
                    434,
                    "from_pretrained",
                    "config, kwargs = AutoConfig.from_pretrained(",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/transformers/models/auto/configuration_auto.py",
                    790,
                    "from_pretrained",
                    'config_class = CONFIG_MAPPING[config_dict["model_type"]]',
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/transformers/models/auto/configuration_auto.py",
                    497,
                    "__getitem__",
                    "raise KeyError(key)",
                ),
            ],
            "KeyError: 'llama'",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-transformers-keyerror-model-type",
        day=18,
        name="model-editing-eval",
        ns="llm-research",
        image="registry.corp.example/research/model-editing:tf4.23",
        command=["python", "-m", "experiments.evaluate", "--model_name", "/models/llama3-8b"],
        lines=lines,
        category="dependency-error",
        evidence="KeyError: 'llama'",
        description="The model's config.json says model_type llama, and the transformers in the image (4.23) "
        "predates that architecture: AutoConfig looks the type up in its CONFIG_MAPPING and raises KeyError. "
        "The installed library is too old for the model.",
        title="KeyError: 'llama' with transformers==4.23.1 - CONFIG_MAPPING has no llama",
        source="https://github.com/jianghoucheng/AlphaEdit/issues/27",
    )


@SCENARIOS.add
def application_error_job_ddp_unused_parameters() -> CaseSpec:
    t = datetime(2026, 5, 19, 8, 0, 30, tzinfo=timezone.utc)
    progress = [
        f"[05/19 08:{1 + i:02d}:12 d2.utils.events]:  eta: 1 day, 2:{59 - i:02d}:10  iter: {19 + i * 20}  "
        f"total_loss: {3.41 - i * 0.05:.3f}  loss_ce: {1.12 - i * 0.01:.3f}  time: 0.9811  data_time: 0.0122  "
        "lr: 0.0001  max_mem: 17654M"
        for i in range(1)
    ]
    lines = [
        *torchrun_start(t),
        *progress,
        *rank_traceback(
            1,
            [
                ("/app/train_net.py", 317, "<module>", "launch("),
                ("/app/detectron2/engine/train_loop.py", 149, "train", "self.run_step()"),
                ("/app/detectron2/engine/train_loop.py", 274, "run_step", "loss_dict = self.model(data)"),
                (
                    "/usr/local/lib/python3.8/dist-packages/torch/nn/parallel/distributed.py",
                    1008,
                    "forward",
                    "if torch.is_grad_enabled() and self.reducer._rebuild_buckets():",
                ),
            ],
            "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
            "This error indicates that your module has parameters that were not used in producing loss. You can "
            "enable unused parameter detection by (1) passing the keyword argument `find_unused_parameters=True` "
            "to `torch.nn.parallel.DistributedDataParallel`; (2) making sure all `forward` function outputs "
            "participate in calculating loss. If you already have done the above two steps, then the distributed "
            "data parallel module wasn't able to locate the output tensors in the return value of your module's "
            "`forward` function. Please include the loss function and the structure of the return value of "
            "`forward` of your module when reporting this issue (e.g. list, dict, iterable).",
        ),
        *torchrun_failed(
            t + timedelta(seconds=140),
            rank=1,
            local_rank=1,
            exitcode=1,
            pid=318,
            host="zsseg-train-0",
            script="train_net.py",
            traceback="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        ),
    ]
    return _fresh_job(
        id="application-error-job-ddp-unused-parameters",
        day=19,
        name="zsseg-train",
        ns="segmentation",
        image="registry.corp.example/vision/zsseg:torch1.10",
        command=["torchrun", "--nproc_per_node=4", "train_net.py", "--config-file", "configs/zsseg.yaml"],
        resources=gpu(4, "256Gi", "32"),
        lines=lines,
        category="application-error",
        evidence="Expected to have finished reduction in the prior iteration",
        description="Four-GPU DDP training: the model has parameters that do not take part in the loss, so DDP's "
        "reducer never finishes the previous iteration and the second forward pass raises. The model code (or "
        "find_unused_parameters) must change; nothing in the platform failed.",
        title="Error during multi-GPU training: RuntimeError: Expected to have finished reduction in the prior "
        "iteration before starting a new one",
        source="https://github.com/MendelXu/zsseg.baseline/issues/35",
    )


@SCENARIOS.add
def dependency_error_job_libcupti_cannot_open_shared_object() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                ("/usr/local/bin/accelerate", 5, "<module>", "from accelerate.commands.accelerate_cli import main"),
                (
                    "/usr/local/lib/python3.10/site-packages/accelerate/__init__.py",
                    3,
                    "<module>",
                    "from .accelerator import Accelerator",
                ),
                ("/usr/local/lib/python3.10/site-packages/accelerate/accelerator.py", 28, "<module>", "import torch"),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch-2.0.0-py3.10-linux-x86_64.egg/torch/__init__.py",
                    229,
                    "<module>",
                    "from torch._C import *  # noqa: F403",
                ),
            ],
            "ImportError: libcupti.so.11.7: cannot open shared object file: No such file or directory",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-libcupti-cannot-open-shared-object",
        day=20,
        name="sd-lora-train",
        ns="diffusion",
        image="registry.corp.example/diffusion/lora-scripts:cu120",
        command=["accelerate", "launch", "--num_cpu_threads_per_process=8", "train_network.py"],
        lines=lines,
        category="dependency-error",
        evidence="libcupti.so.11.7: cannot open shared object file",
        description="A LoRA training Job whose image has a torch wheel built for CUDA 11.7 next to a CUDA 12.0 "
        "toolkit: importing torch needs libcupti.so.11.7, which the image does not have. A system library "
        "the installed package depends on is missing.",
        title="ImportError: libcupti.so.11.7: cannot open shared object file: No such file or directory",
        source="https://github.com/Akegarasu/lora-scripts/issues/82",
    )


@SCENARIOS.add
def application_error_job_unscale_fp16_gradients() -> CaseSpec:
    lines = [
        "  0%|          | 0/6931 [00:00<?, ?it/s]",
        *_py_traceback(
            [
                (
                    "/app/finetune.py",
                    271,
                    "<module>",
                    "trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/transformers/trainer.py",
                    1973,
                    "_inner_training_loop",
                    "self.scaler.unscale_(self.optimizer)",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/torch/cuda/amp/grad_scaler.py",
                    282,
                    "unscale_",
                    'optimizer_state["found_inf_per_device"] = self._unscale_grads_(optimizer, inv_scale, found_inf, '
                    "False)",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/torch/cuda/amp/grad_scaler.py",
                    210,
                    "_unscale_grads_",
                    'raise ValueError("Attempting to unscale FP16 gradients.")',
                ),
            ],
            "ValueError: Attempting to unscale FP16 gradients.",
        ),
        "  0%|          | 0/6931 [00:01<?, ?it/s]",
    ]
    return _fresh_job(
        id="application-error-job-unscale-fp16-gradients",
        day=21,
        name="vicuna-13b-lora",
        ns="llm-ft",
        image="registry.corp.example/llm/chinese-vicuna:torch2.0",
        command=["python", "finetune.py", "--fp16"],
        resources=gpu(2, "128Gi", "16"),
        lines=lines,
        category="application-error",
        evidence="Attempting to unscale FP16 gradients",
        description="LoRA fine-tuning with --fp16: the trainable parameters were left in float16, and AMP's "
        "GradScaler refuses to unscale half-precision gradients at the first optimizer step. The training "
        "code's precision setup is wrong.",
        title="Training LLaMA-13B with LoRA on two V100: ValueError: Attempting to unscale FP16 gradients.",
        source="https://github.com/Facico/Chinese-Vicuna/issues/168",
    )


@SCENARIOS.add
def disk_full_job_deepspeed_checkpoint_stream_writer() -> CaseSpec:
    p = "[INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving ./output/deepspeed/checkpoint-1428/global_step1428/"
    steps = [
        f"{{'loss': {2.91 - i * 0.03:.4f}, 'learning_rate': {5e-05 - i * 1e-07:.4e}, 'epoch': {i * 0.07:.2f}}}"
        for i in range(14)
    ]
    lines = [
        *steps,
        "[2023-06-02 00:34:14,470] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: "
        "./output/deepspeed/checkpoint-1428/global_step1428/zero_pp_rank_0_mp_rank_00_model_states.pt",
        f"[2023-06-02 00:34:14,470] {p}zero_pp_rank_0_mp_rank_00_model_states.pt...",
        "[2023-06-02 00:34:14,493] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved "
        "./output/deepspeed/checkpoint-1428/global_step1428/zero_pp_rank_0_mp_rank_00_model_states.pt.",
        f"[2023-06-02 00:34:14,497] {p}bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt...",
        *_py_traceback(
            [
                (
                    "/environment/miniconda3/envs/py39/lib/python3.9/site-packages/torch/serialization.py",
                    441,
                    "save",
                    "_save(obj, opened_zipfile, pickle_module, pickle_protocol)",
                ),
                (
                    "/environment/miniconda3/envs/py39/lib/python3.9/site-packages/torch/serialization.py",
                    668,
                    "_save",
                    "zip_file.write_record(name, storage.data_ptr(), num_bytes)",
                ),
            ],
            "RuntimeError: [enforce fail at inline_container.cc:471] . PytorchStreamWriter failed writing file "
            "data/3: file write failed",
        ),
    ]
    return _fresh_job(
        id="disk-full-job-deepspeed-checkpoint-stream-writer",
        day=22,
        name="chatglm-ds-ft",
        ns="llm-ft",
        image="registry.corp.example/llm/chatglm-6b:ds0.9",
        command=["deepspeed", "--num_gpus=1", "main.py", "--deepspeed", "deepspeed.json"],
        lines=lines,
        category="disk-full",
        evidence="PytorchStreamWriter failed writing file",
        description="DeepSpeed fine-tuning saves its checkpoint at step 1428: the model states are written, then "
        "writing the optimizer states fails part-way - torch.save's zip writer cannot write its data because the "
        "output volume is full.",
        title="[BUG] PytorchStreamWriter failed writing file data/3: file write failed while saving a DeepSpeed "
        "checkpoint",
        source="https://github.com/zai-org/ChatGLM-6B/issues/1166",
        every=60,
    )


@SCENARIOS.add
def permission_denied_job_hf_cache_not_writable() -> CaseSpec:
    lines = [
        "2023-05-27 17:34:51.258871: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is "
        "optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following CPU instructions in "
        "performance-critical operations:  AVX2 AVX512F AVX512_VNNI FMA",
        "prepare tokenizer",
        *_py_traceback(
            [
                ("/app/train_network.py", 773, "<module>", "train(args)"),
                ("/app/train_network.py", 98, "train", "tokenizer = train_util.load_tokenizer(args)"),
                (
                    "/usr/local/lib/python3.10/site-packages/huggingface_hub/file_download.py",
                    1167,
                    "hf_hub_download",
                    "os.makedirs(storage_folder, exist_ok=True)",
                ),
                ("/usr/lib/python3.10/os.py", 215, "makedirs", "makedirs(head, exist_ok=exist_ok)"),
                ("/usr/lib/python3.10/os.py", 225, "makedirs", "mkdir(name, mode)"),
            ],
            "PermissionError: [Errno 13] Permission denied: '/home/appuser/.cache/huggingface'",
        ),
    ]
    return _fresh_job(
        id="permission-denied-job-hf-cache-not-writable",
        day=23,
        name="kohya-lora-train",
        ns="diffusion",
        image="registry.corp.example/diffusion/kohya-ss:v21",
        command=["accelerate", "launch", "train_network.py", "--pretrained_model_name_or_path=sd-v1-5"],
        lines=lines,
        category="permission-denied",
        evidence="Permission denied: '/home/appuser/.cache/huggingface'",
        description="LoRA training runs as a non-root user whose home cache directory is owned by another uid "
        "(mounted from the host); the hub client cannot create its cache folder there and the job fails.",
        title="While LORA training: PermissionError: [Errno 13] Permission denied: '/home/appuser/.cache/huggingface'",
        source="https://github.com/bmaltais/kohya_ss/issues/859",
    )


@SCENARIOS.add
def nccl_error_job_watchdog_timeout_single_node() -> CaseSpec:
    t = datetime(2026, 5, 24, 8, 0, 30, tzinfo=timezone.utc)
    progress = [
        f"2026-05-24 {8 + i // 6:02d}:{(i * 10) % 60:02d}:03 | INFO | train_inner | epoch {1 + i // 4:03d}:  "
        f"{(i % 4) * 500 + 100} / 2145 loss={2.81 - i * 0.01:.3f}, nll_loss={1.02 - i * 0.004:.3f}, ppl=2.03, "
        "wps=4126.3, ups=0.71, wpb=5811.2, bsz=128, num_updates="
        f"{469000 + i * 10}, lr=1e-05, gnorm=0.412, clip=0, loss_scale=64, train_wall=141, gb_free=19.8, wall=30211"
        for i in range(40)
    ]
    watch = [
        f"[E ProcessGroupNCCL.cpp:737] [Rank {r}] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 180221"
        f"{r} milliseconds before timing out."
        for r in (1, 3, 2, 6, 7, 5, 4)
    ]
    lines = [
        *torchrun_start(t),
        *progress,
        *watch,
        "[E ProcessGroupNCCL.cpp:414] Some NCCL operations have failed or timed out. Due to the asynchronous nature "
        "of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this "
        "inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'std::runtime_error'",
        "  what():  [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, "
        "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.",
        *torchrun_failed(
            t + timedelta(hours=9),
            rank=1,
            local_rank=1,
            exitcode=-6,
            pid=1402,
            host="ofa-caption-ft-0",
            script="train.py",
        ),
    ]
    return _fresh_job(
        id="nccl-error-job-watchdog-timeout-single-node",
        day=24,
        name="ofa-caption-ft",
        ns="vl-pretrain",
        image="registry.corp.example/vl/ofa:torch1.8-cu111",
        command=["torchrun", "--nproc_per_node=8", "train.py", "--task=caption"],
        resources=gpu(8, "480Gi", "64"),
        lines=lines,
        category="nccl-error",
        evidence="Watchdog caught collective operation timeout",
        description="Eight-GPU training on one node runs for hours, then every rank except rank 0 times out in "
        "the same allreduce after 30 minutes and the watchdog takes the processes down. No rank reported "
        "another error first: a collective that never completed.",
        title="Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, "
        "Timeout(ms)=1800000) after hours of training on a single 8xV100 node",
        source="https://github.com/OFA-Sys/OFA/issues/271",
        every=60,
    )


@SCENARIOS.add
def gpu_oom_job_paddle_external_cuda_error_2() -> CaseSpec:
    lines = [
        "[2022/05/28 10:11:42] ppocr INFO: train dataloader has 1250 iters",
        "[2022/05/28 10:11:42] ppocr INFO: valid dataloader has 63 iters",
        "W0528 10:11:43.101221  1402 gpu_context.cc:278] Please NOTE: device: 0, GPU Compute Capability: 7.5, Driver "
        "API Version: 11.4, Runtime API Version: 10.2",
        "W0528 10:11:43.112873  1402 gpu_context.cc:306] device: 0, cuDNN Version: 7.6.",
        *_py_traceback(
            [
                ("tools/train.py", 191, "<module>", "main(config, device, logger, vdl_writer)"),
                ("tools/train.py", 107, "main", "model = build_model(config['Architecture'])"),
                (
                    "/usr/local/lib/python3.7/site-packages/paddle/nn/initializer/normal.py",
                    97,
                    "__call__",
                    "out_var = _C_ops.gaussian_random(",
                ),
            ],
            "OSError: (External) CUDA error(2), out of memory.\n"
            "  [Hint: 'cudaErrorMemoryAllocation'. The API call failed because it was unable to allocate enough "
            "memory to perform the requested operation. ] (at /paddle/paddle/fluid/platform/stream/cuda_stream.cc:45)\n"
            "  [operator < gaussian_random > error]",
        ),
    ]
    return _fresh_job(
        id="gpu-oom-job-paddle-external-cuda-error-2",
        day=25,
        name="ppocr-det-train",
        ns="ocr",
        image="paddlepaddle/paddle:2.3.0-gpu-cuda10.2-cudnn7",
        command=["python3", "tools/train.py", "-c", "configs/det/det_mv3_db.yml"],
        lines=lines,
        category="gpu-oom",
        evidence="CUDA error(2), out of memory",
        description="PaddleOCR detection training: initialising the model's weights on the GPU fails with "
        "Paddle's external CUDA error 2, out of memory (cudaErrorMemoryAllocation). GPU memory ran out.",
        title="OSError: (External) CUDA error(2), out of memory when training PaddleOCR",
        source="https://github.com/PaddlePaddle/PaddleOCR/issues/6426",
    )


# -- a third batch of fresh reports --------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_jax_cudnn_version_mismatch() -> CaseSpec:
    lines = [
        "2023-07-31 02:11:05.513820: E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:439] Loaded runtime CuDNN "
        "library: 8.5.0 but source was compiled with: 8.6.0.  CuDNN library needs to have matching major version "
        "and equal or higher minor version. If using a binary install, upgrade your CuDNN library.  If building "
        "from sources, make sure the library loaded at runtime is compatible with the version specified during "
        "compile configuration.",
        *_py_traceback(
            [
                ("/app/train.py", 64, "<module>", "rng = jax.random.PRNGKey(0)"),
                (
                    "/usr/local/lib/python3.10/site-packages/jax/_src/random.py",
                    137,
                    "PRNGKey",
                    "key = prng.seed_with_impl(impl, seed)",
                ),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed. Look at "
            "the errors above for more details.",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-jax-cudnn-version-mismatch",
        day=26,
        name="flax-vit-train",
        ns="jax-research",
        image="registry.corp.example/jax/flax:0.4.14-cuda11",
        command=["python", "/app/train.py", "--config", "configs/vit_b16.py"],
        lines=lines,
        category="dependency-error",
        evidence="Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.6.0",
        description="A JAX job whose jaxlib was built against cuDNN 8.6 finds cuDNN 8.5 in the image: XLA "
        "refuses the older library and the first GPU computation fails with 'DNN library initialization "
        "failed'. The image's cuDNN does not match the installed jaxlib.",
        title="XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed - Loaded runtime CuDNN "
        "library: 8.5.0 but source was compiled with: 8.6.0",
        source="https://github.com/jax-ml/jax/issues/16901",
    )


@SCENARIOS.add
def nccl_error_job_horovod_ncclallreduce_unhandled_cuda_error() -> CaseSpec:
    frames = [
        (
            "/sw/lib/python3.9/site-packages/horovod/torch/mpi_ops.py",
            199,
            "forward",
            "return synchronize(handle)",
        ),
        (
            "/sw/lib/python3.9/site-packages/horovod/torch/mpi_ops.py",
            949,
            "synchronize",
            "raise HorovodInternalError(e)",
        ),
    ]
    lines = [f"[1,{r}]<stdout>:tensor([{1 + 2 * r}, {2 + 2 * r}], device='cuda:{r}') at rank:{r}" for r in range(4)] + [
        f"[1,{r}]<stderr>:{line}"
        for r in (0, 1)
        for line in _py_traceback(
            [("hvd_allreduce_test.py", 17, "main", "print(hvd.allreduce(t))"), *frames],
            "horovod.common.exceptions.HorovodInternalError: ncclAllReduce failed: unhandled cuda error",
        )
    ]
    return _fresh_job(
        id="nccl-error-job-horovod-ncclallreduce-unhandled-cuda-error",
        day=27,
        name="hvd-a100-allreduce",
        ns="hpc-users",
        image="registry.corp.example/hpc/horovod:0.23.0-torch1.10-cuda11.3",
        command=["horovodrun", "-np", "4", "python", "hvd_allreduce_test.py"],
        resources=gpu(4, "128Gi", "32"),
        lines=lines,
        category="nccl-error",
        evidence="ncclAllReduce failed: unhandled cuda error",
        description="Horovod with PyTorch on four A100s: every rank creates its tensor, and the first allreduce "
        "fails inside NCCL with 'unhandled cuda error' on each rank. The collective library cannot run on these "
        "GPUs as built.",
        title="Horovod does not work with NCCL on A100 GPUs: HorovodInternalError: ncclAllReduce failed: unhandled "
        "cuda error",
        source="https://github.com/horovod/horovod/issues/3618",
        every=1,
    )


@SCENARIOS.add
def network_error_job_hf_local_entry_not_found_connection() -> CaseSpec:
    lines = [
        "final text_encoder_type: bert-base-uncased",
        *_py_traceback(
            [
                ("run_VisA_public.py", 118, "<module>", "model = SAA.Model(**model_kwargs)"),
                (
                    "/usr/local/lib/python3.8/site-packages/transformers/utils/hub.py",
                    409,
                    "cached_file",
                    "resolved_file = hf_hub_download(",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/huggingface_hub/file_download.py",
                    1259,
                    "hf_hub_download",
                    "raise LocalEntryNotFoundError(",
                ),
            ],
            "huggingface_hub.utils._errors.LocalEntryNotFoundError: Connection error, and we cannot find the "
            "requested files in the disk cache. Please try again or make sure your Internet connection is on.",
        ),
    ]
    return _fresh_job(
        id="network-error-job-hf-local-entry-not-found-connection",
        day=28,
        name="saa-visa-eval",
        ns="anomaly",
        image="registry.corp.example/vision/segment-any-anomaly:torch1.13",
        command=["python", "run_VisA_public.py"],
        lines=lines,
        category="network-error",
        evidence="Connection error, and we cannot find the requested files in the disk cache",
        description="An evaluation Job loads a text encoder from the model hub: the connection fails and the "
        "files are not cached in the pod, so huggingface_hub gives up with LocalEntryNotFoundError. The hub was "
        "not reachable.",
        title="huggingface_hub LocalEntryNotFoundError: Connection error, and we cannot find the requested files in "
        "the disk cache",
        source="https://github.com/caoyunkang/Segment-Any-Anomaly/issues/18",
    )


@SCENARIOS.add
def gpu_oom_job_xgboost_caching_allocator() -> CaseSpec:
    lines = [
        "2022-09-29 22:20:03,114 INFO [main] XGBoostSpark: Running XGBoost 1.6.2 with parameters:",
        "alpha -> 0.0, max_depth -> 8, tree_method -> gpu_hist, num_workers -> 4, num_round -> 100",
        "2022-09-29 22:22:41,591 ERROR [Executor task launch worker for task 1.0 in stage 6.0 (TID 204)] "
        "XGBoostSpark (XGBoost.scala:buildDistributedBooster(358)) - XGBooster worker 1 has failed 0 times due to",
        "ml.dmlc.xgboost4j.java.XGBoostError: [22:22:41] /workspace/src/tree/updater_gpu_hist.cu:712: Exception in "
        "gpu_hist: [22:22:41] /workspace/jvm-packages/xgboost4j-gpu/src/native/../../../../src/common/"
        "device_helpers.cuh:428: Memory allocation error on worker 3: Caching allocator",
        "- Free memory: 224067584",
        "- Requested memory: 878511352",
    ]
    return _fresh_job(
        id="gpu-oom-job-xgboost-caching-allocator",
        day=29,
        name="xgb-mortgage-gpu",
        ns="tabular",
        image="registry.corp.example/spark/spark-rapids-xgboost:22.10",
        command=["spark-submit", "--class", "com.example.mortgage.Main", "/app/mortgage.jar"],
        resources=gpu(4, "128Gi", "32"),
        lines=lines,
        category="gpu-oom",
        evidence="Memory allocation error on worker 3: Caching allocator",
        description="GPU XGBoost training on a large dataset: building the histograms needs 878 MB more on a GPU "
        "with 224 MB free, and the gpu_hist updater fails with a memory allocation error. GPU memory ran out.",
        title="XGBoost GPU training failed with OOM: Memory allocation error on worker 3: Caching allocator",
        source="https://github.com/dmlc/xgboost/issues/8292",
    )


@SCENARIOS.add
def nccl_error_job_horovod_tf_ncclcomminitrank_unhandled_system_error() -> CaseSpec:
    lines = [
        *[f"[1,{r}]<stderr>:INFO:tensorflow:Create CheckpointSaverHook." for r in range(2)],
        "[1,0]<stderr>:Traceback (most recent call last):",
        '[1,0]<stderr>:  File "/usr/local/lib/python2.7/dist-packages/tensorflow/python/client/session.py", line 1278, '
        "in _do_call",
        "[1,0]<stderr>:    return fn(*args)",
        "[1,0]<stderr>:tensorflow.python.framework.errors_impl.UnknownError: ncclCommInitRank failed: ncclCommInitRank "
        "failed: unhandled system error",
        "[1,0]<stderr>:\t [[Node: DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_dense_1_BiasAdd_"
        'grad_tuple_control_dependency_1_0 = HorovodAllreduce[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/'
        'device:GPU:0"](gradients/dense_1/BiasAdd_grad/tuple/control_dependency_1)]]',
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    ]
    return _fresh_job(
        id="nccl-error-job-horovod-tf-ncclcomminitrank-unhandled-system-error",
        day=30,
        name="hvd-mnist-estimator",
        ns="hvd-examples",
        image="registry.corp.example/hvd/horovod:0.16-tf1.12-py2",
        command=["mpirun", "-np", "2", "-H", "hostA:1,hostB:1", "python", "tensorflow_mnist_estimator.py"],
        lines=lines,
        category="nccl-error",
        evidence="ncclCommInitRank failed: unhandled system error",
        description="Horovod's TensorFlow estimator example across two hosts: the first allreduce has to create "
        "the NCCL communicator, and ncclCommInitRank fails with 'unhandled system error' (the hosts cannot open "
        "NCCL's connections to each other).",
        title="tensorflow_mnist_estimator fails: ncclCommInitRank failed: unhandled system error",
        source="https://github.com/horovod/horovod/issues/1195",
        every=1,
    )


# -- a fourth batch of fresh reports -------------------------------------------------------------


@SCENARIOS.add
def oom_killed_job_paddle_dataloader_killed() -> CaseSpec:
    lines = [
        "INFO 2022-11-02 08:20:11,052 launch.py:402] Run Collective mode. gpu arguments:['--gpus'], cuda count:1",
        "INFO 2022-11-02 08:20:11,054 launch_utils.py:557] Local start 1 processes. First process distributed "
        "environment info (Only For Debug):",
        *[
            f"[11/02 08:{21 + i // 2:02d}:{(i * 30) % 60:02d}] ppdet.engine INFO: Epoch: [0] [{i * 20:>4}/1806] "
            f"learning_rate: 0.000{100 + i * 10} loss: {3.9 - i * 0.02:.6f} loss_cls: 1.2{i % 10} eta: 9:{58 - i}:01 "
            "batch_cost: 0.6213 data_cost: 0.0009 ips: 12.8763 images/s"
            for i in range(30)
        ],
        *_py_traceback(
            [
                ("tools/train.py", 172, "<module>", "main()"),
                ("tools/train.py", 132, "run", "trainer.train(FLAGS.eval)"),
                (
                    "/mnt/PaddleDetection/ppdet/engine/trainer.py",
                    453,
                    "train",
                    "for step_id, data in enumerate(self.loader):",
                ),
                (
                    "/usr/local/python3.7.0/lib/python3.7/site-packages/paddle/fluid/multiprocess_utils.py",
                    134,
                    "__handler__",
                    "core._throw_error_if_process_failed()",
                ),
            ],
            "SystemError: (Fatal) DataLoader process (pid 1104) exited is killed by signal: Killed. (at "
            "/paddle/paddle/fluid/imperative/data_loader.cc:181)",
        ),
        "INFO 2022-11-02 08:42:32,186 launch_utils.py:341] terminate all the procs",
        "ERROR 2022-11-02 08:42:32,186 launch_utils.py:604] ABORT!!! Out of all 1 trainers, the trainer process with "
        "rank=[0] was aborted. Please check its log.",
    ]
    return _fresh_job(
        id="oom-killed-job-paddle-dataloader-killed",
        day=31,
        name="ppyoloe-train",
        ns="detection",
        image="registry.corp.example/vision/paddledetection:2.5-gpu",
        command=["python", "-m", "paddle.distributed.launch", "--gpus", "0", "tools/train.py", "-c", "ppyoloe.yml"],
        resources=gpu(1, "16Gi", "8"),
        lines=lines,
        category="oom-killed",
        evidence="DataLoader process (pid 1104) exited is killed by signal: Killed",
        description="PaddleDetection training: twenty minutes in, a DataLoader worker process is killed by signal "
        "9 - the kernel's OOM killer, the pod's memory limit being small for the loader's workers - and the "
        "launcher aborts the trainer.",
        title="ABORT!!! Out of all 1 trainers ... SystemError: (Fatal) DataLoader process exited is killed by "
        "signal: Killed",
        source="https://github.com/PaddlePaddle/PaddleDetection/issues/7252",
        every=40,
    )


@SCENARIOS.add
def application_error_job_deepspeed_batch_size_assertion() -> CaseSpec:
    t = datetime(2026, 6, 1, 8, 0, 30, tzinfo=timezone.utc)
    lines = [
        *torchrun_start(t),
        *_py_traceback(
            [
                ("/workspace/codealpaca/train.py", 222, "<module>", "train()"),
                ("/workspace/codealpaca/train.py", 216, "train", "trainer.train()"),
                (
                    "/usr/local/lib/python3.9/site-packages/deepspeed/runtime/config.py",
                    891,
                    "_batch_assertion",
                    'f"Check batch related parameters. train_batch_size is not equal "',
                ),
            ],
            "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu "
            "* gradient_acc_step * world_size 256 != 8 * 1 * 8",
        ),
        *torchrun_failed(
            t + timedelta(seconds=95),
            rank=0,
            local_rank=0,
            exitcode=1,
            pid=91809,
            host="codealpaca-ft-0",
            script="train.py",
        ),
    ]
    return _fresh_job(
        id="application-error-job-deepspeed-batch-size-assertion",
        day=1,
        name="codealpaca-ft",
        ns="code-llm",
        image="registry.corp.example/llm/codealpaca:ds0.9",
        command=["torchrun", "--nproc_per_node=8", "train.py", "--deepspeed", "ds_config.json"],
        resources=gpu(8, "900Gi", "96"),
        lines=lines,
        category="application-error",
        evidence="Check batch related parameters",
        description="DeepSpeed checks its batch settings at initialisation: the config's train_batch_size (256) "
        "does not equal micro batch x accumulation x world size (8 x 1 x 8), so it refuses to start. The run's own "
        "settings disagree.",
        title="AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu "
        "* gradient_acc_step * world_size 256 != 8 * 1 * 8",
        source="https://github.com/sahil280114/codealpaca/issues/14",
    )


@SCENARIOS.add
def cuda_error_job_lightning_requested_gpus_machine_has_none() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                (
                    "run.py",
                    41,
                    "<module>",
                    "runner = Trainer(logger=tb_logger, callbacks=callbacks, **config['trainer_params'])",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/pytorch_lightning/trainer/connectors/"
                    "accelerator_connector.py",
                    106,
                    "__init__",
                    "self.parallel_device_ids = device_parser.parse_gpu_ids(self.gpus)",
                ),
                (
                    "/usr/local/lib/python3.8/site-packages/pytorch_lightning/utilities/device_parser.py",
                    78,
                    "parse_gpu_ids",
                    "gpus = _sanitize_gpu_ids(gpus)",
                ),
            ],
            "pytorch_lightning.utilities.exceptions.MisconfigurationException: You requested GPUs: [1]",
        ),
        " But your machine only has: [] ",
    ]
    return _fresh_job(
        id="cuda-error-job-lightning-requested-gpus-machine-has-none",
        day=2,
        name="vae-train",
        ns="vision-gen",
        image="registry.corp.example/vision/pytorch-vae:pl1.5",
        command=["python", "run.py", "-c", "configs/vae.yaml"],
        lines=lines,
        category="cuda-error",
        evidence="But your machine only has: []",
        description="A Lightning Trainer asks for a GPU in a pod that was given one, but the process sees no "
        "CUDA device at all (the installed torch cannot use it), so Lightning refuses to start. The GPU is not "
        "usable from the container.",
        title="pytorch_lightning MisconfigurationException: You requested GPUs: [1] But your machine only has: []",
        source="https://github.com/AntixK/PyTorch-VAE/issues/81",
    )


@SCENARIOS.add
def application_error_job_tf_collective_ops_startup() -> CaseSpec:
    lines = [
        "2019-11-25 10:02:11.401832: I tensorflow/core/platform/cpu_feature_guard.cc:142] Your CPU supports "
        "instructions that this TensorFlow binary was not compiled to use: AVX2 FMA",
        *_py_traceback(
            [
                (
                    "multi_worker_keras.py",
                    31,
                    "<module>",
                    "strategy = tf.distribute.experimental.MultiWorkerMirroredStrategy()",
                ),
                (
                    "/usr/local/lib/python2.7/dist-packages/tensorflow_core/python/distribute/"
                    "collective_all_reduce_strategy.py",
                    297,
                    "_initialize_multi_worker",
                    "context.context().configure_collective_ops(",
                ),
                (
                    "/usr/local/lib/python2.7/dist-packages/tensorflow_core/python/eager/context.py",
                    582,
                    "configure_collective_ops",
                    'raise RuntimeError("Collective ops must be configured at program startup")',
                ),
            ],
            "RuntimeError: Collective ops must be configured at program startup",
        ),
    ]
    return _fresh_job(
        id="application-error-job-tf-collective-ops-startup",
        day=3,
        name="keras-mwms-worker0",
        ns="tf-examples",
        image="tensorflow/tensorflow:2.0.0-py2",
        command=["python", "multi_worker_keras.py"],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        category="application-error",
        evidence="Collective ops must be configured at program startup",
        description="The multi-worker Keras tutorial: the script touches the eager context (builds a dataset) "
        "before creating MultiWorkerMirroredStrategy, so the strategy can no longer configure collective ops. "
        "The order of the code is wrong.",
        title="RuntimeError: Collective ops must be configured at program startup with MultiWorkerMirroredStrategy",
        source="https://github.com/tensorflow/tensorflow/issues/34568",
    )


# -- a fifth batch of fresh reports --------------------------------------------------------------


@SCENARIOS.add
def nccl_error_job_p2p_peer_access_not_supported() -> CaseSpec:
    host = "z-pc"
    lines = [
        f"{host}:909608:910337 [0] NCCL INFO Channel 00/02 :    0   1",
        f"{host}:909608:910337 [0] NCCL INFO Channel 01/02 :    0   1",
        f"{host}:909608:910337 [0] NCCL INFO threadThresholds 8/8/64 | 16/8/64 | 8/8/64",
        f"{host}:909608:910337 [0] NCCL INFO Trees [0] 1/-1/-1->0->-1|-1->0->1/-1/-1 [1] 1/-1/-1->0->-1|-1->0->1/-1/-1",
        f"{host}:909608:910337 [0] NCCL INFO Channel 00 : 0[2d000] -> 1[2e000] via P2P/IPC",
        "",
        f"{host}:909608:910337 [0] transport/p2p.cc:238 NCCL WARN failed to open CUDA IPC handle : 217 peer access "
        "is not supported between these two devices",
        f"{host}:909608:910337 [0] NCCL INFO transport.cc:68 -> 1",
        *_py_traceback(
            [
                ("tune.py", 88, "train_fn", "trainer.fit(model)"),
                (
                    "/opt/conda/lib/python3.8/site-packages/torch/nn/parallel/distributed.py",
                    405,
                    "__init__",
                    "self._sync_params_and_buffers(authoritative_rank=0)",
                ),
            ],
            "RuntimeError: NCCL error in: /opt/conda/conda-bld/pytorch_1603729062494/work/torch/lib/c10d/"
            "ProcessGroupNCCL.cpp:784, unhandled cuda error, NCCL version 2.7.8",
        ),
    ]
    return _fresh_job(
        id="nccl-error-job-p2p-peer-access-not-supported",
        day=4,
        name="lightning-tune-2gpu",
        ns="hpo",
        image="registry.corp.example/hpo/ray-lightning:torch1.7",
        command=["python", "tune.py"],
        resources=gpu(2, "64Gi", "16"),
        lines=lines,
        category="nccl-error",
        evidence="peer access is not supported between these two devices",
        description="Two-GPU DDP training: NCCL picks P2P/IPC between the GPUs, but these consumer cards cannot "
        "map each other's memory, so opening the IPC handle fails and NCCL reports 'unhandled cuda error' "
        "(NCCL_P2P_DISABLE=1 avoids it).",
        title="NCCL peer access is not supported error: failed to open CUDA IPC handle : 217, then NCCL error "
        "unhandled cuda error",
        source="https://github.com/ray-project/ray_lightning/issues/24",
        every=0.5,
    )


@SCENARIOS.add
def rendezvous_error_job_c10d_store_connection_failed_json() -> CaseSpec:
    lines = [
        "ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:{",
        '  "message": {',
        '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner '
        'exception for details.",',
        '    "extraInfo": {',
        '      "py_callstack": "Traceback (most recent call last):\\n  File \\"/root/anaconda3/lib/python3.8/'
        'site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\\", line 155, in '
        "_create_tcp_store\\n    store = TCPStore(\\nRuntimeError: connect() timed out. Original timeout was 60000 "
        "ms.\\n\\nThe above exception was the direct cause of the following exception:\\n\\nTraceback (most recent "
        'call last):\\n  File \\"/root/anaconda3/lib/python3.8/site-packages/torch/distributed/run.py\\", line 719, '
        "in main\\n    run(args)\\ntorch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The "
        'connection to the C10d store has failed. See inner exception for details.\\n",',
        '      "timestamp": "1635588512"',
        "    }",
        "  }",
        "}",
        *_py_traceback(
            [
                (
                    "/root/anaconda3/lib/python3.8/runpy.py",
                    194,
                    "_run_module_as_main",
                    "return _run_code(code, main_globals, None,",
                ),
                (
                    "/root/anaconda3/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/"
                    "c10d_rendezvous_backend.py",
                    155,
                    "_create_tcp_store",
                    "store = TCPStore(",
                ),
            ],
            "RuntimeError: connect() timed out. Original timeout was 60000 ms.",
        ),
    ]
    return _fresh_job(
        id="rendezvous-error-job-c10d-store-connection-failed-json",
        day=5,
        name="imagenet-elastic",
        ns="vision-train",
        image="registry.corp.example/vision/imagenet-elastic:torch1.10",
        command=[
            "python3",
            "-m",
            "torch.distributed.run",
            "--rdzv_backend=c10d",
            "--rdzv_endpoint=imagenet-elastic-master:29400",
            "--nnodes=1:2",
            "imagenet_cpu.py",
        ],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        category="rendezvous-error",
        evidence="connect() timed out. Original timeout was 60000 ms",
        description="An elastic torchrun on a second node cannot reach the c10d rendezvous store on the first: "
        "connecting to the endpoint times out after 60 s and torchrun's error handler reports "
        "RendezvousConnectionError in its JSON record. The ranks never met.",
        title="The connection to the C10d store has failed: RendezvousConnectionError, connect() timed out",
        source="https://github.com/pytorch/pytorch/issues/67581",
        every=0.2,
    )


@SCENARIOS.add
def application_error_job_deepspeed_num_heads_divisible_by_mp_size() -> CaseSpec:
    lines = [
        "[2023-05-30 06:21:44,118] [INFO] [logging.py:96:log_dist] [Rank -1] DeepSpeed info: version=0.9.2, "
        "git-hash=unknown, git-branch=unknown",
        "[2023-05-30 06:21:44,119] [WARNING] [config_utils.py:69:_process_deprecated_field] Config parameter mp_size "
        "is deprecated use tensor_parallel.tp_size instead",
        *_py_traceback(
            [
                ("/app/infer_tp.py", 37, "<module>", "pipe.model = deepspeed.init_inference(pipe.model,"),
                (
                    "/usr/local/lib/python3.10/site-packages/deepspeed/module_inject/auto_tp.py",
                    380,
                    "_replace",
                    'assert self.num_heads % self.mp_size == 0, "num_heads ({}) must be divisible by mp_size ({})"',
                ),
            ],
            "AssertionError: num_heads (52) must be divisible by mp_size (8)",
        ),
    ]
    return _fresh_job(
        id="application-error-job-deepspeed-num-heads-divisible-by-mp-size",
        day=6,
        name="llama30b-tp-infer",
        ns="llm-eval",
        image="registry.corp.example/llm/deepspeed-inference:0.9.2",
        command=["deepspeed", "--num_gpus", "8", "/app/infer_tp.py"],
        resources=gpu(8, "900Gi", "96"),
        lines=lines,
        category="application-error",
        evidence="num_heads (52) must be divisible by mp_size (8)",
        description="Tensor-parallel inference of a model with 52 attention heads on 8 GPUs: DeepSpeed's "
        "automatic tensor parallelism needs the head count to divide by the parallel size and refuses. The run's "
        "parallel setting does not fit the model.",
        title="[BUG] AssertionError: num_heads (52) must be divisible by mp_size (8)",
        source="https://github.com/deepspeedai/DeepSpeed/issues/3634",
    )


# -- a sixth batch of fresh reports --------------------------------------------------------------


@SCENARIOS.add
def nccl_error_job_socket_connect_software_abort() -> CaseSpec:
    h = "ubuntu:39964"
    lines = [
        "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
        "validation: 1 graph: 0",
        f"{h}:39964 [0] NCCL INFO Bootstrap : Using eno1:10.0.0.1<0>",
        f"{h}:40075 [0] misc/socket.cc:483 NCCL WARN socketStartConnect: Connect to 10.0.0.2<45763> failed : "
        "Software caused connection abort",
        f"{h}:40075 [0] NCCL INFO misc/socket.cc:564 -> 2",
        f"{h}:40075 [0] NCCL INFO transport/net_socket.cc:336 -> 2",
        "",
        f"{h}:40075 [0] proxy.cc:1519 NCCL WARN [Proxy Service 0] Failed to execute operation Connect from rank 0, "
        "retcode 2",
        "",
        f"{h}:40044 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node1<57557>",
        f"{h}:40044 [0] NCCL INFO misc/socket.cc:749 -> 6",
        "",
        f"{h}:40044 [0] proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f6f18cb7f40",
        f"{h}:40044 [0] NCCL INFO transport/net.cc:288 -> 3",
        "ubuntu: Test NCCL failure common.cu:958 'internal error - please report this issue to the NCCL developers / '",
        " .. ubuntu pid 39964: Test failure common.cu:842",
    ]
    return _fresh_job(
        id="nccl-error-job-socket-connect-software-abort",
        day=7,
        name="nccl-allreduce-2node",
        ns="gpu-burnin",
        image="registry.corp.example/infra/nccl-tests:2.18.3",
        command=["mpirun", "-np", "16", "./build/all_reduce_perf", "-b", "8", "-e", "128M", "-f", "2", "-g", "1"],
        resources=gpu(8, "256Gi", "32"),
        lines=lines,
        category="nccl-error",
        evidence="socketStartConnect: Connect to 10.0.0.2<45763> failed",
        description="nccl-tests across two nodes over sockets: NCCL's proxy cannot connect to the other node "
        "(connect aborted), the peer closes its side, and the test fails with an NCCL internal error. The "
        "connection between the nodes' NCCL processes failed.",
        title="Test NCCL failure common.cu:958 'internal error' after socketStartConnect: Connect to ... failed : "
        "Software caused connection abort",
        source="https://github.com/NVIDIA/nccl-tests/issues/166",
        every=0.3,
    )


@SCENARIOS.add
def rendezvous_error_job_jax_coordinator_connection_refused() -> CaseSpec:
    lines = [
        "I0817 17:41:02.118204     412 distributed.py:104] Connecting to JAX distributed service on "
        "10.186.213.145:13305",
        *_py_traceback(
            [
                ("/app/train.py", 31, "<module>", "jax.distributed.initialize()"),
                (
                    "/usr/local/lib/python3.11/site-packages/jax/_src/distributed.py",
                    120,
                    "initialize",
                    "self.client.connect()",
                ),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: failed to connect to all addresses; last error: "
            "UNKNOWN: ipv4:10.186.213.145:13305: Failed to connect to remote host: Connection refused",
        ),
    ]
    return _fresh_job(
        id="rendezvous-error-job-jax-coordinator-connection-refused",
        day=8,
        name="moe-jax-gang",
        ns="jax-research",
        image="registry.corp.example/jax/levanter:0.4.36-cuda12",
        command=["python", "/app/train.py", "--config", "moe_small.yaml"],
        resources=gpu(4, "512Gi", "64"),
        lines=lines,
        category="rendezvous-error",
        evidence="failed to connect to all addresses",
        description="A multi-process JAX job: every process calls jax.distributed.initialize, and none can reach "
        "the coordinator's port - the connection is refused - so the processes never form the cluster.",
        title="JAX gang cannot bootstrap its coordinator: UNAVAILABLE: failed to connect to all addresses ... "
        "Connection refused",
        source="https://github.com/marin-community/marin/issues/7650",
    )


# -- a fourth batch of fresh reports (round 2) ---------------------------------------------------


@SCENARIOS.add
def nccl_error_job_bootstrap_no_socket_interface() -> CaseSpec:
    lines = [
        "=> merge config from config/grootv_t_1k_224.yaml",
        "RANK and WORLD_SIZE in environ: 0/1",
        *_py_traceback(
            [
                ("/app/classification/main.py", 627, "<module>", "torch.distributed.barrier()"),
                (
                    "/opt/conda/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py",
                    3145,
                    "barrier",
                    "work = default_pg.barrier(opts=opts)",
                ),
            ],
            "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1201, internal error, "
            "NCCL version 2.14.3\nncclInternalError: Internal check failed.\nLast error:\n"
            "Bootstrap : no socket interface found",
        ),
    ]
    return _fresh_job(
        id="nccl-error-job-bootstrap-no-socket-interface",
        day=1,
        name="grootv-cls-train",
        ns="vision",
        image="registry.corp.example/vision/grootv:torch1.13-cu117",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node", "1", "classification/main.py"],
        lines=lines,
        category="nccl-error",
        evidence="Bootstrap : no socket interface found",
        description="An image-classification training calls a barrier on its NCCL process group: NCCL cannot "
        "bootstrap because it finds no usable network interface, and the first collective fails with an "
        "internal error. The communication library's network setup failed.",
        title="RuntimeError: NCCL error ... internal error - ncclInternalError: Bootstrap : no socket interface found",
        source="https://github.com/EasonXiao-888/MambaTree/issues/14",
    )


@SCENARIOS.add
def cuda_error_job_cublas_execution_failed_sgemm() -> CaseSpec:
    lines = [
        "Start training",
        *_py_traceback(
            [
                ("main.py", 301, "<module>", "main(args)"),
                ("main.py", 247, "main", "train_stats = train_one_epoch("),
                ("/app/engine.py", 44, "train_one_epoch", "outputs = model(samples)"),
                ("/app/models/cdn.py", 163, "forward", "hopd_out = self.hopd_decoder(tgt, memory)"),
            ],
            "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, "
            "m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-cublas-execution-failed-sgemm",
        day=2,
        name="cdn-hico-train",
        ns="hoi-detection",
        image="registry.corp.example/vision/cdn:torch1.7-cu101",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node=1", "--use_env", "main.py"],
        lines=lines,
        category="cuda-error",
        evidence="CUBLAS_STATUS_EXECUTION_FAILED",
        description="A human-object-interaction detector's first forward pass fails inside cuBLAS: the GEMM kernel "
        "does not execute (CUBLAS_STATUS_EXECUTION_FAILED). The CUDA toolkit in the image does not work with this "
        "GPU and driver.",
        title="RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm(...)` in training",
        source="https://github.com/YueLiao/CDN/issues/29",
    )


@SCENARIOS.add
def dependency_error_job_glibc_version_not_found_extension() -> CaseSpec:
    lines = [
        "Training 3D with config sam2_hiera_s, image size 1024",
        *_py_traceback(
            [
                ("train_3d.py", 97, "<module>", "main()"),
                (
                    "train_3d.py",
                    89,
                    "main",
                    "loss = function.train_sam(args, net, optimizer, nice_train_loader, epoch)",
                ),
                ("/app/func_3d/function.py", 114, "train_sam", "_, _, _ = net.train_add_new_prompt("),
                ("/app/sam2_train/utils/misc.py", 61, "get_connected_components", "from sam2_train import _C"),
            ],
            "ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found (required by "
            "/app/sam2_train/_C.so)",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-glibc-version-not-found-extension",
        day=3,
        name="medsam2-3d-train",
        ns="medical-imaging",
        image="registry.corp.example/medical/medical-sam2:ubuntu20.04",
        command=["python", "train_3d.py", "-net", "sam2", "-exp_name", "BTCV_MedSAM2"],
        lines=lines,
        category="dependency-error",
        evidence="version `GLIBC_2.32' not found",
        description="A segmentation training imports its compiled extension during the first step: the extension "
        "was built against glibc 2.32 and the image's C library is older, so the import fails.",
        title="ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found (required by _C.so)",
        source="https://github.com/ImprintLab/Medical-SAM2/issues/25",
    )


@SCENARIOS.add
def gpu_oom_job_tf_resource_exhausted_tile() -> CaseSpec:
    lines = [
        "2018-06-08 17:26:00.908082: I tensorflow/core/common_runtime/bfc_allocator.cc:680] Stats: ",
        "Limit:                 10625279591",
        "InUse:                  7350513920",
        "MaxInUse:               7464792320",
        "2018-06-08 17:26:00.908130: W tensorflow/core/framework/op_kernel.cc:1202] OP_REQUIRES failed at "
        "tile_ops.cc:123 : Resource exhausted: OOM when allocating tensor with shape[16,1,892800,8,4,2,2] and type "
        "float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        *_py_traceback(
            [
                ("timit_train.py", 231, "<module>", "runner.run()"),
                (
                    "/usr/local/lib/python3.5/site-packages/tensorflow/python/client/session.py",
                    1361,
                    "_do_call",
                    "return fn(*args)",
                ),
            ],
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
            "shape[16,1,892800,8,4,2,2] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
            "GPU_0_bfc",
        ),
    ]
    return _fresh_job(
        id="gpu-oom-job-tf-resource-exhausted-tile",
        day=4,
        name="asr-timit-train",
        ns="speech",
        image="tensorflow/tensorflow:1.8.0-gpu-py3",
        command=["python", "timit_train.py", "--mode", "train"],
        lines=lines,
        category="gpu-oom",
        evidence="OOM when allocating tensor with shape",
        description="A TensorFlow speech-recognition training asks the GPU allocator for a huge tiled tensor; the "
        "BFC allocator has 7 of its 10 GB in use and cannot fit it, so the step fails with ResourceExhaustedError.",
        title="ResourceExhaustedError: OOM when allocating tensor with shape[16,1,892800,8,4,2,2]",
        source="https://github.com/zzw922cn/Automatic_Speech_Recognition/issues/78",
    )


@SCENARIOS.add
def cuda_error_job_paddle_cudnn_execution_failed() -> CaseSpec:
    lines = [
        "2023-09-12 10:02:11 [INFO]\t[TRAIN] epoch: 1, iter: 10/40000, loss: 2.1033, lr: 0.009998, batch_cost: "
        "0.4120, reader_cost: 0.01921, ips: 9.7087 samples/sec",
        *_py_traceback(
            [
                ("tools/train.py", 195, "<module>", "main(args)"),
                ("tools/train.py", 170, "main", "train("),
                ("/app/paddleseg/core/train.py", 243, "train", "loss.backward()"),
                (
                    "/usr/local/lib/python3.8/site-packages/paddle/fluid/dygraph/varbase_patch_methods.py",
                    297,
                    "backward",
                    "core.eager.run_backward([self], grad_tensor, retain_graph)",
                ),
            ],
            "OSError: (External) CUDNN error(8), CUDNN_STATUS_EXECUTION_FAILED.\n"
            "  [Hint: Please search for the error code(8) on website (https://docs.nvidia.com/deeplearning/cudnn/"
            "api/index.html#cudnnStatus_t) to get Nvidia's official solution and advice about CUDNN Error.] (at "
            "/paddle/paddle/phi/kernels/gpudnn/conv_grad_kernel.cu:502)",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-paddle-cudnn-execution-failed",
        day=5,
        name="paddleseg-pplite-train",
        ns="segmentation",
        image="paddlepaddle/paddle:2.5.1-gpu-cuda11.7-cudnn8.4-trt8.4",
        command=["python", "tools/train.py", "--config", "configs/pp_liteseg/custom.yml"],
        lines=lines,
        category="cuda-error",
        evidence="CUDNN_STATUS_EXECUTION_FAILED",
        description="A PaddleSeg training runs ten iterations and then the backward pass of a convolution fails "
        "inside cuDNN with CUDNN_STATUS_EXECUTION_FAILED: the GPU kernel did not run.",
        title="OSError: (External) CUDNN error(8), CUDNN_STATUS_EXECUTION_FAILED in loss.backward()",
        source="https://github.com/PaddlePaddle/Paddle/issues/57242",
    )


@SCENARIOS.add
def cuda_error_job_tf_blas_gemm_launch_failed() -> CaseSpec:
    lines = [
        "2026-05-06 08:00:31.204217: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] Created TensorFlow "
        "device (/job:localhost/replica:0/task:0/device:GPU:0 with 10470 MB memory) -> physical GPU (device: 0, "
        "name: GeForce GTX 1080 Ti, pci bus id: 0000:02:00.0, compute capability: 6.1)",
        *_py_traceback(
            [
                ("/workspace/train.py", 182, "<module>", "train(config)"),
                (
                    "/workspace/train.py",
                    112,
                    "train",
                    "_, target_loss, summary = sess.run([optimizer.train, model.target_loss, train_summary], "
                    "feed_dict=feed_dict)",
                ),
                (
                    "/usr/local/lib/python3.5/dist-packages/tensorflow/python/client/session.py",
                    1348,
                    "_do_call",
                    "raise type(e)(node_def, op, message)",
                ),
            ],
            "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : a.shape=(4, 1024), "
            "b.shape=(4, 3072), m=1024, n=3072, k=4\n"
            "\t [[node gradients/pcn_decoder_1/fc_2/MatMul_grad/MatMul_1 (defined at /workspace/optimizer.py:31) ]]",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-tf-blas-gemm-launch-failed",
        day=6,
        name="saum-pcn-train",
        ns="point-cloud",
        image="tensorflow/tensorflow:1.13.1-gpu-py3",
        command=["python", "/workspace/train.py", "--config", "configs/pcn.yaml"],
        lines=lines,
        category="cuda-error",
        evidence="Blas GEMM launch failed",
        description="A TensorFlow 1.x point-cloud completion training fails on its first step: cuBLAS cannot run "
        "the matrix multiply of a gradient and TensorFlow raises InternalError: Blas GEMM launch failed.",
        title="tensorflow InternalError: Blas GEMM launch failed : a.shape=(4, 1024), b.shape=(4, 3072)",
        source="https://github.com/countywest/SAUM/issues/1",
    )


@SCENARIOS.add
def dependency_error_job_jaxlib_newer_than_jax() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                ("/app/train.py", 3, "<module>", "import jax"),
                ("/usr/local/lib/python3.10/site-packages/jax/__init__.py", 37, "<module>", "import jax.core as _core"),
                (
                    "/usr/local/lib/python3.10/site-packages/jax/_src/lib/__init__.py",
                    70,
                    "check_jaxlib_version",
                    "raise RuntimeError(msg)",
                ),
            ],
            "RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6. Please update "
            "your jax and/or jaxlib packages.",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-jaxlib-newer-than-jax",
        day=7,
        name="flax-lm-pretrain",
        ns="jax-research",
        image="registry.corp.example/jax/flax-lm:2023.09",
        command=["python", "/app/train.py", "--config", "configs/small.py"],
        lines=lines,
        category="dependency-error",
        evidence="is newer than and incompatible with jax version",
        description="A JAX training job fails at `import jax`: the image has jaxlib 0.4.14 and jax 0.4.6, and jax "
        "refuses a jaxlib newer than it supports. The two packages must be installed at matching versions.",
        title="RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6",
        source="https://github.com/jax-ml/jax/issues/17638",
    )


@SCENARIOS.add
def dependency_error_job_deepspeed_cuda_mismatch() -> CaseSpec:
    lines = [
        "[2024-04-24 09:13:02,118] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "Using /root/.cache/torch_extensions/py310_cu117 as PyTorch extensions root...",
        *_py_traceback(
            [
                ("/app/mgm/train/train_mem.py", 13, "<module>", 'train(attn_implementation="flash_attention_2")'),
                ("/app/mgm/train/train.py", 1203, "train", "trainer.train()"),
                (
                    "/usr/local/lib/python3.10/site-packages/deepspeed/ops/op_builder/builder.py",
                    102,
                    "assert_no_cuda_mismatch",
                    "raise CUDAMismatchException(",
                ),
            ],
            "deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version "
            "12.2 does not match the version torch was compiled with 11.7, unable to compile cuda/cpp extensions "
            "without a matching cuda version.",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-deepspeed-cuda-mismatch",
        day=8,
        name="mgm-2b-pretrain",
        ns="multimodal",
        image="registry.corp.example/mm/mgm:cuda12.2-torch2.0",
        command=["deepspeed", "mgm/train/train_mem.py", "--deepspeed", "scripts/zero2.json"],
        lines=lines,
        category="dependency-error",
        evidence="does not match the version torch was compiled with",
        description="A DeepSpeed fine-tune builds its fused optimizer on first use: the image's CUDA toolkit is 12.2 "
        "and PyTorch was built for CUDA 11.7, so DeepSpeed's op builder refuses to compile the extension.",
        title="CUDAMismatchException: DeepSpeed Op Builder: Installed CUDA version 12.2 does not match the version "
        "torch was compiled with 11.7",
        source="https://github.com/JIA-Lab-research/MGM/issues/91",
    )


@SCENARIOS.add
def dependency_error_job_horovod_framework_version_mismatch() -> CaseSpec:
    lines = [
        f"[1,{r}]<stderr>:{line}"
        for r in (0, 1)
        for line in _py_traceback(
            [
                ("train_keras.py", 5, "<module>", "import horovod.keras as hvd"),
                (
                    "/usr/local/lib/python3.7/dist-packages/horovod/tensorflow/mpi_ops.py",
                    49,
                    "<module>",
                    "check_installed_version('tensorflow', tf.__version__, e)",
                ),
                (
                    "/usr/local/lib/python3.7/dist-packages/horovod/common/util.py",
                    268,
                    "check_installed_version",
                    "raise HorovodVersionMismatchError(name, version, installed_version) from exception",
                ),
            ],
            "horovod.common.exceptions.HorovodVersionMismatchError: Framework tensorflow installed with version "
            "2.3.0 but found version 2.4.1.",
        )
    ]
    return _fresh_job(
        id="dependency-error-job-horovod-framework-version-mismatch",
        day=9,
        name="hvd-keras-mnist",
        ns="hpc-users",
        image="registry.corp.example/hpc/horovod-tf:0.21.3",
        command=["horovodrun", "-np", "2", "python", "train_keras.py"],
        resources=gpu(2, "64Gi", "16"),
        lines=lines,
        category="dependency-error",
        evidence="HorovodVersionMismatchError",
        description="A Horovod Keras training fails on import in every rank: Horovod was built against TensorFlow "
        "2.3.0 and the image now has 2.4.1, so its native ops cannot load. Horovod must be rebuilt for the "
        "installed framework.",
        title="HorovodVersionMismatchError: Framework tensorflow installed with version 2.3.0 but found version 2.4.1",
        source="https://github.com/horovod/horovod/issues/2619",
        every=0.2,
    )


@SCENARIOS.add
def nan_loss_job_distribution_invalid_values() -> CaseSpec:
    lines = [
        "Sat Aug 30 06:36:49 2025 - scAtlasVAE - INFO -  max_epoch is not provided, setting max_epoch to 321",
        *_py_traceback(
            [
                ("/app/train_reference.py", 48, "<module>", "reference_model.fit(lr=1e-3)"),
                ("/app/scatlasvae/model/_gex_model.py", 1395, "fit", "H, R, L = self.forward("),
                ("/app/scatlasvae/model/_gex_model.py", 982, "encode", "z = Normal(q_mu, q_var.sqrt()).rsample()"),
                (
                    "/usr/local/lib/python3.8/site-packages/torch/distributions/distribution.py",
                    56,
                    "__init__",
                    "raise ValueError(",
                ),
            ],
            "ValueError: Expected parameter loc (Tensor of shape (128, 10)) of distribution Normal(loc: "
            "torch.Size([128, 10]), scale: torch.Size([128, 10])) to satisfy the constraint Real(), but found "
            "invalid values:\n"
            "tensor([[nan, nan, nan,  ..., nan, nan, nan],\n"
            "        [nan, nan, nan,  ..., nan, nan, nan],\n"
            "        [nan, nan, nan,  ..., nan, nan, nan]], device='cuda:0',\n"
            "       grad_fn=<AddmmBackward0>)",
        ),
    ]
    return _fresh_job(
        id="nan-loss-job-distribution-invalid-values",
        day=10,
        name="scatlas-vae-reference",
        ns="single-cell",
        image="registry.corp.example/bio/scatlasvae:torch1.13",
        command=["python", "/app/train_reference.py"],
        lines=lines,
        category="nan-loss",
        evidence="but found invalid values",
        description="A variational autoencoder's encoder outputs NaN during training: building the Normal "
        "distribution from the NaN means fails torch.distributions' argument check. The training diverged "
        "(the thread's fix was a lower learning rate).",
        title="ValueError: Expected parameter loc ... of distribution Normal ... to satisfy the constraint Real(), but "
        "found invalid values: tensor([[nan, nan, ...",
        source="https://github.com/WanluLiuLab/scAtlasVAE/issues/16",
    )


@SCENARIOS.add
def nccl_error_job_jax_ncclcomminitrank_unhandled_cuda() -> CaseSpec:
    err = (
        "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL operation ncclCommInitRank(&comm, nranks, "
        "id, rank) failed: unhandled cuda error"
    )
    lines = [
        "2023-09-01 10:20:11.257960: W external/xla/xla/service/gpu/runtime/support.cc:58] Intercepted XLA runtime "
        "error:",
        err,
        "2023-09-01 10:20:11.257981: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2593] Execution of "
        "replica 3 failed: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call "
        f"'xla.gpu.all_reduce' failed: {err.removeprefix('INTERNAL: ')}; current tracing scope: all-reduce-start.163; "
        "current profiling annotation: XlaModule:#hlo_module=pmap_train_step,program_id=1239#.",
        *_py_traceback(
            [
                ("/app/train.py", 211, "<module>", "state, metrics = p_train_step(state, batch)"),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time "
            "error: custom call 'xla.gpu.all_reduce' failed: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL "
            "operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error; current tracing scope: "
            "all-reduce-start.163",
        ),
    ]
    return _fresh_job(
        id="nccl-error-job-jax-ncclcomminitrank-unhandled-cuda",
        day=11,
        name="jax-pmap-resnet",
        ns="jax-research",
        image="registry.corp.example/jax/flax-examples:0.4.14-cuda12",
        command=["python", "/app/train.py", "--workdir", "/ckpt/resnet50"],
        resources=gpu(8, "512Gi", "64"),
        lines=lines,
        category="nccl-error",
        evidence="ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error",
        description="A pmapped JAX training on eight GPUs reaches its first all-reduce: XLA creates the NCCL "
        "communicator and ncclCommInitRank fails with 'unhandled cuda error' on the replicas. The collective "
        "library could not set up communication between the GPUs.",
        title="Intercepted XLA runtime error: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: "
        "unhandled cuda error",
        source="https://github.com/jax-ml/jax/issues/17399",
    )


@SCENARIOS.add
def dependency_error_job_jax_unable_to_load_nccl() -> CaseSpec:
    err = (
        "external/xla/xla/service/gpu/nccl_utils.cc:133: NCCL operation ncclGetUniqueId(&id) failed: Unable to load "
        "NCCL library. Multi-GPU collectives will not work."
    )
    lines = [
        "I1105 10:02:13.481002 140312230876992 xla_bridge.py:660] Unable to initialize backend 'rocm': NOT_FOUND: "
        'Could not find registered platform with name: "rocm". Available platform names are: CUDA',
        *_py_traceback(
            [
                ("/app/train.py", 188, "<module>", "state, loss = train_step(state, batch)"),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time "
            f"error: custom call 'xla.gpu.all_reduce' failed: {err}; current tracing scope: all-reduce-start; current "
            "profiling annotation:",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-jax-unable-to-load-nccl",
        day=12,
        name="jax-hep-classifier",
        ns="physics",
        image="registry.corp.example/jax/jax:0.4.20-cuda12-pip",
        command=["python", "/app/train.py"],
        resources=gpu(4, "256Gi", "32"),
        lines=lines,
        category="dependency-error",
        evidence="Unable to load NCCL library",
        description="A JAX training sharded over four GPUs reaches its first all-reduce and XLA cannot load the "
        "NCCL library at all: the image's jax/jaxlib install lacks the NCCL package it needs for multi-GPU "
        "collectives.",
        title="XlaRuntimeError: NCCL operation ncclGetUniqueId(&id) failed: Unable to load NCCL library. Multi-GPU "
        "collectives will not work.",
        source="https://github.com/jax-ml/jax/issues/18391",
    )


@SCENARIOS.add
def nccl_error_job_gloo_recv_timeout() -> CaseSpec:
    frames = [
        ("/app/recipes/lora_finetune_distributed.py", 894, "train", "self.save_checkpoint(epoch=curr_epoch)"),
        ("/app/recipes/lora_finetune_distributed.py", 745, "save_checkpoint", "torch.distributed.barrier()"),
        (
            "/usr/local/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py",
            4556,
            "barrier",
            "work.wait()",
        ),
    ]
    lines = [
        "1|20000|Loss: 0.8127623796463013: 100%|██████████| 20000/20000 [5:11:02<00:00,  1.07it/s]",
        *[
            f"[rank2]: {line}"
            for line in _py_traceback(
                frames,
                "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting "
                "1800000ms for recv operation to complete",
            )
        ],
    ]
    return _fresh_job(
        id="nccl-error-job-gloo-recv-timeout",
        day=13,
        name="torchtune-lora-70b",
        ns="llm-finetune",
        image="registry.corp.example/llm/torchtune:0.6.1",
        command=["tune", "run", "--nproc_per_node", "4", "lora_finetune_distributed", "--config", "70B_lora.yaml"],
        resources=gpu(4, "512Gi", "64"),
        lines=lines,
        category="nccl-error",
        evidence="Timed out waiting 1800000ms for recv operation to complete",
        description="A distributed LoRA fine-tune finishes its epoch and the ranks meet in a barrier before saving "
        "the checkpoint: the barrier runs over Gloo and times out after 30 minutes waiting to receive from a peer.",
        title="torchtune: RuntimeError: [gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for "
        "recv operation to complete",
        source="https://github.com/meta-pytorch/torchtune/issues/2676",
        every=1,
    )


@SCENARIOS.add
def config_error_job_wandb_api_key_not_configured() -> CaseSpec:
    lines = [
        "==((====))==  Unsloth 2025.3.4: Fast Qwen2 patching. Transformers: 4.49.0.",
        "wandb: WARNING The `run_name` is currently set to the same value as `TrainingArguments.output_dir`.",
        "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])",
        *_py_traceback(
            [
                ("/data/scripts/grpo_think.py", 185, "<module>", "trainer.train()"),
                (
                    "/usr/local/lib/python3.12/site-packages/transformers/trainer.py",
                    2171,
                    "train",
                    "return inner_training_loop(",
                ),
                (
                    "/usr/local/lib/python3.12/site-packages/transformers/integrations/integration_utils.py",
                    843,
                    "setup",
                    "self._wandb.init(",
                ),
                (
                    "/usr/local/lib/python3.12/site-packages/wandb/sdk/wandb_login.py",
                    247,
                    "prompt_api_key",
                    'raise UsageError("api_key not configured (no-tty). call " + directive)',
                ),
            ],
            "wandb.errors.errors.UsageError: api_key not configured (no-tty). call wandb.login(key=[your_api_key])",
        ),
    ]
    return _fresh_job(
        id="config-error-job-wandb-api-key-not-configured",
        day=14,
        name="grpo-qwen-think",
        ns="llm-finetune",
        image="registry.corp.example/llm/unsloth:2025.3",
        command=["python", "/data/scripts/grpo_think.py"],
        lines=lines,
        category="config-error",
        evidence="api_key not configured (no-tty)",
        description="A GRPO fine-tune reports to Weights & Biases: when training starts, wandb finds no API key in "
        "the pod (no WANDB_API_KEY, no terminal to ask) and raises, so the job ends before the first step. The "
        "key was never given to the container.",
        title="wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key]) when training",
        source="https://github.com/unslothai/unsloth/issues/1914",
    )


@SCENARIOS.add
def dependency_error_job_lightgbm_gpu_not_enabled() -> CaseSpec:
    lines = [
        "/usr/local/lib/python3.7/site-packages/lightgbm/engine.py:151: UserWarning: Found `num_trees` in params. "
        "Will use it instead of argument",
        '  warnings.warn("Found `{}` in params. Will use it instead of argument".format(alias))',
        "[LightGBM] [Fatal] GPU Tree Learner was not enabled in this build.",
        "Please recompile with CMake option -DUSE_GPU=1",
        *_py_traceback(
            [
                ("/app/gbdt_lr.py", 54, "<module>", "valid_sets=lgb_train)"),
                (
                    "/usr/local/lib/python3.7/site-packages/lightgbm/engine.py",
                    231,
                    "train",
                    "booster = Booster(params=params, train_set=train_set)",
                ),
                (
                    "/usr/local/lib/python3.7/site-packages/lightgbm/basic.py",
                    55,
                    "_safe_call",
                    "raise LightGBMError(decode_string(_LIB.LGBM_GetLastError()))",
                ),
            ],
            "lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build.\n"
            "Please recompile with CMake option -DUSE_GPU=1",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-lightgbm-gpu-not-enabled",
        day=15,
        name="ctr-gbdt-lr",
        ns="ads-ranking",
        image="registry.corp.example/tabular/lightgbm:3.1.1",
        command=["python", "/app/gbdt_lr.py"],
        lines=lines,
        category="dependency-error",
        evidence="GPU Tree Learner was not enabled in this build",
        description="A LightGBM training asks for device=gpu, but the lightgbm package in the image was built "
        "without GPU support, so creating the booster fails. The package must be built with -DUSE_GPU=1.",
        title="LightGBMError: GPU Tree Learner was not enabled in this build. Please recompile with CMake option "
        "-DUSE_GPU=1",
        source="https://github.com/lightgbm-org/LightGBM/issues/3696",
    )


@SCENARIOS.add
def network_error_job_datasets_couldnt_reach_script() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                ("src/train.py", 180, "<module>", "train_dataset, dev_dataset, test_dataset = create_race_dataset()"),
                (
                    "src/train.py",
                    130,
                    "create_race_dataset",
                    'train_dataset = load_dataset("race", "all", split="train")',
                ),
                (
                    "/usr/local/lib/python3.7/site-packages/datasets/load.py",
                    591,
                    "load_dataset",
                    "path, script_version=script_version, download_config=download_config, "
                    "download_mode=download_mode, dataset=True",
                ),
                (
                    "/usr/local/lib/python3.7/site-packages/datasets/utils/file_utils.py",
                    617,
                    "get_from_cache",
                    'raise ConnectionError("Couldn\'t reach {}".format(url))',
                ),
            ],
            "ConnectionError: Couldn't reach https://raw.githubusercontent.com/huggingface/datasets/1.2.1/datasets/"
            "race/race.py",
        ),
    ]
    return _fresh_job(
        id="network-error-job-datasets-couldnt-reach-script",
        day=17,
        name="race-qa-train",
        ns="nlp-research",
        image="registry.corp.example/nlp/qa-trainer:datasets1.2.1",
        command=["python", "src/train.py"],
        lines=lines,
        category="network-error",
        evidence="Couldn't reach https://raw.githubusercontent.com",
        description="A question-answering training loads its dataset with the datasets library, which first "
        "downloads the dataset's loading script; the download fails and load_dataset raises ConnectionError. "
        "The pod could not reach the host serving the script.",
        title="datasets load_dataset: ConnectionError: Couldn't reach https://raw.githubusercontent.com/.../race.py",
        source="https://github.com/huggingface/datasets/issues/1764",
    )


@SCENARIOS.add
def application_error_job_fsdp_flat_param_requires_grad() -> CaseSpec:
    frames = [
        ("/app/train.py", 285, "<module>", "train()"),
        ("/app/train.py", 278, "train", "trainer.train()"),
        (
            "/usr/local/lib/python3.9/site-packages/transformers/trainer.py",
            1675,
            "_inner_training_loop",
            "self.model = self.accelerator.prepare(self.model)",
        ),
        (
            "/usr/local/lib/python3.9/site-packages/torch/distributed/fsdp/flat_param.py",
            440,
            "_init_flat_param",
            "raise ValueError(",
        ),
    ]
    lines = [
        f"[rank{r}]: {line}"
        for r in (0, 1)
        for line in _py_traceback(frames, "ValueError: `FlatParameter` requires uniform `requires_grad`")
    ]
    return _fresh_job(
        id="application-error-job-fsdp-flat-param-requires-grad",
        day=18,
        name="mammoth-peft-fsdp",
        ns="llm-finetune",
        image="registry.corp.example/llm/mammoth:torch2.0-peft",
        command=["torchrun", "--nproc_per_node", "2", "/app/train.py", "--fsdp", "full_shard auto_wrap"],
        resources=gpu(2, "256Gi", "32"),
        lines=lines,
        category="application-error",
        evidence="`FlatParameter` requires uniform `requires_grad`",
        description="A PEFT (LoRA) model is wrapped with FSDP by the Trainer: FSDP flattens frozen base weights "
        "and trainable adapter weights into one parameter and refuses the mix. The training configuration "
        "(FSDP without use_orig_params, around a partly frozen model) is wrong.",
        title="Trainer fails with FSDP and a PEFT model: ValueError: `FlatParameter` requires uniform `requires_grad`",
        source="https://github.com/huggingface/transformers/issues/27744",
        every=0.3,
    )


@SCENARIOS.add
def application_error_job_megatron_epoch_samples_exceeded() -> CaseSpec:
    lines = [
        "> building train, validation, and test datasets ...",
        " > datasets target sizes (minimum size):",
        "    train:      4000",
        "    validation: 80",
        "    test:       40",
        "> building train, validation, and test datasets for GPT ...",
        " > building dataset index ...",
        *_py_traceback(
            [
                ("pretrain_gpt.py", 149, "<module>", "pretrain(train_valid_test_datasets_provider, model_provider,"),
                (
                    "/workspace/Megatron-LM/megatron/data/gpt_dataset.py",
                    342,
                    "_build_index_mappings",
                    "assert last_epoch_num_samples <= num_samples_per_epoch, \\",
                ),
            ],
            "AssertionError: last epoch number of samples exceeded max value.",
        ),
    ]
    return _fresh_job(
        id="application-error-job-megatron-epoch-samples-exceeded",
        day=19,
        name="megatron-gpt-small",
        ns="llm-pretrain",
        image="nvcr.io/nvidia/pytorch:21.10-py3",
        command=["bash", "examples/pretrain_gpt.sh"],
        lines=lines,
        category="application-error",
        evidence="last epoch number of samples exceeded max value",
        description="A Megatron GPT pretraining builds the index of its training samples and fails an assertion: "
        "the dataset and the requested sample counts (iterations, batch size, split) do not fit together.",
        title="Megatron pretrain_gpt: AssertionError: last epoch number of samples exceeded max value.",
        source="https://github.com/NVIDIA/Megatron-LM/issues/176",
    )


@SCENARIOS.add
def application_error_job_lightning_no_test_dataloader() -> CaseSpec:
    lines = [
        "Epoch 0: 100%|██████████| 6100/6100 [1:42:13<00:00,  1.01s/it, loss=0.104, v_num=0, train/loss_simple_step="
        "0.0612]",
        "`Trainer.fit` stopped: `max_steps=6100` reached.",
        *_py_traceback(
            [
                ("main.py", 813, "<module>", "trainer.test(model, data)"),
                (
                    "/usr/local/lib/python3.8/site-packages/pytorch_lightning/trainer/configuration_validator.py",
                    50,
                    "verify_loop_configurations",
                    '__verify_eval_loop_configuration(trainer, model, "test")',
                ),
            ],
            "pytorch_lightning.utilities.exceptions.MisconfigurationException: No `test_dataloader()` method "
            "defined to run `Trainer.test`.",
        ),
    ]
    return _fresh_job(
        id="application-error-job-lightning-no-test-dataloader",
        day=20,
        name="textual-inversion-sd",
        ns="diffusion",
        image="registry.corp.example/diffusion/textual-inversion:pl1.6",
        command=["python", "main.py", "--base", "configs/stable-diffusion/v1-finetune.yaml", "-t"],
        lines=lines,
        category="application-error",
        evidence="No `test_dataloader()` method defined to run `Trainer.test`",
        description="A textual-inversion fine-tune trains to its step limit and the script then calls "
        "Trainer.test, but the data module defines no test dataloader, so Lightning raises a "
        "MisconfigurationException. The training script's own flow is at fault.",
        title="pytorch_lightning MisconfigurationException: No 'test_dataloader()' method defined to run "
        "'Trainer.test' after training",
        source="https://github.com/rinongal/textual_inversion/issues/36",
    )


@SCENARIOS.add
def application_error_job_deepspeed_zero3_rank_disagreement() -> CaseSpec:
    lines = [
        "Epoch 0:   0%|          | 0/2000 [00:00<?, ?it/s]",
        *[
            f"[rank{r}]: {line}"
            for r in (0, 2)
            for line in _py_traceback(
                [
                    ("/app/train.py", 88, "<module>", "trainer.fit(model, datamodule=dm)"),
                    (
                        "/usr/local/lib/python3.10/site-packages/deepspeed/runtime/zero/partitioned_param_coordinator.py",
                        264,
                        "fetch_sub_module",
                        "assert_ints_same_as_other_ranks([p.ds_id for p in params_to_fetch])",
                    ),
                    (
                        "/usr/local/lib/python3.10/site-packages/deepspeed/utils/debug.py",
                        62,
                        "assert_ints_same_as_other_ranks",
                        'raise RuntimeError(f"disagreement between rank0 and rank{dist.get_rank()}: "',
                    ),
                ],
                "RuntimeError: disagreement between rank0 and rank2: rank0: [-4866073977605047075, "
                "-4957833660337767236, 4361942804416314505, -4876770194190910351], rank2: [2, 3, 4, 6, 34, 7, 8, 10]",
            )
        ],
    ]
    return _fresh_job(
        id="application-error-job-deepspeed-zero3-rank-disagreement",
        day=21,
        name="lightning-ds3-pretrain",
        ns="llm-pretrain",
        image="registry.corp.example/llm/lightning-deepspeed:2.1-bf16",
        command=["python", "/app/train.py", "--strategy", "deepspeed_stage_3", "--devices", "8"],
        resources=gpu(8, "1Ti", "96"),
        lines=lines,
        category="application-error",
        evidence="disagreement between rank0 and rank2",
        description="A Lightning training with DeepSpeed ZeRO stage 3 on eight GPUs fails in its first step: "
        "the ranks fetch different parameters for the same submodule, and DeepSpeed's consistency check raises. "
        "The model runs different code paths on different ranks - a problem in the training code with ZeRO-3, "
        "not the communication.",
        title="Deepspeed Stage 3 crashes Lightning trainer: RuntimeError: disagreement between rank0 and rank2",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/19096",
        every=0.3,
    )


@SCENARIOS.add
def application_error_job_deepspeed_zero3_backward_size_mismatch() -> CaseSpec:
    lines = [
        "[2023-10-02 10:21:44,118] [INFO] [stage3.py:1850:step] [deepspeed] OVERFLOW! Rank 0 Skipping step.",
        *_py_traceback(
            [
                ("/app/train.py", 512, "train_one_epoch", "model.backward(divided_loss_laion)"),
                (
                    "/usr/local/lib/python3.9/site-packages/deepspeed/runtime/engine.py",
                    1923,
                    "backward",
                    "self.optimizer.backward(loss, retain_graph=retain_graph)",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/deepspeed/runtime/fp16/loss_scaler.py",
                    63,
                    "backward",
                    "scaled_loss.backward(retain_graph=retain_graph)",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/torch/autograd/__init__.py",
                    200,
                    "backward",
                    "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                ),
            ],
            "RuntimeError: The size of tensor a (0) must match the size of tensor b (4096) at non-singleton dimension 1",
        ),
    ]
    return _fresh_job(
        id="application-error-job-deepspeed-zero3-backward-size-mismatch",
        day=22,
        name="openflamingo-ds3",
        ns="multimodal",
        image="registry.corp.example/mm/openflamingo:ds0.10-torch2.0",
        command=["deepspeed", "/app/train.py", "--deepspeed_config", "ds_zero3.json"],
        lines=lines,
        category="application-error",
        evidence="The size of tensor a (0) must match the size of tensor b",
        description="A multimodal training that works with ZeRO stage 2 fails in the backward pass under stage 3: "
        "a parameter the model uses outside its module's forward is still partitioned (size 0) when autograd "
        "needs it. The model code does not fit ZeRO-3's parameter gathering.",
        title="[BUG] DeepSpeed Stage 2 works but Stage 3 reports the error while loss backward: The size of tensor a "
        "(0) must match the size of tensor b",
        source="https://github.com/deepspeedai/DeepSpeed/issues/4437",
    )


@SCENARIOS.add
def crash_signal_job_accelerate_child_segfault() -> CaseSpec:
    lines = [
        "Running:  accelerate-launch /opt/conda/lib/python3.10/site-packages/accelerate/test_utils/scripts/"
        "test_script.py",
        "stderr: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0 (pid: 15084) "
        "of binary: /opt/conda/bin/python",
        "stderr: Traceback (most recent call last):",
        'stderr:   File "/opt/conda/bin/accelerate-launch", line 8, in <module>',
        "stderr:     sys.exit(main())",
        'stderr:   File "/opt/conda/lib/python3.10/site-packages/accelerate/commands/launch.py", line 627, in '
        "multi_gpu_launcher",
        "stderr:     distrib_run.run(args)",
        "stderr: torch.distributed.elastic.multiprocessing.errors.ChildFailedError:",
        "stderr: ============================================================",
        "stderr: /opt/conda/lib/python3.10/site-packages/accelerate/test_utils/scripts/test_script.py FAILED",
        "stderr: ------------------------------------------------------------",
        "stderr: Failures:",
        "stderr:   <NO_OTHER_FAILURES>",
        "stderr: ------------------------------------------------------------",
        "stderr: Root Cause (first observed failure):",
        "stderr: [0]:",
        "stderr:   time      : 2024-01-12_08:00:41",
        "stderr:   host      : gpu-node-07",
        "stderr:   rank      : 0 (local_rank: 0)",
        "stderr:   exitcode  : -11 (pid: 15084)",
        "stderr:   error_file: <N/A>",
        "stderr:   traceback : Signal 11 (SIGSEGV) received by PID 15084",
        "stderr: ============================================================",
    ]
    return _fresh_job(
        id="crash-signal-job-accelerate-child-segfault",
        day=23,
        name="accelerate-smoke-test",
        ns="ml-platform",
        image="registry.corp.example/llm/accelerate:0.20.3-torch2.0.1",
        command=["accelerate", "test"],
        resources=gpu(2, "128Gi", "16"),
        lines=lines,
        category="crash-signal",
        evidence="Signal 11 (SIGSEGV) received by PID 15084",
        description="accelerate's multi-GPU self-test starts two processes; rank 0 dies of a segmentation fault "
        "(exit code -11, SIGSEGV) before printing anything of its own, and torchrun's summary reports it. A native "
        "crash in the process.",
        title="Multi-GPU doesn't work: accelerate test fails with failed (exitcode: -11) local_rank: 0",
        source="https://github.com/huggingface/accelerate/issues/847",
        every=0.1,
    )


@SCENARIOS.add
def cuda_error_job_jax_no_visible_gpu_devices() -> CaseSpec:
    lines = [
        "2024-11-12 15:36:48.401160: E external/xla/xla/stream_executor/cuda/cuda_driver.cc:152] failed call to "
        "cuInit: INTERNAL: CUDA error: Failed call to cuInit: CUDA_ERROR_SYSTEM_NOT_READY: system not yet initialized",
        *_py_traceback(
            [
                (
                    "/usr/local/lib/python3.11/site-packages/jax/_src/xla_bridge.py",
                    896,
                    "backends",
                    "backend = _init_backend(platform)",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/jaxlib/xla_client.py",
                    200,
                    "make_c_api_client",
                    "return _xla.get_c_api_client(plugin_name, options, distributed_client)",
                ),
            ],
            "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: No visible GPU devices.",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_py_traceback(
            [
                ("/app/train.py", 41, "<module>", "print(jax.devices())"),
                (
                    "/usr/local/lib/python3.11/site-packages/jax/_src/xla_bridge.py",
                    915,
                    "backends",
                    "raise RuntimeError(err_msg)",
                ),
            ],
            "RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU devices. (you may "
            "need to uninstall the failing plugin package, or set JAX_PLATFORMS=cpu to skip this backend.)",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-jax-no-visible-gpu-devices",
        day=24,
        name="jax-hgx-smoke",
        ns="jax-research",
        image="registry.corp.example/jax/jax:0.4.35-cuda12",
        command=["python", "/app/train.py"],
        resources=gpu(8, "512Gi", "64"),
        lines=lines,
        category="cuda-error",
        evidence="No visible GPU devices",
        description="A JAX job on an eight-GPU node cannot initialise CUDA: cuInit fails with "
        "CUDA_ERROR_SYSTEM_NOT_READY, so the CUDA backend sees no GPU and JAX refuses to start on it.",
        title="CUDA_ERROR_SYSTEM_NOT_READY: system not yet initialized - Unable to initialize backend 'cuda': "
        "FAILED_PRECONDITION: No visible GPU devices",
        source="https://github.com/jax-ml/jax/issues/24866",
    )


@SCENARIOS.add
def dependency_error_job_paddle_not_compiled_with_cuda() -> CaseSpec:
    lines = [
        *_py_traceback(
            [
                ("tools/train.py", 32, "<module>", 'engine = Engine(config, mode="train")'),
                (
                    "/app/ppcls/engine/engine.py",
                    99,
                    "__init__",
                    'self.device = paddle.set_device(self.config["Global"]["device"])',
                ),
                (
                    "/usr/local/lib/python3.7/dist-packages/paddle/device/__init__.py",
                    181,
                    "_convert_to_place",
                    "\"The device should not be 'gpu', \"",
                ),
            ],
            "ValueError: The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-paddle-not-compiled-with-cuda",
        day=25,
        name="ppcls-retrieval-finetune",
        ns="vision",
        image="registry.corp.example/vision/paddleclas:2.5.1",
        command=["python3.7", "tools/train.py", "-c", "./ppcls/configs/quick_start/MobileNetV1_retrieval.yaml"],
        lines=lines,
        category="dependency-error",
        evidence="PaddlePaddle is not compiled with CUDA",
        description="A PaddleClas fine-tune asks for the GPU, but the paddle package the image imports is the CPU "
        "build (both paddlepaddle and paddlepaddle-gpu are installed), so setting the device fails.",
        title="ValueError: The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA",
        source="https://github.com/PaddlePaddle/PaddleClas/issues/3170",
    )


@SCENARIOS.add
def permission_denied_job_mlflow_403() -> CaseSpec:
    lines = [
        "Epoch 10/10 - loss: 0.4312 - val_loss: 0.4507",
        "Elasticnet model (alpha=0.500000, l1_ratio=0.500000):",
        "  RMSE: 0.7931640229276851",
        *_py_traceback(
            [
                ("/app/train.py", 91, "<module>", 'mlflow.log_metric("rmse", rmse)'),
                (
                    "/usr/local/lib/python3.10/site-packages/mlflow/utils/rest_utils.py",
                    158,
                    "verify_rest_response",
                    "raise MlflowException(",
                ),
            ],
            "mlflow.exceptions.MlflowException: API request to endpoint /api/2.0/mlflow/runs/update failed with "
            "error code 403 != 200. Response body: ''",
        ),
    ]
    return _fresh_job(
        id="permission-denied-job-mlflow-403",
        day=26,
        name="wine-elasticnet",
        ns="mlops-demo",
        image="registry.corp.example/mlops/sklearn-mlflow:2.10",
        command=["python", "/app/train.py", "0.5", "0.5"],
        resources=cpu_only("8Gi", "4"),
        lines=lines,
        category="permission-denied",
        evidence="failed with error code 403 != 200",
        description="A training Job reports its run to a remote MLflow tracking server: the server answers 403 "
        "Forbidden to the run update, and the script ends with MlflowException. The job's credentials are not "
        "allowed to write to that experiment.",
        title="mlflow.exceptions.MlflowException: API request to endpoint /api/2.0/mlflow/runs/update failed with "
        "error code 403 != 200",
        source="https://github.com/mlflow/mlflow/issues/9877",
    )


@SCENARIOS.add
def dependency_error_job_deepspeed_ninja_required() -> CaseSpec:
    lines = [
        "Using /workspace/.cache/torch_extensions as PyTorch extensions root...",
        *_py_traceback(
            [
                ("transformers/examples/pytorch/summarization/run_summarization.py", 651, "<module>", "main()"),
                (
                    "/usr/local/lib/python3.6/site-packages/transformers/deepspeed.py",
                    426,
                    "deepspeed_init",
                    "deepspeed_engine, optimizer, _, lr_scheduler = deepspeed.initialize(**kwargs)",
                ),
                (
                    "/usr/local/lib/python3.6/site-packages/deepspeed/ops/op_builder/builder.py",
                    370,
                    "jit_load",
                    "verify_ninja_availability()",
                ),
                (
                    "/usr/local/lib/python3.6/site-packages/torch/utils/cpp_extension.py",
                    1430,
                    "verify_ninja_availability",
                    'raise RuntimeError("Ninja is required to load C++ extensions")',
                ),
            ],
            "RuntimeError: Ninja is required to load C++ extensions",
        ),
    ]
    return _fresh_job(
        id="dependency-error-job-deepspeed-ninja-required",
        day=27,
        name="t5-summarization-ds",
        ns="nlp-research",
        image="registry.corp.example/nlp/transformers-deepspeed:4.12",
        command=["deepspeed", "run_summarization.py", "--deepspeed", "ds_config_zero2.json"],
        lines=lines,
        category="dependency-error",
        evidence="Ninja is required to load C++ extensions",
        description="A summarization fine-tune with DeepSpeed compiles its optimizer op at start: torch's extension "
        "loader cannot find the ninja build tool in the image, so the op cannot be built.",
        title="RuntimeError: Ninja is required to load C++ extensions (DeepSpeed with the Trainer)",
        source="https://github.com/deepspeedai/DeepSpeed/issues/1644",
    )


@SCENARIOS.add
def cuda_error_job_lightning_no_supported_gpu_backend() -> CaseSpec:
    lines = [
        "Seed set to 1234",
        *_py_traceback(
            [
                ("/app/GPT_SoVITS/s1_train.py", 171, "<module>", "main(args)"),
                ("/app/GPT_SoVITS/s1_train.py", 110, "main", "trainer: Trainer = Trainer("),
                (
                    "/usr/local/lib/python3.10/site-packages/pytorch_lightning/trainer/connectors/"
                    "accelerator_connector.py",
                    372,
                    "_choose_gpu_accelerator_backend",
                    'raise MisconfigurationException("No supported gpu backend found!")',
                ),
            ],
            "lightning_fabric.utilities.exceptions.MisconfigurationException: No supported gpu backend found!",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-lightning-no-supported-gpu-backend",
        day=28,
        name="sovits-s1-train",
        ns="speech",
        image="registry.corp.example/speech/gpt-sovits:2024.02",
        command=["python", "GPT_SoVITS/s1_train.py", "--config_file", "TEMP/tmp_s1.yaml"],
        lines=lines,
        category="cuda-error",
        evidence="No supported gpu backend found",
        description="A Lightning training is configured for GPUs, but PyTorch in the pod sees no usable CUDA "
        "device, so creating the Trainer fails with 'No supported gpu backend found'.",
        title="MisconfigurationException: No supported gpu backend found! when training GPT-SoVITS",
        source="https://github.com/RVC-Boss/GPT-SoVITS/issues/363",
    )


@SCENARIOS.add
def config_error_job_s3_no_credentials_checkpoint() -> CaseSpec:
    lines = [
        "20:23:24.142 [I] Downloading s3://openpi-assets/checkpoints/pi0_fast_base/params to "
        "/root/.cache/openpi/openpi-assets/checkpoints/pi0_fast_base/params (4039534:download.py:88)",
        *_py_traceback(
            [
                ("/app/scripts/train.py", 280, "<module>", "main(_config.cli())"),
                (
                    "/app/scripts/train.py",
                    236,
                    "main",
                    "train_state, train_state_sharding = init_train_state(config, init_rng, mesh, resume=resuming)",
                ),
                (
                    "/app/scripts/train.py",
                    122,
                    "init_train_state",
                    "partial_params = _load_weights_and_validate(config.weight_loader, "
                    "train_state_shape.params.to_pure_dict())",
                ),
                (
                    "/usr/local/lib/python3.11/site-packages/botocore/auth.py",
                    418,
                    "add_auth",
                    "raise NoCredentialsError()",
                ),
            ],
            "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
        ),
    ]
    return _fresh_job(
        id="config-error-job-s3-no-credentials-checkpoint",
        day=1,
        name="pi0-fast-finetune",
        ns="robotics",
        image="registry.corp.example/robotics/openpi:2025.09",
        command=["python", "/app/scripts/train.py", "pi0_fast_libero", "--exp-name", "libero-ft"],
        lines=lines,
        category="config-error",
        evidence="Unable to locate credentials",
        description="A robot-policy fine-tune downloads its base checkpoint from S3 at start: boto finds no AWS "
        "credentials in the pod (no keys in the environment, no mounted file, no role), so the download fails "
        "before training begins.",
        title="botocore.exceptions.NoCredentialsError: Unable to locate credentials when the training downloads its "
        "base checkpoint from S3",
        source="https://github.com/Physical-Intelligence/openpi/issues/686",
    )


@SCENARIOS.add
def cuda_error_job_resume_checkpoint_cuda_unavailable() -> CaseSpec:
    lines = [
        "| Hparams chains:  ['training/config.yaml', 'training/config_nsf.yaml']",
        "| load checkpoint from checkpoints/nyaru/model_ckpt_steps_24000.ckpt",
        *_py_traceback(
            [
                ("run.py", 15, "<module>", "run_task()"),
                ("/app/utils/__init__.py", 201, "load_ckpt", "checkpoint = torch.load(ckpt_path, map_location=None)"),
                (
                    "/usr/local/lib/python3.8/site-packages/torch/serialization.py",
                    166,
                    "validate_cuda_device",
                    "raise RuntimeError('Attempting to deserialize object on a CUDA '",
                ),
            ],
            "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. "
            "If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') "
            "to map your storages to the CPU.",
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-resume-checkpoint-cuda-unavailable",
        day=2,
        name="diff-svc-resume",
        ns="speech",
        image="registry.corp.example/speech/diff-svc:torch1.12-cu113",
        command=["python", "run.py", "--config", "training/config_nsf.yaml", "--exp_name", "nyaru"],
        lines=lines,
        category="cuda-error",
        evidence="torch.cuda.is_available() is False",
        description="A voice-conversion training resumes from its last checkpoint, saved from the GPU: in this pod "
        "torch cannot use CUDA, so loading the GPU tensors fails. The job asked for a GPU that PyTorch does not see.",
        title="RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False "
        "when continuing training",
        source="https://github.com/prophesier/diff-svc/issues/38",
    )


@SCENARIOS.add
def cuda_error_job_rocm_no_binary_for_gpu() -> CaseSpec:
    lines = [
        "Checking ROCm devices before training...",
        "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!",
        "Aborted (core dumped)",
    ]
    return _fresh_job(
        id="cuda-error-job-rocm-no-binary-for-gpu",
        day=3,
        name="rocm-vega-train",
        ns="edge-ml",
        image="registry.corp.example/edge/pytorch-rocm:1.10-rocm4.5",
        command=["python", "PyTest.py"],
        resources={
            "limits": {"cpu": "8", "memory": "16Gi", "amd.com/gpu": "1"},
            "requests": {"cpu": "8", "memory": "16Gi", "amd.com/gpu": "1"},
        },
        lines=lines,
        category="cuda-error",
        evidence="hipErrorNoBinaryForGpu",
        description="PyTorch built for ROCm starts on an AMD APU whose GPU architecture it has no kernels for: the "
        "first HIP call fails with hipErrorNoBinaryForGpu and the process aborts. The build does not support this GPU.",
        title="PyTorch for ROCm on a supported device throws hipErrorNoBinaryForGpu: Unable to find code object for "
        "all current devices!",
        source="https://github.com/pytorch/pytorch/issues/73534",
        exit_code=134,
    )


@SCENARIOS.add
def application_error_job_trainer_evaluate_without_eval_dataset() -> CaseSpec:
    lines = [
        "{'loss': 0.3974, 'learning_rate': 3.5380966993958655e-11, 'epoch': 3.0}",
        "{'loss': 0.4492, 'learning_rate': 0.0, 'epoch': 3.0}",
        "{'train_runtime': 17758.138, 'train_samples_per_second': 8.785, 'train_steps_per_second': 0.069, "
        "'train_loss': 0.7304400721402787, 'epoch': 3.0}",
        "100%|██████████| 1218/1218 [4:55:48<00:00, 14.57s/it]",
        *_py_traceback(
            [
                ("/app/alpaca/train.py", 233, "<module>", "train()"),
                ("/app/alpaca/train.py", 227, "train", "trainer.evaluate()"),
                (
                    "/usr/local/lib/python3.9/site-packages/transformers/trainer.py",
                    2920,
                    "evaluate",
                    "eval_dataloader = self.get_eval_dataloader(eval_dataset)",
                ),
                (
                    "/usr/local/lib/python3.9/site-packages/transformers/trainer.py",
                    934,
                    "get_eval_dataloader",
                    'raise ValueError("Trainer: evaluation requires an eval_dataset.")',
                ),
            ],
            "ValueError: Trainer: evaluation requires an eval_dataset.",
        ),
    ]
    return _fresh_job(
        id="application-error-job-trainer-evaluate-without-eval-dataset",
        day=4,
        name="alpaca-llama-finetune",
        ns="llm-finetune",
        image="registry.corp.example/llm/alpaca-train:2023.03",
        command=["torchrun", "--nproc_per_node=4", "/app/alpaca/train.py", "--bf16", "True"],
        resources=gpu(4, "320Gi", "48"),
        lines=lines,
        category="application-error",
        evidence="Trainer: evaluation requires an eval_dataset",
        description="An instruction fine-tune trains its three epochs, then the script calls trainer.evaluate() "
        "without ever giving the Trainer an evaluation dataset, and fails. The script itself is wrong.",
        title="No evaluation dataset was given for the trainer: ValueError: Trainer: evaluation requires an "
        "eval_dataset.",
        source="https://github.com/tatsu-lab/stanford_alpaca/issues/50",
    )


@SCENARIOS.add
def cuda_error_job_keras_blas_gemm_launch_failed() -> CaseSpec:
    lines = [
        "Epoch 1/500",
        *_py_traceback(
            [
                (
                    "/app/TrainModel.py",
                    141,
                    "<module>",
                    "history = model.fit_generator(train_generator, "
                    "steps_per_epoch=num_train_examples//batch_size, epochs=500)",
                ),
                (
                    "/usr/local/lib/python3.6/site-packages/tensorflow/python/client/session.py",
                    1409,
                    "_call_tf_sessionrun",
                    "run_metadata)",
                ),
            ],
            "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : a.shape=(30, 64), "
            "b.shape=(64, 10), m=30, n=10, k=64\n"
            "\t [[Node: dense2/MatMul = MatMul[T=DT_FLOAT, transpose_a=false, transpose_b=false, "
            '_device="/job:localhost/replica:0/task:0/device:GPU:0"](dropout_2/cond/Merge, dense2/kernel/read)]]',
        ),
    ]
    return _fresh_job(
        id="cuda-error-job-keras-blas-gemm-launch-failed",
        day=5,
        name="airsim-steering-train",
        ns="autonomous",
        image="registry.corp.example/autonomous/keras-airsim:tf1.8-gpu",
        command=["python", "/app/TrainModel.py"],
        lines=lines,
        category="cuda-error",
        evidence="Blas GEMM launch failed",
        description="A Keras steering-angle model starts its first epoch and the first dense layer's matrix "
        "multiply fails on the GPU: cuBLAS cannot launch the GEMM kernel.",
        title="Help! training not starting: InternalError: Blas GEMM launch failed : a.shape=(30, 64), "
        "b.shape=(64, 10)",
        source="https://github.com/microsoft/AutonomousDrivingCookbook/issues/124",
    )
