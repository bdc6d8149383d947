"""Fresh round 7: real public threads about Kubeflow training-operator and mpi-operator workloads (PyTorchJob, TFJob, MPIJob, XGBoostJob, PaddleJob, JAXJob): conditions, restarts, elastic jobs, replicas deleted or never created.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    MPIPlan,
    Obj,
    PodPlan,
    Scenarios,
    cpu_only,
    event,
    gpu,
    kubeflow_conditions,
    kubeflow_pod,
    kubeflow_with_pods,
    mpijob_v2,
    running,
    stamped,
    terminated,
    text,
    uid,
    waiting,
)

SCENARIOS = Scenarios()


def _created_events(job: Obj, pods: list[Obj], t: datetime, controller: str) -> list[Obj]:
    """The operator's SuccessfulCreatePod event for each pod it made."""
    return [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {p['metadata']['name']}",
            t,
            type_="Normal",
            component=controller,
        )
        for p in pods
    ]


# -- XGBoostJob ---------------------------------------------------------------------------------------

_XGB_IMAGE = "docker.io/kubeflow/xgboost-dist-iris:1.1"


def _xgb_train_lines(rank: int) -> list[str]:
    """What the iris example prints before and during training (rabit setup, then boosting rounds)."""
    lines = [
        "starting the train job",
        "starting to extract system env",
        f"extract the Rabit env from cluster : xgboost-dist-iris-test-train-master-0, port: 9999, rank: {rank}, "
        "word_size: 3",
        "##### Rabit rank setup with below envs #####",
        "DMLC_NUM_WORKER=3",
        "DMLC_TRACKER_URI=xgboost-dist-iris-test-train-master-0",
        "DMLC_TRACKER_PORT=9999",
        f"DMLC_TASK_ID={rank}",
        "start to read training data",
        "Read data from IRIS data source with table name: iris",
    ]
    for r in range(20):
        lines.append(f"[{r}]\ttrain-merror:{0.033333 - r * 0.001:.6f}")
    lines += [f"[{rank}] save global checkpoint #20", f"finish xgboost training at node with rank {rank}"]
    return lines


@SCENARIOS.add
def application_error_xgboostjob_dump_model_indexerror() -> CaseSpec:
    at = Clock(datetime(2026, 11, 2, 7, 20, tzinfo=timezone.utc))
    name, ns = "xgboost-dist-iris-test-train", "kubeflow"
    ctr = Container(
        "xgboostjob",
        _XGB_IMAGE,
        args=[
            "--job_type=Train",
            "--xgboost_parameter=objective:multi:softprob,num_class:3",
            "--n_estimators=10",
            "--learning_rate=0.1",
            "--model_path=/tmp/xgboost-model",
            "--model_storage_type=oss",
            "--oss_param=unknown",
        ],
        resources=cpu_only("2Gi", "1"),
    )
    end = 58
    master_log = stamped(
        [
            *_xgb_train_lines(0),
            "xgboost training job finished!",
            "@tracker All nodes finishes job",
            "@tracker 15.337999820709229 secs between node start and job finish",
            "finish the model training, and start to dump model",
            "Traceback (most recent call last):",
            '  File "/opt/mlkube/main.py", line 89, in <module>',
            "    main(main_args)",
            '  File "/opt/mlkube/main.py", line 35, in main',
            "    dump_model(model, model_storage_type, model_path, args)",
            '  File "/opt/mlkube/utils.py", line 140, in dump_model',
            '    oss_param = parse_parameters(args.oss_param, ",", ":")',
            '  File "/opt/mlkube/utils.py", line 295, in parse_parameters',
            "    value = conf[1]",
            "IndexError: list index out of range",
        ],
        at(38),
        [1.0] * 9 + [0.6] * 24 + [0.1] * 20,
    )
    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(37), at(end)), log=master_log),
            PodPlan(
                "worker",
                0,
                terminated(0, at(36), at(55)),
                log=stamped(_xgb_train_lines(1), at(37), 0.7),
            ),
            PodPlan(
                "worker",
                1,
                terminated(0, at(36), at(55)),
                log=stamped(_xgb_train_lines(2), at(37), 0.7),
            ),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(2), failed=("Master", at(end + 1))),
        statuses={"Master": {"failed": 1}, "Worker": {"succeeded": 2}},
        completion=at(end + 1),
    )
    events = [
        *_created_events(job, pods, at(2), "xgboostjob-controller"),
        event(
            job,
            "XGBoostJobFailed",
            f"XGBoostJob {name} is failed because 1 Master replica(s) failed.",
            at(end + 1),
            component="xgboostjob-controller",
        ),
    ]
    return CaseSpec(
        id="application-error-xgboostjob-dump-model-indexerror",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=f"{name}-master-0",
        evidence="IndexError: list index out of range",
        description="The iris example trains to the end on all three replicas, the workers complete, and the "
        "master then crashes while saving the model: --model_storage_type=oss with --oss_param=unknown, which "
        "the example's parameter parser splits on ':' and indexes past its end.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(end + 600),
        title="The XGBoostJob iris example fails after training: the master dies with 'IndexError: list index "
        "out of range' in parse_parameters while dumping the model to OSS",
        source="https://github.com/kubeflow/xgboost-operator/issues/76",
    )


