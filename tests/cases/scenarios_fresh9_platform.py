"""Fresh round 9: real public threads about platform and storage: images, init containers, secrets, volumes, node pressure, healthy traps.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    gpu,
    job_pod,
    pod,
    running,
    stamped,
    waiting,
)

SCENARIOS = Scenarios()


# -- helpers ----------------------------------------------------------------------------------


def _pending_job(
    at: Clock, name: str, ns: str, host: str, tmpl: Container, state: Obj, volumes: list[Obj] | None = None
) -> tuple[Obj, Obj]:
    """A batch Job whose one pod was bound to ``host`` and whose container never started."""
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[], backoff_limit=4
    )
    c = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        args=tmpl.args,
        resources=tmpl.resources,
        mounts=tmpl.mounts,
        state=state,
    )
    p = job_pod(job, [c], created=at(1), phase="Pending", node=host, scheduled=at(2), volumes=volumes or [])
    return job, p


def _start_events(job: Obj, p: Obj, at: Clock, host: str) -> list[Obj]:
    pname, ns = p["metadata"]["name"], p["metadata"]["namespace"]
    return [
        event(job, "SuccessfulCreate", f"Created pod: {pname}", at(1), type_="Normal", component="job-controller"),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{pname} to {host}",
            at(2),
            type_="Normal",
            component="default-scheduler",
        ),
    ]


def _started(p: Obj, container: Container, at: Clock, t: float, pulled: str | None = None) -> list[Obj]:
    """The kubelet's Pulled, Created and Started events for a container that started ``t`` seconds in."""
    host = p["spec"]["nodeName"]
    pulled = pulled or f'Container image "{container.image}" already present on machine'
    return [
        event(p, "Pulled", pulled, at(t - 2 if t > 2 else t), type_="Normal", host=host),
        event(
            p, "Created", f"Created container {container.name}", at(t - 1 if t > 1 else t), type_="Normal", host=host
        ),
        event(p, "Started", f"Started container {container.name}", at(t), type_="Normal", host=host),
    ]


def _healthy(
    id: str, job: Obj, p: Obj, container: Container, log: str, captured: datetime, *, events: list[Obj], **text: str
) -> CaseSpec:
    """A running Job whose pod works; ``text`` holds its description, title and source."""
    return CaseSpec(
        id=id,
        kind="Job",
        name=job["metadata"]["name"],
        namespace=job["metadata"]["namespace"],
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/{container.name}": log},
        captured=captured,
        **text,
    )


# -- images -----------------------------------------------------------------------------------


@SCENARIOS.add
def image_pull_error_job_crio_short_name_not_resolved() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc))
    name, ns, host = "tokenize-wiki-dump", "data-prep", "crio-node-4"
    image = "pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime"
    inspect = (
        f'Failed to inspect image "{image}": rpc error: code = Unknown desc = short-name "{image}" did not resolve '
        'to an alias and no unqualified-search registries are defined in "/etc/containers/registries.conf"'
    )
    tmpl = Container(
        "tokenize",
        image,
        command=["python", "/scripts/tokenize_dump.py", "--in", "/data/raw", "--out", "/data/tok"],
        resources=cpu_only("16Gi", "8"),
    )
    job, p = _pending_job(at, name, ns, host, tmpl, waiting("ImageInspectError", inspect))
    events = [
        *_start_events(job, p, at, host),
        event(p, "InspectFailed", inspect, at(3), last=at(1320), count=120, host=host),
        event(p, "Failed", "Error: ImageInspectError", at(3), last=at(1320), count=120, host=host),
    ]
    pname = p["metadata"]["name"]
    return CaseSpec(
        id="image-pull-error-job-crio-short-name-not-resolved",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=pname,
        evidence="did not resolve to an alias",
        description="The Job names its image without a registry ('pytorch/pytorch:...'); the node runs CRI-O, "
        "whose registries.conf defines no unqualified-search registries and no alias for that short name, "
        "so the runtime cannot tell where to pull it from and the container never starts "
        "(ImageInspectError). A fully qualified 'docker.io/pytorch/pytorch:...' works.",
        objects=[job, p, *events],
        captured=at(1380),
        title="On CRI-O an image without a registry host fails with ImageInspectError: 'short-name ... did not "
        'resolve to an alias and no unqualified-search registries are defined in "/etc/containers/registries.conf"\'',
        source="https://github.com/kubernetes/minikube/pull/19395",
    )


