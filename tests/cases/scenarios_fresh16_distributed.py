"""Fresh round 16: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun rendezvous).

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
    MPIPlan,
    Obj,
    Replicas,
    Scenarios,
    cpu_only,
    gpu,
    job_condition,
    kubeflow_job,
    kubeflow_pod,
    mpijob_v2,
    running,
    stamped,
    terminated,
)
from tests.cases.scenarios_fresh15_distributed import _running_job

SCENARIOS = Scenarios()


# -- 1. An RL weight-sync test joins an SGLang server's update group: the first barrier never returns --


@SCENARIOS.add
def stalled_job_sglang_weight_update_group_barrier_hang() -> CaseSpec:
    at = Clock(datetime(2026, 6, 2, 3, 0, tzinfo=timezone.utc))
    name, ns = "rl-weight-sync-test", "rl"
    ctr = Container(
        "trainer",
        "registry.example/rl/megatron-rl:0.4.1-cu124",
        command=[
            "python3",
            "test_update_weights_from_distributed.py",
            "--server",
            "http://sglang-node-0.rl.svc:30010",
            "--group-name",
            "test_parameter_update_group",
        ],
        resources=gpu(1, "64Gi", "8"),
    )
    job, p = _running_job(name, ns, at, ctr, "gpu-h100-12")
    lines = [
        "INFO 06-02 03:00:14 server is healthy: http://sglang-node-0.rl.svc:30010/health",
        "loading reference weights from /models/policy/iter_0000000",
        "loaded 291 tensors for the parameter update",
        # The lines the thread pasted from the test script, then nothing more.
        "initializing update group from remoteinit custom process group",
        "",
        "init_process_hf before dist.barrier(group=group, device_ids=[rank])",
        "[rank0]:[W305 03:25:35.660097061 ProcessGroupNCCL.cpp:4115] [PG ID 1 PG GUID test_parameter_update_group "
        "Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can "
        "potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force "
        "use of a particular device,or call init_process_group() with a device_id.",
    ]
    log = stamped(lines, at(12), [2.0, 6.5, 0.4, 0.01, 0.01, 0.02])
    return CaseSpec(
        id="stalled-job-sglang-weight-update-group-barrier-hang",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=p["metadata"]["name"],
        evidence="using GPU 0 to perform barrier",
        description="An RL trainer's test script asks a multi-node SGLang server (tp 8, in containers) to join a "
        "custom NCCL process group for weight updates, joins it itself as rank 0 and calls dist.barrier on it. "
        "PyTorch warns that it must guess the barrier's GPU, and then nothing more happens: the script and the "
        "server's workers both wait in the first collective of the new group for forty minutes. A hung "
        "collective, not a crash: check that every member of the update group reaches the same barrier with its "
        "own device (device_id in init_process_group) and set a timeout on the group.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/trainer": log},
        captured=at(2460),
        title="Processes hang after the weight-update process group is initialized: the test script stops after "
        "'using GPU 0 to perform barrier as devices used by this process are currently unknown'",
        source="https://github.com/sgl-project/sglang/issues/4096",
    )


def _horovod_mpijob(
    at: Clock, name: str, ns: str, image: str, cmd: list[str], workers: int, state: Obj, log: str
) -> tuple[list[Obj], dict[str, str], str]:
    """An MPIJob whose launcher runs mpirun over ``workers`` one-GPU worker pods."""
    return mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        launcher_cmd=cmd,
        workers=workers,
        plan=MPIPlan(launcher_state=state, launcher_log=log),
        worker_resources=gpu(1, "32Gi", "8"),
        slots=1,
    )


# -- 2. Horovod with mpirun across two pods: Open MPI drops the peer's TCP connection -------------


@SCENARIOS.add
def nccl_error_mpijob_horovod_tcp_inbound_connection_dropped() -> CaseSpec:
    at = Clock(datetime(2026, 6, 3, 8, 0, tzinfo=timezone.utc))
    name, ns = "hvd-tf-mnist", "research"
    image = "registry.example/research/horovod:0.10.1-tf1.4.0-py3"
    cmd = [
        "mpirun",
        "-np",
        "2",
        "-x",
        "LD_LIBRARY_PATH",
        "-H",
        "hvd-tf-mnist-worker-0:1,hvd-tf-mnist-worker-1:1",
        "python",
        "tensorflow_mnist.py",
    ]
    w0, w1 = "hvd-tf-mnist-worker-0", "hvd-tf-mnist-worker-1"
    lines = [
        f"Warning: Permanently added '{w0},10.1.101.7' (ECDSA) to the list of known hosts.",
        f"Warning: Permanently added '{w1},10.1.102.5' (ECDSA) to the list of known hosts.",
        "Extracting MNIST-data-0/train-images-idx3-ubyte.gz",
        "Extracting MNIST-data-1/train-images-idx3-ubyte.gz",
        "Extracting MNIST-data-0/train-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-1/train-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-0/t10k-images-idx3-ubyte.gz",
        "Extracting MNIST-data-1/t10k-images-idx3-ubyte.gz",
        "Extracting MNIST-data-0/t10k-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-1/t10k-labels-idx1-ubyte.gz",
        # The block the thread pasted.
        "--------------------------------------------------------------------------",
        "Open MPI detected an inbound MPI TCP connection request from a peer",
        "that appears to be part of this MPI job (i.e., it identified itself as",
        "part of this Open MPI job), but it is from an IP address that is",
        "unexpected.  This is highly unusual.",
        "",
        "The inbound connection has been dropped, and the peer should simply",
        "try again with a different IP interface (i.e., the job should",
        "hopefully be able to continue).",
        "",
        f"  Local host:          {w0}",
        "  Local PID:           8136",
        f"  Peer hostname:       {w1} ([[30832,1],1])",
        "  Source IP of socket: 10.10.10.8",
        "  Known IPs of peer:   ",
        "\t10.1.102.5",
        "--------------------------------------------------------------------------",
        "[hvd-tf-mnist-launcher:08130] 1 more process has sent help message help-mpi-btl-tcp.txt / dropped inbound "
        "connection",
        '[hvd-tf-mnist-launcher:08130] Set MCA parameter "orte_base_help_aggregate" to 0 to see all help / error '
        "messages",
    ]
    log = stamped(lines, at(45), [0.3, 2.0] + [0.2] * 8 + [0.01] * 18 + [0.5])
    objects, logs, launcher = _horovod_mpijob(at, name, ns, image, cmd, 2, running(at(44)), log)
    return CaseSpec(
        id="nccl-error-mpijob-horovod-tcp-inbound-connection-dropped",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=launcher,
        evidence="inbound MPI TCP connection request",
        description="Horovod's TensorFlow MNIST example with mpirun -np 2 across two worker pods. One process runs "
        "fine; with two, Open MPI's TCP transport sees the peer connect from an address it did not advertise "
        "(10.10.10.8, the node's, rather than the pod's 10.1.102.5) and drops the connection, and the ranks never "
        "exchange a tensor: nothing more is written for half an hour. The ranks cannot talk over the interface "
        "they picked: restrict Open MPI and NCCL to the pod network (-mca btl_tcp_if_include eth0, "
        "NCCL_SOCKET_IFNAME=eth0).",
        objects=objects,
        logs=logs,
        captured=at(1900),
        title="Distributed tensorflow_mnist.py on Kubernetes: 'Open MPI detected an inbound MPI TCP connection "
        "request from a peer that appears to be part of this MPI job ... from an IP address that is unexpected'",
        source="https://github.com/horovod/horovod/issues/72",
    )


# -- 3. Horovod across three pods: Open MPI's TCP transport fails in writev and mpirun gives up ----


@SCENARIOS.add
def nccl_error_mpijob_horovod_btl_tcp_writev_bad_address() -> CaseSpec:
    at = Clock(datetime(2026, 6, 4, 4, 10, tzinfo=timezone.utc))
    name, ns = "hvd-mnist-3", "research"
    image = "registry.example/research/horovod:0.9.10-tf1.3.0-py2"
    cmd = [
        "mpirun",
        "--allow-run-as-root",
        "-v",
        "--mca",
        "oob_tcp_if_include",
        "eth0",
        "--mca",
        "btl_tcp_if_include",
        "eth0",
        "-np",
        "3",
        "-x",
        "LD_LIBRARY_PATH",
        "-H",
        "hvd-mnist-3-worker-0:1,hvd-mnist-3-worker-1:1,hvd-mnist-3-worker-2:1",
        "python",
        "tensorflow_mnist.py",
    ]
    ws = [f"hvd-mnist-3-worker-{i}" for i in range(3)]
    ips = {ws[1]: "10.87.217.230", ws[0]: "10.87.217.233", ws[2]: "10.87.217.211"}
    lines = [
        *(
            f"Warning: Permanently added '[{w}]:33,[{ip}]:33' (ECDSA) to the list of known hosts."
            for w, ip in ips.items()
        ),
        "0",
        "Extracting MNIST-data-0/train-images-idx3-ubyte.gz",
        "2",
        "Extracting MNIST-data-2/train-images-idx3-ubyte.gz",
        "1",
        "Extracting MNIST-data-1/train-images-idx3-ubyte.gz",
        "Extracting MNIST-data-2/train-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-2/t10k-images-idx3-ubyte.gz",
        "Extracting MNIST-data-1/train-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-1/t10k-images-idx3-ubyte.gz",
        "Extracting MNIST-data-0/train-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-0/t10k-images-idx3-ubyte.gz",
        "Extracting MNIST-data-2/t10k-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-1/t10k-labels-idx1-ubyte.gz",
        "Extracting MNIST-data-0/t10k-labels-idx1-ubyte.gz",
        "0",
        "0",
        "0",
        "2017-10-27 04:13:53.870673: W tensorflow/core/platform/cpu_feature_guard.cc:45] The TensorFlow library "
        "wasn't compiled to use SSE4.1 instructions, but these are available on your machine and could speed up CPU "
        "computations.",
        "2017-10-27 04:13:53.870718: W tensorflow/core/platform/cpu_feature_guard.cc:45] The TensorFlow library "
        "wasn't compiled to use SSE4.2 instructions, but these are available on your machine and could speed up CPU "
        "computations.",
        f"[{ws[0]}][[17273,1],0][btl_tcp_frag.c:120:mca_btl_tcp_frag_send] mca_btl_tcp_frag_send: writev error "
        "(0x7f3b8c0171a8, 8)",
        "\tBad address(1)",
        "",
        "\t [[Node: DistributedRMSPropOptimizer/update/_254 = _Recv[client_terminated=false, "
        'recv_device="/job:localhost/replica:0/task:0/cpu:0", send_device="/job:localhost/replica:0/task:0/gpu:0", '
        'send_device_incarnation=1, tensor_name="edge_445_DistributedRMSPropOptimizer/update", tensor_type=DT_FLOAT, '
        '_device="/job:localhost/replica:0/task:0/cpu:0"]()]]',
        "",
        "-------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "-------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[17273,1],0]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    log = stamped(lines, at(42), [0.3, 0.3, 1.5] + [0.2] * 18 + [3.0, 0.01, 2.0] + [0.05] * 20)
    objects, logs, launcher = _horovod_mpijob(at, name, ns, image, cmd, 3, terminated(1, at(41), at(58)), log)
    return CaseSpec(
        id="nccl-error-mpijob-horovod-btl-tcp-writev-bad-address",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=launcher,
        evidence="writev error",
        description="Horovod's TensorFlow MNIST example with mpirun -np 3 across three worker pods, Open MPI told "
        "to use eth0. Each worker alone runs; together, the first exchange fails: Open MPI's TCP transport on rank 0 "
        "reports 'mca_btl_tcp_frag_send: writev error ... Bad address(1)', rank 0 exits 1 and mpirun aborts the job. "
        "The ranks cannot exchange tensors over the interfaces they picked (several were found in the pod): pin "
        "both Open MPI and NCCL to one routable interface (btl_tcp_if_include, NCCL_SOCKET_IFNAME).",
        objects=objects,
        logs=logs,
        captured=at(300),
        title="Distributed MNIST example on Kubernetes fails with 'writev error Bad address(1)' while each pod alone "
        "runs",
        source="https://github.com/horovod/horovod/issues/57",
    )


# -- 4. horovodrun in an MPIJob launcher: ssh cannot resolve the worker pods' names ---------------


@SCENARIOS.add
def rendezvous_error_mpijob_horovodrun_ssh_worker_unresolved() -> CaseSpec:
    at = Clock(datetime(2026, 6, 5, 11, 0, tzinfo=timezone.utc))
    name, ns = "mpi-feea39f9", "training"
    image = "registry.example/training/horovod:0.19.0-tf1.14.0-torch1.2.0-py3.6-gpu"
    env = [
        {"name": "OMPI_MCA_plm_rsh_agent", "value": "/etc/mpi/kubexec.sh"},
        {"name": "OMPI_MCA_orte_default_hostfile", "value": "/etc/mpi/hostfile"},
        {"name": "NVIDIA_VISIBLE_DEVICES", "value": "none"},
    ]
    launcher_ctr = Container(
        "mpi",
        image,
        command=["horovodrun", "-np", "2", "-hostfile=/etc/mpi/hostfile", "hostname"],
        env=env,
        resources=cpu_only("2Gi", "1"),
    )
    worker_ctr = Container("mpi", image, command=["sleep"], args=["365d"], resources=gpu(1, "16Gi", "4"))
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        api_version="kubeflow.org/v1",
        replicas={
            "Launcher": Replicas(1, launcher_ctr, "Never"),
            "Worker": Replicas(2, worker_ctr, "Never"),
        },
        conditions=[
            job_condition("Created", at(1), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
            job_condition("Running", at(20), "MPIJobRunning", f"MPIJob {ns}/{name} is running.", status=False),
            job_condition("Failed", at(32), "MPIJobFailed", f"MPIJob {ns}/{name} has failed"),
        ],
        statuses={"Launcher": {"failed": 1}, "Worker": {"active": 2}},
        start=at(1),
        completion=at(32),
        extra_spec={"slotsPerWorker": 1},
    )
    lines = [
        "ssh not successful for host mpi-feea39f9-worker-1:",
        "ssh: Could not resolve hostname mpi-feea39f9-worker-1: Name or service not known",
        "",
        "ssh not successful for host mpi-feea39f9-worker-0:",
        "ssh: Could not resolve hostname mpi-feea39f9-worker-0: Name or service not known",
        "",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/horovodrun", line 21, in <module>',
        "    run_commandline()",
        '  File "/usr/local/lib/python3.6/dist-packages/horovod/run/runner.py", line 765, in run_commandline',
        "    _run(args)",
        '  File "/usr/local/lib/python3.6/dist-packages/horovod/run/runner.py", line 614, in _run',
        "    raise RuntimeError('could not connect to some hosts via ssh')",
        "RuntimeError: could not connect to some hosts via ssh",
    ]
    lc = Container(
        "mpi",
        image,
        command=launcher_ctr.command,
        env=env,
        resources=launcher_ctr.resources,
        state=terminated(1, at(22), at(31)),
    )
    launcher = kubeflow_pod(
        job,
        "launcher",
        0,
        [lc],
        name=f"{name}-launcher",
        created=at(18),
        phase="Failed",
        node="cpu-pool-a-2",
        scheduled=at(19),
        operator="mpi-operator",
        restart_policy="Never",
    )
    workers = [
        kubeflow_pod(
            job,
            "worker",
            i,
            [
                Container(
                    "mpi",
                    image,
                    command=["sleep"],
                    args=["365d"],
                    resources=worker_ctr.resources,
                    state=running(at(12)),
                    ready=True,
                )
            ],
            created=at(2),
            phase="Running",
            node=f"gpu-v100-{i + 4}",
            scheduled=at(3),
            operator="mpi-operator",
            extra_labels={"training.kubeflow.org/job-role": "worker"},
        )
        for i in range(2)
    ]
    lname = launcher["metadata"]["name"]
    return CaseSpec(
        id="rendezvous-error-mpijob-horovodrun-ssh-worker-unresolved",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=lname,
        evidence="Could not resolve hostname mpi-feea39f9-worker-1",
        description="An MPIJob of the kubectl-exec era (OMPI_MCA_plm_rsh_agent=/etc/mpi/kubexec.sh) whose launcher "
        "runs horovodrun instead of mpirun. horovodrun checks ssh to every host in the hostfile first, and the "
        "worker pods' names do not resolve (this operator reaches them with kubectl exec, not ssh or DNS): 'ssh: "
        "Could not resolve hostname mpi-feea39f9-worker-1', and horovodrun gives up before starting a rank. The "
        "launcher cannot reach its workers: use mpirun with this operator, or give the workers resolvable names "
        "and sshd.",
        objects=[job, launcher, *workers],
        logs={f"{lname}/mpi": stamped(lines, at(23), [0.4, 0.01, 0.5, 0.4, 0.01, 0.3] + [0.01] * 8)},
        captured=at(120),
        title="horovodrun in an mpi-operator launcher: 'ssh not successful for host ...-worker-1: ssh: Could not "
        "resolve hostname ...-worker-1: Name or service not known'",
        source="https://github.com/kubeflow/mpi-operator/issues/327",
    )
