"""Fresh round 9: real public threads about inference platforms (KServe/storage-initializer, Triton, Ray Serve, Seldon, BentoML, batch inference).

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
    cpu_only,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()


# -- the model never reaches the server: storage initializers ----------------------------------------


def _queue_proxy(tag: str, **kw: Any) -> Container:
    """Knative's queue-proxy sidecar in a KServe serverless predictor pod."""
    return Container(
        "queue-proxy",
        f"gcr.io/knative-releases/knative.dev/serving/cmd/queue:{tag}",
        resources={"requests": {"cpu": "25m"}},
        probes=_http_probe("/", 8012, kinds=("readinessProbe",)),
        **kw,
    )


def _storage_init(image: str, uri: str, at: Clock, ran: tuple[float, float], restarts: int, **kw: Any) -> Container:
    """KServe's storage-initializer init container, failing on every try."""
    return Container(
        "storage-initializer",
        image,
        args=[uri, "/mnt/models"],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "100m", "memory": "100Mi"}},
        mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models"}],
        last=terminated(1, at(ran[0]), at(ran[1])),
        restarts=restarts,
        **kw,
    )


def _init_failing_pod(
    deployment: str, ns: str, host: str, at: Clock, init: Container, main: list[Container], **kw: Any
) -> tuple[Obj, str]:
    """A predictor pod stuck in Init:CrashLoopBackOff, its servers waiting in PodInitializing."""
    init.state = waiting(
        "CrashLoopBackOff",
        f"back-off 5m0s restarting failed container={init.name} pod={_rs_name(deployment, ns)}_{ns}",
    )
    for c in main:
        c.state = waiting("PodInitializing")
    p = _rs_pod(
        deployment,
        ns,
        main,
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "kserve-provision-location", "emptyDir": {}}],
        **kw,
    )
    return p, p["metadata"]["name"]


