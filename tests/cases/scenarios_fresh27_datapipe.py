"""Fresh round 27: real public threads about data pipelines feeding ML: Beam, Ray Data, Dask, tf.data, Petastorm.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, gpu, ts
from tests.cases.scenarios_ecosystems import _kuberay
from tests.cases.scenarios_fresh21_accelerators import _exits_after_log

SCENARIOS = Scenarios()


# -- 1. A RayJob whose RayCluster's pods are refused by a ResourceQuota: the RayJob stays Initializing -------


@SCENARIOS.add
def quota_exceeded_rayjob_raycluster_failed_pods_forbidden_exceeded_quota() -> CaseSpec:
    at = Clock(datetime(2024, 6, 7, 17, 20, 0, tzinfo=timezone.utc))
    name, ns = "rayjob-test2", "ray-test"
    image = "rayproject/ray:2.9.0"
    rayjob, raycluster, _pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /home/ray/samples/sample_code.py",
        group="small-wg",
        head=Container("ray-head", image),
        workers=[Container("ray-worker", image)],
        status={},
        nodes=["cpu-node-1", "cpu-node-2"],
    )
    cluster = "rayjob-test2-raycluster-bsh5z"
    rayjob["status"] = {
        "jobDeploymentStatus": "Initializing",
        "jobId": "rayjob-test2-krlp9",
        "rayClusterName": cluster,
        "rayClusterStatus": {
            "desiredCPU": "0",
            "desiredGPU": "0",
            "desiredMemory": "0",
            "desiredTPU": "0",
            "head": {},
        },
        "startTime": ts(at(1)),
        "observedGeneration": 1,
    }
    raycluster["metadata"]["name"] = cluster
    raycluster["status"] = {
        "desiredCPU": "0",
        "desiredGPU": "0",
        "desiredMemory": "0",
        "desiredTPU": "0",
        "head": {},
        "reason": 'pods "rayjob-test2-raycluster-bsh5z-worker-small-wg-mh9v2" is forbidden: exceeded quota: '
        "low-resource-quota, requested: limits.cpu=200m,limits.memory=256Mi, used: limits.cpu=0,limits.memory=0, "
        "limited: limits.cpu=100m,limits.memory=107374182400m",
        "state": "failed",
    }
    return CaseSpec(
        id="quota-exceeded-rayjob-raycluster-failed-pods-forbidden-exceeded-quota",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="exceeded quota: low-resource-quota",
        description="A RayJob is created in a namespace with a ResourceQuota (low-resource-quota: limits.cpu 100m) "
        "smaller than what one of its RayCluster's pods asks for (limits.cpu=200m, limits.memory=256Mi). The API "
        "server refuses the pod, KubeRay marks the RayCluster 'state: failed' with the refusal as its reason, while "
        "the RayJob's jobDeploymentStatus stays 'Initializing' with an empty rayClusterStatus - the job never "
        "starts. The root cause is the namespace's quota. Kept from the thread, verbatim: the RayJob's status "
        "(jobDeploymentStatus Initializing, jobId, rayClusterName, the zero desired resources and empty head) and "
        "the RayCluster's status (the zero desired resources, empty head, reason 'pods \"...-worker-small-wg-mh9v2\" "
        "is forbidden: exceeded quota: low-resource-quota, requested: ..., used: ..., limited: ...', state failed). "
        "Reconstructed: the RayJob's and RayCluster's specs (image, entrypoint, one head and one worker group "
        "small-wg), the namespace, the times. No pod was ever created, so there are none; the thread shows no "
        "events and none are added.",
        objects=[rayjob, raycluster],
        logs={},
        captured=at(600),
        title="RayJob stays 'jobDeploymentStatus: Initializing' while its RayCluster is 'state: failed': pods "
        "forbidden, 'exceeded quota: low-resource-quota'",
        source="https://github.com/ray-project/kuberay/issues/2182",
    )


# -- 2. EfficientDet training from TFRecords on a GPU cluster: the input pipeline hits a corrupt record ------

_TF = "/cluster/home/user/.conda/envs/TF2-gpu/lib/python3.7/site-packages/tensorflow/python/client/session.py"


@SCENARIOS.add
def missing_file_job_efficientdet_tfrecord_dataloss_corrupted_record_at_0() -> CaseSpec:
    at = Clock(datetime(2020, 6, 10, 1, 0, 0, tzinfo=timezone.utc))
    lines = [
        "INFO:tensorflow:examples/sec: 22.5404",
        "I0610 01:14:19.767547 46924377788096 tpu_estimator.py:2351] examples/sec: 22.5404",
        "INFO:tensorflow:global_step/sec: 3.42475",
        "I0610 01:14:20.058923 46924377788096 tpu_estimator.py:2350] global_step/sec: 3.42475",
        "INFO:tensorflow:examples/sec: 23.9733",
        "I0610 01:14:20.059304 46924377788096 tpu_estimator.py:2351] examples/sec: 23.9733",
        "INFO:tensorflow:training_loop marked as finished",
        "I0610 01:14:31.062654 46924377788096 error_handling.py:115] training_loop marked as finished",
        "WARNING:tensorflow:Reraising captured error",
        "W0610 01:14:31.063207 46924377788096 error_handling.py:149] Reraising captured error",
        "Traceback (most recent call last):",
        f'  File "{_TF}", line 1365, in _do_call',
        "    return fn(*args)",
        f'  File "{_TF}", line 1350, in _run_fn',
        "    target_list, run_metadata)",
        f'  File "{_TF}", line 1443, in _call_tf_sessionrun',
        "    run_metadata)",
        "tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 0",
        "\t [[{{node IteratorGetNext}}]]",
        "",
        "During handling of the above exception, another exception occurred:",
    ]
    gaps = [0.0, 0.3, 0.0, 0.0, 0.0, 11.0, 0.0, 0.0, 0.0] + [0.0] * 11
    return _exits_after_log(
        lines=lines,
        start=859.0,
        gaps=gaps,
        started=20,
        id="missing-file-job-efficientdet-tfrecord-dataloss-corrupted-record-at-0",
        at=at,
        name="efficientdet-train",
        ns="vision",
        image="registry.example/vision/automl-efficientdet:tf2-gpu",
        command=["python", "main.py", "--mode=train"],
        resources=gpu(1, "32Gi", "8"),
        node_name="gpu-node-1",
        category="missing-file",
        evidence="DataLossError: corrupted record at 0",
        description="EfficientDet (google/automl) trains with TPUEstimator on a GPU in a conda environment "
        "(TF2-gpu) on a compute cluster, reading its dataset from TFRecord files. Training steps run "
        "(examples/sec, global_step/sec), then the training loop is marked as finished and TensorFlow re-raises "
        "the error its input pipeline captured: 'tensorflow.python.framework.errors_impl.DataLossError: corrupted "
        "record at 0' at the IteratorGetNext node - a TFRecord file the pipeline reads is not a valid record file "
        "from its first byte (a file written wrongly or damaged), so the dataset the job needs is not there in "
        "usable form. The lines are the thread's, verbatim (the user's home directory neutralised), up to where "
        "the stored thread cuts the second traceback. The thread ran the training on a cluster (/cluster/home); it "
        "is shown as a batch Job whose one pod runs it with one GPU and exits 1 after these lines: the Job, the "
        "pod, the image, the command, resources, node, exit code and times are reconstructed.",
        title="EfficientDet training from TFRecords: 'DataLossError: corrupted record at 0' at IteratorGetNext, "
        "re-raised after the training loop",
        source="https://github.com/google/automl/issues/495",
    )
