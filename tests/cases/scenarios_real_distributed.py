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
    PodPlan,
    Scenarios,
    cpu_only,
    event,
    gpu,
    mpijob_v2,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    ts,
    uid,
)
from tests.cases.logtext import torchrun_start
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
