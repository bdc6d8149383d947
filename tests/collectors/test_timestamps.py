"""Times from Kubernetes objects and from the heads of log lines."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from collectors.timestamps import format_duration, line_time, parse_time, split_kubectl_timestamp

UTC = timezone.utc


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-03-02T10:00:01Z", datetime(2026, 3, 2, 10, 0, 1, tzinfo=UTC)),
        ("2026-03-02T10:00:01.123456789Z", datetime(2026, 3, 2, 10, 0, 1, 123456, tzinfo=UTC)),
        ("2026-03-02T12:00:01+02:00", datetime(2026, 3, 2, 10, 0, 1, tzinfo=UTC)),
        ("not a time", None),
        (None, None),
        ("2026-13-45T10:00:00Z", None),
    ],
)
def test_parse_time(value: object, expected: datetime | None) -> None:
    assert parse_time(value) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "[2026-03-02 10:30:50,004] torch.distributed.elastic: [ERROR] failed",
            datetime(2026, 3, 2, 10, 30, 50, 4000, tzinfo=UTC),
        ),
        ("2026-03-02 10:00:11,204 INFO eval_asr: model", datetime(2026, 3, 2, 10, 0, 11, 204000, tzinfo=UTC)),
        (
            "W0302 10:00:41.233000 140093412456256 torch/distributed/run.py:779]",
            datetime(2026, 3, 2, 10, 0, 41, 233000, tzinfo=UTC),
        ),
        ("03/02/2026 10:00:53 - WARNING - __main__ - Process rank: 0", datetime(2026, 3, 2, 10, 0, 53, tzinfo=UTC)),
        ("2026-03-02:10:01:02,077 WARNING  [task.py:322] x", datetime(2026, 3, 2, 10, 1, 2, 77000, tzinfo=UTC)),
        ("[1,0]<stdout>:10:45:23 Train Epoch: 10", None),
        ("{'loss': 1.93, 'epoch': 0.02}", None),
    ],
)
def test_line_time(line: str, expected: datetime | None) -> None:
    assert line_time(line, year=2026) == expected


def test_kubectl_prefix_is_split_off() -> None:
    t, text = split_kubectl_timestamp("2026-03-02T10:50:52.085538715Z [INFO] saved")
    assert t == datetime(2026, 3, 2, 10, 50, 52, 85538, tzinfo=UTC) and text == "[INFO] saved"
    assert split_kubectl_timestamp("no prefix") == (None, "no prefix")


@pytest.mark.parametrize(
    ("seconds", "text"), [(45, "45s"), (95, "95s"), (600, "10m"), (15540, "4h19m"), (200000, "2d7h")]
)
def test_format_duration(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text
