"""Hostile and broken input (issue 12), one finding per test group, through the real CLI.

Bad input is one line and exit 3, never exit 1, a traceback or a hang; what can be diagnosed
is diagnosed, with a note for what was left out; nothing outside the snapshot is read. Runs
that could hang or read without end on a regression go through a subprocess with a time and
memory limit (``run``), never in the test process.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from agent.cli.app import app
from tests.conftest import EXAMPLES
from tests.fuzz import drop_file_override

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
TARGET = ["pytorchjob", "llama-ft", "-n", "team-nlp"]
CULPRIT_LOG = Path("logs/llama-ft-worker-2/pytorch.log")
OUTSIDE = "OUTSIDE-THE-SNAPSHOT-4f1c torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9 GiB."
JOBDOCTOR = str(Path(sys.executable).parent / "jobdoctor")
# A generous ceiling: every run here takes well under a second; a hang takes forever.
SECONDS = 30
MEMORY = 1 << 30


@pytest.fixture
def snap(tmp_path: Path) -> Path:
    dst = tmp_path / "snap"
    shutil.copytree(EXAMPLE, dst)
    return dst


def edit(snapshot: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Changes objects.yaml's objects, found by name: ``change({name: object})``."""
    path = snapshot / "objects.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change({f"{o['kind']}/{o['metadata']['name']}": o for o in data["items"]})
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def diagnose_json(snapshot: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    result = runner.invoke(app, ["diagnose", *TARGET, "--snapshot", str(snapshot), "-o", "json", *extra])
    assert "Traceback" not in result.output and "internal error" not in result.stderr, result.output
    return result.exit_code, (json.loads(result.stdout) if result.exit_code == 0 else {}), result.stderr


def run(*args: str, cwd: Path | None = None, unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
    """``jobdoctor ARGS`` in a child process limited in time and memory; ``unprivileged``: subject
    to file permissions even when the tests run as root."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY * 2, MEMORY * 2))
        if unprivileged:
            assert drop_file_override()

    env = {**os.environ, "HOME": str(cwd or Path.cwd())}
    result = subprocess.run(
        [JOBDOCTOR, *args], capture_output=True, text=True, timeout=SECONDS, cwd=cwd, preexec_fn=limit, env=env
    )
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    return result


# -- 1. wrong types are bad input, not internal errors ----------------------------------------------


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """``Kind/name:field.path`` (list items by number) set to ``value``."""
    name, _, dotted = path.partition(":")

    def change(objects: dict[str, Any]) -> None:
        node = objects[name]
        *parents, last = [int(p) if p.isdigit() else p for p in dotted.split(".")]
        for part in parents:
            node = node[part]
        node[last] = value

    return change


WRONG_TYPES = [
    ("Pod/llama-ft-worker-0:status.containerStatuses", ["x"], "status.containerStatuses[0]"),
    ("Event/llama-ft-worker-2.1:involvedObject", ["x"], "involvedObject"),
    ("Pod/llama-ft-worker-0:metadata.labels", 5, "metadata.labels"),
    ("Pod/llama-ft-worker-0:metadata.ownerReferences", True, "metadata.ownerReferences"),
    ("Pod/llama-ft-worker-0:spec.nodeName", 123, "spec.nodeName"),
    (
        "Pod/llama-ft-worker-1:status.containerStatuses.0.state.terminated.exitCode",
        True,
        "status.containerStatuses[0].state.terminated.exitCode",
    ),
    ("Pod/llama-ft-worker-1:status.containerStatuses.0.state", [{"x": None}], "status.containerStatuses[0].state"),
    ("PyTorchJob/llama-ft:status.conditions.0.reason", [1], "status.conditions[0].reason"),
    ("PyTorchJob/llama-ft:spec.pytorchReplicaSpecs", {5: {"replicas": 1}}, "the key 5 of spec.pytorchReplicaSpecs"),
    ("PyTorchJob/llama-ft:status.replicaStatuses", "Failed", "status.replicaStatuses"),
]


@pytest.mark.parametrize(("path", "value", "field"), WRONG_TYPES, ids=[p for p, _, _ in WRONG_TYPES])
def test_1_a_field_of_the_wrong_type_is_left_out_with_a_note(snap: Path, path: str, value: Any, field: str) -> None:
    edit(snap, _set(path, value))
    code, verdict, _ = diagnose_json(snap)
    assert code == 0
    assert verdict["category"] == "gpu-oom" and verdict["culprit"]["pod"] == "llama-ft-worker-2"
    kind, _, name = path.partition(":")[0].partition("/")
    assert any(n.startswith(f"objects.yaml: {kind} team-nlp/{name}: left out {field} ") for n in verdict["notes"]), (
        verdict["notes"]
    )


def test_1_numbers_no_integer_can_hold_are_read_as_absent(snap: Path) -> None:
    edit(snap, _set("Pod/llama-ft-worker-1:status.containerStatuses.0.restartCount", float("inf")))
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["category"] == "gpu-oom"


def test_1_an_object_without_an_identity_is_left_out_and_the_rest_diagnosed(snap: Path) -> None:
    edit(snap, lambda objects: objects["Pod/llama-ft-worker-0"].pop("kind"))
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["category"] == "gpu-oom"
    assert any("an object has no kind: left out" in n for n in verdict["notes"])


def test_1_a_date_only_captured_at_is_bad_input_naming_the_field(snap: Path) -> None:
    (snap / "snapshot.yaml").write_text("capturedAt: 2026-05-14\n")
    code, _, stderr = diagnose_json(snap)
    assert code == 3 and "snapshot.yaml: capturedAt datetime.date(2026, 5, 14) is not an RFC 3339 time" in stderr


def test_1_times_no_clock_wrote_are_absent_or_bad_input(snap: Path) -> None:
    """Found by the fuzz harness: a year 9999 overflowed the engine's time arithmetic."""
    edit(
        snap,
        _set("Pod/llama-ft-worker-0:status.containerStatuses.0.state.terminated.finishedAt", "9999-12-31T23:59:59Z"),
    )
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["category"] == "gpu-oom"
    (snap / "snapshot.yaml").write_text("capturedAt: '9999-12-31T23:59:59Z'\n")
    code, _, stderr = diagnose_json(snap)
    assert code == 3 and "capturedAt '9999-12-31T23:59:59Z' is not an RFC 3339 time of the years 1900 to 9000" in stderr


def test_1_a_second_conflicting_copy_of_the_workload_is_named(snap: Path) -> None:
    """Issue 14: a snapshot merged from two captures holds the workload twice."""
    path = snap / "objects.yaml"
    data = yaml.safe_load(path.read_text())
    old = json.loads(json.dumps(data["items"][0]))
    old["metadata"]["resourceVersion"] = "1"
    old["status"] = {"conditions": [{"type": "Running", "status": "True"}]}
    data["items"][0]["metadata"]["resourceVersion"] = "99"
    data["items"].append(old)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["status"] == "Failed"
    assert (
        "objects.yaml holds two different copies of PyTorchJob team-nlp/llama-ft: the one in document 1 item 1 "
        "(resourceVersion 99) is used, the one in document 1 item 14 is not"
    ) in verdict["notes"]


# -- 2. one bad log does not stop the diagnosis ---------------------------------------------------------


BAD_LOGS = {
    "NUL bytes": lambda p: p.write_bytes(p.read_bytes() + b"\x00" * 64 + b"\n"),
    "UTF-16": lambda p: p.write_bytes(p.read_text(encoding="utf-8").encode("utf-16")),
    "2 GB sparse": lambda p: os.truncate(p, 2 << 30),
}


@pytest.mark.parametrize("damage", list(BAD_LOGS), ids=list(BAD_LOGS))
def test_2_a_log_that_is_not_text_is_a_note(snap: Path, damage: str) -> None:
    BAD_LOGS[damage](snap / "logs" / "llama-ft-worker-0" / "pytorch.log")
    started = time.monotonic()
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["category"] == "gpu-oom" and time.monotonic() - started < SECONDS
    assert (
        "logs of llama-ft-worker-0/pytorch: logs/llama-ft-worker-0/pytorch.log: binary data or UTF-16, "
        "not a UTF-8 text log: not read"
    ) in verdict["notes"]


def test_2_unreadable_files_and_folders_are_notes(snap: Path) -> None:
    (snap / "logs" / "llama-ft-worker-0" / "pytorch.log").chmod(0)
    (snap / "logs" / "llama-ft-master-0").chmod(0)
    (snap / "snapshot.yaml").chmod(0)
    try:
        result = run("diagnose", *TARGET, "--snapshot", str(snap), "-o", "json", cwd=snap.parent, unprivileged=True)
    finally:
        for p in (snap / "logs" / "llama-ft-master-0", snap / "snapshot.yaml"):
            p.chmod(0o755)
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["category"] == "gpu-oom"
    assert (
        "snapshot.yaml: cannot be read (Permission denied); the newest time in objects.yaml is used as capturedAt"
        in verdict["notes"]
    )
    assert any(
        n.startswith("logs of llama-ft-worker-0/pytorch: logs/llama-ft-worker-0/pytorch.log: cannot be read")
        for n in verdict["notes"]
    ), verdict["notes"]
    assert any(n.startswith("logs of llama-ft-master-0/pytorch: ") for n in verdict["notes"]), verdict["notes"]


# -- 3. nothing outside the snapshot is read ----------------------------------------------------------


def _outside(tmp_path: Path) -> Path:
    secret = tmp_path / "host-file.log"
    secret.write_text(f"{OUTSIDE}\n" * 3)
    return secret


def test_3_a_symlinked_log_is_refused_in_diagnose_prompt_and_capture(snap: Path, tmp_path: Path) -> None:
    log = snap / "logs" / "llama-ft-worker-0" / "pytorch.log"
    log.unlink()
    log.symlink_to(_outside(tmp_path))
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and OUTSIDE not in json.dumps(verdict)
    assert (
        "logs of llama-ft-worker-0/pytorch: logs/llama-ft-worker-0/pytorch.log: a symbolic link: not followed"
        in verdict["notes"]
    )
    prompt = runner.invoke(app, ["prompt", *TARGET, "--snapshot", str(snap)])
    assert prompt.exit_code == 0 and "OUTSIDE-THE-SNAPSHOT" not in prompt.output
    out = tmp_path / "captured"
    captured = runner.invoke(app, ["capture", *TARGET, "--snapshot", str(snap), "--to", str(out)])
    assert captured.exit_code == 0, captured.output
    assert not any("OUTSIDE-THE-SNAPSHOT" in p.read_text() for p in out.rglob("*") if p.is_file())


def test_3_a_linked_logs_folder_fifos_and_devices_are_refused(snap: Path, tmp_path: Path) -> None:
    fifo = snap / "logs" / "llama-ft-worker-0" / "pytorch.log"
    fifo.unlink()
    os.mkfifo(fifo)
    (snap / "logs" / "llama-ft-worker-1" / "pytorch.log").unlink()
    (snap / "logs" / "llama-ft-worker-1" / "pytorch.log").symlink_to("/dev/zero")
    master = snap / "logs" / "llama-ft-master-0"
    shutil.rmtree(master)
    master.symlink_to(_outside(tmp_path).parent)
    result = run("diagnose", *TARGET, "--snapshot", str(snap), "-o", "json")
    assert result.returncode == 0, result.stderr
    notes = json.loads(result.stdout)["notes"]
    assert (
        "logs of llama-ft-worker-0/pytorch: logs/llama-ft-worker-0/pytorch.log: a FIFO, not a regular file: not read"
        in notes
    )
    assert (
        "logs of llama-ft-worker-1/pytorch: logs/llama-ft-worker-1/pytorch.log: a symbolic link: not followed" in notes
    )
    assert (
        "logs of llama-ft-master-0/pytorch: logs/llama-ft-master-0/pytorch.log: logs/llama-ft-master-0 is a symbolic "
        "link: not followed"
    ) in notes


def test_3_objects_yaml_through_a_symlink_is_refused(snap: Path, tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.yaml"
    (snap / "objects.yaml").rename(real)
    (snap / "objects.yaml").symlink_to(real)
    code, _, stderr = diagnose_json(snap)
    assert code == 3 and "objects.yaml: a symbolic link: not followed" in stderr


# -- 4. bounded work on every user-supplied file ----------------------------------------------------


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "fifo", "big"])
@pytest.mark.parametrize("option", ["--rules", "--config", "--prompt-file"])
def test_4_user_files_are_regular_files_of_at_most_a_mebibyte(tmp_path: Path, option: str, source: str) -> None:
    if source == "fifo":
        os.mkfifo(tmp_path / "fifo")
    if source == "big":
        (tmp_path / "big").write_text("# " + "x" * (1 << 20) + "\n")
    path = source if source.startswith("/") else str(tmp_path / source)
    command = "prompt" if option == "--prompt-file" else "diagnose"
    started = time.monotonic()
    result = run(command, *TARGET, "--snapshot", str(EXAMPLE), option, path, cwd=tmp_path)
    assert result.returncode == 3 and time.monotonic() - started < SECONDS
    reason = "larger than 1 MiB: not read" if source == "big" else "not a regular file: not read"
    assert reason in result.stderr


def test_4_files_a_config_names_are_bounded_too(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    config = tmp_path / "config.yaml"
    config.write_text(f"rules: [{tmp_path / 'fifo'}]\n")
    assert (
        "a FIFO, not a regular file"
        in run("diagnose", *TARGET, "--snapshot", str(EXAMPLE), "--config", str(config), cwd=tmp_path).stderr
    )
    config.write_text("prompts: {default: /dev/zero}\n")
    result = run("prompt", *TARGET, "--snapshot", str(EXAMPLE), "--config", str(config), cwd=tmp_path)
    assert result.returncode == 3 and "prompts.default /dev/zero: a character device" in result.stderr


# -- 6. YAML alias bombs -------------------------------------------------------------------------------------


def _bomb(snapshot: Path) -> None:
    layer: Any = ["lol"] * 9
    for _ in range(8):
        layer = [layer] * 9  # 9 ** 9 strings, written as nine anchors
    edit(snapshot, lambda objects: objects["PyTorchJob/llama-ft"]["metadata"].update(annotations={"bomb": layer}))


@pytest.mark.parametrize("command", ["diagnose", "prompt", "capture"])
def test_6_an_alias_bomb_is_refused_at_once(snap: Path, tmp_path: Path, command: str) -> None:
    _bomb(snap)
    extra = ["--to", str(tmp_path / "out")] if command == "capture" else []
    started = time.monotonic()
    result = run(command, *TARGET, "--snapshot", str(snap), *extra, cwd=tmp_path)
    assert result.returncode == 3 and time.monotonic() - started < SECONDS
    assert "objects.yaml: refused: line" in result.stderr and "aliases repeat more than" in result.stderr


# -- 7. templates are sandboxed in CPU and memory ---------------------------------------------------------

HOSTILE_TEMPLATES = {
    "nested loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "a huge string": "{{ 'a' * 10**10 }}",
    "a huge range": "{{ range(10**9)|list }}",
    "a recursive macro": "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
    "a deep Go template": "{{ if .LogInfo }}" * 5000 + "x" + "{{ end }}" * 5000,
    "loops over the schema": "{% for a in AnswerSchema %}{% for b in AnswerSchema %}{% for c in AnswerSchema %}"
    "{% endfor %}{% endfor %}{% endfor %}",
}


@pytest.mark.parametrize("name", list(HOSTILE_TEMPLATES))
def test_7_prompt_says_a_hostile_template_cannot_be_used(tmp_path: Path, name: str) -> None:
    template = tmp_path / "t.j2"
    template.write_text(HOSTILE_TEMPLATES[name])
    started = time.monotonic()
    result = run("prompt", *TARGET, "--snapshot", str(EXAMPLE), "--prompt-file", str(template), cwd=tmp_path)
    assert result.returncode == 3 and time.monotonic() - started < SECONDS
    assert f"prompt template --prompt-file {template}: " in result.stderr
    assert "the built-in template kubeflow.j2 is used" in result.stderr
    assert "=== system:" in result.stdout  # the built-in template's messages, what diagnose would send


@pytest.mark.parametrize("name", ["nested loops", "a huge string", "a recursive macro", "a deep Go template"])
def test_7_diagnose_with_a_model_falls_back_to_the_built_in_template(
    tmp_path: Path, respx_mock: Any, name: str
) -> None:
    import httpx

    from agent.review.llm import ModelAdvisor
    from tests.agent.review.modelfakes import CHAT, completion, good_answer, model_settings, read

    template = tmp_path / "t.j2"
    template.write_text(HOSTILE_TEMPLATES[name])
    route = respx_mock.post(CHAT).mock(return_value=httpx.Response(200, json=completion(good_answer())))
    source, evidence, rule = read(EXAMPLE)
    started = time.monotonic()
    verdict = ModelAdvisor(model_settings(prompt_file=str(template)), source=source, environ={}).review(evidence, rule)
    assert time.monotonic() - started < SECONDS
    assert verdict.engine == "llm" and route.call_count == 1  # the model was asked, with the built-in template
    assert any(
        n.startswith(f"prompt template --prompt-file {template}: ")
        and n.endswith("; the built-in template kubeflow.j2 is used")
        for n in verdict.notes
    ), verdict.notes


# -- 8. a huge last line does not hide the error before it -------------------------------------------------


def test_8_a_huge_last_line_is_cut_and_the_error_before_it_kept(snap: Path) -> None:
    log = snap / CULPRIT_LOG
    with log.open("ab") as f:  # 48 MB: past what the tail may look back through (4 x 8 MiB)
        block = b"x" * (1 << 20)
        for _ in range(48):
            f.write(block)
        f.write(b"\n")
    code, verdict, _ = diagnose_json(snap)
    assert code == 0 and verdict["category"] == "gpu-oom" and verdict["culprit"]["pod"] == "llama-ft-worker-2"
    assert (
        "logs/llama-ft-worker-2/pytorch.log: 1 line longer than 1 MiB cut to its first and last 512 KiB"
        in verdict["notes"]
    )


# -- 9. capture never writes where the user did not ask -----------------------------------------------------


def test_9_an_empty_or_root_output_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("the user's own file")
    for output in ("", "  ", "/"):
        result = run("capture", *TARGET, "--snapshot", str(EXAMPLE), "--to", output, "--force", cwd=tmp_path)
        assert result.returncode == 3, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]
    assert (
        "the output directory is empty"
        in run("capture", *TARGET, "--snapshot", str(EXAMPLE), "--to", "", cwd=tmp_path).stderr
    )


def test_9_a_directory_that_cannot_be_written_is_bad_input(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    result = run("capture", *TARGET, "--snapshot", str(EXAMPLE), "--to", str(locked), cwd=tmp_path, unprivileged=True)
    assert result.returncode == 3 and f"capture {locked}: cannot write there (Permission denied)" in result.stderr
    assert list(locked.iterdir()) == []


def test_9_a_killed_capture_leaves_nothing_and_its_leftovers_do_not_count(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / ".jobdoctor-capture-old").mkdir()  # what a capture killed with SIGKILL leaves
    big = tmp_path / "big"
    shutil.copytree(EXAMPLE, big)
    with (big / CULPRIT_LOG).open("a") as f:  # a log long enough to be mid-capture when signalled
        f.write(("2026-05-14T09:30:00Z step 1 loss 0.5 token=abc\n") * 200_000)
    proc = subprocess.Popen(
        [JOBDOCTOR, "capture", *TARGET, "--snapshot", str(big), "--to", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + SECONDS
        while not [p for p in out.iterdir() if p.name != ".jobdoctor-capture-old"] and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=SECONDS)
    finally:
        proc.kill()
    assert proc.returncode == 143 and "Traceback" not in stderr
    assert [p.name for p in out.iterdir()] == [".jobdoctor-capture-old"]
    again = run("capture", *TARGET, "--snapshot", str(EXAMPLE), "--to", str(out), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
