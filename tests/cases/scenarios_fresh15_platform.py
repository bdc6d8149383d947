"""Fresh round 15: real public threads about the platform under a job (images, volumes, secrets, config, nodes, GPUs and drivers).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Obj, Scenarios, event, gpu, terminated
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _rs_name, _rs_pod

SCENARIOS = Scenarios()


def start_failure_events(p: Obj, container: str, daemon_error: str, at: Clock, restarts: int) -> list[Obj]:
    """The kubelet's events for a container Docker cannot create: ``Failed`` with the daemon's answer on
    every attempt (one each 40 seconds), and the ``BackOff`` between them."""
    host = p["spec"]["nodeName"]
    return [
        event(
            p,
            "Failed",
            f'Error: failed to start container "{container}": Error response from daemon: {daemon_error}',
            at(8),
            last=at(40 * restarts),
            count=restarts + 1,
            host=host,
        ),
        _backoff(p, container, at, 9, 40 * restarts + 15, restarts + 3),
    ]


def _docker_start_failure(
    case_id: str,
    *,
    at: Clock,
    deployment: str,
    namespace: str,
    host: str,
    container: Container,
    daemon_error: str,
    restarts: int,
    evidence: str,
    description: str,
    title: str,
    source: str,
) -> CaseSpec:
    """A Deployment's GPU pod on a Docker node whose daemon cannot create the container.

    The kubelet reports the daemon's answer in a ``Failed`` event and as the last state's
    message (exit 128, ContainerCannotRun); the container never runs, so it has no log.
    """
    name = _rs_name(deployment, namespace)
    container.state = _crash_loop(container.name, name, namespace, "2m40s")
    container.last = terminated(
        128, at(40 * restarts), at(40 * restarts), reason="ContainerCannotRun", message=daemon_error
    )
    container.restarts = restarts
    p = _rs_pod(deployment, namespace, [container], created=at(0), phase="Running", node=host, scheduled=at(1))
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {namespace}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        *start_failure_events(p, container.name, daemon_error, at, restarts),
    ]
    return CaseSpec(
        id=case_id,
        kind="Pod",
        name=name,
        namespace=namespace,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence=evidence,
        description=description,
        objects=[p, *events],
        captured=at(40 * restarts + 60),
        title=title,
        source=source,
    )


@SCENARIOS.add
def cuda_error_pod_nvidia_runtime_hook_binary_missing() -> CaseSpec:
    at = Clock(datetime(2019, 7, 23, 17, 20, tzinfo=timezone.utc))
    deployment, ns, host = "render-worker", "viz", "gpu-centos7-node-2"
    daemon_error = (
        "OCI runtime create failed: unable to retrieve OCI runtime error (open "
        "/run/containerd/io.containerd.runtime.v1.linux/moby/"
        "af425d9814b0843b3eb4d17d6b9fdd47837728148961e9832e09e47cf4cb61e3/log.json: no such file or directory): "
        "nvidia-container-runtime did not terminate sucessfully: 2019/07/23 17:28:30 ERROR: "
        "nvidia-container-runtime: inject NVIDIA hook: stat /usr/bin/nvidia-container-runtime-hook: "
        "no such file or directory\n: unknown"
    )
    c = Container("render", "nvidia/opengl:1.0-glvnd-runtime-ubuntu16.04", resources=gpu(1, "8Gi", "2"))
    return _docker_start_failure(
        "cuda-error-pod-nvidia-runtime-hook-binary-missing",
        at=at,
        deployment=deployment,
        namespace=ns,
        host=host,
        container=c,
        daemon_error=daemon_error,
        restarts=5,
        evidence="stat /usr/bin/nvidia-container-runtime-hook: no such file or directory",
        description="An update of the node's nvidia-container-runtime package left the runtime without the "
        "prestart hook binary it injects: Docker cannot create any GPU container on the node, so the pod "
        "never starts. Reinstalling matching nvidia-container-runtime / -hook packages fixes it.",
        title="After an nvidia-docker update no GPU container starts: 'nvidia-container-runtime: inject NVIDIA "
        "hook: stat /usr/bin/nvidia-container-runtime-hook: no such file or directory'",
        source="https://github.com/NVIDIA/nvidia-container-runtime/issues/68",
    )


@SCENARIOS.add
def cuda_error_pod_nvidia_container_cli_driver_failed_to_process_request() -> CaseSpec:
    at = Clock(datetime(2020, 4, 13, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "cuda-smoke", "ml-dev", "gpu-node-07"
    daemon_error = (
        'OCI runtime create failed: container_linux.go:349: starting container process caused "process_linux.go:449: '
        'container init caused \\"process_linux.go:432: running prestart hook 1 caused \\\\\\"error running hook: '
        "exit status 1, stdout: , stderr: nvidia-container-cli: initialization error: driver error: failed to "
        'process request\\\\\\\\n\\\\\\"\\"": unknown'
    )
    c = Container(
        "cuda",
        "nvidia/cuda:10.0-base",
        command=["sh", "-c", "nvidia-smi && sleep infinity"],
        resources=gpu(1, "2Gi", "1"),
    )
    return _docker_start_failure(
        "cuda-error-pod-nvidia-container-cli-driver-failed-to-process-request",
        at=at,
        deployment=deployment,
        namespace=ns,
        host=host,
        container=c,
        daemon_error=daemon_error,
        restarts=4,
        evidence="nvidia-container-cli: initialization error: driver error: failed to process request",
        description="The nvidia runtime's prestart hook cannot talk to the node's NVIDIA driver (the kernel "
        "module and the user-space libraries do not match, or the driver is not loaded), so every GPU "
        "container fails to start; the image and the pod spec are fine.",
        title="Every container with the nvidia runtime fails: 'nvidia-container-cli: initialization error: "
        "driver error: failed to process request'",
        source="https://github.com/NVIDIA/nvidia-docker/issues/1252",
    )


@SCENARIOS.add
def cuda_error_pod_nvidia_container_runtime_binary_not_found() -> CaseSpec:
    at = Clock(datetime(2018, 4, 2, 11, 0, tzinfo=timezone.utc))
    deployment, ns, host = "cuda-smoke", "default", "gpu-ubuntu1604-node-1"
    daemon_error = (
        "OCI runtime create failed: unable to retrieve OCI runtime error (open "
        "/run/docker/containerd/daemon/io.containerd.runtime.v1.linux/moby/"
        "97b8b155759b7e79892eb809697d0ad09d2f256c49e08d4132315e776519a972/log.json: no such file or directory): "
        "fork/exec /usr/bin/nvidia-container-runtime: no such file or directory: unknown"
    )
    c = Container(
        "cuda",
        "nvidia/cuda:9.1-base",
        command=["sh", "-c", "nvidia-smi && sleep infinity"],
        resources=gpu(1, "2Gi", "1"),
    )
    return _docker_start_failure(
        "cuda-error-pod-nvidia-container-runtime-binary-not-found",
        at=at,
        deployment=deployment,
        namespace=ns,
        host=host,
        container=c,
        daemon_error=daemon_error,
        restarts=3,
        evidence="fork/exec /usr/bin/nvidia-container-runtime: no such file or directory",
        description="Docker is configured with the nvidia runtime as default, but the nvidia-container-runtime "
        "binary is not installed on the node (the package was removed or never installed with "
        "nvidia-docker2): Docker cannot create the container and the pod never starts.",
        title="nvidia-docker2 installed but the runtime binary missing: 'fork/exec "
        "/usr/bin/nvidia-container-runtime: no such file or directory: unknown'",
        source="https://github.com/NVIDIA/nvidia-docker/issues/686",
    )
