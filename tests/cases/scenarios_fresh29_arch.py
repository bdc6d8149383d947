"""Fresh round 29: real public threads about CPU architectures under GPU jobs: arm64 and aarch64 images, Grace Hopper.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
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
    event,
    failed_job_case,
    stamped,
    terminated,
    waiting,
)
from tests.cases.scenarios_fresh11_platform import _pod_case, _scheduled
from tests.cases.scenarios_fresh13_platform import _job_case
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _pulling, _rs_name, _rs_pod

SCENARIOS = Scenarios()


def _hook_refused(
    deployment: str,
    ns: str,
    host: str,
    image: str,
    failed: str,
    at: Clock,
    *,
    times: tuple[float, float, float, float],
    restarts: int,
    back_off: str,
    backoff: tuple[float, float, int],
    **container: Any,
) -> list[Obj]:
    """A Deployment's one pod whose container the NVIDIA prestart hook keeps refusing (docker runtime), and the
    kubelet's events: ``failed`` is the Failed event's message, ``times`` scheduled, first start, first failure
    and last failure (seconds)."""
    scheduled, start, first, last = times
    name = _rs_name(deployment, ns)
    oci = failed.split("Error response from daemon: ", 1)[1]
    c = Container(
        deployment,
        image,
        state=_crash_loop(deployment, name, ns, back_off=back_off),
        last=terminated(128, at(last), at(last), reason="ContainerCannotRun", message=oci),
        restarts=restarts,
        **container,
    )
    p = _rs_pod(
        deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(scheduled), qos="BestEffort"
    )
    status = p["status"]["containerStatuses"][0]
    status["containerID"] = status["containerID"].replace("containerd://", "docker://")  # the threads' runtime
    count = restarts + 1
    pulled = f'Container image "{image}" already present on machine'
    return [
        p,
        _scheduled(p, at, scheduled),
        event(p, "Pulled", pulled, at(start), last=at(last), count=count, type_="Normal", host=host),
        event(p, "Created", f"Created container {deployment}", at(start), last=at(last), count=count, type_="Normal",
              host=host),
        event(p, "Failed", failed, at(first), last=at(last), count=count, host=host),
        _backoff(p, deployment, at, *backoff),
    ]  # fmt: skip


# -- 1. gpushare: the binpack demo pod gets a "no GPU" device id and the NVIDIA prestart hook refuses it ------


@SCENARIOS.add
def cuda_error_pod_gpushare_binpack_no_gpu_device_id_prestart_hook() -> CaseSpec:
    at = Clock(datetime(2019, 7, 14, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "binpack-1", "default", "gpu-node-1"
    image = "cheyang/gpu-player:v2"
    # The kubelet's Failed event as the description pasted it.
    failed = (
        'Error: failed to start container "binpack-1": Error response from daemon: oci runtime error: '
        'container_linux.go:235: starting container process caused "process_linux.go:339: running prestart hook 0 '
        'caused \\"error running hook: exit status 1, stdout: , stderr: exec command: [/usr/bin/nvidia-container-cli '
        "--load-kmods configure --ldconfig=@/sbin/ldconfig --device=no-gpu-has-2MiB-to-run --compute --utility "
        "--require=cuda>=8.0 --pid=260909 /var/lib/docker/overlay2/"
        "64f498e224fd0a93b0e15b8769699a97527a3acab3c6288c4c8d939bbe4ca82c/merged]\\\\nnvidia-container-cli: device "
        'error: unknown device id: no-gpu-has-2MiB-to-run\\\\n\\"'
    )
    objects = _hook_refused(
        deployment,
        ns,
        host,
        image,
        failed,
        at,
        times=(2.0, 4.0, 5.0, 64.0),
        restarts=3,
        back_off="40s",
        backoff=(6, 90, 5),
        resources={"limits": {"aliyun.com/gpu-mem": "2"}, "requests": {"aliyun.com/gpu-mem": "2"}},
    )
    return _pod_case(
        "cuda-error-pod-gpushare-binpack-no-gpu-device-id-prestart-hook",
        objects[0],
        "cuda-error",
        "unknown device id: no-gpu-has-2MiB-to-run",
        description="Aliyun's GPU sharing (gpushare-scheduler-extender with gpushare-device-plugin) on a cluster of "
        "a master and one GPU node: the project's binpack-1 demo Deployment (cheyang/gpu-player:v2, a TensorFlow "
        "GPU workload) asks for a share of GPU memory (aliyun.com/gpu-mem). The device plugin finds no GPU assumed "
        "for the pod and hands the NVIDIA runtime the placeholder device id 'no-gpu-has-2MiB-to-run' instead of a "
        "GPU, so the NVIDIA prestart hook (nvidia-container-cli) refuses to start the container: 'nvidia-container-cli: "
        "device error: unknown device id: no-gpu-has-2MiB-to-run'. The maintainer asks for the device plugin's log; "
        "later comments show the same error with other sizes. The container cannot be given the GPU it asked for. "
        "Verbatim from the thread: the kubelet's Failed message (the issue's description), the image and container "
        "name (the project's demo). Reconstructed: the node's name, the pod's name (the ReplicaSet's), the gpu-mem "
        "amount, the container's CrashLoopBackOff state and its last state (exit 128, ContainerCannotRun, the "
        "daemon's message), the other kubelet events, their counts and the times.",
        objects=objects,
        captured=at(120),
        title="GPU sharing with gpushare: the binpack-1 demo pod cannot start - 'nvidia-container-cli: device error: "
        "unknown device id: no-gpu-has-2MiB-to-run' - the device plugin gave it no GPU",
        source="https://github.com/AliyunContainerService/gpushare-scheduler-extender/issues/42",
    )


# -- 2. Jetson: NGC's TensorRT image under the NVIDIA runtime clashes with the mounted host cuDNN files ------


@SCENARIOS.add
def cuda_error_pod_jetson_ngc_tensorrt_image_csv_mount_file_exists() -> CaseSpec:
    at = Clock(datetime(2022, 1, 28, 16, 30, tzinfo=timezone.utc))
    deployment, ns, host = "tensorrt", "default", "jetson-agx-xavier-1"
    image = "nvcr.io/nvidia/tensorrt:21.12-py3"
    # docker's error as the thread pasted it (the overlay path is the thread's).
    oci = (
        "failed to create shim: OCI runtime create failed: container_linux.go:380: starting container process "
        "caused: process_linux.go:545: container init caused: Running hook #1:: error running hook: exit status 1, "
        "stdout: , stderr: nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/"
        "63a5dc0a46e4f12d052b60007e09f18b5bb773903c054915cf6f843392531b40/merged/usr/lib/aarch64-linux-gnu/"
        "libcudnn_adv_infer_static_v8.a: file exists: unknown"
    )
    failed = f'Error: failed to start container "tensorrt": Error response from daemon: {oci}'
    objects = _hook_refused(
        deployment,
        ns,
        host,
        image,
        failed,
        at,
        times=(1.0, 3.0, 9.0, 96.0),
        restarts=4,
        back_off="1m20s",
        backoff=(10, 150, 7),
        command=["sleep", "infinity"],
    )
    objects[0]["spec"]["runtimeClassName"] = "nvidia"
    return _pod_case(
        "cuda-error-pod-jetson-ngc-tensorrt-image-csv-mount-file-exists",
        objects[0],
        "cuda-error",
        "nvidia-container-cli: mount error: file creation failed",
        description="On a Jetson AGX Xavier (JetPack 4.5.1, L4T 32.5.2, aarch64) the NGC TensorRT container "
        "(nvcr.io/nvidia/tensorrt:21.12-py3) is started with the NVIDIA runtime and never starts: the NVIDIA "
        "prestart hook fails to mount the host's Jetson libraries into it because the image already ships the same "
        "cuDNN file ('nvidia-container-cli: mount error: file creation failed: .../usr/lib/aarch64-linux-gnu/"
        "libcudnn_adv_infer_static_v8.a: file exists'). On Jetson the runtime mounts the host's CUDA/cuDNN/TensorRT "
        "(CSV mode), and the NGC image, built for discrete-GPU servers, brings its own: the runtime cannot give "
        "the container its GPU libraries. Verbatim from the thread: docker's error (the overlay path and hook "
        "message; runc's 'Running hook #1::', which the stored copy shows autolinked as 'NVIDIA/nvidia-docker#1'), "
        "the image. Reconstructed: the thread ran `docker run --runtime nvidia -it`; here the same image "
        "runs as a one-replica Deployment's pod with the nvidia runtime class on a Jetson node (names, command and "
        "times made up), the daemon's message carried by the kubelet's Failed event and the container's last "
        "state (exit 128, ContainerCannotRun), CrashLoopBackOff and the other kubelet events.",
        objects=objects,
        captured=at(180),
        title="Jetson AGX Xavier: NGC's tensorrt:21.12-py3 container under the NVIDIA runtime fails to start - "
        "'nvidia-container-cli: mount error: file creation failed: ...libcudnn_adv_infer_static_v8.a: file exists'",
        source="https://github.com/NVIDIA/nvidia-docker/issues/1598",
    )


# -- 3. Jetson: l4t-pytorch's torchvision was built for another Jetson's GPU: nms has no kernel image --------


@SCENARIOS.add
def cuda_error_job_jetson_l4t_pytorch_torchvision_nms_no_kernel_image() -> CaseSpec:
    at = Clock(datetime(2020, 5, 27, 20, 0, tzinfo=timezone.utc))
    image = "nvcr.io/nvidia/l4t-pytorch:r32.4.2-pth1.3-py3"
    egg = "torchvision-0.4.2-py3.6-linux-aarch64.egg"
    cpp_string = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >"
    # The error as the thread pasted it (the stored copy ends in frame #3).
    lines = [
        f'File "/usr/local/lib/python3.6/dist-packages/{egg}/torchvision/ops/boxes.py", line 33, in nms',
        "RuntimeError: CUDA error: no kernel image is available for execution on the device (nms_cuda at "
        "/torchvision/torchvision/csrc/cuda/nms_cuda.cu:127)",
        f"frame #0: c10::Error::Error(c10::SourceLocation, {cpp_string} const&) + 0x78 (0x7f5e7378d8 in "
        "/usr/local/lib/python3.6/dist-packages/torch/lib/libc10.so)",
        "frame #1: nms_cuda(at::Tensor const&, at::Tensor const&, float) + 0x710 (0x7f3e0eb51c in "
        f"/root/.cache/Python-Eggs/{egg}-tmp/torchvision/_C.so)",
        "frame #2: nms(at::Tensor const&, at::Tensor const&, float) + 0x114 (0x7f3e08ae7c in "
        f"/root/.cache/Python-Eggs/{egg}-tmp/torchvision/_C.so)",
    ]
    ran = (5.0, 48.0)
    spec = failed_job_case(
        id="cuda-error-job-jetson-l4t-pytorch-torchvision-nms-no-kernel-image",
        category="cuda-error",
        evidence="no kernel image is available for execution on the device",
        description="An object-detection model runs inference on a Jetson inside NVIDIA's L4T PyTorch container "
        "(nvcr.io/nvidia/l4t-pytorch:r32.4.2-pth1.3-py3); the post-processing step calls torchvision.ops.nms on GPU "
        "tensors and fails: 'RuntimeError: CUDA error: no kernel image is available for execution on the device "
        "(nms_cuda at ...)'. The same code works on the host OS. The maintainer's answer: torchvision in that "
        "image was compiled for the GPU arch of the Jetson it was built on (Xavier), not for all the arches PyTorch "
        "was built for (Nano, TX2, Xavier), so its CUDA kernels do not run on this device; rebuilding the container "
        "on the device fixes it. The CUDA runtime has no kernel for this GPU: the environment, not the model. "
        "Verbatim from the thread: the image, the traceback lines as far as the stored copy shows them (its last "
        "line, frame #3, is cut and left out). Reconstructed: the thread ran the model in the container by hand; "
        "here a batch Job's one pod runs it on a Jetson node and exits 1 - the Job, pod, command, node and times "
        "are made up.",
        name="detector-inference",
        namespace="edge-ml",
        at=at,
        container=Container(
            "detector", image, command=["python3", "detect.py"], resources={"limits": {"nvidia.com/gpu": "1"}}
        ),
        exit_code=1,
        ran=ran,
        node="jetson-node-1",
        log=stamped(lines, at(ran[1] - 1.0), 0.001),
        captured=ran[1] + 300,
    )
    return _job_case(
        spec,
        image,
        "detector",
        at,
        title="Jetson, l4t-pytorch:r32.4.2-pth1.3-py3: torchvision.ops.nms on GPU fails with 'RuntimeError: CUDA "
        "error: no kernel image is available for execution on the device' (torchvision built for another GPU arch)",
        source="https://github.com/dusty-nv/jetson-containers/issues/7",
    )


# -- 4. Jetson Nano: jetson-inference's imagenet in its container finds an empty TensorRT library ----------


@SCENARIOS.add
def dependency_error_job_jetson_nano_imagenet_libnvinfer_file_too_short() -> CaseSpec:
    at = Clock(datetime(2023, 9, 21, 6, 0, tzinfo=timezone.utc))
    image = "dustynv/jetson-inference:r32.7.1"
    # The program's one line as the thread pasted it.
    lines = [
        "imagenet: error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.8: file too short",
    ]
    ran = (4.0, 5.0)
    spec = failed_job_case(
        id="dependency-error-job-jetson-nano-imagenet-libnvinfer-file-too-short",
        category="dependency-error",
        evidence="libnvinfer.so.8: file too short",
        description="jetson-inference's image classifier (imagenet) is run in the project's container on a Jetson "
        "Nano developer kit (JetPack 4.6.4, L4T 32.7.4) and never gets going: the dynamic loader stops at the "
        "TensorRT library ('imagenet: error while loading shared libraries: /usr/lib/aarch64-linux-gnu/"
        "libnvinfer.so.8: file too short'). On JetPack 4.x the containers ship empty placeholders for CUDA, cuDNN "
        "and TensorRT and the NVIDIA runtime mounts the device's own libraries over them, so an empty libnvinfer "
        "means the system library the program links against is not really there (the same error in the "
        "neighbouring thread was fixed by installing the JetPack libraries on the device). Verbatim from the "
        "thread: the error line, the command (imagenet data/images/jellyfish.jpg data/images/test/"
        "jellyfish.jpg). Reconstructed: the thread ran it inside the container started by docker/run.sh; here a "
        "batch Job's one pod runs it on a Nano node - the Job, pod, image tag (the project's tag for L4T R32.7.x), "
        "node and times are made up; the exit code is the loader's (127).",
        name="imagenet-classify",
        namespace="edge-ml",
        at=at,
        container=Container(
            "imagenet",
            image,
            command=["imagenet", "data/images/jellyfish.jpg", "data/images/test/jellyfish.jpg"],
        ),
        exit_code=127,
        ran=ran,
        node="jetson-nano-1",
        log=stamped(lines, at(ran[1] - 0.5), 0.001),
        captured=ran[1] + 300,
    )
    return _job_case(
        spec,
        image,
        "imagenet",
        at,
        title="Jetson Nano, jetson-inference container: 'imagenet: error while loading shared libraries: "
        "/usr/lib/aarch64-linux-gnu/libnvinfer.so.8: file too short'",
        source="https://github.com/dusty-nv/jetson-inference/issues/1736",
    )


# -- 5. Jetson Orin Nano: the jetson-inference image has no tag for the board's L4T release -----------------


@SCENARIOS.add
def image_pull_error_pod_jetson_inference_r36_4_2_manifest_unknown() -> CaseSpec:
    at = Clock(datetime(2024, 12, 31, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "jetson-inference", "edge-ml", "jetson-orin-nano-1"
    image = "dustynv/jetson-inference:r36.4.2"
    # docker's answer as the thread pasted it, as the kubelet reports a pull through the docker runtime.
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = Error response from daemon: manifest for '
        f"{image} not found: manifest unknown: manifest unknown"
    )
    c = Container(
        "jetson-inference",
        image,
        resources={"limits": {"nvidia.com/gpu": "1"}},
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="BestEffort")
    p["spec"]["runtimeClassName"] = "nvidia"
    events = [_scheduled(p, at, 1), *_pulling(p, image, failure, 3, 420, 6, at, host)]
    return _pod_case(
        "image-pull-error-pod-jetson-inference-r36-4-2-manifest-unknown",
        p,
        "image-pull-error",
        "manifest unknown",
        description="A freshly installed Jetson Orin Nano (8 GB, L4T R36.4.2) runs jetson-inference's container, "
        "whose tag follows the board's L4T release (dustynv/jetson-inference:r36.4.2); the image is never pulled: "
        "'manifest for dustynv/jetson-inference:r36.4.2 not found: manifest unknown: manifest unknown'. No image "
        "was published for that L4T release (the maintainer: the project has a TensorRT 10 compatibility issue "
        "for r36.4 and later); the user then tries to build it with jetson-containers, which fails in its own "
        "way. The tag does not exist in the registry: an image-pull failure. Verbatim from the thread: the image "
        "and docker's error. Reconstructed: the thread ran docker/run.sh; here the image runs as a one-replica "
        "Deployment's pod with the nvidia runtime class on the Orin node, the kubelet wrapping docker's error "
        "in its Failed event ('Failed to pull image ...: rpc error: code = Unknown desc = Error response from "
        "daemon: ...', as it does through the docker runtime), the pull and back-off events, their counts and "
        "the times, the pod's and node's names.",
        objects=[p, *events],
        captured=at(480),
        title="Jetson Orin Nano on L4T R36.4.2: jetson-inference's container cannot be pulled - 'manifest for "
        "dustynv/jetson-inference:r36.4.2 not found: manifest unknown'",
        source="https://github.com/dusty-nv/jetson-containers/issues/762",
    )
