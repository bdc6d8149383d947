"""Reading progress: which lines report it, the pace they state, and how output arrived."""

from __future__ import annotations

from datetime import timedelta

from agent.engine.findings import StallPolicy
from agent.engine.progress import pace
from agent.engine.signatures import builtin_catalogue
from collectors.evidence import LogDigest, LogLine
from tests.builders import at, log

PROGRESS = builtin_catalogue().progress


def _digest(lines: list[tuple[str, float | None]]) -> LogDigest:
    """A digest whose tail is ``lines`` as (text, minutes or None), as the scan would keep it."""
    tail = [LogLine(line=i + 1, text=t, time=at(m) if m is not None else None) for i, (t, m) in enumerate(lines)]
    timed = [ln.time for ln in tail if ln.time is not None]
    return LogDigest(pod="p", container="c", lines=len(tail), tail=tail, last_time=timed[-1] if timed else None)


def test_progress_lines_of_every_common_shape() -> None:
    for line in (
        " 48%|####      | 2500/5198 [54:35<58:54,  1.31s/it]",
        "Epoch 0: : 74/8000 [54:16<4:10:11, reduced_train_loss=1.818, global_step=74.0]",
        "iter 520: loss 4.3928, time 4608.49ms, mfu 39.50%",
        " [2026-03-10 14:06:10] iteration     1100/   50000 | elapsed time per iteration (ms): 1882.6 |",
        "{'loss': 0.7836, 'grad_norm': 1.34, 'learning_rate': 1.17e-05, 'epoch': 0.46}",
        "INFO:tensorflow:loss = 0.8710, step = 3900 (11.200 sec)",
        "Train Epoch: 9 [319488/1281167 (25%)]\tLoss: 3.278363",
        "[120]\ttrain-logloss:0.51034\teval-logloss:0.53112",
        "     81/400      29.9G     0.7018     0.3414      1.101        115        640:   3%|▎         | 9/351 "
        "[00:06<04:11,  1.36it/s]",
        "     26/99     2.57G    0.0183   0.01445      0.07    0.1028        10       832:  64%|▋| 1192/1860 "
        "[04:49<02:49,  3.94it/s]",
    ):
        assert pace(_digest([(line, None)]), PROGRESS).reports, line


def test_start_up_is_not_progress() -> None:
    for line in (
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:05<00:00,  1.39s/it]",
        "Map: 100%|██████████| 412360/412360 [01:09<00:00, 5933.80 examples/s]",
        "model-00003-of-00004.safetensors: 100%|██████████| 3.86G/3.86G [00:48<00:00, 79.6MB/s]",
        "Server listening on 0.0.0.0 port 22.",
        "  Total optimization steps = 180 lines of config",
        "  train_iters ...................................... 50000",
    ):
        assert not pace(_digest([(line, None)]), PROGRESS).reports, line


def test_the_pace_is_the_stated_rate_times_the_steps_between_lines() -> None:
    p = pace(
        _digest(
            [
                (" 10%|#   | 1600/8573 [11:21:20<50:27:26, 26.05s/it]", 0),
                (" 10%|#   | 1610/8573 [11:25:45<50:22:32, 26.05s/it]", None),
            ]
        ),
        PROGRESS,
    )
    assert p.seconds == 10 * 26.05
    ms = pace(
        _digest([("iter 520: loss 4.39, time 4608.49ms", 0), ("iter 530: loss 4.40, time 4600.00ms", 1)]), PROGRESS
    )
    assert ms.seconds is not None and abs(ms.seconds - 46.0) < 0.01
    per_sec = pace(_digest([(" 5%|#  | 100/2000 [00:40<12:40,  2.50it/s]", 0)]), PROGRESS)
    assert per_sec.seconds == 0.4


def test_a_report_covers_the_usual_steps_between_lines_not_the_last_gap() -> None:
    """BasicSR's "iter:  20,100" groups thousands and "time (data): 0.386 (0.002)" is seconds per
    iteration. A log with reports missing (a paste, a cut copy) has one gap of 1700 steps among
    gaps of 100: a report is due every 100 iterations, not every 1700."""
    line = "INFO: [exp..][epoch:{e}, iter:  {i}, lr:(1.000e-04,)] [eta: 1 day, 18:10:02, time (data): 0.386 (0.002)]"
    p = pace(
        _digest(
            [
                (line.format(e=208, i="20,200"), 0),
                (line.format(e=209, i="20,300"), 0.65),
                (line.format(e=210, i="20,400"), 1.3),
                (line.format(e=227, i="22,100"), 12.3),
            ]
        ),
        PROGRESS,
    )
    assert p.reports and p.seconds is not None and abs(p.seconds - 38.6) < 0.01
    # A count with a comma and fewer than three digits after it is not a grouped number.
    steps = pace(_digest([("step 5, loss 0.41, 2.00s/it", 0), ("step 6, loss 0.40, 2.00s/it", 1)]), PROGRESS)
    assert steps.seconds == 2.0


