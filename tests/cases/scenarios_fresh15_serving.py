"""Fresh round 15: real public threads about model servers and inference platforms (vLLM, SGLang, TGI, Triton, KServe, Ray Serve, Ollama).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Scenarios,
    cpu_only,
    event,
    gpu,
    running,
    stamped,
    terminated,
)
from tests.cases.scenarios_fresh9_serving import _serving
from tests.cases.scenarios_fresh13_serving import _kfs_predictor_pod
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _rs_name, _rs_pod

SCENARIOS = Scenarios()


# -- KServe custom predictor: Ready and serving, the 404 comes from the URL asked ----------------------


@SCENARIOS.add
def healthy_pod_kserve_custom_predictor_ready_url_404() -> CaseSpec:
    at = Clock(datetime(2023, 1, 15, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "stable-diffusion4-predictor-default-00001-deployment", "tenant-dev", "gpu-a5000-7"
    uri = "pvc://stable-diffusion-model-cache/"
    server = Container(
        "kfserving-container",
        "example/stable-diffusion-inference-test:test-3",
        env=[
            {"name": "STORAGE_URI", "value": uri},
            {"name": "HF_HOME", "value": "/mnt/models/"},
            {"name": "PORT", "value": "8080"},
            {"name": "K_REVISION", "value": "stable-diffusion4-predictor-default-00001"},
        ],
        ports=[{"name": "user-port", "containerPort": 8080, "protocol": "TCP"}],
        resources=gpu(1, "32Gi", "6"),
        mounts=[{"name": "kfserving-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
        state=running(at(10)),
        ready=True,
    )
    p = _kfs_predictor_pod(
        at, deployment, ns, host, server, "kfserving/storage-initializer:v0.6.1 /mnt/pvc/", (6, 8), True
    )
    # A pvc:// URI: the claim is mounted read-only into the initializer, which copies it to /mnt/models.
    p["spec"]["volumes"].append(
        {"name": "kfserving-pvc-source", "persistentVolumeClaim": {"claimName": "stable-diffusion-model-cache"}}
    )
    p["spec"]["initContainers"][0]["volumeMounts"].append(
        {"name": "kfserving-pvc-source", "mountPath": "/mnt/pvc", "readOnly": True}
    )
    name = p["metadata"]["name"]
    lines = [
        "[I 230115 09:00:12 storage:45] Copying contents of /mnt/models to local",
        "Loading pipeline components...: 100%|██████████| 7/7 [00:41<00:00,  5.93s/it]",
        "[I 230115 09:01:04 model_server:150] Registering model: stable-diffusion-inference",
        "[I 230115 09:01:04 model_server:123] Setting asyncio max_workers as 5",
        "[I 230115 09:01:04 model_server:130] Listening on port 8080",
        "[I 230115 09:01:04 model_server:132] Will fork 1 workers",
    ]
    log = stamped(lines, at(12), [52, 0.01, 0.01, 0.01, 0.01])
    return CaseSpec(
        id="healthy-pod-kserve-custom-predictor-ready-url-404",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The custom KServe predictor loaded its pipeline, registered the model and listens on 8080; "
        "the pod and both containers are Ready. The 404 the user sees comes from the URL asked (the host root, "
        "/v1/models/ and a v2 path on a v1 custom server), not from the pod: ask "
        "/v1/models/<registered name>:predict on the InferenceService's URL.",
        objects=[p],
        logs={f"{name}/kfserving-container": log},
        captured=at(1800),
        title="kserve inference service 404 error: the InferenceService is Ready, but its URL, /v1/models/ and "
        "/v2/health/ready all answer 404 page not found",
        source="https://github.com/kserve/kserve/issues/2650",
    )


# -- Caikit-TGIS: the runtime cannot load its one model, the server keeps running ----------------------


@SCENARIOS.add
def application_error_pod_caikit_tgis_model_has_no_base_artifacts() -> CaseSpec:
    at = Clock(datetime(2023, 7, 28, 18, 54, tzinfo=timezone.utc))
    deployment, ns, host = "flan-t5-small-caikit-predictor-00001-deployment", "caikit-demo", "gpu-worker-2"
    server = Container(
        "kserve-container",
        "quay.io/opendatahub/caikit-tgis-serving:pr-25",
        env=[
            {"name": "RUNTIME_LOCAL_MODELS_DIR", "value": "/opt/models"},
            {"name": "TRANSFORMERS_CACHE", "value": "/tmp/transformers_cache"},
            {"name": "RUNTIME_GRPC_ENABLED", "value": "false"},
            {"name": "RUNTIME_HTTP_ENABLED", "value": "true"},
        ],
        ports=[{"name": "h2c", "containerPort": 8080, "protocol": "TCP"}],
        resources=gpu(1, "8Gi", "4"),
        mounts=[{"name": "kfserving-provision-location", "mountPath": "/opt/models", "readOnly": True}],
        state=running(at(21)),
        ready=True,
    )
    init = "kserve/storage-initializer:v0.10.0 s3://models/flan-t5-small-caikit"
    p = _kfs_predictor_pod(at, deployment, ns, host, server, init, (4, 19), True)
    name = p["metadata"]["name"]

    def j(channel: str, level: str, code: str, message: str, stamp: str, extra: str = "") -> str:
        return (
            f'{{"channel": "{channel}", "exception": null, "level": "{level}", "log_code": "<{code}>", '
            f'"message": "{message}",{extra} "num_indent": 0, "thread_id": 139931863193344, '
            f'"timestamp": "2023-07-28T{stamp}"}}'
        )

    path = "/opt/models/flan-t5-small-caikit"
    err = (
        f"ValueError('value check failed: Cannot run model {path}/artifacts with TGIS locally since it has no "
        "base artifacts')"
    )
    lines = [
        j("COM-LIB-INIT", "info", "RUN11997772I", "Loading service module: caikit_nlp", "18:54:22.104311"),
        j(
            "COM-LIB-INIT",
            "info",
            "RUN11997772I",
            "Loading service module: caikit.interfaces.common",
            "18:54:22.105027",
        ),
        j("COM-LIB-INIT", "info", "RUN11997772I", "Loading service module: caikit.interfaces.nlp", "18:54:22.105530"),
        j(
            "COM-LIB-INIT",
            "info",
            "RUN11997772I",
            "Loading service module: caikit.interfaces.runtime",
            "18:54:22.105901",
        ),
        j(
            "MODEL-MGR",
            "info",
            "RUN44739400I",
            f"Loading local models into Caikit Runtime... {path}",
            "18:55:16.903118",
        ),
        j("TXT_GEN", "error", "NLP51672289E", f"exception raised: {err}", "18:55:16.932746"),
        j(
            "MODEL-LOADER",
            "error",
            "RUN62912924E",
            f"load failed when processing path: {path} with error: {err}",
            "18:55:16.933255",
            ' "model_id": "flan-t5-small-caikit",',
        ),
        j(
            "SERVR-HTTP",
            "info",
            "RUN76884779I",
            "Caikit Runtime is serving http on port: 8080 with thread pool size: 5",
            "18:55:17.012450",
        ),
    ]
    log = stamped(lines, at(22), [0.01, 0.01, 0.01, 54.8, 0.03, 0.01, 0.08])
    return CaseSpec(
        id="application-error-pod-caikit-tgis-model-has-no-base-artifacts",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=name,
        evidence="no base artifacts",
        description="The Caikit runtime could not load the only model in its models directory: caikit-nlp's "
        "text-generation module raised ValueError ('Cannot run model ... with TGIS locally since it has no base "
        "artifacts'), the loader skipped the model and the HTTP server came up anyway, so the pod is Ready but "
        "serves no model. The model was saved for another caikit-nlp release than the one in this image: use a "
        "runtime image whose caikit-nlp loads this model format (or re-convert the model for it).",
        objects=[p],
        logs={f"{name}/kserve-container": log},
        captured=at(600),
        title="Caikit-tgis-serving with the July 28th code drop cannot load models: 'Cannot run model "
        "/opt/models/flan-t5-small-caikit/artifacts with TGIS locally since it has no base artifacts'",
        source="https://github.com/opendatahub-io/caikit-tgis-serving/issues/39",
    )


# -- A chat app in a pod: every call to the Ollama server comes back 503 -------------------------------


@SCENARIOS.add
def network_error_pod_langchain_app_ollama_status_503() -> CaseSpec:
    at = Clock(datetime(2025, 3, 14, 9, 30, tzinfo=timezone.utc))
    deployment, ns, host = "sql-chatbot", "genai-apps", "worker-4"
    c = Container(
        "sql-chatbot",
        "registry.example.com/genai/sql-chatbot:1.0",
        command=["streamlit", "run", "/app/Application.py", "--server.port=8501", "--server.address=0.0.0.0"],
        env=[{"name": "OLLAMA_HOST", "value": "http://ollama.genai.svc.cluster.local:11434"}],
        ports=[{"name": "http", "containerPort": 8501, "protocol": "TCP"}],
        resources=cpu_only("2Gi", "1"),
        state=running(at(8)),
        ready=True,
    )
    p, name = _serving(at, deployment, ns, host, c)
    site = "/usr/local/lib/python3.9/site-packages"
    banner = [
        "",
        "Collecting usage statistics. To deactivate, set browser.gatherUsageStats to false.",
        "",
        "",
        "  You can now view your Streamlit app in your browser.",
        "",
        "  URL: http://0.0.0.0:8501",
        "",
    ]
    trace = [
        "2025-03-14 09:41:07.118 Uncaught app exception",
        "Traceback (most recent call last):",
        f'  File "{site}/streamlit/runtime/scriptrunner/exec_code.py", line 88, in exec_func_with_error_handling',
        "    result = func()",
        f'  File "{site}/streamlit/runtime/scriptrunner/script_runner.py", line 579, in code_to_exec',
        "    exec(code, module.__dict__)",
        '  File "/app/Application.py", line 172, in <module>',
        "    response = sql_chain.invoke({",
        f'  File "{site}/langchain_core/runnables/base.py", line 3016, in invoke',
        "    input = context.run(step.invoke, input, config)",
        f'  File "{site}/langchain_core/language_models/llms.py", line 387, in invoke',
        "    self.generate_prompt(",
        f'  File "{site}/langchain_core/language_models/llms.py", line 760, in generate_prompt',
        "    return self.generate(prompt_strings, stop=stop, callbacks=callbacks, **kwargs)",
        f'  File "{site}/langchain_core/language_models/llms.py", line 963, in generate',
        "    output = self._generate_helper(",
        f'  File "{site}/langchain_core/language_models/llms.py", line 784, in _generate_helper',
        "    self._generate(",
        f'  File "{site}/langchain_ollama/llms.py", line 288, in _generate',
        "    final_chunk = self._stream_with_aggregation(",
        f'  File "{site}/langchain_ollama/llms.py", line 256, in _stream_with_aggregation',
        "    for stream_resp in self._create_generate_stream(prompt, stop, **kwargs):",
        f'  File "{site}/langchain_ollama/llms.py", line 211, in _create_generate_stream',
        "    yield from self._client.generate(",
        f'  File "{site}/ollama/_client.py", line 168, in inner',
        "    raise ResponseError(e.response.text, e.response.status_code) from None",
        "ollama._types.ResponseError: (status code: 503)",
    ]
    log = stamped(banner, at(10), 0.01) + stamped(trace, at(667), 0)
    return CaseSpec(
        id="network-error-pod-langchain-app-ollama-status-503",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="status code: 503",
        description="The chat app runs, but its LangChain call to the Ollama server comes back HTTP 503 (ollama's "
        "ResponseError), so every question fails. The app itself is fine; the Ollama endpoint it reaches from the "
        "cluster is not answering: check that OLLAMA_HOST names a Service with a ready Ollama pod behind it, and "
        "that no HTTP(S)_PROXY in the pod sends the call to a proxy instead.",
        objects=[p],
        logs={f"{name}/sql-chatbot": log},
        captured=at(900),
        title="A chat bot that works in local Docker fails in a Kubernetes pod with ollama._types.ResponseError: "
        "(status code: 503)",
        source="https://github.com/ollama/ollama/issues/9757",
    )


# -- The Ollama Helm chart's pod: the binary cannot be executed on the node ----------------------------


@SCENARIOS.add
def config_error_pod_ollama_helm_exec_format_error() -> CaseSpec:
    at = Clock(datetime(2024, 4, 25, 16, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ollama", "llm", "ip-10-0-12-34.us-west-2.compute.internal"
    pod_name = _rs_name(deployment, ns)
    c = Container(
        "ollama",
        "ollama/ollama:0.1.32",
        env=[{"name": "OLLAMA_HOST", "value": "0.0.0.0"}],
        ports=[{"name": "http", "containerPort": 11434, "protocol": "TCP"}],
        resources=gpu(2, "16Gi", "4"),
        mounts=[{"name": "ollama-data", "mountPath": "/root/.ollama"}],
        state=_crash_loop("ollama", pod_name, ns, back_off="5m0s"),
        restarts=6,
        last=terminated(255, at(392), at(392), reason="Error"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "ollama-data", "emptyDir": {}}],
    )
    events = [
        event(
            p,
            "Pulled",
            'Container image "ollama/ollama:0.1.32" already present on machine',
            at(40),
            last=at(392),
            count=7,
            type_="Normal",
            host=host,
        ),
        _backoff(p, "ollama", at, 20, 590, 28),
    ]
    return CaseSpec(
        id="config-error-pod-ollama-helm-exec-format-error",
        kind="Pod",
        name=pod_name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pod_name,
        evidence="exec format error",
        description="The Ollama container exits as soon as it starts (exit 255) and its only log line is "
        "'exec /bin/ollama: exec format error': the binary in the image cannot be run on this node, which almost "
        "always means the image was built (or pulled) for another CPU architecture than the node's. Pin the "
        "image's platform to the node's architecture (linux/amd64 here) or schedule the pod on nodes that match it.",
        objects=[p, *events],
        logs={f"{pod_name}/ollama.previous": "exec /bin/ollama: exec format error\n"},
        captured=at(600),
        title="exec /bin/ollama: exec format error running the ollama/ollama image with the Helm chart on EKS GPU nodes",
        source="https://github.com/otwld/ollama-helm/issues/26",
    )
