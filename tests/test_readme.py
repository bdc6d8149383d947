"""What the README says that the code also says must agree: categories, exit codes, and the
commands it shows - each one whose input is in the repository gives a verdict."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from typer.testing import CliRunner

from agent.cli.app import app
from agent.engine.taxonomy import categories
from agent.errors import ExitCode
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")

# The product's public vocabulary: these ids never change.
PUBLIC_IDS = [
    "healthy",
    "unschedulable",
    "quota-exceeded",
    "volume-error",
    "image-pull-error",
    "config-error",
    "oom-killed",
    "gpu-oom",
    "shm-exhausted",
    "disk-full",
    "dependency-error",
    "missing-file",
    "network-error",
    "nccl-error",
    "rendezvous-error",
    "nan-loss",
    "cuda-error",
    "gpu-hardware-error",
    "crash-signal",
    "evicted",
    "preempted",
    "killed-externally",
    "deadline-exceeded",
    "stalled",
    "permission-denied",
    "application-error",
    "unknown",
]


def categories_table() -> str:
    rows = [f"| `{cid}` | {text} |" for cid, text in categories().items()]
    return "\n".join(["| id | meaning |", "| --- | --- |", *rows])


def test_taxonomy_ids_are_the_public_vocabulary() -> None:
    assert list(categories()) == PUBLIC_IDS


def test_readme_categories_table_is_generated_from_the_taxonomy() -> None:
    block = README.split("<!-- categories:start -->\n")[1].split("\n<!-- categories:end -->")[0]
    assert block == categories_table(), (
        "regenerate: python -c 'from tests.test_readme import categories_table; print(categories_table())'"
    )


def test_readme_exit_codes_match_the_enum() -> None:
    table = dict(re.findall(r"^\| (\d) \| (.+?) \|$", README, re.MULTILINE))
    assert sorted(int(code) for code in table) == sorted(int(c) for c in ExitCode)


def test_readme_opens_with_the_two_fresh_machine_commands() -> None:
    blocks = re.findall(r"```sh\n(.+?)\n```", README, re.DOTALL)
    assert "jobdoctor diagnose" in blocks[0] and "--snapshot examples/snapshots/" in blocks[0]
    assert "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert blocks[1].split("&& ", 3)[-1].strip() in ci, ".ci/run runs the README's test command"


# -- the commands the README and examples/README.md show ----------------------------------

EXAMPLES_README = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")


def shown_commands(text: str) -> list[str]:
    """Every `jobdoctor ...` command in the ```sh blocks of ``text``, comments dropped."""
    found = []
    for block in re.findall(r"```sh\n(.+?)\n```", text, re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            for part in line.split("&&"):
                command = re.split(r"\s+#", part)[0].strip()
                if command.startswith("jobdoctor "):
                    found.append(command)
    return found


def runnable(command: str) -> bool:
    """Whether the command's input is in the repository: a snapshot or cases folder that
    exists, or nothing to read at all. Live ones need a cluster; placeholders (DIR) are not
    paths."""
    words = shlex.split(command)[1:]
    if any(w.startswith("[") or w.isupper() or w == "..." for w in words):  # a synopsis: TYPE/NAME [-n NAMESPACE]
        return False
    if "--snapshot" in words:
        return (ROOT / words[words.index("--snapshot") + 1]).is_dir()
    if words[0] == "eval":
        return (ROOT / words[1]).is_dir()
    if words[0] == "rules":
        return all((ROOT / words[i + 1]).is_file() for i, w in enumerate(words) if w == "--rules")
    return words == ["--version"]


SHOWN = list(dict.fromkeys(c for c in shown_commands(README) + shown_commands(EXAMPLES_README) if runnable(c)))


def test_the_readmes_show_runnable_commands() -> None:
    assert len([c for c in shown_commands(README) if runnable(c)]) >= 5
    in_examples = " ".join(c for c in shown_commands(EXAMPLES_README) if runnable(c))
    for folder in sorted(p.parent.name for p in (ROOT / "examples" / "snapshots").glob("*/objects.yaml")):
        assert f"examples/snapshots/{folder}" in in_examples, f"examples/README.md shows no command for {folder}"


@pytest.mark.parametrize("command", SHOWN, ids=SHOWN)
def test_a_command_copied_from_a_readme_gets_a_verdict(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    words = shlex.split(command)[1:]
    result = CliRunner().invoke(app, words, prog_name="jobdoctor")
    assert result.exit_code == 0, result.output
    out = result.stdout
    if words[0] == "diagnose":
        assert out.startswith(("Healthy: No\n", "### Failing: ")) or json.loads(out)["healthy"] is False, out
    elif words[0] == "eval":
        assert re.search(r"^cases \d+$", out, re.MULTILINE) and "MISS" not in out
    elif words[0] == "rules":
        assert out.startswith("ID ") or json.loads(out)
    else:
        assert out.startswith("jobdoctor ")


def test_the_readme_shows_kubectl_habits() -> None:
    using = README.split("## Using it\n")[1].split("\n## ")[0]
    assert "jobdoctor diagnose pytorchjob/llama-ft" in using, "TYPE/NAME"
    assert "jobdoctor --version" in using
    assert "--install-completion" in using and "kubectl_complete-jobdoctor" in using
    assert "--language zh" in using and "<!-- zh:start -->" in using, "a Chinese verdict of the example"


def test_the_readmes_chinese_verdict_is_what_the_code_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    block = README.split("<!-- zh:start -->\n```\n")[1].split("\n```\n<!-- zh:end -->")[0]
    command = "diagnose pytorchjob/llama-ft --snapshot examples/snapshots/pytorchjob-gpu-oom-cascade --language zh"
    assert f"jobdoctor {command}" in SHOWN
    result = CliRunner().invoke(app, shlex.split(command), prog_name="jobdoctor")
    assert result.stdout.rstrip("\n") == block, "paste the command's output into the README"
