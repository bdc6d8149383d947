"""Fresh round 13: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun rendezvous).

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
    Scenarios,
    cpu_only,
    failed_job,
    gpu,
    mpijob_v2,
    pod_group,
    running,
    stamped,
    terminated,
    volcano_job,
    volcano_pod,
)
from tests.cases.scenarios_fresh7_operators import _ORTE_UNABLE
from tests.cases.scenarios_fresh11_distributed import Run
from tests.cases.scenarios_fresh11_distributed import _job as _job_case
from tests.cases.scenarios_real_platform import _backoff, _sts_pod

SCENARIOS = Scenarios()


# -- 1. Horovod in a host-network container on two machines: mpirun freezes after ssh ---------------


@SCENARIOS.add
def stalled_mpijob_horovod_hostnetwork_mpirun_frozen_after_ssh() -> CaseSpec:
    at = Clock(datetime(2026, 7, 23, 9, 0, tzinfo=timezone.utc))
    name, ns = "hvd-tf-mnist-2host", "hvd-trial"
    host_a, host_b = "10.31.0.180", "10.31.0.194"
    launcher_cmd = [
        *("mpirun", "-np", "2", "-H", f"{host_a}:1,{host_b}:1", "-bind-to", "none", "-map-by", "slot"),
        *("-x", "NCCL_DEBUG=INFO", "-x", "LD_LIBRARY_PATH", "-mca", "plm_rsh_args", "-p 12345"),
        *("python", "tensorflow_mnist.py"),
    ]
    # The one line mpirun printed before it froze (the thread: "(No response)").
    lines = [f"Warning: Permanently added '[{host_b}]:12345' (ECDSA) to the list of known hosts."]
    log = stamped(lines, at(63))
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.example/hvd/horovod:0.13.10-tf1.9.0-py3.5",
        launcher_cmd=launcher_cmd,
        workers=1,
        slots=1,
        plan=MPIPlan(launcher_state=running(at(60)), launcher_log=log),
        worker_resources=gpu(1, "16Gi", "4"),
        launcher_node="gpu-host-a",
        worker_node="gpu-host-b",
    )
    for o in objects:
        if o["kind"] == "Pod":
            # Both containers share their host's network, as `docker run --network=host` did.
            o["spec"]["hostNetwork"] = True
            o["spec"]["dnsPolicy"] = "ClusterFirstWithHostNet"
            o["status"]["podIP"] = host_a if o["metadata"]["name"] == launcher else host_b
    return CaseSpec(
        id="stalled-mpijob-horovod-hostnetwork-mpirun-frozen-after-ssh",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=None,
        evidence="09:01:03",
        description="Horovod's TensorFlow MNIST example across two hosts, each rank in a container on its host's "
        "network. mpirun reaches the second host over ssh (the known-hosts warning), then prints nothing more: "
        "the ranks never start exchanging data and the launcher hangs for hours with no error. The maintainer "
        "pointed at non-routed interfaces (docker0 on the hosts) that Open MPI and NCCL try to use; excluding them "
        "(-mca btl_tcp_if_exclude lo,docker0, NCCL_SOCKET_IFNAME) lets the job run.",
        objects=objects,
        logs=logs,
        captured=at(63 + 3 * 3600),
        title="Horovod in docker on two machines: mpirun freezes after 'Warning: Permanently added ... to the list "
        "of known hosts', no further output",
        source="https://github.com/horovod/horovod/issues/397",
    )


# -- 2. Horovod with mpirun -np 3 in one container: Open MPI's shared-memory reads fail (errno 1) ----


@SCENARIOS.add
def nccl_error_job_horovod_mpirun_container_read_errno_eperm() -> CaseSpec:
    at = Clock(datetime(2026, 4, 13, 8, 0, tzinfo=timezone.utc))
    name, ns = "multi-rc-train", "nlp-rc"
    ctr = Container(
        "trainer",
        "registry.example/nlp/multi-rc:tf1.7-hvd0.12",
        command=["mpirun", "--allow-run-as-root", "-np", "3", "python", "run.py", "--train"],
        resources=gpu(3, "96Gi", "12"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=ctr, exit_code=1, ran=(20, 151), node="gpu-k80-2")
    host = p["metadata"]["name"]
    boot = [
        line
        for i in range(3)
        for line in (
            f"2026-04-13 08:00:{31 + i}.{412308 + 7 * i}: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1344] "
            f"Found device 0 with properties: ",
            "name: Tesla K80 major: 3 minor: 7 memoryClockRate(GHz): 0.8235",
            f"pciBusID: 0000:{0x83 + i:02x}:00.0",
            "totalMemory: 11.17GiB freeMemory: 11.10GiB",
        )
    ] + [
        f"2026-04-13 08:00:3{4 + i}.{118274 + 11 * i}: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1041] "
        f"Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 10764 MB memory) -> "
        f"physical GPU (device: 0, name: Tesla K80, pci bus id: 0000:{0x83 + i:02x}:00.0, compute capability: 3.7)"
        for i in range(3)
    ]
    sizes = [
        (119840, 25136000),
        (11984000, 282400),
        (320960, 28240000),
        (32096000, 320960),
        (286080, 32096000),
        (28608000, 321440),
        (271680, 32144000),
        (27168000, 215360),
        (321760, 21536000),
        (32176000, 217440),
        (321120, 21744000),
        (32112000, 321120),
        (177440, 32112000),
        (17744000, 217440),
        (279360, 21744000),
        (27936000, 270560),
        (261600, 27056000),
        (26160000, 260960),
        (278560, 26096000),
        (27856000, 286720),
        (280160, 28672000),
        (28016000, 321280),
        (320800, 32128000),
    ]
    # The lines the thread pasted (the container's host name is the pod's name here).
    reads = [
        line
        for a, b in sizes
        for line in (
            f"[{host}:00350] Read -1, expected {a}, errno = 1",
            f"[{host}:00351] Read -1, expected {b}, errno = 1",
        )
    ]
    shutdown = [
        "Caused by op 'HorovodBroadcast_is_train_0', defined at:",
        '  File "run.py", line 429, in <module>',
        "    run()",
        '  File "run.py", line 421, in run',
        "    train(args)",
        '  File "run.py", line 240, in train',
        "    dropout_keep_prob=args.dropout_keep_prob)",
        '  File "/models/multi_rc_model.py", line 596, in train',
        "    bcast = hvd.broadcast_global_variables(0)",
        "",
        "AbortedError (see above for traceback): Horovod has been shut down. This has been caused by an exception on "
        "one of the rank or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks has "
        "finished execution.",
        "",
        "-------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "-------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[23717,1],2]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    log = stamped([*boot, *reads, *shutdown], at(22), [1.0] * (len(boot) - 1) + [0.6] * len(reads) + [0.05] * 40)
    return CaseSpec(
        id="nccl-error-job-horovod-mpirun-container-read-errno-eperm",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=host,
        evidence="Read -1, expected",
        description="Horovod (TensorFlow) trained with mpirun -np 3 on three K80s inside one container. At the "
        "initial broadcast Open MPI's shared-memory transport moves each message with a direct read from the other "
        "rank's memory, and the container does not permit it: every read fails with errno 1 (EPERM, 'Read -1, "
        "expected N, errno = 1'), the broadcast cannot complete and Horovod shuts down. The ranks cannot exchange "
        "data inside the container: allow it (CAP_SYS_PTRACE) or turn the single-copy mechanism off "
        "(-mca btl_vader_single_copy_mechanism none).",
        objects=[job, p],
        logs={f"{host}/trainer": log},
        captured=at(400),
        title="Horovod has been shut down at the first broadcast, after a flood of '[host:pid] Read -1, expected N, "
        "errno = 1' from the ranks in a container",
        source="https://github.com/horovod/horovod/issues/243",
    )


# -- 3 and 4. Horovod on Volcano: the master's launcher cannot bring the workers up ----------------


def _vcjob_horovod(
    at: Clock,
    name: str,
    ns: str,
    image: str,
    master_cmd: list[str],
    workers: dict[str, int],
    master_ran: tuple[float, float],
    master_log: list[str],
    log_gaps: list[float],
    master_task: str = "master",
) -> tuple[list[Obj], dict[str, str], str]:
    """A Volcano Job whose ``master`` task runs the launcher and whose worker tasks run sshd. The
    master's launcher exits 1 (``master_ran``: its start and end) while the workers keep running.
    Returns the objects, the logs and the master pod's name."""
    master = Container(master_task, image, command=master_cmd, resources=cpu_only("8Gi", "4"))
    worker = Container(
        "worker",
        image,
        command=["/bin/sh", "-c", "/usr/sbin/sshd -p 22 && sleep infinity"],
        resources=gpu(1, "32Gi", "8"),
    )
    tasks = {master_task: master, **dict.fromkeys(workers, worker)}
    replicas = {master_task: 1, **workers}
    total = sum(replicas.values())
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue="default",
        tasks=tasks,
        replicas=replicas,
        phase="Running",
        counts={"failed": 1, "running": total - 1},
    )
    group = pod_group(
        job,
        at(1),
        phase="Running",
        queue="default",
        min_member=total,
        min_resources={"cpu": str(4 + 8 * (total - 1)), "memory": f"{8 + 32 * (total - 1)}Gi"},
        conditions=[],
    )
    mc = Container(
        master_task,
        image,
        command=master_cmd,
        resources=master.resources,
        state=terminated(1, at(master_ran[0]), at(master_ran[1])),
    )
    mp = volcano_pod(
        job,
        master_task,
        0,
        [mc],
        group,
        created=at(2),
        phase="Failed",
        node="cpu-node-1",
        scheduled=at(3),
        restart_policy="Never",
    )
    pods = [mp]
    for k, (task, n) in enumerate(workers.items()):
        for i in range(n):
            wc = Container(
                task, image, command=worker.command, resources=worker.resources, state=running(at(12)), ready=True
            )
            pods.append(
                volcano_pod(
                    job,
                    task,
                    i,
                    [wc],
                    group,
                    created=at(2),
                    phase="Running",
                    node=f"gpu-node-{k + i + 1}",
                    scheduled=at(3),
                )
            )
    master_name = mp["metadata"]["name"]
    logs = {f"{master_name}/{master_task}": stamped(master_log, at(master_ran[0] + 1), log_gaps)}
    return [job, group, *pods], logs, master_name


