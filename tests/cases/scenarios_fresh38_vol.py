"""Fresh round 38: real public threads about volumes that cannot be provided: mounts, attachments, claims, CSI drivers.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import CaseSpec, Clock, Container, Obj, Scenarios, event, waiting
from tests.cases.scenarios_fresh11_platform import _pod_case, _scheduled
from tests.cases.scenarios_fresh36_images import _bare_pod
from tests.cases.scenarios_real_platform import _sts_pod

SCENARIOS = Scenarios()


# -- 1. Kubeflow's test infrastructure: the shared NFS test volume cannot be mounted, 'Connection timed out' ------


@SCENARIOS.add
def volume_error_pod_kubeflow_test_worker_nfs_connection_timed_out() -> CaseSpec:
    at = Clock(datetime(2019, 3, 30, 17, 0, tzinfo=timezone.utc))
    ns, host, sts = "kubeflow-test-infra", "gke-kubeflow-testing-default-pool-90dc0402-4z32", "debug-worker"
    pod_uid = "5264288b-5328-11e9-ad34-42010af001d5"
    server = "10.49.145.162:/kubeflow"
    target = f"/var/lib/kubelet/pods/{pod_uid}/volumes/kubernetes.io~nfs/gcfs"
    mounter = "/home/kubernetes/containerized_mounter"
    failed = (
        'MountVolume.SetUp failed for volume "gcfs" : mount failed: exit status 1\n'
        "Mounting command: systemd-run\n"
        f"Mounting arguments: --description=Kubernetes transient mount for {target} --scope -- "
        f"{mounter}/mounter mount -t nfs {server} {target}\n"
        "Output: Running scope as unit: run-r4d381e33d02b4dafbc7bf19d0f47b913.scope\n"
        "Mount failed: mount failed: exit status 32\n"
        "Mounting command: chroot\n"
        f"Mounting arguments: [{mounter}/rootfs mount -t nfs {server} {target}]\n"
        "Output: mount.nfs: Connection timed out\n"
    )
    timeout = (
        f'Unable to mount volumes for pod "{sts}-0_{ns}({pod_uid})": timeout expired waiting for volumes to '
        f'attach/mount for pod "{ns}"/"{sts}-0". list of unattached/unmounted volumes=[nfs-external]'
    )
    c = Container(
        "worker",
        "registry.example.com/kubeflow-ci/test-worker:latest",
        mounts=[{"name": "nfs-external", "mountPath": "/mnt/test-data-volume"}],
        state=waiting("ContainerCreating"),
    )
    volumes = [{"name": "nfs-external", "persistentVolumeClaim": {"claimName": "nfs-external"}}]
    p = _sts_pod(
        sts, 0, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), volumes=volumes, qos="BestEffort"
    )
    p["metadata"]["uid"] = pod_uid
    captured = 180
    events = [
        _scheduled(p, at, 1),
        event(p, "FailedMount", failed, at(60), last=at(captured - 10), count=3, host=host),
        event(p, "FailedMount", timeout, at(62), last=at(captured - 40), count=2, host=host),
    ]
    return _pod_case(
        "volume-error-pod-kubeflow-test-worker-nfs-connection-timed-out",
        p,
        "volume-error",
        "mount.nfs: Connection timed out",
        description="Kubeflow's own test infrastructure on GKE: the tests fail because the pods of the test "
        "namespace cannot mount the shared NFS test volume 'nfs-external' (a Filestore share, PV 'gcfs'); "
        "the kubelet's mount through GKE's containerized mounter ends with 'Mount failed: mount failed: exit "
        "status 32 ... Output: mount.nfs: Connection timed out', and then 'Unable to mount volumes for pod "
        '"debug-worker-0_kubeflow-test-infra(...)": timeout expired waiting for volumes to attach/mount ... '
        "list of unattached/unmounted volumes=[nfs-external]', so the worker stays in ContainerCreating. The "
        "maintainers first suspected a full share (the thread graphs its free bytes). Verbatim from the "
        "thread: the mount arguments, the containerized mounter's output and its 'mount.nfs: Connection timed "
        "out', the second FailedMount warning (its count 'x2 over 2m'), the pod, namespace, node, pod uid, "
        "volume and server. Reconstructed: the first line of the mount failure (the thread's paste starts at "
        "'Mounting arguments:'; 'MountVolume.SetUp failed for volume \"gcfs\" : mount failed: exit status 1' "
        "and 'Mounting command: systemd-run' are how the kubelet heads it), the pod as pod 0 of a 'debug-worker' "
        "StatefulSet with one placeholder container and the claim, the first event's count, the scheduler's "
        "event and the times.",
        objects=[p, *events],
        captured=at(captured),
        title="Kubeflow test infra: the worker's NFS test volume cannot be mounted, 'mount.nfs: Connection "
        "timed out', pod stuck in ContainerCreating",
        source="https://github.com/kubeflow/testing/issues/346",
    )


# -- 2. Datashim on Oracle's managed Kubernetes: the pod's S3 dataset volume is never mounted -------------------


def _dataset_pod(name: str, ns: str, host: str, dataset: str, at: Clock, **kw: Any) -> Obj:
    """A pod that asks Datashim for a dataset (its labels), the dataset's claim mounted as a volume."""
    c = Container(
        "main",
        "registry.example.com/ml/train:latest",
        mounts=[{"name": dataset, "mountPath": f"/mnt/datasets/{dataset}"}],
        state=waiting("ContainerCreating"),
    )
    labels = {"dataset.0.id": dataset, "dataset.0.useas": "mount"}
    volumes = [{"name": dataset, "persistentVolumeClaim": {"claimName": dataset}}]
    return _bare_pod(name, ns, host, c, at, labels, volumes=volumes, qos="BestEffort", **kw)


