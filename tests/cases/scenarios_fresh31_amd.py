"""Fresh round 31: real public threads about AMD GPUs: ROCm, HIP, RCCL, MI200/MI300.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, event, pod, terminated
from tests.cases.scenarios_fresh11_platform import _scheduled
from tests.cases.scenarios_fresh12_platform import _pod_case

SCENARIOS = Scenarios()


# -- RoboSat's GPU image run as a training pod: the image has no "train" executable ----------------------


@SCENARIOS.add
def config_error_pod_robosat_gpu_image_train_not_in_path() -> CaseSpec:
    at = Clock(datetime(2019, 11, 6, 8, 40, tzinfo=timezone.utc))
    name, ns, host = "robosat-train", "default", "gpu-rig-1"
    image = "mapbox/robosat:latest-gpu"
    # The daemon's answer as the thread pasted it (docker run prefixes it with 'docker: ' and ends it with '.').
    msg = (
        'OCI runtime create failed: container_linux.go:348: starting container process caused "exec: \\"train\\": '
        'executable file not found in $PATH": unknown'
    )
    c = Container(
        "robosat",
        image,
        args=["train", "--model", "/data/model.toml", "--dataset", "/data/dataset.toml", "--workers", "4"],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
        mounts=[{"name": "data", "mountPath": "/data"}],
        state=terminated(128, at(4), at(4), reason="ContainerCannotRun", message=msg),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "robosat"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "data", "hostPath": {"path": "/home/user/robosat", "type": "Directory"}}],
        qos="BestEffort",
    )
    events = [
        _scheduled(p, at, 1),
        event(p, "Pulled", f'Container image "{image}" already present on machine', at(2), type_="Normal", host=host),
        event(p, "Created", "Created container robosat", at(3), type_="Normal", host=host),
        event(
            p,
            "Failed",
            f'Error: failed to start container "robosat": Error response from daemon: {msg}',
            at(4),
            host=host,
        ),
    ]
    return _pod_case(
        p,
        id="config-error-pod-robosat-gpu-image-train-not-in-path",
        category="config-error",
        evidence='\\"train\\": executable file not found in $PATH',
        description="RoboSat's GPU image is run to train a segmentation model, with the tool's subcommand "
        "('train --model /data/model.toml --dataset /data/dataset.toml --workers 4') as the container's "
        "arguments. In the copy of mapbox/robosat:latest-gpu the machine ran, 'train' is not handed to "
        "its './rs' entry point, so the runtime tries to execute 'train' itself and the container never starts "
        "('exec: \"train\": executable file not found in $PATH'). The maintainer runs the same command with the "
        "current image and it works. The daemon's error is the thread's, verbatim; the thread ran it with "
        "'docker run --runtime=nvidia --rm -v $PWD:/data --ipc=host'. Reconstructed: that run as a bare pod "
        "(restartPolicy Never, one GPU, the data directory as a hostPath volume at /data) on a Docker-runtime "
        "node, its ContainerCannotRun exit 128 state and the kubelet's events carrying the daemon's message; "
        "the container never ran, so it has no log.",
        objects=[p, *events],
        captured=at(60),
        title="RoboSat's latest-gpu image run to train: 'OCI runtime create failed: ... exec: \"train\": "
        "executable file not found in $PATH'",
        source="https://github.com/mapbox/robosat/issues/192",
    )
