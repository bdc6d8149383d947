"""Fresh round 15: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

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
    Obj,
    PodPlan,
    Replicas,
    Scenarios,
    event,
    gpu,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kubeflow_with_pods,
    running,
    stamped,
)
from tests.cases.scenarios_real_scheduling import _scheduled

SCENARIOS = Scenarios()

MNIST_IMAGE = "docker.io/kubeflowkatib/pytorch-mnist:v1beta1-45c5727"


def _started(p: Obj, image: str, container: str, at: datetime, host: str) -> list[Obj]:
    """The kubelet's events for a pod whose container was pulled and started."""
    return [
        event(p, "Pulling", f'Pulling image "{image}"', at, type_="Normal", host=host),
        event(p, "Pulled", f'Successfully pulled image "{image}"', at, type_="Normal", host=host),
        event(p, "Created", f"Created container {container}", at, type_="Normal", host=host),
        event(p, "Started", f"Started container {container}", at, type_="Normal", host=host),
    ]


def _two_ranks(
    at: Clock, name: str, ns: str, ctr: Container, lines: list[str], gaps: float | list[float], nodes: tuple[str, str]
) -> tuple[Obj, list[Obj], dict[str, str]]:
    """A PyTorchJob of one master and one worker, both Running and both printing ``lines``."""
    return kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(14)), log=stamped(lines, at(16), gaps), node=nodes[0]),
            PodPlan("worker", 0, running(at(17)), log=stamped(lines, at(19), gaps), node=nodes[1]),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
        restart_policy="OnFailure",
    )


# -- 1. The Gloo PyTorchJob example under the new training operator: both ranks print their backend and
# -- sit in init_process_group for good ----------------------------------------------------------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_gloo_example_hangs_in_init_process_group() -> CaseSpec:
    at = Clock(datetime(2021, 8, 14, 9, 12, tzinfo=timezone.utc))
    name, ns = "pytorch", "kubeflow"
    ctr = Container(
        "pytorch",
        MNIST_IMAGE,
        command=["python3", "/opt/pytorch-mnist/mnist.py", "--epochs=1"],
    )
    lines = ["Using distributed PyTorch with gloo backend"]
    job, pods, logs = _two_ranks(at, name, ns, ctr, lines, 1.0, ("worker-node-1", "worker-node-2"))
    events = []
    for p, t in zip(pods, (at(5), at(8)), strict=True):
        events += [
            _scheduled(p, t, p["spec"]["nodeName"]),
            *_started(p, MNIST_IMAGE, "pytorch", t, p["spec"]["nodeName"]),
        ]
    return CaseSpec(
        id="rendezvous-error-pytorchjob-gloo-example-hangs-in-init-process-group",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[pods[0]["metadata"]["name"], pods[1]["metadata"]["name"]],
        evidence="gloo backend",
        description="The Katib PyTorch MNIST example as a PyTorchJob (1 master, 1 worker, Gloo backend, no port "
        "declared in the containers) run with the new unified training operator. Both pods are Running and each "
        "prints 'Using distributed PyTorch with gloo backend' - the line just before dist.init_process_group in "
        "mnist.py - and then nothing for 40 minutes: no download, no epoch, no error. The ranks never get past "
        "process-group initialisation; the job is hung, not failing and not training: the ranks cannot meet "
        "(rendezvous-error), though no store timeout says so yet.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(26 + 40 * 60),
        title="Distributive Gloo PyTorchJob example doesn't work: it is stuck at dist.init_process_group "
        "(mnist.py line 132)",
        source="https://github.com/kubeflow/trainer/issues/1358",
    )


