"""Fresh round 37: real public threads about containers that cannot start from their spec: missing ConfigMaps and Secrets, bad entrypoints, exit 126/127.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Obj, Scenarios, cpu_only, stamped, terminated
from tests.cases.scenarios_fresh9_serving import _serving
from tests.cases.scenarios_fresh11_platform import _pod_case
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _rs_name

SCENARIOS = Scenarios()


# -- shared: a model server's Deployment pod that exits at start-up, over and over -------------------------


def _server_crash_looping(
    at: Clock, deployment: str, ns: str, host: str, c: Container, volume: Obj, captured: float
) -> tuple[Obj, list[Obj]]:
    """The pod of a one-replica model-server Deployment whose container exits as soon as it starts, restarted
    with the kubelet's doubling back-off (the sixth restart at ``at(612)``), and the BackOff event up to the
    capture."""
    p, _ = _serving(at, deployment, ns, host, c, volume)
    return p, [_backoff(p, c.name, at, 3, captured - 10, 24)]


# -- 1. OpenVINO Model Server 2021.3 given a config.json written for a newer release ---------------------------


@SCENARIOS.add
def config_error_pod_ovms_config_invalid_according_to_schema_layout() -> CaseSpec:
    at = Clock(datetime(2021, 7, 5, 12, 31, 58, tzinfo=timezone.utc))
    deployment, ns, host = "ovms-vehicles", "ovms", "cpu-server-1"
    pod_name = _rs_name(deployment, ns)
    lines = [
        "[2021-07-05 12:42:10.545][1][serving][info][server.cpp:105] OpenVINO Model Server 2021.3.c9ba5cfa",
        "[2021-07-05 12:42:10.545][1][serving][info][server.cpp:106] OpenVINO backend 2021.3.394",
        "[2021-07-05 12:42:10.545][1][serving][error][schema.cpp:333] Given config is invalid according to schema: "
        "#/definitions/model_config/properties/config. Keyword: additionalProperties Key: "
        "#/model_config_list/0/config/layout",
        "[2021-07-05 12:42:10.545][1][modelmanager][error][modelmanager.cpp:533] Configuration file is not in valid "
        "configuration format",
        "[2021-07-05 12:42:10.545][1][modelmanager][error][modelmanager.cpp:73] Couldn't start model manager",
        "[2021-07-05 12:42:10.545][1][serving][error][server.cpp:186] ovms::ModelManager::Start() Error: The file is "
        "not valid json",
    ]
    c = Container(
        "ovms",
        "openvino/model_server:latest",
        args=["--config_path", "/workspace/config.json", "--port", "9000", "--rest_port", "8000"],
        ports=[
            {"name": "grpc", "containerPort": 9000, "protocol": "TCP"},
            {"name": "rest", "containerPort": 8000, "protocol": "TCP"},
        ],
        resources=cpu_only("8Gi", "8"),
        mounts=[{"name": "workspace", "mountPath": "/workspace", "readOnly": True}],
        state=_crash_loop("ovms", pod_name, ns),
        last=terminated(1, at(612), at(613)),
        restarts=6,
    )
    p, events = _server_crash_looping(
        at, deployment, ns, host, c, {"name": "workspace", "hostPath": {"path": "/srv/new_workspace_ovms"}}, 700
    )
    return _pod_case(
        "config-error-pod-ovms-config-invalid-according-to-schema-layout",
        p,
        "config-error",
        "Given config is invalid according to schema",
        description="OpenVINO Model Server 2021.3 is started with a config.json copied from the repository's main "
        "branch (the vehicle-detection pipeline example), which sets a 'layout' option on a model; the 2021.3 "
        "server's configuration schema has no such key, so it rejects the whole file ('Given config is invalid "
        "according to schema ... Key: #/model_config_list/0/config/layout'), cannot start its model manager and "
        "exits. Use a config written for the server's release (drop 'layout'), or run a server release that "
        "knows the option. The thread ran the container with docker and pasted 'docker logs'; it is shown as a "
        "Deployment's pod with the config mounted at /workspace, and its args, exit code (1), restart count and "
        "the BackOff event are reconstructed.",
        objects=[p, *events],
        logs={f"{pod_name}/ovms.previous": stamped(lines, at(612.546), 0.0002)},
        captured=at(700),
        title="OpenVINO Model Server 2021.3 exits at start: 'Given config is invalid according to schema: "
        "#/definitions/model_config/properties/config. Keyword: additionalProperties Key: "
        "#/model_config_list/0/config/layout'",
        source="https://github.com/openvinotoolkit/model_server/issues/755",
    )


# -- 2. TensorFlow Serving told to read a model config at its host path, not where it is mounted --------------


@SCENARIOS.add
def missing_file_pod_tfserving_model_config_file_not_found_in_container() -> CaseSpec:
    at = Clock(datetime(2019, 2, 5, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "tfserving-model-factory", "serving", "serving-node-1"
    pod_name = _rs_name(deployment, ns)
    lines = [
        "F tensorflow_serving/model_servers/server.cc:97] Non-OK-status: ParseProtoTextFile(file, &proto) status: "
        "Not found: /opt/script/TFServingModelFactory/models.config; No such file or directory",
        "/usr/bin/tf_serving_entrypoint.sh: line 3:     6 Aborted                 (core dumped) "
        "tensorflow_model_server --port=8500 --rest_api_port=8501 --model_name=${MODEL_NAME} "
        '--model_base_path=${MODEL_BASE_PATH}/${MODEL_NAME} "$@"',
    ]
    c = Container(
        "tensorflow-serving",
        "tf-user/tensorflow-serving:latest",
        args=["--model_config_file=/opt/script/TFServingModelFactory/models.config"],
        ports=[{"name": "rest", "containerPort": 8501, "protocol": "TCP"}],
        resources=cpu_only("4Gi", "4"),
        mounts=[{"name": "model-factory", "mountPath": "/models/TFServingModelFactory"}],
        state=_crash_loop("tensorflow-serving", pod_name, ns),
        last=terminated(134, at(612), at(613)),
        restarts=6,
    )
    p, events = _server_crash_looping(
        at,
        deployment,
        ns,
        host,
        c,
        {"name": "model-factory", "hostPath": {"path": "/opt/script/TFServingModelFactory"}},
        700,
    )
    return _pod_case(
        "missing-file-pod-tfserving-model-config-file-not-found-in-container",
        p,
        "missing-file",
        "Not found: /opt/script/TFServingModelFactory/models.config",
        description="TensorFlow Serving is started to serve several models from a model config file. The host "
        "directory holding the models and models.config is mounted into the container at "
        "/models/TFServingModelFactory, but --model_config_file names the file by its host path "
        "(/opt/script/TFServingModelFactory/models.config), which does not exist inside the container; the server "
        "aborts at start ('Non-OK-status: ParseProtoTextFile(file, &proto) status: Not found ... No such file or "
        "directory') and the entrypoint reports the abort. Point --model_config_file at the mounted path "
        "(/models/TFServingModelFactory/models.config). The thread ran 'docker run --mount "
        "type=bind,source=/opt/script/TFServingModelFactory/,target=/models/TFServingModelFactory' with a custom "
        "image; it is shown as a Deployment's pod with that hostPath mount, and its exit code (134, the shell's "
        "code for the abort), restart count and the BackOff event are reconstructed. The pasted lines carry no "
        "time stamps of their own; the thread joined the two lines, they are shown as the two lines they are.",
        objects=[p, *events],
        logs={f"{pod_name}/tensorflow-serving.previous": stamped(lines, at(612.2), 0.4)},
        captured=at(700),
        title="TensorFlow Serving in Docker with a multi-model config: 'Non-OK-status: ParseProtoTextFile(file, "
        "&proto) status: Not found: /opt/script/TFServingModelFactory/models.config; No such file or directory'",
        source="https://github.com/tensorflow/serving/issues/1252",
    )
