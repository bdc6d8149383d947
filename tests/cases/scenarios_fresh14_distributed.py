"""Fresh round 14: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun rendezvous).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Replicas, Scenarios, gpu, kubeflow_job, running
from tests.cases.scenarios_fresh7_gpu import _vllm_crash_case
from tests.cases.scenarios_fresh13_training import _hung_job
from tests.cases.scenarios_real_application import _tb

SCENARIOS = Scenarios()


# -- vLLM 0.5.3 with tensor parallelism 8 in a Kubernetes pod on H100s: NCCL's NVLS transport fails with
# -- 'Cuda failure 1 invalid argument' on every rank while the communicator is set up ----------------------


@SCENARIOS.add
def nccl_error_pod_vllm_tp8_nvls_invalid_argument() -> CaseSpec:
    at = Clock(datetime(2024, 7, 24, 8, 5, tzinfo=timezone.utc))
    deployment, ns, host = "llama-70b-chat", "llm-serving", "h100-node-12"
    site = "/usr/local/lib/python3.10/dist-packages"
    pids = [774, 839, 840, 841, 842, 843, 844, 845]
    worker = "(VllmWorkerProcess pid=839) ERROR {t} multiproc_worker_utils.py:226]"
    frames = [
        (
            f"{site}/vllm/executor/multiproc_worker_utils.py",
            223,
            "_run_worker_process",
            "output = executor(*args, **kwargs)",
        ),
        (
            f"{site}/vllm/worker/worker.py",
            132,
            "init_device",
            "init_worker_distributed_environment(self.parallel_config, self.rank,",
        ),
        (
            f"{site}/vllm/worker/worker.py",
            346,
            "init_worker_distributed_environment",
            "ensure_model_parallel_initialized(parallel_config.tensor_parallel_size,",
        ),
        (
            f"{site}/vllm/distributed/parallel_state.py",
            923,
            "ensure_model_parallel_initialized",
            "initialize_model_parallel(tensor_model_parallel_size,",
        ),
        (
            f"{site}/vllm/distributed/device_communicators/pynccl.py",
            89,
            "__init__",
            "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
        ),
        (
            f"{site}/vllm/distributed/device_communicators/pynccl_wrapper.py",
            223,
            "NCCL_CHECK",
            'raise RuntimeError(f"NCCL error: {error_str}")',
        ),
    ]
    error = "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)"
    items: list[tuple[float, str]] = [
        (0, "INFO {t} api_server.py:219] vLLM API server version 0.5.3.post1"),
        (
            3,
            "INFO {t} llm_engine.py:176] Initializing an LLM engine (v0.5.3.post1) with config: "
            "model='/models/llama-2-70b-chat', tokenizer='/models/llama-2-70b-chat', dtype=torch.float16, "
            "max_seq_len=4096, tensor_parallel_size=8, pipeline_parallel_size=1, disable_custom_all_reduce=False, "
            "quantization=None, enforce_eager=False",
        ),
        *(
            (
                4 if i == 0 else 0.1,
                f"(VllmWorkerProcess pid={pid}) INFO {{t}} multiproc_worker_utils.py:215] Worker ready; awaiting tasks",
            )
            for i, pid in enumerate(pids[1:])
        ),
        (1, "INFO {t} utils.py:784] Found nccl from library libnccl.so.2"),
        (0, "INFO {t} pynccl.py:63] vLLM is using nccl==2.20.5"),
        (0.4, "{pod}:774:774 [0] NCCL INFO Bootstrap : Using eth0:10.244.3.27<0>"),
        (0, "{pod}:774:774 [0] NCCL INFO NCCL version 2.20.5+cuda12.4"),
        *(
            (
                0.2 if r == 0 else 0,
                f"{{pod}}:{pid}:{pid} [{r}] NCCL INFO NVLS multicast support is available on dev {r}",
            )
            for r, pid in enumerate(pids)
        ),
        (0.3, "{pod}:843:843 [5] transport/nvls.cc:157 NCCL WARN Cuda failure 1 'invalid argument'"),
        (0, "{pod}:774:774 [0] NCCL INFO transport/nvls.cc:328 -> 1"),
        (0, ""),
        (0, "{pod}:842:842 [4] transport/nvls.cc:157 NCCL WARN Cuda failure 1 'invalid argument'"),
        (0, "{pod}:839:839 [1] NCCL INFO transport/nvls.cc:328 -> 1"),
        (0, ""),
        (0, "{pod}:840:840 [2] transport/nvls.cc:157 NCCL WARN Cuda failure 1 'invalid argument'"),
        (0, "{pod}:844:844 [6] NCCL INFO transport/nvls.cc:328 -> 1"),
        (0, ""),
        (0, "{pod}:841:841 [3] transport/nvls.cc:157 NCCL WARN Cuda failure 1 'invalid argument'"),
        (
            0.1,
            f"{worker} Exception in worker VllmWorkerProcess while processing method init_device: {error}, Traceback (most recent call last):",
        ),
        *((0, f"{worker} {line}") for line in _tb(frames, error)[1:]),
        (0.2, "[rank0]: Traceback (most recent call last):"),
        (0, '[rank0]:   File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main'),
        (
            0,
            f'[rank0]:   File "{site}/vllm/distributed/device_communicators/pynccl_wrapper.py", line 223, in NCCL_CHECK',
        ),
        (0, '[rank0]:     raise RuntimeError(f"NCCL error: {error_str}")'),
        (0, f"[rank0]: {error}"),
    ]
    return _vllm_crash_case(
        at,
        id="nccl-error-pod-vllm-tp8-nvls-invalid-argument",
        category="nccl-error",
        evidence="transport/nvls.cc",
        description="vLLM 0.5.3.post1 serving a 70B model with tensor parallelism 8 from a Deployment's pod on an "
        "8xH100 node. When the workers create their NCCL communicator, NCCL 2.20.5 sets up its NVLS (NVLink SHARP "
        "multicast) transport and every rank fails there: 'transport/nvls.cc:157 NCCL WARN Cuda failure 1 'invalid "
        "argument'', which comes back as 'RuntimeError: NCCL error: unhandled cuda error' and the server restarts. "
        "The GPUs and CUDA work; NCCL's multicast transport cannot be used in this environment (NCCL_NVLS_ENABLE=0 "
        "avoids it). The same reporter filed the torch form of this error as NVIDIA/nccl#1410.",
        title="[Bug]: VLLM 0.5.3.post1 [rank0]: RuntimeError: NCCL error: unhandled cuda error (run with "
        "NCCL_DEBUG=INFO for details)",
        source="https://github.com/vllm-project/vllm/issues/6732",
        deployment=deployment,
        ns=ns,
        host=host,
        image="vllm/vllm-openai:v0.5.3.post1",
        args=["--model", "/models/llama-2-70b-chat", "--tensor-parallel-size", "8"],
        resources=gpu(8, "480Gi", "64"),
        items=items,
        env=[{"name": "NCCL_DEBUG", "value": "INFO"}],
    )


# -- tensorpack FasterRCNN under mpirun/Horovod in a Kubernetes pod with two GPUs: it restores the
# -- checkpoint and then prints nothing more; the same image trains on one GPU and on local boxes ------------


@SCENARIOS.add
def stalled_job_tensorpack_horovod_two_gpus_pod_hang() -> CaseSpec:
    at = Clock(datetime(2020, 8, 19, 2, 29, tzinfo=timezone.utc))
    name, ns = "frcnn-train", "vision"
    lines = [
        "[1,0]<stdout>:sys.platform          linux",
        "[1,0]<stdout>:Python                3.6.9 (default, Jul 17 2020, 12:50:27) [GCC 8.4.0]",
        "[1,0]<stdout>:Tensorpack            v0.10.1-23-g775aa3ca-dirty @/usr/local/lib/python3.6/dist-packages/tensorpack",
        "[1,0]<stdout>:Numpy                 1.19.1",
        "[1,0]<stdout>:TensorFlow            1.15.3/v1.15.2-30-g4386a66 @/usr/local/lib/python3.6/dist-packages/tensorflow",
        "[1,0]<stdout>:TF Compiler Version   7.3.1 20180303",
        "[1,0]<stdout>:TF CUDA support       True",
        "[1,0]<stdout>:TF MKL support        False",
        "[1,0]<stdout>:TF XLA support        False",
        "[1,0]<stdout>:Nvidia Driver         /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.440.82",
        "[1,0]<stdout>:CUDA                  /usr/local/cuda-10.0/targets/x86_64-linux/lib/libcudart.so.10.0.130",
        "[1,0]<stdout>:CUDNN                 /usr/lib/x86_64-linux-gnu/libcudnn.so.7.6.5",
        "[1,0]<stdout>:NCCL                  /usr/lib/x86_64-linux-gnu/libnccl.so.2.6.4",
        "[1,0]<stdout>:[0819 02:29:57 @sessinit.py:220] Variables to restore from dict: group2/block2/conv2/W, "
        "group2/block2/conv2/bn/gamma, group2/block2/conv2/bn/beta, group2/block2/conv2/bn/mean/EMA, "
        "group2/block2/conv2/bn/variance/EMA, group2/block3/conv1/W, group2/block3/conv1/bn/gamma, "
        "group3/block2/conv2/bn/gamma, group3/block2/conv2/bn/beta, group3/block2/conv2/bn/mean/EMA, "
        "group3/block2/conv2/bn/variance/EMA, group3/block2/conv3/W, group3/block2/conv3/bn/gamma, "
        "group3/block2/conv3/bn/beta, group3/block2/conv3/bn/mean/EMA, group3/block2/conv3/bn/variance/EMA",
        "[1,0]<stdout>:[0819 02:29:57 @sessinit.py:86] WRN The following variables are in the graph, but not found "
        "in the dict: fastrcnn/box/W, fastrcnn/box/b, fastrcnn/class/W, fastrcnn/class/b, fastrcnn/fc6/W, "
        "fastrcnn/fc6/b, fastrcnn/fc7/W, fastrcnn/fc7/b, global_step, learning_rate, rpn/box/W, rpn/box/b, "
        "rpn/class/W, rpn/class/b, rpn/conv0/W, rpn/conv0/b",
        "[1,0]<stdout>:[0819 02:29:57 @sessinit.py:86] WRN The following variables are in the dict, but not found "
        "in the graph: linear/W, linear/b",
        "[1,0]<stdout>:[0819 02:29:57 @sessinit.py:223] Restoring 265 variables from dict ...",
    ]
    gaps = [0.0] * 12 + [27.2, 0.0, 0.0, 0.1]
    ctr = Container(
        name="train",
        image="registry.corp.example/vision/tensorpack-frcnn:tf1.15-cu10.0",
        command=["mpirun", "-np", "2", "--allow-run-as-root", "-bind-to", "none", "-map-by", "slot"],
        args=["python3", "train.py", "--config", "TRAINER=horovod", "DATA.BASEDIR=/data/coco"],
        resources=gpu(2, "60Gi", "16"),
        state=running(at(20)),
        ready=True,
    )
    return _hung_job(
        id="stalled-job-tensorpack-horovod-two-gpus-pod-hang",
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        node_name="gpu-1080ti-03",
        lines=lines,
        gaps=gaps,
        quiet=50 * 60,
        evidence="sessinit.py",
        description="A dockerised tensorpack FasterRCNN training, run with the Horovod trainer under mpirun in a "
        "Kubernetes pod given two of a node's eight 1080Ti GPUs. Both ranks start, print the environment and restore "
        "the ImageNet checkpoint (sessinit.py), and then nothing more is printed: no step, no error, the pod keeps "
        "running. The same image trains on one GPU in a pod and on two GPUs on local machines, with the Horovod and "
        "the replicated trainer alike - a hang in the first collective between the two GPUs of the pod, not a crash. "
        "The paste stops in the middle of sessinit's output; the warnings after the variable list are the ones "
        "tensorpack always prints when it initialises FasterRCNN from ImageNet weights (the detection heads are new, "
        "the classifier is dropped), not missing files.",
        title="Multi-GPU Training Hangs when running in Kubernetes Pod",
        source="https://github.com/tensorpack/tensorpack/issues/1478",
    )


# -- mpi-operator v0.2.2 installed from deploy/v1 watches only its own namespace; the example MPIJob,
# -- created in 'default', gets no launcher, no workers and no status -----------------------------------


@SCENARIOS.add
def config_error_mpijob_operator_scoped_to_other_namespace_no_pods() -> CaseSpec:
    at = Clock(datetime(2021, 2, 1, 1, 59, tzinfo=timezone.utc))
    name, ns = "tensorflow-benchmarks", "default"
    image = "mpioperator/tensorflow-benchmarks:latest"
    # The example's mpirun line, as examples/v1/tensorflow-benchmarks.yaml has it.
    mpirun = (
        "mpirun --allow-run-as-root -np 2 -bind-to none -map-by slot -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH "
        "-x PATH -mca pml ob1 -mca btl ^openib python scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py "
        "--model=resnet101 --batch_size=64 --variable_update=horovod"
    )
    launcher = Container("tensorflow-benchmarks", image, command=mpirun.split())
    worker = Container("tensorflow-benchmarks", image, resources={"limits": {"nvidia.com/gpu": 1}})
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={
            "Launcher": Replicas(1, launcher, restart_policy="Never"),
            "Worker": Replicas(2, worker, restart_policy="Never"),
        },
        conditions=[],
        statuses={},
        extra_spec={"slotsPerWorker": 1, "cleanPodPolicy": "Running"},
    )
    # mpi-operator v1 keeps cleanPodPolicy in the spec itself; the operator never saw the job, so it wrote no
    # status at all.
    del job["spec"]["runPolicy"], job["status"]
    return CaseSpec(
        id="config-error-mpijob-operator-scoped-to-other-namespace-no-pods",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="no status",
        description="mpi-operator v0.2.2 installed with deploy/v1/mpi-operator.yaml on a kind cluster, then the "
        "example examples/v1/tensorflow-benchmarks.yaml created in the 'default' namespace. 32 minutes later the "
        "MPIJob exists but has no status, and no launcher or worker pod was ever created. The operator's own log "
        "says why: 'Scoping operator to namespace mpi-operator' (Server options: Namespace:mpi-operator) - the "
        "deployment only watches its own namespace, so nothing reconciles a job anywhere else. Creating the job in "
        "the watched namespace, or running the operator without --namespace, lets it start.",
        title="Example MPI job doesn't work: kubectl create -f examples/v1/tensorflow-benchmarks.yaml, but no new "
        "pod was created",
        source="https://github.com/kubeflow/mpi-operator/issues/322",
        objects=[job],
        captured=at(32 * 60),
    )
