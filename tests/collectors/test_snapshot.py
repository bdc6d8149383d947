"""SnapshotSource: the user-facing snapshot contract, and every way a snapshot can be bad."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml

from collectors.errors import SnapshotError, Unreadable
from collectors.snapshot import SnapshotSource, parse_selector
from collectors.source import ObjectRef, generated_prefix


def write(root: Path, objects: list[dict] | str, logs: dict[str, bytes] | None = None, meta: str | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    text = objects if isinstance(objects, str) else yaml.safe_dump_all(objects)
    (root / "objects.yaml").write_text(text)
    for rel, data in (logs or {}).items():
        path = root / "logs" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    if meta is not None:
        (root / "snapshot.yaml").write_text(meta)
    return root


def obj(kind: str, name: str, ns: str = "ml", api: str = "v1", **extra: object) -> dict:
    return {
        "apiVersion": api,
        "kind": kind,
        "metadata": {"name": name, "namespace": ns, **extra.pop("meta", {})},
        **extra,
    }


def read(source: SnapshotSource, **kw: object) -> bytes:
    return b"".join(source.read_log("ml", "p", "c", **kw))  # type: ignore[arg-type]


def test_lists_and_documents_are_both_read(tmp_path: Path) -> None:
    text = (
        yaml.safe_dump({"apiVersion": "v1", "kind": "List", "items": [obj("Pod", "a")]})
        + "---\n"
        + yaml.safe_dump(obj("Pod", "b"))
    )
    src = SnapshotSource(write(tmp_path, text))
    assert sorted(p["metadata"]["name"] for p in src.list_objects("v1", "Pod", "ml")) == ["a", "b"]


def test_label_selector_and_namespace(tmp_path: Path) -> None:
    src = SnapshotSource(
        write(
            tmp_path,
            [
                obj("Pod", "a", meta={"labels": {"job-name": "x", "role": "w"}}),
                obj("Pod", "b", meta={"labels": {"job-name": "y"}}),
                obj("Pod", "c", ns="other", meta={"labels": {"job-name": "x"}}),
            ],
        )
    )
    assert [p["metadata"]["name"] for p in src.list_objects("v1", "Pod", "ml", label_selector="job-name=x")] == ["a"]
    assert parse_selector("a=b, c==d") == {"a": "b", "c": "d"}
    with pytest.raises(ValueError):
        parse_selector("a in (b)")


def test_a_kind_is_found_whatever_its_capitals(tmp_path: Path) -> None:
    # The API server finds objects by resource name: the first TFJob operator's say "TfJob".
    src = SnapshotSource(write(tmp_path, [obj("TfJob", "t", api="mlkube.io/v1beta1")]))
    assert src.get_object("mlkube.io/v1beta1", "TFJob", "t", "ml") is not None
    assert [o["metadata"]["name"] for o in src.list_objects("mlkube.io/v1beta1", "TFJob", "ml")] == ["t"]
    assert src.get_object("kubeflow.org/v1", "TFJob", "t", "ml") is None


def test_secrets_are_never_loaded(tmp_path: Path) -> None:
    src = SnapshotSource(write(tmp_path, [obj("Secret", "token", data={"k": "c2VjcmV0"}), obj("Pod", "a")]))
    assert src.get_object("v1", "Secret", "token", "ml") is None


def test_events_match_by_uid_or_kind_and_name(tmp_path: Path) -> None:
    core = obj("Event", "e1", involvedObject={"kind": "Pod", "name": "a", "uid": "u-a"}, reason="BackOff")
    new = obj("Event", "e2", api="events.k8s.io/v1", regarding={"kind": "Job", "name": "j"}, reason="FailedCreate")
    other = obj("Event", "e3", involvedObject={"kind": "Pod", "name": "z"}, reason="Started")
    src = SnapshotSource(write(tmp_path, [core, new, other]))
    found = src.list_events("ml", [ObjectRef("Pod", "a", "ml", "u-a"), ObjectRef("Job", "j", "ml")])
    assert sorted(e["metadata"]["name"] for e in found) == ["e1", "e2"]


def test_a_generated_name_ref_matches_the_siblings_of_its_prefix_and_nothing_longer(tmp_path: Path) -> None:
    def about(name: str) -> dict:
        return obj("Event", f"{name}.1", involvedObject={"kind": "Pod", "name": name}, reason="Preempted")

    names = ["ray-head-74srb", "ray-head-mnbsl", "ray-head-worker-74srb", "ray-head-01234", "ray-head-74srbx"]
    src = SnapshotSource(write(tmp_path, [about(n) for n in names]))
    found = src.list_events("ml", [ObjectRef("Pod", "ray-head-", "ml", generated=True)])
    # Five characters of Kubernetes' suffix alphabet, no more, no fewer, no other dash.
    assert sorted(e["involvedObject"]["name"] for e in found) == ["ray-head-74srb", "ray-head-mnbsl"]


def test_the_generated_prefix_of_a_pod_from_its_field_else_from_its_name() -> None:
    assert generated_prefix({"metadata": {"name": "web-7d9f-x2x2x", "generateName": "web-7d9f-"}}) == "web-7d9f-"
    assert generated_prefix({"metadata": {"name": "train-job-74srb"}}) == "train-job-"
    # A name a person or an operator chose: an ordinal, a word with vowels, a short tail.
    for name in ("train-worker-0", "llama-serve", "trainer-abcde", "x-bcd", "-bcdfg"):
        assert generated_prefix({"metadata": {"name": name}}) is None, name


def test_captured_at_from_snapshot_yaml_or_newest_time(tmp_path: Path) -> None:
    pod = obj(
        "Pod",
        "a",
        meta={"creationTimestamp": "2026-01-01T10:00:00Z"},
        status={"containerStatuses": [{"state": {"terminated": {"finishedAt": "2026-01-01T11:30:00Z"}}}]},
    )
    assert SnapshotSource(write(tmp_path / "a", [pod])).captured_at == datetime(2026, 1, 1, 11, 30, tzinfo=timezone.utc)
    with_meta = SnapshotSource(write(tmp_path / "b", [pod], meta="capturedAt: '2026-01-02T00:00:00+02:00'\n"))
    assert with_meta.captured_at == datetime(2026, 1, 1, 22, 0, tzinfo=timezone.utc)


def test_tail_then_limit_like_the_api_server(tmp_path: Path) -> None:
    lines = b"".join(b"line %d\n" % i for i in range(1, 101))
    src = SnapshotSource(write(tmp_path, [obj("Pod", "p")], {"p/c.log": lines, "p/c.previous.log": b"before\n"}))
    assert read(src, tail_lines=3) == b"line 98\nline 99\nline 100\n"
    assert read(src, tail_lines=3, limit_bytes=8) == b"line 98\n"
    assert read(src) == lines
    assert read(src, previous=True) == b"before\n"
    assert b"".join(src.read_log("ml", "p", "missing")) == b""


def test_tail_of_a_file_without_final_newline(tmp_path: Path) -> None:
    src = SnapshotSource(write(tmp_path, [obj("Pod", "p")], {"p/c.log": b"a\nb\nc"}))
    assert read(src, tail_lines=2) == b"b\nc"


def test_huge_log_is_read_from_its_end_in_bounded_chunks(tmp_path: Path) -> None:
    """A 64 MiB log with 5,000 lines asked: only the end is read."""
    big = tmp_path / "big"
    write(big, [obj("Pod", "p")])
    path = big / "logs" / "p" / "c.log"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        block = b"x" * 1023 + b"\n"
        for _ in range(64 * 1024):
            f.write(block)
        f.write(b"the end\n")
    chunks = list(SnapshotSource(big).read_log("ml", "p", "c", tail_lines=5000, limit_bytes=8 << 20))
    assert b"".join(chunks).endswith(b"the end\n")
    assert sum(len(c) for c in chunks) <= 5000 * 1024 + 8
    assert max(len(c) for c in chunks) <= 1 << 20


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda p: None, "no such directory"),
        (lambda p: p.mkdir(), "objects.yaml is missing"),
        (lambda p: write(p, "items: [\n  - a: 1\n  b"), "objects.yaml line"),
        (lambda p: write(p, "- just\n- a list\n"), "expected a Kubernetes object"),
        (lambda p: write(p, [{"apiVersion": "v1", "metadata": {"name": "x"}}]), "an object has no kind"),
        (lambda p: write(p, [{"apiVersion": "v1", "kind": "Pod", "metadata": {}}]), "a Pod has no metadata.name"),
        (lambda p: write(p, [obj("Pod", "a")], meta="capturedAt: yesterday\n"), "is not an RFC 3339 time"),
    ],
    ids=["missing dir", "no objects", "bad yaml", "not objects", "no kind", "no name", "bad capturedAt"],
)
def test_bad_snapshots_raise_one_clear_error(tmp_path: Path, setup, message: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "snap"
    setup(target)
    with pytest.raises(SnapshotError) as err:
        SnapshotSource(target)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_binary_log_is_refused(tmp_path: Path) -> None:
    src = SnapshotSource(write(tmp_path, [obj("Pod", "p")], {"p/c.log": b"\x7fELF\x00\x00\x01binary"}))
    with pytest.raises(Unreadable, match="binary data or UTF-16, not a UTF-8 text log"):
        read(src)


def test_names_cannot_escape_the_logs_folder(tmp_path: Path) -> None:
    src = SnapshotSource(write(tmp_path, [obj("Pod", "p")]))
    with pytest.raises(Unreadable):
        b"".join(src.read_log("ml", "../../etc", "passwd"))