@SCENARIOS.add
def image_pull_error_job_extract_layer_operation_not_permitted() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc))
    name, ns, host = "lint-gpu-node-playbooks", "ml-platform-ci", "ci-node-2"
    image = "quay.io/ansible/creator-ee:v0.5.0"
    layer = "sha256:140b571c235813a8eb5ba7f5f474f8852eef0218d4e5efe99801351d4c76aa6b"
    pull_failed = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to pull and unpack image '
        f'"{image}": failed to extract layer {layer}: operation not permitted: unknown'
    )
    tmpl = Container(
        "ansible-lint",
        image,
        command=["ansible-lint", "playbooks/gpu-nodes.yml"],
        resources=cpu_only("2Gi", "1"),
    )
    job, p = _pending_job(
        at,
        name,
        ns,
        host,
        tmpl,
        waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    events = [
        *_start_events(job, p, at, host),
        event(p, "Pulling", f'Pulling image "{image}"', at(4), last=at(184), count=4, type_="Normal", host=host),
        event(p, "Failed", pull_failed, at(61), last=at(1800), count=10, host=host),
        event(p, "Failed", "Error: ErrImagePull", at(61), last=at(184), count=4, host=host),
        event(p, "Failed", "Error: ImagePullBackOff", at(62), last=at(190), count=6, host=host),
        event(
            p,
            "BackOff",
            f'Back-off pulling image "{image}"',
            at(62),
            last=at(1790),
            count=94,
            type_="Normal",
            host=host,
        ),
    ]
    pname = p["metadata"]["name"]
    return CaseSpec(
        id="image-pull-error-job-extract-layer-operation-not-permitted",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=pname,
        evidence="failed to extract layer",
        description="The image downloads, but containerd cannot unpack one of its layers on this node "
        "('failed to extract layer ...: operation not permitted'): the layer sets file ownership or "
        "attributes the node's snapshotter is not allowed to apply. The pull fails every time and the "
        "pod stays in ImagePullBackOff.",
        objects=[job, p, *events],
        captured=at(1830),
        title="creator-ee v0.5.0+ fails to pull on a containerd node: 'failed to pull and unpack image ...: "
        "failed to extract layer sha256:...: operation not permitted: unknown'",
        source="https://github.com/ansible/creator-ee/issues/84",
    )


# -- volumes and config -----------------------------------------------------------------------


@SCENARIOS.add
def volume_error_job_local_pv_path_does_not_exist() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc))
    name, ns, host = "feature-extract-shard-7", "feature-store", "k8s-worker-1"
    pv = "pvc-4121ec0e-e815-11e9-a58e-00163e1274b8"
    tmpl = Container(
        "extract",
        "registry.corp.example/ml/feature-extract:1.8.2",
        command=["python", "-m", "extract", "--shard", "7", "--cache", "/cache"],
        resources=cpu_only("8Gi", "4"),
        mounts=[{"name": "data", "mountPath": "/cache"}],
    )
    job, p = _pending_job(
        at,
        name,
        ns,
        host,
        tmpl,
        waiting("ContainerCreating"),
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "feature-cache"}}],
    )
    pname = p["metadata"]["name"]
    events = [
        *_start_events(job, p, at, host),
        event(
            p,
            "FailedMount",
            f'MountVolume.NewMounter initialization failed for volume "{pv}" : path '
            f'"/data/openebs/local/{pv}" does not exist',
            at(3),
            last=at(1360),
            count=13,
            host=host,
        ),
        event(
            p,
            "FailedMount",
            f'Unable to mount volumes for pod "{pname}_{ns}({p["metadata"]["uid"]})": timeout expired waiting '
            f'for volumes to attach or mount for pod "{ns}"/"{pname}". list of unmounted volumes=[data]. list of '
            "unattached volumes=[data kube-api-access]",
            at(125),
            last=at(1320),
            count=5,
            host=host,
        ),
    ]
    return CaseSpec(
        id="volume-error-job-local-pv-path-does-not-exist",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=pname,
        evidence="does not exist",
        description="The claim is bound to an OpenEBS hostpath local volume, but the kubelet on the node cannot "
        "find the volume's directory ('MountVolume.NewMounter initialization failed ... path ... does not "
        "exist'); the volume is never mounted and the container is never created.",
        objects=[job, p, *events],
        captured=at(1400),
        title="Pod stuck in ContainerCreating on an OpenEBS LocalPV hostpath volume: 'MountVolume.NewMounter "
        "initialization failed for volume ... : path ... does not exist'",
        source="https://github.com/openebs/openebs/issues/2767",
    )


