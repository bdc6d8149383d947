"""Cases built from real public failure reports - ranks that talk to each other: NCCL and its
transports, rendezvous and coordinators (torchrun's c10d store, JAX's coordination service),
hung jobs, jobs stopped from outside and jobs that ran out of their configured time.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. What the
thread did not show (the pods, their states, the events, start-up lines before the failure)
is what Kubernetes and the tools write in that situation.
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
    backoff_conditions,
    batch_job,
    cpu_only,
    event,
    gpu,
    job_pod,
    metav1_condition,
    mpijob_v2,
    object_meta,
    owner_ref,
    pod,
    pod_group,
    running,
    stamped,
    terminated,
    text,
    ts,
    uid,
    volcano_job,
    volcano_pod,
    waiting,
)
from tests.cases.logtext import torchrun_start
from tests.cases.scenarios_ecosystems import _kuberay, _submitter
from tests.cases.scenarios_real_platform import _http_probe, _rs_pod
from tests.cases.scenarios_real_training import _fresh_job, _kubeflow_case, _py_traceback

SCENARIOS = Scenarios()

# -- batch 1 ---------------------------------------------------------------------------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_c10d_client_socket_timed_out() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 10, 0, tzinfo=timezone.utc))
    name, ns = "mnist-elastic", "dist-lab"
    endpoint = "10.42.7.19"

    def launcher_log(start: float) -> str:
        lines = [
            "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
            "  entrypoint       : launch_mnist.py",
            "  min_nodes        : 2",
            "  max_nodes        : 2",
            "  nproc_per_node   : 1",
            "  run_id           : ID1",
            "  rdzv_backend     : c10d",
            f"  rdzv_endpoint    : {endpoint}:2222",
            "  rdzv_configs     : {'timeout': 900}",
            "  max_restarts     : 0",
            "  monitor_interval : 5",
            "  log_dir          : None",
            "  metrics_cfg      : {}",
            "",
            f"[E socket.cpp:793] [c10d] The client socket has timed out after 60s while trying to connect to "
            f"({endpoint}, 2222).",
            "ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:{",
            '  "message": {',
            '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner '
            'exception for details.",',
            '    "extraInfo": {',
            '      "py_callstack": "Traceback (most recent call last):\\n  File \\"/usr/local/lib/python3.7/'
            'site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\\", line 156, in '
            "_create_tcp_store\\n    host, port, is_master=is_server, timeout=timedelta(seconds=read_timeout)\\n"
            f"TimeoutError: The client socket has timed out after 60s while trying to connect to ({endpoint}, "
            '2222).\\n",',
            '      "timestamp": "1655110234"',
            "    }",
            "  }",
            "}",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/'
            'c10d_rendezvous_backend.py", line 156, in _create_tcp_store',
            "    host, port, is_master=is_server, timeout=timedelta(seconds=read_timeout)",
            f"TimeoutError: The client socket has timed out after 60s while trying to connect to ({endpoint}, 2222).",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.7/runpy.py", line 193, in _run_module_as_main',
            '    "__main__", mod_spec)',
            '  File "/usr/local/lib/python3.7/site-packages/torch/distributed/run.py", line 723, in <module>',
            "    main()",
            '  File "/usr/local/lib/python3.7/site-packages/torch/distributed/launcher/api.py", line 236, in '
            "launch_agent",
            "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
            '  File "/usr/local/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/'
            'c10d_rendezvous_backend.py", line 158, in _create_tcp_store',
            "    raise RendezvousConnectionError(",
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store "
            "has failed. See inner exception for details.",
        ]
        gaps = [0.1] * 14 + [60.0] + [0.01] * 40
        return stamped(lines, at(start), gaps)

    plans = [PodPlan("worker", i, terminated(1, at(20 + i), at(83 + i)), log=launcher_log(21 + i)) for i in range(2)]
    return _kubeflow_case(
        id="rendezvous-error-pytorchjob-c10d-client-socket-timed-out",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/dl/pytorch-mnist:1.11-cuda11.3",
        command=[
            "python",
            "-m",
            "torch.distributed.run",
            "--nproc_per_node=1",
            "--nnodes=2",
            "--rdzv_id=ID1",
            "--rdzv_backend=c10d",
            f"--rdzv_endpoint={endpoint}:2222",
            "launch_mnist.py",
        ],
        resources=gpu(1, "16Gi", "4"),
        plans=plans,
        category="rendezvous-error",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="The connection to the C10d store has failed",
        description="Both nodes of an elastic torchrun job point --rdzv_endpoint at an address neither can reach: "
        "each agent's TCP client times out after 60 s and the launcher fails with RendezvousConnectionError "
        "before any worker starts. The ranks never met.",
        title="Init connect timeout with torch.distributed.run: the client socket has timed out after 60s "
        "trying to connect to the c10d rendezvous endpoint, RendezvousConnectionError",
        source="https://github.com/pytorch/pytorch/issues/79388",
        captured=400,
        failed=("Worker", 85),
    )


@SCENARIOS.add
def rendezvous_error_jaxjob_register_task_deadline_exceeded() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 23, 0, tzinfo=timezone.utc))
    name, ns = "pax-lm-1024", "jax-scale"

    def worker_log(i: int) -> str:
        lines = [
            f"I0412 23:29:40.{110000 + i:06d} 140238 distributed.py:89] Connecting to JAX distributed service on "
            f"{name}-worker-0:1234",
            *_py_traceback(
                [
                    ("/usr/local/lib/python3.10/dist-packages/paxml/main.py", 541, "<module>", "app.run(main)"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/paxml/main.py",
                        464,
                        "main",
                        "jax.distributed.initialize(FLAGS.jax_distributed_coordinator_address)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/jax/_src/distributed.py",
                        101,
                        "initialize",
                        "self.client.connect()",
                    ),
                ],
                "jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded",
            ),
            "Additional GRPC error information from remote target unknown_target_for_coordination_leader while "
            "calling /tensorflow.CoordinationService/RegisterTask:",
            ':{"created":"@1712965181.656280441","description":"Deadline Exceeded","file":"external/com_github_grpc_'
            'grpc/src/core/ext/filters/deadline/deadline_filter.cc","file_line":69,"grpc_status":4}',
            "2024-04-12 23:39:41.656900: E external/xla/xla/pjrt/distributed/client.cc:96] Coordination service "
            "agent in error status: DEADLINE_EXCEEDED: Deadline Exceeded",
        ]
        return stamped(lines, at(40 + i), [600.0] + [0.01] * 20)

    plans = [PodPlan("worker", i, terminated(1, at(38 + i), at(642 + i)), log=worker_log(i)) for i in range(4)]
    return _kubeflow_case(
        id="rendezvous-error-jaxjob-register-task-deadline-exceeded",
        kind="JAXJob",
        name=name,
        ns=ns,
        at=at,
        image="ghcr.io/nvidia/pax:nightly-2024-04-10",
        command=["python", "-m", "paxml.main", "--fdl_config=paxml.contrib.gpu.scripts_gpu.configs.GPT175B"],
        resources=gpu(8, "1000Gi", "96"),
        plans=plans,
        category="rendezvous-error",
        culprit=[f"{name}-worker-{i}" for i in range(4)],
        evidence="Coordination service agent in error status: DEADLINE_EXCEEDED",
        description="A very large JAX (Pax) job: the processes call jax.distributed.initialize, and the RegisterTask "
        "call to the coordination service times out - not every task registered with the coordinator in "
        "time, so the processes never formed the cluster.",
        title="DEADLINE_EXCEEDED on 1024 GPUs: Coordination service agent in error status while calling "
        "CoordinationService/RegisterTask",
        source="https://github.com/google/paxml/issues/77",
        captured=900,
        failed=("Worker", 645),
    )


@SCENARIOS.add
def rendezvous_error_job_maxtext_cluster_registration_failed() -> CaseSpec:
    lines = [
        "I0220 18:02:11.418231 139872 max_utils.py:212] Attempting to initialize the jax distributed system...",
        "Stopping coordination service as cluster registration failed. This may be due to 1) some tasks crashed "
        "earlier before connecting, 2) some tasks were never scheduled, or 3) scheduling delays. Consider setting "
        "a longer initialization timeout if such delays are expected, the timeout is currently set to: 1h.",
        "",
        "Original error: DEADLINE_EXCEEDED: Barrier timed out. Id: [Init]Wait_for_all_tasks_to_register::0. This "
        "usually happens because a task triggered the barrier too early or too slowly. Please look at the task "
        "logs (both timed out and first task) to debug further.",
    ]
    return _fresh_job(
        id="rendezvous-error-job-maxtext-cluster-registration-failed",
        day=9,
        name="maxtext-llama2-7b-32n",
        ns="llm-bench",
        image="registry.corp.example/maxtext/maxtext:jax0.4.38-cuda12",
        command=["python3", "MaxText/train.py", "MaxText/configs/base.yml", "model_name=llama2-7b"],
        resources=gpu(8, "1200Gi", "200"),
        lines=lines,
        category="rendezvous-error",
        evidence="Stopping coordination service as cluster registration failed",
        description="A 32-node MaxText job on GPUs: the coordinator waits an hour for every process to register "
        "with the JAX coordination service, then gives up - the barrier for all tasks to register timed "
        "out, so the processes never formed a cluster.",
        title="MaxText llama2-7b on 32 nodes: Stopping coordination service as cluster registration failed - "
        "DEADLINE_EXCEEDED: Barrier timed out. Id: [Init]Wait_for_all_tasks_to_register",
        source="https://github.com/AI-Hypercomputer/gpu-recipes/issues/2",
        every=900,
    )


@SCENARIOS.add
def nccl_error_job_deepspeed_ib_completion_remote_error() -> CaseSpec:
    h = "ds-node-0:34610:36821 [4]"
    frames = "\n".join(
        [
            "frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, "
            "std::allocator<char> >) + 0x98 (0x7fad0a5e2cc8 in /usr/local/lib/python3.10/dist-packages/torch/lib/"
            "libc10.so)",
            "frame #1: <unknown function> + 0x10b0a0e (0x7fad0b6ffa0e in /usr/local/lib/python3.10/dist-packages/"
            "torch/lib/libtorch_cuda.so)",
        ]
    )
    lines = [
        "[2024-12-29 16:40:02,118] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m deepspeed.launcher.launch "
        "--world_info=eyJub2RlLTAiOiBbMF19 --node_rank=0 --master_addr=10.0.1.22 --master_port=29500 train.py "
        "--deepspeed ds_config.json",
        "[2024-12-29 16:41:13,402] [INFO] [logging.py:128:log_dist] [Rank 0] step=10, skipped=0, lr=[1.9e-05], "
        "mom=[(0.9, 0.999)]",
        f"{h} ib_plugin.c:1673 NCCL WARN NET/IB: Got completion from peer 10.0.1.23<34696> with status=5 opcode=0 "
        "len=0 vendor err 249 (Recv) hca ibp152s0",
        f"{h} NCCL INFO transport/net.cc:1314 -> 6",
        f"{h} NCCL INFO proxy.cc:638 -> 6",
        f"{h} NCCL INFO proxy.cc:819 -> 6 [Progress Thread]",
        "[rank4]:[E1229 16:47:25.333820755 ProcessGroupNCCL.cpp:541] [Rank 4] found async exception when checking "
        "for NCCL errors: NCCL error: remote process exited or there was a network error, NCCL version 2.22.3",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        "NET/IB: Got completion from peer 10.0.1.23<34696> with status=5 opcode=0 len=0 vendor err 249 (Recv) hca "
        "ibp152s0",
        "Exception raised from checkForNCCLErrorsInternal at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/"
        "ProcessGroupNCCL.cpp:1954 (most recent call first):",
        *frames.split("\n"),
    ]
    return _fresh_job(
        id="nccl-error-job-deepspeed-ib-completion-remote-error",
        day=10,
        name="ds-sft-2node",
        ns="llm-sft",
        image="nvcr.io/nvidia/pytorch:24.10-py3",
        command=["deepspeed", "--hostfile", "/job/hostfile", "train.py", "--deepspeed", "ds_config.json"],
        resources=gpu(8, "960Gi", "96"),
        lines=lines,
        category="nccl-error",
        evidence="NET/IB: Got completion from peer 10.0.1.23<34696> with status=5",
        description="Two-node DeepSpeed training in containers: after a few steps NCCL's InfiniBand transport gets "
        "a failed work completion from the other node's HCA, and the process group reports ncclRemoteError "
        "(a network error or a remote process exiting). No rank reported another error first.",
        title="Multi-node DeepSpeed in Docker: NCCL WARN NET/IB: Got completion from peer with status=5 ... "
        "vendor err 249, ncclRemoteError: remote process exited or there was a network error",
        source="https://github.com/deepspeedai/DeepSpeed/issues/6875",
        every=30,
    )


@SCENARIOS.add
def nccl_error_pytorchjob_nemo_internal_error_net_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 9, 0, tzinfo=timezone.utc))
    name, ns = "nemo-llama-2node", "nemo-runs"

    def rank_log(role: str, start: float) -> str:
        host = f"{name}-{role}-0"
        lines = [
            *torchrun_start(at(start)),
            "[NeMo I 2025-06-09 10:12:31 nemo_logging:393] Experiments will be logged at /nemo_run/checkpoints",
            f"{host}:212:420 [0] graph/search.cc:1135 NCCL WARN Could not find a path for pattern 1, falling back to "
            "simple order",
            f"{host}:212:420 [0] graph/topo.h:230 NCCL WARN Could not find NET with id 0",
            *_py_traceback(
                [
                    ("/opt/NeMo/nemo/collections/llm/api.py", 107, "train", "trainer.fit(model, data)"),
                    (
                        "/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py",
                        4551,
                        "barrier",
                        "work = group.barrier(opts=opts)",
                    ),
                ],
                "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/"
                "ProcessGroupNCCL.cpp:3376, internal error - please report this issue to the NCCL developers, NCCL "
                "version 2.25.1",
            ),
        ]
        return stamped(lines, at(start), 0.5)

    plans = [
        PodPlan("master", 0, terminated(1, at(25), at(64)), log=rank_log("master", 30)),
        PodPlan("worker", 0, terminated(1, at(25), at(64)), log=rank_log("worker", 30)),
    ]
    return _kubeflow_case(
        id="nccl-error-pytorchjob-nemo-internal-error-net-not-found",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/nemo:25.04",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "/nemo_run/code/pretrain.py"],
        resources=gpu(8, "1000Gi", "96"),
        plans=plans,
        category="nccl-error",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="internal error - please report this issue to the NCCL developers",
        description="NeMo pretraining on two nodes: single-node runs work, but across nodes NCCL cannot find a "
        "network device for its topology (Could not find NET with id 0) and the first collective fails with an "
        "NCCL internal error on both nodes.",
        title="NCCL error when running NeMo training multi node: Could not find NET with id 0, then "
        "DistBackendError: internal error - please report this issue to the NCCL developers",
        source="https://github.com/NVIDIA-NeMo/Run/issues/266",
        captured=400,
        failed=("Master", 66),
    )


@SCENARIOS.add
def stalled_mpijob_torchpack_training_stuck_no_error() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 6, 0, tzinfo=timezone.utc))
    name, ns = "spvcnn-kitti", "lidar-seg"
    losses = [0.512, 0.365, 0.365, 0.493, 0.493, 0.582, 0.582, 0.0939, 0.0939, 0.291, 0.291, 0.225, 0.225]
    steps = [251, 252, 253, 253, 254, 254, 255, 255, 256, 256, 257, 257, 258]
    rates = [
        "2:21:57,  1.66s/it",
        "2:21:57,  1.66s/it",
        "2:17:34,  1.60s/it",
        "2:17:34,  1.60s/it",
        "2:22:29,  1.66s/it",
        "2:22:29,  1.66s/it",
        "2:20:24,  1.64s/it",
        "2:20:24,  1.64s/it",
        "2:19:29,  1.63s/it",
        "2:19:29,  1.63s/it",
        "2:14:54,  1.57s/it",
        "2:14:54,  1.57s/it",
        "2:15:47,  1.59s/it",
    ]
    early = [
        f"[loss] = {1.2 - i * 0.003:.3g}:   {i * 100 // 5398}% {i}/5398 [{i * 1.65 // 60:02.0f}:"
        f"{i * 1.65 % 60:02.0f}<2:2{i % 10}:0{i % 7},  1.6{i % 9}s/it]"
        for i in range(1, 251)
    ]
    tail = [
        f"[loss] = {loss}:   5% {step}/5398 [07:{5 + k // 2:02d}<{rate}]"
        for k, (loss, step, rate) in enumerate(zip(losses, steps, rates, strict=True))
    ]
    log = stamped(["[2026-09-04 06:01:02.118] Epoch 1/15 started.", *early, *tail], at(62), 1.65)
    last = at(62 + 1.65 * (len(early) + len(tail)))  # the last line is printed at last - 1.65 s
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/lidar/spvnas:torchpack-0.3",
        launcher_cmd=["torchpack", "dist-run", "-np", "4", "python", "train.py", "configs/semantic_kitti/cr0p5.yaml"],
        workers=1,
        slots=4,
        plan=MPIPlan(launcher_state=running(at(60)), launcher_log=log),
        worker_resources=gpu(4, "128Gi", "32"),
    )
    return CaseSpec(
        id="stalled-mpijob-torchpack-training-stuck-no-error",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=None,
        evidence="06:08:15",
        description="Four-GPU training launched with torchpack (mpirun) prints a progress line every 1.6 s, then "
        "stops at step 258 of 5398 with no error and no further output for hours while the pods keep running.",
        objects=objects,
        logs=logs,
        captured=last + timedelta(hours=3),
        title="Distributed training gets stuck after a few hundred steps: no errors, just stuck",
        source="https://github.com/mit-han-lab/spvnas/issues/5",
    )


@SCENARIOS.add
def deadline_exceeded_pod_argo_template_active_deadline() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 12, 34, 30, tzinfo=timezone.utc))
    ns = "argo"
    wf_name = "timeouts-cftlp"
    name = wf_name
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "name": wf_name,
            "namespace": ns,
            "uid": uid(ns, "Workflow", wf_name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "81244",
            "generateName": "timeouts-",
        },
        "spec": {
            "entrypoint": "sleep",
            "templates": [
                {
                    "name": "sleep",
                    "activeDeadlineSeconds": 10,
                    "container": {
                        "image": "alpine:latest",
                        "command": ["sh", "-c"],
                        "args": ["echo sleeping for 1m; sleep 60; echo done"],
                    },
                }
            ],
        },
        "status": {
            "phase": "Failed",
            "message": "Pod was active on the node longer than the specified deadline",
            "startedAt": ts(at(0)),
            "finishedAt": ts(at(19)),
        },
    }
    main = Container(
        "main",
        "alpine:latest",
        command=["sh", "-c"],
        args=["echo sleeping for 1m; sleep 60; echo done"],
        state=terminated(137, at(7), at(17)),
    )
    wait = Container(
        "wait",
        "argoproj/argoexec:v2.2.0",
        command=["argoexec", "wait"],
        resources=cpu_only("128Mi", "100m"),
        state=terminated(0, at(6), at(17), reason="Completed"),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={**owner_ref(workflow)},
        containers=[main, wait],
        created=at(1),
        phase="Failed",
        node="worker-pool-2",
        scheduled=at(2),
        labels={"workflows.argoproj.io/workflow": wf_name, "workflows.argoproj.io/completed": "true"},
        annotations={"workflows.argoproj.io/node-name": wf_name, "workflows.argoproj.io/template": "sleep"},
        reason="DeadlineExceeded",
        message="Pod was active on the node longer than the specified deadline",
        active_deadline=10,
        qos="BestEffort",
    )
    events = [
        event(
            p,
            "DeadlineExceeded",
            "Pod was active on the node longer than the specified deadline",
            at(12),
            host="worker-pool-2",
        ),
        event(p, "Killing", "Stopping container main", at(12), type_="Normal", host="worker-pool-2"),
        event(
            workflow,
            "WorkflowFailed",
            "Pod was active on the node longer than the specified deadline",
            at(19),
            component="workflow-controller",
        ),
    ]
    return CaseSpec(
        id="deadline-exceeded-pod-argo-template-active-deadline",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=name,
        evidence="longer than the specified deadline",
        description="An Argo Workflows step whose template sets activeDeadlineSeconds: 10 sleeps for a minute: "
        "the kubelet stops the pod after 10 s (DeadlineExceeded) and the workflow fails with that message.",
        objects=[p, workflow, *events],
        logs={
            f"{name}/main": stamped(["sleeping for 1m"], at(7)),
            f"{name}/wait": text(
                'time="2026-09-05T12:34:36Z" level=info msg="Starting Workflow Executor" version=v2.2.0',
                'time="2026-09-05T12:34:36Z" level=info msg="Waiting on main container"',
            ),
        },
        captured=at(120),
        title="Argo step exceeded its activeDeadlineSeconds: Pod was active on the node longer than the specified "
        "deadline (reason DeadlineExceeded)",
        source="https://github.com/argoproj/argo-workflows/issues/1093",
    )


@SCENARIOS.add
def healthy_pytorchjob_succeeded_process_group_not_destroyed_warning() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 7, 0, tzinfo=timezone.utc))
    name, ns = "llama-ft-nightly", "llm-ft"
    end = 3600 * 2

    def rank_log(ranks: range, node_rank: int) -> str:
        steps = [
            f"{{'loss': {1.9 - i * 0.004:.4f}, 'grad_norm': {0.8 + (i % 5) * 0.05:.4f}, 'learning_rate': "
            f"{2e-5 * (1 - i / 300):.4e}, 'epoch': {i / 100:.2f}}}"
            for i in range(10, 301, 10)
        ]
        warn = [
            f"[rank{r}]:[W515 07:06:42.{829549331 + r * 97:09d} ProcessGroupNCCL.cpp:1117] WARNING: process group "
            "has NOT been destroyed before it is being destructed. On normal program exit, the application should "
            "call destroy_process_group to ensure that any pending NCCL data transfers have finished in this "
            "process. In rare cases this process can exit before this point and block the progress of another "
            "member of the process group. This constraint has always been present,  but this warning has only "
            "been added since PyTorch 2.4"
            for r in ranks
        ]
        done = [
            "{'train_runtime': 6912.3, 'train_samples_per_second': 11.1, 'train_steps_per_second': 0.043, "
            "'train_loss': 1.41, 'epoch': 3.0}"
        ]
        lines = [*torchrun_start(at(40)), *steps, *done, *warn] if node_rank == 0 else [*torchrun_start(at(40)), *warn]
        gaps = [1.0] * 4 + [170.0] * (len(lines) - 4)
        if node_rank:
            gaps = [1.0] * 4 + [end - 200.0]
        return stamped(lines, at(40), gaps)

    plans = [
        PodPlan("master", 0, terminated(0, at(35), at(end)), log=rank_log(range(8), 0)),
        PodPlan("worker", 0, terminated(0, at(35), at(end)), log=rank_log(range(8, 16), 1)),
    ]
    return _kubeflow_case(
        id="healthy-pytorchjob-succeeded-process-group-not-destroyed-warning",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/torch-nightly-ft:2.4.0.dev20240515",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "finetune.py"],
        resources=gpu(8, "960Gi", "96"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="successfully completed",
        description="A two-node fine-tune finishes its three epochs and both pods exit 0; on exit every rank prints "
        "PyTorch 2.4's warning that the process group was not destroyed. The job succeeded: the warning is "
        "about clean-up at exit, not a failure.",
        title="The wall of warning text from process group in 2.4: 'process group has NOT been destroyed before "
        "it is being destructed' printed by every rank on normal exit",
        source="https://github.com/pytorch/pytorch/issues/126275",
        captured=end + 600,
        succeeded=end + 5,
    )


@SCENARIOS.add
def healthy_pytorchjob_barrier_device_unknown_warning() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 22, 0, tzinfo=timezone.utc))
    name, ns = "flux-lora-8gpu", "imagegen"
    lines = [
        *torchrun_start(at(30)),
        "100%|██████████| 28/28 [00:00<00:00, 893.88it/s]",
        "[rank4]:[W207 22:21:42.712978449 ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank 4]  using GPU 4 to "
        "perform barrier as devices used by this process are currently unknown. This can potentially cause a hang "
        "if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular "
        "device,or call init_process_group() with a device_id.",
        "                    INFO     Loaded AE: <All keys matched successfully>                    flux_utils.py:152",
        *[
            f"steps:  {i * 100 // 3000}%|▏         | {i}/3000 [{i * 3 // 60:02d}:{i * 3 % 60:02d}<2:3{i % 10}:00,  "
            f"3.0{i % 9}s/it, avr_loss=0.{412 - i // 10}]"
            for i in range(1, 400, 3)
        ],
    ]
    gaps = [1.0] * 7 + [9.0] * (len(lines) - 7)
    log = stamped(lines, at(30), gaps)
    duration = 30 + 7 + 9.0 * (len(lines) - 7)
    plans = [PodPlan("master", 0, running(at(25)), log=log)]
    return _kubeflow_case(
        id="healthy-pytorchjob-barrier-device-unknown-warning",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/imagegen/sd-scripts:flux-2025.02",
        command=["accelerate", "launch", "--num_processes", "8", "flux_train_network.py"],
        resources=gpu(8, "480Gi", "64"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Eight-GPU LoRA training: rank 4 warns that barrier() had to guess its GPU and that this can "
        "potentially cause a hang - but the barrier completed and the progress bar advances every few seconds. "
        "A warning about a possible hang, not a hang.",
        title="Multi GPU: 'using GPU 4 to perform barrier as devices used by this process are currently unknown. "
        "This can potentially cause a hang' while training runs",
        source="https://github.com/kohya-ss/sd-scripts/issues/1925",
        captured=duration + 20,
    )


# -- batch 2 ---------------------------------------------------------------------------------


@SCENARIOS.add
def deadline_exceeded_rayjob_active_deadline_ray_job_still_running() -> CaseSpec:
    at = Clock(datetime(2026, 9, 8, 18, 0, tzinfo=timezone.utc))
    name, ns = "ppo-sweep-exp", "rl-research"
    image = "rayproject/ray:2.40.0-py310-gpu"
    deadline = 7200
    workers = [
        Container("ray-worker", image, resources=gpu(1, "64Gi", "8"), state=running(at(40)), ready=True)
        for _ in range(4)
    ]
    rayjob, raycluster, nodes = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/train_ppo.py --num-workers 4",
        group="gpu",
        head=Container("ray-head", image, resources=cpu_only("32Gi", "8"), state=running(at(30)), ready=True),
        workers=workers,
        status={
            "jobStatus": "RUNNING",
            "jobDeploymentStatus": "Failed",
            "reason": "DeadlineExceeded",
            "message": f"The RayJob has passed the activeDeadlineSeconds. StartTime: {ts(at(1))}. "
            f"ActiveDeadlineSeconds: {deadline}",
            "failed": 1,
            "succeeded": 0,
            "endTime": ts(at(deadline + 1)),
        },
        nodes=["cpu-m7i-2", "gpu-l4-11", "gpu-l4-12", "gpu-l4-13", "gpu-l4-14"],
    )
    rayjob["spec"]["activeDeadlineSeconds"] = deadline
    submitter = _submitter(rayjob, at, 60, active=1)
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit", "--address", "http://127.0.0.1:8265", "--", "python", "train_ppo.py"],
                resources=cpu_only("1Gi", "500m"),
                state=running(at(62)),
                ready=True,
            )
        ],
        created=at(61),
        phase="Running",
        node="cpu-m7i-2",
        scheduled=at(61),
    )
    iters = [
        f"(PPO pid=412) Training finished iteration {i} at {ts(at(90 + i * 95))}. Total running time: "
        f"{i * 95 // 60}min {i * 95 % 60}s; episode_reward_mean={-180 + i * 2.1:.1f}"
        for i in range(1, 90)
    ]
    log = stamped(
        [
            "Job submission server address: http://127.0.0.1:8265",
            f"Job '{rayjob['status']['jobId']}' submitted successfully",
            "Tailing logs until the job exits (disable with --no-wait):",
            *iters,
        ],
        at(63),
        [1, 1, *([95] * len(iters))],
    )
    events = [
        event(
            rayjob,
            "DeadlineExceeded",
            rayjob["status"]["message"],
            at(deadline + 1),
            component="ray-job-controller",
        )
    ]
    return CaseSpec(
        id="deadline-exceeded-rayjob-active-deadline-ray-job-still-running",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=None,
        evidence="activeDeadlineSeconds",
        description="A RayJob with activeDeadlineSeconds: 7200 is still training when its two hours are up: KubeRay "
        "marks the deployment Failed with reason DeadlineExceeded while the Ray job itself still reports "
        "RUNNING and the submitter keeps tailing its logs. The configured time limit was reached.",
        objects=[rayjob, raycluster, submitter, *nodes, sub, *events],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": log},
        captured=at(deadline + 900),
        title="RayJob goes to jobDeploymentStatus: Failed / reason: DeadlineExceeded with jobStatus: RUNNING after "
        "activeDeadlineSeconds",
        source="https://github.com/ray-project/kuberay/issues/2314",
    )


@SCENARIOS.add
def killed_externally_pod_kfp_run_terminated_step_exceeded_deadline() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 21, 30, tzinfo=timezone.utc))
    ns = "team-taxi"
    wf_name = "taxi-train-x5q66"
    name = f"{wf_name}-345673846"
    node_name = f"{wf_name}.train"
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "name": wf_name,
            "namespace": ns,
            "uid": uid(ns, "Workflow", wf_name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "552031",
            "labels": {"pipelines.kubeflow.org/kfp_sdk_version": "1.8.11", "workflows.argoproj.io/completed": "true"},
        },
        # The KFP UI's "Terminate" sets the workflow's activeDeadlineSeconds to 0.
        "spec": {"entrypoint": "taxi-train", "activeDeadlineSeconds": 0, "onExit": "exit-handler"},
        "status": {
            "phase": "Failed",
            "message": "Step exceeded its deadline",
            "startedAt": ts(at(0)),
            "finishedAt": ts(at(1420)),
        },
    }
    image = "gcr.io/ml-pipeline/kubeflow-tfx-taxi:1.8.0"
    main = Container(
        "main",
        image,
        command=["python", "-m", "trainer.task", "--train-steps", "10000"],
        resources=cpu_only("8Gi", "4"),
        state=terminated(143, at(12), at(1412)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.2.3-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("128Mi", "100m"),
        state=terminated(0, at(11), at(1414), reason="Completed"),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={**owner_ref(workflow)},
        containers=[wait, main],
        created=at(2),
        phase="Failed",
        node="pool-cpu-7",
        scheduled=at(3),
        labels={"workflows.argoproj.io/workflow": wf_name, "workflows.argoproj.io/completed": "true"},
        annotations={"workflows.argoproj.io/node-name": node_name, "pipelines.kubeflow.org/component_ref": "{}"},
    )
    steps = [
        f"INFO:tensorflow:global_step/sec: {4.1 + (i % 5) * 0.1:.2f}"
        if i % 2
        else f"INFO:tensorflow:loss = {0.9 - i * 0.002:.4f}, step = {i * 50} ({12.1 + (i % 3) * 0.2:.3f} sec)"
        for i in range(1, 110)
    ]
    events = [
        event(
            workflow,
            "WorkflowNodeFailed",
            f"Failed node {node_name}: Step exceeded its deadline",
            at(1414),
            component="workflow-controller",
        ),
        event(workflow, "WorkflowFailed", "Step exceeded its deadline", at(1420), component="workflow-controller"),
    ]
    return CaseSpec(
        id="killed-externally-pod-kfp-run-terminated-step-exceeded-deadline",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="activeDeadlineSeconds",
        description="A Kubeflow Pipelines training step exits 143 mid-training and its workflow fails with 'Step "
        "exceeded its deadline'. No time limit was configured: someone pressed Terminate in the KFP UI, "
        "which sets the workflow's activeDeadlineSeconds to 0, and Argo stopped the running step.",
        objects=[p, workflow, *events],
        logs={
            f"{name}/main": stamped(steps, at(14), 12.8),
            f"{name}/wait": text(
                'time="2026-09-09T21:30:11.428Z" level=info msg="Starting Workflow Executor" executorType=docker '
                "version=v3.2.3",
                'time="2026-09-09T21:30:11.431Z" level=info msg="Waiting on main container"',
                'time="2026-09-09T21:53:32.650Z" level=info msg="Main container completed"',
            ),
        },
        captured=at(1800),
        title="Terminating a Kubeflow pipeline run: the running step is stopped and the run fails with 'This step "
        "is in Failed state with this message: Step exceeded its deadline'",
        source="https://github.com/kubeflow/pipelines/issues/6101",
    )


@SCENARIOS.add
def nccl_error_mpijob_nccl_tests_ib_completion_error_4() -> CaseSpec:
    at = Clock(datetime(2026, 9, 10, 4, 0, tzinfo=timezone.utc))
    name, ns = "nccl-allreduce-5node", "gpu-burnin"
    hosts = {
        f"{name}-worker-1": ("19989:20082 [1]", "fe80::966d:ae03:8b:df78%ib0<53249>", 32564),
        f"{name}-worker-0": ("9821:9920 [1]", "fe80::966d:ae03:8b:df50%ib0<44413>", 32613),
        f"{name}-worker-4": ("68738:69060 [3]", "fe80::966d:ae03:9c:f5f8%ib0<39391>", 32639),
    }
    lines = [
        "# nThread 1 nGpus 8 minBytes 8 maxBytes 5368709120 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 "
        "validation: 1 graph: 0",
        "#",
        "#                                                              out-of-place                       in-place",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   "
        "busbw #wrong",
        "           8             2     float     sum      -1    41.23    0.00    0.00      0    40.87    0.00    "
        "0.00      0",
    ]
    for host, (pid, peer, op) in hosts.items():
        lines += [
            f"{host}:{pid} transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer {peer} with error 4, "
            f"opcode {op}, len {op}, vendor err 81 (Send)",
            f"{host}:{pid.split(' ')[0]} [{pid.split('[')[1]} NCCL INFO transport/net.cc:1008 -> 6",
            f"{host}:{pid.split(' ')[0]} [{pid.split('[')[1]} NCCL INFO proxy.cc:679 -> 6",
            f"{host}:{pid.split(' ')[0]} [{pid.split('[')[1]} NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]",
            "",
        ]
    lines += [
        f"{name}-worker-1: Test NCCL failure common.cu:1005 'remote process exited or there was a network error / '",
        " .. nccl-allreduce-5node-worker-1 pid 19989: Test failure common.cu:891",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    ]
    end = 45 + 0.2 * len(lines) + 2
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/infra/nccl-tests:2.17.1-cuda12.2",
        launcher_cmd=[
            "mpirun",
            "--allow-run-as-root",
            "-x",
            "NCCL_ALGO=Ring",
            "-x",
            "NCCL_IB_GID_INDEX=3",
            "-x",
            "NCCL_DEBUG=trace",
            "./build/all_reduce_perf",
            "-b",
            "8",
            "-e",
            "5G",
            "-f",
            "2",
            "-g",
            "8",
        ],
        workers=5,
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(44), at(end)), launcher_log=stamped(lines, at(45), 0.2)),
        worker_resources=gpu(8, "1600Gi", "180"),
    )
    return CaseSpec(
        id="nccl-error-mpijob-nccl-tests-ib-completion-error-4",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=launcher,
        evidence="Got completion from peer",
        description="nccl-tests all_reduce_perf across five H100 nodes over InfiniBand: several nodes' NCCL proxies "
        "get failed work completions (error 4, vendor err 81) when sending to their peers, and the test "
        "aborts. The InfiniBand transport between the nodes failed.",
        objects=objects,
        logs=logs,
        captured=at(end + 300),
        title="NCCL WARN NET/IB : Got completion from peer ... with error 4, opcode ..., vendor err 81 (Send) running "
        "all_reduce_perf on five H100 nodes",
        source="https://github.com/NVIDIA/nccl/issues/928",
    )


@SCENARIOS.add
def stalled_mpijob_horovod_keras_stalled_ops_ready_ranks() -> CaseSpec:
    at = Clock(datetime(2026, 9, 11, 2, 0, tzinfo=timezone.utc))
    name, ns = "hvd-resnet50-32", "vision-bench"
    ready = "21, 25, 26, 27, 28, 29, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 1, 3, 0, 15, 17, 18, 20, 22, 23, 24, 31, 8, 19, 2, 30"
    stall = (
        "WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and "
        "are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are "
        "trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause "
        "deadlock. Stalled ops: training/SGD/DistributedSGD_Allreduce/HorovodAllreduce_training_SGD_gradients_conv1_1_"
        f"BiasAdd_grad_BiasAddGrad_0 [ready ranks: {ready}], training/SGD/DistributedSGD_Allreduce/HorovodAllreduce_"
        f"training_SGD_gradients_AddN_335_0 [ready ranks: {ready}]"
    )
    progress = [
        f"{i:3d}/625 [{'=' * (i * 30 // 625)}>{'.' * (29 - i * 30 // 625)}] - ETA: {(625 - i) * 1.0 // 60:.0f}:"
        f"{(625 - i) % 60:02d} - loss: {7.9 - i * 0.001:.4f} - acc: 0.00{i // 40 + 1:02d} - "
        f"top_k_categorical_accuracy: 0.0{200 + i // 3}"
        for i in range(1, 229)
    ]
    lines = ["Epoch 1/90", *progress]
    gaps = [1.0] * len(lines) + [60.0] * 150
    lines += [stall] * 150
    log = stamped(lines, at(70), gaps)
    last = at(70 + sum(gaps[: len(lines) - 1]))
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="horovod/horovod:0.12.1-tf1.6.0-py3.5",
        launcher_cmd=[
            "mpirun",
            "-np",
            "32",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "-x",
            "LD_LIBRARY_PATH",
            "python",
            "keras_imagenet_resnet50.py",
        ],
        workers=8,
        slots=4,
        plan=MPIPlan(launcher_state=running(at(60)), launcher_log=log),
        worker_resources=gpu(4, "240Gi", "32"),
    )
    return CaseSpec(
        id="stalled-mpijob-horovod-keras-stalled-ops-ready-ranks",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=None,
        evidence="One or more tensors were submitted to be reduced",
        description="Horovod ResNet-50 on eight nodes with four GPUs each: at step 228 of the first epoch one rank "
        "(16) stops submitting its gradients, the other 31 wait in the allreduce, and Horovod's stall warning "
        "repeats every minute for hours while the launcher keeps running. The collective hangs with no error.",
        objects=objects,
        logs=logs,
        captured=last + timedelta(seconds=40),
        title="Horovod hangs with multiple nodes with GPUs: the stall warning repeats and training does not progress",
        source="https://github.com/horovod/horovod/issues/215",
    )


@SCENARIOS.add
def healthy_rayjob_train_worker_group_start_timeout_while_scaling() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 14, 48, 30, tzinfo=timezone.utc))
    name, ns = "sft-ray-train", "ray-train"
    image = "rayproject/ray:2.51.0-py311-gpu"
    up = [Container("ray-worker", image, resources=gpu(1, "64Gi", "8"), state=running(at(50)), ready=True)]
    pending = [Container("ray-worker", image, resources=gpu(1, "64Gi", "8"), state=waiting("ContainerCreating"))] * 3
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/sft_train.py --num-workers 8",
        group="gpu",
        head=Container("ray-head", image, resources=cpu_only("32Gi", "8"), state=running(at(30)), ready=True),
        workers=[*up, *pending],
        status={"jobStatus": "RUNNING", "jobDeploymentStatus": "Running"},
        nodes=["cpu-m7i-4", "gpu-a10-1", "gpu-a10-2", "gpu-a10-3", "gpu-a10-4"],
    )
    for p in pods[2:]:
        # These three waited for the nodes the autoscaler added: scheduled at 130 s, pulling since.
        p["status"]["phase"] = "Pending"
        for cond in p["status"]["conditions"]:
            cond["lastTransitionTime"] = ts(at(130))
        p["status"]["conditions"] = [c for c in p["status"]["conditions"] if c["type"] != "PodReadyToStartContainers"]
    submitter = _submitter(rayjob, at, 60, active=1)
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit", "--address", "http://127.0.0.1:8265", "--", "python", "sft_train.py"],
                resources=cpu_only("1Gi", "500m"),
                state=running(at(62)),
                ready=True,
            )
        ],
        created=at(61),
        phase="Running",
        node="cpu-m7i-4",
        scheduled=at(61),
    )
    timeout = (
        "The worker group startup timed out after 30.0 seconds waiting for 8 workers. Potential causes include: (1) "
        "temporary insufficient cluster resources while waiting for autoscaling (ignore this warning in this case), "
        "(2) infeasible resource request where the provided `ScalingConfig` cannot be satisfied), and (3) transient "
        "network issues. Set the RAY_TRAIN_WORKER_GROUP_START_TIMEOUT_S environment variable to increase the timeout."
    )
    cycle = [
        "Attempting to start training worker group of size 8 with the following resources: [{'GPU': 1}] * 8",
        "[FailurePolicy] Decision: FailureDecision.RETRY, Error source: controller, Error count / maximum errors "
        "allowed: 1/inf, Error: Training failed due to controller error:",
        timeout,
        "[State Transition] SCHEDULING -> RESCHEDULING.",
        "[State Transition] RESCHEDULING -> SCHEDULING.",
    ]
    lines = [
        "Job submission server address: http://127.0.0.1:8265",
        f"Job '{rayjob['status']['jobId']}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        *cycle,
        *cycle,
        *cycle[:1],
    ]
    gaps = [1, 1, 2, 30, 0, 0, 0, 4, 30, 0, 0, 0, 4]
    log = stamped(lines, at(63), gaps)
    events = [
        event(
            pods[-1],
            "TriggeredScaleUp",
            "pod triggered scale-up: [{gpu-a10-pool 4->7 (max: 16)}]",
            at(55),
            type_="Normal",
            component="cluster-autoscaler",
        ),
        *[
            event(
                p,
                "Scheduled",
                f"Successfully assigned {ns}/{p['metadata']['name']} to {p['spec']['nodeName']}",
                at(130),
                type_="Normal",
                component="default-scheduler",
            )
            for p in pods[2:]
        ],
        *[
            event(p, "Pulling", f'Pulling image "{image}"', at(132), type_="Normal", host=p["spec"]["nodeName"])
            for p in pods[2:]
        ],
    ]
    return CaseSpec(
        id="healthy-rayjob-train-worker-group-start-timeout-while-scaling",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A Ray Train job asks for eight GPU workers while the autoscaler is still adding GPU nodes: the "
        "worker group start times out after 30 s and the controller retries, saying to ignore the warning "
        "while autoscaling. The new nodes came up and their ray workers are pulling the image two minutes in - "
        "the job is still starting within normal time.",
        objects=[rayjob, raycluster, submitter, *pods, sub, *events],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": log},
        captured=at(140),
        title="Ray Train: 'The worker group startup timed out after 30.0 seconds waiting for 8 workers' with "
        "FailureDecision.RETRY while the cluster autoscales",
        source="https://github.com/ray-project/ray/pull/60376",
    )


@SCENARIOS.add
def rendezvous_error_vcjob_torchx_ddp_rank0_not_resolvable() -> CaseSpec:
    at = Clock(datetime(2026, 9, 13, 11, 0, tzinfo=timezone.utc))
    name, ns = "cifar-dist-k2b8x", "torchx-dev"
    image = "registry.corp.example/ml/cifar-dist:torch1.12"
    ctr = Container(
        "cifardist-0",
        image,
        command=[
            "torchrun",
            "--rdzv_backend",
            "c10d",
            "--rdzv_endpoint",
            f"{name}-cifardist-0-0:29500",
            "--nnodes",
            "8",
            "--nproc_per_node",
            "1",
            "cifar_dist.py",
        ],
        resources=gpu(1, "16Gi", "4"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue="default",
        tasks={"cifardist-0": ctr},
        replicas={"cifardist-0": 8},
        phase="Failed",
        counts={"failed": 8},
    )
    group = pod_group(
        job,
        at(1),
        phase="Running",
        queue="default",
        min_member=8,
        min_resources={"cpu": "32", "memory": "128Gi", "nvidia.com/gpu": "8"},
        conditions=[],
    )
    rank0_err = [
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 538, '
        "in _rendezvous",
        "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", '
        "line 1024, in next_rendezvous",
        "    self._op_executor.run(join_op, deadline)",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", '
        "line 637, in run",
        "    raise RendezvousTimeoutError()",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    ]
    other_err = [
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", '
        "line 408, in sync",
        "    get_response = self._backend.get_state()",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py"'
        ", line 73, in get_state",
        '    base64_state: bytes = self._call_store("get", self._key)',
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py"'
        ", line 115, in _call_store",
        "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has "
        "failed. See inner exception for details.",
    ]
    pods, logs = [], {}
    for i in range(8):
        ended = 935 if i == 0 else 95 + i
        c = Container(
            ctr.name, image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(20 + i), at(ended))
        )
        p = volcano_pod(
            job, "cifardist-0", i, [c], group, created=at(2), phase="Failed", node=f"gpu-t4-{i}", scheduled=at(3)
        )
        pods.append(p)
        lines = [
            *torchrun_start(at(22 + i)),
            *(rank0_err if i == 0 else other_err),
        ]
        logs[f"{p['metadata']['name']}/{ctr.name}"] = stamped(lines, at(22 + i), [1, 1, 1, (ended - 26 - i)] + [0] * 20)
    return CaseSpec(
        id="rendezvous-error-vcjob-torchx-ddp-rank0-not-resolvable",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="The connection to the C10d store has failed",
        description="A DDP job launched by TorchX on Kubernetes (a Volcano Job of eight pods): the other ranks look up "
        "rank 0's c10d store before rank 0's pod name resolves and fail with RendezvousConnectionError, so rank 0 "
        "waits alone until its rendezvous times out. The ranks never met.",
        objects=[job, group, *pods],
        logs=logs,
        captured=at(1200),
        title="c10d connectivity issues with TorchX on Kubernetes: rank 0 raises RendezvousTimeoutError, the other "
        "ranks fail to read the c10d rendezvous state",
        source="https://github.com/pytorch/pytorch/issues/80772",
    )


# -- batch 3 ---------------------------------------------------------------------------------


def _trainjob(
    at: Clock, name: str, ns: str, image: str, command: list[str], *, failed: float | None = None
) -> tuple[Obj, Obj, Obj, dict[str, str], Container]:
    """A Kubeflow Trainer v2 TrainJob on the torch-distributed runtime with two nodes: the
    JobSet it owns, that JobSet's one Indexed Job, the labels its pods carry, their container.
    ``failed``: when the Job gave up (BackoffLimitExceeded), the JobSet and TrainJob with it."""
    trainjob: Obj = {
        "apiVersion": "trainer.kubeflow.org/v1alpha1",
        "kind": "TrainJob",
        "metadata": object_meta(ns, "TrainJob", name, at(0)),
        "spec": {
            "runtimeRef": {
                "apiGroup": "trainer.kubeflow.org",
                "kind": "ClusterTrainingRuntime",
                "name": "torch-distributed",
            },
            "trainer": {
                "numNodes": 2,
                "resourcesPerNode": {"limits": {"cpu": "5", "memory": "16Gi", "nvidia.com/gpu": "1"}},
                "command": command,
            },
        },
        "status": {"conditions": []},
    }
    jobset: Obj = {
        "apiVersion": "jobset.x-k8s.io/v1alpha2",
        "kind": "JobSet",
        "metadata": object_meta(ns, "JobSet", name, at(1), owner=owner_ref(trainjob)),
        "spec": {
            "replicatedJobs": [
                {"name": "node", "replicas": 1, "template": {"spec": {"parallelism": 2, "completions": 2}}}
            ],
            "successPolicy": {"operator": "All"},
        },
        "status": {
            "restarts": 0,
            "replicatedJobsStatus": [
                {
                    "name": "node",
                    "active": 0 if failed else 1,
                    "ready": 0 if failed else 1,
                    "succeeded": 0,
                    "failed": 1 if failed else 0,
                    "suspended": 0,
                }
            ],
        },
    }
    if failed is not None:
        gave_up = metav1_condition(
            "Failed", at(failed + 1), "FailedJobs", "jobset failed due to one or more job failures"
        )
        jobset["status"]["conditions"] = [gave_up]
        trainjob["status"]["conditions"] = [gave_up]
    marks = {
        "jobset.sigs.k8s.io/jobset-name": name,
        "jobset.sigs.k8s.io/replicatedjob-name": "node",
        "jobset.sigs.k8s.io/job-index": "0",
        "jobset.sigs.k8s.io/restart-attempt": "0",
        "trainer.kubeflow.org/trainjob-ancestor-step": "trainer",
    }
    ctr = Container(
        "node",
        image,
        command=command,
        resources=gpu(1, "16Gi", "5"),
        env=[
            {"name": "PET_NNODES", "value": "2"},
            {"name": "PET_MASTER_ADDR", "value": f"{name}-node-0-0.{name}"},
            {"name": "PET_MASTER_PORT", "value": "29500"},
        ],
    )
    job = batch_job(
        name=f"{name}-node-0",
        namespace=ns,
        created=at(2),
        container=ctr,
        conditions=backoff_conditions(at(failed)) if failed is not None else [],
        active=0 if failed else 2,
        ready=0 if failed else 2,
        failed=2 if failed else 0,
        start=at(2),
        completions=2,
        parallelism=2,
        completion_mode="Indexed",
        owner=owner_ref(jobset),
        labels=marks,
        extra_labels=marks,
    )
    return trainjob, jobset, job, marks, ctr


@SCENARIOS.add
def rendezvous_error_trainjob_torch_distributed_recv_value_got_0_bytes() -> CaseSpec:
    at = Clock(datetime(2026, 9, 14, 3, 40, tzinfo=timezone.utc))
    name, ns = "wcde03d70a73", "ml-user-team"
    image = "pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime"
    trainjob, jobset, job, marks, ctr = _trainjob(at, name, ns, image, ["bash", "-c", "torchrun /tmp/train_pytorch.py"])
    host = lambda i: f"{name}-node-0-{i}.{name}.{ns}.svc.cluster.local"  # noqa: E731
    warn = (
        f"[W822 03:54:49.636977195 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=15, addr=[{host(1)}]:60560, "
        f"remote=[{host(0)}]:29500): failed to recv, got 0 bytes Exception raised from recvBytes at "
        "/pytorch/torch/csrc/distributed/c10d/Utils.hpp:678 (most recent call first): frame #0: "
        "c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >) + 0x98 (0x7f0ec5b785e8 in /opt/conda/lib/python3.11/site-packages/torch/lib/"
        "libc10.so) frame #1: <unknown function> + 0x5ba8bfe (0x7f0eaa0afbfe in /opt/conda/lib/python3.11/"
        "site-packages/torch/lib/libtorch_cpu.so) frame #2: <unknown function> + 0x5baabc0 (0x7f0eaa0b1bc0 in "
        "/opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so)"
    )
    pods, logs = [], {}
    for i in range(2):
        c = Container(
            ctr.name,
            image,
            command=ctr.command,
            resources=ctr.resources,
            env=ctr.env,
            state=running(at(20)),
            ready=True,
        )
        p = job_pod(
            job,
            [c],
            created=at(3),
            phase="Running",
            attempt=i,
            node=f"gpu-a10-{7 + i}",
            scheduled=at(4),
            extra_labels={**marks, "batch.kubernetes.io/job-completion-index": str(i)},
            annotations={"batch.kubernetes.io/job-completion-index": str(i)},
        )
        pods.append(p)
        lines = [*torchrun_start(at(22))]
        if i == 1:
            lines += [warn] * 40
        logs[f"{p['metadata']['name']}/node"] = stamped(lines, at(22), [0, 0, 0, 30.0] + [30.0] * 40)
    return CaseSpec(
        id="rendezvous-error-trainjob-torch-distributed-recv-value-got-0-bytes",
        kind="TrainJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="recvValue failed",
        description="A two-node TrainJob on the torch-distributed runtime never starts the user function: node 1's "
        "TCPStore client keeps getting 0 bytes back from node 0's store on port 29500 and retries every half "
        "minute, while node 0 waits. Twenty minutes in, both pods run and no rank has joined the process group.",
        objects=[trainjob, jobset, job, *pods],
        logs=logs,
        captured=at(22 + 30 * 41 + 20),
        title="Trainer 2.0 torch-distributed (2 nodes) fails at rendezvous: node-1 hits recvValue failed ... got 0 "
        "bytes while node-0 loops on TCPStore",
        source="https://github.com/kubeflow/trainer/issues/2794",
    )


@SCENARIOS.add
def deadline_exceeded_job_slurm_step_cancelled_due_to_time_limit() -> CaseSpec:
    bar = (
        "Epoch 10:  93%|█████████▎| {n}/20000 [5:43:{s:02d}<25:{r:02d},  0.90it/s, v_num=0txx, train_loss={loss}, "
        "denoise_60%_expr=1.290, denoise_60%_emb_independence=0.0694, denoise_60%_cls=0.377, denoise_60%_ecs=0.865, "
        "gen_expr=1.490"
    )
    lines = [bar.format(n=18600 + i, s=i % 60, r=45 - i % 40, loss="3.400") for i in range(26)] + [
        "",
        "slurmstepd: error: *** STEP 55595933.0 ON gpu-node-3017 CANCELLED AT 2025-01-10T15:27:25 DUE TO TIME "
        "LIMIT ***",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "[rank: 0] Received SIGTERM: 15",
        "Bypassing SIGTERM: 15",
        "",
        bar.format(n=18626, s=21, r=19, loss="3.970"),
        bar.format(n=18627, s=23, r=18, loss="3.970"),
    ]
    return _fresh_job(
        id="deadline-exceeded-job-slurm-step-cancelled-due-to-time-limit",
        day=12,
        name="scprint-pretrain",
        ns="bio-foundation",
        image="registry.corp.example/bio/scprint:1.6-lightning2.4",
        command=["srun", "--time=06:00:00", "--gres=gpu:1", "python", "-m", "scprint", "fit", "--config", "large.yml"],
        resources=cpu_only("4Gi", "2"),
        lines=lines,
        category="deadline-exceeded",
        evidence="DUE TO TIME LIMIT",
        exit_code=143,
        description="A Lightning pretraining run submitted to Slurm with srun from a Kubernetes Job: after nearly six "
        "hours Slurm cancels the job step because its time limit was reached; Lightning receives SIGTERM and "
        "the step is killed. The configured wall-clock limit, not the code, ended the run.",
        title="slurmstepd: error: *** STEP ... CANCELLED AT ... DUE TO TIME LIMIT *** followed by [rank: 0] Received "
        "SIGTERM: 15 in a Lightning training",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/20542",
        every=2,
    )


@SCENARIOS.add
def nccl_error_rayjob_vllm_weight_broadcast_remote_error() -> CaseSpec:
    at = Clock(datetime(2026, 9, 15, 13, 0, tzinfo=timezone.utc))
    name, ns = "ppo-qwen-2node", "rlhf"
    image = "registry.corp.example/rlhf/openrlhf:0.5.4-vllm0.6.4"
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python3 -m openrlhf.cli.train_ppo_ray --colocate_actor_ref --vllm_num_engines 2",
        group="gpu",
        head=Container("ray-head", image, resources=gpu(8, "1000Gi", "96"), state=running(at(30)), ready=True),
        workers=[Container("ray-worker", image, resources=gpu(8, "1000Gi", "96"), state=running(at(40)), ready=True)],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": "Job failed due to an application error, last available logs (truncated to 20,000 chars):\n"
            "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
            "failed": 1,
        },
        nodes=["gpu-h800-1", "gpu-h800-2"],
    )
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(at(5010)))
    worker_ip = "172.19.24.110"
    frames = [
        "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 "
        "(0x7f542b16cf80 in /opt/workdir/.venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x7f542b16d1cc in "
        "/opt/workdir/.venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x7f542b174b93 in "
        "/opt/workdir/.venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f542b17661d in "
        "/opt/workdir/.venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)",
        "frame #5: <unknown function> + 0xd6df4 (0x7f5841ad1df4 in /usr/lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #6: <unknown function> + 0x8609 (0x7f5844119609 in /usr/lib/x86_64-linux-gnu/libpthread.so.0)",
        "frame #7: clone + 0x43 (0x7f5844253353 in /usr/lib/x86_64-linux-gnu/libc.so.6)",
    ]
    steps = [
        f"(ActorModelRayActor pid=88120) Train epoch [1/1]:  {i}%|          | {i * 2}/200 [{i * 25 // 60:02d}:"
        f"{i * 25 % 60:02d}<1:22:00, 24.8s/it, pg=0.0{i % 9}, rm=-0.2{i % 7}, glen=1.95e+3, kl=0, act_lr=5e-7]"
        for i in range(1, 100)
    ]
    lines = [
        "Job submission server address: http://127.0.0.1:8265",
        f"Job '{rayjob['status']['jobId']}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        *steps,
        "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot "
        "the problem, check the logs for the dead worker. RayTask ID: fffffffffffffffff274c61d686e9942cf058dcc11000000 "
        "Worker ID: d893621a96e2f86610a449412008b6be271a3f20fb114a86dc99951c Node ID: "
        f"8440b94a47cd6aec9329c5f1a1ac0cc7ea3b7fe6586ac18245731034 Worker IP address: {worker_ip} Worker port: 10185 "
        "Worker PID: 90738 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a "
        "connection error code 2. End of file. There are some potential root causes. (1) The process is killed by "
        "SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed "
        "unexpectedly due to SIGSEGV or other unexpected errors.",
        f"(RayWorkerWrapper pid=92234, ip={worker_ip}) mlx5: host_unknown: got completion with error: [repeated 2x "
        "across cluster]",
        f"(RayWorkerWrapper pid=92234, ip={worker_ip}) [rank1]:[E1224 13:23:05.483840160 ProcessGroupNCCL.cpp:542] "
        "[Rank 12] Collective WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=778567680, NumelOut=778567680, "
        "Timeout(ms)=1800000) raised the following async exception: NCCL error: remote process exited or there was "
        "a network error, NCCL version 2.21.5",
        *[f"(LLMRayActor pid=90738, ip={worker_ip}) {f}" for f in frames],
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
    ]
    gaps = [1, 1, 2, *([50] * (len(steps) - 1)), 8, *([0.01] * 12)]
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=[
                    "ray",
                    "job",
                    "submit",
                    "--address",
                    "http://127.0.0.1:8265",
                    "--",
                    "python3",
                    "-m",
                    "openrlhf.cli.train_ppo_ray",
                ],
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), at(5008)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="gpu-h800-1",
        scheduled=at(61),
    )
    return CaseSpec(
        id="nccl-error-rayjob-vllm-weight-broadcast-remote-error",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=sub["metadata"]["name"],
        evidence="remote process exited or there was a network error",
        description="Two-node PPO with Ray: at the end of the first training epoch the actor broadcasts its weights "
        "to the vLLM engines over NCCL; on the second node the mlx5 NIC reports a failed completion, the "
        "broadcast fails with an NCCL remote/network error and the vLLM actor dies. Ray's message about a "
        "dead worker lists the OOM killer only as one possible cause; the NCCL transport failed.",
        objects=[rayjob, raycluster, submitter, *pods, sub],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=at(5400),
        title="NCCL reports error at the end of training epoch in multi-node PPO with Ray: mlx5 got completion with "
        "error, BROADCAST raised NCCL error: remote process exited or there was a network error",
        source="https://github.com/OpenRLHF/OpenRLHF/issues/621",
    )


@SCENARIOS.add
def killed_externally_pytorchjob_lightning_sigterm_on_abort() -> CaseSpec:
    at = Clock(datetime(2026, 9, 16, 10, 0, tzinfo=timezone.utc))
    name, ns = "perception-ddp", "av-train"
    stop = 5400
    steps = [
        f"Epoch 3:  {i}%|{'█' * (i // 10)}{' ' * (10 - i // 10)}| {i * 40}/4000 [{i * 24 // 60:02d}:{i * 24 % 60:02d}"
        f"<40:00,  1.67it/s, v_num=7, train_loss={0.61 - i * 0.001:.3f}]"
        for i in range(1, 90)
    ]

    rank0 = stamped([*steps, "[rank: 0] Received SIGTERM: 15"], at(stop - 60 * len(steps)), 60.0)
    # The other node's ranks print nothing after start-up: they block in the next step's allreduce.
    rank8 = stamped(["Initializing distributed: GLOBAL_RANK: 8, MEMBER: 9/16"], at(70))
    killed = {"state": terminated(137, at(60), at(stop + 30))}
    plans = [
        PodPlan("master", 0, log=rank0, **killed),
        PodPlan("worker", 0, log=rank8, **killed),
    ]
    case = _kubeflow_case(
        id="killed-externally-pytorchjob-lightning-sigterm-on-abort",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/av/perception:lightning2.5-torch2.5",
        command=["python", "train.py", "trainer.num_nodes=2", "trainer.devices=8"],
        resources=gpu(8, "960Gi", "96"),
        plans=plans,
        category="killed-externally",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="Received SIGTERM",
        description="A two-node Lightning DDP job is aborted through the Kubernetes API: the kubelet sends SIGTERM to "
        "both containers, rank 0's Lightning handler prints 'Received SIGTERM', the other ranks block in the next "
        "step waiting for it, and after the 30 s grace period both containers are killed (137). Nothing ran out "
        "of memory; the job was stopped from outside.",
        title="SIGTERMException is not raised consistently across all ranks in DDP: a Kubernetes abort sends "
        "SIGTERM, rank 0 prints Received SIGTERM and the other ranks deadlock until SIGKILL",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/20806",
        captured=stop + 600,
        failed=("Master", stop + 32),
    )
    for p in [o for o in case.objects if o["kind"] == "Pod"]:
        host = p["spec"]["nodeName"]
        case.objects.append(event(p, "Killing", "Stopping container pytorch", at(stop), type_="Normal", host=host))
    return case


# -- batch 4 ---------------------------------------------------------------------------------


@SCENARIOS.add
def killed_externally_pod_liveness_restart_reported_oomkilled_143() -> CaseSpec:
    at = Clock(datetime(2026, 9, 17, 8, 0, tzinfo=timezone.utc))
    ns = "serving"
    image = "nvcr.io/nvidia/tritonserver:24.08-py3"
    node = "gpu-l4-21"
    probes = _http_probe("/v2/health/live", 8000, delay=60, period=10, failures=3)
    c = Container(
        "triton",
        image,
        command=["tritonserver", "--model-repository=s3://models/ranking", "--model-control-mode=explicit"],
        resources=gpu(1, "32Gi", "8"),
        ports=[{"containerPort": 8000, "name": "http", "protocol": "TCP"}],
        probes=probes,
        state=waiting("CrashLoopBackOff", "back-off 2m40s restarting failed container=triton pod=ranking-triton"),
        last=terminated(143, at(690), at(782), reason="OOMKilled"),
        restarts=4,
    )
    p = _rs_pod("ranking-triton", ns, [c], created=at(0), phase="Running", node=node, scheduled=at(1))
    name = p["metadata"]["name"]
    field = "spec.containers{triton}"
    events = [
        event(
            p,
            "Unhealthy",
            'Liveness probe failed: Get "http://10.42.3.17:8000/v2/health/live": dial tcp '
            "10.42.3.17:8000: connect: connection refused",
            at(150),
            last=at(770),
            count=12,
            host=node,
            field_path=field,
        ),
        event(
            p,
            "Killing",
            "Container triton failed liveness probe, will be restarted",
            at(152),
            last=at(772),
            count=4,
            type_="Normal",
            host=node,
            field_path=field,
        ),
        event(
            p,
            "BackOff",
            "Back-off restarting failed container triton in pod " + name,
            at(790),
            last=at(900),
            count=3,
            host=node,
            field_path=field,
        ),
    ]
    loading = [
        "I0917 08:11:31.118204 1 pinned_memory_manager.cc:277] \"Pinned memory pool is created at '0x7f2c1e000000' "
        'with size 268435456"',
        'I0917 08:11:31.120931 1 cuda_memory_manager.cc:107] "CUDA memory pool is created on device 0 with size '
        '67108864"',
        'I0917 08:11:31.402288 1 model_lifecycle.cc:472] "loading: ranker_ensemble:1"',
        'I0917 08:11:31.402361 1 model_lifecycle.cc:472] "loading: ranker_bert:1"',
        'I0917 08:11:31.402395 1 model_lifecycle.cc:472] "loading: ranker_features:1"',
        'I0917 08:12:58.610411 1 server.cc:296] "Signal (15) received."',
    ]
    return CaseSpec(
        id="killed-externally-pod-liveness-restart-reported-oomkilled-143",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="A Triton server pulls its models from object storage for longer than its liveness probe "
        "allows: the kubelet restarts it four times and it is now in CrashLoopBackOff. The container status "
        "says OOMKilled, but with exit code 143 - SIGTERM from the kubelet, not the kernel's OOM kill (SIGKILL, "
        "137); its memory is far below the limit and Triton logs 'Signal (15) received.'",
        objects=[p, *events],
        logs={f"{name}/triton.previous": stamped(loading, at(691), [0.01, 0.3, 0.01, 0.01, 87.2])},
        captured=at(910),
        title="Pods restarted by their liveness probe (or drained) are reported as terminated.reason=OOMKilled with "
        "exitCode 143 though there is no memory pressure",
        source="https://github.com/kubernetes/kubernetes/issues/140716",
    )


@SCENARIOS.add
def stalled_job_accelerate_deepspeed_random_hang_late_iteration() -> CaseSpec:
    at = Clock(datetime(2026, 9, 18, 1, 0, tzinfo=timezone.utc))
    name, ns = "mixtral-healing-ft", "compression"
    every = 6.4
    steps = [
        f"Steps:  {i * 100 // 6000}%|{'█' * (i * 10 // 6000)}{' ' * (10 - i * 10 // 6000)}| {i}/6000 "
        f"[{int(i * every) // 3600}:{int(i * every) % 3600 // 60:02d}:{int(i * every) % 60:02d}<"
        f"{int((6000 - i) * every) // 3600}:{int((6000 - i) * every) % 3600 // 60:02d}:00,  {every:.2f}s/it, "
        f"loss={1.42 - i * 0.0001:.4f}, lr=1.9e-05]"
        for i in range(1, 3118, 20)
    ]
    lines = [
        "[2026-09-18 01:00:41,118] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2026-09-18 01:02:13,402] [INFO] [config.py:733:__init__] Config mesh_device None world_size = 8",
        *steps,
    ]
    gaps = [92.0, 60.0] + [every * 20] * len(steps)
    log = stamped(lines, at(41), gaps)
    last = at(41 + sum(gaps[: len(lines) - 1]))
    ctr = Container(
        "train",
        "registry.corp.example/compression/healing:ds0.15.1-acc0.34.2",
        command=["accelerate", "launch", "scripts/fine_tune_accelerate.py", "--config_file", "configs/mixtral.yaml"],
        resources=gpu(8, "1800Gi", "180"),
        state=running(at(40)),
        ready=True,
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node="gpu-h100-p5-3", scheduled=at(2))
    return CaseSpec(
        id="stalled-job-accelerate-deepspeed-random-hang-late-iteration",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=None,
        evidence=last.strftime("%H:%M:%S"),
        description="Fine-tuning Mixtral with accelerate and DeepSpeed ZeRO-3 on eight H100s: the progress bar "
        "advances every few seconds for hours, then stops at step 3101 with no error; the pod keeps running, "
        "GPUs idle, and nothing more is printed for hours.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/train": log},
        captured=last + timedelta(hours=4),
        title="Distributed training across 8 H100s randomly gets stuck forever at a late iteration (between the "
        "2000th and 4000th), GPU utilisation at 0%",
        source="https://github.com/pytorch/pytorch/issues/135703",
    )


# -- batch 5 ---------------------------------------------------------------------------------


@SCENARIOS.add
def rendezvous_error_trainjob_custom_trainer_client_socket_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 9, 19, 9, 0, tzinfo=timezone.utc))
    name, ns = "k7c2e9a1f04b", "team-vision"
    image = "pytorch/pytorch:2.8.0-cuda12.8-cudnn9-runtime"
    timeout = 900
    trainjob, jobset, job, marks, ctr = _trainjob(
        at, name, ns, image, ["bash", "-c", "torchrun /tmp/train.py"], failed=2 * (timeout + 40) + 30
    )
    pods, logs = [], {}
    for i in range(2):
        ended = 30 + timeout + 8
        c = Container(
            ctr.name,
            image,
            command=ctr.command,
            resources=ctr.resources,
            env=ctr.env,
            state=terminated(1, at(25), at(ended)),
        )
        p = job_pod(
            job,
            [c],
            created=at(3),
            phase="Failed",
            attempt=i,
            node=f"gpu-a100-{3 + i}",
            scheduled=at(4),
            extra_labels={**marks, "batch.kubernetes.io/job-completion-index": str(i)},
            annotations={"batch.kubernetes.io/job-completion-index": str(i)},
        )
        pods.append(p)
        lines = [
            "[W socket.cpp:755] [c10d] The IPv6 network addresses cannot be retrieved",
            "[E socket.cpp:1019] The client socket has timed out after 900000ms while trying to connect",
            *_py_traceback(
                [
                    ("/tmp/train.py", 14, "<module>", "dist.init_process_group(backend=backend)"),
                    (
                        "/opt/conda/lib/python3.11/site-packages/torch/distributed/rendezvous.py",
                        189,
                        "_create_c10d_store",
                        "return TCPStore(",
                    ),
                ],
                "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to "
                "connect",
            ),
        ]
        logs[f"{p['metadata']['name']}/node"] = stamped(lines, at(30 + i), [timeout] + [0.01] * 10)
    return CaseSpec(
        id="rendezvous-error-trainjob-custom-trainer-client-socket-timeout",
        kind="TrainJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="The client socket has timed out after 900000ms",
        description="A two-node TrainJob from the SDK's CustomTrainer: torchrun is started without any distributed "
        "arguments, so init_process_group waits on a TCPStore it never reaches; after 15 minutes both ranks' "
        "clients time out and the JobSet fails. The ranks never met.",
        objects=[trainjob, jobset, job, *pods],
        logs=logs,
        captured=at(2 * (timeout + 40) + 300),
        title="Multi-node training with CustomTrainer hangs in init_process_group: torchrun is called without "
        "arguments and the client socket times out after 900000ms",
        source="https://github.com/kubeflow/sdk/issues/142",
    )


@SCENARIOS.add
def nccl_error_job_ib_completion_status_12_vendor_err_129() -> CaseSpec:
    h = "train-node-1:984:1357 [4]"
    peer = "172.36.143.59<44206>"
    lines = [
        "[2025-08-19 10:02:11,118] [INFO] [logging.py:107:log_dist] [Rank 0] step=1200, skipped=0, lr=[1.2e-05]",
        f"{h} ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer {peer} with status=12 opcode=129 "
        "len=65536 vendor err 129 (Recv) localGid ::ffff:29.87.88.182 remoteGids::ffff:29.87.4.221",
        f"{h} NCCL INFO transport/net.cc:1298 -> 6",
        f"{h} NCCL INFO proxy.cc:694 -> 6",
        f"{h} NCCL INFO proxy.cc:874 -> 6 [Progress Thread]",
        "",
        f"{h} ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer {peer} with status=5 opcode=32656 "
        "len=32659 vendor err 249 (Recv) localGid ::ffff:29.87.88.182 remoteGids::ffff:29.87.4.221",
        f"{h} NCCL INFO transport/net.cc:1298 -> 6",
        f"{h} NCCL INFO proxy.cc:694 -> 6",
        f"{h} NCCL INFO proxy.cc:874 -> 6 [Progress Thread]",
    ]
    return _fresh_job(
        id="nccl-error-job-ib-completion-status-12-vendor-err-129",
        day=13,
        name="llm-pt-16node",
        ns="pretrain",
        image="registry.corp.example/llm/megatron:25.04-py3",
        command=["torchrun", "--nnodes=16", "--nproc_per_node=8", "pretrain_gpt.py"],
        resources=gpu(8, "1600Gi", "180"),
        lines=lines,
        category="nccl-error",
        evidence="with status=12 opcode=129",
        description="Multi-node pretraining over RoCE: a rank's NCCL proxy gets a work completion with status 12 "
        "(transport retry counter exceeded, vendor err 129) from its peer, then flushed completions, and the "
        "application crashes. The RDMA path between the two nodes failed.",
        title="NCCL WARN NET/IB : Got completion from peer ... with status=12 opcode=129 len=0 vendor err 129 - "
        "application crash",
        source="https://github.com/NVIDIA/nccl/issues/1814",
        every=0.2,
    )
