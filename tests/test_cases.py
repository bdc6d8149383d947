"""The cases under tests/cases/: the rule engine's verdict must agree with each expected.yaml
in category, health, culprit and evidence, exactly as ``jobdoctor eval`` scores them.

The folders are written by tests/cases/generate.py (see tests/cases/README.md); a test
checks that they are what the generator writes today.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from agent.diagnosis import diagnose
from agent.engine.taxonomy import categories
from agent.engine.verdict import Verdict
from agent.evaluation import Case, compare, load_case
from collectors.collecting import Target
from collectors.snapshot import SnapshotSource
from tests.cases.generate import differences
from tests.conftest import CASES, EXAMPLES

CASE_DIRS = sorted(p.parent for p in CASES.glob("*/expected.yaml"))

# Cases the engine gets wrong because of its logic, not its catalogue. Each reason says what
# is wrong and where; strict, so a fix shows up as an unexpected pass to remove here.
ENGINE_GAPS: dict[str, str] = {
    "rendezvous-error-job-launch-two-procs-rank1-init-never-returns": (
        "Called healthy: one pod running torch.distributed.launch's two ranks (PyTorch 1.0); rank 0 prints "
        "'after 0' and rank 1 never returns from init_process_group - the reporter's gdb backtrace puts it in "
        "c10d::tcputil::connect, connecting to the store rank 0 serves. The log's last words are the script's own "
        "'before/after' prints, which no waiting signature can know, so the stall rule wants 45 minutes and 20 "
        "times the pace; the snapshot is 40 minutes after the last line. Past 45 minutes it would say stalled, "
        "not rendezvous-error: the line that says where rank 1 waits (the store connect) is in gdb's output, in "
        "no log. Calling it needs a per-rank stack dump (py-spy, faulthandler on a signal) that no collector "
        "reads. A log whose last words are a known process-group announcement is read as rendezvous-error (see "
        "waiting-process-group-init)."
    ),
    "volume-error-job-tf-training-alluxio-fuse-heavy-load-corrupted-record": (
        "The engine reads 'tensorflow.python.framework.errors_impl.DataLossError: 2 root error(s) found.' "
        "(root errors 'Data loss: corrupted record at 0') as the user's own exception (python-exception, "
        "application-error). The same lines come from a damaged TFRecord file (missing-file, as in "
        "missing-file-job-efficientdet-tfrecord-dataloss-corrupted-record-at-0) and, here, from an Alluxio FUSE "
        "mount that returns zero-filled reads under heavy load (volume-error): the log cannot tell them apart, "
        "and nothing the collectors read (the pod spec has no volume the engine ties to a cache runtime, no "
        "FUSE daemon log) says the reads came through a caching file system. Needs the collectors to read the "
        "pod's data volumes (a Fluid/Alluxio/JuiceFS CSI or hostPath FUSE mount) and that runtime's FUSE pod "
        "log, and a rule that a data-integrity error on a path served by such a mount whose FUSE log shows read "
        "failures is the mount's (volume-error), not the file's."
    ),
    "stalled-pod-heartmula-server-torch-compile-max-autotune-no-progress": (
        "A model server's pod without a readiness probe (so Running and Ready) prints its start-up configuration "
        "('[Config] torch.compile ENABLED (mode=max-autotune)', its models found) and then nothing for 21 minutes; "
        "it never says it serves. No container reports progress, so the silence is judged against the general "
        "45-minute floor (findings.StallPolicy.min_silence) and the pod is healthy. The 20-minute floor "
        "(min_silence_unready) is kept for a server that is not Ready after 15 minutes, and a pod with no "
        "readiness probe is Ready at once, so a server that never finished starting looks like one idle between "
        "requests. Needs a notion of a server's 'serving' announcement (a progress-like signature kind for "
        "'Uvicorn running on', 'Application startup complete', 'Listening on ...', 'Running on http://...'): a "
        "Deployment's container with no readiness probe whose log never announced it and went silent after "
        "start-up lines would then be held to min_silence_unready, like a server that never became Ready."
    ),
    "application-error-pod-torchserve-yolov5-handler-json-decode-error": (
        "Category, culprit and health right (torchserve-model-load-failed reads the frontend's 'Load model "
        "failed: fallDown, error: Worker died.' among the running server's last lines), evidence wrong: the "
        "worker's own error, relayed just before it ('... WorkerLifeCycle - json.decoder.JSONDecodeError: "
        "Expecting property name ...'), is not quoted. python-exception does not read an exception behind "
        "TorchServe's relay prefix ('<worker>-stdout MODEL_LOG - ' / 'WorkerLifeCycle - '), and were it read, "
        "it would be a line a running process survived (findings._from_logs: live), which the verdict never "
        "quotes - TorchServe relays a handled per-request exception the same way, so reading every relayed "
        "exception while_running would flag healthy servers. Needs a rule that a cause printed in the few lines "
        "before a non-live 'model load failed' line of the same log is what that line reports (counted and "
        "quoted as such), scoped so that the stall-type symptoms (NCCL watchdog, store connection lost) keep "
        "their own reading."
    ),
    "killed-externally-vcjob-recreated-same-name-restartjob-no-pods": (
        "A Volcano Job Failed with no pod left: all the snapshot holds is 'Start to execute action RestartJob' "
        "(x3). What triggered the restarts (PodEvicted for the pods of the previous job of the same name, being "
        "deleted) is only in vc-controller-manager's log, and RestartJob follows PodFailed as well, so no rule "
        "on the job's events can tell pods killed from outside from pods that failed on their own."
    ),
    "oom-killed-pod-ray-head-oom-workers-never-reconnect": (
        "The head's OOM kill is 8 hours old and its container has run since, so by the recovery rule "
        "(findings.RECOVERED_AFTER) it is history; what still goes wrong - the two workers, Running and Ready, "
        "never re-register with the new GCS - shows only in the raylets' own files under /tmp/ray, in no pod "
        "state, event or container log. Calling it needs a kind-level rule that a Ray head's restart without GCS "
        "fault tolerance is never a recovery (the cluster's state went with it); the engine's pod facts carry no "
        "labels (ray.io/node-type) to tell a head by, so that is a collector change. The silence it reads instead "
        "is `ray start --block` idling by design."
    ),
    "nccl-error-job-horovod-docker-read-errno-hang": (
        "Called healthy: the only error, Open MPI's refused single-copy read ('Read -1, expected 36864, errno = "
        "1'), is one ob1 falls back from (programs often carry on after it), so from a running process it counts "
        "only with no progress after it - and Keras' 'Epoch 1/24' banner, printed as the first epoch starts, "
        "follows it and reads as progress (findings.py, moved_on). The 40 minutes of silence since are under "
        "the 45-minute floor of the stall rules. Telling a first-epoch banner from progress past an error "
        "changes how every log's progress is read; not done blind to the other cases this round."
    ),
    "oom-killed-job-ray-actors-worker-memory-monitor-95-percent": (
        "Category right, culprit wrong: the driver Job's pod, where Ray's RayOutOfMemoryError was printed, "
        "instead of the Ray worker pod whose memory ran out. The error names that node by its Kubernetes pod "
        "name ('More than 95% of the memory on node ray-worker-6888ddbcd7-24dbv'), and the RayActorError line "
        "before it its ip=; but the cluster is a static one (head and worker Deployments), so its pods belong "
        "to no owner of the Job and the collectors never read them, and rules._relayed_from only looks among "
        "the workload's own pods, by IP, on the cause line and the lines after it. Needs a collector step that "
        "fetches the pods a driver's log names as Ray nodes (by pod name or IP, in the namespace) and a relay "
        "rule that reads Ray's node name (the pod's hostname) and the header line before the cause."
    ),
    "config-error-pod-triton-trtllm-bert-engine-key-num-layers-not-found": (
        "Read as trtllm-engine-other-release (dependency-error): Triton's '[json.exception.out_of_range.403] key "
        "... not found' when the tensorrtllm backend reads an engine's config.json is the same line for an engine "
        "of another TensorRT-LLM release (key 'tokens_per_block' or 'use_context_fmha_for_generation', the usual "
        "cause) and for an engine the backend does not serve, as this BERT encoder. Only the key's name tells them "
        "apart, and a rule keyed on which field is missing would be a list of one release's fields; the solution "
        "names both causes."
    ),
    "dependency-error-job-llama-efficient-tuning-ppo-peft-0-5-keyerror-reward": (
        "Read as python-exception (application-error, 'raised an exception in its own code'); culprit, evidence "
        "and health right. The one line the catalogue reads is \"KeyError: 'reward'\" - a key, no words. What "
        "makes it a version mismatch is in the traceback's frames, which are noise (traceback-frame): the "
        "KeyError is raised inside the installed peft (site-packages/peft/tuners/tuners_utils.py, inject_adapter, "
        'looking its own adapter registry up) under the framework\'s load_adapter(..., "reward") call, and the '
        "thread pins it on peft 0.5.0, a version named in no line of the snapshot. A pattern on the key would "
        "be this case's name; calling it needs an engine rule that reads the innermost frame's package and tells "
        "a library failing on its own bookkeeping under a correct call (API drift between two packages) from "
        "one refusing a bad argument - the frames look the same for both, so no such rule is general yet."
    ),
    "dependency-error-job-submitit-convnext-old-version-gres-no-longer-acceptable": (
        "Read as batch-scheduler-site-rule-refused (config-error, 'broke a rule of the cluster's job "
        "submission'); culprit, evidence and health right. The one line is the cluster's submission rule "
        "('sbatch: error: Parameter --gres=gpu:1 no longer acceptable, please switch to --gpus=1', raised by "
        "submitit as FailedJobError), which says only that the request is written the old way. What makes it a "
        "version problem is the maintainer's answer: the installed submitit is old and writes --gres where recent "
        "releases write --gpus - a version named in no line of the snapshot (submitit prints none when sbatch "
        "refuses). From the logs alone config-error is the best reading; calling it needs the package versions "
        "of the submitting image (a pip freeze, an SBOM), which no collector reads."
    ),
    "stalled-job-dataloader-shutdown-workers-join-hangs": (
        "Read as sigint-received (killed-externally, 'was interrupted (SIGINT): KeyboardInterrupt'); culprit "
        "right. The pod ended with the traceback of a Ctrl-C (SIGINT) sent to a process that had hung: its "
        "frames go DataLoader.__next__ -> _shutdown_workers -> w.join() -> popen_fork.poll -> os.waitpid, i.e. "
        "the process was blocked waiting for a DataLoader worker that never exited. The interrupt is the user "
        "ending the hang, not the cause. A per-line signature cannot tell this apart: '_shutdown_workers' and "
        "'w.join()' frames also appear in the harmless 'Exception ignored in ... __del__' tracebacks at exit "
        "('can only join a child process'), and os.waitpid frames in launchers killed from outside. Fix: in the "
        "engine, read a KeyboardInterrupt whose innermost frames are a blocking wait (os.waitpid under "
        "DataLoader._shutdown_workers, queue.get under _try_get_data, a collective's wait) as a stall the user "
        "interrupted."
    ),
    "nan-loss-job-deepspeed-fp16-gpt2-pipeline-overflow-skipping-step": (
        "Called healthy: a running Job whose log, the only lines the thread pastes, shows step 1 and one "
        "'[deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4294967296, reducing to "
        "2147483648.0' at step 2. The engine is right on the lines: one overflow at a 2^32 scale is how "
        "DeepSpeed's dynamic scaler finds its level (fp16-overflow-skip, noise), and "
        "healthy-deepspeed-overflow-skipping, healthy-pytorchjob-deepspeed-overflow-then-recovers and "
        "healthy-pytorchjob-deepspeed-hysteresis-skipped-steps expect exactly that. The failure the thread "
        "reports - the scale falling to 1 and staying there, the loss NaN, after ~220 steps - is told in words, "
        "in no line; a log that showed its NaN loss ('loss: nan', as steps print it) would be read as "
        "nan-loss. Not fixable without reading routine overflows as divergence; the case keeps the thread's "
        "reading as the expert's, and measures that a snapshot made of these lines alone cannot show it."
    ),
    "network-error-pod-sd-webui-clip-tokenizer-network-unreachable": (
        "Called healthy: the web UI's pod is Running and its last four lines are huggingface_hub's warning that a "
        "HEAD for the CLIP tokenizer's merges.txt failed ('Failed to establish a new connection: [Errno 101] "
        "Network is unreachable') and 'Retrying in 1s [Retry 1/5].'. download-timeout and hub-unreachable match "
        "them, but neither is while_running: a running process's network error is read as one it survived "
        "(findings._from_logs: live), rightly for the hub's transient retries that healthy servers print; the log "
        "ends on no traceback and repeats nothing three times, so no other rule says the process did not get "
        "past it. The thread's reading (the model cannot load without the tokenizer) is not in the snapshot, "
        "taken seconds into the retries. Calling it needs a rule that reads a running process's last words as "
        "not survived when they are a retry notice after an error that retrying cannot fix (Errno 101: no route "
        "out), distinguished from transient timeouts a healthy server retries past - a new distinction in "
        "findings, not a catalogue line."
    ),
    "nan-loss-job-snorkel-rernn-attention-average-loss-explodes": (
        "Called healthy: a running Job whose log is eight '[reRNN] Epoch N (..s)\\tAverage loss=...' lines, the "
        "loss climbing from 0.263585 to 94097.406250 in seven epochs (x2, x2, x80, x12, x2, x10, x4). No line "
        "says NaN, inf, overflow or an error - the divergence is in the numbers only - so no log signature can "
        "match it without reading any large loss as divergence (summed or CTC losses in the thousands are "
        "routine: a threshold on the value is not general). Recognising it needs a trend rule in the engine: "
        "parse the successive values of one named loss field from a running pod's progress lines and call "
        "nan-loss when they rise monotonically over several reports by orders of magnitude (say x1000 over "
        "five or more), with the last such line as evidence; the engine has no per-field numeric series today "
        "(progress.py reads step counters and silence, not metric values)."
    ),
    "shm-exhausted-pod-triton-python-backend-stub-unhealthy-gke": (
        "Called unknown (culprit and evidence right): a running Triton pod whose log repeats 'Stub process is "
        "unhealthy and it will be restarted.' - the Python backend restarting a model's stub that stopped "
        "answering. The line is the same whatever killed the stub: /dev/shm too small for the stubs' shared "
        "memory (this thread, pytriton#37), the container's memory limit (server#6763, #7547), a crash in the "
        "model's code (server#5144, signal 11), so a signature that maps it to shm-exhausted would be wrong as "
        "often as right, and unknown is the honest reading of the line alone. What decides here is in the pod "
        "spec: the pod mounts nothing at /dev/shm, so the container has the runtime's default 64 MB, while the "
        "Python backend takes 64 MB of it per model (shm-default-byte-size); three models cannot fit. Calling it "
        "needs a rule that joins a log line naming a shared-memory consumer (Triton's stub restarts, DataLoader "
        "workers' deaths) with the pod's /dev/shm (no memory-backed emptyDir there, or a small sizeLimit) and "
        "reads shm-exhausted only when both hold - the engine reads no volume of the pod spec for a log "
        "finding today."
    ),
}


def _params() -> list[Any]:
    out = []
    for folder in CASE_DIRS:
        gap = ENGINE_GAPS.get(folder.name)
        marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
        out.append(pytest.param(folder, id=folder.name, marks=marks))
    return out


def _show(verdict: Verdict) -> str:
    culprit = verdict.culprit.pod if verdict.culprit else None
    lines = [
        f"verdict: {verdict.category} (healthy={verdict.healthy}), culprit {culprit}, signature {verdict.signature}",
        f"error: {verdict.error}",
    ]
    lines += [f"  [{e.source} {e.pod}] {e.text}" for e in verdict.evidence]
    return "\n".join(lines)


@pytest.mark.parametrize("folder", _params())
def test_verdict_matches_expected(folder: Path) -> None:
    case = load_case(folder)
    verdict = diagnose(Target(case.kind, case.name, case.namespace), SnapshotSource(folder / "snapshot"))
    misses = compare(case, verdict)
    assert not misses, "; ".join(misses) + "\n" + _show(verdict)


def _pod_names(folder: Path) -> set[str]:
    """The pods of a snapshot, and those its events name: a culprit may be a pod that is gone
    (its events remain) or that a quota never let be created ('pods "x" is forbidden')."""
    names = set()
    for doc in yaml.safe_load_all((folder / "snapshot" / "objects.yaml").read_text(encoding="utf-8")):
        for obj in doc.get("items", [doc]) if doc else []:
            if obj.get("kind") == "Pod":
                names.add(obj["metadata"]["name"])
            elif obj.get("kind") == "Event":
                about = obj.get("involvedObject") or obj.get("regarding") or {}
                if about.get("kind") == "Pod":
                    names.add(about.get("name"))
                names.update(re.findall(r'\bpods? "([^"]+)"', str(obj.get("message") or obj.get("note") or "")))
    return names


@pytest.mark.parametrize("folder", CASE_DIRS, ids=[f.name for f in CASE_DIRS])
def test_expected_is_a_valid_case(folder: Path) -> None:
    raw = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    case = Case.model_validate(raw)
    assert raw["id"] == folder.name
    assert case.category in categories()
    assert case.healthy == (case.category == "healthy")
    culprits = [case.culprit] if isinstance(case.culprit, str) else case.culprit or []
    assert set(culprits) <= _pod_names(folder), "a culprit names a pod neither the snapshot nor its events hold"
    assert (folder / "snapshot" / "snapshot.yaml").is_file(), "every case pins its capture time"


def test_every_category_has_a_case() -> None:
    covered = {load_case(folder).category for folder in CASE_DIRS}
    assert set(categories()) - covered == set()


def test_case_folders_are_what_the_generator_writes() -> None:
    assert differences(CASES, EXAMPLES) == [], "run: python -m tests.cases.generate"


def test_engine_gaps_name_existing_cases() -> None:
    assert set(ENGINE_GAPS) <= {f.name for f in CASE_DIRS}
