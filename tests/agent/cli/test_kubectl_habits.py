"""kubectl's habits: TYPE/NAME, the snapshot's namespace without -n, --version, capture --to,
usage mistakes worded as kubectl words them (exit 2), and help without Python types."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from agent.cli.app import app
from tests.conftest import EXAMPLES

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
JAX = EXAMPLES / "jaxjob-xla-oom"
BIN = Path(sys.executable).parent


def verdict(args: list[str]) -> dict[str, object]:
    result = runner.invoke(app, [*args, "-o", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_type_slash_name_is_the_same_as_type_name() -> None:
    split = verdict(["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE)])
    assert verdict(["diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)]) == split
    assert verdict(["diagnose", "PyTorchJobs.kubeflow.org/llama-ft", "--snapshot", str(EXAMPLE)]) == split
    assert verdict(["prompt", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)]) is not None


def test_the_snapshot_namespace_is_found_without_n() -> None:
    assert (
        verdict(["diagnose", "jaxjob/palm-distill", "--snapshot", str(JAX)])["target"]
        == "JAXJob jax-research/palm-distill"
    )


def _two_namespaces(tmp_path: Path) -> Path:
    """The example, with a second llama-ft PyTorchJob in namespace team-vision."""
    snap = tmp_path / "snap"
    shutil.copytree(EXAMPLE, snap)
    docs = list(yaml.safe_load_all((snap / "objects.yaml").read_text()))
    job = next(o for d in docs if d for o in (d.get("items") or [d]) if o.get("kind") == "PyTorchJob")
    other = json.loads(json.dumps(job))
    other["metadata"]["namespace"] = "team-vision"
    other["metadata"]["uid"] = "another-uid"
    with (snap / "objects.yaml").open("a") as f:
        f.write("---\n" + yaml.safe_dump(other))
    return snap


def test_a_name_in_two_namespaces_asks_for_n(tmp_path: Path) -> None:
    snap = _two_namespaces(tmp_path)
    result = runner.invoke(app, ["diagnose", "pytorchjob/llama-ft", "--snapshot", str(snap)])
    assert result.exit_code == 3 and result.stdout == ""
    assert result.stderr == (
        "jobdoctor: PyTorchJob llama-ft is in 2 namespaces of the snapshot: team-nlp, team-vision; pass -n NAMESPACE\n"
    )
    assert (
        verdict(["diagnose", "pytorchjob/llama-ft", "-n", "team-nlp", "--snapshot", str(snap)])["category"] == "gpu-oom"
    )


def test_a_missing_name_lists_the_snapshots_workloads_across_namespaces(tmp_path: Path) -> None:
    snap = _two_namespaces(tmp_path)
    result = runner.invoke(app, ["diagnose", "pytorchjob/nope", "--snapshot", str(snap)])
    assert result.exit_code == 3
    assert (
        "PyTorchJob nope not found; pytorchjobs in the snapshot: team-nlp/llama-ft, team-vision/llama-ft"
        in result.stderr
    )
    none = runner.invoke(app, ["diagnose", "tfjob/nope", "--snapshot", str(snap)])
    assert none.exit_code == 3 and "TFJob nope not found; the snapshot holds no tfjobs" in none.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "--max-logs", "0"],
            'invalid argument "0" for "--max-logs" flag: must be at least 1',
        ),
        (
            ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "-o", "yaml"],
            'invalid argument "yaml" for "-o, --output" flag: must be one of text, json, markdown',
        ),
        (
            ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE / "objects.yaml")],
            'for "-s, --snapshot" flag: a file, not a snapshot directory',
        ),
        (
            ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "--timeout", "0"],
            'invalid argument "0" for "--timeout" flag: must be at least 1',
        ),
        (
            ["diagnose", "pytorchjob", "llama-ft", "--max-logs=many"],
            'invalid argument "many" for "--max-logs" flag: must be',
        ),
        (["diagnose", "pytorchjob", "llama-ft", "--colour"], "unknown flag: --colour"),
        (["diagnose"], "missing TYPE[/NAME]"),
        (["diagnose", "pytorchjob"], "missing the workload's name: give TYPE NAME or TYPE/NAME"),
        (["diagnose", "pytorchjob/llama-ft", "llama-ft"], "there is no need to give the type as a separate argument"),
        (["diagnose", "pytorchjob/"], "TYPE/NAME needs both"),
        (["diagnoze", "pytorchjob/llama-ft"], 'unknown command "diagnoze"'),
        (["eval", str(EXAMPLE / "objects.yaml")], "invalid argument for CASES_DIR: a file, not a folder of cases"),
        (
            ["rules", "--category", "gpu-om"],
            'invalid argument "gpu-om" for "--category" flag: not a category; did you mean gpu-oom?',
        ),
        (["capture", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)], "missing --to DIR"),
    ],
    ids=[
        "max-logs 0",
        "-o yaml",
        "snapshot is a file",
        "timeout 0",
        "max-logs not a number",
        "unknown flag",
        "no kind",
        "no name",
        "type twice",
        "empty name",
        "unknown command",
        "eval a file",
        "unknown category",
        "capture nowhere",
    ],
)
def test_a_usage_mistake_is_exit_2_in_kubectls_words(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    first, second = result.stderr.splitlines()
    assert first.startswith("jobdoctor: error: ") and message in first, first
    assert re.fullmatch(r"See 'jobdoctor( \w+)? --help' for usage\.", second)
    assert "Traceback" not in result.stderr and "Usage:" not in result.stderr


def test_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert (result.exit_code, result.stdout) == (0, f"jobdoctor {version('jobdoctor')}\n")


def test_bare_jobdoctor_prints_the_help_and_exit_0() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0 and result.stdout.startswith("Usage: jobdoctor [OPTIONS] COMMAND")


COMMANDS = ["diagnose", "eval", "rules", "prompt", "capture", "bot", "watch", "operator", "triage", "mcp"]
PYTHON_TYPES = re.compile(r"<(str|int|float|path|file|dir|bool|list\[[^]]*\])>|range>|\[x[<>]=|\{\w+\}|\{[A-Z]")


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_reads_like_kubectls(command: str | None) -> None:
    result = runner.invoke(app, [command, "--help"] if command else ["--help"], terminal_width=100)
    assert result.exit_code == 0
    assert not PYTHON_TYPES.search(result.stdout), PYTHON_TYPES.search(result.stdout)


def test_command_summaries_are_whole_sentences() -> None:
    result = runner.invoke(app, ["--help"], terminal_width=200)
    listed = result.stdout.split("Commands:\n")[1].splitlines()
    summaries = {line.split()[0]: line.split(None, 1)[1] for line in listed if line.strip()}
    assert set(summaries) == set(COMMANDS)
    assert all(s.endswith(".") and not s.endswith("...") for s in summaries.values()), summaries


def test_capture_writes_to_the_directory_given_with_to(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["capture", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE), "--to", str(tmp_path / "a")]
    )
    assert result.exit_code == 0 and result.stderr == "" and (tmp_path / "a" / "objects.yaml").is_file()
    assert result.stdout.startswith(f"Captured pytorchjob team-nlp/llama-ft into {tmp_path / 'a'}")
    again = runner.invoke(
        app,
        ["capture", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "--output-directory", str(tmp_path / "b")],
    )
    assert again.exit_code == 0 and (tmp_path / "b" / "objects.yaml").is_file()


def test_capture_o_dir_still_works_with_a_deprecation_note(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["capture", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE), "-o", str(tmp_path / "old")]
    )
    assert result.exit_code == 0 and (tmp_path / "old" / "objects.yaml").is_file()
    assert result.stderr == (
        "jobdoctor: warning: capture -o DIR is deprecated, use --to DIR (-o is an output format everywhere else)\n"
    )
    both = runner.invoke(
        app,
        [
            "capture",
            "pytorchjob/llama-ft",
            "--snapshot",
            str(EXAMPLE),
            "-o",
            str(tmp_path / "x"),
            "--to",
            str(tmp_path / "y"),
        ],
    )
    assert both.exit_code == 2 and "give the directory once, as --to DIR" in both.stderr
    assert "-o, --output" not in runner.invoke(app, ["capture", "--help"]).stdout


def _complete(words: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What `jobdoctor WORDS<TAB>` offers in bash, through typer's completion protocol."""
    monkeypatch.setenv("_JOBDOCTOR_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", f"jobdoctor {words}")
    monkeypatch.setenv("COMP_CWORD", str(len(words.split(" "))))
    result = runner.invoke(app, [], prog_name="jobdoctor")
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_completion_offers_kinds_and_the_snapshots_names(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _complete("diagnose py", monkeypatch) == ["pytorchjob"]
    kinds = _complete("diagnose ", monkeypatch)
    assert {"pytorchjob", "tfjob", "mpijob", "jaxjob", "trainjob", "jobset", "rayjob", "job", "pod", "vcjob"} <= set(
        kinds
    )
    assert _complete(f"diagnose --snapshot {JAX} jaxjob/", monkeypatch) == ["jaxjob/palm-distill"]
    assert _complete(f"diagnose -s {JAX} jaxjob p", monkeypatch) == ["palm-distill"]
    assert _complete(f"diagnose -s {JAX} -n elsewhere jaxjob ", monkeypatch) == []
    assert _complete("diagnose jaxjob ", monkeypatch) == []  # live names are not asked for on TAB
    assert _complete("rules --category gpu-", monkeypatch) == ["gpu-oom", "gpu-hardware-error"]
    assert _complete(f"diagnose -s {EXAMPLE / 'logs'} jaxjob/", monkeypatch) == []  # not a snapshot: nothing


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_completion_script_is_typers(shell: str) -> None:
    result = runner.invoke(app, ["--show-completion", shell], prog_name="jobdoctor")
    assert result.exit_code == 0 and "_JOBDOCTOR_COMPLETE" in result.stdout


def test_kubectl_complete_script_is_installed_and_completes() -> None:
    script = BIN / "kubectl_complete-jobdoctor"
    assert script.is_file(), "pip install -e . installs kubectl_complete-jobdoctor"
    run = subprocess.run(
        [str(script), "diagnose", "--snapshot", str(JAX), "jaxjob", ""], capture_output=True, text=True, timeout=60
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "palm-distill\n", "")
    kinds = subprocess.run([str(script), "diagnose", "tf"], capture_output=True, text=True, timeout=60)
    assert kinds.stdout.split() == ["tfjob"]


def test_the_kubectl_plugin_entry_point_answers_as_kubectl_jobdoctor() -> None:
    run = subprocess.run(
        [str(BIN / "kubectl-jobdoctor"), "diagnose", "pytorchjob"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and "See 'kubectl jobdoctor diagnose --help' for usage." in run.stderr


def test_an_install_missing_a_dependency_says_so_in_one_line() -> None:
    # An editable install made before a dependency was added: importing it fails at the first
    # log scan. Hiding the module (sys.modules[name] = None) is what a missing package looks like.
    code = (
        "import sys; sys.modules['re2'] = None; sys.modules['hyperscan'] = None\nfrom agent.cli.app import main; main()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith("jobdoctor: the installation lacks a dependency (")
    assert "reinstall it" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