def _dataset_case(
    id: str,
    at: Clock,
    host: str,
    dataset: str,
    warning: str,
    evidence: str,
    *,
    first: int,
    count: int,
    captured: int,
    **kw: Any,
) -> CaseSpec:
    """A Datashim dataset pod stuck in ContainerCreating: the kubelet's FailedMount warning, repeated."""
    p = _dataset_pod("dataset-consumer", "default", host, dataset, at)
    events = [
        _scheduled(p, at, 0),
        event(p, "FailedMount", warning, at(first), last=at(captured - 30), count=count, host=host),
    ]
    return _pod_case(id, p, "volume-error", evidence, objects=[p, *events], captured=at(captured), **kw)


@SCENARIOS.add
def volume_error_pod_datashim_oci_bucket_dataset_mount_timed_out() -> CaseSpec:
    at = Clock(datetime(2023, 11, 22, 9, 0, tzinfo=timezone.utc))
    dataset = "s3-dataset"
    timeout = (
        f"Unable to attach or mount volumes: unmounted volumes=[{dataset}], "
        f"unattached volumes=[kube-api-access-wxlf9 {dataset}]: timed out waiting for the condition"
    )
    return _dataset_case(
        "volume-error-pod-datashim-oci-bucket-dataset-mount-timed-out",
        at,
        "10.0.10.27",
        dataset,
        timeout,
        f"unmounted volumes=[{dataset}]",
        first=124,
        count=13,
        captured=1800,
        description="Datashim (the dataset layer that mounts S3 buckets into ML pods) on Oracle's managed "
        "Kubernetes: the Dataset for an OCI bucket is created and its PV and PVC appear at once, but the pod "
        "that mounts the claim never gets ready, with the general error 'Unable to attach or mount volumes: "
        "unmounted volumes=[s3-dataset], unattached volumes=[kube-api-access-wxlf9 s3-dataset]: timed out "
        "waiting for the condition'. Verbatim from the thread: that warning and the volume names. "
        "Reconstructed: the pod (bare, named 'dataset-consumer', one placeholder container, Datashim's "
        "dataset labels, the claim as its volume), its ContainerCreating state, the node, the FailedMount "
        "event's count, the scheduler's event and the times.",
        title="Datashim on OKE: the pod's S3 dataset volume is never mounted, 'unmounted volumes=[s3-dataset] "
        "... timed out waiting for the condition'",
        source="https://github.com/datashim-io/datashim/issues/319",
    )


# -- 3. Datashim: the S3 CSI driver is not registered on the node, MountDevice fails -----------------------------


@SCENARIOS.add
def volume_error_pod_datashim_s3_csi_driver_not_registered() -> CaseSpec:
    at = Clock(datetime(2022, 2, 10, 10, 2, tzinfo=timezone.utc))
    pv = "pvc-6760fee0-0ad7-4800-ae0f-73339f96a819"
    failed = (
        f'MountVolume.MountDevice failed for volume "{pv}" : kubernetes.io/csi: attacher.MountDevice failed to '
        "create newCsiDriverClient: driver name ch.ctrox.csi.s3-driver not found in the list of registered "
        "CSI drivers"
    )
    return _dataset_case(
        "volume-error-pod-datashim-s3-csi-driver-not-registered",
        at,
        "worker-2",
        "example-dataset",
        failed,
        "driver name ch.ctrox.csi.s3-driver not found in the list of registered CSI drivers",
        first=3,
        count=16,
        captured=1200,
        description="Datashim (the dataset layer that mounts S3 buckets into ML pods) installed from its "
        "default manifest: the Dataset for an S3 bucket is created and its PVC is Bound, but the pod that "
        'mounts it gets \'MountVolume.MountDevice failed for volume "pvc-6760fee0-..." : kubernetes.io/csi: '
        "attacher.MountDevice failed to create newCsiDriverClient: driver name ch.ctrox.csi.s3-driver not "
        "found in the list of registered CSI drivers' although 'kubectl get csidrivers' lists the driver: "
        "the driver's node plugin is not registered with the kubelet on that node, so the volume cannot be "
        "mounted and the pod stays in ContainerCreating. Verbatim from the thread: the warning (with the PV "
        "name) and the driver name. Reconstructed: the pod (bare, named 'dataset-consumer', one placeholder "
        "container, Datashim's dataset labels, the claim as its volume), its ContainerCreating state, the "
        "node, the FailedMount event's count, the scheduler's event and the times.",
        title="Datashim: the pod's dataset volume cannot be mounted, 'driver name ch.ctrox.csi.s3-driver not "
        "found in the list of registered CSI drivers'",
        source="https://github.com/datashim-io/datashim/issues/161",
    )
