"""Cases built from real public failure reports - accelerators: GPU and TPU memory, CUDA/HIP runtime
errors, GPU faults, native crashes and diverging training (NaN), with a few healthy jobs that only
look alarming.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. What the
thread did not show (the pods, their states, the events, progress lines before the failure)
is built around those lines so that the snapshot is consistent.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Scenarios,
    batch_job,
    gpu,
    job_condition,
    job_pod,
    stamped,
    terminated,
    text,
)
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _rs_name, _rs_pod
from tests.cases.scenarios_real_training import _job_case, _kubeflow_case, _running_job

SCENARIOS = Scenarios()


def _resources(device: str, n: int, memory: str, cpu: str) -> Obj:
    """Requests and limits for an accelerator other than nvidia.com/gpu (amd.com/gpu, google.com/tpu)."""
    return {
        "limits": {"cpu": cpu, "memory": memory, device: str(n)},
        "requests": {"cpu": cpu, "memory": memory, device: str(n)},
    }


def _succeeded_job(
    name: str, ns: str, at: Clock, ctr: Container, ran: tuple[float, float], node_name: str
) -> tuple[Obj, Obj, str]:
    """A batch Job whose one pod exited 0 (``ran``: start and end, seconds after creation)."""
    end = at(ran[1] + 1)
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        succeeded=1,
        start=at(1),
        completion=end,
        conditions=[
            job_condition("SuccessCriteriaMet", end, "CompletionsReached", "Reached expected number of succeeded pods"),
            job_condition("Complete", end, "CompletionsReached", "Reached expected number of succeeded pods"),
        ],
    )
    done = Container(
        ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(0, at(ran[0]), at(ran[1]))
    )
    p = job_pod(job, [done], created=at(1), phase="Succeeded", node=node_name, scheduled=at(2))
    return job, p, p["metadata"]["name"]


# -- accelerator memory ---------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_pytorchjob_nccl_proxy_cuda_calloc_out_of_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 2, 9, 0, tzinfo=timezone.utc))
    name, ns = "seq-rec-4node", "recsys-train"
    setup = [
        *torchrun_start(at(40)),
        "NCCL version 2.18.1+cuda12.0",
        "Loaded 1843 shards of the click log; building the vocabulary on every rank",
    ]
    frames = [
        ("/workspace/train_rec.py", 412, "<module>", "main()"),
        ("/workspace/train_rec.py", 388, "main", "vocab = merge_vocab(local_vocab)"),
        ("/workspace/train_rec.py", 97, "merge_vocab", "dist.all_gather_object(gathered, local_vocab)"),
        ("torch/distributed/distributed_c10d.py", 1451, "wrapper", "return func(*args, **kwargs)"),
        (
            "torch/distributed/distributed_c10d.py",
            2053,
            "all_gather_object",
            "all_gather(object_size_list, local_size, group=group)",
        ),
        ("torch/distributed/distributed_c10d.py", 1451, "wrapper", "return func(*args, **kwargs)"),
        (
            "torch/distributed/distributed_c10d.py",
            2448,
            "all_gather",
            "work = default_pg.allgather([tensor_list], [tensor])",
        ),
    ]
    error = (
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1296, "
        "internal error - please report this issue to the NCCL developers, NCCL version 2.18.1"
    )
    fail = 260

    def log(role: str, rank: int, oom: bool) -> str:
        host = f"{name}-{role}"
        pid = 2134736 + rank
        nccl = (
            [
                f"{host}:{pid}:2285781 [0] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'",
                f"{host}:{pid}:2285781 [0] include/alloc.h:185 NCCL WARN Failed to CUDA calloc 6291456 bytes",
                f"{host}:{pid}:2285781 [0] proxy.cc:1518 NCCL WARN [Proxy Service {rank}] Failed to execute "
                f"operation Setup from rank {rank}, retcode 1",
            ]
            if oom
            else [
                f"{host}:{pid}:2285759 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote "
                f"peer {name}-worker-1<40031>",
            ]
        )
        lines = [
            *setup,
            *nccl,
            *rank_traceback(rank, frames, error),
            *torchrun_failed(
                at(fail + 2), rank=rank, local_rank=0, exitcode=1, pid=pid % 100000, host=host, script="train_rec.py"
            ),
        ]
        return stamped(lines, at(40), [0] * 5 + [200] + [0.1] * 60)

    plans = [
        PodPlan("master", 0, terminated(1, at(35), at(fail + 4)), log=log("master-0", 0, False)),
        PodPlan("worker", 0, terminated(1, at(35), at(fail + 4)), log=log("worker-0", 8, False)),
        PodPlan("worker", 1, terminated(1, at(35), at(fail + 3)), log=log("worker-1", 16, True)),
        PodPlan("worker", 2, terminated(1, at(35), at(fail + 4)), log=log("worker-2", 24, False)),
    ]
    return _kubeflow_case(
        id="gpu-oom-pytorchjob-nccl-proxy-cuda-calloc-out-of-memory",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/recsys/seqrec:torch2.1-cu12",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "train_rec.py"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="gpu-oom",
        culprit=f"{name}-worker-1",
        evidence="NCCL WARN Cuda failure 'out of memory'",
        description="A 4-node job gathers a vocabulary with all_gather_object: on worker 1 NCCL's proxy cannot "
        "allocate the 6 MB it needs for a connection (Cuda failure 'out of memory', Failed to CUDA calloc), "
        "and every rank's collective then fails with an NCCL 'internal error'; the other nodes only see "
        "the connection closed by the peer.",
        title="ncclInternalError during all_gather_object: NCCL_DEBUG shows Cuda failure 'out of memory' and "
        "Failed to CUDA calloc 6291456 bytes on one node",
        source="https://github.com/NVIDIA/nccl/issues/962",
        captured=fail + 300,
        failed=("Worker", fail + 4),
    )


@SCENARIOS.add
def gpu_oom_job_autotrain_rocm_hip_out_of_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 3, 21, 0, tzinfo=timezone.utc))
    name, ns = "st-embed-finetune", "search-ml"
    msg = (
        "HIP out of memory. Tried to allocate 124.00 MiB. GPU 0 has a total capacity of 19.94 GiB of which 554.47 "
        "MiB is free. Of the allocated memory 15.87 GiB is allocated by PyTorch, and 165.29 MiB is reserved by "
        "PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )
    lines = [
        "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:641: UserWarning: Can't initialize amdsmi - "
        "Error code: 34",
        '  warnings.warn(f"Can\'t initialize amdsmi - Error code: {e.err_code}")',
        "INFO     | 2026-07-03 21:01:12 | autotrain.trainers.sent_transformers.__main__:train:190 - Setting up training",
        "INFO     | 2026-07-03 21:01:31 | autotrain.trainers.common:on_train_begin:230 - Starting to train...",
        "ERROR    | 2026-07-03 21:01:36 | autotrain.trainers.common:wrapper:120 - train has failed due to an "
        "exception: Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/autotrain/trainers/common.py", line 117, in wrapper',
        "    return func(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/autotrain/trainers/sent_transformers/__main__.py", line 213, '
        "in train",
        "    trainer.train()",
        '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1938, in train',
        "    return inner_training_loop(",
        '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2279, in _inner_training_loop',
        "    tr_loss_step = self.training_step(model, inputs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/linear.py", line 116, in forward',
        "    return F.linear(input, self.weight, self.bias)",
        f"torch.OutOfMemoryError: {msg}",
        "",
        f"ERROR    | 2026-07-03 21:01:36 | autotrain.trainers.common:wrapper:121 - {msg}",
    ]
    ctr = Container(
        "train",
        "registry.corp.example/search/autotrain-rocm:6.1-torch2.4",
        command=["autotrain", "--config", "/config/st-embed.yml"],
        resources=_resources("amd.com/gpu", 1, "64Gi", "16"),
    )
    return _job_case(
        id="gpu-oom-job-autotrain-rocm-hip-out-of-memory",
        name=name,
        ns=ns,
        at=at,
        image=ctr.image,
        command=ctr.command,
        resources=ctr.resources,
        exit_code=1,
        ran=(20, 98),
        log=stamped(lines, at(22), [1, 50, 19] + [5] + [0] * 20),
        category="gpu-oom",
        evidence="HIP out of memory. Tried to allocate 124.00 MiB",
        description="A sentence-transformers fine-tune started by AutoTrain on an AMD GPU (ROCm) fails on its "
        "first steps: PyTorch's allocator reports HIP out of memory - the ROCm build's wording of CUDA out "
        "of memory - and AutoTrain logs it again as an ERROR line.",
        title="AutoTrain on AMD ROCm: torch.OutOfMemoryError HIP out of memory. Tried to allocate 124.00 MiB",
        source="https://github.com/huggingface/autotrain-advanced/issues/737",
        captured=300,
        node_name="mi210-node-03",
    )


# -- CUDA runtime errors and GPU faults -------------------------------------------------------------


@SCENARIOS.add
def cuda_error_job_basicsr_unspecified_launch_failure() -> CaseSpec:
    at = Clock(datetime(2026, 7, 4, 3, 0, tzinfo=timezone.utc))
    name, ns = "esrgan-x3-train", "imaging"
    progress = [
        f"26-07-04 {3 + i // 60:02d}:{i % 60:02d}:46.002 - INFO: <epoch:  5, iter:  {9 + i // 10},{(i % 10) * 100:03d}, "
        f"lr:1.992e-04> l_pix: {1.8082e-02 + (i % 7) * 3.1e-4:.4e} "
        for i in range(80, 101)
    ]
    lines = [
        *progress,
        "Traceback (most recent call last):",
        '  File "train.py", line 232, in <module>',
        "    main()",
        '  File "train.py", line 161, in main',
        "    model.optimize_parameters(current_step)",
        '  File "/workspace/BasicSR/codes/models/SR_model.py", line 119, in optimize_parameters',
        "    self.log_dict['l_pix'] = l_pix.item()",
        "RuntimeError: CUDA error: unspecified launch failure",
    ]
    return _job_case(
        id="cuda-error-job-basicsr-unspecified-launch-failure",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/imaging/basicsr:torch1.2-cu10",
        command=["python", "train.py", "-opt", "options/train/train_SRResNet_x3.yml"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(20, 6080),
        log=stamped(lines, at(4800), [60] * 20 + [1] + [0] * 10),
        category="cuda-error",
        evidence="CUDA error: unspecified launch failure",
        description="An SRResNet (BasicSR) training run at x3 scale fails after five epochs: reading the loss "
        "back with .item() raises RuntimeError CUDA error: unspecified launch failure - a kernel launched "
        "before it failed. No Xid or ECC error is shown; the same happens for SRGAN and ESRGAN.",
        title="BasicSR training: RuntimeError CUDA error: unspecified launch failure at l_pix.item() after epoch 5",
        source="https://github.com/XPixelGroup/BasicSR/issues/211",
        captured=6300,
    )


@SCENARIOS.add
def gpu_hardware_error_job_a100_uncorrectable_nvlink_error() -> CaseSpec:
    at = Clock(datetime(2026, 7, 5, 0, 0, tzinfo=timezone.utc))
    name, ns = "vit-h-pretrain", "vision-foundation"
    steps = [
        f"[ep {40 + i // 50}] it {i * 200:>6}  loss {2.118 - i * 0.0011:.4f}  lr 1.2e-03  {0.94 + (i % 4) * 0.01:.2f}s/it"
        for i in range(1, 60)
    ]
    fail = 60 + 59 * 3600
    crash = [
        "terminate called after throwing an instance of 'std::system_error'",
        "  what():  Transport endpoint is not connected",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: uncorrectable NVLink error detected during the execution",
        "Exception raised from create_event_internal at /pytorch/c10/cuda/CUDACachingAllocator.cpp:733 (most recent "
        "call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x7faf5458c2f2 in "
        "/opt/conda/lib/python3.7/site-packages/torch/lib/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x5b "
        "(0x7faf5458967b in /opt/conda/lib/python3.7/site-packages/torch/lib/libc10.so)",
        "frame #2: c10::cuda::CUDACachingAllocator::raw_delete(void*) + 0x809 (0x7faf547e41f9 in "
        "/opt/conda/lib/python3.7/site-packages/torch/lib/libc10_cuda.so)",
        "frame #3: c10::TensorImpl::release_resources() + 0x54 (0x7faf545743a4 in "
        "/opt/conda/lib/python3.7/site-packages/torch/lib/libc10.so)",
    ]
    log = stamped(
        [
            *torchrun_start(at(60)),
            *steps,
            *crash,
            *torchrun_failed(
                at(fail + 20),
                rank=5,
                local_rank=5,
                exitcode=-6,
                pid=1877,
                host="gpu-node-a12",
                script="pretrain_vit.py",
            ),
        ],
        at(60),
        [0] * 4 + [3600] * 59 + [0] * 9 + [20] + [0] * 40,
    )
    return _job_case(
        id="gpu-hardware-error-job-a100-uncorrectable-nvlink-error",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/vit-pretrain:torch1.9-cu11",
        command=["torchrun", "--nproc_per_node=8", "pretrain_vit.py"],
        resources=gpu(8, "900Gi", "96"),
        exit_code=1,
        ran=(40, fail + 22),
        log=log,
        category="gpu-hardware-error",
        evidence="uncorrectable NVLink error detected during the execution",
        description="Pretraining on an 8xA100 node runs for days and then dies: a worker aborts on CUDA error "
        "'uncorrectable NVLink error detected during the execution' (the driver's Xid 74 seen from CUDA) and "
        "torchrun tears the group down. A fault of the GPU interconnect, not of the code.",
        title="Training on A100 clusters randomly fails after a few days: CUDA error: uncorrectable NVLink error "
        "detected during the execution",
        source="https://github.com/pytorch/pytorch/issues/58155",
        captured=fail + 400,
        node_name="gpu-node-a12",
    )


# -- native crashes ---------------------------------------------------------------------------------


@SCENARIOS.add
def crash_signal_job_torch_xla_tpu_sigsegv() -> CaseSpec:
    at = Clock(datetime(2026, 7, 6, 8, 0, tzinfo=timezone.utc))
    name, ns = "dalle-tpu-pod", "tpu-research"
    lines = [
        "Epoch 0 step 0 loss 7.8421",
        "Epoch 0 step 50 loss 6.9102",
        "*** SIGSEGV (@0x7f97c0e8e528), see gl__________25#s15 received by PID 16710 (TID 16710) on cpu 32; stack "
        "trace: ***",
        "PC: @     0x7f98b808cb51  (unknown)  (unknown)",
        "    @     0x7f96c2d8a1e0        976  (unknown)",
        "    @     0x7f98bbe71210  (unknown)  (unknown)",
        "    @     0x7f98b808405a        144  GOMP_parallel",
        "    @     0x7ffc5c456360  (unknown)  (unknown)",
        "https://symbolize.stripped_domain/r/?trace=7f98b808cb51,7f96c2d8a1df,7f98bbe7120f,7f98b8084059,7ffc5c45635f"
        "&map=5f4fb88af97be3ecacc71363136bb015b2a07119:7f98b8076000-7f98b809a08c,ca1b7ab241ee28147b3d590cadb5dc1b:"
        "7f96b608b000-7f96c30bdb20",
        "E0706 08:28:12.243922   16710 coredump_hook.cc:292] RAW: Remote crash data gathering hook invoked.",
        "E0706 08:28:12.243990   16710 coredump_hook.cc:384] RAW: Skipping coredump since rlimit was 0 at process "
        "start.",
        "E0706 08:28:12.244007   16710 client.cc:222] RAW: Coroner client retries enabled (b/136286901), will retry "
        "for up to 30 sec.",
    ]
    return _job_case(
        id="crash-signal-job-torch-xla-tpu-sigsegv",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/tpu/torch-xla:r1.9_3.8_tpuvm",
        command=["python3", "train_dalle.py", "--tpu"],
        resources=_resources("google.com/tpu", 4, "300Gi", "96"),
        exit_code=139,
        ran=(30, 1700),
        log=stamped(lines, at(1500), [150, 40] + [0] * 12),
        category="crash-signal",
        evidence="*** SIGSEGV (@0x7f97c0e8e528)",
        description="A PyTorch/XLA training process on a TPU host crashes with a segmentation fault inside an "
        "OpenMP parallel region (GOMP_parallel): absl's failure handler prints the SIGSEGV banner and a "
        "stack, and the container exits 139.",
        title="Running code on a large TPU VM pod causes SIGSEGV (received by PID, GOMP_parallel)",
        source="https://github.com/pytorch/xla/issues/3028",
        captured=1900,
        node_name="gke-tpu-v3-32-pool-7",
    )


# -- the loss or the gradients went NaN -------------------------------------------------------------


@SCENARIOS.add
def nan_loss_job_autograd_anomaly_solve_backward_nan() -> CaseSpec:
    at = Clock(datetime(2026, 7, 7, 14, 0, tzinfo=timezone.utc))
    name, ns = "planercnn-train", "3d-vision"
    steps = [f"iter {i * 20:>5} | loss {0.9412 - i * 0.004:.4f} | lr 1.0e-04" for i in range(1, 30)]
    lines = [
        *steps,
        "Warning: Error detected in SolveBackward. Traceback of forward call that caused the error:",
        '  File "main.py", line 879, in <module>',
        "    main()",
        '  File "main.py", line 374, in compute_plane',
        "    ca_cb, LU = torch.solve(B, A + eps)",
        "",
        "Traceback (most recent call last):",
        '  File "main.py", line 879, in <module>',
        "    main()",
        '  File "main.py", line 420, in main',
        "    train(fk, train_loader, val_loader, model, optimizer, lr_scheduler, last_iter+1, tb_logger, "
        "criterion=loss_fun)",
        '  File "main.py", line 544, in train',
        "    loss.backward()",
        '  File "/lib/python3.6/site-packages/torch/tensor.py", line 107, in backward',
        "    torch.autograd.backward(self, gradient, retain_graph, create_graph)",
        '  File "/lib/python3.6/site-packages/torch/autograd/__init__.py", line 93, in backward',
        "    allow_unreachable=True)  # allow_unreachable flag",
        "RuntimeError: Function 'SolveBackward' returned nan values in its 0th output.",
    ]
    return _job_case(
        id="nan-loss-job-autograd-anomaly-solve-backward-nan",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/plane-fit:torch1.5",
        command=["python", "main.py", "--config", "cfg/train.yaml"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(20, 660),
        log=stamped(lines, at(60), [20] * 29 + [0] * 20),
        category="nan-loss",
        evidence="returned nan values in its 0th output",
        description="The loss went NaN after some steps; with torch.autograd.set_detect_anomaly(True) the backward "
        "pass stops at the first function whose gradient is NaN: RuntimeError Function 'SolveBackward' returned "
        "nan values in its 0th output, after the anomaly warning that names the forward call.",
        title="Loss becomes NaN after several steps; anomaly detection: Function 'SolveBackward' returned nan values "
        "in its 0th output",
        source="https://github.com/pytorch/pytorch/issues/37712",
        captured=900,
    )


@SCENARIOS.add
def nan_loss_job_espnet_gradients_invalid_training_stopped() -> CaseSpec:
    at = Clock(datetime(2026, 7, 8, 1, 0, tzinfo=timezone.utc))
    name, ns = "asr-conformer-ft", "speech"
    host = "[asr-conformer-ft-0]"
    timed: list[tuple[float, str]] = [
        (
            30 + i * 180,
            f"(trainer:636) INFO: 1epoch:train:{i * 100 + 1}-{i * 100 + 100}batch: iter_time=2.1e-04, "
            f"forward_time=0.108, loss={92.4 - i * 0.9:.3f}, loss_att={88.1 - i * 0.8:.3f}, "
            f"loss_ctc={102.7 - i * 1.1:.3f}, acc={0.21 + i * 0.006:.3f}, backward_time=0.085, optim0_lr0=1.2e-05, "
            "train_time=0.611",
        )
        for i in range(40)
    ]
    e2 = 30 + 40 * 180
    timed += [
        (e2, "(trainer:275) INFO: 2/50epoch started"),
        (
            e2 + 1.273,
            "(ctc:66) WARNING: All samples in this mini-batch got nan grad. Returning nan value instead of CTC loss",
        ),
        (e2 + 1.287, "(trainer:582) WARNING: The grad norm is nan. Skipping updating the model."),
        (e2 + 1.905, "(ctc:71) WARNING: 5/42 samples got nan grad. These were ignored for CTC loss."),
        (e2 + 1.918, "(trainer:582) WARNING: The grad norm is nan. Skipping updating the model."),
        *(
            (e2 + 60 + i * 61.5, "(trainer:582) WARNING: The grad norm is nan. Skipping updating the model.")
            for i in range(40)
        ),
        (
            e2 + 2650.497,
            "(trainer:404) WARNING: The gradients at all steps are invalid in this epoch. Something "
            "seems wrong. This training was stopped at 2epoch",
        ),
        (e2 + 2650.888, "(trainer:458) INFO: The training was finished at 1 epochs "),
    ]
    lines = [f"{host} {at(t).strftime('%Y-%m-%d %H:%M:%S')},{int(t * 1000) % 1000:03d} {m}" for t, m in timed]
    gaps = [b[0] - a[0] for a, b in zip(timed, timed[1:], strict=False)]
    ctr = Container(
        "train",
        "registry.corp.example/speech/espnet:202109-torch1.7.1",
        command=["python", "-m", "espnet2.bin.asr_train", "--config", "conf/train_asr_conformer.yaml"],
        resources=gpu(1, "48Gi", "8"),
    )
    end = e2 + 2655
    job, p, pod_name = _succeeded_job(name, ns, at, ctr, (20, end), "gpu-node-11")
    return CaseSpec(
        id="nan-loss-job-espnet-gradients-invalid-training-stopped",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nan-loss",
        culprit=pod_name,
        evidence="The gradients at all steps are invalid in this epoch",
        description="ESPnet2 fine-tuning: in the second epoch every mini-batch's CTC gradient is NaN, the trainer "
        "skips every update and then stops training itself ('The gradients at all steps are invalid in this "
        "epoch ... This training was stopped at 2epoch'). The process exits 0 and the Job completes, but "
        "training diverged and ended early.",
        title="ESPnet2 ASR training stops in epoch 2: grad norm is nan, then 'The gradients at all steps are "
        "invalid in this epoch. Something seems wrong.'",
        source="https://github.com/espnet/espnet/issues/3630",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped(lines, at(30), gaps)},
        captured=at(end + 600),
    )


# -- healthy, though the logs look alarming ---------------------------------------------------------


@SCENARIOS.add
def healthy_job_espnet_occasional_nan_grad_skipped() -> CaseSpec:
    at = Clock(datetime(2026, 7, 9, 19, 0, tzinfo=timezone.utc))
    name, ns = "asr-conformer-aishell", "speech"
    timed: list[tuple[float, str]] = []
    for i in range(30):
        b, t = 12009 + i * 632, 30 + i * 390
        if i % 4 == 1:
            timed.append((t - 4, "(trainer:581) WARNING: The grad norm is nan. Skipping updating the model."))
        timed.append(
            (
                t,
                f"(trainer:636) INFO: 2epoch:train:{b}-{b + 631}batch: iter_time=3.163e-04, forward_time=0.110, "
                f"loss={65.129 - i * 0.71:.3f}, loss_att={64.079 - i * 0.69:.3f}, loss_ctc={74.685 - i * 0.8:.3f}, "
                f"acc={0.565 + i * 0.004:.3f}, backward_time=0.086, optim0_lr0=1.485e-05, train_time=0.624",
            )
        )
    lines = [
        f"[user] {at(t).strftime('%Y-%m-%d %H:%M:%S')},{(i * 137) % 1000:03d} {m}" for i, (t, m) in enumerate(timed)
    ]
    gaps = [b[0] - a[0] for a, b in zip(timed, timed[1:], strict=False)]
    job, p, pod_name = _running_job(
        name,
        ns,
        at,
        "registry.corp.example/speech/espnet:202104-torch1.4",
        ["python", "-m", "espnet2.bin.asr_train", "--config", "conf/train_asr_conformer.yaml", "--use_amp", "true"],
    )
    return CaseSpec(
        id="healthy-job-espnet-occasional-nan-grad-skipped",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="Mixed-precision ESPnet2 training prints 'The grad norm is nan. Skipping updating the model.' "
        "now and then: the AMP grad scaler found an overflow and skipped that step, as it is meant to. The "
        "loss keeps falling and progress lines keep coming.",
        title="ESPnet2 conformer training with use_amp: occasional 'The grad norm is nan. Skipping updating the "
        "model.' while the loss keeps decreasing",
        source="https://github.com/espnet/espnet/issues/3170",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped(lines, at(30), gaps)},
        captured=at(30 + 390 * 29 + 200),
    )


# -- batch 2 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def nan_loss_job_fairseq_minimum_loss_scale_reached() -> CaseSpec:
    at = Clock(datetime(2026, 7, 10, 9, 0, tzinfo=timezone.utc))
    name, ns = "bt-reverse-en-de", "mt-research"
    lines = [
        "2026-07-10 11:38:13 | INFO | train | epoch 002 | loss 9.803 | nll_loss 8.89 | ppl 474.37 | wps 31194.9 | "
        "ups 0.07 | wpb 430468 | bsz 14485.4 | num_updates 695 | lr 0.00017375 | gnorm 55.005 | loss_scale 0 | "
        "train_wall 4512 | wall 9786",
        "2026-07-10 11:38:31 | INFO | valid | epoch 002 | valid on 'valid' subset | loss 9.393 | nll_loss 8.328 | "
        "ppl 321.26 | wps 84912.1 | wpb 11298 | bsz 382.5 | num_updates 695 | best_loss 9.393",
        "2026-07-10 11:38:37 | INFO | fairseq.checkpoint_utils | saved checkpoint checkpoints_en_de_parallel/"
        "checkpoint2.pt (epoch 2 @ 695 updates, score 9.393) (writing took 5.761506536975503 seconds)",
        "2026-07-10 11:39:44 | INFO | train_inner | epoch 003:      5 / 356 loss=9.44, nll_loss=8.44, ppl=347.28, "
        "wps=30690.8, ups=0.07, wpb=427295, bsz=14390.4, num_updates=700, lr=0.000175, gnorm=156.036, loss_scale=0, "
        "train_wall=1281, wall=9877",
        "2026-07-10 11:41:18 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.00048828125",
        "2026-07-10 11:48:04 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.000244140625",
        "2026-07-10 11:49:25 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: "
        "0.0001220703125",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/fairseq-train", line 33, in <module>',
        "    sys.exit(load_entry_point('fairseq', 'console_scripts', 'fairseq-train')())",
        '  File "/workspace/fairseq/fairseq_cli/train.py", line 352, in cli_main',
        "    distributed_utils.call_main(args, main)",
        '  File "/workspace/fairseq/fairseq/trainer.py", line 520, in train_step',
        "    grad_norm = self.clip_grad_norm(self.args.clip_norm)",
        '  File "/workspace/fairseq/fairseq/optim/fp16_optimizer.py", line 189, in clip_grad_norm',
        "    ).format(self.min_loss_scale))",
        "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. Try lowering the "
        "learning rate, using gradient clipping or increasing the batch size.",
    ]
    return _job_case(
        id="nan-loss-job-fairseq-minimum-loss-scale-reached",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/mt/fairseq:0.9-torch1.4",
        command=["fairseq-train", "data-bin/wmt18_de_en", "--arch", "transformer_wmt_en_de_big", "--fp16"],
        resources=gpu(8, "480Gi", "64"),
        exit_code=1,
        ran=(20, 10510),
        log=stamped(lines, at(9786), [18, 6, 67, 94, 406, 81] + [1] + [0] * 20),
        category="nan-loss",
        evidence="Minimum loss scale reached (0.0001)",
        description="Training the reverse model of the back-translation recipe with --fp16: the gradient norm grows "
        "(gnorm 55, then 156), every step overflows and fairseq halves the loss scale until it passes its minimum "
        "and raises FloatingPointError - the loss is exploding.",
        title="Reproducing the back-translation reverse model: FloatingPointError Minimum loss scale reached (0.0001)",
        source="https://github.com/facebookresearch/fairseq/issues/1895",
        captured=10800,
    )


@SCENARIOS.add
def cuda_error_job_torchrun_more_ranks_than_gpus_invalid_device_ordinal() -> CaseSpec:
    at = Clock(datetime(2026, 7, 11, 15, 0, tzinfo=timezone.utc))
    name, ns = "minicpm-v-sft", "mm-finetune"
    frames = [
        ("/workspace/minicpm/finetune/finetune.py", 281, "<module>", "train()"),
        ("/workspace/minicpm/finetune/finetune.py", 162, "train", ") = parser.parse_args_into_dataclasses()"),
        (
            "/workspace/pypacks/transformers/hf_argparser.py",
            339,
            "parse_args_into_dataclasses",
            "obj = dtype(**inputs)",
        ),
        ("<string>", 136, "__init__", ""),
        ("/workspace/pypacks/transformers/training_args.py", 1693, "__post_init__", "self.device"),
        ("/workspace/pypacks/transformers/training_args.py", 2171, "device", "return self._setup_devices"),
        ("/workspace/pypacks/transformers/utils/generic.py", 60, "__get__", "cached = self.fget(obj)"),
        (
            "/workspace/pypacks/transformers/training_args.py",
            2108,
            "_setup_devices",
            "self.distributed_state = PartialState(**accelerator_state_kwargs)",
        ),
        ("/workspace/pypacks/accelerate/state.py", 280, "__init__", "self.set_device()"),
        ("/workspace/pypacks/accelerate/state.py", 790, "set_device", "torch.cuda.set_device(self.device)"),
        ("/workspace/pypacks/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
    ]
    error = (
        "RuntimeError: CUDA error: invalid device ordinal\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
        "be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
    )
    lines = [
        *torchrun_start(at(25)),
        *rank_traceback(6, frames, error),
        *rank_traceback(4, frames, error),
        *torchrun_failed(at(41), rank=4, local_rank=4, exitcode=1, pid=118, host="gpu-node-21", script="finetune.py"),
    ]
    return _job_case(
        id="cuda-error-job-torchrun-more-ranks-than-gpus-invalid-device-ordinal",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/mm/minicpm-v-finetune:2.5",
        command=["torchrun", "--nproc_per_node=8", "finetune/finetune.py", "--deepspeed", "ds_config_zero2.json"],
        resources=gpu(4, "320Gi", "32"),
        exit_code=1,
        ran=(22, 42),
        log=stamped(lines, at(25), [0] * 4 + [14] + [0] * 200),
        category="cuda-error",
        evidence="CUDA error: invalid device ordinal",
        description="Fine-tuning launched with torchrun --nproc_per_node=8 in a pod that was given 4 GPUs: ranks 4 "
        "to 7 call torch.cuda.set_device with an index the container does not have and fail with CUDA error: "
        "invalid device ordinal; torchrun stops the others.",
        title="MiniCPM-V fine-tuning: RuntimeError CUDA error: invalid device ordinal on ranks above the GPU count "
        "(nproc_per_node larger than the GPUs present)",
        source="https://github.com/OpenBMB/MiniCPM-V/issues/356",
        captured=300,
        node_name="gpu-node-21",
    )


@SCENARIOS.add
def crash_signal_job_torchrun_worker_sigfpe() -> CaseSpec:
    at = Clock(datetime(2026, 7, 12, 10, 0, tzinfo=timezone.utc))
    name, ns = "streamvln-train", "embodied-ai"
    host = "streamvln-train-0"
    steps = [
        f"  0%|          | {i}/59913 [{i * 6 // 60:02d}:{(i * 6) % 60:02d}<106:21:36,  6.42s/it]"
        for i in range(10, 252, 20)
    ]
    lines = [
        *torchrun_start(at(40)),
        *steps,
        f"{host}:14777:18232 [0] NCCL INFO [Service thread] Connection closed by localRank 1",
        "[2026-07-12 10:28:03,184] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 14777 "
        "closing signal SIGTERM",
        "[2026-07-12 10:28:03,185] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 14779 "
        "closing signal SIGTERM",
        "[2026-07-12 10:28:03,188] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 14780 "
        "closing signal SIGTERM",
        "[2026-07-12 10:28:03,191] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -8) "
        "local_rank: 1 (pid: 14778) of binary: /root/miniconda3/envs/streamvln/bin/python3.9",
        *torchrun_failed(
            at(1683),
            rank=1,
            local_rank=1,
            exitcode=-8,
            pid=14778,
            host=host,
            script="streamvln/streamvln_train.py",
            traceback="Signal 8 (SIGFPE) received by PID 14778",
        )[4:],
    ]
    return _job_case(
        id="crash-signal-job-torchrun-worker-sigfpe",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/embodied/streamvln:torch2.1-cu121",
        command=["torchrun", "--nproc_per_node=4", "streamvln/streamvln_train.py"],
        resources=gpu(4, "256Gi", "32"),
        exit_code=1,
        ran=(38, 1685),
        log=stamped(lines, at(40), [0] * 4 + [120] * 13 + [1] + [0] * 60),
        category="crash-signal",
        evidence="Signal 8 (SIGFPE) received by PID 14778",
        description="Four-GPU training dies after 252 steps: local rank 1 is killed by a floating point exception "
        "(SIGFPE, exit code -8), NCCL on rank 0 notices the connection closed and torchrun stops the other "
        "workers. No Python traceback - the crash is native.",
        title="StreamVLN training: torchrun failed (exitcode: -8), Signal 8 (SIGFPE) received by PID after 252 steps",
        source="https://github.com/InternRobotics/StreamVLN/issues/66",
        captured=1900,
    )


@SCENARIOS.add
def gpu_oom_job_cublas_alloc_failed_create_handle() -> CaseSpec:
    at = Clock(datetime(2026, 7, 13, 8, 0, tzinfo=timezone.utc))
    name, ns = "qwen2-batch-generate", "llm-eval"
    lines = [
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:31<00:00,  7.88s/it]",
        "Traceback (most recent call last):",
        '  File "/app/generate.py", line 41, in <module>',
        "    generated_ids = model.generate(model_inputs.input_ids, max_new_tokens=512)",
        '  File "/usr/local/lib/python3.9/site-packages/transformers/generation/utils.py", line 1758, in generate',
        "    result = self._sample(",
        '  File "/usr/local/lib/python3.9/site-packages/torch/nn/modules/module.py", line 1532, in _wrapped_call_impl',
        "    return self._call_impl(*args, **kwargs)",
        '  File "/usr/local/lib/python3.9/site-packages/torch/nn/modules/linear.py", line 116, in forward',
        "    return F.linear(input, self.weight, self.bias)",
        "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
    ]
    return _job_case(
        id="gpu-oom-job-cublas-alloc-failed-create-handle",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/qwen2-infer:torch2.3",
        command=["python", "/app/generate.py", "--model", "/models/Qwen2-7B-Instruct"],
        resources=gpu(2, "64Gi", "8"),
        exit_code=1,
        ran=(15, 70),
        log=stamped(lines, at(20), [45, 1] + [0] * 20),
        category="gpu-oom",
        evidence="CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        description="A generation job loads the model across the pod's GPUs and fails at its first matrix "
        "multiply: cuBLAS cannot allocate its workspace (CUBLAS_STATUS_ALLOC_FAILED when calling "
        "cublasCreate) because the GPU it runs on is already full of weights; on one GPU with enough free "
        "memory the same script runs.",
        title="Qwen quick start: RuntimeError CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling cublasCreate(handle) "
        "- fixed by running on one GPU with enough free memory",
        source="https://github.com/QwenLM/Qwen3/issues/873",
        captured=400,
    )


@SCENARIOS.add
def nan_loss_pytorchjob_grpo_probability_tensor_nan() -> CaseSpec:
    at = Clock(datetime(2026, 7, 14, 6, 0, tzinfo=timezone.utc))
    name, ns = "r1v-grpo-qwen2vl", "rl-research"
    frames = [
        (
            "/workspace/R1-V/src/open-r1-multimodal/src/open_r1/grpo.py",
            205,
            "<module>",
            "main(script_args, training_args, model_args)",
        ),
        ("/workspace/R1-V/src/open-r1-multimodal/src/open_r1/grpo.py", 194, "main", "trainer.train()"),
        (
            "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
            2241,
            "train",
            "return inner_training_loop(",
        ),
        (
            "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
            2548,
            "_inner_training_loop",
            "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
        ),
        (
            "/workspace/R1-V/src/open-r1-multimodal/src/open_r1/trainer/grpo_trainer.py",
            386,
            "compute_loss",
            "prompt_completion_ids = unwrapped_model.generate(**prompt_inputs, generation_config=self.generation_config)",
        ),
        (
            "/usr/local/lib/python3.10/dist-packages/transformers/generation/utils.py",
            3297,
            "_sample",
            "next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)",
        ),
    ]
    fail = 70 + 25

    def log(rank: int) -> str:
        lines = [
            *torchrun_start(at(40)),
            "  0%|          | 1/4016 [00:24<27:11:00, 24.37s/it]NaN or Inf found in input tensor.",
            "NaN or Inf found in input tensor.",
            "{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 9.997509960159361e-07, 'completion_length': 303.75, "
            "'rewards/accuracy_reward': 0.0, 'rewards/format_reward': 0.25, 'reward': 0.25, 'reward_std': nan, "
            "'kl': 0.00072479248046875, 'epoch': 0.0}",
            *rank_traceback(
                rank, frames, "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0"
            ),
            *torchrun_failed(
                at(fail + 2),
                rank=rank,
                local_rank=rank,
                exitcode=1,
                pid=2301 + rank,
                host=f"{name}-master-0",
                script="src/open_r1/grpo.py",
            ),
        ]
        return stamped(lines, at(40), [0] * 4 + [30, 0, 0, 25] + [0] * 80)

    plans = [PodPlan("master", 0, terminated(1, at(35), at(fail + 4)), log=log(0))]
    return _kubeflow_case(
        id="nan-loss-pytorchjob-grpo-probability-tensor-nan",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/rl/r1-v:0.1-torch2.5",
        command=["torchrun", "--nproc_per_node=8", "src/open_r1/grpo.py", "--bf16"],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="nan-loss",
        culprit=f"{name}-master-0",
        evidence="probability tensor contains either `inf`, `nan` or element < 0",
        description="GRPO training of a vision-language model: after the first step the reward std and the "
        "gradient norm are already NaN, the weights become NaN, and sampling the next completion fails with "
        "RuntimeError probability tensor contains either inf, nan or element < 0.",
        title="R1-V GRPO: after one step grad_norm nan, reward_std nan, then RuntimeError probability tensor contains "
        "either inf, nan or element < 0",
        source="https://github.com/StarsfieldAI/R1-V/issues/69",
        captured=fail + 300,
        failed=("Master", fail + 4),
    )


@SCENARIOS.add
def cuda_error_job_triton_kernel_out_of_shared_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 15, 13, 0, tzinfo=timezone.utc))
    name, ns = "mqar-mamba2-d512", "ssm-research"
    lines = [
        "Running MQAR sweep: d_model=512 headdim=512 n_layers=2 seq_len=512",
        "Traceback (most recent call last):",
        '  File "/workspace/zoology/zoology/train.py", line 172, in <module>',
        "    train(config)",
        '  File "/workspace/zoology/zoology/train.py", line 121, in train',
        "    loss.backward()",
        '  File "/usr/local/lib/python3.10/dist-packages/mamba_ssm/ops/triton/ssd_combined.py", line 305, in '
        "_mamba_chunk_scan_combined_bwd",
        "    dx, ddt, dD_from_x = _chunk_scan_chunk_state_bwd_dx(x, dt, dA_cumsum, B, CB, dout, dstates, D=D, "
        "seq_idx=seq_idx, dx=dx)",
        '  File "/usr/local/lib/python3.10/dist-packages/triton/runtime/autotuner.py", line 114, in run',
        "    ret = self.fn.run(*args, num_warps=config.num_warps, num_stages=config.num_stages, **kwargs, "
        "**config.kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/triton/compiler/compiler.py", line 568, in _init_handles',
        '    raise OutOfResources(self.shared, max_shared, "shared memory")',
        "triton.runtime.autotuner.OutOfResources: out of resource: shared memory, Required: 663808, Hardware limit: "
        "101376. Reducing block sizes or `num_stages` may help.",
    ]
    return _job_case(
        id="cuda-error-job-triton-kernel-out-of-shared-memory",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/ssm/mamba-zoology:2.2",
        command=["python", "-m", "zoology.launch", "configs/mqar_mamba2.py"],
        resources=gpu(1, "64Gi", "8"),
        exit_code=1,
        ran=(18, 95),
        log=stamped(lines, at(30), [60] + [0] * 20),
        category="cuda-error",
        evidence="out of resource: shared memory, Required: 663808",
        description="Mamba-2 with a head dimension of 512: the Triton kernel of the backward pass needs 648 KiB of "
        "on-chip shared memory per block and no GPU has more than about 100 KiB, so launching it fails with "
        "OutOfResources. It is the kernel's configuration against the GPU, not device memory and not /dev/shm.",
        title="Mamba-2 MQAR with model size 512: triton OutOfResources out of resource: shared memory, Required: "
        "663808, Hardware limit: 101376",
        source="https://github.com/state-spaces/mamba/issues/387",
        captured=300,
    )


@SCENARIOS.add
def healthy_job_inductor_autotune_choices_out_of_resources_ignored() -> CaseSpec:
    at = Clock(datetime(2026, 7, 16, 11, 0, tzinfo=timezone.utc))
    name, ns = "pi05-finetune", "robotics"
    autotune = []
    for t, need in (("11:54:57.366000", 131072), ("11:54:57.775000", 147456)):
        autotune += [
            f"E0716 {t} 1121181 torch/_inductor/select_algorithm.py:2100] [7/0] Runtime error during autotuning: ",
            f"E0716 {t} 1121181 torch/_inductor/select_algorithm.py:2100] [7/0] No valid triton configs. "
            f"OutOfResources: out of resource: shared memory, Required: {need}, Hardware limit: 101376. Reducing "
            "block sizes or `num_stages` may help.. ",
            f"E0716 {t} 1121181 torch/_inductor/select_algorithm.py:2100] [7/0] Ignoring this choice.",
        ]
    lines = [
        "SingleProcess AUTOTUNE benchmarking takes 2.1373 seconds and 0.0003 seconds precompiling for 18 choices",
        *autotune,
        "AUTOTUNE bmm(8x50x256, 8x256x1018)",
        "  triton_bmm_68 0.0072 ms 100.0% ACC_TYPE='tl.float32', ALLOW_TF32=True, BLOCK_K=32, BLOCK_M=64, BLOCK_N=32, "
        "EVEN_K=True, GROUP_M=8, num_stages=5, num_warps=8",
        "  triton_bmm_79 0.0072 ms 100.0% ACC_TYPE='tl.float32', ALLOW_TF32=True, BLOCK_K=32, BLOCK_M=64, BLOCK_N=64, "
        "EVEN_K=True, GROUP_M=8, num_stages=4, num_warps=4",
        *(
            f"step {s}: loss={0.412 - s * 0.0006:.4f} grad_norm={0.71 + (s % 5) * 0.03:.3f} lr=2.5e-05"
            for s in range(0, 600, 20)
        ),
    ]
    job, p, pod_name = _running_job(
        name,
        ns,
        at,
        "registry.corp.example/robotics/openpi:pytorch-0.5",
        ["python", "scripts/train_pytorch.py", "pi05_libero"],
    )
    return CaseSpec(
        id="healthy-job-inductor-autotune-choices-out-of-resources-ignored",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="torch.compile's autotuner tries Triton configurations for a batched matmul; two need more "
        "shared memory than the GPU has and are logged at E level ('Runtime error during autotuning ... "
        "Ignoring this choice'), then the autotuner picks a configuration that fits and training steps follow.",
        title="openpi pi05 PyTorch training: inductor 'Runtime error during autotuning ... No valid triton configs. "
        "OutOfResources ... Ignoring this choice.'",
        source="https://github.com/Physical-Intelligence/openpi/issues/654",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped(lines, at(60), [30] + [0] * 8 + [20] * 40)},
        captured=at(60 + 30 + 20 * 32 + 120),
    )


@SCENARIOS.add
def healthy_job_fairseq_fp16_overflow_lowers_loss_scale() -> CaseSpec:
    at = Clock(datetime(2026, 7, 17, 20, 0, tzinfo=timezone.utc))
    name, ns = "scaling-nmt-wmt16", "mt-research"
    lines = [
        "| WARNING: overflow detected, setting loss scale to: 0.0625",
        "| epoch 001:    200 / 1374 loss=14.351, ppl=20899.56, wps=49604, ups=0, wpb=277035.016, bsz=8563.074, "
        "num_updates=190, lr=4.84525e-06, gnorm=3.901, clip=0.000, oom=0.000, loss_scale=0.062, wall=1061, "
        "train_wall=945",
        "| epoch 001:    300 / 1374 loss=13.689, ppl=13208.82, wps=51846, ups=0, wpb=277242.090, bsz=8636.772, "
        "num_updates=290, lr=7.34275e-06, gnorm=3.057, clip=0.000, oom=0.000, loss_scale=0.062, wall=1551, "
        "train_wall=1413",
        "| WARNING: overflow detected, setting loss scale to: 0.03125",
        "| epoch 001:    400 / 1374 loss=13.137, ppl=9007.95, wps=52932, ups=0, wpb=277361.147, bsz=8693.717, "
        "num_updates=389, lr=9.81528e-06, gnorm=2.587, clip=0.000, oom=0.000, loss_scale=0.031, wall=2038, "
        "train_wall=1880",
        "| WARNING: overflow detected, setting loss scale to: 0.015625",
        "| WARNING: overflow detected, setting loss scale to: 0.0078125",
        "| WARNING: overflow detected, setting loss scale to: 0.00390625",
        "| epoch 001:    500 / 1374 loss=12.636, ppl=6365.15, wps=53414, ups=0, wpb=277442.903, bsz=8660.477, "
        "num_updates=486, lr=1.22379e-05, gnorm=2.302, clip=0.000, oom=0.000, loss_scale=0.004, wall=2524, "
        "train_wall=2346",
        "| epoch 001:    600 / 1374 loss=12.165, ppl=4591.89, wps=54027, ups=0, wpb=277286.831, bsz=8643.700, "
        "num_updates=586, lr=1.47354e-05, gnorm=2.105, clip=0.000, oom=0.000, loss_scale=0.004, wall=3010, "
        "train_wall=2812",
    ]
    job, p, pod_name = _running_job(
        name,
        ns,
        at,
        "registry.corp.example/mt/fairseq:0.6-torch1.0",
        ["python", "train.py", "data-bin/wmt16_en_de_bpe32k", "--arch", "transformer_vaswani_wmt_en_de_big", "--fp16"],
    )
    return CaseSpec(
        id="healthy-job-fairseq-fp16-overflow-lowers-loss-scale",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="fp16 training of the scaling-NMT recipe: fairseq's dynamic loss scaler detects overflows and "
        "lowers the loss scale several times in the first epoch - how mixed precision finds its scale - while the "
        "loss keeps falling and progress lines keep coming.",
        title="scaling_nmt training: 'WARNING: overflow detected, setting loss scale to: ...' repeatedly while the "
        "loss keeps decreasing",
        source="https://github.com/facebookresearch/fairseq/issues/515",
        objects=[job, p],
        logs={f"{pod_name}/train": stamped(lines, at(1000), [60, 490, 10, 477, 10, 10, 10, 476, 486])},
        captured=at(1000 + 2029 + 300),
    )


# -- batch 3 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_pod_vllm_sampler_warmup_out_of_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 18, 2, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen3-32b-decode", "llm-serving", "gpu-h100-node-5"
    c = Container(
        "vllm",
        "registry.corp.example/llm/llm-d-cuda:vllm-0.11.0",
        args=[
            "--model",
            "Qwen/Qwen3-32B",
            "--tensor-parallel-size",
            "2",
            "--gpu-memory-utilization",
            "0.95",
            "--port",
            "8200",
        ],
        resources=gpu(2, "200Gi", "16"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1500), at(1731)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    w = "(Worker_TP0 pid=262) ERROR 07-18 02:28:49 [multiproc_executor.py:671]"
    prev = text(
        "(APIServer pid=1) INFO 07-18 02:25:02 [api_server.py:1839] vLLM API server version 0.11.0",
        "(Worker_TP0 pid=262) INFO 07-18 02:26:41 [gpu_model_runner.py:2653] Model loading took 30.5855 GiB and "
        "88.213 seconds",
        "(Worker_TP0 pid=262) INFO 07-18 02:27:40 [gpu_worker.py:298] Available KV cache memory: 41.87 GiB",
        "(EngineCore_DP0 pid=190) INFO 07-18 02:27:41 [kv_cache_utils.py:1087] GPU KV cache size: 342,992 tokens",
        "Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 100%|██████████| 67/67 [00:09<00:00,  7.02it/s]",
        "Capturing CUDA graphs (decode, FULL): 100%|██████████| 67/67 [00:05<00:00, 12.60it/s]",
        f"{w} WorkerProc hit an exception.",
        f"{w} Traceback (most recent call last):",
        f'{w}   File "/opt/vllm/lib64/python3.12/site-packages/vllm/v1/worker/gpu_model_runner.py", line 3213, in '
        "_dummy_sampler_run",
        f"{w}     sampler_output = self.sampler(logits=logits,",
        f"{w} torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 594.00 MiB. GPU 0 has a total capacity "
        "of 79.19 GiB of which 401.88 MiB is free.",
        f"{w} ",
        f"{w} The above exception was the direct cause of the following exception:",
        f"{w} ",
        f'{w}   File "/opt/vllm/lib64/python3.12/site-packages/vllm/v1/worker/gpu_model_runner.py", line 3221, in '
        "_dummy_sampler_run",
        f"{w}     raise RuntimeError(",
        f"{w} RuntimeError: CUDA out of memory occurred when warming up sampler with 1024 dummy requests. Please "
        "try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.",
    )
    events = [_backoff(p, "vllm", at, 400, 1750, 9)]
    return CaseSpec(
        id="gpu-oom-pod-vllm-sampler-warmup-out-of-memory",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="CUDA out of memory occurred when warming up sampler",
        description="A vLLM decode pod (Qwen3-32B, TP 2, gpu-memory-utilization 0.95) loads the model, sizes the "
        "KV cache and captures CUDA graphs, then runs out of GPU memory warming up the sampler with 1024 dummy "
        "requests; vLLM re-raises it as its own RuntimeError and the pod crash-loops.",
        title="llm-d nightly E2E: vLLM decode pods crash-loop - RuntimeError: CUDA out of memory occurred when warming "
        "up sampler with 1024 dummy requests",
        source="https://github.com/llm-d/llm-d/issues/787",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1800),
    )


@SCENARIOS.add
def gpu_hardware_error_job_ecc_error_in_nccl_watchdog() -> CaseSpec:
    at = Clock(datetime(2026, 7, 19, 17, 0, tzinfo=timezone.utc))
    name, ns = "sdxl-finetune-2gpu", "genai-art"
    steps = [
        f"steps:  {i}%|▏| {i * 31}/3100 [{i * 2:02d}:{i % 60:02d}<, 1.61s/it, avr_loss={0.1204 - i * 0.0003:.4f}]"
        for i in range(1, 30)
    ]
    cuda = [
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be "
        "incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    lines = [
        *torchrun_start(at(60)),
        *steps,
        "Traceback (most recent call last):",
        '  File "/app/sd-scripts/sdxl_train.py", line 818, in <module>',
        "    train(args)",
        '  File "/app/sd-scripts/library/sdxl_original_unet.py", line 257, in get_timestep_embedding',
        "    exponent = exponent / (half_dim - downscale_freq_shift)",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        *cuda,
        "",
        "[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with exception: CUDA error: "
        "uncorrectable ECC error encountered",
        *cuda,
        "",
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent call "
        "first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7a71e4e84617 in "
        "/app/venv/lib/python3.10/site-packages/torch/lib/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 "
        "(0x7a71e4e3f98d in /app/venv/lib/python3.10/site-packages/torch/lib/libc10.so)",
        *torchrun_failed(
            at(60 + 29 * 50 + 5),
            rank=1,
            local_rank=1,
            exitcode=-6,
            pid=14855,
            host="gpu-h100-node-9",
            script="/app/sd-scripts/sdxl_train.py",
        ),
        "00:44:17-252060 INFO     Training has ended. ",
    ]
    return _job_case(
        id="gpu-hardware-error-job-ecc-error-in-nccl-watchdog",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/genai/kohya-ss:24.1-torch2.1",
        command=["accelerate", "launch", "--num_processes", "2", "sdxl_train.py", "--config_file", "/config/sdxl.toml"],
        resources=gpu(2, "200Gi", "32"),
        exit_code=1,
        ran=(40, 60 + 29 * 50 + 8),
        log=stamped(lines, at(60), [0] * 4 + [50] * 29 + [0] * 80),
        category="gpu-hardware-error",
        evidence="uncorrectable ECC error encountered",
        description="SDXL fine-tuning on two H100s: rank 1 hits CUDA error 'uncorrectable ECC error encountered' - "
        "a fault in the GPU's memory - first in the training step and again in the NCCL watchdog thread, which "
        "aborts the process (SIGABRT); accelerate reports the rank's exit code -6.",
        title="Training on 2x H100: RuntimeError CUDA error: uncorrectable ECC error encountered, then NCCL watchdog "
        "thread terminated with exception and Signal 6 (SIGABRT)",
        source="https://github.com/kohya-ss/sd-scripts/issues/1434",
        captured=60 + 29 * 50 + 400,
        node_name="gpu-h100-node-9",
    )


@SCENARIOS.add
def crash_signal_pytorchjob_llama2_lora_double_free() -> CaseSpec:
    at = Clock(datetime(2026, 7, 20, 4, 0, tzinfo=timezone.utc))
    name, ns = "llama2-70b-lora-ref", "mlperf"
    host = f"{name}-master-0"
    lines = [
        *torchrun_start(at(60)),
        *(
            f"{host}:2161{r}:2270{r} [{r}] NCCL INFO comm 0x25b97d10 rank {r} nranks 8 cudaDev {r} nvmlDev {r} busId "
            f"{['18000', '2a000', '3a000', '5d000', '84000', '8b000', '91000', 'e4000'][r]} commId 0x593e48e14bee5768 - "
            "Init COMPLETE"
            for r in range(8)
        ),
        "{'loss': 1.5303, 'grad_norm': 0.14347858031266167, 'learning_rate': 0.00039998, 'epoch': 0.01}",
        "{'eval_loss': 1.5954195261001587, 'eval_runtime': 136.6648, 'eval_samples_per_second': 1.266, "
        "'eval_steps_per_second': 0.637, 'epoch': 0.05}",
        "{'loss': 1.884, 'grad_norm': 0.6294034907656876, 'learning_rate': 0.0003865985597669478, 'epoch': 0.06}",
        "{'loss': 1.8423, 'grad_norm': 0.5743935530993334, 'learning_rate': 0.00038637685311633367, 'epoch': 0.06}",
        "{'loss': 1.8052, 'grad_norm': 0.6059068728905395, 'learning_rate': 0.0003807978586246887, 'epoch': 0.07}",
        "{'eval_loss': 1.4383825063705444, 'eval_runtime': 136.9896, 'eval_samples_per_second': 1.263, "
        "'eval_steps_per_second': 0.635, 'epoch': 0.07}",
        "double free or corruption (!prev)",
        *torchrun_failed(
            at(60 + 8 + 7 * 240 + 3), rank=3, local_rank=3, exitcode=-6, pid=21615, host=host, script="scripts/train.py"
        ),
    ]
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(40), at(60 + 8 + 7 * 240 + 6)),
            log=stamped(lines, at(60), [0] * 12 + [240] * 7 + [3] + [0] * 60),
        )
    ]
    return _kubeflow_case(
        id="crash-signal-pytorchjob-llama2-lora-double-free",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/mlperf/llama2-70b-lora:nemo-24.04",
        command=["accelerate", "launch", "--num_processes", "8", "scripts/train.py", "--lora_r", "16"],
        resources=gpu(8, "1800Gi", "96"),
        plans=plans,
        category="crash-signal",
        culprit=host,
        evidence="double free or corruption (!prev)",
        description="The MLPerf Llama-2-70B LoRA reference on 8 H100s trains and evaluates normally; after the "
        "second evaluation one rank aborts in glibc with 'double free or corruption (!prev)' (SIGABRT, exit "
        "code -6) and the launcher stops the others. A native heap corruption, no Python exception.",
        title="MLPerf llama2-70b-lora: training aborts with 'double free or corruption (!prev)' after evaluation",
        source="https://github.com/mlcommons/training/issues/770",
        captured=60 + 8 + 7 * 240 + 400,
        failed=("Master", 60 + 8 + 7 * 240 + 7),
    )


@SCENARIOS.add
def cuda_error_job_flash_attention_needs_ampere() -> CaseSpec:
    at = Clock(datetime(2026, 7, 21, 9, 0, tzinfo=timezone.utc))
    name, ns = "qwen14b-lora-sft", "llm-finetune"
    lines = [
        "[INFO|trainer.py:2078] 2026-07-21 09:03:12,618 >> ***** Running training *****",
        "[INFO|trainer.py:2079] 2026-07-21 09:03:12,618 >>   Num examples = 48,211",
        "  0%|          | 0/9042 [00:00<?, ?it/s]",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/accelerate/utils/operations.py", line 813, in __call__',
        "    return convert_to_fp32(self.model_forward(*args, **kwargs))",
        '  File "/usr/local/lib/python3.10/dist-packages/peft/peft_model.py", line 1129, in forward',
        "    return self.base_model(",
        '  File "/root/.cache/huggingface/modules/transformers_modules/qwen14b/modeling_qwen.py", line 1043, in forward',
        "    transformer_outputs = self.transformer(",
        '  File "/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", line 51, in '
        "_flash_attn_forward",
        "    out, q, k, v, out_padded, softmax_lse, S_dmask, rng_state = flash_attn_cuda.fwd(",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
    ]
    return _job_case(
        id="cuda-error-job-flash-attention-needs-ampere",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/llamafactory:0.7.0-flashattn2",
        command=["llamafactory-cli", "train", "/config/qwen14b_lora_sft.yaml"],
        resources=gpu(4, "256Gi", "32"),
        exit_code=1,
        ran=(20, 210),
        log=stamped(lines, at(190), [0, 3, 1] + [0] * 20),
        category="cuda-error",
        evidence="FlashAttention only supports Ampere GPUs or newer",
        description="LoRA fine-tuning of Qwen-14B with FlashAttention-2 scheduled onto V100 GPUs: the first forward "
        "pass fails because the FlashAttention kernels are built only for Ampere (sm80) and newer. The GPU the "
        "pod got cannot run the code it was given.",
        title="LLaMA-Factory qwen14b training: RuntimeError FlashAttention only supports Ampere GPUs or newer",
        source="https://github.com/hiyouga/LlamaFactory/issues/3508",
        captured=400,
        node_name="v100-node-12",
    )


@SCENARIOS.add
def cuda_error_job_cuda_init_error_802_system_not_initialized() -> CaseSpec:
    at = Clock(datetime(2026, 7, 22, 14, 0, tzinfo=timezone.utc))
    name, ns = "gemma-fp8-lora", "llm-finetune"
    probe = (
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
        "NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"
    )
    lines = [
        "[setup] nvidia-smi -L:",
        "GPU 0: NVIDIA H200 (UUID: GPU-5f0c8d7e-1a2b-4c3d-9e8f-0a1b2c3d4e5f)",
        *(f"[warmup {i}] state_ok=False" for i in range(1, 13)),
        "[warmup] fabric manager never reported Completed; trying anyway",
        probe,
        "[warmup] cuda probe failed (rc=1); sleep 10s",
        probe,
        "[warmup] cuda probe failed (rc=1); sleep 10s",
        "Traceback (most recent call last):",
        '  File "/app/train_gemma4_lora.py", line 58, in <module>',
        '    model = AutoModelForCausalLM.from_pretrained(MODEL_ID, torch_dtype=torch.bfloat16, device_map="cuda")',
        '  File "/usr/local/lib/python3.12/site-packages/torch/cuda/__init__.py", line 372, in _lazy_init',
        "    torch._C._cuda_init()",
        probe,
    ]
    return _job_case(
        id="cuda-error-job-cuda-init-error-802-system-not-initialized",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/trl-fp8:torch2.6-cu126",
        command=["python", "/app/train_gemma4_lora.py"],
        resources=gpu(1, "200Gi", "24"),
        exit_code=1,
        ran=(20, 230),
        log=stamped(lines, at(25), [1] + [10] * 12 + [1, 0, 10, 0, 10, 0] + [0] * 10),
        category="cuda-error",
        evidence="Error 802: system not yet initialized",
        description="A single-GPU training job on an H200 node sees its GPU in nvidia-smi, but CUDA cannot initialise: "
        "cudaGetDeviceCount fails with Error 802 'system not yet initialized' because the node's fabric manager "
        "never finished starting. The script's retries fail the same way and the job exits before training.",
        title="Single-GPU H200 job fails CUDA init with Error 802: system not yet initialized before training starts "
        "(fabric manager never reported Completed)",
        source="https://github.com/huggingface/huggingface_hub/issues/4134",
        captured=500,
        node_name="gpu-h200-node-2",
    )


@SCENARIOS.add
def gpu_oom_job_intel_xpu_out_of_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 23, 16, 0, tzinfo=timezone.utc))
    name, ns = "vjepa2-embed", "video-ml"
    lines = [
        "Using device: xpu",
        "2026-07-23 16:00:41,118 - _logger.py - IPEX - INFO - Currently split master weight for xpu only support sgd",
        "Encoding clip batch 1/212",
        "Traceback (most recent call last):",
        '  File "/app/embed_clips.py", line 77, in <module>',
        "    features = encoder(clips)",
        '  File "/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1773, in _wrapped_call_impl',
        "    return self._call_impl(*args, **kwargs)",
        "torch.OutOfMemoryError: XPU out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total capacity of 13.74 "
        "GiB. Of the allocated memory 10.10 GiB is allocated by PyTorch, and 3.47 GiB is reserved by PyTorch but "
        "unallocated. Please use `empty_cache` to release all unoccupied cached memory.",
    ]
    return _job_case(
        id="gpu-oom-job-intel-xpu-out-of-memory",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/video/vjepa2-ipex:2.8.10-xpu",
        command=["python", "/app/embed_clips.py", "--model", "vjepa2_vit_large"],
        resources=_resources("gpu.intel.com/i915", 1, "32Gi", "8"),
        exit_code=1,
        ran=(15, 75),
        log=stamped(lines, at(30), [11, 9, 14] + [0] * 10),
        category="gpu-oom",
        evidence="XPU out of memory. Tried to allocate 4.00 GiB",
        description="Video embedding with V-JEPA 2 on an Intel GPU (PyTorch XPU backend with IPEX): the first batch "
        "asks for 4 GiB more than the device has left and PyTorch raises torch.OutOfMemoryError 'XPU out of "
        "memory' - the XPU wording of CUDA out of memory.",
        title="V-JEPA 2 inference with IPEX on an Intel GPU: torch.OutOfMemoryError XPU out of memory. Tried to "
        "allocate 4.00 GiB",
        source="https://github.com/intel/intel-extension-for-pytorch/issues/851",
        captured=300,
        node_name="arc-node-1",
    )
