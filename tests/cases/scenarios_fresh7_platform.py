"""Fresh round 7: real public threads about the platform under the job: volumes, image pulls, ConfigMaps and Secrets, permissions, disk and ephemeral storage, node pressure and evictions.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start, trainer_steps, watchdog
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _sts_pod

SCENARIOS = Scenarios()


# -- helpers ----------------------------------------------------------------------------------


def _megatron_iterations(first: int, last: int, every: int, t0: datetime, ms: float) -> list[str]:
    """Megatron-LM's training log: one line per ``every`` iterations, loss falling slowly."""
    out = []
    for i, it in enumerate(range(first, last + 1, every)):
        t = t0 + timedelta(milliseconds=ms * (it - first))
        loss = max(2.4, 7.9 - 0.0042 * it)
        out.append(
            f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:>8}/   50000 | consumed samples: {it * 256:>12} | "
            f"elapsed time per iteration (ms): {ms + (i % 4) * 3.1:.1f} | learning rate: 2.999989E-04 | "
            f"global batch size:   256 | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {0.61 + (i % 5) * 0.04:.3f} "
            "| number of skipped iterations:   0 | number of nan iterations:   0 |"
        )
    return out


# -- volumes ----------------------------------------------------------------------------------


@SCENARIOS.add
def volume_error_pytorchjob_megatron_async_checkpoint_input_output_error() -> CaseSpec:
    at = Clock(datetime(2026, 11, 2, 1, 0, tzinfo=timezone.utc))
    name, ns = "gpt-13b-tp8-pretrain", "llm-pretrain"
    ckpt = "/ckpt/gpt-13b-tp8"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/megatron-lm:core-0.13-torch2.7",
        command=[
            "torchrun",
            "--nnodes=2",
            "--nproc_per_node=8",
            "pretrain_gpt.py",
            "--tensor-model-parallel-size",
            "8",
            "--save",
            ckpt,
            "--save-interval",
            "500",
            "--ckpt-format",
            "torch_dist",
            "--async-save",
        ],
        resources=gpu(8, "1600Gi", "96"),
        mounts=[{"name": "ckpt", "mountPath": "/ckpt"}],
    )
    ms = 1830.0
    start = at(95)
    saved = start + timedelta(milliseconds=ms * 500)
    second = start + timedelta(milliseconds=ms * 1000) + timedelta(seconds=45)
    fail = second + timedelta(seconds=38)
    timeout = fail + timedelta(seconds=600)
    first_save = [
        f"saving checkpoint at iteration      500 to {ckpt} in torch_dist format",
        f"  successfully saved checkpoint from iteration      500 to {ckpt} [ t 1/8, p 1/1 ]",
    ]
    worker_lines = [
        *torchrun_start(at(60)),
        "> initializing torch distributed ...",
        *_megatron_iterations(10, 500, 10, start, ms),
        *first_save,
        *_megatron_iterations(510, 1000, 10, saved + timedelta(seconds=40), ms),
        f"saving checkpoint at iteration     1000 to {ckpt} in torch_dist format",
        "ERROR: megatron.core.dist_checkpointing.strategies.filesystem_async: Local process 0 encountered an error: "
        "[Errno 5] Input/output error",
        *rank_traceback(
            8,
            [
                ("/workspace/megatron-lm/pretrain_gpt.py", 329, "<module>", "pretrain("),
                ("/workspace/megatron-lm/megatron/training/training.py", 1394, "train", "save_checkpoint_and_time("),
                (
                    "/workspace/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py",
                    382,
                    "retrieve_write_results",
                    "raise RuntimeError(f'Worker failure: {write_results_or_exc}') from write_results_or_exc",
                ),
            ],
            "RuntimeError: Worker failure: [Errno 5] Input/output error",
        ),
        *torchrun_failed(
            fail,
            rank=8,
            local_rank=0,
            exitcode=1,
            pid=212,
            host=f"{name}-worker-0",
            script="pretrain_gpt.py",
        ),
    ]
    master_lines = [
        *torchrun_start(at(60)),
        "> initializing torch distributed ...",
        *_megatron_iterations(10, 500, 10, start, ms),
        *first_save,
        *_megatron_iterations(510, 1000, 10, saved + timedelta(seconds=40), ms),
        f"saving checkpoint at iteration     1000 to {ckpt} in torch_dist format",
        *watchdog(0, timeout, 40117, op="_ALLGATHER_BASE"),
        *torchrun_failed(
            timeout + timedelta(seconds=2),
            rank=0,
            local_rank=0,
            exitcode=-6,
            pid=198,
            host=f"{name}-master-0",
            script="pretrain_gpt.py",
        ),
    ]
    end = timeout + timedelta(seconds=4)
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan(
                "master",
                0,
                terminated(1, at(55), end),
                log=text(*master_lines),
                node="h800-node-07",
            ),
            PodPlan(
                "worker",
                0,
                terminated(1, at(56), fail + timedelta(seconds=2)),
                log=text(*worker_lines),
                node="h800-node-12",
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(60), failed=("Master", end + timedelta(seconds=1))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=end + timedelta(seconds=1),
    )
    for p in pods:
        p["spec"]["volumes"].insert(0, {"name": "ckpt", "persistentVolumeClaim": {"claimName": "llm-ckpt-shared"}})
    return CaseSpec(
        id="volume-error-pytorchjob-megatron-async-checkpoint-input-output-error",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=f"{name}-worker-0",
        evidence="[Errno 5] Input/output error",
        description="A two-node Megatron run saves its first checkpoint to the shared volume, then the second "
        "save fails on the second node: the file system answers writes with EIO ('[Errno 5] Input/output "
        "error'). The master's ranks wait in the next collective until the NCCL watchdog ends them.",
        objects=[job, *pods],
        logs=logs,
        captured=end + timedelta(seconds=120),
        title="Megatron on two 8-GPU machines fails at the second checkpoint save with '[Errno 5] Input/output "
        "error' from the async file-system writer (one machine alone never does)",
        source="https://github.com/THUDM/slime/issues/326",
    )