@SCENARIOS.add
def rendezvous_error_xgboostjob_worker_cannot_obtain_tracker_address() -> CaseSpec:
    at = Clock(datetime(2026, 11, 3, 14, 5, tzinfo=timezone.utc))
    name, ns = "xgboostjob-iris-ci-test", "kubeflow-ci"
    ctr = Container(
        "xgboost",
        _XGB_IMAGE,
        args=["--job_type=Train", "--xgboost_parameter=objective:multi:softprob,num_class:3", "--n_estimators=10"],
        resources=cpu_only("1Gi", "1"),
    )
    worker_log = stamped(
        [
            "starting the train job",
            "starting to extract system env",
            f"extract the Rabit env from cluster : {name}-master-0, port: 9999, rank: 1, word_size: 2",
            "##### Rabit rank setup with below envs #####",
            "DMLC_NUM_WORKER=2",
            f"DMLC_TRACKER_URI={name}-master-0",
            "DMLC_TRACKER_PORT=9999",
            "DMLC_TASK_ID=1",
            f"cannot obtain address of {name}-master-0",
        ],
        at(9),
        0.05,
    )
    master_log = stamped(
        [
            "starting the train job",
            "starting to extract system env",
            f"extract the Rabit env from cluster : {name}-master-0, port: 9999, rank: 0, word_size: 2",
            "##### Rabit rank setup with below envs #####",
            "DMLC_NUM_WORKER=2",
            f"DMLC_TRACKER_URI={name}-master-0",
            "DMLC_TRACKER_PORT=9999",
            "DMLC_TASK_ID=0",
            f"start listen on {name}-master-0:9999",
        ],
        at(31),
        0.05,
    )
    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(30)), log=master_log),
            PodPlan("worker", 0, terminated(1, at(8), at(10)), log=worker_log),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(2), failed=("Worker", at(11))),
        statuses={"Master": {"active": 1}, "Worker": {"failed": 1}},
        completion=at(11),
    )
    events = [
        *_created_events(job, pods, at(2), "xgboostjob-controller"),
        event(
            job,
            "XGBoostJobFailed",
            f"XGBoostJob {name} is failed because 1 Worker replica(s) failed.",
            at(11),
            component="xgboostjob-controller",
        ),
    ]
    return CaseSpec(
        id="rendezvous-error-xgboostjob-worker-cannot-obtain-tracker-address",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=f"{name}-worker-0",
        evidence="cannot obtain address of",
        description="The worker pod started 20 s before the master, whose image was still being pulled, so the "
        "master's name did not resolve yet; the worker gives up on the Rabit tracker at once and exits 1, and "
        "with restartPolicy Never the job fails while the master is still coming up.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(11 * 60),
        title="An XGBoostJob fails when the worker starts before the master: 'cannot obtain address of "
        "...-master-0' and the worker pod stays in Error",
        source="https://github.com/kubeflow/trainer/pull/1775",
    )