@SCENARIOS.add
def config_error_job_configmap_volume_item_key_missing() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 11, 0, tzinfo=timezone.utc))
    name, ns, host = "redis-feature-cache-warmup", "default", "docker-desktop"
    tmpl = Container(
        "redis",
        "redis:5.0.4",
        command=["redis-server", "/redis-master/redis.conf"],
        resources=cpu_only("1Gi", "500m"),
        mounts=[{"name": "data", "mountPath": "/redis-master-data"}, {"name": "config", "mountPath": "/redis-master"}],
    )
    job, p = _pending_job(
        at,
        name,
        ns,
        host,
        tmpl,
        waiting("ContainerCreating"),
        volumes=[
            {"name": "data", "emptyDir": {}},
            {
                "name": "config",
                "configMap": {
                    "name": "example-redis-config",
                    "defaultMode": 420,
                    "items": [{"key": "redis-config", "path": "redis.conf"}],
                },
            },
        ],
    )
    pname = p["metadata"]["name"]
    events = [
        *_start_events(job, p, at, host),
        event(
            p,
            "FailedMount",
            f'Unable to mount volumes for pod "{pname}_{ns}({p["metadata"]["uid"]})": timeout expired waiting for '
            f'volumes to attach or mount for pod "{ns}"/"{pname}". list of unmounted volumes=[config]. list of '
            "unattached volumes=[data config kube-api-access]",
            at(125),
            last=at(1320),
            count=10,
            host=host,
        ),
        event(
            p,
            "FailedMount",
            'MountVolume.SetUp failed for volume "config" : configmap references non-existent config key: redis-config',
            at(3),
            last=at(1380),
            count=19,
            host=host,
        ),
    ]
    return CaseSpec(
        id="config-error-job-configmap-volume-item-key-missing",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pname,
        evidence="non-existent config key",
        description="The pod mounts one key of a ConfigMap as a file (items: key redis-config); the ConfigMap "
        "exists but has no such key (it was created from a file under another name), so the kubelet "
        "cannot set the volume up and the container is never created.",
        objects=[job, p, *events],
        captured=at(1400),
        title="Redis from the ConfigMap tutorial stays in ContainerCreating: 'MountVolume.SetUp failed for "
        'volume "config" : configmap references non-existent config key: redis-config\'',
        source="https://github.com/kubernetes/website/issues/20043",
    )


@SCENARIOS.add
def config_error_pod_juicefs_mount_pod_secret_key_missing() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 13, 0, tzinfo=timezone.utc))
    ns, host = "kube-system", "gpu-node-3"
    pv = "pvc-0b7f3a52-6c1e-4d8a-9f21-7a4e5c3d9b10"
    pname = f"juicefs-{host}-{pv}-vpzqkx"
    c = Container(
        "jfs-mount",
        "juicedata/mount:ee-5.5.0-0a79e0d6",
        command=["sh", "-c", f"exec /sbin/mount.juicefs train-data /jfs/{pv}-vpzqkx -o foreground,cache-size=204800"],
        resources={"limits": {"cpu": "2", "memory": "5Gi"}, "requests": {"cpu": "1", "memory": "1Gi"}},
        mounts=[
            {"name": "jfs-dir", "mountPath": "/jfs", "mountPropagation": "Bidirectional"},
            {"name": "init-config", "mountPath": "/etc/juicefs"},
        ],
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=pname,
        namespace=ns,
        labels={"app.kubernetes.io/name": "juicefs-mount", "volume-id": pv},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(0),
        restart_policy="Always",
        qos="Burstable",
        volumes=[
            {"name": "jfs-dir", "hostPath": {"path": "/var/lib/juicefs/volume", "type": "DirectoryOrCreate"}},
            {
                "name": "init-config",
                "secret": {
                    "secretName": f"juicefs-{host}-{pv}-vpzqkx-secret",
                    "defaultMode": 420,
                    "items": [{"key": "initconfig", "path": "train-data.conf"}],
                },
            },
        ],
    )
    events = [
        event(
            p,
            "FailedMount",
            'MountVolume.SetUp failed for volume "init-config" : references non-existent secret key: initconfig',
            at(1),
            last=at(1240),
            count=19,
            host=host,
        ),
    ]
    return CaseSpec(
        id="config-error-pod-juicefs-mount-pod-secret-key-missing",
        kind="Pod",
        name=pname,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pname,
        evidence="non-existent secret key",
        description="The JuiceFS CSI driver recreated a deleted mount pod; its generated Secret lacks the "
        "initconfig key the pod mounts as a file, so the kubelet cannot set the volume up, the mount pod "
        "stays in ContainerCreating and never recovers.",
        objects=[p, *events],
        captured=at(1260),
        title="A recreated JuiceFS mount pod is stuck in ContainerCreating: 'MountVolume.SetUp failed for volume "
        '"init-config" : references non-existent secret key: initconfig\'',
        source="https://github.com/juicedata/juicefs-csi-driver/issues/1668",
    )


