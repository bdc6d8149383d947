"""Fresh round 43: real public threads about ranks that cannot meet: multi-node timeouts, c10d sockets, master ports, elastic agents, host names, NCCL bootstrap.

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
    PodPlan,
    Scenarios,
    cpu_only,
    gpu,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
)
from tests.cases.scenarios_fresh15_distributed import _running_job
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. torchrun with an elastic node range: the c10d store at the rendezvous endpoint never answers ------------


@SCENARIOS.add
def rendezvous_error_job_torchrun_elastic_nnodes_range_c10d_store_unreachable() -> CaseSpec:
    at = Clock(datetime(2023, 8, 11, 3, 20, tzinfo=timezone.utc))
    banner = "*****************************************"
    lines = [
        "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being "
        "overloaded, please further tune the variable for optimal performance in your application as needed. ",
        banner,
        "[E socket.cpp:860] [c10d] The client socket has timed out after 60s while trying to connect to 192.0.0.1:1234",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has "
        "failed. See inner exception for details.",
    ]
    ran = 66.0
    return _job_case(
        id="rendezvous-error-job-torchrun-elastic-nnodes-range-c10d-store-unreachable",
        name="elastic-train",
        ns="ml-train",
        at=at,
        image="registry.example/ml/pytorch-train:2.0.1-cuda11.7",
        command=[
            *("torchrun", "--nnodes=1:3", "--nproc_per_node=4", "--max_restarts=3", "--rdzv_id=1"),
            *("--rdzv_backend=c10d", "--rdzv_endpoint=192.0.0.1:1234", "train.py"),
        ],
        resources=gpu(4, "128Gi", "32"),
        exit_code=1,
        ran=(3, ran),
        log=stamped(lines, at(4), [0.0, 60.2, 0.4]),
        category="rendezvous-error",
        evidence="The client socket has timed out after 60s while trying to connect to",
        description="torchrun on several machines with an elastic node range (--nnodes=1:3 --nproc_per_node=4 "
        "--max_restarts=3 --rdzv_backend=c10d --rdzv_endpoint=192.0.0.1:1234): the launcher cannot reach the c10d "
        "store at the rendezvous endpoint - '[E socket.cpp:860] [c10d] The client socket has timed out after 60s "
        "while trying to connect to 192.0.0.1:1234' and 'RendezvousConnectionError: The connection to the C10d store "
        "has failed' - so no worker is ever started (the thread's title: 'RendezvousConnectionError when use C10d on "
        "multi nodes'). The command and the lines are the thread's, verbatim. Reconstructed: one of the machines as a "
        "batch Job whose one pod (four GPUs) runs the torchrun command, the launcher exiting 1 after the error (as "
        "torchrun does), the image, resources, node and times.",
        title="torchrun --nnodes=1:3 with the c10d backend: 'The client socket has timed out after 60s while trying "
        "to connect to' the rendezvous endpoint, RendezvousConnectionError",
        source="https://github.com/pytorch/pytorch/issues/107021",
        captured=ran + 300,
        node_name="gpu-node-12",
    )


# -- 2. HF Trainer on two nodes, static rendezvous: the second node's connect() to the master times out ---------


@SCENARIOS.add
def rendezvous_error_pytorchjob_static_tcp_rendezvous_connect_timed_out() -> CaseSpec:
    at = Clock(datetime(2021, 12, 23, 8, 0, tzinfo=timezone.utc))
    name, ns = "t5-finetune", "nlp"
    ctr = Container(
        "pytorch",
        "registry.example/nlp/transformers-train:4.14-torch1.10-py37",
        command=[
            *("python", "-m", "torch.distributed.run", "--nnodes=2", "--nproc_per_node=8"),
            *("run_translation.py", "--deepspeed", "ds_config.json"),
        ],
        resources=gpu(8, "512Gi", "64"),
    )
    banner = "*****************************************"
    start = [
        "  FutureWarning,",
        "WARNING:torch.distributed.run:",
        banner,
        "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being "
        "overloaded, please further tune the variable for optimal performance in your application as needed. ",
        banner,
    ]
    site = "/path/to/py37/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py"
    error = [
        f'  File "{site}", line 61, in next_rendezvous',
        "    multi_tenant=True,",
        "RuntimeError: connect() timed out. Original timeout was 900000 ms.",
    ]
    master_log = stamped(start, at(12), 0.0)
    worker_log = stamped([*start, *error], at(13), [0.0] * 4 + [900.1, 0.0, 0.0])
    failed_at = 13 + 900.1 + 0.6
    plans = [
        PodPlan("master", 0, running(at(10)), node="gpu-a100-01", log=master_log),
        PodPlan("worker", 0, terminated(1, at(11), at(failed_at)), node="gpu-a100-02", log=worker_log),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(9), failed=("Worker", at(failed_at + 1))),
        statuses={"Master": {"active": 1}, "Worker": {"failed": 1}},
    )
    worker = pods[1]["metadata"]["name"]
    return CaseSpec(
        id="rendezvous-error-pytorchjob-static-tcp-rendezvous-connect-timed-out",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=worker,
        evidence="RuntimeError: connect() timed out. Original timeout was 900000 ms.",
        description="A Hugging Face Trainer fine-tuning (DeepSpeed) launched with torch.distributed.run on two nodes "
        "of eight A100s: it runs on one node, but across two nodes 'it hangs indefinitely' after torchrun's "
        "OMP_NUM_THREADS banner and, after the 900 s rendezvous timeout, fails in static_tcp_rendezvous.py "
        "next_rendezvous with 'RuntimeError: connect() timed out. Original timeout was 900000 ms.' - the second node "
        "never reaches the master's TCP store (a maintainer's reply: 'Sounds like a firewall issue then'). The lines "
        "are the thread's, verbatim (the thread pastes only the tail of the traceback). Reconstructed: the two nodes as "
        "a PyTorchJob of a Master and a Worker, the error in the Worker's log (the node that connects to the store; "
        "the master only shows the banner it stops at), the Worker exiting 1, the Master still running, the script "
        "and DeepSpeed config, image, resources, nodes and times.",
        objects=[job, *pods],
        logs=logs,
        captured=at(failed_at + 180),
        title="Two-node torch.distributed.run hangs after the banner, then static_tcp_rendezvous: 'RuntimeError: "
        "connect() timed out. Original timeout was 900000 ms.'",
        source="https://github.com/huggingface/transformers/issues/14878",
    )


# -- 3. MXNet's ssh launcher: an empty host turns the remote command into the host name ssh cannot resolve ------


@SCENARIOS.add
def config_error_job_mxnet_ssh_launcher_could_not_resolve_hostname_export() -> CaseSpec:
    at = Clock(datetime(2015, 12, 23, 2, 0, tzinfo=timezone.utc))
    name, ns = "mxnet-dist-mnist", "research"
    ctr = Container(
        "launcher",
        "registry.example/research/mxnet:0.5-cuda7.5",
        command=[
            *("tools/launch.py", "-n", "2", "-H", "hosts", "python"),
            *("example/image-classification/train_mnist.py", "--kv-store", "dist_sync"),
        ],
        resources=cpu_only("8Gi", "4"),
    )
    job, p = _running_job(name, ns, at, ctr, "cpu-node-03")
    env = (
        "export DMLC_ROLE=worker; export DMLC_PS_ROOT_PORT=9729; export DMLC_PS_ROOT_URI=10.108.165.17; "
        "export DMLC_NUM_SERVER=2; export DMLC_NUM_WORKER=2; cd /mxnet/; "
        "python example/image-classification/train_mnist.py --kv-store dist_sync"
    )
    lines = [
        "ssh: Could not resolve hostname export dmlc_role=worker; export dmlc_ps_root_port=9729; export "
        "dmlc_ps_root_uri=10.108.165.17; expor: Name or service not known",
        "Exception in thread Thread-4:",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python2.7/threading.py", line 810, in __bootstrap_inner',
        "    self.run()",
        '  File "/usr/lib/python2.7/threading.py", line 763, in run',
        "    self.__target(*self.__args, **self.__kwargs)",
        '  File "/mxnet/tools/../ps-lite/tracker/dmlc_ssh.py", line 60, in run',
        "    subprocess.check_call(prog, shell = True)",
        '  File "/usr/lib/python2.7/subprocess.py", line 540, in check_call',
        "    raise CalledProcessError(retcode, cmd)",
        f"CalledProcessError: Command 'ssh -o StrictHostKeyChecking=no  '{env}'' returned non-zero exit status 255",
    ]
    pod = p["metadata"]["name"]
    return CaseSpec(
        id="config-error-job-mxnet-ssh-launcher-could-not-resolve-hostname-export",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pod,
        evidence="ssh: Could not resolve hostname export dmlc_role=worker",
        description="MXNet's distributed MNIST example started with the ssh launcher, tools/launch.py -n 2 -H hosts "
        "... --kv-store dist_sync. The launcher builds 'ssh -o StrictHostKeyChecking=no  '<commands>'' with no host "
        "between the options and the remote command (note the two spaces), so ssh takes the command itself as the "
        "host name: 'ssh: Could not resolve hostname export dmlc_role=worker; export dmlc_ps_root_port=9729; ...: "
        "Name or service not known', and the tracker's ssh thread dies with CalledProcessError ... exit status 255. "
        "The hosts file given with -H does not yield a usable host for that worker (the reporter was asked for its "
        "content); no worker is ever started. The lines are the thread's, verbatim. Reconstructed: the launcher as a "
        "batch Job whose one pod runs the command, the pod still Running (the exception kills only the tracker's ssh "
        "thread, the launcher's main thread keeps waiting for workers that never come), nothing more logged, the "
        "image, resources, node and times.",
        objects=[job, p],
        logs={f"{pod}/launcher": stamped(lines, at(14), 0.001)},
        captured=at(1800),
        title="MXNet ssh launcher: 'ssh: Could not resolve hostname export dmlc_role=worker; ...' - no host in the "
        "ssh command, the tracker thread fails with exit status 255",
        source="https://github.com/apache/mxnet/issues/1037",
    )


# -- 4. ImageNet example under PBS: env:// rendezvous, the master address does not resolve -----------------------


@SCENARIOS.add
def rendezvous_error_job_imagenet_env_rendezvous_tcpstore_host_not_found() -> CaseSpec:
    at = Clock(datetime(2019, 4, 9, 1, 30, tzinfo=timezone.utc))
    lines = [
        'File "/apps/pytorch/1.1.0a0-py36/lib/python3.6/site-packages/torch/distributed/rendezvous.py", line 143, in '
        "_env_rendezvous_handler",
        "store = TCPStore(master_addr, master_port, world_size, start_daemon)",
        "ValueError: host not found: Name or service not known",
    ]
    ran = 9.0
    return _job_case(
        id="rendezvous-error-job-imagenet-env-rendezvous-tcpstore-host-not-found",
        name="imagenet-ddp",
        ns="vision",
        at=at,
        image="registry.example/vision/pytorch:1.1.0a0-py36-cuda9.0",
        command=[
            *("python", "main.py", "-a", "resnet50", "--dist-url", "env://", "--dist-backend", "nccl"),
            *("--multiprocessing-distributed", "/data/imagenet"),
        ],
        resources=gpu(4, "96Gi", "24"),
        exit_code=1,
        ran=(3, ran),
        log=stamped(lines, at(ran - 0.2), 0.001),
        category="rendezvous-error",
        evidence="ValueError: host not found: Name or service not known",
        description="The PyTorch ImageNet example (main.py) with dist_method env:// and the NCCL backend, submitted "
        "through a PBS script (pytorch 1.1.0a0, openmpi 3.1.3, CUDA 9.0): the env:// rendezvous handler cannot create "
        "the TCPStore because the master address does not resolve - 'store = TCPStore(master_addr, master_port, "
        "world_size, start_daemon)' raises 'ValueError: host not found: Name or service not known' - so the process "
        "group never forms. The reporter later found the job had been submitted to the wrong machine by a mistake in "
        "the submission script. The lines are the thread's, verbatim (pasted without indentation). Reconstructed: the "
        "job as a batch Job whose one pod (four GPUs) runs main.py (the exact arguments are not in the thread: "
        "resnet50, env:// and nccl stand in), the exit code 1, the image, resources, node and times.",
        title="ImageNet example with env:// rendezvous: TCPStore(master_addr, ...) 'ValueError: host not found: Name "
        "or service not known'",
        source="https://github.com/pytorch/examples/issues/540",
        captured=ran + 240,
        node_name="gpu-node-21",
    )