@SCENARIOS.add
def missing_file_pod_kserve_storage_initializer_gcs_no_model_found() -> CaseSpec:
    at = Clock(datetime(2024, 10, 23, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "flower-gcs-predictor-00001-deployment", "kserve-test", "gke-pool-1-7f3a"
    uri = "gs://ml-models-store/model/test-folder/model.pb"
    init = _storage_init("kserve/storage-initializer:v0.13.0", uri, at, (722, 726), 6)
    server = Container(
        "kserve-container",
        "tensorflow/serving:2.6.2",
        command=["/usr/bin/tensorflow_model_server"],
        args=["--port=9000", "--rest_api_port=8080", "--model_name=flower-gcs", "--model_base_path=/mnt/models"],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
    )
    queue = _queue_proxy("v1.15.2")
    anno = {"internal.serving.kserve.io/storage-initializer-sourceuri": uri}
    p, name = _init_failing_pod(deployment, ns, host, at, init, [server, queue], annotations=anno)
    prev = text(
        "2024-10-23 08:12:03.117 1 kserve INFO [initializer-entrypoint:<module>():16] Initializing, args: "
        f"src_uri [{uri}] dest_path[ [/mnt/models]",
        f"2024-10-23 08:12:03.117 1 kserve INFO [storage.py:download():66] Copying contents of {uri} to local",
        "Traceback (most recent call last):",
        '  File "/storage-initializer/scripts/initializer-entrypoint", line 17, in <module>',
        "    Storage.download(src_uri, dest_path)",
        '  File "/kserve/kserve/storage/storage.py", line 89, in download',
        "    model_dir = Storage._download_gcs(uri, out_dir)",
        "                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        '  File "/kserve/kserve/storage/storage.py", line 353, in _download_gcs',
        '    raise RuntimeError("Failed to fetch model. No model found in %s." % uri)',
        f"RuntimeError: Failed to fetch model. No model found in {uri}.",
    )
    events = [_backoff(p, "storage-initializer", at, 40, 730, 31)]
    return CaseSpec(
        id="missing-file-pod-kserve-storage-initializer-gcs-no-model-found",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="No model found in",
        description="The storageUri points at one object (model.pb) and this storage-initializer only lists "
        "prefixes under it: it finds nothing, raises 'No model found' and exits 1 on every try, so the predictor "
        "stays in Init:CrashLoopBackOff. Point storageUri at the model directory (or a version that downloads "
        "single files).",
        objects=[p, *events],
        logs={f"{name}/storage-initializer.previous": prev},
        captured=at(740),
        title="KServe storage-initializer with a GCS URI naming a single file: 'RuntimeError: Failed to fetch "
        "model. No model found in gs://.../model.pb'",
        source="https://github.com/kserve/kserve/issues/4013",
    )


@SCENARIOS.add
def missing_file_pod_kserve_storage_initializer_minio_no_such_bucket() -> CaseSpec:
    at = Clock(datetime(2021, 2, 2, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sklearn-iris-minio-predictor-default-gq7kx-deployment", "kfserving-test", "worker-03"
    uri = "s3://sklearn-iris-1"
    init = _storage_init(
        "gcr.io/kfserving/storage-initializer:v0.4.1",
        uri,
        at,
        (415, 418),
        5,
        env=[
            {"name": "AWS_ACCESS_KEY_ID", "valueFrom": {"secretKeyRef": {"name": "mysecret", "key": "awsAccessKeyID"}}},
            {
                "name": "AWS_SECRET_ACCESS_KEY",
                "valueFrom": {"secretKeyRef": {"name": "mysecret", "key": "awsSecretAccessKey"}},
            },
            {"name": "S3_ENDPOINT", "value": "minio-service.kubeflow:9000"},
            {"name": "S3_USE_HTTPS", "value": "0"},
        ],
    )
    server = Container(
        "kfserving-container",
        "gcr.io/kfserving/sklearnserver:v0.4.1",
        args=["--model_name=sklearn-iris-minio", "--model_dir=/mnt/models", "--http_port=8080"],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
    )
    queue = _queue_proxy("v0.14.3")
    anno = {"internal.serving.kubeflow.org/storage-initializer-sourceuri": uri}
    p, name = _init_failing_pod(deployment, ns, host, at, init, [server, queue], annotations=anno, service_account="sa")
    site = "/usr/local/lib/python3.7/site-packages"
    prev = text(
        f"[I 210202 10:06:55 initializer-entrypoint:13] Initializing, args: src_uri [{uri}] dest_path[ [/mnt/models]",
        f"[I 210202 10:06:55 storage:35] Copying contents of {uri} to local",
        "Traceback (most recent call last):",
        '  File "/storage-initializer/scripts/initializer-entrypoint", line 14, in <module>',
        "    kfserving.Storage.download(src_uri, dest_path)",
        f'  File "{site}/kfserving/storage.py", line 50, in download',
        "    Storage._download_s3(uri, out_dir)",
        f'  File "{site}/kfserving/storage.py", line 70, in _download_s3',
        "    for obj in objects:",
        f'  File "{site}/minio/api.py", line 1135, in _list_objects',
        "    query=query,",
        f'  File "{site}/minio/api.py", line 2033, in _url_open',
        "    object_name).get_exception()",
        "minio.error.NoSuchBucket: message: The specified bucket does not exist.",
    )
    events = [_backoff(p, "storage-initializer", at, 30, 420, 19)]
    return CaseSpec(
        id="missing-file-pod-kserve-storage-initializer-minio-no-such-bucket",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="The specified bucket does not exist",
        description="The storageUri names a bucket the in-cluster MinIO does not have, so the storage-initializer "
        "fails to list it (NoSuchBucket) and exits 1 on every try; the sklearn server never starts. Create the "
        "bucket or fix the bucket name in storageUri.",
        objects=[p, *events],
        logs={f"{name}/storage-initializer.previous": prev},
        captured=at(430),
        title="KFServing storage-initializer against MinIO: 'minio.error.NoSuchBucket: message: The specified "
        "bucket does not exist.', pod in Init:CrashLoopBackOff",
        source="https://github.com/kserve/kserve/issues/696",
    )


def _seldon_pod(
    at: Clock, sdep: str, ns: str, host: str, uri: str, secret: str, ran: tuple[float, float], restarts: int
) -> tuple[Obj, str]:
    """A Seldon Core v1 MLFLOW_SERVER pod whose rclone model initializer keeps failing."""
    init = Container(
        "classifier-model-initializer",
        "seldonio/rclone-storage-initializer:1.14.1",
        args=[uri, "/mnt/models"],
        env=[
            {"name": k, "valueFrom": {"secretKeyRef": {"name": secret, "key": k}}}
            for k in ("RCLONE_CONFIG_S3_TYPE", "RCLONE_CONFIG_S3_PROVIDER", "RCLONE_CONFIG_S3_ENV_AUTH")
        ],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "100m", "memory": "100Mi"}},
        mounts=[{"name": "classifier-provision-location", "mountPath": "/mnt/models"}],
        last=terminated(1, at(ran[0]), at(ran[1])),
        restarts=restarts,
    )
    server = Container(
        "classifier",
        "seldonio/mlflowserver:1.14.1",
        resources={"requests": {"cpu": "500m", "memory": "1Gi"}, "limits": {"cpu": "1", "memory": "2Gi"}},
        mounts=[{"name": "classifier-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
        ports=[{"name": "http", "containerPort": 9000, "protocol": "TCP"}],
        probes=_http_probe("/health/ping", 9000, delay=60, period=5),
    )
    engine = Container(
        "seldon-container-engine",
        "docker.io/seldonio/seldon-core-executor:1.14.1",
        args=["--sdep", sdep, "--namespace", ns, "--predictor", "default", "--http_port", "8000"],
        resources={"requests": {"cpu": "100m"}},
        probes=_http_probe("/ready", 8000, delay=20, period=5),
    )
    deployment = f"{sdep}-default-0-classifier"
    anno = {"seldon.io/svc-name": f"{sdep}-default-classifier"}
    return _init_failing_pod(deployment, ns, host, at, init, [server, engine], annotations=anno)


@SCENARIOS.add
def config_error_pod_seldon_rclone_no_credential_providers() -> CaseSpec:
    at = Clock(datetime(2022, 11, 23, 15, 50, tzinfo=timezone.utc))
    sdep, ns, host = "wine-mlflow", "seldon", "ip-10-0-12-87.ec2.internal"
    uri = "s3://ml-artifacts/mlflow-artifact-store/1/736604e20a27421dbd1f9fb698e66177/artifacts/model"
    p, name = _seldon_pod(at, sdep, ns, host, uri, "seldon-rclone-secret", (887, 901), 4)
    err = (
        "NoCredentialProviders: no valid providers in chain. Deprecated.\n"
        "\tFor verbose messaging see aws.Config.CredentialsChainVerboseErrors"
    )
    path = uri.removeprefix("s3://ml-artifacts/")
    prev = text(
        '2022/11/23 16:04:47 NOTICE: Config file "/.rclone.conf" not found - using defaults',
        '2022/11/23 16:04:47 NOTICE: s3: s3 provider "aws" not known - please set correctly',
        f"2022/11/23 16:04:51 ERROR : S3 bucket ml-artifacts path {path}: error reading source root directory: {err}",
        f"2022/11/23 16:04:51 ERROR : Attempt 1/3 failed with 1 errors and: {err}",
        f"2022/11/23 16:04:55 ERROR : S3 bucket ml-artifacts path {path}: error reading source root directory: {err}",
        f"2022/11/23 16:04:55 ERROR : Attempt 2/3 failed with 1 errors and: {err}",
        f"2022/11/23 16:04:59 ERROR : S3 bucket ml-artifacts path {path}: error reading source root directory: {err}",
        f"2022/11/23 16:04:59 ERROR : Attempt 3/3 failed with 1 errors and: {err}",
        f"2022/11/23 16:04:59 Failed to copy: {err}",
    )
    events = [_backoff(p, "classifier-model-initializer", at, 60, 905, 17)]
    return CaseSpec(
        id="config-error-pod-seldon-rclone-no-credential-providers",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="NoCredentialProviders: no valid providers in chain",
        description="The rclone storage initializer is meant to use the pod's IAM role (env_auth), but the secret "
        "names an unknown provider and the pod gets no web identity, so rclone finds no AWS credentials at all and "
        "the model is never copied: the credentials configuration is missing, not the model.",
        objects=[p, *events],
        logs={f"{name}/classifier-model-initializer.previous": prev},
        captured=at(910),
        title="Seldon Core rclone storage initializer with AWS IAM roles: 'error reading source root directory: "
        "NoCredentialProviders: no valid providers in chain', pod in Init:CrashLoopBackOff",
        source="https://github.com/SeldonIO/seldon-core/issues/4459",
    )


@SCENARIOS.add
def config_error_pod_seldon_rclone_remote_section_not_in_config() -> CaseSpec:
    at = Clock(datetime(2022, 2, 9, 8, 40, tzinfo=timezone.utc))
    sdep, ns, host = "mlflow-wine", "admin", "node-gpu-2"
    uri = "s3://mlflow/0/a4958c23c9a74974bbd7c58a262a2c1e/artifacts/model"
    p, name = _seldon_pod(at, sdep, ns, host, uri, "seldon-init-container-secret", (777, 778), 5)
    prev = text(
        '2022/02/09 08:52:58 NOTICE: Config file "/config/rclone/rclone.conf" not found - using defaults',
        f'2022/02/09 08:52:58 DEBUG : rclone: Version "v1.55.1" starting with parameters ["rclone" "copy" "-vv" '
        f'"{uri}" "/mnt/models"]',
        f'2022/02/09 08:52:58 DEBUG : Creating backend with remote "{uri}"',
        f'2022/02/09 08:52:58 Failed to create file system for "{uri}": didn\'t find section in config file',
    )
    events = [_backoff(p, "classifier-model-initializer", at, 40, 790, 24)]
    return CaseSpec(
        id="config-error-pod-seldon-rclone-remote-section-not-in-config",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="didn't find section in config file",
        description="The model URI starts with the rclone remote 's3', but the secret given to the init container "
        "does not define that remote (no RCLONE_CONFIG_S3_* variables reach rclone), so rclone has no section for "
        "it and exits before any download. The storage secret is wrong, not the model.",
        objects=[p, *events],
        logs={f"{name}/classifier-model-initializer.previous": prev},
        captured=at(800),
        title="Seldon model from MinIO: rclone init container fails with 'Failed to create file system for "
        "\"s3://mlflow/...\": didn't find section in config file'",
        source="https://github.com/canonical/bundle-kubeflow/issues/429",
    )


# -- the server never starts ----------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_kserve_buildpacks_image_without_start_command() -> CaseSpec:
    at = Clock(datetime(2023, 9, 14, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "regression-predictor-default-00001-deployment", "kubeflow-user-example-com", "worker-2"
    c = Container(
        "kserve-container",
        "registry.example.com/ml/regression-model:v1",
        env=[{"name": "PORT", "value": "8080"}, {"name": "K_REVISION", "value": "regression-predictor-default-00001"}],
        ports=[{"name": "user-port", "containerPort": 8080, "protocol": "TCP"}],
        resources=cpu_only("2Gi", "1"),
        state=_crash_loop("kserve-container", _rs_name(deployment, ns), ns),
        last=terminated(82, at(603), at(603)),
        restarts=6,
    )
    queue = _queue_proxy("v1.8.1", state=running(at(4)))
    p = _rs_pod(deployment, ns, [c, queue], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "ERROR: failed to launch: determine start command: when there is no default process a command is required"
    )
    events = [_backoff(p, "kserve-container", at, 20, 610, 28)]
    return CaseSpec(
        id="config-error-pod-kserve-buildpacks-image-without-start-command",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="when there is no default process a command is required",
        description="The custom predictor image was built with Cloud Native Buildpacks without a Procfile (or "
        "default process), and the InferenceService gives no command either; the buildpacks launcher has nothing "
        "to start and exits at once. Add 'web: python -m model' to a Procfile, or set the container's command.",
        objects=[p, *events],
        logs={f"{name}/kserve-container.previous": prev},
        captured=at(620),
        title="KServe custom predictor built with buildpacks crash-loops: 'ERROR: failed to launch: determine start "
        "command: when there is no default process a command is required'",
        source="https://github.com/kserve/kserve/issues/3124",
    )


# -- Ray Serve: replicas that cannot be placed -------------------------------------------------------


@SCENARIOS.add
def unschedulable_pod_ray_llm_serve_replicas_need_accelerator_the_cluster_lacks() -> CaseSpec:
    at = Clock(datetime(2024, 3, 24, 3, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ray-llm", "llm", "cpu-node-4"
    c = Container(
        "ray-llm",
        "anyscale/ray-llm:latest",
        command=["/bin/bash", "-c"],
        args=["ray start --head --dashboard-host=0.0.0.0 && serve run serve_configs/amazon--LightGPT.yaml"],
        ports=[{"name": "serve", "containerPort": 8000}, {"name": "dashboard", "containerPort": 8265}],
        resources=cpu_only("32Gi", "8"),
        state=running(at(5)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    warn = (
        '{{"levelname": "WARNING", "asctime": "2024-03-24 {t},398", "component_name": "controller", '
        '"component_id": "1684", "message": "deployment_state.py:2152 - Deployment '
        "'VLLMDeployment:amazon--LightGPT' in application 'ray-llm' 1 replicas that have taken more than 30s to be "
        "scheduled. This may be due to waiting for the cluster to auto-scale or for a runtime environment to be "
        'installed. Resources required for each replica: [{{\\"CPU\\": 1.0, \\"accelerator_type_a10\\": 0.01}}, '
        '{{\\"CPU\\": 1.0, \\"accelerator_type_a10\\": 0.01, \\"GPU\\": 0.1}}], total resources available: {{}}. '
        'Use `ray status` for more details."}}'
    )
    head = [
        "2024-03-24 03:00:07,114\tINFO usage_lib.py:449 -- Usage stats collection is enabled by default without "
        "user confirmation because this terminal is detected to be non-interactive.",
        "2024-03-24 03:00:07,115\tINFO scripts.py:744 -- Local node IP: 10.244.4.23",
        "2024-03-24 03:00:10,662\tSUCC scripts.py:781 -- Ray runtime started.",
        "2024-03-24 03:00:14,027\tINFO scripts.py:507 -- Running import path: 'serve_configs/amazon--LightGPT.yaml'.",
        "2024-03-24 03:00:15,310\tINFO worker.py:1540 -- Connecting to existing Ray cluster at address: "
        "10.244.4.23:6379...",
        "2024-03-24 03:00:15,322\tINFO worker.py:1715 -- Connected to Ray cluster. View the dashboard at "
        "http://10.244.4.23:8265 ",
        '{"levelname": "INFO", "asctime": "2024-03-24 03:00:17,902", "component_name": "controller", '
        '"component_id": "1684", "message": "deployment_state.py:1545 - Deploying new version of deployment '
        "VLLMDeployment:amazon--LightGPT in application 'ray-llm'. Setting initial target number of replicas to "
        '1."}',
        '{"levelname": "INFO", "asctime": "2024-03-24 03:00:17,988", "component_name": "controller", '
        '"component_id": "1684", "message": "deployment_state.py:1829 - Adding 1 replica to deployment '
        "VLLMDeployment:amazon--LightGPT in application 'ray-llm'.\"}",
    ]
    times = [at(48 + 30 * k).strftime("%H:%M:%S") for k in range(33)]
    log = stamped(head + [warn.format(t=t) for t in times], at(7), [0.0, 3.5, 3.4, 1.3, 0.0, 2.6, 0.1, 30.1, 30.0])
    return CaseSpec(
        id="unschedulable-pod-ray-llm-serve-replicas-need-accelerator-the-cluster-lacks",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="taken more than 30s to be scheduled",
        description="The model's serve config asks each replica for an 'accelerator_type_a10' resource and a GPU; "
        "the one-node Ray cluster in this CPU-only pod offers neither, so Ray Serve cannot place the replica and "
        "warns every 30 s for as long as it runs. The server never serves: give the pod a GPU of that type, or "
        "remove the accelerator resources from the config.",
        objects=[p],
        logs={f"{name}/ray-llm": log},
        captured=at(1050),
        title='RayLLM stuck at the replica step: "1 replicas that have taken more than 30s to be scheduled ... '
        "Resources required for each replica: [{'CPU': 1.0, 'accelerator_type_a10': 0.01}, ...], total resources "
        'available: {}"',
        source="https://github.com/ray-project/ray-llm/issues/143",
    )


@SCENARIOS.add
def healthy_pod_ray_serve_replicas_scheduled_once_the_autoscaler_adds_a_node() -> CaseSpec:
    at = Clock(datetime(2023, 11, 16, 23, 30, tzinfo=timezone.utc))
    deployment, ns, host = "translator-serve", "ray-serve", "cpu-node-1"
    c = Container(
        "serve",
        "rayproject/ray:2.8.0-py310",
        command=["serve", "run", "--address", "ray://raycluster-autoscaler-head-svc:10001", "translator:app"],
        resources=cpu_only("2Gi", "1"),
        state=running(at(3)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    ctl = "(ServeController pid=924)"
    proxy = "(ProxyActor pid=277, ip=10.161.169.78)"
    rep = "(ServeReplica:default:Translator pid=312, ip=10.161.169.78)"
    node_id = "2f0b6c4ea0e1137118c3350ab6b842ae561924b8b1b6d3ef7a5aeaf8"
    warn = (
        f"{ctl} WARNING 2023-11-16 23:{{t}} controller 924 deployment_state.py:2010 - Deployment 'Translator' in "
        "application 'default' has 2 replicas that have taken more than 30s to be scheduled. This may be due to "
        "waiting for the cluster to auto-scale or for a runtime environment to be installed. Resources required "
        'for each replica: {{"CPU": 5.0}}, total resources available: {{"CPU": 6.0}}. Use `ray status` for more '
        "details."
    )
    lines = [
        "2023-11-16 23:30:04,118\tINFO scripts.py:471 -- Running import path: 'translator:app'.",
        "2023-11-16 23:30:05,902\tINFO worker.py:1458 -- Connecting to existing Ray cluster at address: "
        "ray://raycluster-autoscaler-head-svc:10001...",
        f"{ctl} INFO 2023-11-16 23:30:07,340 controller 924 deployment_state.py:1379 - Deploying new version of "
        "deployment Translator in application 'default'.",
        f"{ctl} INFO 2023-11-16 23:30:07,442 controller 924 deployment_state.py:1668 - Adding 2 replicas to "
        "deployment Translator in application 'default'.",
        warn.format(t="30:37,576"),
        "(autoscaler +42s) Tip: use `ray status` to view detailed cluster status. To disable these messages, set "
        "RAY_SCHEDULER_EVENTS=0.",
        "(autoscaler +42s) Adding 1 node(s) of type workergroup.",
        warn.format(t="31:07,581"),
        warn.format(t="31:37,603"),
        warn.format(t="32:07,611"),
        f"{proxy} INFO 2023-11-16 23:32:28,579 proxy 10.161.169.78 proxy.py:1113 - Proxy actor "
        f"bad735b08424a49a4f66a36202000000 starting on node {node_id}.",
        f"{proxy} INFO 2023-11-16 23:32:28,594 proxy 10.161.169.78 proxy.py:1318 - Starting HTTP server on node: "
        f"{node_id} listening on port 8000",
        f"{proxy} INFO:     Started server process [277]",
        "(…)ace.co/t5-small/resolve/main/config.json: 100%|██████████| 1.21k/1.21k [00:00<00:00, 69.6kB/s]",
        "pytorch_model.bin:   0%|          | 0.00/242M [00:00<?, ?B/s]",
        "pytorch_model.bin:  48%|████▊     | 115M/242M [00:01<00:01, 115MB/s]",
        "pytorch_model.bin: 100%|██████████| 242M/242M [00:02<00:00, 112MB/s]",
        "(…)mall/resolve/main/generation_config.json: 100%|██████████| 147/147 [00:00<00:00, 18.2kB/s]",
        "(…)ce.co/t5-small/resolve/main/spiece.model: 100%|██████████| 792k/792k [00:00<00:00, 2.99MB/s]",
        "(…).co/t5-small/resolve/main/tokenizer.json: 100%|██████████| 1.39M/1.39M [00:00<00:00, 4.50MB/s]",
        "2023-11-16 23:32:41,207\tSUCC scripts.py:522 -- Deployed Serve app successfully.",
        f"{rep} INFO 2023-11-16 23:36:02,114 default_Translator aSgYbU 4c2a1b7e-7d0e-4be5-9a8e-1e0f3c4b9a11 / "
        "default replica.py:749 - __CALL__ OK 412.3ms",
        f"{rep} INFO 2023-11-16 23:41:19,880 default_Translator aSgYbU 0b9f27c3-52a6-4d8e-9c1d-6f1ab2e07d54 / "
        "default replica.py:749 - __CALL__ OK 388.9ms",
    ]
    gaps = [1.8, 1.4, 0.1, 30.1, 5.0, 0.0, 25.0, 30.0, 30.0, 21.0, 0.0, 0.1, 1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5]
    log = stamped(lines, at(4.1), [*gaps, 7.1, 201.0, 317.0])
    return CaseSpec(
        id="healthy-pod-ray-serve-replicas-scheduled-once-the-autoscaler-adds-a-node",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="Two replicas asking for 5 CPUs each do not fit the running cluster, so Ray Serve warns every "
        "30 s that they have not been scheduled - while the autoscaler adds a worker node. Once it joins, the "
        "replicas start, the app is deployed and answers requests: the warnings were the wait for the node.",
        objects=[p],
        logs={f"{name}/serve": log},
        captured=at(1320),
        title="Ray Serve warns 'Deployment 'Translator' ... has 2 replicas that have taken more than 30s to be "
        "scheduled' until the autoscaler's new node joins; the app then deploys and serves",
        source="https://github.com/ray-project/ray/pull/41481",
    )