@SCENARIOS.add
def rendezvous_error_vcjob_horovodrun_task_connected_from_different_address() -> CaseSpec:
    at = Clock(datetime(2026, 6, 12, 3, 0, tzinfo=timezone.utc))
    name, ns = "train-vcjob-161be0ee11a5b1ce69f82f48b2f5e8d5", "ml-jobs"
    hosts = ",".join(
        f"{name}-{task}-{i}.{name}:1" for task, i in (("master", 0), ("worker", 0), ("worker", 1), ("worker", 2))
    )
    cmd = ["horovodrun", "-np", "7", "-H", hosts, "python", "/opt/ml/job/tensorflow_mnist.py"]
    site = "/usr/local/lib/python3.6/dist-packages/horovod/run"
    lines = [
        "Filtering local host names.",
        "Checking ssh on all remote hosts.",
        "SSH was successful into all the remote hosts.",
        "Testing interfaces on all the hosts.",
        "Launched horovodrun server.",
        "Attempted to launch horovod task servers.",
        "Waiting for the hosts to acknowledge.",
        "ERROR: Task 1 declared addresses {'lo': [('127.0.0.1', 55651)], 'eth0': [('192.168.101.5', 55651)]}, but "
        "has connected from a different address 192.168.101.0. This is not supported. Is the server behind NAT?",
        "ERROR: Task 3 declared addresses {'lo': [('127.0.0.1', 20497)], 'eth0': [('192.168.101.4', 20497)]}, but "
        "has connected from a different address 192.168.101.0. This is not supported. Is the server behind NAT?",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/horovodrun", line 21, in <module>',
        "    run_commandline()",
        f'  File "{site}/run.py", line 886, in run_commandline',
        "    _run(args)",
        f'  File "{site}/run.py", line 876, in _run',
        "    return _run_static(args)",
        f'  File "{site}/run.py", line 687, in _run_static',
        "    _launch_job(args, remote_host_names, settings, nics, command)",
        f'  File "{site}/run.py", line 715, in _launch_job',
        "    settings, fn_cache=fn_cache)",
        f'  File "{site}/util/cache.py", line 103, in wrap_f',
        "    results = func(*args, **kwargs)",
        f'  File "{site}/run.py", line 229, in _driver_fn',
        "    driver.wait_for_initial_registration(settings.timeout)",
        f'  File "{site}/common/service/driver_service.py", line 117, in wait_for_initial_registration',
        "    timeout.check_time_out_for('tasks to start')",
        f'  File "{site}/common/util/timeout.py", line 32, in check_time_out_for',
        "    raise Exception(self._message.format(activity=activity))",
        "Exception: Timed out waiting for tasks to start. Please check connectivity between servers. You may need to "
        "increase the --start-timeout parameter if you have too many servers.",
    ]
    objects, logs, master = _vcjob_horovod(
        at,
        name,
        ns,
        "registry.example/ml/horovod:0.19.4-tf2.1.0-py3.6-gpu",
        cmd,
        {"worker": 3},
        (20, 58),
        lines,
        [0.4, 1.2, 0.6, 0.3, 0.2, 0.4, 2.1, 0.3, 27.0] + [0.01] * 30,
    )
    return CaseSpec(
        id="rendezvous-error-vcjob-horovodrun-task-connected-from-different-address",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=master,
        evidence="but has connected from a different address",
        description="horovodrun launched from the master pod of a Volcano Job onto three worker pods. The workers' "
        "task services register with the driver from an address that is not one of those they declared (the pod "
        "network masquerades them behind 192.168.101.0), which horovodrun refuses ('Is the server behind NAT?'); no "
        "task completes registration and the driver gives up waiting for tasks to start. The ranks never meet: "
        "launch with mpirun directly, or make pod-to-pod traffic keep its source address. (The thread's traceback "
        "is cut after its first frame; its tail follows horovodrun's registration timeout path.)",
        objects=objects,
        logs=logs,
        captured=at(600),
        title="Distributed Horovod on Volcano fails: 'ERROR: Task 1 declared addresses ..., but has connected from a "
        "different address 192.168.101.0. This is not supported. Is the server behind NAT?'",
        source="https://github.com/volcano-sh/volcano/issues/859",
    )


