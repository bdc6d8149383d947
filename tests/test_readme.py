"""What the README says that the code also says must agree: categories and exit codes."""

from __future__ import annotations

import re

from agent.errors import ExitCode
from agent.engine.taxonomy import categories
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")

# The product's public vocabulary: these ids never change.
PUBLIC_IDS = [
    "healthy", "unschedulable", "quota-exceeded", "volume-error", "image-pull-error", "config-error", "oom-killed",
    "gpu-oom", "shm-exhausted", "disk-full", "dependency-error", "missing-file", "network-error", "nccl-error",
    "rendezvous-error", "nan-loss", "cuda-error", "gpu-hardware-error", "crash-signal", "evicted", "preempted",
    "killed-externally", "deadline-exceeded", "stalled", "permission-denied", "application-error", "unknown",
]


def categories_table() -> str:
    rows = [f"| `{cid}` | {text} |" for cid, text in categories().items()]
    return "\n".join(["| id | meaning |", "| --- | --- |", *rows])


def test_taxonomy_ids_are_the_public_vocabulary() -> None:
    assert list(categories()) == PUBLIC_IDS


def test_readme_categories_table_is_generated_from_the_taxonomy() -> None:
    block = README.split("<!-- categories:start -->\n")[1].split("\n<!-- categories:end -->")[0]
    assert block == categories_table(), "regenerate: python -c 'from tests.test_readme import categories_table; print(categories_table())'"


def test_readme_exit_codes_match_the_enum() -> None:
    table = dict(re.findall(r"^\| (\d) \| (.+?) \|$", README, re.MULTILINE))
    assert sorted(int(code) for code in table) == sorted(int(c) for c in ExitCode)


def test_readme_opens_with_the_two_fresh_machine_commands() -> None:
    blocks = re.findall(r"```sh\n(.+?)\n```", README, re.DOTALL)
    assert "jobdoctor diagnose" in blocks[0] and "--snapshot examples/snapshots/" in blocks[0]
    assert "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert blocks[1].split("&& ", 3)[-1].strip() in ci, ".ci/run runs the README's test command"