# -- PyTorchJob ---------------------------------------------------------------------------------------

_ELASTIC_FRAMES = [
    '  File "/opt/conda/lib/python3.7/runpy.py", line 193, in _run_module_as_main',
    '    "__main__", mod_spec)',
    '  File "/opt/conda/lib/python3.7/runpy.py", line 85, in _run_code',
    "    exec(code, run_globals)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/run.py", line 723, in <module>',
    "    main()",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", '
    "line 345, in wrapper",
    "    return f(*args, **kwargs)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/run.py", line 719, in main',
    "    run(args)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/run.py", line 713, in run',
    "    )(*cmd_args)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/launcher/api.py", line 131, in __call__',
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/launcher/api.py", line 252, in launch_agent',
    "    result = agent.run()",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/metrics/api.py", line 125, in wrapper',
    "    result = f(*args, **kwargs)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/agent/server/api.py", line 709, in run',
    "    result = self._invoke_run(role)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/agent/server/api.py", line 837, in '
    "_invoke_run",
    "    self._initialize_workers(self._worker_group)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/metrics/api.py", line 125, in wrapper',
    "    result = f(*args, **kwargs)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/agent/server/api.py", line 678, in '
    "_initialize_workers",
    "    self._rendezvous(worker_group)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/metrics/api.py", line 125, in wrapper',
    "    result = f(*args, **kwargs)",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/agent/server/api.py", line 538, in '
    "_rendezvous",
    "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/etcd_rendezvous.py", '
    "line 152, in next_rendezvous",
    "    rdzv_version, rank, world_size = self._rdzv_impl.rendezvous_barrier()",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/etcd_rendezvous.py", '
    "line 284, in rendezvous_barrier",
    "    raise RendezvousClosedError()",
    "torch.distributed.elastic.rendezvous.api.RendezvousClosedError",
]


def _rdzv_closed_attempt(logdir: str, stamp: int) -> list[str]:
    """One start of the elastic agent against a rendezvous that is already closed, as pasted."""
    callstack = "Traceback (most recent call last):\\n" + "\\n".join(f.replace('"', '\\"') for f in _ELASTIC_FRAMES[4:])
    return [
        "WARNING:torch.distributed.run:--use_env is deprecated and will be removed in future releases.",
        f"INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: {logdir}",
        "INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python",
        "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
        "ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:{",
        '  "message": {',
        '    "message": "RendezvousClosedError: ",',
        '    "extraInfo": {',
        f'      "py_callstack": "{callstack}",',
        f'      "timestamp": "{stamp}"',
        "    }",
        "  }",
        "}",
        "Traceback (most recent call last):",
        *_ELASTIC_FRAMES,
    ]