@SCENARIOS.add
def volume_error_job_hostpath_subpath_dir_missing_on_node() -> CaseSpec:
    at = Clock(datetime(2026, 11, 3, 9, 0, tzinfo=timezone.utc))
    name, ns, host = "shard-export-bad", "data-prep", "cpu-node-3"
    tmpl = Container(
        "subpath-test",
        "docker.io/centos:latest",
        command=["/bin/sh", "-c", "python3 /app/export_shards.py --out /opt/out"],
        resources=cpu_only("4Gi", "2"),
        mounts=[{"name": "host-data", "mountPath": "/opt/out", "subPath": "shards"}],
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[], backoff_limit=6
    )
    c = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        resources=tmpl.resources,
        mounts=tmpl.mounts,
        state=waiting("CreateContainerConfigError", "stat /opt/my-path/: no such file or directory"),
    )
    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Pending",
        node=host,
        scheduled=at(2),
        volumes=[{"name": "host-data", "hostPath": {"path": "/opt/my-path/", "type": ""}}],
    )
    pname = p["metadata"]["name"]
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pname}", at(1), type_="Normal", component="job-controller"),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{pname} to {host}",
            at(2),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Pulling",
            'Pulling image "docker.io/centos:latest"',
            at(4),
            last=at(1150),
            count=60,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Pulled",
            'Successfully pulled image "docker.io/centos:latest"',
            at(9),
            last=at(1152),
            count=60,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Failed",
            "Error: stat /opt/my-path/: no such file or directory",
            at(9),
            last=at(1152),
            count=60,
            host=host,
        ),
    ]
    return CaseSpec(
        id="volume-error-job-hostpath-subpath-dir-missing-on-node",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=pname,
        evidence="stat /opt/my-path/: no such file or directory",
        description="The Job mounts a subPath of a hostPath volume whose directory does not exist on the node "
        "the pod landed on; the kubelet cannot stat the volume's path, so the container is never created "
        "(CreateContainerConfigError) and the pod sits in Pending.",
        objects=[job, p, *events],
        captured=at(1200),
        title="A Job mounting a volume with subPath never starts: CreateContainerConfigError 'stat /opt/my-path/: "
        "no such file or directory'",
        source="https://github.com/kubernetes/minikube/issues/4634",
    )