@SCENARIOS.add
def rendezvous_error_vcjob_horovod_mpirun_ssh_worker_unresolved() -> CaseSpec:
    at = Clock(datetime(2026, 3, 20, 17, 35, tzinfo=timezone.utc))
    name, ns = "horovod-volcano-demo", "default"
    hosts = f"{name}-w0-0.{name}:1,{name}-w1-0.{name}:1"
    cmd = [
        *("mpirun", "--allow-run-as-root", "-np", "2", "-H", hosts, "-bind-to", "none", "-map-by", "slot"),
        *("-x", "NCCL_DEBUG=INFO", "-x", "LD_LIBRARY_PATH", "-x", "PATH"),
        *("-mca", "pml", "ob1", "-mca", "btl", "^openib"),
        *("python", "/examples/tensorflow2/tensorflow2_mnist.py"),
    ]
    lines = [
        "2026-03-20 17:36:16.537042: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
        "opened dynamic library libcudart.so.11.0",
        "2026-03-20 17:36:18.128489: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
        "opened dynamic library libcudart.so.11.0",
        f"ssh: Could not resolve hostname {name}-w1-0: Temporary failure in name resolution",
        *_ORTE_UNABLE,
    ]
    objects, logs, master = _vcjob_horovod(
        at,
        name,
        ns,
        "registry.example/ai/horovod:0.22.1-tf2.5.0-torch1.8.1-py3.7-cuda11.1",
        cmd,
        {"w0": 1, "w1": 1},
        (75, 82),
        lines,
        [1.6, 2.3] + [0.01] * 40,
    )
    return CaseSpec(
        id="rendezvous-error-vcjob-horovod-mpirun-ssh-worker-unresolved",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=master,
        evidence="Could not resolve hostname",
        description="Horovod training on a Volcano Job of a master and two worker tasks: mpirun in the master pod "
        "starts its daemons over ssh, and the second worker's host name does not resolve, so ORTE cannot start its "
        "daemons and the launcher exits. With one worker task it trains. The ranks cannot meet: the worker pods "
        "need resolvable host names (Volcano's svc plugin and the job's headless service) before mpirun starts.",
        objects=objects,
        logs=logs,
        captured=at(600),
        title="Horovod distributed training on Volcano fails with two workers: 'ssh: Could not resolve hostname "
        "...-w1-0: Temporary failure in name resolution', ORTE unable to start daemons",
        source="https://github.com/volcano-sh/volcano/issues/2745",
    )


