"""The REST resources the fake API server knows, written out by hand.

Deliberately independent of jobdoctor's own kinds.yaml and plural guessing: if
collectors/cluster.py builds a wrong path, the fake answers 404 as a real server would,
and the tests see it. ``test_fakeapi.py`` checks that every kind in kinds.yaml is here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Resource:
    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool = True
    # Subresources served beside the object (``status``: written only through /status,
    # as a CRD with ``subresources: {status: {}}``); ``pods/log`` is answered on its own.
    subresources: tuple[str, ...] = ()

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def builtin(self) -> bool:
        """Built-in types are served without kind/apiVersion in list items, as the real
        API server does; custom resources keep them."""
        return self.group in ("", "apps", "batch", "events.k8s.io")

    @property
    def qualified(self) -> str:
        """``pytorchjobs.kubeflow.org``, ``pods``: how Status messages name a resource."""
        return f"{self.plural}.{self.group}" if self.group else self.plural


def _group(
    api_version: str, *kinds: tuple[str, str], namespaced: bool = True, subresources: tuple[str, ...] = ()
) -> list[Resource]:
    group, _, version = api_version.rpartition("/")
    return [Resource(group, version, plural, kind, namespaced, subresources) for plural, kind in kinds]


RESOURCES: tuple[Resource, ...] = (
    *_group(
        "v1",
        ("pods", "Pod"),
        ("events", "Event"),
        ("configmaps", "ConfigMap"),
        ("secrets", "Secret"),
        ("resourcequotas", "ResourceQuota"),
        ("limitranges", "LimitRange"),
        ("services", "Service"),
        ("persistentvolumeclaims", "PersistentVolumeClaim"),
        ("serviceaccounts", "ServiceAccount"),
    ),
    *_group(
        "v1",
        ("nodes", "Node"),
        ("namespaces", "Namespace"),
        ("persistentvolumes", "PersistentVolume"),
        namespaced=False,
    ),
    *_group("events.k8s.io/v1", ("events", "Event")),
    *_group("coordination.k8s.io/v1", ("leases", "Lease")),
    *_group("batch/v1", ("jobs", "Job"), ("cronjobs", "CronJob")),
    *_group("apps/v1", ("statefulsets", "StatefulSet")),
    *_group(
        "kubeflow.org/v1",
        ("pytorchjobs", "PyTorchJob"),
        ("tfjobs", "TFJob"),
        ("xgboostjobs", "XGBoostJob"),
        ("paddlejobs", "PaddleJob"),
        ("jaxjobs", "JAXJob"),
        ("mpijobs", "MPIJob"),
    ),
    *_group("kubeflow.org/v2beta1", ("mpijobs", "MPIJob")),
    *_group("kubeflow.org/v1beta2", ("tfjobs", "TFJob")),
    *_group("kubeflow.org/v1beta1", ("tfjobs", "TFJob")),
    *_group("kubeflow.org/v1alpha2", ("mpijobs", "MPIJob"), ("tfjobs", "TFJob")),
    *_group("tensorflow.org/v1alpha1", ("tfjobs", "TfJob")),
    *_group("mlkube.io/v1beta1", ("tfjobs", "TfJob")),
    *_group(
        "training.kubedl.io/v1alpha1",
        ("pytorchjobs", "PyTorchJob"),
        ("tfjobs", "TFJob"),
        ("mpijobs", "MPIJob"),
        ("xgboostjobs", "XGBoostJob"),
    ),
    *_group("trainer.kubeflow.org/v1alpha1", ("trainjobs", "TrainJob"), ("trainingruntimes", "TrainingRuntime")),
    *_group("trainer.kubeflow.org/v1alpha1", ("clustertrainingruntimes", "ClusterTrainingRuntime"), namespaced=False),
    *_group("kubeflow.org/v2alpha1", ("trainjobs", "TrainJob"), ("trainingruntimes", "TrainingRuntime")),
    *_group("kubeflow.org/v2alpha1", ("clustertrainingruntimes", "ClusterTrainingRuntime"), namespaced=False),
    *_group("jobset.x-k8s.io/v1alpha2", ("jobsets", "JobSet")),
    *_group("ray.io/v1", ("rayjobs", "RayJob"), ("rayservices", "RayService"), ("rayclusters", "RayCluster")),
    *_group("batch.volcano.sh/v1alpha1", ("jobs", "Job")),
    *_group("scheduling.volcano.sh/v1beta1", ("podgroups", "PodGroup")),
    *_group("scheduling.incubator.k8s.io/v1alpha1", ("podgroups", "PodGroup")),
    *_group("scheduling.volcano.sh/v1beta1", ("queues", "Queue"), namespaced=False),
    *_group("kueue.x-k8s.io/v1beta1", ("workloads", "Workload"), ("localqueues", "LocalQueue")),
    *_group("argoproj.io/v1alpha1", ("workflows", "Workflow")),
    *_group(
        "kueue.x-k8s.io/v1beta1",
        ("clusterqueues", "ClusterQueue"),
        ("resourceflavors", "ResourceFlavor"),
        namespaced=False,
    ),
    # jobdoctor's own resource (deploy/base/crd.yaml), and where CRDs are served.
    *_group("jobdoctor.io/v1alpha1", ("jobdiagnoses", "JobDiagnosis"), subresources=("status",)),
    *_group("apiextensions.k8s.io/v1", ("customresourcedefinitions", "CustomResourceDefinition"), namespaced=False),
)

_BY_PATH = {(r.group, r.version, r.plural): r for r in RESOURCES}
_BY_KIND = {(r.api_version, r.kind): r for r in RESOURCES}


def by_path(group: str, version: str, plural: str) -> Resource | None:
    return _BY_PATH.get((group, version, plural))


def by_kind(api_version: str, kind: str) -> Resource | None:
    return _BY_KIND.get((api_version, kind))