@SCENARIOS.add
def volume_error_job_hf_download_lustre_without_flock() -> CaseSpec:
    at = Clock(datetime(2026, 11, 4, 14, 0, tzinfo=timezone.utc))
    name, ns = "fetch-phi3-gguf", "model-cache"
    tmpl = Container(
        "download",
        "registry.corp.example/ml/hf-tools:0.23.4",
        command=[
            "huggingface-cli",
            "download",
            "microsoft/Phi-3-mini-4k-instruct-gguf",
            "Phi-3-mini-4k-instruct-q4.gguf",
            "--local-dir=data/phi3",
        ],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "models", "mountPath": "/work/data"}],
    )
    log = text(
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.12/site-packages/filelock/_unix.py", line 43, in _acquire',
        "    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
        "OSError: [Errno 38] Function not implemented",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/opt/conda/bin/huggingface-cli", line 8, in <module>',
        "    sys.exit(main())",
        "             ^^^^^^",
        '  File "/opt/conda/lib/python3.12/site-packages/huggingface_hub/commands/huggingface_cli.py", line 51, '
        "in main",
        "    service.run()",
        '  File "/opt/conda/lib/python3.12/site-packages/huggingface_hub/commands/download.py", line 146, in run',
        "    print(self._download())  # Print path to downloaded files",
        "          ^^^^^^^^^^^^^^^^",
        '  File "/opt/conda/lib/python3.12/site-packages/huggingface_hub/file_download.py", line 1226, in '
        "_hf_hub_download_to_local_dir",
        "    with WeakFileLock(paths.lock_path):",
        '  File "/opt/conda/lib/python3.12/site-packages/filelock/_api.py", line 332, in acquire',
        "    self._acquire()",
        '  File "/opt/conda/lib/python3.12/site-packages/filelock/_unix.py", line 45, in _acquire',
        "    raise NotImplementedError(msg) from exception",
        "NotImplementedError: FileSystem does not appear to support flock; use SoftFileLock instead",
    )
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(12, 19), node="cpu-node-hpc-2"
    )
    p["spec"]["volumes"].insert(0, {"name": "models", "persistentVolumeClaim": {"claimName": "lustre-models"}})
    pname = p["metadata"]["name"]
    return CaseSpec(
        id="volume-error-job-hf-download-lustre-without-flock",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=pname,
        evidence="does not appear to support flock",
        description="huggingface_hub locks each file it downloads into --local-dir; the directory is on a Lustre "
        "volume mounted without flock support, so fcntl.flock fails with ENOSYS and the download "
        "stops before it starts.",
        objects=[job, p],
        logs={f"{pname}/download": log},
        captured=at(120),
        title="huggingface-cli download into a --local-dir on Lustre mounted without flock fails: 'OSError: "
        "[Errno 38] Function not implemented' / 'FileSystem does not appear to support flock'",
        source="https://github.com/huggingface/huggingface_hub/issues/2399",
    )


# -- images -----------------------------------------------------------------------------------


@SCENARIOS.add
def image_pull_error_pod_lws_worker_image_never_pull() -> CaseSpec:
    at = Clock(datetime(2026, 11, 5, 6, 0, tzinfo=timezone.utc))
    ns, host = "default", "gpu-node-2"
    image = "docker.io/library/sglang:local"
    c = Container(
        "sglang-worker",
        image,
        command=["bash", "-c"],
        args=[
            "set -x\nexec python3 -m sglang.launch_server --model-path /root/.cache/models/QwQ-32B "
            "--nnodes $LWS_GROUP_SIZE --tp 2 --node-rank $LWS_WORKER_INDEX "
            "--dist-init-addr $(LWS_LEADER_ADDRESS):5000 --trust-remote-code\n"
        ],
        resources=gpu(1, "64Gi", "8"),
        state=waiting(
            "ErrImageNeverPull",
            'Container image "docker.io/library/sglang:local" is not present with pull policy of Never',
        ),
    )
    p = _sts_pod(
        "sglang-0",
        1,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        extra_labels={
            "leaderworkerset.sigs.k8s.io/name": "sglang",
            "leaderworkerset.sigs.k8s.io/group-index": "0",
            "leaderworkerset.sigs.k8s.io/worker-index": "1",
            "role": "worker",
        },
        qos="Guaranteed",
    )
    p["spec"]["containers"][0]["imagePullPolicy"] = "Never"
    pname = p["metadata"]["name"]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{pname} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "ErrImageNeverPull",
            f'Container image "{image}" is not present with pull policy of Never',
            at(3),
            last=at(1780),
            count=152,
            host=host,
        ),
        event(p, "Failed", "Error: ErrImageNeverPull", at(3), last=at(1780), count=152, host=host),
    ]
    return CaseSpec(
        id="image-pull-error-pod-lws-worker-image-never-pull",
        kind="Pod",
        name=pname,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=pname,
        evidence="ErrImageNeverPull",
        description="A LeaderWorkerSet runs a locally built SGLang image with imagePullPolicy Never; the worker "
        "landed on a node where the image was never loaded, so the kubelet will not pull it and the "
        "worker never starts.",
        objects=[p, *events],
        captured=at(1800),
        title='An SGLang LeaderWorkerSet worker is stuck: \'container "sglang-worker" in pod "sglang-0-1" is '
        "waiting to start: ErrImageNeverPull'",
        source="https://github.com/kubernetes-sigs/lws/issues/495",
    )