@SCENARIOS.add
def config_error_vcjob_horovodrun_invalid_host_input_from_volcano_hostfile() -> CaseSpec:
    at = Clock(datetime(2026, 2, 20, 6, 40, tzinfo=timezone.utc))
    name, ns = "tf-mnist-hvd", "default"
    script = (
        'MPI_HOST=`cat /etc/volcano/mpiworker.host | tr "\\n" ","`;\n'
        "mkdir -p /var/run/sshd; /usr/sbin/sshd;\n"
        "horovodrun --hosts ${MPI_HOST} -np 2 python tensorflow_mnist.py;\n"
    )
    lines = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/horovodrun", line 21, in <module>',
        "    run.run()",
        '  File "/usr/local/lib/python3.6/dist-packages/horovod/run/run.py", line 611, in run',
        "    raise ValueError('Invalid host input, please make sure it has '",
        "ValueError: Invalid host input, please make sure it has format as : worker-0:2,worker-1:2.",
    ]
    objects, logs, master = _vcjob_horovod(
        at,
        name,
        ns,
        "registry.example/ml/tensorflow:1.14-hvd",
        ["/bin/sh", "-c", script],
        {"mpiworker": 2},
        (18, 21),
        lines,
        [0.02],
        master_task="mpimaster",
    )
    return CaseSpec(
        id="config-error-vcjob-horovodrun-invalid-host-input-from-volcano-hostfile",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=master,
        evidence="Invalid host input",
        description="A Volcano Job running Horovod with horovodrun: the master builds the host list from the "
        "svc plugin's /etc/volcano/mpiworker.host (one host name per line, no slot counts) and passes it to "
        "--hosts. horovodrun rejects it before starting anything ('Invalid host input, please make sure it has "
        "format as : worker-0:2,worker-1:2'), since every host needs its slot count. The launcher's own options "
        "are wrong: append ':<slots>' to each host (or use mpirun with the hostfile).",
        objects=objects,
        logs=logs,
        captured=at(600),
        title="horovodrun on Volcano fails: 'ValueError: Invalid host input, please make sure it has format as : "
        "worker-0:2,worker-1:2.' with the host list read from /etc/volcano/mpiworker.host",
        source="https://github.com/volcano-sh/volcano/issues/1321",
    )


# -- 5. A healthy trap: the master's mpiexec fails until the workers' names resolve, then runs --------


