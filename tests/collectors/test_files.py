"""collectors/files.py: user files and snapshot files read without being led astray."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from collectors.files import Refused, open_in_snapshot, read_user_file, read_user_yaml


def test_a_user_file_is_a_regular_utf8_file_of_bounded_size(tmp_path: Path) -> None:
    ok = tmp_path / "ok.yaml"
    ok.write_text("a: 1\n")
    assert read_user_file(ok) == "a: 1\n" and read_user_yaml(ok) == {"a": 1}
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "bin").write_bytes(b"\xff\xfe")
    cases = {
        big: "larger than 100 bytes: not read",
        tmp_path / "fifo": "a FIFO, not a regular file: not read",
        Path("/dev/zero"): "a character device, not a regular file: not read",
        tmp_path: "a directory",
        tmp_path / "bin": "not UTF-8 text",
        tmp_path / "none": "cannot be read (no such file)",
    }
    for path, reason in cases.items():
        with pytest.raises(Refused, match=re.escape(reason)):
            read_user_file(path, limit=100)


def test_a_user_yaml_file_is_loaded_within_the_limits(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("&r [*r]\n")
    with pytest.raises(Refused, match="refused: line 1: the alias"):
        read_user_yaml(bomb)
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [\n")
    with pytest.raises(Refused, match="cannot be read as YAML"):
        read_user_yaml(bad)


def test_a_snapshot_file_is_read_only_inside_and_never_through_a_link(tmp_path: Path) -> None:
    root = tmp_path / "snap"
    (root / "logs" / "p").mkdir(parents=True)
    (root / "logs" / "p" / "c.log").write_text("line\n")
    outside = tmp_path / "outside.log"
    outside.write_text("host file\n")
    (root / "logs" / "p" / "link.log").symlink_to(outside)
    (root / "logs" / "q").symlink_to(root / "logs" / "p")
    f = open_in_snapshot(root, "logs/p/c.log")
    assert f is not None and f.read() == b"line\n"
    f.close()
    assert open_in_snapshot(root, "logs/p/missing.log") is None
    with pytest.raises(Refused, match="^a symbolic link: not followed$"):
        open_in_snapshot(root, "logs/p/link.log")
    with pytest.raises(Refused, match="logs/q is a symbolic link"):
        open_in_snapshot(root, "logs/q/c.log")
    with pytest.raises(Refused, match="a directory"):
        open_in_snapshot(root, "logs/p")