# -- permissions and disk -----------------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_volume_permissions_init_chown_on_nfs() -> CaseSpec:
    at = Clock(datetime(2026, 11, 6, 10, 0, tzinfo=timezone.utc))
    sts, ns, host = "feature-cache-master", "feature-store", "cpu-node-5"
    init = Container(
        "volume-permissions",
        "docker.io/bitnami/bitnami-shell:10",
        command=["/bin/bash", "-ec", "chown -R 1001:1001 /data"],
        mounts=[{"name": "redis-data", "mountPath": "/data"}],
        state=_crash_loop("volume-permissions", f"{sts}-0", ns),
        last=terminated(1, at(1520), at(1520)),
        restarts=7,
    )
    main = Container(
        "redis",
        "docker.io/bitnami/redis:6.2.1-debian-10-r36",
        command=["/bin/bash", "-c", "/opt/bitnami/scripts/start-scripts/start-master.sh"],
        resources={"requests": {"cpu": "100m", "memory": "256Mi"}},
        mounts=[{"name": "redis-data", "mountPath": "/data"}],
        state=waiting("PodInitializing"),
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [main],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        extra_labels={"app": "redis", "release": "feature-cache", "role": "master"},
        qos="Burstable",
        volumes=[{"name": "redis-data", "persistentVolumeClaim": {"claimName": "redis-pvc"}}],
    )
    pname = p["metadata"]["name"]
    events = [
        event(
            p,
            "Pulled",
            'Container image "docker.io/bitnami/bitnami-shell:10" already present on machine',
            at(4),
            last=at(1520),
            count=8,
            type_="Normal",
            host=host,
        ),
        _backoff(p, "volume-permissions", at, 20, 1790, 120),
    ]
    log = text("chown: changing ownership of '/data': Operation not permitted")
    return CaseSpec(
        id="permission-denied-pod-volume-permissions-init-chown-on-nfs",
        kind="Pod",
        name=pname,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=pname,
        evidence="Operation not permitted",
        description="The chart's volume-permissions init container runs chown on the data volume, an existing "
        "claim on an NFS export that squashes root; the server refuses the ownership change, the init "
        "container exits 1 on every try and Redis never starts.",
        objects=[p, *events],
        logs={f"{pname}/volume-permissions": log, f"{pname}/volume-permissions.previous": log},
        captured=at(1800),
        title="Redis with volumePermissions on a pre-created NFS volume: the init container fails with "
        "\"chown: changing ownership of '/data': Operation not permitted\"",
        source="https://github.com/bitnami/charts/issues/6126",
    )


