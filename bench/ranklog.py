"""A second log for the scan benchmark, with a line mix unlike bench/generate.py's.

One rank's log as ``kubectl logs --timestamps`` prints it: an RFC 3339 time before every
line, then mostly ``NCCL_DEBUG=INFO`` chatter (channel, ring and tree setup, proxy and IB
lines, repeated each time a communicator is made) and Megatron-style iteration lines - ASCII
throughout, no progress bars, and near misses the catalogue must pass over (``number of nan
iterations: 0``, ``NET/IB``, ``Error`` inside identifiers). The last lines are an NCCL watchdog
timeout and torchrun's summary. The mix is what a pretraining run with ``NCCL_DEBUG=INFO``
on hundreds of ranks prints, where bench/generate.py's is a fine-tuning run with tqdm bars.

Everything is derived from ``seed``: the same arguments write the same bytes.

    python -m bench.ranklog --out /tmp/jobdoctor-bench/rank.log --mb 300
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

START = datetime(2026, 5, 14, 6, 0, 0, tzinfo=timezone.utc)
RANKS = 1024
LOCAL = 8
HOST = "pretrain-70b-worker-37"
RANK = 37 * LOCAL + 3
STEP = timedelta(milliseconds=812)  # one iteration


def _stamp(t: datetime) -> str:
    """kubectl's ``--timestamps`` prefix: nanoseconds and Z."""
    return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond:06d}{t.microsecond % 997:03d}Z "


class _Lines:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.values = [self.rng.random() for _ in range(4096)]
        self.n = 0

    def value(self) -> float:
        self.n += 1
        return self.values[self.n % 4096]

    def nccl_setup(self, comm: int) -> list[str]:
        """What every rank prints when a communicator is created with NCCL_DEBUG=INFO."""
        p = f"{HOST}:{2841 + 3}:{3012 + comm % 7} [3] NCCL INFO"
        lines = [
            f"{p} Using network IB",
            f"{p} comm 0x{0x55D4C8A1E0 + comm:x} rank {RANK} nRanks {RANKS} nNodes {RANKS // LOCAL} localRanks 8 "
            f"localRank 3 MNNVL 0",
            f"{p} NCCL_IB_HCA set to mlx5_0,mlx5_3,mlx5_4,mlx5_5",
            f"{p} NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [RO]; OOB ibp12s0:10.42.7.13<0>",
            f"{p} Setting affinity for GPU 3 to ffffffff,00000000,ffffffff",
            f"{p} NVLS multicast support is not available on dev 3",
            f"{p} comm 0x{0x55D4C8A1E0 + comm:x} rank {RANK} nRanks {RANKS} nNodes {RANKS // LOCAL} localRanks 8 "
            f"localRank 3 MNNVL 0 - Init START",
            f"{p} Trees [0] {RANK + 1}/-1/-1->{RANK}->{RANK - 1} [1] {RANK + 1}/-1/-1->{RANK}->{RANK - 1} "
            f"[2] -1/-1/-1->{RANK}->{RANK - 1}",
            f"{p} P2P Chunksize set to 524288",
        ]
        for ch in range(32):
            lines.append(f"{p} Channel {ch:02d}/32 :    {RANK}[3] -> {RANK + 1}[4] via P2P/CUMEM/read")
        for ch in range(0, 32, 2):
            lines.append(f"{p} Channel {ch:02d}/0 : {RANK - 8}[3] -> {RANK}[3] [receive] via NET/IB/{ch % 4}/GDRDMA")
            lines.append(f"{p} Channel {ch:02d}/0 : {RANK}[3] -> {RANK + 8}[3] [send] via NET/IB/{ch % 4}/GDRDMA")
        lines += [
            f"{p} Connected all rings",
            f"{p} Connected all trees",
            f"{p} threadThresholds 8/8/64 | 8192/8/64 | 512 | 512",
            f"{p} 32 coll channels, 32 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer",
            f"{p} CC Off, Multi-GPU CC Off, workFifoBytes 1048576",
            f"{p} TUNER/Plugin: Plugin load returned 2 : libnccl-tuner.so: cannot open shared object file: No such "
            "file or directory : when loading libnccl-tuner.so",
            f"{p} TUNER/Plugin: Using internal tuner plugin.",
            f"{p} ncclCommInitRank comm 0x{0x55D4C8A1E0 + comm:x} rank {RANK} nranks {RANKS} cudaDev 3 nvmlDev 3 "
            f"busId 4b000 commId 0x{0x9F2C1B7D4E3A2B10 + comm:x} - Init COMPLETE",
            f"{p} Init timings: rank {RANK} nranks {RANKS} total 1.92 (kernels 0.18, bootstrap 0.71, allgathers 0.09, "
            "topo 0.44, graphs 0.03, connections 0.41, rest 0.06)",
        ]
        return lines

    def iteration(self, it: int, t: datetime) -> list[str]:
        v = self.value()
        loss = 2.1 + 0.6 * (1.0 - it / (it + 30000.0)) + 0.02 * v
        out = [
            f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/  500000 | consumed samples: {it * 1024:12d} | "
            f"elapsed time per iteration (ms): {812.0 + 40 * v:.1f} | throughput per GPU (TFLOP/s/GPU): {401.2 + 9 * v:.1f} | "
            f"learning rate: {3e-4 * min(1.0, it / 2000):.6E} | global batch size:  1024 | lm loss: {loss:.6E} | "
            f"loss scale: 1.0 | grad norm: {0.6 + 0.5 * v:.3f} | number of skipped iterations:   0 | "
            f"number of nan iterations:   0 |",
            f"[rank{RANK}]: step {it} | loss {loss:.4f} | lr {3e-4 * min(1.0, it / 2000):.3e} | "
            f"grad_norm {0.6 + 0.5 * v:.3f} | tokens/s {38000 + int(4000 * v)} | mem {61.0 + 8 * v:.1f}GB",
        ]
        if it % 5 == 0:
            out.append(
                f"{HOST}:{2844}:{3100 + it % 11} [3] NCCL INFO AllReduce: opCount {it * 97:x} sendbuff "
                f"0x7f3a{it:08x} recvbuff 0x7f3a{it:08x} count 16777216 datatype 7 op 0 root 0 comm 0x55d4c8a1e0 "
                "[nranks=1024] stream 0x55d4c9b300"
            )
        if it % 50 == 0:
            out.append(
                f"[rank{RANK}]:[W{START:%m%d} 06:00:00.000000000 reducer.cpp:1389] Warning: find_unused_parameters=True "
                "was specified in DDP constructor, but did not find any unused parameters in the forward pass. "
                "(function operator())"
            )
        if it % 200 == 0:
            out.append(
                f" [after training is done] datetime: 2026-05-14 {it % 24:02d}:00:00 | memory (MB) | allocated: "
                f"{41200 + 5 * v:.1f} | max allocated: {68900 + 9 * v:.1f} | reserved: 70144.0 | max reserved: 70144.0"
            )
        if it % 1000 == 0 and it:
            out += [
                f"saving checkpoint at iteration {it:8d} to /mnt/ckpt/pretrain-70b in torch_dist format",
                f"  successfully saved checkpoint from iteration {it:8d} to /mnt/ckpt/pretrain-70b [ t 1/8, p 1/4 ]",
                "WARNING: NVTE_FLASH_ATTN is set but flash-attn is not installed; falling back to the fused kernel "
                "(is_flash_attn_error_recoverable=True)",
            ]
        return out


