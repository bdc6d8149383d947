"""Log passages that training stacks print the same way every time: torchrun's startup and
failure summary, the NCCL watchdog, Hugging Face Trainer progress. Shaped after the output
people paste into public issue threads (pytorch/pytorch, NVIDIA/nccl, huggingface/*).
"""

from __future__ import annotations

from datetime import datetime

# PyTorch 2.4+'s heartbeat monitor, after a rank's NCCL watchdog made no progress for 480 s (the
# text after the ``[rank6]:[E... ProcessGroupNCCL.cpp:...] [PG ID 0 ...]`` prefix).
WATCHDOG_STUCK = (
    "ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued "
    "collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, "
    "and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), "
    "or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout "
    "would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or "
    "disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free "
    "to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to "
    "debug the hang."
)


def glog(level: str, t: datetime, pid: int, where: str, message: str) -> str:
    """``W0407 08:01:36.118000 140112 torch/distributed/run.py:793] ...`` (torch's own logger)."""
    return f"{level}{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d} {pid} {where}] {message}"


def torchrun_start(t: datetime, pid: int = 1) -> list[str]:
    return [
        glog("W", t, pid, "torch/distributed/run.py:793", ""),
        glog("W", t, pid, "torch/distributed/run.py:793", "*" * 40),
        glog(
            "W",
            t,
            pid,
            "torch/distributed/run.py:793",
            "Setting OMP_NUM_THREADS environment variable for each "
            "process to be 1 in default, to avoid your system being overloaded, please further tune the variable "
            "for optimal performance in your application as needed.",
        ),
        glog("W", t, pid, "torch/distributed/run.py:793", "*" * 40),
    ]


def trainer_steps(first: int, last: int, every: int, loss0: float = 2.1, total: int = 5000) -> list[str]:
    """Hugging Face Trainer's logging lines, loss falling slowly."""
    out = []
    for i, step in enumerate(range(first, last + 1, every)):
        loss = max(0.2, loss0 - 0.011 * i)
        out.append(
            f"{{'loss': {loss:.4f}, 'grad_norm': {0.9 + (i % 5) * 0.07:.4f}, "
            f"'learning_rate': {2e-5 * (1 - step / total):.4e}, 'epoch': {step / total * 3:.2f}}}"
        )
    return out


def watchdog(rank: int, t: datetime, seq: int, op: str = "ALLREDUCE", timeout_ms: int = 600000) -> list[str]:
    """What a rank prints when a collective never completes because a peer went away."""
    stamp = f"{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d}381"
    ran = timeout_ms + 47
    work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn=33554432, NumelOut=33554432, Timeout(ms)={timeout_ms})"
    return [
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation "
        f"timeout: {work} ran for {ran} milliseconds before timing out.",
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:1785] [PG 0 (default_pg) Rank {rank}] Exception (either an "
        f"error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL "
        f"work: {seq - 1}.",
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed "
        "out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data.",
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking "
        "the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG 0 (default_pg) Rank {rank}] Process group watchdog thread terminated with exception: "
        f"[Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before "
        "timing out.",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 "
        "(most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0c2e96cf86 in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
        "std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f0c2fc45c62 in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f0c2fc4c6a3 in "
        "/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
    ]


def torchrun_failed(
    t: datetime,
    *,
    rank: int,
    local_rank: int,
    exitcode: int,
    pid: int,
    host: str,
    script: str = "train.py",
    agent_pid: int = 1,
    error_file: str = "<N/A>",
    traceback: str | None = None,
) -> list[str]:
    """torchrun's agent tearing down its workers and its ChildFailedError summary."""
    if traceback is None:
        signals = {
            -6: "Signal 6 (SIGABRT)",
            -9: "Signal 9 (SIGKILL)",
            -11: "Signal 11 (SIGSEGV)",
            -15: "Signal 15 (SIGTERM)",
            -7: "Signal 7 (SIGBUS)",
        }
        traceback = (
            f"{signals[exitcode]} received by PID {pid}"
            if exitcode in signals
            else "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
        )
    others = [p for p in range(pid - local_rank, pid - local_rank + 4) if p != pid]
    return [
        *(
            glog(
                "W",
                t,
                agent_pid,
                "torch/distributed/elastic/multiprocessing/api.py:897",
                f"Sending process {p} closing signal SIGTERM",
            )
            for p in others
        ),
        glog(
            "E",
            t,
            agent_pid,
            "torch/distributed/elastic/multiprocessing/api.py:869",
            f"failed (exitcode: {exitcode}) local_rank: {local_rank} (pid: {pid}) of binary: /usr/bin/python",
        ),
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py",'
        " line 355, in wrapper",
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        f"  time      : {t.strftime('%Y-%m-%d_%H:%M:%S')}",
        f"  host      : {host}",
        f"  rank      : {rank} (local_rank: {local_rank})",
        f"  exitcode  : {exitcode} (pid: {pid})",
        f"  error_file: {error_file}",
        f"  traceback : {traceback}",
        "============================================================",
    ]


def rank_traceback(rank: int, frames: list[tuple[str, int, str, str]], error: str) -> list[str]:
    """A traceback as torch >= 2.4 prints it from a worker: every line prefixed ``[rankN]:``."""
    out = [f"[rank{rank}]: Traceback (most recent call last):"]
    for path, line, func, source in frames:
        out.append(f'[rank{rank}]:   File "{path}", line {line}, in {func}')
        out.append(f"[rank{rank}]:     {source}")
    out.extend(f"[rank{rank}]: {part}" for part in error.split("\n"))
    return out


HF_TRAIN_FRAMES = [
    ("/workspace/train.py", 214, "<module>", "main()"),
    ("/workspace/train.py", 207, "main", "trainer.train(resume_from_checkpoint=args.resume)"),
    ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2123, "train", "return inner_training_loop("),
    (
        "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
        2481,
        "_inner_training_loop",
        "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
    ),
    (
        "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
        3612,
        "training_step",
        "loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)",
    ),
]