@SCENARIOS.add
def rendezvous_error_pytorchjob_elastic_etcd_rendezvous_closed() -> CaseSpec:
    at = Clock(datetime(2026, 11, 4, 9, 0, tzinfo=timezone.utc))
    name, ns = "elastic-example-imagenet", "training"
    ctr = Container(
        "pytorch",
        "docker.io/kubeflow/pytorch-elastic-example-imagenet:latest",
        command=[
            "python",
            "-m",
            "torch.distributed.run",
            "/workspace/examples/imagenet.py",
            "--arch=resnet18",
            "--epochs=20",
            "--batch-size=32",
            "--workers=0",
            "/workspace/data/tiny-imagenet-200",
        ],
        env=[{"name": "PET_RDZV_BACKEND", "value": "etcd"}, {"name": "PET_RDZV_ENDPOINT", "value": "etcd:2379"}],
        resources={"requests": {"cpu": "4"}},
    )
    deleted = 1800
    # worker-0 survived the deletion of worker-1 but its agent could not re-join: restarted 5 times since.
    restarts_0, restarts_1 = 5, 5
    first_fail_0 = deleted + 12
    first_fail_1 = deleted + 16
    last_0 = deleted + 1500
    last_1 = deleted + 1520
    prev_0 = stamped(_rdzv_closed_attempt("/tmp/torchelastic_pnz8n4_3/none_b_ggbxiq", 1762248000), at(last_0 - 6), 0.01)
    prev_1 = stamped(_rdzv_closed_attempt("/tmp/torchelastic_0w7c9r1k/none_x5r2m1ud", 1762248020), at(last_1 - 6), 0.01)
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan(
                "worker",
                0,
                waiting("CrashLoopBackOff", f"back-off 5m0s restarting failed container=pytorch pod={name}-worker-0"),
                last=terminated(1, at(last_0 - 7), at(last_0)),
                restarts=restarts_0,
                previous_log=prev_0,
                phase="Running",
            ),
            PodPlan(
                "worker",
                1,
                waiting("CrashLoopBackOff", f"back-off 5m0s restarting failed container=pytorch pod={name}-worker-1"),
                last=terminated(1, at(last_1 - 7), at(last_1)),
                restarts=restarts_1,
                previous_log=prev_1,
                phase="Running",
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(2)),
        statuses={"Worker": {"active": 2}},
    )
    job["spec"]["elasticPolicy"] = {
        "rdzvBackend": "etcd",
        "rdzvHost": "etcd",
        "rdzvPort": 2379,
        "minReplicas": 2,
        "maxReplicas": 3,
        "maxRestarts": 100,
    }
    # worker-1 is the pod the operator recreated after the old one was deleted by hand.
    old = pods[1]
    c1 = Container(
        "pytorch",
        ctr.image,
        command=ctr.command,
        env=ctr.env,
        resources=ctr.resources,
        state=waiting("CrashLoopBackOff", f"back-off 5m0s restarting failed container=pytorch pod={name}-worker-1"),
        last=terminated(1, at(last_1 - 7), at(last_1)),
        restarts=restarts_1,
    )
    w1 = kubeflow_pod(
        job,
        "worker",
        1,
        [c1],
        created=at(deleted + 2),
        scheduled=at(deleted + 3),
        phase="Running",
        node=old["spec"]["nodeName"],
        restart_policy="OnFailure",
    )
    pods[1] = w1
    former = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": f"{name}-worker-1", "namespace": ns, "uid": uid(ns, "pod", f"{name}-worker-1", "deleted")},
    }
    node0 = pods[0]["spec"]["nodeName"]
    node1 = w1["spec"]["nodeName"]
    events = [
        *_created_events(job, pods, at(2), "pytorchjob-controller"),
        event(former, "Killing", "Stopping container pytorch", at(deleted), type_="Normal", host=node1),
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {name}-worker-1",
            at(deleted + 2),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            pods[0],
            "BackOff",
            f"Back-off restarting failed container pytorch in pod {name}-worker-0_{ns}({pods[0]['metadata']['uid']})",
            at(first_fail_0 + 10),
            last=at(last_0 + 20),
            count=24,
            host=node0,
        ),
        event(
            w1,
            "BackOff",
            f"Back-off restarting failed container pytorch in pod {name}-worker-1_{ns}({w1['metadata']['uid']})",
            at(first_fail_1 + 10),
            last=at(last_1 + 20),
            count=23,
            host=node1,
        ),
    ]
    return CaseSpec(
        id="rendezvous-error-pytorchjob-elastic-etcd-rendezvous-closed",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="RendezvousClosedError",
        description="An elastic PyTorchJob with the etcd rendezvous backend: one worker pod was deleted by hand "
        "half an hour ago, its agent closed the rendezvous on SIGTERM, and from then on every agent - the "
        "surviving worker and the recreated one - fails at once with RendezvousClosedError, exits 1 and is "
        "restarted, over and over. The job can never re-form under the same run id.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(last_1 + 200),
        title="Deleting one pod of an elastic PyTorchJob (etcd backend) makes every pod fail with "
        "RendezvousClosedError and crash-loop",
        source="https://github.com/kubeflow/trainer/issues/1638",
    )