# -- 2. A four-rank Gloo PyTorchJob in an Istio-injected namespace: rank 0 listens, the others connect
# -- to its store, and init_process_group never returns -----------------------------------------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_gloo_init_hangs_behind_istio_sidecar() -> CaseSpec:
    at = Clock(datetime(2022, 7, 19, 17, 40, tzinfo=timezone.utc))
    name, ns = "pytorch-simple", "kubeflow"
    image = "docker.io/kubeflowkatib/pytorch-mnist:v1beta1-45c5727"
    proxy_image = "docker.io/istio/proxyv2:1.14.1"
    cmd = ["python3", "/opt/pytorch-mnist/mnist.py", "--epochs=1", "--backend", "gloo"]
    env = [{"name": "TORCH_DISTRIBUTED_DEBUG", "value": "DETAIL"}]
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={
            "Master": Replicas(1, Container("pytorch", image, command=cmd, env=env), "OnFailure"),
            "Worker": Replicas(3, Container("pytorch", image, command=cmd, env=env), "OnFailure"),
        },
        conditions=kubeflow_conditions("PyTorchJob", name, at(2)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 3}},
        start=at(1),
    )
    head = [
        "[I debug.cpp:47] [c10d] The debug level is set to DETAIL.",
        "this is main",
        "Namespace(backend='gloo', batch_size=64, epochs=1, log_interval=10, log_path='', lr=0.01, momentum=0.5, "
        "no_cuda=False, save_model=False, seed=1, test_batch_size=1000)",
        "Using distributed PyTorch with gloo backend",
    ]
    master = "pytorch-simple-master-0"
    master_fqdn = f"10-1-0-200.{master}.kubeflow.svc.cluster.local"
    rank0 = [
        *head,
        "4 0",
        "[I socket.cpp:417] [c10d - debug] The server socket will attempt to listen on an IPv6 address.",
        "[I socket.cpp:462] [c10d - debug] The server socket is attempting to listen on [::]:23456.",
        "[I socket.cpp:522] [c10d] The server socket has started to listen on [::]:23456.",
        f"[I socket.cpp:580] [c10d - debug] The client socket will attempt to connect to an IPv6 address of "
        f"({master}, 23456).",
        f"[I socket.cpp:648] [c10d - trace] The client socket is attempting to connect to [{master_fqdn}]:23456.",
        f"[I socket.cpp:725] [c10d] The client socket has connected to [{master_fqdn}]:23456 on [{master}]:51408.",
    ]

    def rank_log(rank: int, pod_name: str) -> list[str]:
        out = [*head, f"4 {rank}"]
        for port in (38244 + 10 * rank, 38250 + 10 * rank):
            out += [
                f"[I socket.cpp:580] [c10d - debug] The client socket will attempt to connect to an IPv6 address of "
                f"({master}, 23456).",
                f"[I socket.cpp:648] [c10d - trace] The client socket is attempting to connect to "
                f"[{master_fqdn}]:23456.",
                f"[I socket.cpp:725] [c10d] The client socket has connected to [{master_fqdn}]:23456 on "
                f"[{pod_name}]:{port}.",
            ]
        return out

    pods: list[Obj] = []
    logs: dict[str, str] = {}
    events: list[Obj] = []
    for role, index in (("master", 0), ("worker", 0), ("worker", 1), ("worker", 2)):
        pod_name = f"{name}-{role}-{index}"
        rank = 0 if role == "master" else index + 1
        node = f"k8s-node-{rank + 1}"
        started = at(30 + 3 * rank)
        containers = [
            Container("pytorch", image, command=cmd, env=env, state=running(started), ready=True),
            Container(
                "istio-proxy",
                proxy_image,
                args=["proxy", "sidecar", "--domain", "$(POD_NAMESPACE).svc.cluster.local"],
                ports=[{"containerPort": 15090, "name": "http-envoy-prom", "protocol": "TCP"}],
                state=running(started),
                ready=True,
            ),
        ]
        init = [
            Container(
                "istio-init",
                proxy_image,
                args=["istio-iptables", "-p", "15001", "-z", "15006", "-u", "1337", "-m", "REDIRECT", "-i", "*"],
                state={
                    "terminated": {
                        "exitCode": 0,
                        "reason": "Completed",
                        "startedAt": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
                        "finishedAt": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    }
                },
            )
        ]
        p = kubeflow_pod(
            job,
            role,
            index,
            containers,
            created=at(3),
            phase="Running",
            node=node,
            scheduled=at(4),
            init=init,
            annotations={"sidecar.istio.io/status": '{"initContainers":["istio-init"],"containers":["istio-proxy"]}'},
            extra_labels={"security.istio.io/tlsMode": "istio", "service.istio.io/canonical-name": pod_name},
            qos="Burstable",
        )
        pods.append(p)
        lines = rank0 if rank == 0 else rank_log(rank, pod_name)
        logs[f"{pod_name}/pytorch"] = stamped(lines, at(33 + 3 * rank), 0.05)
        events.append(_scheduled(p, at(4), node))
        events.append(event(p, "Started", "Started container pytorch", started, type_="Normal", host=node))
        events.append(event(p, "Started", "Started container istio-proxy", started, type_="Normal", host=node))
    return CaseSpec(
        id="rendezvous-error-pytorchjob-gloo-init-hangs-behind-istio-sidecar",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="The client socket has connected",
        description="A four-rank PyTorchJob (1 master, 3 workers, Gloo, TORCH_DISTRIBUTED_DEBUG=DETAIL) in the "
        "'kubeflow' namespace, where Istio injects an envoy sidecar into every pod; an AuthorizationPolicy already "
        "lets port 23456 through. Rank 0 starts its c10d store and listens on [::]:23456, ranks 1-3 connect to it "
        "('The client socket has connected to [...pytorch-simple-master-0...]:23456') - and then no rank prints "
        "anything more: init_process_group never returns, with no error and no timeout, for half an hour. The "
        "ranks met at the store but the Gloo connections between them, through the sidecars, never complete; "
        "the job hangs at initialisation: the ranks cannot meet (rendezvous-error).",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(45 + 30 * 60),
        title="init_process_group connects but hangs (Kubeflow pytorch training operator, gloo backend)",
        source="https://github.com/pytorch/pytorch/issues/81704",
    )