@SCENARIOS.add
def healthy_vcjob_horovod_master_restarts_until_workers_resolve() -> CaseSpec:
    at = Clock(datetime(2026, 5, 12, 2, 10, tzinfo=timezone.utc))
    name, ns = "lm-horovod-job", "default"
    script = (
        "ls; mkdir -p /var/run/sshd; /usr/sbin/sshd;\n"
        'MPI_HOST=`cat /etc/volcano/worker.host | tr "\\n" ","`;\n'
        "mpiexec --allow-run-as-root --host ${MPI_HOST} -np 6 python tf_mnist_lm.py;\n"
    )
    listing = "checkpoints  data  test.py  tf_mnist_lm.py  torch_mnist_lm.py"
    failed_run = [
        listing,
        f"ssh: Could not resolve hostname {name}-worker-5.{name}: Name or service not known",
        *_ORTE_UNABLE,
    ]
    objects, logs, master = _vcjob_horovod(
        at,
        name,
        ns,
        "registry.example/ai/horovod-tf-mnist:0.24.3-tf1.15",
        ["/bin/sh", "-c", script],
        {"worker": 6},
        (61, 64),
        failed_run,
        [0.4, 2.1] + [0.01] * 40,
    )
    # The master restarted three times and now runs: its last failed attempt is the previous
    # log, the current one reaches the workers over ssh.
    mp = next(o for o in objects if o["kind"] == "Pod" and o["metadata"]["name"] == master)
    mp["spec"]["restartPolicy"] = "OnFailure"
    mp["status"]["phase"] = "Running"
    st = mp["status"]["containerStatuses"][0]
    st.update(
        {
            "restartCount": 3,
            "ready": True,
            "started": True,
            "state": running(at(95)),
            "lastState": terminated(1, at(61), at(64)),
        }
    )
    for c in mp["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "True"
            c["lastTransitionTime"] = "2026-05-12T02:11:35Z"
    job = objects[0]
    job["status"].pop("failed", None)
    job["status"]["running"] = 7
    logs[f"{master}/master.previous"] = logs.pop(f"{master}/master")
    logs[f"{master}/master"] = stamped(
        [
            listing,
            f"Warning: Permanently added '{name}-worker-0.{name},10.10.10.10' (ECDSA) to the list of known hosts.",
        ],
        at(96),
        0.8,
    )
    objects.append(_backoff(mp, "master", at, 14, 66, 3))
    return CaseSpec(
        id="healthy-vcjob-horovod-master-restarts-until-workers-resolve",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="Volcano's Horovod example on a master and six workers: the master starts mpiexec as soon as "
        "it runs, before every worker's name resolves, so its first attempts fail ('ssh: Could not resolve "
        "hostname ...-worker-5...: Name or service not known' and ORTE's daemon message) and it restarts. On "
        "the fourth start the names resolve, ssh reaches the workers and the job has run since. A start-up race "
        "the restarts got past, not a failure.",
        objects=objects,
        logs=logs,
        # Twelve minutes into the fourth start (a look at 75 s is too early for the rules to call
        # a restarted launcher recovered; see the commit that added the case).
        captured=at(95 + 12 * 60),
        title="Horovod job on Volcano: the master fails 'ssh: Could not resolve hostname ...-worker-5...' and "
        "ORTE cannot start its daemons, restarts three times, then runs",
        source="https://github.com/volcano-sh/volcano/issues/2226",
    )


# -- third batch (queries: nccl watchdog timeout / ddp unused parameters error / torchrun
# -- rendezvous timeout / mpi_init failed) ---------------------------------------------------

_SGL_PY310 = "/usr/local/lib/python3.10/dist-packages"


def _sglang(tag: str, model: str, tp: int, init: str, nnodes: int, rank: int, *extra: str) -> Container:
    """One node of a multi-node sglang server in its container (all eight GPUs of the node)."""
    return Container(
        "sglang",
        f"lmsysorg/sglang:{tag}",
        command=[
            *("python3", "-m", "sglang.launch_server", "--model-path", model, "--tp", str(tp)),
            *("--dist-init-addr", init, "--nnodes", str(nnodes), "--node-rank", str(rank), "--trust-remote-code"),
            *extra,
        ],
        resources=gpu(8, "1600Gi", "96"),
    )


# -- 8. sglang on two H100 nodes: after an idle period a prefill hangs, the NCCL watchdog aborts ------


@SCENARIOS.add
def nccl_error_job_sglang_two_node_idle_prefill_allreduce_watchdog() -> CaseSpec:
    at = Clock(datetime(2026, 2, 26, 10, 0, tzinfo=timezone.utc))
    name, ns = "deepseek-r1-sglang-node1", "llm-serving"
    host = "sglang-node1"
    channels = [
        f"{host}:193:3196 [5] NCCL INFO Channel {c:02d}/0 : 5[5] -> 6[6] via P2P/IPC" for c in range(0, 16, 2)
    ] + [f"{host}:193:3196 [5] NCCL INFO Channel {c}/0 : 5[5] -> 6[6] via P2P/IPC" for c in (11, 13)]
    boot = [
        "[2026-02-26 10:01:12] server_args=ServerArgs(model_path='/models/DeepSeek-R1', "
        "tokenizer_path='/models/DeepSeek-R1', tokenizer_mode='auto', load_format='auto', trust_remote_code=True, "
        "dtype='auto', kv_cache_dtype='auto', device='cuda', host='0.0.0.0', port=30000, tp_size=16, "
        "watchdog_timeout=300, dist_init_addr='10.8.9.14:50000', nnodes=2, node_rank=1)",
        *[f"[2026-02-26 10:01:2{tp % 10} TP{tp}] Init torch distributed begin." for tp in range(8, 16)],
        *channels,
        *[
            f"[2026-02-26 10:09:4{tp % 10} TP{tp}] Load weight end. type=DeepseekV3ForCausalLM, "
            f"dtype=torch.bfloat16, avail mem=37.7{tp % 10} GB"
            for tp in range(8, 16)
        ],
        *[f"[2026-02-26 10:10:0{tp % 10} TP{tp}] Capture cuda graph end. Time elapsed: 41.27 s" for tp in range(8, 16)],
        "[2026-02-26 10:10:21 TP8] Prefill batch. #new-seq: 1, #new-token: 12, #cached-token: 0, cache hit rate: "
        "0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
        "[2026-02-26 10:10:23 TP8] Decode batch. #running-req: 1, #token: 113, token usage: 0.00, gen throughput "
        "(token/s): 21.94, #queue-req: 0",
        # Hours idle, then one request whose prefill never returns.
        "[2026-02-26 13:05:58 TP8] Prefill batch. #new-seq: 1, #new-token: 2893, #cached-token: 0, cache hit "
        "rate: 0.00%, token usage: 0.00, #running-req: 0, #queue-req: 0",
    ]
    tail = [
        # Pasted verbatim (the host neutralised): the faulthandler's module list runs into the watchdog's line.
        "Extension modules: charset_normalizer.md, requests.packages.charset_normalizer.md, "
        "requests.packages.chardet.md, uvloop.loop, numpy.core._multiarray_umath, numpy.core._multiarray_tests, "
        "numpy.linalg._umath_linalg, numpy.fft._pocketfft_internal, numpy.random._common, "
        "numpy.random.bit_generator, numpy.random._bounded_integers, numpy.random._mt19937, numpy.random.mtrand, "
        "numpy.random._philox, numpy.random._pcg64, numpy.random._sfc64, numpy.random._generator, torch._C, "
        "torch._C._dynamo.autograd_compiler, torch._C._dynamo.eval_frame, torch._C._dynamo.guards, "
        "torch._C._dynamo.utils, torch._C._fft, torch._C._linalg, torch._C._nested, torch._C._nn, "
        "torch._C._sparse, torch._C._special, psutil._psutil_linux, psutil._psutil_posix, setproctitle, "
        "zmq.backend.cython._zmq, yaml._yaml, markupsafe._speedups, PIL._imaging[rank5]:[E226 "
        "13:15:58.121617583 ProcessGroupNCCL.cpp:616] [Rank 5] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=5653, OpType=ALLREDUCE, NumelIn=58720256, NumelOut=58720256, Timeout(ms)=600000) ran "
        "for 600028 milliseconds before timing out.",
        f"{host}:193:3196 [5] NCCL INFO Channel 15/0 : 5[5] -> 6[6] via P2P/IPC",
        "[2026-02-26 13:15:59 TP13] Watchdog timeout (self.watchdog_timeout=300)",
        "[2026-02-26 13:16:01] Received sigquit from a child process. It usually means the child failed.",
    ]
    lines = [*boot, *tail]
    gaps = [9.0] + [0.1] * 7 + [2.0] + [0.0] * (len(channels) - 1) + [450.0] + [0.1] * 7 + [20.0] + [0.1] * 7
    gaps += [12.0, 2.0, 10495.0, 600.0, 0.0, 1.0, 2.0, 0.1]
    server = _sglang("dev", "/models/DeepSeek-R1", 16, "10.8.9.14:50000", 2, 1)
    return _job_case(
        Run(name, ns, at, server, stamped(lines, at(72), gaps), 137, (60, 11762), "h100-node-02", 11800),
        id="nccl-error-job-sglang-two-node-idle-prefill-allreduce-watchdog",
        category="nccl-error",
        evidence="Watchdog caught collective operation timeout",
        description="DeepSeek-R1 served by sglang with tensor parallelism 16 over two 8-GPU H100 nodes, each node's "
        "server in its container; this pod is node rank 1. It loads, captures its CUDA graphs and serves. After "
        "hours without requests the next prefill never returns: a tensor-parallel all-reduce between the two "
        "nodes hangs until torch's NCCL watchdog aborts it after 600 s ('Watchdog caught collective operation "
        "timeout: WorkNCCL(... OpType=ALLREDUCE ...)'), sglang's own watchdog fires and the server is killed. The "
        "collective between the nodes stopped making progress; no rank failed first for another reason.",
        title='[Bug] Model Stuck at Prefill and then throw "Watchdog Timeout" Error After Idle Period '
        "(Deepseek-r1:671b on two H100*8)",
        source="https://github.com/sgl-project/sglang/issues/3836",
    )


# -- 9. sglang on four A100 nodes: this node loads its weights in two minutes, the others take longer ------


@SCENARIOS.add
def nccl_error_job_sglang_four_node_slow_peer_load_watchdog_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 2, 22, 8, 17, tzinfo=timezone.utc))
    name, ns = "deepseek-r1-sglang-node3", "llm-serving"
    tps = (26, 29, 27, 25, 31, 30, 24, 28)
    # Pasted verbatim (the date moved).
    load = [
        f"[2026-02-22 08:19:45 TP{tp}] Load weight begin. avail mem=78.3{8 if tp not in (31, 24) else 1} GB"
        for tp in tps
    ]
    load = [ln.replace("78.31", "78.41") for ln in load]
    load += ["Cache shape torch.Size([163840, 64])"] * 8
    load += [
        f"[2026-02-22 08:21:43 TP{tp}] Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, "
        f"avail mem=37.2{1 if tp in (26, 29) else 3} GB"
        for tp in (26, 29, 31, 24, 27, 25, 30, 28)
    ]
    boot = [
        "[2026-02-22 08:18:02] server_args=ServerArgs(model_path='/DeepSeek-R1-BF16', "
        "tokenizer_path='/DeepSeek-R1-BF16', tokenizer_mode='auto', load_format='auto', trust_remote_code=True, "
        "dtype='auto', kv_cache_dtype='auto', device='cuda', context_length=32768, host='0.0.0.0', port=30000, "
        "tp_size=32, watchdog_timeout=0.0, dist_init_addr='192.168.0.2:6379', nnodes=4, node_rank=3)",
        *[f"[2026-02-22 08:18:2{i} TP{tp}] Init torch distributed begin." for i, tp in enumerate(tps)],
    ]
    lib = f"{_SGL_PY310}/torch/lib"
    abort = []
    for i, tp in enumerate(sorted(tps)):
        abort += [
            f"[rank{tp}]:[E222 08:31:43.{730311765 + 4091 * i} ProcessGroupNCCL.cpp:616] [Rank {tp}] Watchdog caught "
            "collective operation timeout: WorkNCCL(SeqNum=2, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
            "Timeout(ms)=600000) ran for 600050 milliseconds before timing out.",
            f"[rank{tp}]:[E222 08:31:43.{730815661 + 4091 * i} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID "
            f"0(default_pg) Rank {tp}] Exception (either an error or timeout) detected by watchdog at work: 2, last "
            "enqueued NCCL work: 2, last completed NCCL work: 1.",
        ]
    abort += [
        "[rank24]:[E222 08:31:43.731512207 ProcessGroupNCCL.cpp:630] [Rank 24] Some NCCL operations have failed or "
        "timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data.",
        "[rank24]:[E222 08:31:43.731520375 ProcessGroupNCCL.cpp:636] [Rank 24] To avoid data inconsistency, we are "
        "taking the entire process down.",
        "[rank24]:[E222 08:31:43.733918204 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 24] "
        "Process group watchdog thread terminated with exception: [Rank 24] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=2, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600050 "
        "milliseconds before timing out.",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent "
        "call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f6a2b76c446 in {lib}/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
        f"std::ratio<1l, 1000l> > >) + 0x282 (0x7f69e0bcc772 in {lib}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f69e0bd3bb3 in {lib}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f69e0bd561d in {lib}/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "[2026-02-22 08:31:44] Received sigquit from a child process. It usually means the child failed.",
    ]
    lines = [*boot, *load, *abort]
    gaps = [8.0] + [0.2] * 7 + [75.0] + [0.0] * 7 + [20.0] + [0.0] * 7 + [98.0] + [0.0] * 7 + [590.0]
    gaps += [0.0] * (len(abort) - 2) + [1.0]
    opts = ("--context-length", "32768", "--watchdog-timeout", "0")
    server = _sglang("v0.4.3-cu124", "/DeepSeek-R1-BF16", 32, "192.168.0.2:6379", 4, 3, *opts)
    return _job_case(
        Run(name, ns, at, server, stamped(lines, at(62), gaps), 137, (60, 885), "a100-node-04", 1200),
        id="nccl-error-job-sglang-four-node-slow-peer-load-watchdog-timeout",
        category="nccl-error",
        evidence="Watchdog caught collective operation timeout",
        description="DeepSeek-R1 (BF16) served by sglang with tensor parallelism 32 over four 8-GPU A100 nodes, "
        "each node's server in its container; this pod is node rank 3. Its ranks load their weights in two "
        "minutes and enter the first all-reduce; the other nodes read the safetensors far more slowly (12 and 20 "
        "minutes, the reporter found), so after torch's default 600 s collective timeout every rank here is "
        "aborted by the NCCL watchdog ('Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, "
        "OpType=ALLREDUCE ...)'). sglang's --watchdog-timeout does not change it: the process group's timeout "
        "(sglang's --dist-timeout, or faster weight loading on the slow nodes) does.",
        title="[Bug] Watchdog caught collective operation timeout: DeepSeek-R1 on 4 A100 nodes, '[Rank N] Watchdog "
        "caught collective operation timeout' after the node's weights loaded",
        source="https://github.com/sgl-project/sglang/issues/3783",
    )