# -- healthy traps ----------------------------------------------------------------------------


def _running_job(
    at: Clock, name: str, ns: str, host: str, tmpl: Container, started: float, **kw: Any
) -> tuple[Obj, Obj]:
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        resources=tmpl.resources,
        mounts=tmpl.mounts,
        state=running(at(started)),
        ready=True,
    )
    p = job_pod(job, [c], created=at(1), phase="Running", node=host, scheduled=at(2), **kw)
    return job, p


@SCENARIOS.add
def healthy_job_fsgroup_volume_ownership_slow_then_training() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc))
    name, ns, host = "resnet50-imagenet-ft", "vision-train", "gpu-node-6"
    pv = "pvc-7d1e2c44-91b0-4f5a-a3c2-0c58e2f1b9d7"
    tmpl = Container(
        "train",
        "registry.corp.example/vision/timm-train:0.9.16",
        command=["python", "train.py", "--data-dir", "/data/imagenet", "--model", "resnet50", "--epochs", "30"],
        resources=gpu(1, "48Gi", "12"),
        mounts=[{"name": "imagenet", "mountPath": "/data"}],
    )
    job, p = _running_job(
        at,
        name,
        ns,
        host,
        tmpl,
        started=742,
        volumes=[{"name": "imagenet", "persistentVolumeClaim": {"claimName": "imagenet-train"}}],
    )
    p["spec"]["securityContext"] = {"fsGroup": 1000, "runAsUser": 1000, "runAsGroup": 1000}
    where = f"{p['metadata']['uid']}/volumes/kubernetes.io~csi/{pv}/mount"
    progress = [
        event(
            p,
            "VolumePermissionChangeInProgress",
            f"Setting volume ownership for {where}, processed {n} files.",
            at(t),
            host=host,
        )
        for t, n in ((150, 188412), (210, 371950), (270, 561367), (330, 717961), (390, 902215), (450, 1093370))
    ]
    events = [
        *_start_events(job, p, at, host),
        event(
            p,
            "VolumePermissionChangeInProgress",
            f"Setting volume ownership for {where} is taking longer than expected, consider using OnRootMismatch - "
            "https://kubernetes.io/docs/tasks/configure-pod-container/security-context/"
            "#configure-volume-permission-and-ownership-change-policy-for-pods",
            at(90),
            host=host,
        ),
        *progress,
        event(
            p,
            "Pulled",
            f'Container image "{tmpl.image}" already present on machine',
            at(740),
            type_="Normal",
            host=host,
        ),
        event(p, "Created", "Created container train", at(741), type_="Normal", host=host),
        event(p, "Started", "Started container train", at(742), type_="Normal", host=host),
    ]
    steps = []
    for epoch in range(3):
        for b in range(0, 5001, 200):
            loss = 2.1 - 0.25 * epoch - 0.00004 * b
            steps.append(
                f"Train: {epoch} [{b:>4}/5004 ({b / 50.04:>3.0f}%)]  Loss: {loss:.3f} ({loss + 0.05:.3f})  "
                f"Time: 0.284s,  901.41/s  (0.286s,  895.10/s)  LR: 1.000e-03  Data: 0.012 (0.013)"
            )
    lines = [
        "Training with a single process on 1 device (cuda:0).",
        "Model resnet50 created, param count:25557032",
        *steps,
    ]
    log = stamped(lines, at(760), [4.0, *([57.0] * len(steps))])
    captured = at(760 + 4 + 57 * len(steps) + 20)
    return _healthy(
        "healthy-job-fsgroup-volume-ownership-slow-then-training",
        job,
        p,
        tmpl,
        log,
        captured,
        events=events,
        description="The pod sets fsGroup and mounts a volume with over a million files; the kubelet changed "
        "their ownership one by one before starting the container (VolumePermissionChangeInProgress "
        "warnings for twelve minutes), then the container started and has been training steadily since. "
        "Slow, but not a failure; fsGroupChangePolicy: OnRootMismatch would skip the walk next time.",
        title="Pods with fsGroup over a volume with millions of files sit in ContainerCreating for 10-15 minutes: "
        "'Setting volume ownership for .../mount, processed 561367 files.'",
        source="https://github.com/airbytehq/airbyte/issues/85928",
    )