@SCENARIOS.add
def disk_full_job_mmdet_checkpoint_disk_quota_exceeded() -> CaseSpec:
    at = Clock(datetime(2026, 11, 7, 0, 0, tzinfo=timezone.utc))
    name, ns = "yolov3-coco-ms-608", "vision-train"
    exp = "yolov3_d53_8xb8-ms-608-273e_coco_20241208_233948"
    tmpl = Container(
        "train",
        "registry.corp.example/vision/mmdet:3.3.0-torch2.1",
        command=["python", "tools/train.py", "configs/yolo/yolov3_d53_8xb8-ms-608-273e_coco.py"],
        resources=gpu(1, "48Gi", "8"),
        mounts=[{"name": "work", "mountPath": "/workspace/work_dirs"}],
    )
    t0 = datetime(2026, 11, 7, 0, 1, tzinfo=timezone.utc)
    lines = []
    for epoch in range(1, 15):
        for it in (50, 100, 150, 200):
            t = t0 + timedelta(minutes=(epoch - 1) * 29 + it * 0.14)
            loss = max(4.1, 16.5 - epoch * 0.8 - it * 0.002)
            lines.append(
                f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Epoch(train)  [{epoch}][{it:>3}/206]  "
                f"base_lr: 1.0000e-03 lr: 1.0000e-03  eta: 5 days, 10:12:04  time: 0.4871  data_time: 0.0123  "
                f"memory: 9112  grad_norm: {22.4 - epoch * 0.6:.4f}  loss: {loss:.4f}  loss_cls: 1.1094  "
                "loss_conf: 2.3118  loss_xy: 0.9981  loss_wh: 0.7432"
            )
        t = t0 + timedelta(minutes=epoch * 29 - 0.5)
        lines.append(f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Exp name: {exp}")
        if epoch < 14:
            lines.append(f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Saving checkpoint at {epoch} epochs")
    lines += [
        f"{(t0 + timedelta(minutes=14 * 29 - 0.5)).strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Saving "
        "checkpoint at 14 epochs",
        "Traceback (most recent call last):",
        '  File "tools/train.py", line 122, in <module>',
        "    main()",
        '  File "tools/train.py", line 118, in main',
        "    runner.train()",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/runner.py", line 1777, in train',
        "    model = self.train_loop.run()  # type: ignore",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/loops.py", line 98, in run',
        "    self.run_epoch()",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/loops.py", line 117, in run_epoch',
        "    self.runner.call_hook('after_train_epoch')",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/runner.py", line 1839, in call_hook',
        "    getattr(hook, fn_name)(self, **kwargs)",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/hooks/checkpoint_hook.py", line 345, in '
        "after_train_epoch",
        "    self._save_checkpoint(runner)",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/hooks/checkpoint_hook.py", line 476, in '
        "_save_checkpoint",
        "    runner.save_checkpoint(",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/runner.py", line 2220, in save_checkpoint',
        "    save_checkpoint(checkpoint, filepath)",
        '  File "/opt/conda/lib/python3.8/site-packages/mmengine/runner/checkpoint.py", line 800, in save_checkpoint',
        "    f.write(buff.getvalue())",
        "OSError: [Errno 122] Disk quota exceeded",
    ]
    end = 14 * 29 * 60 + 120
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(40, end), node="a100-node-4")
    p["spec"]["volumes"].insert(0, {"name": "work", "persistentVolumeClaim": {"claimName": "cephfs-vision-work"}})
    pname = p["metadata"]["name"]
    return CaseSpec(
        id="disk-full-job-mmdet-checkpoint-disk-quota-exceeded",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=pname,
        evidence="Disk quota exceeded",
        description="An MMDetection run saves a checkpoint every epoch into its work directory on a shared "
        "file system volume with a quota; at epoch 14 the quota is used up and the write fails with "
        "EDQUOT although the file system itself still has free space.",
        objects=[job, p],
        logs={f"{pname}/train": text(*lines)},
        captured=at(end + 300),
        title="Saving a checkpoint during training fails with 'OSError: [Errno 122] Disk quota exceeded' although "
        "the save directory still has space",
        source="https://github.com/open-mmlab/mmdetection/issues/12069",
    )


# -- healthy traps -------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pytorchjob_configmap_cache_sync_mount_retried_then_training() -> CaseSpec:
    at = Clock(datetime(2026, 11, 8, 3, 0, tzinfo=timezone.utc))
    name, ns = "bert-large-mlm", "nlp-train"
    ctr = Container(
        "pytorch",
        "registry.corp.example/nlp/hf-train:4.46-torch2.5",
        command=["torchrun", "--nproc_per_node=4", "run_mlm.py", "--config", "/etc/train/config.json"],
        resources=gpu(4, "200Gi", "32"),
        mounts=[{"name": "train-config", "mountPath": "/etc/train"}],
    )
    steps = trainer_steps(50, 1800, 50, loss0=2.9, total=20000)
    start = at(75)
    head = torchrun_start(at(70))
    log = stamped([*head, *steps], start, [*([0.2] * len(head)), *([88.0] * len(steps))])
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(66)), log=log, node="a100-node-9"),
            PodPlan("worker", 0, running(at(64)), log=stamped(["worker ready"], at(66)), node="a100-node-10"),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(66)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    for p in pods:
        p["spec"]["volumes"].insert(0, {"name": "train-config", "configMap": {"name": f"{name}-config"}})
    master = pods[0]
    host = master["spec"]["nodeName"]
    events = [
        event(
            master,
            "FailedMount",
            'MountVolume.SetUp failed for volume "train-config" : failed to sync configmap cache: timed out waiting '
            "for the condition",
            at(5),
            last=at(38),
            count=3,
            host=host,
        ),
        event(
            master,
            "Pulled",
            f'Container image "{ctr.image}" already present on machine',
            at(63),
            type_="Normal",
            host=host,
        ),
        event(master, "Created", "Created container pytorch", at(64), type_="Normal", host=host),
        event(master, "Started", "Started container pytorch", at(66), type_="Normal", host=host),
    ]
    captured = start + timedelta(seconds=0.2 * len(head) + 88 * len(steps))
    return CaseSpec(
        id="healthy-pytorchjob-configmap-cache-sync-mount-retried-then-training",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The kubelet could not mount the job's ConfigMap volume for the first half minute (its "
        "object cache had not synced with the API server), retried, mounted it and started the "
        "container; the job has been training since.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=captured,
        title="'MountVolume.SetUp failed for volume ... : failed to sync configmap cache: timed out waiting for "
        "the condition' on the first tries, then the pods stabilise and run",
        source="https://github.com/merative/curam-kubernetes/issues/64",
    )


