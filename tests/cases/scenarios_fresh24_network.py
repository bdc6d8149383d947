"""Fresh round 24: real public threads about networking under jobs: DNS, sockets, resets and the fabrics between ranks.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, cpu_only, pod, stamped, terminated
from tests.cases.scenarios_fresh23_llmserve import _pod_events

SCENARIOS = Scenarios()


# -- A Dask worker pod started by dask-kubernetes' KubeCluster cannot resolve github.com from the cluster ------


@SCENARIOS.add
def network_error_pod_dask_kubecluster_worker_could_not_resolve_github() -> CaseSpec:
    at = Clock(datetime(2019, 11, 20, 19, 6, 30, tzinfo=timezone.utc))
    name, ns, host = "dask-root-c69fb20b-2q7xkd", "default", "k8s-worker-1"
    pkgs = "fastparquet git+https://github.com/dask/distributed"
    tmp = "/tmp/pip-req-build-auau5085"
    # The worker pod's log as the thread pasted it (`kubectl logs workerpod`): the image's prepare.sh runs
    # under `set -x` and pip-installs EXTRA_PIP_PACKAGES before it execs dask-worker.
    lines = [
        "+ '[' '' ']'",
        "+ '[' -e /opt/app/environment.yml ']'",
        "no environment.yml",
        "+ echo 'no environment.yml'",
        "+ '[' '' ']'",
        "EXTRA_PIP_PACKAGES environment variable found.  Installing.",
        f"+ '[' '{pkgs}' ']'",
        "+ echo 'EXTRA_PIP_PACKAGES environment variable found.  Installing.'",
        f"+ /opt/conda/bin/pip install {pkgs}",
        "Collecting git+https://github.com/dask/distributed",
        f"  Cloning https://github.com/dask/distributed to {tmp}",
        f"  Running command git clone -q https://github.com/dask/distributed {tmp}",
        "  fatal: unable to access 'https://github.com/dask/distributed/': Could not resolve host: github.com",
        f"ERROR: Command errored out with exit status 128: git clone -q https://github.com/dask/distributed {tmp} "
        "Check the logs for full command output.",
    ]
    started, end = 8, 110
    worker = Container(
        "dask",
        "daskdev/dask:latest",
        args=["dask-worker", "--nthreads", "2", "--no-bokeh", "--memory-limit", "6GB", "--death-timeout", "60"],
        env=[
            {"name": "EXTRA_PIP_PACKAGES", "value": pkgs},
            {"name": "DASK_SCHEDULER_ADDRESS", "value": "tcp://172.16.0.76:40119"},
        ],
        resources=cpu_only("6G", "2"),
        state=terminated(1, at(started), at(end)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "app": "dask",
            "component": "dask-worker",
            "dask.org/cluster-name": "dask-root-c69fb20b-2",
            "foo": "bar",
            "user": "root",
        },
        owner=None,
        containers=[worker],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(0),
    )
    p["spec"]["tolerations"].append(
        {"key": "k8s.dask.org/dedicated", "operator": "Equal", "value": "worker", "effect": "NoSchedule"}
    )
    events = _pod_events(p, worker.image, "dask", at, started)
    return CaseSpec(
        id="network-error-pod-dask-kubecluster-worker-could-not-resolve-github",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="Could not resolve host: github.com",
        description="A Dask cluster started from Python with dask-kubernetes' KubeCluster and the documentation's "
        "worker-spec.yml (image daskdev/dask:latest, 'dask-worker --nthreads 2 --no-bokeh --memory-limit 6GB "
        "--death-timeout 60', EXTRA_PIP_PACKAGES 'fastparquet git+https://github.com/dask/distributed') on a "
        "three-node kubeadm cluster. Once the nodes had enough memory for the worker pods to be scheduled, the worker "
        "pods ran but did not join the scheduler: the worker's log shows the image's start script pip-installing the "
        "extra packages and git failing with \"fatal: unable to access 'https://github.com/dask/distributed/': Could "
        "not resolve host: github.com\" (the reporter: 'it could be dns issue'), and kubectl describe shows the "
        "container Terminated, Reason Error, Exit Code 1, about 100 s after it started, with Restart Count 0. Later in "
        "the thread the client cannot resolve the scheduler's service name either ('[Errno -2] Name or service not "
        "known'). The pods of this cluster have no working name resolution; the worker cannot fetch its packages "
        "and, with its 60 s death timeout, exits without reaching the scheduler. The log lines are the thread's, "
        "verbatim; the stored copy cuts pip's last line after 'full command out', completed as pip prints it "
        "('output.'); the lines dask-worker printed after pip failed are not in the thread and are left out. From "
        "the thread's kubectl describe: the image, the arguments, the environment (the scheduler address), the "
        "limits and requests, the toleration, the exit code 1, Restart Count 0 and the container's run time "
        "(19:06:38 to 19:08:20). Reconstructed: the pod name (KubeCluster's "
        "dask-<user>-<id>- pattern, from the thread's later scheduler name), the labels KubeCluster adds, the node name, "
        "restartPolicy Never (the documentation's spec), the pod's Failed phase and the kubelet events.",
        objects=[p, *events],
        logs={f"{name}/dask": stamped(lines, at(started + 0.4), [0.01] * 9 + [1.2, 0.1, 0.05, 0.3, 0.2])},
        captured=at(end + 300),
        title="Worker Pod is in pending state (comment): the KubeCluster worker pod's pip install of "
        "EXTRA_PIP_PACKAGES fails with 'Could not resolve host: github.com', the dask worker exits 1",
        source="https://github.com/dask/dask-kubernetes/issues/205",
    )
