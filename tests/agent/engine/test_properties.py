"""What must hold on any input (hypothesis)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from agent.diagnosis import diagnose
from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from agent.engine.taxonomy import categories
from collectors.collecting import Target
from collectors.snapshot import SnapshotSource
from tests.builders import TRAINING, evidence, log, pod, running, terminated
from tests.conftest import EXAMPLES

EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
names = st.from_regex(r"[a-z][a-z0-9]{2,10}", fullmatch=True)
log_lines = st.lists(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=120), max_size=30
)


@given(lines=log_lines, exit_code=st.sampled_from([0, 1, 2, 127, 137, 139, 143]), running_now=st.booleans())
@settings(max_examples=150, deadline=None)
def test_any_log_gives_a_verdict_in_the_taxonomy(lines: list[str], exit_code: int, running_now: bool) -> None:
    state = running() if running_now else terminated(exit_code, -5)
    ev = evidence(
        [pod("p-master-0", state, role="master", index=0)],
        status="Running" if running_now else "Failed",
        logs=[log("p-master-0", lines)],
    )
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category in categories()
    assert verdict.healthy == (verdict.category == "healthy")


HARMLESS = [
    "/usr/lib/python3.11/site-packages/torch/utils/checkpoint.py:92: UserWarning: None of the inputs have requires_grad=True",
    "  warnings.warn(",
    "gpu-node-1:55:55 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation",
    "[2026-05-01 11:58:00,000] [WARNING] [stage3.py:2069:step] 1 pytorch allocator cache flushes since last step",
    "wandb: WARNING Serializing object of type dict that is 2097152 bytes",
    "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768",
]


@given(extra=st.lists(st.sampled_from(HARMLESS), max_size=20), where=st.integers(0, 2))
@settings(max_examples=60, deadline=None)
def test_harmless_lines_keep_a_healthy_job_healthy(extra: list[str], where: int) -> None:
    lines = [*TRAINING[:where], *extra, *TRAINING[where:]]
    ev = evidence(
        [pod("p-master-0", role="master", index=0), pod("p-worker-0", role="worker", index=0)],
        status="Running",
        logs=[log("p-master-0", lines), log("p-worker-0", lines)],
    )
    assert judge(ev, builtin_catalogue()).category == "healthy"


def _diagnose_renamed(job: str, ns: str, prefix: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        dst = Path(tmp) / "snap"
        shutil.copytree(EXAMPLE, dst)
        for path in sorted(dst.rglob("*"), key=lambda p: -len(p.parts)):
            if path.is_file():
                text = path.read_text().replace("llama-ft", job).replace("team-nlp", ns).replace("gpu-a100-", prefix)
                path.write_text(text)
            if "llama-ft" in path.name:
                path.rename(path.with_name(path.name.replace("llama-ft", job)))
        v = diagnose(Target("pytorchjob", job, ns), SnapshotSource(dst))
        back = {job: "llama-ft", ns: "team-nlp"}
        # One pass: the old names may contain the new ones ("lla" in "llama-ft").
        pattern = re.compile("|".join(re.escape(n) for n in sorted(back, key=len, reverse=True)))
        unname = lambda s: pattern.sub(lambda m: back[m.group(0)], s) if s else s  # noqa: E731
        return {
            "category": v.category,
            "healthy": v.healthy,
            "signature": v.signature,
            "culprit": (unname(v.culprit.pod), v.culprit.container) if v.culprit else None,
            "evidence": [(e.source, unname(e.pod), e.container) for e in v.evidence],
        }


@given(job=names, ns=names, prefix=names)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_renaming_changes_only_the_names(job: str, ns: str, prefix: str) -> None:
    assume(
        len({job, ns, prefix}) == 3 and not any(a in b for a in (job, ns, prefix) for b in (job, ns, prefix) if a != b)
    )
    assert _diagnose_renamed(job + "-x", ns, prefix) == _diagnose_renamed("llama-ft", "team-nlp", "gpu-a100-")