@SCENARIOS.add
def healthy_job_kube_root_ca_not_registered_while_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 9, 6, 0, tzinfo=timezone.utc))
    name, ns, host = "embed-corpus-2026-11", "retrieval", "cpu-node-11"
    tmpl = Container(
        "embed",
        "registry.corp.example/retrieval/embedder:2.3",
        command=["python", "embed.py", "--shards", "0-511"],
        resources=cpu_only("32Gi", "16"),
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(
        tmpl.name, tmpl.image, command=tmpl.command, resources=tmpl.resources, state=running(at(9)), ready=True
    )
    p = job_pod(job, [c], created=at(1), phase="Running", node=host, scheduled=at(2))
    pname = p["metadata"]["name"]
    events = [
        event(
            p,
            "FailedMount",
            'MountVolume.SetUp failed for volume "kube-api-access-w428g" : object "retrieval"/"kube-root-ca.crt" '
            "not registered",
            at(3),
            last=at(5),
            count=2,
            host=host,
        ),
        event(
            p, "Pulled", f'Container image "{tmpl.image}" already present on machine', at(7), type_="Normal", host=host
        ),
        event(p, "Created", "Created container embed", at(8), type_="Normal", host=host),
        event(p, "Started", "Started container embed", at(9), type_="Normal", host=host),
    ]
    shards = [f"shard {i:03d}/512 embedded: 48211 passages, 112.4 passages/s" for i in range(150)]
    log = stamped(["loading encoder bge-large-en-v1.5", *shards], at(12), [20.0, *([29.0] * 160)])
    captured = at(12 + 20 + 29 * 150)
    return CaseSpec(
        id="healthy-job-kube-root-ca-not-registered-while-running",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Right after the pod was bound the kubelet warned that it could not yet build the service "
        "account token volume ('kube-root-ca.crt not registered' - its ConfigMap watch was not set up "
        "yet); the next try worked and the job has been embedding shards steadily since.",
        objects=[job, p, *events],
        logs={f"{pname}/embed": log},
        captured=captured,
        title='Sporadic \'MountVolume.SetUp failed for volume "kube-api-access-..." : object "..."/'
        '"kube-root-ca.crt" not registered\' on pods that then run',
        source="https://github.com/kubernetes/kubernetes/issues/105204",
    )