# -- 3. Only Kubeflow Pipelines installed, then the training operator's simple PyTorchJob created: it
# -- has no state and no pods --------------------------------------------------------------------------


@SCENARIOS.add
def config_error_pytorchjob_no_training_operator_no_state() -> CaseSpec:
    at = Clock(datetime(2023, 7, 10, 3, 5, tzinfo=timezone.utc))
    name, ns = "pytorch-simple", "kubeflow"
    image = "docker.io/kubeflowkatib/pytorch-mnist:v1beta1-45c5727"
    cmd = ["python3", "/opt/pytorch-mnist/mnist.py", "--epochs=1"]
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={
            "Master": Replicas(1, Container("pytorch", image, command=cmd), "OnFailure"),
            "Worker": Replicas(1, Container("pytorch", image, command=cmd), "OnFailure"),
        },
        conditions=[],
        statuses={},
    )
    # No training operator runs in the cluster: nothing ever reconciled the job, so it has no status at all.
    del job["status"]
    return CaseSpec(
        id="config-error-pytorchjob-no-training-operator-no-state",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="no status",
        description="Kubeflow Pipelines 2.0.0 installed on a local cluster from its cluster-scoped-resources and "
        "env/platform-agnostic kustomizations, then the training operator's examples/pytorch/simple.yaml created. "
        "Thirty minutes later 'kubectl get pytorchjobs' shows the job with an empty STATE: it has no status, no "
        "conditions and no master or worker pod was ever created. The Pipelines manifests do not include the "
        "training operator, so no controller watches PyTorchJobs; installing the training operator lets the job "
        "start.",
        objects=[job],
        captured=at(30 * 60),
        title="PyTorchJob does not run: 'kubectl get pytorchjobs' shows pytorch-simple with no STATE after 30m",
        source="https://github.com/kubeflow/trainer/issues/1856",
    )


# -- 4. The training operator's dist-mnist with NCCL on GPUs: the data downloads, and then the master and
# -- the worker print nothing more while staying Running -----------------------------------------------


@SCENARIOS.add
def stalled_pytorchjob_dist_mnist_nccl_silent_after_download() -> CaseSpec:
    at = Clock(datetime(2022, 5, 30, 6, 20, tzinfo=timezone.utc))
    name, ns = "pytorch-dist-mnist-nccl", "kubeflow"
    image = "registry.example.com/ml/pytorch-dist-mnist:latest"
    ctr = Container(
        "pytorch",
        image,
        args=["--backend", "nccl"],
        resources=gpu(1, "8Gi", "2"),
    )
    base = "http://fashion-mnist.s3-website.eu-central-1.amazonaws.com"
    lines = [
        "Using CUDA",
        "Using distributed PyTorch with nccl backend",
        f"Downloading {base}/train-images-idx3-ubyte.gz",
        f"Downloading {base}/train-labels-idx1-ubyte.gz",
        f"Downloading {base}/t10k-images-idx3-ubyte.gz",
        f"Downloading {base}/t10k-labels-idx1-ubyte.gz",
        "Processing...",
        "Done!",
    ]
    gaps = [0.4, 0.2, 3.1, 1.2, 2.6, 0.9, 4.8]
    job, pods, logs = _two_ranks(at, name, ns, ctr, lines, gaps, ("gpu-node-1", "gpu-node-2"))
    return CaseSpec(
        id="stalled-pytorchjob-dist-mnist-nccl-silent-after-download",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=[pods[0]["metadata"]["name"], pods[1]["metadata"]["name"]],
        evidence="Done!",
        description="The training operator's examples/pytorch/mnist dist-mnist as a PyTorchJob with the NCCL "
        "backend on two GPU nodes (1 master, 1 worker). Both pods print 'Using CUDA', 'Using distributed PyTorch "
        "with nccl backend', download Fashion-MNIST and print 'Done!' - and then nothing more: no 'Train Epoch' "
        "line, no error, both pods stay Running for an hour. The same script trains when run locally; the "
        "reporter later traced it to a library version in the base image. What the cluster shows is a training "
        "that hangs at its first collective, not a crash.",
        objects=[job, *pods],
        logs=logs,
        captured=at(30 + 60 * 60),
        title="Pytorchjob dist-mnist no training logs: nothing after downloading the data, master and worker "
        "always Running",
        source="https://github.com/kubeflow/trainer/issues/1601",
    )