@SCENARIOS.add
def healthy_pytorchjob_worker_crashed_before_master_up() -> CaseSpec:
    at = Clock(datetime(2019, 1, 11, 5, 42, 50, tzinfo=timezone.utc))
    name, ns = "optimizer", "default"
    ctr = Container(
        "pytorch",
        "registry.example/rl/optimizer:0.4.2",
        command=["python", "optimizer.py"],
        env=[{"name": "PYTHONUNBUFFERED", "value": "1"}],
        resources=gpu(1, "24Gi", "6"),
    )
    failed = text(
        "2019-01-11 05:43:30,310 INFO     main(rmq_host=rmq.default.svc.cluster.local, rmq_port=5672, batch_size=12)",
        "2019-01-11 05:43:30,310 INFO     init_distribution",
        "Traceback (most recent call last):",
        '  File "optimizer.py", line 459, in <module>',
        "    pretrained_model=args.pretrained_model,",
        '  File "optimizer.py", line 422, in main',
        "    init_distribution()",
        '  File "optimizer.py", line 413, in init_distribution',
        "    torch.distributed.init_process_group(backend=backend)",
        '  File "/root/.local/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py", line 354, in '
        "init_process_group",
        "    store, rank, world_size = next(rendezvous(url))",
        '  File "/root/.local/lib/python3.7/site-packages/torch/distributed/rendezvous.py", line 143, in '
        "_env_rendezvous_handler",
        "    store = TCPStore(master_addr, master_port, start_daemon)",
        "ValueError: host not found: Name or service not known",
    )

    def steps(first: int, t0: datetime, n: int, who: str) -> str:
        out = []
        for i in range(n):
            t = t0 + timedelta(seconds=30 * i)
            stamp = t.strftime("%Y-%m-%d %H:%M:%S") + f",{(i * 137) % 1000:03d}"
            out.append(
                f"{stamp} INFO     {who} step={first + i * 10} policy_loss={0.412 - i * 0.001:.4f} "
                f"value_loss={1.93 - i * 0.004:.3f} rollouts_consumed={(first + i * 10) * 12}"
            )
        return text(*out)

    def head(t: datetime) -> list[str]:
        stamp = t.strftime("%Y-%m-%d %H:%M:%S")
        return [
            f"{stamp},102 INFO     main(rmq_host=rmq.default.svc.cluster.local, rmq_port=5672, batch_size=12)",
            f"{stamp},102 INFO     init_distribution",
            f"{stamp},977 INFO     process group ready: rank={{}} world_size=2",
        ]

    up = 61  # the worker's third container, started after the master's name resolved
    start_m = 50
    master_lines = [h.replace("{}", "0") for h in head(at(start_m + 1))]
    worker_lines = [h.replace("{}", "1") for h in head(at(up + 1))]
    n = 78
    master_log = text(*master_lines) + steps(0, at(up + 30), n, "optimizer")
    worker_log = text(*worker_lines) + steps(0, at(up + 30), n, "optimizer")
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan("master", 0, running(at(start_m)), log=master_log),
            PodPlan(
                "worker",
                0,
                running(at(up)),
                last=terminated(1, at(39), at(41)),
                restarts=2,
                log=worker_log,
                previous_log=failed,
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(2)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    # The logs carry their own clock (kubectl logs without --timestamps), as pasted.
    node_w = pods[1]["spec"]["nodeName"]
    events = [
        *_created_events(job, pods, at(2), "pytorchjob-controller"),
        event(
            pods[1],
            "BackOff",
            f"Back-off restarting failed container pytorch in pod {name}-worker-0_{ns}({pods[1]['metadata']['uid']})",
            at(16),
            last=at(41),
            count=2,
            host=node_w,
        ),
        event(
            pods[0],
            "Pulled",
            'Successfully pulled image "registry.example/rl/optimizer:0.4.2" in 1m14.2s',
            at(48),
            type_="Normal",
            host=pods[0]["spec"]["nodeName"],
        ),
    ]
    return CaseSpec(
        id="healthy-pytorchjob-worker-crashed-before-master-up",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The worker pod started while the master's image was still being pulled; its first two "
        "containers failed at once with 'ValueError: host not found' for the master's address and were "
        "restarted (restartPolicy OnFailure). Once the master ran, the third container joined and both ranks "
        "have trained for 40 minutes. The crash in the previous log is history.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(up + 30 + 30 * n + 20),
        title="PyTorch workers crash with 'ValueError: host not found: Name or service not known' until the "
        "master pod is up, and then things run fine",
        source="https://github.com/kubeflow/pytorch-operator/issues/125",
    )


# -- MPIJob -------------------------------------------------------------------------------------------

_ORTE_UNABLE = [
    "--------------------------------------------------------------------------",
    "ORTE was unable to reliably start one or more daemons.",
    "This usually is caused by:",
    "",
    "* not finding the required libraries and/or binaries on",
    "  one or more nodes. Please check your PATH and LD_LIBRARY_PATH",
    "  settings, or configure OMPI with --enable-orterun-prefix-by-default",
    "",
    "* lack of authority to execute on one or more specified nodes.",
    "  Please verify your allocation and authorities.",
    "",
    "* the inability to write startup files into /tmp (--tmpdir/orte_tmpdir_base).",
    "  Please check with your sys admin to determine the correct location to use.",
    "",
    "*  compilation of the orted with dynamic libraries when static are required",
    "  (e.g., on Cray). Please check your configure cmd line and consider using",
    "  one of the contrib/platform definitions for your system type.",
    "",
    "* an inability to create a connection back to mpirun due to a",
    "  lack of common network interfaces and/or no route found between",
    "  them. Please check network connectivity (including firewalls",
    "  and network routing requirements).",
    "--------------------------------------------------------------------------",
]


@SCENARIOS.add
def unschedulable_mpijob_launcher_ssh_unresolved_workers_pending() -> CaseSpec:
    at = Clock(datetime(2026, 11, 5, 16, 0, tzinfo=timezone.utc))
    name, ns = "nccl-tests", "default"
    image = "ghcr.io/example/nccl-tests:12.4.1-devel-ubuntu22.04"
    cmd = ["mpirun", "-np", "16", "-x", "LD_LIBRARY_PATH", "-bind-to", "none", "/opt/nccl-tests/build/all_reduce_perf"]
    launcher_log = stamped(
        [
            "+ export NCCL_DEBUG=INFO",
            "+ NCCL_DEBUG=INFO",
            "+ mpirun -np 16 -x LD_LIBRARY_PATH -bind-to none /opt/nccl-tests/build/all_reduce_perf -b 8 -e 8G -f 2 "
            "-g 1",
            f"ssh: Could not resolve hostname {name}-worker-0.{name}.{ns}.svc: Name or service not known",
            f"ssh: Could not resolve hostname {name}-worker-1.{name}.{ns}.svc: Name or service not known",
            *_ORTE_UNABLE,
        ],
        at(42),
        0.05,
    )
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        launcher_cmd=cmd,
        workers=2,
        slots=8,
        plan=MPIPlan(launcher_state=terminated(1, at(41), at(44)), launcher_log=launcher_log),
        worker_resources=gpu(8, "1600Gi", "90"),
    )
    msg = (
        "0/6 nodes are available: 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
        "4 Insufficient nvidia.com/gpu. preemption: 0/6 nodes are available: 2 Preemption is not helpful for "
        "scheduling, 4 No preemption victims found for incoming pod."
    )
    out: list[Obj] = []
    workers: list[Obj] = []
    job = objects[0]
    for o in objects:
        if o.get("kind") == "Pod" and o["metadata"]["labels"].get("training.kubeflow.org/replica-type") == "worker":
            idx = int(o["metadata"]["labels"]["training.kubeflow.org/replica-index"])
            c = Container("worker", image, command=["/usr/sbin/sshd", "-De"], resources=gpu(8, "1600Gi", "90"))
            w = kubeflow_pod(
                job,
                "worker",
                idx,
                [c],
                created=at(2),
                phase="Pending",
                unschedulable=msg,
                operator="mpi-operator",
                extra_labels={"training.kubeflow.org/job-role": "worker"},
                restart_policy="OnFailure",
            )
            workers.append(w)
            out.append(w)
        else:
            out.append(o)
    job["status"]["replicaStatuses"]["Worker"] = {}
    sched = [
        event(
            w,
            "FailedScheduling",
            msg,
            at(3),
            last=at(1500),
            count=31,
            component="default-scheduler",
        )
        for w in workers
    ]
    return CaseSpec(
        id="unschedulable-mpijob-launcher-ssh-unresolved-workers-pending",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[w["metadata"]["name"] for w in workers],
        evidence="Insufficient nvidia.com/gpu",
        description="mpi-operator creates the launcher together with the workers. No node has 8 free GPUs, so "
        "both worker pods stay Pending and their headless-service names never resolve; the launcher's mpirun "
        "fails at once with 'ssh: Could not resolve hostname' and ORTE's generic daemon message, and the MPIJob "
        "is Failed while its workers still wait for GPUs.",
        objects=[*out, *sched],
        logs=logs,
        captured=at(1560),
        title="An MPIJob's launcher fails because its workers are not running yet - they wait for resources - "
        "and mpirun cannot resolve their hostnames",
        source="https://github.com/kubeflow/mpi-operator/issues/482",
    )


