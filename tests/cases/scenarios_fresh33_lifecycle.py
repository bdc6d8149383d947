"""Fresh round 33: real public threads about pods ended from outside: SIGTERM, node drain, spot preemption, ephemeral-storage eviction, node shutdown.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, stamped
from tests.cases.scenarios_real_containers import _job_case

SCENARIOS = Scenarios()


# -- neural-editor's Docker training run: the process is "Killed" while it streams the training examples ----


@SCENARIOS.add
def oom_killed_job_neural_editor_killed_streaming_training_examples() -> CaseSpec:
    at = Clock(datetime(2018, 3, 3, 2, 0, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.example/nlp/textmorph:1.0",
        command=["/bin/bash", "-c", "cd /code && python textmorph/edit_model/main.py default"],
        # run_docker.py starts the container without a memory limit: requests only
        resources={"requests": {"cpu": "4", "memory": "16Gi"}},
    )
    # The lines, verbatim; tqdm redraws its bar with carriage returns, so the bar's last state and the
    # shell's "Killed" arrive as one line.
    lines = [
        "uncomitted changes being stored as patches",
        "New TrainingRun created at: /data/edit_runs/7",
        "Optimized batches: reduced cost from 45709568 (naive) to 20758016 (0.545871533942% reduction).",
        "Optimal (batch_size=1) would be 20741962.",
        "Passed batching test",
        "Streaming training examples:   6%|5         | 399/7032 [48:47<12:31:31,  6.80s/it]Killed",
    ]
    gaps = [0.6, 95.0, 0.0, 12.0, 2927.0]
    end = 8.0 + sum(gaps) + 0.2
    return _job_case(
        id="oom-killed-job-neural-editor-killed-streaming-training-examples",
        name="neural-editor-train",
        ns="nlp-research",
        at=at,
        ctr=ctr,
        exit_code=137,
        ran=(5, end),
        log=stamped(lines, at(8.0), gaps),
        captured=end + 240,
        node_name="cpu-node-03",
        category="oom-killed",
        evidence="Killed",
        description="The neural editor (Generating Sentences by Editing Prototypes) is trained in the project's "
        "Docker container (run_docker.py mounts the data directory at /data, where the run writes "
        "/data/edit_runs/7, and sets no memory limit). The run is created, the batches are optimised, then while it "
        "streams the training examples into memory the process is killed with no Python error: the shell prints "
        "'Killed' (SIGKILL, exit 137) 48 minutes in, at 6% of the examples. Two other reporters hit the same at "
        "the data-reading step with larger data sets ('Reading data file.: 26%' ... 'Killed'); nothing else in "
        "the container sends SIGKILL, so the kernel's OOM killer ended the process as the data loaded into host "
        "memory grew (the same repository's issue 9 reports memory climbing fast while the data is read). The log "
        "lines are the issue's, verbatim. Reconstructed: the batch Job and its one pod (memory request only, no "
        "limit, as with docker run), the command (the default experiment of textmorph/edit_model/main.py, run "
        "from a shell), the container ending with exit code 137 and reason Error (the thread shows no "
        "OOMKilled status), the node and the times.",
        title='neural-editor training in Docker is "Killed" without any error while streaming the training '
        "examples (6%, 399/7032)",
        source="https://github.com/kelvinguu/neural-editor/issues/13",
    )
