"""Fresh round 16: real public threads about pipelines and orchestrators (Kubeflow Pipelines, Argo Workflows, Tekton, Airflow, Flyte, KubeRay, Spark).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    cpu_only,
    failed_job,
    terminated,
    text,
)
from tests.cases.scenarios_fresh7_pipelines import _step_pod, _workflow
from tests.cases.scenarios_fresh12_workflows import _argo_nodes, _node_failed, _normal

SCENARIOS = Scenarios()


# -- Kubeflow Pipelines, v2-compatible mode: the kfp-launcher wraps the component ----------------


@dataclass
class _V2Step:
    """One step of a v2-compatible KFP run: where it ran and what it ran."""

    ns: str
    wf: str
    node_id: str
    step: str
    pipeline: str
    image: str
    launcher: str  # the kfp-launcher image its init container copies the launcher from
    host: str
    argoexec: str  # the wait container's version


def _launch_command(step: _V2Step) -> list[str]:
    """The main container's command: the copied launcher, which wraps the component's own command."""
    flags = {
        "mlmd_server_address": "$(METADATA_GRPC_SERVICE_HOST)",
        "mlmd_server_port": "$(METADATA_GRPC_SERVICE_PORT)",
        "container_image": "$(_KFP_V2_IMAGE)",
        "task_name": step.step,
        "pipeline_name": step.pipeline,
        "run_id": "$(KFP_RUN_ID)",
        "run_resource": "workflows.argoproj.io/$(WORKFLOW_ID)",
        "namespace": "$(KFP_NAMESPACE)",
        "pod_name": "$(KFP_POD_NAME)",
        "pod_uid": "$(KFP_POD_UID)",
        "pipeline_root": "",
        "enable_caching": "$(ENABLE_CACHING)",
    }
    return ["/kfp-launcher/launch", *(x for k, v in flags.items() for x in (f"--{k}", v)), "--"]


def _v2compat_objects(step: _V2Step, at: Clock) -> list[Obj]:
    """A v2-compatible step pod whose main container (the launcher wrapping the component) exits 1
    before the component runs, the Workflow that owns it, and the events of both."""
    workflow = _workflow(step.ns, step.wf, at, "Failed", f"child '{step.node_id}' failed", 40)
    nodes = _argo_nodes(workflow, step.node_id, step.step, "Failed", "Error (exit code 1)", at, 40)
    workflow["status"]["nodes"] = nodes
    init = Container(
        "kfp-launcher",
        step.launcher,
        command=["launcher", "--copy", "/kfp-launcher/launch"],
        resources=cpu_only("64Mi", "100m"),
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=terminated(0, at(8), at(9), reason="Completed"),
    )
    main = Container(
        "main",
        step.image,
        command=_launch_command(step),
        args=["sh", "-ec", 'program_path=$(mktemp -d)\nprintf "%s" "$0" > "$program_path/ephemeral_component.py"'],
        env=[
            {"name": "KFP_V2_IMAGE", "value": step.image},
            {"name": "METADATA_GRPC_SERVICE_HOST", "value": "metadata-grpc-service.kubeflow"},
            {"name": "METADATA_GRPC_SERVICE_PORT", "value": "8080"},
        ],
        resources=cpu_only("512Mi", "500m"),
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=terminated(1, at(22), at(23), reason="Error"),
    )
    wait = Container(
        "wait",
        f"gcr.io/ml-pipeline/argoexec:{step.argoexec}-patch-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(0, at(21), at(25), reason="Completed"),
    )
    p = _step_pod(
        workflow,
        step.step,
        step.node_id,
        [wait, main],
        at,
        phase="Failed",
        host=step.host,
        init=[init],
        service_account="pipeline-runner",
        volumes=[{"name": "kfp-launcher", "emptyDir": {}}],
    )
    p["metadata"]["labels"].update(
        {
            "pipelines.kubeflow.org/v2_component": "true",
            "pipelines.kubeflow.org/pipeline-sdk-type": "kfp",
            "pipelines.kubeflow.org/cache_enabled": "true",
        }
    )
    assigned = f"Successfully assigned {step.ns}/{step.node_id} to {step.host}"
    return [
        p,
        workflow,
        _normal(p, "Scheduled", assigned, at(3), "default-scheduler"),
        _normal(p, "Pulled", f'Container image "{step.launcher}" already present on machine', at(7)),
        _normal(p, "Started", "Started container kfp-launcher", at(8)),
        _normal(p, "Started", "Started container wait", at(21)),
        _normal(p, "Started", "Started container main", at(22)),
        *_node_failed(workflow, step.step, step.node_id, "Error (exit code 1)", at, 38, 40),
    ]


def _wait_log(version: str, at: Clock) -> str:
    """The Argo executor's wait container: it saw the main container end and had nothing to save."""

    def t(s: float) -> str:
        return at(s).strftime("%Y-%m-%dT%H:%M:%S.") + f"{at(s).microsecond // 1000:03d}Z"

    return text(
        f'time="{t(21.4)}" level=info msg="Starting Workflow Executor" version={version}',
        f'time="{t(21.41)}" level=info msg="Starting deadline monitor"',
        f'time="{t(24.41)}" level=info msg="Main container completed"',
        f'time="{t(24.411)}" level=info msg="No Script output reference in workflow. Capturing script output ignored"',
        f'time="{t(24.412)}" level=info msg="Saving output parameters"',
        f'time="{t(24.42)}" level=info msg="Alloc=6120 TotalAlloc=11934 Sys=19410 NumGC=4 Goroutines=7"',
    )