def _end(t: datetime) -> list[str]:
    g = f"E{t:%m%d %H:%M:%S}.{t.microsecond:06d}000"
    return [
        f"[rank{RANK}]:[{g} ProcessGroupNCCL.cpp:607] [Rank {RANK}] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=412031, OpType=ALLREDUCE, NumelIn=16777216, NumelOut=16777216, Timeout(ms)=600000) ran for "
        "600071 milliseconds before timing out.",
        f"[rank{RANK}]:[{g} ProcessGroupNCCL.cpp:1664] [PG 0 Rank {RANK}] Exception (either an error or timeout) "
        "detected by watchdog at work: 412031, last enqueued NCCL work: 412031, last completed NCCL work: 412030.",
        f"[rank{RANK}]:[{g} ProcessGroupNCCL.cpp:621] [Rank {RANK}] Some NCCL operations have failed or timed out. "
        "Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"E{t:%m%d %H:%M:%S}.402000 140112 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: -6) "
        f"local_rank: 3 (pid: 2844) of binary: /usr/bin/python3.11",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "pretrain_gpt.py FAILED",
    ]


def chunks(mb: int, seed: int) -> Iterator[str]:
    """The log, in pieces of a few MB: NCCL setup whenever a communicator is (re)made, then
    iterations, until about ``mb`` MB are written."""
    lines = _Lines(seed)
    target = mb * 1_000_000
    written, it, comm = 0, 0, 0
    t = START
    while written < target:
        text: list[str] = []
        if it % 400 == 0:  # a new communicator: data-parallel groups rebuilt, a pipeline stage re-created
            comm += 1
            stamp = _stamp(t)
            text += [stamp + line + "\n" for line in lines.nccl_setup(comm) * 3]
        for _ in range(400):
            t += STEP
            stamp = _stamp(t)
            text += [stamp + line + "\n" for line in lines.iteration(it, t)]
            it += 1
        piece = "".join(text)
        written += len(piece)
        yield piece
    t += timedelta(minutes=10)
    yield "".join(_stamp(t) + line + "\n" for line in _end(t))


def write(out: Path, mb: int, seed: int = 7) -> int:
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="ascii", newline="\n") as f:
        for piece in chunks(mb, seed):
            f.write(piece)
    return out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--mb", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(write(args.out, args.mb, args.seed))


if __name__ == "__main__":
    main()
