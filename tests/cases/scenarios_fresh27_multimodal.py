"""Fresh round 27: real public threads about multimodal and diffusion models: vision-language training and serving, diffusers.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, gpu, running, stamped
from tests.cases.scenarios_fresh24_genai import _running_server

SCENARIOS = Scenarios()


# -- 1. the kohya_ss GUI in its container: LoRA training never starts, the image folder does not exist -------


def _kohya_stamped(day: datetime, lines: list[str]) -> str:
    """``kubectl logs --timestamps`` of the kohya_ss GUI, which stamps its own lines ``HH:MM:SS-micro``:
    each line at its own stamp on ``day``."""
    out = []
    for line in lines:
        clock, micro = line[:15].split("-")
        h, m, s = (int(x) for x in clock.split(":"))
        out.append(stamped([line], day.replace(hour=h, minute=m, second=s, microsecond=int(micro)), 0.0))
    return "".join(out)


@SCENARIOS.add
def missing_file_pod_kohya_ss_docker_lora_train_image_folder_does_not_exist() -> CaseSpec:
    at = Clock(datetime(2024, 9, 27, 7, 50, 0, tzinfo=timezone.utc))
    deployment, ns, host = "kohya-ss-gui", "image-gen", "gpu-node-rhel8-1"
    image = "ghcr.io/bmaltais/kohya-ss-gui:latest"
    c = Container(
        "kohya-ss-gui",
        image,
        command=["python3", "kohya_gui.py", "--listen", "0.0.0.0", "--server_port", "7860", "--headless"],
        ports=[{"name": "http", "containerPort": 7860, "protocol": "TCP"}],
        resources=gpu(1, "32Gi", "8"),
        mounts=[{"name": "data", "mountPath": "/app/data"}],
        state=running(at(3)),
        ready=True,
    )
    p, name, events = _running_server(
        at, deployment, ns, host, c, {"name": "data", "persistentVolumeClaim": {"claimName": "kohya-data"}}
    )
    lines = [
        "08:02:16-531788 INFO     Copy /app/data/new to /app/data/trainin/img/20_anime sea sailing ship...",
        "08:02:16-540820 INFO     Regularization images directory is missing... not copying regularisation images...",
        "08:02:16-541461 INFO     Done creating kohya_ss training folder structure at /app/data/trainin...",
        "08:03:07-749909 INFO     Start training LoRA Standard ...",
        "08:03:07-750984 INFO     Validating lr scheduler arguments...",
        "08:03:07-751537 INFO     Validating optimizer arguments...",
        "08:03:07-752080 ERROR    Validating /app/data/trianin/img/20_anime sea sailing ship existence... FAILED: "
        "does not exist",
    ]
    return CaseSpec(
        id="missing-file-pod-kohya-ss-docker-lora-train-image-folder-does-not-exist",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="existence... FAILED: does not exist",
        description="The kohya_ss GUI (LoRA training for Stable Diffusion) runs from the project's Docker image "
        "on a RHEL 8 server. The user has the GUI prepare the training folders - it copies the images from "
        "/app/data/new to '/app/data/trainin/img/20_anime sea sailing ship' and creates the folder structure at "
        "/app/data/trainin - then starts a LoRA training, and the GUI's checks before it launches the trainer "
        "fail: 'Validating /app/data/trianin/img/20_anime sea sailing ship existence... FAILED: does not exist'. "
        "The training's image folder is given as /app/data/trianin/..., a folder that does not exist (the one "
        "created is /app/data/trainin/...), so the training never starts while the GUI keeps running. The seven "
        "log lines are the thread's, verbatim (with the GUI's own HH:MM:SS-micro stamps; the padding spaces at "
        "their ends are dropped). The thread ran the image with Docker; it is shown as a Deployment's Running "
        "pod of the GUI: the Deployment, the image's name, the command, the port, the volume, the node, the "
        "resources and the times are reconstructed.",
        objects=[p, *events],
        logs={f"{name}/{c.name}": _kohya_stamped(at(0), lines)},
        captured=at(900),
        title="kohya_ss GUI in Docker: LoRA training never starts - 'Validating /app/data/trianin/img/20_anime sea "
        "sailing ship existence... FAILED: does not exist'",
        source="https://github.com/bmaltais/kohya_ss/issues/2857",
    )
