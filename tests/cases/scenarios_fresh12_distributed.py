"""Fresh round 12: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun rendezvous).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Scenarios,
    backoff_conditions,
    batch_job,
    digest,
    event,
    failed_job,
    gpu,
    indexed_job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    uid,
)
from tests.cases.scenarios_fresh11_scheduling import _sts
from tests.cases.scenarios_real_platform import _backoff, _crash_loop

SCENARIOS = Scenarios()


# -- 1. vLLM on a LeaderWorkerSet over InfiniBand: ibv_modify_qp fails, NCCL init fails -----------


def _lws_vllm(
    at: Clock,
    lws_name: str,
    ns: str,
    hosts: tuple[str, str],
    image: str,
    serve: str,
    env: list[Obj],
    resources: Obj,
    volumes: list[Obj],
    leader_name: str,
    crashed: tuple[float, float, int],
    *,
    restarted: bool = False,
) -> tuple[list[Obj], Obj]:
    """A vLLM LeaderWorkerSet group of two pods over Ray: the worker running, the leader's
    ``serve`` command exiting 1 (``crashed``: its last start, end and restarts) and backing off,
    or (``restarted``) started again two seconds later and not ready yet.
    Returns the StatefulSets and pods, and the leader pod."""
    lws = {
        "apiVersion": "leaderworkerset.x-k8s.io/v1",
        "kind": "LeaderWorkerSet",
        "metadata": {"name": lws_name, "namespace": ns, "uid": uid(ns, "LeaderWorkerSet", lws_name)},
    }
    leaders = _sts(leader_name.rsplit("-", 1)[0], ns, at(0), lws)
    labels = {
        "leaderworkerset.sigs.k8s.io/name": lws_name,
        "leaderworkerset.sigs.k8s.io/group-index": "0",
        "leaderworkerset.sigs.k8s.io/group-key": digest(ns, lws_name, "group", n=40),
        "leaderworkerset.sigs.k8s.io/template-revision-hash": digest(ns, lws_name, "rev", n=10),
    }
    mounts = [{"name": v["name"], "mountPath": "/dev/shm" if v["name"] == "dshm" else "/models"} for v in volumes]
    start, end, restarts = crashed

    def member(index: int, name: str, owner: Obj, c: Container, **kw: Any) -> Obj:
        return pod(
            name=name,
            namespace=ns,
            labels={
                **labels,
                "leaderworkerset.sigs.k8s.io/worker-index": str(index),
                "apps.kubernetes.io/pod-index": str(index),
            },
            owner=owner_ref(owner),
            containers=[c],
            created=at(2 * index),
            phase="Running",
            node=hosts[index],
            scheduled=at(2 * index + 1),
            restart_policy="Always",
            volumes=volumes,
            **kw,
        )

    script = "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh"
    leader_ctr = Container(
        "vllm-leader",
        image,
        command=["sh", "-c"],
        args=[f"{script} leader --ray_cluster_size=$(LWS_GROUP_SIZE); {serve}"],
        env=[{"name": "LWS_GROUP_SIZE", "value": "2"}, *env],
        ports=[{"containerPort": 8080}],
        resources=resources,
        mounts=mounts,
        state=running(at(end + 2)) if restarted else _crash_loop("vllm-leader", leader_name, ns),
        last=terminated(1, at(start), at(end)),
        restarts=restarts,
    )
    leader = member(0, leader_name, leaders, leader_ctr, annotations={"leaderworkerset.sigs.k8s.io/size": "2"})
    group = _sts(leader_name, ns, at(2), leader)
    worker_ctr = Container(
        "vllm-worker",
        image,
        command=["sh", "-c"],
        args=[f"{script} worker --ray_address=$(LWS_LEADER_ADDRESS)"],
        env=[{"name": "LWS_LEADER_ADDRESS", "value": f"{leader_name}.{lws_name}.{ns}"}, *env],
        resources=resources,
        mounts=mounts,
        state=running(at(9)),
        ready=True,
    )
    worker = member(1, f"{leader_name}-1", group, worker_ctr)
    started = event(
        leader,
        "Started",
        "Started container vllm-leader",
        at(end + 2 if restarted else start),
        type_="Normal",
        host=hosts[0],
    )
    events = (
        [started] if restarted else [_backoff(leader, "vllm-leader", at, start - 100, end + 12, restarts + 2), started]
    )
    return [leaders, group, leader, worker, *events], leader


@SCENARIOS.add
def nccl_error_pod_lws_vllm_ib_modify_qp_no_such_device() -> CaseSpec:
    at = Clock(datetime(2025, 3, 23, 21, 38, tzinfo=timezone.utc))
    lws_name, ns, host0, host1 = "maas-instance", "maas", "gpu-v100-01", "gpu-v100-02"
    leader_name = f"{lws_name}-leader-0"
    image = "registry.example/maas/vllm-openai:v0.8.1"
    model = "/models/Qwen2.5-7B-Instruct"
    rdma = {
        "limits": {"cpu": "16", "memory": "96Gi", "nvidia.com/gpu": "1", "rdma/hca_shared_devices_a": "1"},
        "requests": {"cpu": "16", "memory": "96Gi", "nvidia.com/gpu": "1", "rdma/hca_shared_devices_a": "1"},
    }
    objects, _ = _lws_vllm(
        at,
        lws_name,
        ns,
        (host0, host1),
        image,
        f"python3 -m vllm.entrypoints.openai.api_server --port 8080 --model {model} --tensor-parallel-size 2",
        [{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "NCCL_IB_HCA", "value": "mlx5"}],
        rdma,
        [
            {"name": "models", "persistentVolumeClaim": {"claimName": "maas-models"}},
            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "16Gi"}},
        ],
        leader_name,
        (312, 341, 3),
    )
    h = f"{leader_name}:1639:1915 [0]"
    boot = [
        "[INFO] Ray head node started, waiting for 2 nodes",
        "[INFO] All ray workers are active and the ray cluster is initialized successfully.",
        "INFO 03-23 21:43:12 [api_server.py:981] vLLM API server version 0.8.1",
        f"INFO 03-23 21:43:12 [api_server.py:982] args: Namespace(host=None, port=8080, model='{model}', "
        "tensor_parallel_size=2)",
        "INFO 03-23 21:43:19 [config.py:1508] Defaulting to use ray for distributed inference",
        "INFO 03-23 21:43:21 [ray_distributed_executor.py:176] use_ray_spmd_worker: False",
        f"{leader_name}:1639:1639 [0] NCCL INFO Bootstrap : Using eth0:10.244.17.23<0>",
        f"{leader_name}:1639:1639 [0] NCCL INFO NET/Plugin: Using internal network plugin.",
        f"{leader_name}:1639:1639 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB eth0:10.244.17.23<0>",
        f"{leader_name}:1639:1639 [0] NCCL INFO Using network IB",
        f"{leader_name}:1639:1639 [0] NCCL INFO ncclCommInitRank comm 0x5581c4a0 rank 0 nranks 2 cudaDev 0 "
        "nvmlDev 0 busId 1b000 commId 0x4c5e2d7a9b1f3e60 - Init START",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 00/02 :    0   1",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 01/02 :    0   1",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 01/0 : 1[0] -> 0[0] [receive] via NET/IB/0",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0",
        f"{leader_name}:1639:1639 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[0] [send] via NET/IB/0",
    ]
    # The lines the thread pasted from the leader (host name neutralised).
    pasted = [
        f"{h} NCCL INFO NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1040 mtu 5 query_ece={{supported=1, "
        "vendor_id=0x15b3, options=0x0, comp_mask=0x0} GID 0 (80FE/1A8A41FEFF21A75E) fifoRkey=0x15d3b2 "
        "fifoLkey=0x15d3b2",
        f"{h} NCCL INFO transport/net_ib.cc:1077 Ib Alloc Size 3336 pointer 0x7f1cd4097000",
        f"{h} NCCL INFO Received and initiated operation=Connect res=0",
        f"{h} NCCL INFO transport/net_ib.cc:1191 Ib Alloc Size 164448 pointer 0x7f1cd409e000",
        f"{h} NCCL INFO transport/net_ib.cc:1204 Ib Alloc Size 3336 pointer 0x7f1cd40c8000",
        f"{h} NCCL INFO Call to ibv_set_ece failed with error Operation not supported errno 95",
        "",
        f"{h} misc/ibvwrap.cc:206 NCCL WARN Call to ibv_modify_qp failed with error No such device errno 19",
        f"{h} NCCL INFO transport/net_ib.cc:937 -> 2",
        f"{h} NCCL INFO transport/net_ib.cc:1280 -> 2",
        f"{h} NCCL INFO transport/net.cc:837 -> 2",
        f"{leader_name}:1639:1639 [0] NCCL INFO transport.cc:197 -> 2",
        f"{leader_name}:1639:1639 [0] NCCL INFO init.cc:1222 -> 2",
        f"{leader_name}:1639:1639 [0] NCCL INFO init.cc:1501 -> 2",
        f"{leader_name}:1639:1639 [0] NCCL INFO init.cc:1746 -> 2",
        "ERROR 03-23 21:43:38 [engine.py:448] NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for "
        "details)",
        "ERROR 03-23 21:43:38 [engine.py:448] Traceback (most recent call last):",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/engine/'
        'multiprocessing/engine.py", line 436, in run_mp_engine',
        "ERROR 03-23 21:43:38 [engine.py:448]     engine = MQLLMEngine.from_vllm_config(",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/executor/'
        'executor_base.py", line 52, in __init__',
        "ERROR 03-23 21:43:38 [engine.py:448]     self._init_executor()",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/executor/'
        'ray_distributed_executor.py", line 114, in _init_executor',
        "ERROR 03-23 21:43:38 [engine.py:448]     self._init_workers_ray(placement_group)",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/executor/'
        'ray_distributed_executor.py", line 393, in _init_workers_ray',
        'ERROR 03-23 21:43:38 [engine.py:448]     self._run_workers("init_device")',
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/executor/'
        'ray_distributed_executor.py", line 514, in _run_workers',
        "ERROR 03-23 21:43:38 [engine.py:448]     self.driver_worker.execute_method(sent_method, *args, **kwargs)",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/worker/'
        'worker_base.py", line 621, in execute_method',
        "ERROR 03-23 21:43:38 [engine.py:448]     raise e",
        'ERROR 03-23 21:43:38 [engine.py:448]   File "/opt/venv/lib/python3.12/site-packages/vllm/distributed/'
        'device_communicators/pynccl_wrapper.py", line 277, in NCCL_CHECK',
        'ERROR 03-23 21:43:38 [engine.py:448]     raise RuntimeError(f"NCCL error: {error_str}")',
        "ERROR 03-23 21:43:38 [engine.py:448] RuntimeError: NCCL error: unhandled system error (run with "
        "NCCL_DEBUG=INFO for details)",
        "RuntimeError: Engine process failed to start. See stack trace for the root cause.",
    ]
    prev = stamped([*boot, *pasted], at(314), [2.0, 1.5, 0.1, 7.0, 2.0, 3.0] + [0.05] * 11 + [0.3] * 40)
    return CaseSpec(
        id="nccl-error-pod-lws-vllm-ib-modify-qp-no-such-device",
        kind="Pod",
        name=leader_name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=leader_name,
        evidence="Call to ibv_modify_qp failed with error No such device",
        description="vLLM served across two pods of a LeaderWorkerSet, one V100 each, tensor parallel 2 over Ray. "
        "When NCCL connects the two ranks over InfiniBand/RoCE, ibv_modify_qp fails with 'No such device' "
        "(errno 19): the RDMA device or GID NCCL picked is not usable from inside the pod. NCCL returns a system "
        "error, the engine does not start and the leader crash-loops. The ranks cannot communicate over the "
        "chosen IB device: expose the right HCA/GID to the pod (NCCL_IB_HCA, NCCL_IB_GID_INDEX) or fall back to "
        "sockets with NCCL_IB_DISABLE=1.",
        objects=objects,
        logs={f"{leader_name}/vllm-leader.previous": prev},
        captured=at(360),
        title="vLLM multi-node (one pod per node, one V100 each): 'NCCL WARN Call to ibv_modify_qp failed with "
        "error No such device errno 19', then 'NCCL error: unhandled system error'",
        source="https://github.com/NVIDIA/nccl/issues/1657",
    )


# -- 2. offline vLLM with tensor parallel 2 in a container: ncclCommInitRank, unhandled system error --


@SCENARIOS.add
def nccl_error_job_vllm_offline_tp2_comm_init_unhandled_system_error() -> CaseSpec:
    at = Clock(datetime(2024, 11, 25, 8, 16, tzinfo=timezone.utc))
    name, ns, host = "mapgpt-eval", "research", "gpu-a800-03"
    container = Container(
        "eval",
        "registry.example/research/mapgpt:vllm0.6.4",
        command=["python", "eval_mapgpt.py", "--use_vllm", "--tensor_parallel_size", "2"],
        env=[{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "NCCL_SOCKET_IFNAME", "value": "eth0"}],
        resources=gpu(2, "128Gi", "16"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=container, exit_code=1, ran=(20, 88), node=host)
    pod_name = p["metadata"]["name"]
    site = "/root/miniconda/envs/MapGPT/lib/python3.10/site-packages"
    w = "(VllmWorkerProcess pid=55933) ERROR 11-25 08:17:34 multiproc_worker_utils.py:229]"
    n = f"{pod_name}:55933:55933 [1]"
    lines = [
        "use_vllm: True",
        "tensor_parallel_size: 2",
        "use_vllm2 True",
        "vllm",
        "INFO 11-25 08:17:27 config.py:350] This model supports multiple tasks: {'generate', 'embedding'}. "
        "Defaulting to 'generate'.",
        "INFO 11-25 08:17:27 config.py:1020] Defaulting to use mp for distributed inference",
        "INFO 11-25 08:17:27 llm_engine.py:249] Initializing an LLM engine (v0.6.4.post1) with config: "
        "model='../models/Qwen2-VL-7B-Instruct', speculative_config=None, tokenizer='../models/Qwen2-VL-7B-Instruct', "
        "skip_tokenizer_init=False, tokenizer_mode=auto, revision=None, override_neuron_config=None, "
        "tokenizer_revision=None, trust_remote_code=False, dtype=torch.bfloat16, max_seq_len=32700, "
        "download_dir=None, load_format=LoadFormat.AUTO, tensor_parallel_size=2, pipeline_parallel_size=1, "
        "disable_custom_all_reduce=False, quantization=None, enforce_eager=False, kv_cache_dtype=auto",
        "WARNING 11-25 08:17:28 multiproc_gpu_executor.py:56] Reducing Torch parallelism from 8 threads to 1 to "
        "avoid unnecessary CPU contention. Set OMP_NUM_THREADS in the external environment to tune this value as "
        "needed.",
        "INFO 11-25 08:17:28 custom_cache_manager.py:17] Setting Triton cache manager to: "
        "vllm.triton_utils.custom_cache_manager:CustomCacheManager",
        "(VllmWorkerProcess pid=55933) INFO 11-25 08:17:29 multiproc_worker_utils.py:215] Worker ready; awaiting tasks",
        "INFO 11-25 08:17:30 utils.py:961] Found nccl from library libnccl.so.2",
        "INFO 11-25 08:17:30 pynccl.py:69] vLLM is using nccl==2.21.5",
        # The lines the thread pasted (container host name neutralised to the pod's).
        f"{n} NCCL INFO Bootstrap : Using eth0:10.244.31.7<0>",
        f"{n} NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        f"{n} NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No "
        "such file or directory : when loading libnccl-net.so",
        f"{n} NCCL INFO NET/Plugin: Using internal network plugin.",
        f"{n} NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0",
        f"{n} NCCL INFO NET/IB : No device found.",
        f"{n} NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0",
        f"{n} NCCL INFO NET/Socket : Using [0]eth0:10.244.31.7<0>",
        f"{n} NCCL INFO Using non-device net plugin version 0",
        f"{n} NCCL INFO Using network Socket",
        f"{n} NCCL INFO ncclCommInitRank comm 0xbde4170 rank 1 nranks 2 cudaDev 1 nvmlDev 1 busId 80 commId "
        "0x7fc852296fe0f6fb - Init START",
        f"{n} NCCL INFO comm 0xbde4170 rank 1 nRanks 2 nNodes 1 localRanks 2 localRank 1 MNNVL 0",
        f"{n} NCCL INFO Trees [0] -1/-1/-1->1->0 [1] -1/-1/-1->1->0",
        f"{n} NCCL INFO P2P Chunksize set to 131072",
        f"{w} Exception in worker VllmWorkerProcess while processing method init_device.",
        f"{w} Traceback (most recent call last):",
        f'{w}   File "{site}/vllm/executor/multiproc_worker_utils.py", line 223, in _run_worker_process',
        f"{w}     output = executor(*args, **kwargs)",
        f'{w}   File "{site}/vllm/worker/worker.py", line 148, in init_device',
        f"{w}     init_worker_distributed_environment(self.parallel_config, self.rank,",
        f'{w}   File "{site}/vllm/distributed/parallel_state.py", line 1025, in ensure_model_parallel_initialized',
        f"{w}     initialize_model_parallel(tensor_model_parallel_size,",
        f'{w}   File "{site}/vllm/distributed/parallel_state.py", line 908, in init_model_parallel_group',
        f"{w}     return GroupCoordinator(",
        f'{w}   File "{site}/vllm/distributed/parallel_state.py", line 228, in __init__',
        f"{w}     self.pynccl_comm = PyNcclCommunicator(",
        f'{w}   File "{site}/vllm/distributed/device_communicators/pynccl.py", line 99, in __init__',
        f"{w}     self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
        f'{w}   File "{site}/vllm/distributed/device_communicators/pynccl_wrapper.py", line 244, in ncclCommInitRank',
        f'{w}     self.NCCL_CHECK(self._funcs["ncclCommInitRank"](ctypes.byref(comm),',
        f'{w}   File "{site}/vllm/distributed/device_communicators/pynccl_wrapper.py", line 223, in NCCL_CHECK',
        f'{w}     raise RuntimeError(f"NCCL error: {{error_str}}")',
        f"{w} RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        f"{w}",
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/workspace/eval_mapgpt.py", line 212, in <module>',
        "[rank0]:     self.llm = LLM(",
        f'[rank0]:   File "{site}/vllm/distributed/device_communicators/pynccl_wrapper.py", line 223, in NCCL_CHECK',
        '[rank0]:     raise RuntimeError(f"NCCL error: {error_str}")',
        "[rank0]: RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "ERROR 11-25 08:17:35 multiproc_worker_utils.py:116] Worker VllmWorkerProcess pid 55933 died, exit code: -15",
        "INFO 11-25 08:17:35 multiproc_worker_utils.py:120] Killing local vLLM worker processes",
    ]
    log = stamped(lines, at(21), [0.1, 0.1, 0.1, 5.0, 0.1, 0.2, 1.0, 0.3, 1.0, 1.0, 0.1] + [0.05] * 60)
    return CaseSpec(
        id="nccl-error-job-vllm-offline-tp2-comm-init-unhandled-system-error",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pod_name,
        evidence="NCCL error: unhandled system error",
        description="An evaluation script builds a vLLM LLM with tensor_parallel_size 2 in one container. With one "
        "GPU it works; with two, NCCL's communicator init between the two local ranks fails with 'unhandled system "
        "error' (a system call NCCL needs - shared memory, sockets, IPC - failed in the container) and the job "
        "exits 1. Nothing else failed first: the ranks cannot set up collective communication. Run with "
        "NCCL_DEBUG=WARN to see the failing call; a larger /dev/shm or host IPC are the usual ways out.",
        objects=[job, p],
        logs={f"{pod_name}/eval": log},
        captured=at(120),
        title="vLLM tensor_parallel_size > 1 in a container: 'RuntimeError: NCCL error: unhandled system error' "
        "from ncclCommInitRank",
        source="https://github.com/vllm-project/vllm/issues/10626",
    )


# -- 3. mpirun over a generated hostfile with slots=0 on CPU nodes: 'already filled' ------------------


@SCENARIOS.add
def config_error_job_mpirun_hostfile_slots_zero_nodes_already_filled() -> CaseSpec:
    at = Clock(datetime(2025, 12, 29, 10, 0, tzinfo=timezone.utc))
    name, ns = "mpi-hostname", "default"
    script = (
        ': > /tmp/hostfile; for ip in $NODES_IPS; do echo "$ip slots=$GPUS_PER_NODE" >> /tmp/hostfile; done; '
        "if [ $JOB_COMPLETION_INDEX -eq 0 ]; then mpirun --allow-run-as-root --hostfile /tmp/hostfile -n 2 -N 1 "
        "--bind-to none hostname; else sleep infinity; fi"
    )
    spec_ctr = Container(
        "node",
        "registry.example/base/openmpi-sshd:4.1.5",
        command=["sh", "-c", script],
        env=[
            {"name": "GPUS_PER_NODE", "value": "0"},
            {"name": "NODES_IPS", "value": "10.244.0.94 10.244.0.43"},
        ],
        resources={"limits": {"cpu": "2", "memory": "4Gi"}, "requests": {"cpu": "2", "memory": "4Gi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=spec_ctr,
        failed=1,
        active=1,
        start=at(1),
        completions=2,
        parallelism=2,
        completion_mode="Indexed",
        conditions=backoff_conditions(at(33)),
    )
    rank0 = replace(spec_ctr, state=terminated(1, at(30), at(31)))
    rank1 = replace(spec_ctr, state=running(at(4)), ready=True)
    p0 = indexed_job_pod(job, 0, [rank0], created=at(1), phase="Failed", node="cpu-node-1", scheduled=at(2))
    p1 = indexed_job_pod(
        job, 1, [rank1], created=at(1), phase="Running", node="cpu-node-2", scheduled=at(2), deletion=at(33)
    )
    n0 = p0["metadata"]["name"]
    # The lines the thread pasted (addresses neutralised).
    log = stamped(
        [
            "Warning: Permanently added '[10.244.0.43]:10022' (ED25519) to the list of known hosts.",
            "--------------------------------------------------------------------------",
            "All nodes which are allocated for this job are already filled.",
            "--------------------------------------------------------------------------",
        ],
        at(30),
        [0.6, 0.0, 0.0],
    )
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {n0}", at(1), type_="Normal", component="job-controller"),
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p1['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(
            job,
            "SuccessfulDelete",
            f"Deleted pod: {p1['metadata']['name']}",
            at(33),
            type_="Normal",
            component="job-controller",
        ),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(33),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="config-error-job-mpirun-hostfile-slots-zero-nodes-already-filled",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=n0,
        evidence="All nodes which are allocated for this job are already filled",
        description="A two-node MPI job on CPU-only nodes: node 0 runs 'mpirun --hostfile ... -n 2 -N 1 hostname', "
        "node 1 waits. The hostfile is generated with 'slots=<GPUs per node>', which is 0 on CPU nodes, so Open MPI "
        "has no slot to map any process to and stops at once with 'All nodes which are allocated for this job are "
        "already filled.' The launch spec is wrong (slots=0 in the hostfile), not the network or the program: "
        "leave slots out or set it to the number of processes per node.",
        objects=[job, p0, p1, *events],
        logs={f"{n0}/node": log},
        captured=at(60),
        title="mpirun on non-GPU nodes: 'All nodes which are allocated for this job are already filled.' - the "
        "generated hostfile says slots=0",
        source="https://github.com/dstackai/dstack/issues/3434",
    )


# -- 4. vLLM over Ray on two pods: NCCL_BUFFSIZE too large, ibv_reg_dmabuf_mr cannot allocate memory --


@SCENARIOS.add
def nccl_error_pod_lws_vllm_ray_ib_reg_dmabuf_mr_cannot_allocate() -> CaseSpec:
    at = Clock(datetime(2025, 6, 13, 7, 30, tzinfo=timezone.utc))
    lws_name, ns, host0, host1 = "vllm-ray", "inference", "gpu-h100-07", "gpu-h100-08"
    leader_name, worker_name = f"{lws_name}-0", f"{lws_name}-0-1"
    model = "/models/Llama-3.3-70B-Instruct"
    objects, _ = _lws_vllm(
        at,
        lws_name,
        ns,
        (host0, host1),
        "docker.io/vllm/vllm-openai:v0.9.1",
        f"vllm serve {model} --port 8080 --tensor-parallel-size 4 --distributed-executor-backend ray",
        [
            {"name": "NCCL_DEBUG", "value": "INFO"},
            {"name": "NCCL_IB_GID_INDEX", "value": "3"},
            {"name": "NCCL_BUFFSIZE", "value": "1073741824"},
        ],
        {
            "limits": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": "2", "rdma/ib": "1"},
            "requests": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": "2", "rdma/ib": "1"},
        },
        [
            {"name": "models", "persistentVolumeClaim": {"claimName": "llama-70b"}},
            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "32Gi"}},
        ],
        leader_name,
        (250, 329, 2),
    )
    r = "(RayWorkerWrapper pid=291, ip=10.244.8.168)"
    wh = f"{worker_name}:291"
    lines = [
        "[INFO] Ray head node started, waiting for 2 nodes",
        "[INFO] All ray workers are active and the ray cluster is initialized successfully.",
        "INFO 06-13 07:34:41 [api_server.py:1287] vLLM API server version 0.9.1",
        f"INFO 06-13 07:34:41 [cli_args.py:309] non-default args: {{'model': '{model}', 'port': 8080, "
        "'distributed_executor_backend': 'ray', 'tensor_parallel_size': 4}",
        "INFO 06-13 07:34:52 [config.py:1976] Defaulting to use ray for distributed inference",
        "INFO 06-13 07:35:03 [ray_distributed_executor.py:176] use_ray_spmd_worker: True",
        # The lines the thread pasted (host names neutralised).
        f"{r} {wh}:1664 [1] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.",
        f"{r} {wh}:3517 [1] NCCL INFO Connected all rings, use ring PXN 0 GDR 1 [repeated 2x across cluster]",
        f"{r} {wh}:3517 [1] NCCL INFO Connected all trees [repeated 2x across cluster]",
        f"{r} {wh}:291 [1] NCCL INFO Connected binomial trees",
        f"{r} {wh}:3517 [1] NCCL INFO threadThresholds 8/8/64 | 64/8/64 | 512 | 512 [repeated 2x across cluster]",
        f"{r} {wh}:3517 [1] NCCL INFO 2 coll channels, 2 collnet channels, 0 nvls channels, 2 p2p channels, 2 p2p "
        "channels per peer [repeated 2x across cluster]",
        f"{r} {wh}:291 [1] NCCL INFO ncclCommInitRank comm 0x26bafab0 rank 3 nranks 4 cudaDev 1 nvmlDev 1 busId "
        "6000 commId 0x27da8d0f99f5ca84 - Init COMPLETE",
        f"{r} {wh}:291 [1] NCCL INFO Init timings - ncclCommInitRank: rank 3 nranks 4 total 0.15 (kernels 0.00, "
        "alloc 0.00, bootstrap 0.00, allgathers 0.00, topo 0.01, graphs 0.00, connections 0.13, rest 0.00)",
        f"{leader_name}:318:3584 [1] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error "
        "Cannot allocate memory",
        f"{leader_name}:318:3584 [1] NCCL INFO transport/net_ib.cc:1623 -> 2",
        f"{leader_name}:318:3584 [1] NCCL INFO transport/net.cc:722 -> 2",
        "ERROR 06-13 07:35:59 [core.py:517] EngineCore failed to start.",
        "ERROR 06-13 07:35:59 [core.py:517] Traceback (most recent call last):",
        'ERROR 06-13 07:35:59 [core.py:517]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/'
        'core.py", line 508, in run_engine_core',
        "ERROR 06-13 07:35:59 [core.py:517]     engine_core = EngineCoreProc(*args, **kwargs)",
        'ERROR 06-13 07:35:59 [core.py:517]   File "/usr/local/lib/python3.12/dist-packages/vllm/distributed/'
        'device_communicators/cuda_communicator.py", line 61, in __init__',
        'ERROR 06-13 07:35:59 [core.py:517]   File "cupy_backends/cuda/libs/nccl.pyx", line 129, in '
        "cupy_backends.cuda.libs.nccl.check_status",
        "ERROR 06-13 07:35:59 [core.py:517] cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_SYSTEM_ERROR: "
        "unhandled system error (run with NCCL_DEBUG=INFO for details)",
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
    ]
    prev = stamped(lines, at(251), [2.0, 1.5, 0.1, 11.0, 11.0] + [0.05] * 9 + [40.0] + [0.05] * 20)
    return CaseSpec(
        id="nccl-error-pod-lws-vllm-ray-ib-reg-dmabuf-mr-cannot-allocate",
        kind="Pod",
        name=leader_name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=leader_name,
        evidence="Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory",
        description="vLLM 0.9.1 served over Ray on two pods (tensor parallel 4) with InfiniBand. The NCCL "
        "communicators come up, then registering NCCL's buffers with the IB NIC fails: ibv_reg_dmabuf_mr cannot "
        "allocate memory because NCCL_BUFFSIZE was set far above its default. NCCL returns a system error, the "
        "engine core does not start and the leader crash-loops. Unset NCCL_BUFFSIZE (or lower it) so the "
        "buffers can be registered.",
        objects=objects,
        logs={f"{leader_name}/vllm-leader.previous": prev},
        captured=at(350),
        title="vLLM Docker image v0.9.1 over Ray: 'NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error'; "
        "'NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory' with a large NCCL_BUFFSIZE",
        source="https://github.com/vllm-project/vllm/issues/19613",
    )


# -- 5. TensorFlow with HybridBackend, four GPUs in one pod: NCCL communication aborted ---------------


@SCENARIOS.add
def nccl_error_job_tf_hybridbackend_nccl_communication_aborted() -> CaseSpec:
    at = Clock(datetime(2023, 10, 26, 12, 8, tzinfo=timezone.utc))
    name, ns, host = "rec-train", "recsys", "gpu-v100-12"
    container = Container(
        "trainer",
        "registry.example/recsys/hybridbackend-tf1.15:1.0.0-cu117",
        command=["python", "-m", "tensorflow.python.distribute.launch", "python", "train.py"],
        env=[{"name": "NCCL_DEBUG", "value": "INFO"}],
        resources=gpu(4, "240Gi", "32"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=container, exit_code=1, ran=(12, 262), node=host)
    pod_name = p["metadata"]["name"]
    n = f"{pod_name}:293"

    def plat(t: str, line: str) -> str:
        # The training platform prefixes every line with its own timestamp, as in the thread.
        return f"2023/10/26 {t} {line}"

    lines = [
        plat(
            "12:08:14",
            "2023-10-26 12:08:14.101228: I tensorflow/stream_executor/platform/default/dso_loader.cc:"
            "50] Successfully opened dynamic library libcudart.so.11.0",
        ),
        plat("12:08:40", f"{n}:293 [0] NCCL INFO Bootstrap : Using eth0:10.244.12.9<0>"),
        plat(
            "12:08:40",
            f"{n}:293 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
        ),
        plat("12:08:40", f"{n}:293 [0] NCCL INFO NET/IB : No device found."),
        plat("12:08:40", f"{n}:293 [0] NCCL INFO NET/Socket : Using [0]eth0:10.244.12.9<0>"),
        plat("12:08:40", f"{n}:293 [0] NCCL INFO Using network Socket"),
        plat("12:08:40", "NCCL version 2.12.12+cuda11.7"),
        plat("12:08:41", f"{n}:765 [0] NCCL INFO Channel 00/02 :    0   1   2   3"),
        plat("12:08:41", f"{n}:765 [0] NCCL INFO Channel 00 : 0[d9000] -> 1[da000] via P2P/IPC"),
        plat(
            "12:08:41",
            f"{n}:763 [0] NCCL INFO comm 0x7fda2c015e20 rank 0 nranks 4 cudaDev 0 busId d9000 - Init COMPLETE",
        ),
        plat("12:09:02", "INFO:tensorflow:global_step/sec: 3.81"),
        plat("12:10:02", "INFO:tensorflow:global_step/sec: 3.79"),
        plat("12:11:02", "INFO:tensorflow:global_step/sec: 3.80"),
        # The lines the thread pasted (host name neutralised).
        plat("12:12:06", f"{n}:765 [0] NCCL INFO proxy.cc:614 -> 2 [Proxy Thread]"),
        plat(
            "12:12:06",
            "2023-10-26 12:12:06.704113: E hybridbackend/tensorflow/distribute/nccl/"
            "nccl_collective.cc:461] NCCL communication aborted: unhandled system error",
        ),
        plat(
            "12:12:07",
            f"{n}:763 [0] NCCL INFO comm 0x7fda2c015e20 rank 0 nranks 4 cudaDev 0 busId d9000 - Abort COMPLETE",
        ),
        plat(
            "12:12:07",
            "2023-10-26 12:12:07.399692: W tensorflow/core/framework/op_kernel.cc:1651] OP_REQUIRES "
            "failed at nccl_create.cc:112 : Internal: unhandled system error",
        ),
        plat(
            "12:12:20",
            "/usr/lib/python3.8/runpy.py:127: RuntimeWarning: 'tensorflow.python.distribute.launch' "
            "found in sys.modules after import of package 'tensorflow.python.distribute', but prior to execution "
            "of 'tensorflow.python.distribute.launch'; this may result in unpredictable behaviour",
        ),
        plat("12:12:20", "warn(RuntimeWarning(msg))"),
        plat("12:12:20", "Traceback (most recent call last):"),
        plat("12:12:20", 'File "/usr/lib/python3.8/runpy.py", line 194, in _run_module_as_main'),
        plat("12:12:20", "return _run_code(code, main_globals, None,"),
        plat("12:12:20", 'File "/usr/lib/python3.8/runpy.py", line 87, in _run_code'),
        plat("12:12:20", "exec(code, run_globals)"),
        plat(
            "12:12:20",
            'File "/usr/local/lib/python3.8/dist-packages/tensorflow_core/python/distribute/'
            'launch.py", line 319, in <module>',
        ),
        plat("12:12:20", "launch(args)"),
        plat(
            "12:12:20",
            "subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 1.",
        ),
    ]
    stamps = [datetime.strptime(line[:19], "%Y/%m/%d %H:%M:%S").replace(tzinfo=timezone.utc) for line in lines]
    log = "".join(stamped([line], when, 0) for line, when in zip(lines, stamps, strict=True))
    return CaseSpec(
        id="nccl-error-job-tf-hybridbackend-nccl-communication-aborted",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pod_name,
        evidence="NCCL communication aborted: unhandled system error",
        description="A TensorFlow recommendation model trained with HybridBackend on four GPUs of one pod. After "
        "four minutes of steps, NCCL's proxy thread hits a system error, HybridBackend aborts the communicator "
        "('NCCL communication aborted: unhandled system error') and the launcher exits 1. The collective "
        "communication between the ranks failed and nothing else failed first.",
        objects=[job, p],
        logs={f"{pod_name}/trainer": log},
        captured=at(300),
        title="TensorFlow HybridBackend: 'NCCL communication aborted: unhandled system error' after proxy.cc:614 -> 2",
        source="https://github.com/NVIDIA/nccl/issues/1039",
    )


# -- 6. RL fine-tuning on four GPUs of one pod: rank 1's BROADCAST times out in the NCCL watchdog ----


@SCENARIOS.add
def nccl_error_job_rl_finetune_broadcast_watchdog_timeout() -> CaseSpec:
    at = Clock(datetime(2024, 11, 19, 15, 21, tzinfo=timezone.utc))
    name, ns, host = "tape-rl-finetune", "agents", "gpu-a100-31"
    env = "/home/toolkit/.conda/envs/tapeagents"
    container = Container(
        "finetune",
        "registry.example/agents/tapeagents:cu121",
        command=["bash", "-c"],
        args=[f"{env}/bin/accelerate launch --multi_gpu --num_processes 4 examples/rl_gsm8k/run_finetune.py"],
        resources=gpu(4, "320Gi", "32"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=container, exit_code=1, ran=(10, 1372), node=host)
    pod_name = p["metadata"]["name"]
    lib = f"{env}/lib/python3.10/site-packages/torch/lib"
    lines = [
        "The following values were not passed to `accelerate launch` and had defaults used instead:",
        "\t`--mixed_precision` was set to a value of `'no'`",
        "[2024-11-19 15:21:31,118][tapeagents.finetune.finetune][INFO] - Initializing model from base checkpoint",
        "[2024-11-19 15:22:10,402][tapeagents.finetune.finetune][INFO] - Loaded 5120 training samples",
        "[2024-11-19 15:23:05,771][tapeagents.finetune.finetune][INFO] - Completed steps 10: {'loss': 0.412}",
        "[2024-11-19 15:33:36,090][tapeagents.finetune.finetune][INFO] - Saving checkpoint at step 40",
        # The lines the thread pasted.
        "[rank1]:[E1119 15:43:36.162898839 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 1] Process group "
        "watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=58, OpType=BROADCAST, NumelIn=2112, NumelOut=2112, Timeout(ms)=600000) ran for 600076 "
        "milliseconds before timing out.",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most "
        "recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7fffd7377f86 in {lib}/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
        f"std::ratio<1l, 1000l> > >) + 0x1d2 (0x7fff893708d2 in {lib}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7fff89377313 in {lib}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7fff893796fc in {lib}/libtorch_cuda.so)",
        f"frame #4: <unknown function> + 0xdbbf4 (0x7fffd6ac7bf4 in {env}/bin/../lib/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7ffff7c94ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7ffff7d25a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "W1119 15:43:41.204000 140737353955136 torch/distributed/elastic/multiprocessing/api.py:858] Sending "
        "process 2215 closing signal SIGTERM",
        "W1119 15:43:41.205000 140737353955136 torch/distributed/elastic/multiprocessing/api.py:858] Sending "
        "process 2217 closing signal SIGTERM",
        "W1119 15:43:41.205000 140737353955136 torch/distributed/elastic/multiprocessing/api.py:858] Sending "
        "process 2218 closing signal SIGTERM",
        "E1119 15:43:42.381000 140737353955136 torch/distributed/elastic/multiprocessing/api.py:833] failed "
        f"(exitcode: -6) local_rank: 1 (pid: 2216) of binary: {env}/bin/python",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "examples/rl_gsm8k/run_finetune.py FAILED",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2024-11-19_15:43:41",
        "  host      : " + pod_name,
        "  rank      : 1 (local_rank: 1)",
        "  exitcode  : -6 (pid: 2216)",
        "  error_file: <N/A>",
        "  traceback : Signal 6 (SIGABRT) received by PID 2216",
        "============================================================",
    ]
    log = stamped(lines, at(11), [0.4, 20.0, 39.0, 55.0, 630.0, 600.0] + [0.01] * 11 + [5.0] + [0.01] * 30)
    return CaseSpec(
        id="nccl-error-job-rl-finetune-broadcast-watchdog-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pod_name,
        evidence="Watchdog caught collective operation timeout",
        description="An RL fine-tuning run launched with accelerate on four GPUs of one pod. After a checkpoint "
        "save, rank 1 waits in a BROADCAST that never completes; ten minutes later the NCCL watchdog aborts "
        "the process ('Watchdog caught collective operation timeout ... OpType=BROADCAST'), the launcher kills "
        "the other ranks and the Job fails. No rank failed first for another reason: the collective between "
        "the ranks timed out.",
        objects=[job, p],
        logs={f"{pod_name}/finetune": log},
        captured=at(1400),
        title="NCCL timeout on multi-gpu: rank 1 'Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=58, OpType=BROADCAST ...) ran for 600076 milliseconds'",
        source="https://github.com/ServiceNow/TapeAgents/issues/104",
    )


# -- 7. vLLM-Ascend data parallel over two pods: the DP all_reduce on Gloo gets connection reset -----


@SCENARIOS.add
def nccl_error_pod_vllm_ascend_dp_gloo_allreduce_connection_reset() -> CaseSpec:
    at = Clock(datetime(2026, 6, 4, 12, 20, tzinfo=timezone.utc))
    ns, host0, host1 = "llm-serving", "ascend-a2-01", "ascend-a2-02"
    name0, name1 = "vllm-dp-node0", "vllm-dp-node1"
    image = "quay.io/ascend/vllm-ascend:v0.11.0"
    model = "/models/Qwen3-30B-A3B"
    npu = {
        "limits": {"cpu": "64", "memory": "512Gi", "huawei.com/Ascend910": "2"},
        "requests": {"cpu": "64", "memory": "512Gi", "huawei.com/Ascend910": "2"},
    }
    common = (
        f"vllm serve {model} --port 8000 --data-parallel-size 4 --data-parallel-size-local 2 "
        "--data-parallel-address 10.244.3.17 --data-parallel-rpc-port 13389 --enable-expert-parallel"
    )
    env = [
        {"name": "GLOO_SOCKET_IFNAME", "value": "eth0"},
        {"name": "HCCL_SOCKET_IFNAME", "value": "eth0"},
        {"name": "VLLM_LOGGING_LEVEL", "value": "DEBUG"},
    ]
    c0 = Container(
        "vllm",
        image,
        command=["bash", "-c"],
        args=[common],
        env=env,
        ports=[{"containerPort": 8000}],
        resources=npu,
        state=_crash_loop("vllm", name0, ns),
        last=terminated(1, at(40), at(1560)),
        restarts=1,
    )
    c1 = Container(
        "vllm",
        image,
        command=["bash", "-c"],
        args=[f"{common} --headless --data-parallel-start-rank 2"],
        env=env,
        resources=npu,
        state=running(at(12)),
        ready=True,
    )

    def member(name: str, host: str, c: Container, index: int) -> Obj:
        return pod(
            name=name,
            namespace=ns,
            labels={"app": "vllm-dp", "dp-node": str(index)},
            owner=None,
            containers=[c],
            created=at(index * 2),
            phase="Running",
            node=host,
            scheduled=at(index * 2 + 1),
            restart_policy="Always",
        )

    p0 = member(name0, host0, c0, 0)
    p1 = member(name1, host1, c1, 1)
    w = "(Worker_DP0_TP0_EP0 pid=5609) ERROR 06-04 12:45:50 [v1/executor/multiproc_executor.py:932]"
    api = "(APIServer pid=5496)"
    lines = [
        f"{api} INFO 06-04 12:20:51 [api_server.py:1839] vLLM API server version 0.11.0",
        f"{api} INFO 06-04 12:23:12 [launcher.py:44] Route: /v1/chat/completions, Methods: POST",
        f"{api} INFO:     Started server process [5496]",
        f"{api} INFO:     Application startup complete.",
        # The lines the thread pasted (addresses neutralised).
        f"{api} DEBUG 06-04 12:45:33 [v1/metrics/loggers.py:259] Engine 000: Avg prompt throughput: 0.0 tokens/s, "
        "Avg generation throughput: 0.0 tokens/s, Running: 0 reqs, Waiting: 0 reqs, GPU KV cache usage: 0.0%, "
        "Prefix cache hit rate: 0.0%",
        f"{api} DEBUG 06-04 12:45:33 [v1/metrics/loggers.py:259] Engine 001: Avg prompt throughput: 0.0 tokens/s, "
        "Avg generation throughput: 0.0 tokens/s, Running: 0 reqs, Waiting: 0 reqs, GPU KV cache usage: 0.0%, "
        "Prefix cache hit rate: 0.0%",
        f"{api} DEBUG 06-04 12:45:36 [v1/engine/core_client.py:1312] Received counts: [[0, 0], [0, 0]] "
        "(slice(0, 2, None))",
        f"{api} DEBUG 06-04 12:45:41 [v1/engine/core_client.py:1312] Received counts: [[0, 0], [0, 0]] "
        "(slice(0, 2, None))",
        f"{w} WorkerProc hit an exception.",
        f"{w} Traceback (most recent call last):",
        f'{w}   File "/vllm-workspace/vllm-ascend/vllm_ascend/worker/model_runner_v1.py", line 1902, in '
        "_sync_batch_across_dp",
        f"{w}     dist.all_reduce(tensor, group=get_dp_group().cpu_group)",
        f'{w}   File "/usr/local/python3.11.14/lib/python3.11/site-packages/torch/distributed/c10d_logger.py", '
        "line 81, in wrapper",
        f"{w}     return func(*args, **kwargs)",
        f"{w}            ^^^^^^^^^^^^^^^^^^^^^",
        f'{w}   File "/usr/local/python3.11.14/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", '
        "line 2942, in all_reduce",
        f"{w}     work = group.allreduce([tensor], opts)",
        f"{w}            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f"{w} RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Read error [10.244.5.23]:38261: "
        "Connection reset by peer",
        "(EngineCore_DP0 pid=5560) ERROR 06-04 12:45:50 [v1/engine/core.py:851] EngineCore encountered a fatal error.",
        f"{api} ERROR 06-04 12:45:50 [v1/engine/async_llm.py:480] AsyncLLM output_handler failed.",
        f"{api} ERROR 06-04 12:45:50 [v1/engine/async_llm.py:480] vllm.v1.engine.exceptions.EngineDeadError: "
        "EngineCore encountered an issue. See stack trace (above) for the root cause.",
        f"{api} INFO:     Shutting down",
    ]
    prev = stamped(lines, at(41), [30.0, 0.1, 0.1, 1342.0, 0.0, 3.0, 5.0] + [9.0] + [0.001] * 30)
    events = [
        event(p0, "Started", "Started container vllm", at(1562), type_="Normal", host=host0),
        _backoff(p0, "vllm", at, 1563, 1590, 3),
    ]
    return CaseSpec(
        id="nccl-error-pod-vllm-ascend-dp-gloo-allreduce-connection-reset",
        kind="Pod",
        name=name0,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=name0,
        evidence="Connection reset by peer",
        description="vLLM-Ascend served with data parallelism 4 across two pods on two machines. Every step the "
        "DP ranks synchronise their batch sizes with an all_reduce on the Gloo CPU group; on the first pod that "
        "all_reduce fails with 'Read error ...: Connection reset by peer' because a rank on the other machine did "
        "not reach it in time, the engine core dies and the pod restarts. Communication between the ranks failed; "
        "nothing else failed first.",
        objects=[p0, p1, *events],
        logs={f"{name0}/vllm.previous": prev},
        captured=at(1600),
        title="Dual-machine data parallel: some nodes fail to reach all_reduce on time, the Gloo backend reports "
        "'connection reset by peer'",
        source="https://github.com/vllm-project/vllm/issues/45092",
    )


# -- 8. Elastic PyTorchJob (c10d rendezvous): a stopped worker rejoins a closed rendezvous ------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_elastic_c10d_worker_rejoin_rendezvous_closed() -> CaseSpec:
    at = Clock(datetime(2025, 2, 13, 11, 40, tzinfo=timezone.utc))
    name, ns = "elastic-demo-ptjob", "training"
    master = f"{name}-master-0"
    worker = f"{name}-worker-0"
    cmd = (
        "torchrun --nnodes=1:2 --nproc-per-node=1 --rdzv-id=0 --rdzv-backend=c10d "
        f"--rdzv-endpoint={master}:23456 --max-restarts=10 elastic-demo.py"
    )
    container = Container(
        "pytorch",
        "registry.example/training/torch-elastic:2.5.1-cuda12.4",
        command=["bash", "-c"],
        args=[cmd],
        resources=gpu(1, "32Gi", "8"),
    )
    site = "/opt/conda/lib/python3.11/site-packages/torch/distributed"

    def glog(level: str, t: str, where: str, msg: str) -> str:
        return f"{level}0213 {t} 1 {where}] {msg}"

    launch = "torch/distributed/launcher/api.py:194"
    agent = "torch/distributed/elastic/agent/server/api.py"

    def starting(t: str, t_rdzv: str) -> list[str]:
        """torchrun's launch configs and its first rendezvous line, as every agent logs them."""
        configs = [
            "Starting elastic_operator with launch configs:",
            "  entrypoint       : elastic-demo.py",
            "  min_nodes        : 1",
            "  max_nodes        : 2",
            "  rdzv_backend     : c10d",
            f"  rdzv_endpoint    : {master}:23456",
            "  max_restarts     : 10",
        ]
        return [glog("I", t, launch, c) for c in configs] + [
            glog("I", t_rdzv, f"{agent}:677", "[default] Rendezvous'ing worker group")
        ]

    master_log = stamped(
        [
            *starting("11:40:08.312000", "11:40:08.318000"),
            glog("I", "11:40:39.802000", f"{agent}:525", "[default] Rendezvous complete for workers. Result:"),
            glog("I", "11:40:39.802000", f"{agent}:525", "  restart_count=0"),
            glog("I", "11:40:39.802000", f"{agent}:525", "  group_rank=0"),
            glog("I", "11:40:39.802000", f"{agent}:525", "  group_world_size=2"),
            "[rank0] epoch 0 step 100 loss 2.113",
            "[rank0] epoch 0 step 200 loss 1.874",
            "[rank0] epoch 0 step 300 loss 1.702",
        ],
        at(8),
        [0.0] * 7 + [31.5] + [0.0] * 3 + [40.0, 40.0, 40.0],
    )
    tb = [
        "Traceback (most recent call last):",
        '  File "/opt/conda/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        "             ^^^^^^",
        f'  File "{site}/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        f'  File "{site}/run.py", line 919, in main',
        "    run(args)",
        f'  File "{site}/run.py", line 910, in run',
        "    elastic_launch(",
        f'  File "{site}/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        f'  File "{site}/launcher/api.py", line 260, in launch_agent',
        "    result = agent.run()",
        f'  File "{site}/elastic/agent/server/api.py", line 696, in run',
        "    result = self._invoke_run(role)",
        f'  File "{site}/elastic/agent/server/api.py", line 849, in _invoke_run',
        "    self._initialize_workers(self._worker_group)",
        f'  File "{site}/elastic/agent/server/api.py", line 678, in _initialize_workers',
        "    self._rendezvous(worker_group)",
        f'  File "{site}/elastic/agent/server/api.py", line 538, in _rendezvous',
        "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
        f'  File "{site}/elastic/rendezvous/dynamic_rendezvous.py", line 1125, in next_rendezvous',
        "    self._op_executor.run(join_op, deadline, self._get_deadline)",
        f'  File "{site}/elastic/rendezvous/dynamic_rendezvous.py", line 648, in run',
        "    raise RendezvousClosedError",
        "torch.distributed.elastic.rendezvous.api.RendezvousClosedError",
    ]
    worker_prev = stamped(
        [
            *starting("11:52:31.104000", "11:52:31.110000"),
            *tb,
        ],
        at(751),
        [0.0] * 7 + [0.6] + [0.0] * 30,
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=container,
        plans=[
            PodPlan("master", 0, running(at(7)), log=master_log, node="gpu-node-a"),
            PodPlan(
                "worker",
                0,
                _crash_loop("pytorch", worker, ns),
                last=terminated(1, at(750), at(752)),
                restarts=3,
                previous_log=worker_prev,
                node="gpu-node-b",
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
        restart_policy="OnFailure",
    )
    wp = pods[1]
    events = [
        event(wp, "Killing", "Stopping container pytorch", at(640), type_="Normal", host="gpu-node-b"),
        event(wp, "Started", "Started container pytorch", at(750), type_="Normal", host="gpu-node-b"),
        _backoff(wp, "pytorch", at, 753, 930, 6),
    ]
    return CaseSpec(
        id="rendezvous-error-pytorchjob-elastic-c10d-worker-rejoin-rendezvous-closed",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=worker,
        evidence="RendezvousClosedError",
        description="An elastic PyTorchJob (torchrun, c10d rendezvous on the master pod, 1 to 2 nodes). The "
        "worker's torchrun was stopped with SIGTERM; its agent closed the rendezvous on the way out. When the "
        "worker comes back it cannot join: torchrun fails at once with RendezvousClosedError and the pod "
        "crash-loops, while the master's training stalls. The ranks cannot meet again under the same run id.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(940),
        title="torch elastic: after terminating the worker node's torchrun, the master hangs and restarting the "
        "worker fails with RendezvousClosedError",
        source="https://github.com/pytorch/pytorch/issues/147064",
    )