@SCENARIOS.add
def healthy_mpijob_launcher_retries_until_workers_resolve() -> CaseSpec:
    at = Clock(datetime(2026, 11, 6, 11, 0, tzinfo=timezone.utc))
    name, ns = "nccl-tests", "default"
    image = "ghcr.io/example/nccl-tests:12.4.1-devel-ubuntu22.04"
    retry = [
        "+ sleep 5",
        "+ mpirun -np 16 -x LD_LIBRARY_PATH -bind-to none /usr/bin/nvidia-smi",
        f"ssh: Could not resolve hostname {name}-worker-0.{name}.{ns}.svc: Name or service not known",
        f"ssh: Could not resolve hostname {name}-worker-1.{name}.{ns}.svc: Name or service not known",
        *_ORTE_UNABLE,
    ]
    sizes = [8 * 2**i for i in range(31)]
    perf = []
    for i, size in enumerate(sizes):
        algbw = min(0.01 * 2 ** (i / 1.6), 182.4)
        perf.append(
            f"{size:>12}{size // 4:>14}     float     sum      -1  {30 + i * 9.1:>7.1f}  {algbw:6.2f}  "
            f"{algbw * 1.875:6.2f}      0  {29 + i * 9.0:>7.1f}  {algbw:6.2f}  {algbw * 1.875:6.2f}      0"
        )
    first = [
        "+ export NCCL_DEBUG=INFO",
        "+ NCCL_DEBUG=INFO",
        "+ mpirun -np 16 -x LD_LIBRARY_PATH -bind-to none /usr/bin/nvidia-smi",
        f"ssh: Could not resolve hostname {name}-worker-0.{name}.{ns}.svc: Name or service not known",
        f"ssh: Could not resolve hostname {name}-worker-1.{name}.{ns}.svc: Name or service not known",
        *_ORTE_UNABLE,
    ]
    ok = [
        "+ sleep 5",
        "+ mpirun -np 16 -x LD_LIBRARY_PATH -bind-to none /usr/bin/nvidia-smi",
        f"Warning: Permanently added '{name}-worker-0.{name}.{ns}.svc' (ED25519) to the list of known hosts.",
        f"Warning: Permanently added '{name}-worker-1.{name}.{ns}.svc' (ED25519) to the list of known hosts.",
        *[f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-5a1c{g}e2f-0c1d-4b8e-9a3f-2e7d1c0b{g}a44)" for g in range(8)],
        *[f"GPU {g}: NVIDIA H100 80GB HBM3 (UUID: GPU-9b7e{g}a10-4d2c-4f61-8e0a-6c3b2d1f{g}c19)" for g in range(8)],
        "+ mpirun -np 16 -x LD_LIBRARY_PATH -x NCCL_DEBUG -bind-to none /opt/nccl-tests/build/all_reduce_perf "
        "-b 8 -e 8G -f 2 -g 1",
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 "
        "agg iters: 1 validation: 1 graph: 0",
        "#",
        "# Using devices",
        *[
            f"#  Rank {r:2d} Group  0 Pid {1200 + r:6d} on {name}-worker-{r // 8} device  {r % 8} "
            f"[0x{(r % 8) * 16 + 24:02x}] NVIDIA H100 80GB HBM3"
            for r in range(16)
        ],
        f"{name}-worker-0:1200:1200 [0] NCCL INFO Bootstrap : Using eth0:10.244.3.17<0>",
        f"{name}-worker-0:1200:1200 [0] NCCL INFO NET/IB : Using [0]mlx5_ib0:1/IB [1]mlx5_ib1:1/IB ; "
        "OOB eth0:10.244.3.17<0>",
        f"{name}-worker-0:1200:1200 [0] NCCL INFO Using network IB",
        "NCCL version 2.21.5+cuda12.4",
        "#",
        "#                                                              out-of-place                       in-place",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   "
        "busbw #wrong",
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)",
    ]
    t = 34.0
    launcher_log = stamped(first, at(t), 0.02)
    for _ in range(2):
        t += 6
        launcher_log += stamped(retry, at(t), 0.02)
    t += 6
    launcher_log += stamped(ok, at(t), 0.05)
    t += 0.05 * len(ok) + 2
    launcher_log += stamped(perf, at(t), 2.5)
    t += 2.5 * len(perf)
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        launcher_cmd=[
            "/bin/bash",
            "-c",
            "until mpirun -np 16 -x LD_LIBRARY_PATH -bind-to none /usr/bin/nvidia-smi; do sleep 5; done; "
            "mpirun -np 16 -x LD_LIBRARY_PATH -x NCCL_DEBUG -bind-to none /opt/nccl-tests/build/all_reduce_perf "
            "-b 8 -e 8G -f 2 -g 1",
        ],
        workers=2,
        slots=8,
        plan=MPIPlan(launcher_state=running(at(33))),
        worker_resources=gpu(8, "1600Gi", "90"),
    )
    logs[f"{launcher}/launcher"] = launcher_log
    return CaseSpec(
        id="healthy-mpijob-launcher-retries-until-workers-resolve",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The launcher's script retries a trivial mpirun every 5 s until the workers' names resolve; "
        "the first attempts fail with 'ssh: Could not resolve hostname' and ORTE's message while the worker pods "
        "start, then nvidia-smi answers on both workers and all_reduce_perf is running through its sizes.",
        objects=objects,
        logs=logs,
        captured=at(t + 20),
        title="Using an MPIJob to test RDMA: the launcher's first mpirun attempts fail with 'ssh: Could not "
        "resolve hostname ...worker-0...' before the workers are up, then the test runs",
        source="https://github.com/Azure/aks-rdma-infiniband/issues/30",
    )