def _v2compat_case(
    id: str, step: _V2Step, at: Clock, main_log: str, evidence: str, description: str, **thread: str
) -> CaseSpec:
    """The step's pod is the culprit: its launcher failed before the component's code ran (a config-error)."""
    objects = _v2compat_objects(step, at)
    return CaseSpec(
        id=id,
        kind="Pod",
        name=step.node_id,
        namespace=step.ns,
        healthy=False,
        category="config-error",
        culprit=step.node_id,
        evidence=evidence,
        description=description,
        objects=objects,
        logs={f"{step.node_id}/main": main_log, f"{step.node_id}/wait": _wait_log(step.argoexec, at)},
        captured=at(300),
        title=thread["title"],
        source=thread["source"],
    )


@SCENARIOS.add
def config_error_pod_kfp_v2_compatible_first_step_no_pipeline_context() -> CaseSpec:
    wf = "my-pipeline-2wqhf"
    step = _V2Step(
        "kubeflow-user-example-com",
        wf,
        f"{wf}-1817409552",
        "download",
        "my-pipeline",
        "google/cloud-sdk:279.0.0",
        "gcr.io/ml-pipeline/kfp-launcher:1.6.4",
        "worker-node-3",
        "v3.1.1",
    )
    main_log = text(
        'I0720 14:17:55.402518      29 launcher.go:144] PipelineRoot defaults to "minio://mlpipeline/v2/artifacts".',
        "I0720 14:17:55.403061      29 cache.go:120] Connecting to cache endpoint 10.96.40.117:8887",
        "F0720 14:17:55.461007      29 main.go:55] Failed to execute component: unable to get pipeline with "
        'PipelineName "my-pipeline" PipelineRunID "my-pipeline-2wqhf": Failed '
        'GetContextByTypeAndName(type="kfp.Pipeline", name="my-pipeline")',
    )
    return _v2compat_case(
        "config-error-pod-kfp-v2-compatible-first-step-no-pipeline-context",
        step,
        Clock(datetime(2026, 7, 20, 14, 17, 33, tzinfo=timezone.utc)),
        main_log,
        "unable to get pipeline with PipelineName",
        "Every pipeline compiled with PipelineExecutionMode.V2_COMPATIBLE (SDK 1.6.4) fails at its "
        "first step on a KFP 1.5.1 backend: the kfp-launcher in the main container cannot find the pipeline's "
        "context in ML Metadata and exits 1 before the component's code runs. The same pipelines compiled in "
        "the default mode run; compile in v1 mode or upgrade the backend to one that supports v2-compatible runs.",
        title="KFP pipelines compiled in V2_COMPATIBLE mode break on their first step: 'Failed to execute "
        "component: unable to get pipeline with PipelineName ... Failed GetContextByTypeAndName'",
        source="https://github.com/kubeflow/pipelines/issues/6241",
    )


@SCENARIOS.add
def config_error_pod_kfp_v2_compatible_recurring_run_launcher_no_run_id() -> CaseSpec:
    wf = "daily-train-wdp6n-1-3612917012"
    step = _V2Step(
        "ml-team",
        wf,
        f"{wf}-2290875374",
        "train",
        "daily-train",
        "python:3.8",
        "gcr.io/ml-pipeline/kfp-launcher:1.7.0-rc.3",
        "gke-ml-pool-1-3c1f9a2e-q7lx",
        "v3.1.6",
    )
    case = _v2compat_case(
        "config-error-pod-kfp-v2-compatible-recurring-run-launcher-no-run-id",
        step,
        Clock(datetime(2026, 9, 15, 18, 50, 21, tzinfo=timezone.utc)),
        text(
            "F0915 18:50:43.208113       1 main.go:50] Failed to create component launcher: Invalid launcher "
            "options: must specify RunID",
        ),
        "must specify RunID",
        "A recurring run of a pipeline compiled in v2-compatible mode: the run the scheduled "
        "workflow starts does not hand the kfp-launcher a run id, so the launcher rejects its own options and "
        "exits 1 before the component runs. The same pipeline run once by hand works; the backend fix came "
        "in 1.7.0-rc.4, so upgrade KFP (or run the pipeline in v1 mode).",
        title="KFP v2-compatible recurring runs fail: 'Failed to create component launcher: Invalid launcher "
        "options: must specify RunID'",
        source="https://github.com/kubeflow/pipelines/issues/6293",
    )
    # The run was started by a recurring run's ScheduledWorkflow, which labels the Workflow it creates.
    case.objects[1]["metadata"]["labels"].update(
        {
            "scheduledworkflows.kubeflow.org/isOwnedByScheduledWorkflow": "true",
            "scheduledworkflows.kubeflow.org/scheduledWorkflowName": "daily-train-wdp6n",
            "scheduledworkflows.kubeflow.org/workflowEpoch": "1789498200",
            "scheduledworkflows.kubeflow.org/workflowIndex": "1",
        }
    )
    return case