@SCENARIOS.add
def healthy_job_missing_image_pull_secret_warning_while_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 14, 0, tzinfo=timezone.utc))
    name, ns, host = "log-embedding-backfill", "default", "ip-10-8-10-126"
    tmpl = Container(
        "embed",
        "registry.corp.example/search/log-embedder:3.1.0",
        command=["python", "backfill.py", "--since", "2026-11-01"],
        resources=cpu_only("8Gi", "4"),
    )
    job, p = _running_job(at, name, ns, host, tmpl, started=9)
    p["spec"]["imagePullSecrets"] = [{"name": "artifactory-docker-secret"}]
    events = [
        *_start_events(job, p, at, host),
        event(
            p,
            "FailedToRetrieveImagePullSecret",
            "Unable to retrieve some image pull secrets (artifactory-docker-secret); attempting to pull the image "
            "may not succeed.",
            at(3),
            last=at(9),
            count=3,
            host=host,
        ),
        *_started(p, tmpl, at, 9),
    ]
    days = [f"day 2026-11-{d:02d}: embedded 1843211 log lines into index logs-v3 (612.4 lines/s)" for d in range(1, 29)]
    hours = [f"  hour {h:02d}: 76800 lines, 0 skipped" for h in range(24)]
    lines = ["connected to vector index logs-v3 (dim=768)"]
    for d in days[:5]:
        lines += [*hours, d]
    log = stamped(lines, at(14), [3.0, *([125.0] * len(lines))])
    captured = at(14 + 3 + 125 * len(lines) + 30)
    return _healthy(
        "healthy-job-missing-image-pull-secret-warning-while-running",
        job,
        p,
        tmpl,
        log,
        captured,
        events=events,
        description="The pod template lists an imagePullSecret that does not exist in the namespace; the kubelet "
        "warns that it cannot retrieve it, but the image is already on the node (or public), the "
        "container started and the backfill has been making steady progress for hours.",
        title="'Unable to retrieve pull secret ... not found. The image pull may not succeed.' warnings for pods "
        "that run fine",
        source="https://github.com/kiwigrid/helm-charts/issues/232",
    )


@SCENARIOS.add
def healthy_job_pull_qps_exceeded_then_pulled_and_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 30, 16, 0, tzinfo=timezone.utc))
    name, ns, host = "whisper-transcribe-batch-17", "speech", "aks-gpu-38921313-vmss000000"
    image = "registry.corp.example/speech/whisper-batch:0.1"
    tmpl = Container(
        "transcribe",
        image,
        command=["python", "transcribe.py", "--manifest", "/manifests/batch-17.jsonl", "--model", "large-v3"],
        resources=gpu(1, "32Gi", "8"),
    )
    job, p = _running_job(at, name, ns, host, tmpl, started=71)
    events = [
        *_start_events(job, p, at, host),
        event(p, "Pulling", f'Pulling image "{image}"', at(4), last=at(52), count=2, type_="Normal", host=host),
        event(p, "Failed", f'Failed to pull image "{image}": pull QPS exceeded', at(5), host=host),
        event(p, "Failed", "Error: ErrImagePull", at(5), host=host),
        event(
            p, "BackOff", f'Back-off pulling image "{image}"', at(11), last=at(12), count=2, type_="Normal", host=host
        ),
        event(p, "Failed", "Error: ImagePullBackOff", at(11), last=at(12), count=2, host=host),
        *_started(p, tmpl, at, 71, f'Successfully pulled image "{image}" in 17.912s (17.912s including waiting)'),
    ]
    files = [
        f"[{i + 1:>4}/2400] transcribed call-{90211 + i}.wav: {41 + (i * 7) % 380}s audio in {3.1 + (i % 9) * 0.4:.1f}s"
        for i in range(300)
    ]
    lines = ["Loading model large-v3 on cuda:0 (fp16)", "Model loaded in 38.2s", *files]
    log = stamped(lines, at(75), [38.0, 4.0, *([9.0] * len(files))])
    captured = at(75 + 42 + 9 * len(files) + 10)
    return _healthy(
        "healthy-job-pull-qps-exceeded-then-pulled-and-running",
        job,
        p,
        tmpl,
        log,
        captured,
        events=events,
        description="Many pods landed on a fresh node at once and the kubelet's own image-pull rate limit "
        "(registryPullQPS) refused this pod's first pull ('pull QPS exceeded', ErrImagePull, a short "
        "ImagePullBackOff); the retry a minute later pulled the image and the job has been transcribing "
        "steadily since.",
        title="Pods on a busy node first fail with 'Failed to pull image ...: pull QPS exceeded' / ImagePullBackOff, "
        "then pull and run",
        source="https://github.com/Azure/AKS/issues/3138",
    )