# -- 10. sglang as a two-pod StatefulSet on two H100 machines: a TP collective fails in service ------


@SCENARIOS.add
def nccl_error_pod_sglang_statefulset_two_node_watchdog_failure_detected() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 6, 0, tzinfo=timezone.utc))
    sts, ns, host = "distributed-sglang", "llm", "h100-node-a"
    me = f"{sts}-0"
    script = (
        "export POD_INDEX=$(echo $POD_NAME | awk -F'-' '{print $NF}')\n"
        'echo "Pod name: $POD_NAME, Pod index: $POD_INDEX"\n'
        "python3 -m sglang.launch_server \\\n"
        "--model /models/DeepSeek-V3-0324 \\\n"
        "--dist-init-addr sglang-master-pod:5100 \\\n"
        "--tensor-parallel-size 16 \\\n"
        "--nnodes 2 \\\n"
        "--node-rank $POD_INDEX \\\n"
        "--trust-remote-code \\\n"
        "--host 0.0.0.0 --port 8000\n"
    )
    boot = [
        f"Pod name: {me}, Pod index: 0",
        "[2026-09-09 06:00:41] server_args=ServerArgs(model_path='/models/DeepSeek-V3-0324', "
        "tokenizer_path='/models/DeepSeek-V3-0324', tokenizer_mode='auto', load_format='auto', "
        "trust_remote_code=True, host='0.0.0.0', port=8000, tp_size=16, dist_init_addr='sglang-master-pod:5100', "
        "nnodes=2, node_rank=0)",
    ]
    serving = [
        f'[2026-09-09 08:3{i}:{12 + 7 * i:02d}] INFO:     10.233.64.1:4{1022 + i} - "POST /v1/chat/completions '
        'HTTP/1.1" 200 OK'
        for i in range(5)
    ] + [
        "[2026-09-09 08:35:30 TP0] Decode batch. #running-req: 6, #token: 14217, token usage: 0.03, cuda graph: "
        "True, gen throughput (token/s): 201.44, #queue-req: 0,",
    ]
    # Pasted verbatim (the host's pid and thread ids as in the thread).
    crash = [
        f"{me}:206:10697 [1] NCCL INFO Connected all trees",
        f"{me}:206:10723 [1] NCCL INFO [Proxy Progress] Device 1 CPU core 19",
        "[rank1]:[E909 08:45:30.126335825 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 1]  failure detected "
        "by watchdog at work sequence id: 40231 PG status: last enqueued work: 40267, last completed work: 40230",
        "[rank1]:[E909 08:45:30.126354868 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, "
        "potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to "
        "a non-zero value.",
        f"{me}:206:10697 [1] NCCL INFO threadThresholds 8/8/64 | 128/8/64 | 512 | 512",
        f"{me}:206:10697 [1] NCCL INFO 16 coll channels, 16 collnet channels, 0 nvls channels, 16 p2p channels, 2 "
        "p2p channels per peer",
        f"{me}:206:10697 [1] NCCL INFO ncclCommInitRankConfig comm 0x7f6d407d2450 rank 1 nranks 16 cudaDev 1 "
        "nvmlDev 1 busId 2a000 commId 0xb7dbcefd01419470 - Init COMPLETE",
        f"{me}:206:10697 [1] NCCL INFO Init timings - ncclCommInitRankConfig: rank 1 nranks 16 total 2.14 (kernels "
        "0.00, alloc 0.00, bootstrap 0.07, allgathers 0.15, topo 0.05, graphs 1.41, connections 0.42, rest 0.03)",
        "[rank2]:[E909 08:45:31.916910323 ProcessGroupNCCL.cpp:1589] [PG ID 0 PG GUID 0 Rank 2] ProcessGroupNCCL "
        "preparing to dump debug info. Include stack trace: 1",
        *[
            f"[rank{r}]:[E909 08:45:31.97{r:d}959174 ProcessGroupNCCL.cpp:1870] [PG ID 0 PG GUID 0 Rank {r}] Received "
            "a dump signal due to a collective timeout from this local rank and we will try our best to dump the "
            "debug info. Last enqueued NCCL work: -1, last completed NCCL work: -1.This is most likely caused by "
            "incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not "
            "same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be "
            "caused by GIL deadlock or other reasons such as network errors or bugs in the communications library "
            "(e.g. NCCL), etc. "
            for r in (6, 7)
        ],
        "[2026-09-09 08:45:33] Received sigquit from a child process. It usually means the child failed.",
        "/bin/bash: line 3:   27 Killed                  python3 -m sglang.launch_server --model "
        "/models/DeepSeek-V3-0324 --dist-init-addr sglang-master-pod:5100 --tensor-parallel-size 16 --nnodes 2 "
        "--node-rank $POD_INDEX --trust-remote-code --host 0.0.0.0 --port 8000",
    ]
    previous = stamped([*boot, *serving, *crash], at(40), [1.0, 9029.0, *[60.0] * 4, 20.0, 600.0, 0.0, 0.4, 0.0])
    current = stamped(
        [
            f"Pod name: {me}, Pod index: 0",
            "[2026-09-09 08:46:19] server_args=ServerArgs(model_path='/models/DeepSeek-V3-0324', "
            "tokenizer_path='/models/DeepSeek-V3-0324', tokenizer_mode='auto', load_format='auto', "
            "trust_remote_code=True, host='0.0.0.0', port=8000, tp_size=16, "
            "dist_init_addr='sglang-master-pod:5100', nnodes=2, node_rank=0)",
            *[f"[2026-09-09 08:46:3{tp} TP{tp}] Init torch distributed begin." for tp in range(8)],
        ],
        at(9978),
        [1.0, 10.0, 0.2],
    )
    c = Container(
        "sglang-container",
        "registry.example/aip/sglang:v0.5.2rc0-cu126-fix",
        command=["/bin/bash", "-c"],
        args=[script],
        env=[{"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}],
        resources=gpu(8, "1500Gi", "96"),
        state=running(at(9937)),
        last=terminated(137, at(38), at(9935)),
        restarts=1,
        ready=False,
    )
    labels = {"app": sts, "apps.kubernetes.io/pod-index": "0"}
    p = _sts_pod(sts, 0, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), extra_labels=labels)
    return CaseSpec(
        id="nccl-error-pod-sglang-statefulset-two-node-watchdog-failure-detected",
        kind="Pod",
        name=me,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=me,
        evidence="failure detected by watchdog at work sequence id: 40231",
        description="DeepSeek-V3 served by sglang with tensor parallelism 16 over two 8-GPU H100 machines, one pod "
        "of a StatefulSet on each (the ordinal is the node rank). After hours of serving, a tensor-parallel "
        "collective of this pod's rank 1 stops completing: torch's NCCL watchdog reports the failure ('failure "
        "detected by watchdog at work sequence id: 40231 ... last completed work: 40230'), the other local ranks "
        "are told of a collective timeout and dump their state, sglang's scheduler dies and the container is "
        "killed; the kubelet restarts it and the model loads again. A collective between the two machines failed; "
        "no rank failed first for another reason.",
        objects=[p],
        logs={f"{me}/sglang-container.previous": previous, f"{me}/sglang-container": current},
        captured=at(10010),
        title="[Bug] sglang crash when distributed deployment deepseek-v3 on two 8*H100 machine: '[PG ID 2 PG GUID 3 "
        "Rank 1]  failure detected by watchdog at work sequence id: 40231'",
        source="https://github.com/sgl-project/sglang/issues/10216",
    )