def test_the_silence_is_due_after_the_shorter_of_the_two_paces() -> None:
    policy = StallPolicy()
    d = _digest(
        [
            (" 10%|#   | 1600/8573 [00:00<00:00, 26.05s/it]", -400),
            ("checkpoint saved", -200),
            (" 10%|#   | 1610/8573 [00:00<00:00, 26.05s/it]", None),
        ]
    )
    # Timed lines every 50 minutes would allow 1000 minutes of silence; the bar's pace, 260 s
    # a line, allows 20 x 260.5 s.
    p = pace(d.model_copy(update={"cadence": 3000.0}), PROGRESS)
    assert p.due(policy) == timedelta(seconds=20 * 260.5)
    fast = pace(_digest([(" 10%|#   | 1610/8573 [00:00<00:00, 1.05s/it]", -1)]), PROGRESS)
    assert fast.due(policy) == timedelta(minutes=45)  # never less than the floor


def test_after_an_epoch_ends_the_next_is_due_at_its_step_pace() -> None:
    """Keras in a file prints one line an epoch: between header and end an epoch of silence is
    its pace, but once an epoch (not the last) has ended the next header follows at once."""
    epoch = [
        ("Epoch 1/800", 0),
        ("1000/1000 [==============================] - 1143s 1s/step - loss: 0.0176", 19),
    ]
    ended = pace(_digest(epoch), PROGRESS)
    assert ended.seconds == 1.0
    verbose2 = pace(_digest([("Epoch 3/20", 0), ("469/469 - 3s - loss: 0.2900 - 6ms/step", 1)]), PROGRESS)
    assert verbose2.seconds is not None and abs(verbose2.seconds - 0.006) < 1e-9
    # Inside an epoch, or after the last one, nothing says when the next line is due.
    assert pace(_digest([*epoch, ("Epoch 2/800", 19)]), PROGRESS).seconds is None
    last = pace(_digest([("Epoch 800/800", 0), (epoch[1][0], 19)]), PROGRESS)
    assert last.seconds is None
    # A bar cut mid-epoch is no epoch's end.
    assert (
        pace(_digest([("Epoch 1/800", 0), ("500/1000 [=====>....] - ETA: 9:00 - loss: 0.02", 9)]), PROGRESS).seconds
        is None
    )


def test_lines_that_arrived_together_are_counted_alike_live_and_from_a_snapshot() -> None:
    """A snapshot's untimed lines and a live log's lines stamped with the previous line's time
    (the kubelet's stamps on buffered output, a buffer's worth) arrived together alike."""
    c, d, e = (x * 1500 for x in "cde")
    offline = _digest([("a", -60), ("b", None), (c, -30), (d, None), (e, None)])
    live = _digest([("a", -60), ("b", -60), (c, -30), (d, -30), (e, -30)])
    assert pace(offline, PROGRESS).arrived_together == pace(live, PROGRESS).arrived_together == 2
    assert not pace(_digest([("a", -60), ("b", -30), (c, -30), (d, -30), (e, -30)]), PROGRESS).measurable(StallPolicy())


def test_lines_stamped_milliseconds_apart_were_written_one_by_one() -> None:
    """The kubelet stamps the lines of one chunk it reads (a flushed buffer) microseconds apart;
    lines 10 ms apart were separate writes of a program writing as it goes, so the silence after
    the last of them is measured - however close they came at the end."""
    ms = 1 / 60_000
    written = [("a", -60), ("b", -30), ("c", -30 + 10 * ms), ("d", -30 + 20 * ms), ("e", -30 + 40 * ms)]
    assert pace(_digest(written), PROGRESS).arrived_together == 0
    buffer = [(x * 1500, -30 + ms / 1000 * i) for i, x in enumerate("bcde")]
    assert pace(_digest([("a", -60), *buffer]), PROGRESS).arrived_together == 3