@SCENARIOS.add
def config_error_pod_kfp_v2_tutorial_put_parent_contexts_unimplemented() -> CaseSpec:
    wf = "my-pipeline-xbv4z"
    step = _V2Step(
        "kubeflow",
        wf,
        f"{wf}-3351716942",
        "download",
        "my-pipeline",
        "google/cloud-sdk:279.0.0",
        "gcr.io/ml-pipeline/kfp-launcher:1.6.0",
        "kind-control-plane",
        "v3.1.1",
    )
    main_log = text(
        'I0713 09:41:29.114052      33 launcher.go:144] PipelineRoot defaults to "minio://mlpipeline/v2/artifacts".',
        "I0713 09:41:29.114590      33 cache.go:120] Connecting to cache endpoint 10.96.188.21:8887",
        "F0713 09:41:29.187733      33 main.go:55] Failed to execute component: unable to get pipeline with "
        'PipelineName "my-pipeline" PipelineRunID "my-pipeline-xbv4z": Failed '
        "PutParentContexts(parent_contexts:{child_id:11  parent_id:9}): rpc error: code = Unimplemented desc =",
    )
    return _v2compat_case(
        "config-error-pod-kfp-v2-tutorial-put-parent-contexts-unimplemented",
        step,
        Clock(datetime(2026, 7, 13, 9, 41, 7, tzinfo=timezone.utc)),
        main_log,
        "PutParentContexts",
        "The v2 tutorial pipeline on a local KFP 1.6.0 install fails at its first step: the "
        "kfp-launcher asks the ML Metadata server for a call (PutParentContexts) the deployed metadata server "
        "does not implement, and exits 1 before the component runs. The launcher and the installed backend do "
        "not match; deploy a KFP release whose metadata server supports v2-compatible runs, or compile in v1 mode.",
        title="KFP v2 tutorial pipeline fails at its first step: 'Failed PutParentContexts(...): rpc error: "
        "code = Unimplemented'",
        source="https://github.com/kubeflow/pipelines/issues/6026",
    )


# -- Metaflow on Kubernetes ---------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_metaflow_kube_runtime_no_module_click() -> CaseSpec:
    at = Clock(datetime(2026, 6, 5, 11, 57, 47, tzinfo=timezone.utc))
    ns, name = "metaflow", "metaflow-runtime-multistepmnistflow-7d5k2"
    c = Container(
        "metaflow-runtime",
        "tensorflow/tensorflow:1.5.0-py3",
        command=["bash", "-c"],
        args=[
            "mkdir -p /metaflow && cd /metaflow && python -m awscli s3 cp "
            "s3://ml-metaflow/MultiStepMNISTFlow/data/6f/6f1c2e job.tar >/dev/null && tar xf job.tar && "
            "python multi_step_mnist.py --with kube:cpu=3.2,memory=4000,image=tensorflow/tensorflow:1.5.0-py3 "
            "--no-pylint --environment=conda --datastore=s3 run --num_training_examples 1000"
        ],
        resources=cpu_only("4000Mi", "3200m"),
    )
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=c, exit_code=1, ran=(14, 19), node="ip-10-0-12-87.ec2.internal"
    )
    pod_name = p["metadata"]["name"]
    log = text(
        "Setting up task environment.",
        "Downloading code package.",
        "Code package downloaded.",
        "Traceback (most recent call last):",
        '  File "multi_step_mnist.py", line 1, in <module>',
        "    from metaflow import FlowSpec, step, Parameter, kube",
        '  File "/metaflow/metaflow/__init__.py", line 45, in <module>',
        "    from .event_logger import EventLogger",
        '  File "/metaflow/metaflow/event_logger.py", line 1, in <module>',
        "    from .sidecar import SidecarSubProcess",
        '  File "/metaflow/metaflow/sidecar.py", line 13, in <module>',
        "    from .debug import debug",
        '  File "/metaflow/metaflow/debug.py", line 3, in <module>',
        "    from .metaflow_config import from_conf",
        '  File "/metaflow/metaflow/metaflow_config.py", line 6, in <module>',
        "    import click",
        "ModuleNotFoundError: No module named 'click'",
    )
    return CaseSpec(
        id="dependency-error-job-metaflow-kube-runtime-no-module-click",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=pod_name,
        evidence="No module named 'click'",
        description="A Metaflow flow deployed to Kubernetes (kube-deploy) runs its runtime in a plain "
        "TensorFlow image: the image has no `click`, which Metaflow itself needs, so the flow dies on import "
        "before any step starts. Use an image with Metaflow's requirements installed (or install them first).",
        objects=[job, p],
        logs={f"{pod_name}/metaflow-runtime": log},
        captured=at(120),
        title="Metaflow runtime deployed on Kubernetes fails at once: 'ModuleNotFoundError: No module named 'click''",
        source="https://github.com/Netflix/metaflow/pull/200",
    )
