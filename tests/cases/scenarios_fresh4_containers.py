"""Fresh round 4: cases built from real public failure reports about what a container runs into inside its pod - memory limits, /dev/shm, disk and ephemeral storage, a spec the kubelet cannot start, access refused, kills from outside and deadlines.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Scenarios,
    backoff_conditions,
    batch_job,
    cpu_only,
    event,
    job_pod,
    pod,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()


# -- memory: a supervisor restarts the process the kernel killed -----------------------------------


@SCENARIOS.add
def oom_killed_pod_gunicorn_worker_terminated_signal_9() -> CaseSpec:
    at = Clock(datetime(2023, 7, 5, 18, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sensor-api", "sensing", "pool-standard-2"
    c = Container(
        "backend",
        "registry.example.com/sensing/backend:2.3.1",
        command=["gunicorn", "--bind", "0.0.0.0:8000", "--workers", "2", "api:create_app()"],
        resources=cpu_only("512Mi", "500m"),
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
        state=running(at(60)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    lines = [
        "[2023-07-05 18:01:00 +0000] [1] [INFO] Starting gunicorn 20.1.0",
        "[2023-07-05 18:01:00 +0000] [1] [INFO] Listening at: http://0.0.0.0:8000 (1)",
        "[2023-07-05 18:01:00 +0000] [1] [INFO] Using worker: sync",
        "[2023-07-05 18:01:00 +0000] [8] [INFO] Booting worker with pid: 8",
        "[2023-07-05 18:01:00 +0000] [9] [INFO] Booting worker with pid: 9",
        "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.",
        "INFO  [alembic.runtime.migration] Will assume transactional DDL.",
        "INFO  [alembic.runtime.migration] Running upgrade 3f1c2b9d7a10 -> 8e2d4c6a1b55, add power_data table",
    ]
    pids = [55, 61, 67, 73, 79, 85, 91, 97]
    prev = 8
    for pid in pids:
        lines += [
            f"[2023-07-05 18:0{pids.index(pid) + 2}:10 +0000] [1] [WARNING] Worker with pid {prev} was terminated "
            "due to signal 9",
            f"[2023-07-05 18:0{pids.index(pid) + 2}:10 +0000] [{pid}] [INFO] Booting worker with pid: {pid}",
        ]
        prev = pid
    log = stamped(lines, at(60), [0, 0, 0, 0, 1, 0, 1, *([35, 25] * len(pids))])
    return CaseSpec(
        id="oom-killed-pod-gunicorn-worker-terminated-signal-9",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="was terminated due to signal 9",
        description="Under load the API's gunicorn workers pass the container's 512Mi limit; the kernel kills each "
        "with SIGKILL and the gunicorn master boots another, so the container never restarts and only the "
        "master's 'terminated due to signal 9' warnings show it, over and over to the last line.",
        objects=[p],
        logs={f"{name}/backend": log},
        captured=at(60 + 7 + 60 * len(pids) + 30),
        title="Pods OOM with gunicorn: [WARNING] Worker with pid 55 was terminated due to signal 9 under load",
        source="https://github.com/jlab-sensing/ENTS-backend/issues/82",
    )


@SCENARIOS.add
def oom_killed_pod_dask_worker_exceeded_memory_budget() -> CaseSpec:
    at = Clock(datetime(2018, 7, 19, 10, 0, tzinfo=timezone.utc))
    ns, host = "jhub", "pool-highmem-3"
    name = "dask-jovyan-4f1c2a8e-2k9xq"
    c = Container(
        "dask-worker",
        "daskdev/dask:0.18.1",
        args=["dask-worker", "--nthreads", "1", "--no-bokeh", "--memory-limit", "3GB", "--death-timeout", "60"],
        resources=cpu_only("3G", "1"),
        state=running(at(20)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "dask", "component": "dask-worker", "user": "jovyan"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Never",
    )

    def start(nanny_port: int, worker_port: int, space: str) -> list[str]:
        return [
            f"distributed.nanny - INFO -         Start Nanny at: 'tcp://100.97.248.36:{nanny_port}'",
            f"distributed.worker - INFO -       Start worker at:  tcp://100.97.248.36:{worker_port}",
            f"distributed.worker - INFO -          Listening to:  tcp://100.97.248.36:{worker_port}",
            f"distributed.worker - INFO -              nanny at:        100.97.248.36:{nanny_port}",
            "distributed.worker - INFO - Waiting to connect to:   tcp://100.97.252.8:37343",
            "distributed.worker - INFO - -------------------------------------------------",
            "distributed.worker - INFO -               Threads:                          1",
            "distributed.worker - INFO -                Memory:                    3.00 GB",
            f"distributed.worker - INFO -       Local Directory: /home/jovyan/dask-worker-space/worker-{space}",
            "distributed.worker - INFO - -------------------------------------------------",
            "distributed.worker - INFO -         Registered to:   tcp://100.97.252.8:37343",
            "distributed.worker - INFO - -------------------------------------------------",
        ]

    lines = start(42465, 34437, "i47r_7ng")
    for space, worker_port in (("q0d3x1mv", 39211), ("7lw2c9rk", 45683), ("b3n8zt0e", 33917)):
        lines += [
            "distributed.worker - WARNING - Memory use is high but worker has no data to store to disk.  Perhaps "
            "some other process is leaking memory?  Process memory: 2.71 GB -- Worker memory limit: 3.00 GB",
            "distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting",
            "distributed.nanny - WARNING - Restarting worker",
            *start(42465, worker_port, space)[1:],
        ]
    lines += [
        "distributed.worker - WARNING - Memory use is high but worker has no data to store to disk.  Perhaps "
        "some other process is leaking memory?  Process memory: 2.74 GB -- Worker memory limit: 3.00 GB",
        "distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting",
        "distributed.nanny - WARNING - Restarting worker",
    ]
    gaps = [0.05] * len(lines)
    for i, line in enumerate(lines):
        if "Memory use is high" in line:
            gaps[i - 1] = 240.0
    log = stamped(lines, at(22), gaps)
    return CaseSpec(
        id="oom-killed-pod-dask-worker-exceeded-memory-budget",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="exceeded 95% memory budget",
        description="A KubeCluster worker with a 3 GB memory limit persists more data than it holds; each time its "
        "process passes 95% of the limit the nanny kills and restarts it, so the pod keeps running while every "
        "task it held is lost and the computation never finishes.",
        objects=[p],
        logs={f"{name}/dask-worker": log},
        captured=at(22 + 4 * 240 + 60),
        title="Dask workers on Kubernetes killed and restarted: distributed.nanny - WARNING - Worker exceeded 95% "
        "memory budget. Restarting",
        source="https://github.com/dask/distributed/issues/2130",
    )


# -- the spec: a command that cannot run -------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_sidecar_script_not_executable() -> CaseSpec:
    at = Clock(datetime(2020, 3, 12, 9, 0, tzinfo=timezone.utc))
    ns, host, name = "default", "gke-standard-pool-1-a2c4", "fortune"
    gen = Container(
        "html-generator",
        "docker.io/example/fortune:latest",
        mounts=[{"name": "html", "mountPath": "/var/htdocs"}],
        state=_crash_loop("html-generator", name, ns),
        last=terminated(126, at(905), at(905)),
        restarts=7,
    )
    web = Container(
        "web-server",
        "nginx:alpine",
        mounts=[{"name": "html", "mountPath": "/usr/share/nginx/html", "readOnly": True}],
        ports=[{"containerPort": 80, "protocol": "TCP"}],
        state=running(at(4)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "fortune"},
        owner=None,
        containers=[gen, web],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        volumes=[{"name": "html", "emptyDir": {}}],
        qos="BestEffort",
    )
    events = [_backoff(p, "html-generator", at, 30, 1180, 68)]
    nginx = stamped(
        [
            "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration",
            "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/",
            "/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh",
            "/docker-entrypoint.sh: Configuration complete; ready for start up",
            '10.244.1.1 - - [12/Mar/2020:09:06:41 +0000] "GET / HTTP/1.1" 403 153 "-" "curl/7.58.0" "-"',
            '2020/03/12 09:06:41 [error] 29#29: *1 directory index of "/usr/share/nginx/html/" is forbidden, '
            'client: 10.244.1.1, server: localhost, request: "GET / HTTP/1.1", host: "10.244.1.7"',
        ],
        at(4),
        [0.1, 0.1, 0.1, 397, 0.01],
    )
    return CaseSpec(
        id="config-error-pod-sidecar-script-not-executable",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="/bin/fortuneloop.sh: Permission denied",
        description="The image's ENTRYPOINT is a shell script added without the execute bit; the shell cannot "
        "run it and exits 126, so the content-generating container crash-loops beside a web server that runs "
        "fine and serves an empty directory.",
        objects=[p, *events],
        logs={
            f"{name}/html-generator.previous": text("/bin/sh: 1: /bin/fortuneloop.sh: Permission denied"),
            f"{name}/web-server": nginx,
        },
        captured=at(1200),
        title="Pod in CrashLoopBackOff: /bin/sh: 1: /bin/fortuneloop.sh: Permission denied - the entrypoint "
        "script lacks chmod +x",
        source="https://github.com/luksa/kubernetes-in-action/issues/22",
    )


# -- init containers ----------------------------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_init_container_config_fetch_403() -> CaseSpec:
    at = Clock(datetime(2020, 8, 25, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "orders-app", "rtf", "ip-10-0-12-34.ec2.internal"
    msg = "Failed to fetch /opt/mule/conf/rtfv1.yml. statusCode=403"
    init = Container(
        "init",
        "registry.example.com/rtf/rtf-app-init:v1.0.22",
        mounts=[
            {"name": "podinfo", "mountPath": "/etc/podinfo", "readOnly": True},
            {"name": "overlay", "mountPath": "/mnt/overlay"},
        ],
        state=_crash_loop("init", _rs_name(deployment, ns), ns),
        last={"terminated": {**terminated(1, at(1235), at(1235), message=msg)["terminated"]}},
        restarts=16,
    )
    app = Container(
        "app",
        "registry.example.com/rtf/rtf-runtime:4.3.0",
        resources=cpu_only("1Gi", "500m"),
        mounts=[{"name": "overlay", "mountPath": "/opt/mule/apps"}],
        state=waiting("PodInitializing"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [app],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        init=[init],
        volumes=[
            {
                "name": "podinfo",
                "downwardAPI": {"items": [{"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}}]},
            },
            {"name": "overlay", "emptyDir": {}},
        ],
    )
    name = p["metadata"]["name"]
    events = [_backoff(p, "init", at, 40, 1230, 88)]
    return CaseSpec(
        id="permission-denied-pod-init-container-config-fetch-403",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="statusCode=403",
        description="The init container fetches the application's configuration from the control plane and is "
        "refused with 403; it exits 1 at once, so the pod stays Init:CrashLoopBackOff and the app container never "
        "starts.",
        objects=[p, *events],
        logs={f"{name}/init.previous": text(msg)},
        captured=at(1260),
        title="Pod stuck in Init:CrashLoopBackOff: init container exits 1 with 'Failed to fetch "
        "/opt/mule/conf/rtfv1.yml. statusCode=403'",
        source="https://github.com/kubernetes/kubernetes/issues/94216",
    )


# -- probes -------------------------------------------------------------------------------------------


def _hindsight_lines(start_s: int, stop: bool) -> list[str]:
    lines = [
        "INFO:     Started server process [1]",
        "INFO:     Waiting for application startup.",
        "hindsight.api - INFO - Loading embedding model BAAI/bge-small-en-v1.5 from /models",
        "hindsight.api - INFO - Loading reranker cross-encoder/ms-marco-MiniLM-L-6-v2 from /models",
    ]
    if stop:
        lines += [
            "INFO:     Shutting down",
            "hindsight.api - INFO - Stopping background services",
            "hindsight.api - INFO - All services stopped cleanly",
        ]
    else:
        lines += [
            "hindsight.api - INFO - Models loaded in 44.8s",
            "INFO:     Application startup complete.",
            "INFO:     Uvicorn running on http://0.0.0.0:8888 (Press CTRL+C to quit)",
            'INFO:     10.244.3.1:51234 - "GET /health HTTP/1.1" 200 OK',
        ]
    return lines


@SCENARIOS.add
def killed_externally_pod_liveness_kills_cold_model_load() -> CaseSpec:
    at = Clock(datetime(2026, 8, 14, 19, 0, tzinfo=timezone.utc))
    deployment, ns, host = "hindsight-api", "agents", "pool-cpu-5"
    probes = _http_probe("/health", 8888, kinds=("livenessProbe",), delay=30, period=10, failures=3)
    probes.update(_http_probe("/health", 8888, kinds=("readinessProbe",), delay=10, period=5, failures=3))
    c = Container(
        "hindsight-api",
        "registry.example.com/agents/hindsight-api:0.9.2",
        resources=cpu_only("4Gi", "2"),
        ports=[{"containerPort": 8888, "protocol": "TCP"}],
        probes=probes,
        state=_crash_loop("hindsight-api", _rs_name(deployment, ns), ns, back_off="40s"),
        last=terminated(0, at(181), at(233)),
        restarts=3,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    ip = p["status"]["podIP"]
    events = [
        event(
            p,
            "Unhealthy",
            f'Liveness probe failed: Get "http://{ip}:8888/health": dial tcp {ip}:8888: connect: connection refused',
            at(61),
            last=at(231),
            count=9,
            host=host,
        ),
        event(
            p,
            "Unhealthy",
            f'Readiness probe failed: Get "http://{ip}:8888/health": dial tcp {ip}:8888: connect: connection refused',
            at(41),
            last=at(231),
            count=30,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container hindsight-api failed liveness probe, will be restarted",
            at(81),
            last=at(231),
            count=3,
            type_="Normal",
            host=host,
        ),
        _backoff(p, "hindsight-api", at, 234, 250, 2),
    ]
    prev = stamped(_hindsight_lines(181, stop=True), at(182), [0.2, 0.5, 9.0, 40.0, 0.3, 0.2])
    return CaseSpec(
        id="killed-externally-pod-liveness-kills-cold-model-load",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="The API has no startupProbe and its liveness probe fails for the third time 50 s after start; "
        "on a cold node the embedding and reranking models take longer than that to load, so the kubelet stops "
        "the container each time mid-load (it exits 0, 'All services stopped cleanly') and it never serves.",
        objects=[p, *events],
        logs={f"{name}/hindsight-api.previous": prev},
        captured=at(260),
        title="API has no startupProbe, so a cold start is liveness-killed mid model load (Container failed "
        "liveness probe, will be restarted; exits cleanly each time)",
        source="https://github.com/gke-labs/kube-agents/issues/712",
    )


@SCENARIOS.add
def healthy_pod_liveness_restarts_then_converged() -> CaseSpec:
    at = Clock(datetime(2026, 8, 18, 19, 5, tzinfo=timezone.utc))
    deployment, ns, host = "hindsight-api", "agents", "pool-cpu-2"
    probes = _http_probe("/health", 8888, kinds=("livenessProbe",), delay=30, period=10, failures=3)
    probes.update(_http_probe("/health", 8888, kinds=("readinessProbe",), delay=10, period=5, failures=3))
    c = Container(
        "hindsight-api",
        "registry.example.com/agents/hindsight-api:0.9.2",
        resources=cpu_only("4Gi", "2"),
        ports=[{"containerPort": 8888, "protocol": "TCP"}],
        probes=probes,
        state=running(at(140)),
        last=terminated(0, at(80), at(133)),
        restarts=2,
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    ip = p["status"]["podIP"]
    events = [
        event(
            p,
            "Unhealthy",
            f'Liveness probe failed: Get "http://{ip}:8888/health": dial tcp {ip}:8888: connect: connection refused',
            at(41),
            last=at(131),
            count=6,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container hindsight-api failed liveness probe, will be restarted",
            at(61),
            last=at(131),
            count=2,
            type_="Normal",
            host=host,
        ),
    ]
    lines = _hindsight_lines(140, stop=False)
    lines += ['INFO:     10.244.3.1:51234 - "GET /health HTTP/1.1" 200 OK'] * 40
    prev = stamped(_hindsight_lines(80, stop=True), at(81), [0.2, 0.5, 9.0, 40.0, 0.3, 0.2])
    cur = stamped(lines, at(141), [0.2, 0.5, 6.0, 37.0, 0.1, 0.1, *([10.0] * 44)])
    return CaseSpec(
        id="healthy-pod-liveness-restarts-then-converged",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The liveness probe killed the API twice while its models loaded, but the third start fit "
        "inside the window (page cache warm): the container has run and been Ready for many minutes since, so "
        "the restarts are history.",
        objects=[p, *events],
        logs={f"{name}/hindsight-api.previous": prev, f"{name}/hindsight-api": cur},
        captured=at(141 + 44 * 10 + 180),
        title="A cold start liveness-killed twice mid model load, then converged: the previous container ran "
        "19:06:20 -> 19:07:13 and exited Completed, twice",
        source="https://github.com/gke-labs/kube-agents/pull/796",
    )


# -- healthy: memory warnings a job survives ---------------------------------------------------------


@SCENARIOS.add
def healthy_job_dask_worker_pausing_on_unmanaged_memory() -> CaseSpec:
    at = Clock(datetime(2024, 5, 8, 16, 0, tzinfo=timezone.utc))
    ns, name, host = "models", "ogusa-baseline-tpi", "pool-highmem-1"
    c = Container(
        "ogusa",
        "registry.example.com/models/ogusa:0.1.6",
        command=["python", "run_ogusa.py", "--baseline", "--time-path"],
        resources=cpu_only("16Gi", "4"),
        state=running(at(20)),
        ready=True,
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=c, conditions=[], active=1, start=at(1), ready=1)
    p = job_pod(job, [c], created=at(1), phase="Running", node=host, scheduled=at(2))
    pod_name = p["metadata"]["name"]
    t = at(20)
    lines: list[str] = [
        "Using default Dask client: <Client: 'tcp://127.0.0.1:36451' processes=4 threads=4, memory=9.31 GiB>",
        "BEGIN EQUILIBRIUM STEADY STATE COMPUTATION",
        "SS using initial guess r and TR: 0.0555 , 0.0834",
        "GE loop errors =  [0.0012, 0.0003, -0.0008]",
        "Steady state computation complete",
        "BEGIN EQUILIBRIUM TIME PATH COMPUTATION",
    ]
    warn = [
        "distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or "
        "the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html"
        "#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: 1.49 GiB -- Worker "
        "memory limit: 2.33 GiB",
        "distributed.worker.memory - WARNING - Worker is at 89% memory usage. Pausing worker.  Process memory: "
        "2.09 GiB -- Worker memory limit: 2.33 GiB",
        "distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or "
        "the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html"
        "#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: 1.72 GiB -- Worker "
        "memory limit: 2.33 GiB",
        "distributed.worker.memory - WARNING - Worker is at 61% memory usage. Resuming worker. Process memory: "
        "1.43 GiB -- Worker memory limit: 2.33 GiB",
    ]
    gaps: list[float] = [2.0, 30.0, 60.0, 30.0, 1.0]
    for i in range(1, 19):
        lines += [f"Iteration: {i}", *warn, f"Distance: {0.9 / (1.6**i):.6f}"]
        gaps += [3.0, 2.0, 15.0, 3.0, 20.0, 5.0, 12.0]
    lines.append("Iteration: 19")
    log = stamped(lines, t, gaps)
    elapsed = sum(gaps)
    return CaseSpec(
        id="healthy-job-dask-worker-pausing-on-unmanaged-memory",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The model's local Dask workers warn about unmanaged memory and pause at 89% of their budget, "
        "then resume; the time-path iterations keep coming and the distance keeps shrinking. Nothing was killed.",
        objects=[job, p],
        logs={f"{pod_name}/ogusa": log},
        captured=at(20 + elapsed + 30),
        title="Dask warnings during a model run that proceeds: Unmanaged memory use is high ... Worker is at 89% "
        "memory usage. Pausing worker.",
        source="https://github.com/PSLmodels/OG-USA/pull/108",
    )


# -- /dev/shm: a library that moves data through the memory file system -------------------------------


@SCENARIOS.add
def shm_exhausted_job_pandarallel_memory_fs_no_space() -> CaseSpec:
    at = Clock(datetime(2021, 1, 4, 11, 0, tzinfo=timezone.utc))
    ns, name, host = "nlp-data", "dedup-features", "pool-cpu-highmem-4"
    c = Container(
        "features",
        "registry.example.com/nlp/feature-prep:1.4.0",
        command=["python", "build_features.py", "--input", "/data/corpus.parquet", "--workers", "16"],
        resources=cpu_only("64Gi", "16"),
        mounts=[{"name": "data", "mountPath": "/data"}],
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=c,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(462)),
    )
    c.state = terminated(1, at(6), at(460))
    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Failed",
        node=host,
        scheduled=at(2),
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "nlp-corpus"}}],
    )
    pod_name = p["metadata"]["name"]
    log = text(
        "Loading /data/corpus.parquet",
        "Loaded 18,402,113 rows, 6 columns",
        "INFO: Pandarallel will run on 16 workers.",
        "INFO: Pandarallel will use Memory file system to transfer data between the main process and workers.",
        "multiprocessing.pool.RemoteTraceback: ",
        '"""',
        "Traceback (most recent call last):",
        '  File "/anaconda/lib/python3.6/multiprocessing/pool.py", line 119, in worker',
        "    result = (True, func(*args, **kwds))",
        '  File "/anaconda/lib/python3.6/multiprocessing/pool.py", line 44, in mapstar',
        "    return list(map(*args))",
        '  File "/anaconda/lib/python3.6/site-packages/pandarallel/pandarallel.py", line 64, in global_worker',
        "    return _func(x)",
        '  File "/anaconda/lib/python3.6/site-packages/pandarallel/pandarallel.py", line 120, in wrapper',
        "    pickle.dump(result, file)",
        "OSError: [Errno 28] No space left on device",
        '"""',
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "build_features.py", line 58, in <module>',
        '    df["tokens"] = df["text"].parallel_apply(tokenize)',
        '  File "/anaconda/lib/python3.6/site-packages/pandarallel/pandarallel.py", line 451, in closure',
        "    map_result,",
        '  File "/anaconda/lib/python3.6/multiprocessing/pool.py", line 644, in get',
        "    raise self._value",
        "OSError: [Errno 28] No space left on device",
    )
    return CaseSpec(
        id="shm-exhausted-job-pandarallel-memory-fs-no-space",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=pod_name,
        evidence="No space left on device",
        description="pandarallel passes each chunk to its workers through the memory file system (/dev/shm); "
        "the pod has no memory-backed /dev/shm volume, so the container's default 64M fills at once and the "
        "workers' pickle.dump fails with ENOSPC although the disks have room.",
        objects=[job, p],
        logs={f"{pod_name}/features": log},
        captured=at(600),
        title="pandarallel on a big DataFrame: OSError: [Errno 28] No space left on device in pickle.dump - works "
        "with use_memory_fs=False",
        source="https://github.com/nalepae/pandarallel/issues/127",
    )