def test_a_run_smaller_than_a_buffer_was_written_when_stamped() -> None:
    """A block-buffered writer flushes a full buffer (4-8 KiB): a smaller run the kubelet stamped
    as it read it (a table, a multi-line message) was written then, and the silence after it is
    measured - when it is seen whole: the tail holds a line before it, or the log's first line."""
    ms = 1 / 60_000
    table = [(f"net1/cbhg/highwaynet_{i}/dense1/kernel:0    [64, 64]    4096", -240 + i * ms) for i in range(13)]
    assert pace(_digest(table), PROGRESS).arrived_together == 0
    assert pace(_digest([("starting", -250), *table]), PROGRESS).arrived_together == 0
    cut = _digest(table).model_copy(update={"lines": 400})
    assert pace(cut, PROGRESS).arrived_together == 12
    untimed = _digest([("starting", -250), *table[:3], ("summary", None)])
    assert pace(untimed, PROGRESS).arrived_together == 3
    # Lines sharing one time to the nanosecond had it rebuilt (a replayed log, untimed lines
    # stamped with the container's start): when they were written is unknown.
    rebuilt = _digest([("starting", -250), *((text, -240.0) for text, _ in table)])
    assert pace(rebuilt, PROGRESS).arrived_together == 12


def test_a_scanned_log_is_read_the_same_way() -> None:
    d = log("p", [f"2026-05-01T10:{m:02d}:00Z step {m} loss 1.0" for m in range(10)])
    p = pace(d, PROGRESS)
    assert p.reports and p.last is not None and p.last.text.endswith("step 9 loss 1.0")


def test_a_report_written_as_a_block_is_its_usual_unit() -> None:
    """A stats block (a step line and its loss lines, written at once) every few seconds: the
    last block arriving together is how the log writes, and the silence after it counts; the
    step line is the one quoted. A final run of another size is still left unmeasured."""
    block = ["[run][Step {} / 720000]", "\t\tloss: 0.613418, lr: 0.002000 time: 0.431063", "\t\tloss_cls: 0.0843"]
    lines: list[tuple[str, float | None]] = []
    for i in range(6):
        lines += [(text.format(550001 + 20 * i), -60 + i * 0.15) for text in block]
    p = pace(_digest(lines), PROGRESS)
    assert p.measurable(StallPolicy()) and p.arrived_together == 0
    assert p.last is not None and "Step 550101" in p.last.text
    odd = pace(_digest([*lines, ("a" * 2500, -59.25), ("b" * 2500, -59.25)]), PROGRESS)
    assert odd.arrived_together == 4


def test_last_words_that_announce_the_process_group_await_the_other_ranks() -> None:
    waiting = builtin_catalogue().waiting
    for line in (
        "Using distributed PyTorch with gloo backend",
        "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/2",
        "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/2",
        "[26236] Initializing process group with: {'MASTER_ADDR': '10.0.0.1', 'MASTER_PORT': '29500', 'RANK': '0', "
        "'WORLD_SIZE': '2'}",
        "[I socket.cpp:725] [c10d] The client socket has connected to [t-master-0.ns.svc.cluster.local]:23456 on "
        "[t-worker-0]:38244.",
    ):
        assert pace(_digest([("this is main", 0), (line, 1)]), PROGRESS, waiting=waiting).awaits, line
    # Once a later line says something, the wait is over; a line that says nothing (noise) does not count.
    moved_on = _digest([("Using distributed PyTorch with gloo backend", 0), ("Train Epoch: 1 [0/60000 (0%)]", 1)])
    assert not pace(moved_on, PROGRESS, waiting=waiting).awaits
    assert not pace(_digest([("Loading the dataset from /data/train", 0)]), PROGRESS, waiting=waiting).awaits


def test_a_rule_of_stars_or_dashes_says_nothing_of_where_the_process_stands() -> None:
    banner = [
        ("WARNING:torch.distributed.run:", 0),
        ("*****************************************", 0),
        ("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default", 0),
        ("*****************************************", 0),
        ("", 0),
        ("  ----------  ", 0),
    ]
    said = pace(_digest(banner), PROGRESS).said
    assert said is not None and said.text.startswith("Setting OMP_NUM_THREADS")
    assert pace(_digest([("=====", 0)]), PROGRESS).said is None
