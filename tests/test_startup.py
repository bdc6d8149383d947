"""Start-up hygiene: a snapshot diagnosis never imports what only a cluster, a model, the bot
or the prompt templates need. (How fast it starts is measured by bench/run.py, not here.)"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import EXAMPLES

HEAVY = (
    "kubernetes",
    "openai",
    "slack_sdk",
    "jinja2",
    "httpx",
    "httpcore",
    "fastapi",
    "starlette",
    "uvicorn",
    "aiohttp",
    "requests",
    "urllib3",
    "websocket",
    "rich",
    "hyperscan",
)  # its database takes a second to compile: only big logs need it

PROBE = """
import json, sys
sys.argv = ["jobdoctor", "diagnose", "pytorchjob", "llama-ft", "-n", "team-nlp", "--snapshot", sys.argv[1],
            "--no-llm", "-o", "json"]
from agent.cli.app import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
"""


def test_a_snapshot_diagnosis_imports_no_heavy_client() -> None:
    snapshot = EXAMPLES / "pytorchjob-gpu-oom-cascade"
    proc = subprocess.run([sys.executable, "-c", PROBE, str(snapshot)], capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["category"] == "gpu-oom"
    loaded = set(json.loads(proc.stderr.strip().splitlines()[-1]))
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


CATALOGUES = """
import sys
sys.argv = ["jobdoctor", "diagnose", "pytorchjob/llama-ft", "--snapshot", sys.argv[1], "--no-llm", *sys.argv[2:]]
from agent.cli.app import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
from agent import i18n
print(i18n.shipped_locales.cache_info().currsize, file=sys.stderr)
"""


def test_english_reads_no_translation_catalogue() -> None:
    """The catalogue is read only when a language other than English is asked for."""
    snapshot = str(EXAMPLES / "pytorchjob-gpu-oom-cascade")
    read = [
        subprocess.run(
            [sys.executable, "-c", CATALOGUES, snapshot, *args], capture_output=True, text=True, check=True
        ).stderr.split()[-1]
        for args in ([], ["--language", "zh"])
    ]
    assert read == ["0", "1"]
