"""Fresh round 34: real public threads about config errors of training and serving jobs: bad arguments, configs, launcher options.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, event, gpu, pod, stamped, terminated
from tests.cases.scenarios_fresh9_platform import _start_events, _started
from tests.cases.scenarios_fresh33_research import _kubelet_started
from tests.cases.scenarios_real_containers import _job_case

SCENARIOS = Scenarios()


# -- helpers ------------------------------------------------------------------------------------------------


def _rejected_args_job(
    *,
    id: str,
    name: str,
    ns: str,
    at: Clock,
    ctr: Container,
    exit_code: int,
    lines: list[str],
    evidence: str,
    description: str,
    title: str,
    source: str,
    node_name: str,
    category: str = "application-error",
    ran: tuple[float, float] = (6.0, 9.0),
    captured: float = 300.0,
) -> CaseSpec:
    """A batch Job (backoffLimit 0) whose one pod exits within seconds of starting (or ran ``ran``), its
    log the lines the thread pasted, printed in its last half second; with the job controller's,
    scheduler's and kubelet's events."""
    case = _job_case(
        id=id,
        name=name,
        ns=ns,
        at=at,
        ctr=ctr,
        exit_code=exit_code,
        ran=ran,
        log=stamped(lines, at(ran[1] - 0.4), 0.002),
        category=category,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        captured=captured,
        node_name=node_name,
    )
    job, p = case.objects[0], case.objects[1]
    case.objects += [
        *_start_events(job, p, at, node_name),
        *_started(p, ctr, at, ran[0]),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(ran[1] + 2.0),
            component="job-controller",
        ),
    ]
    return case


# -- 1. iColoriT's train.sh: torch.distributed.launch passes --local-rank=0, the script's parser knows --local_rank


@SCENARIOS.add
def application_error_job_icolorit_train_script_rejects_local_rank_hyphen() -> CaseSpec:
    at = Clock(datetime(2023, 10, 3, 9, 0, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.example/vision/icolorit:latest",
        command=["bash", "scripts/train.sh", "0", "4885"],
        resources=gpu(1, "32Gi", "8"),
    )
    return _rejected_args_job(
        id="application-error-job-icolorit-train-script-rejects-local-rank-hyphen",
        name="icolorit-train",
        ns="colorization",
        at=at,
        ctr=ctr,
        exit_code=1,
        lines=["iColoriT training scripts: error: unrecognized arguments: --local-rank=0"],
        evidence="error: unrecognized arguments: --local-rank=0",
        description="iColoriT (interactive colorization, a ViT trained on ImageNet) is re-trained with the repo's "
        "scripts/train.sh, which starts train.py under 'python -m torch.distributed.launch'. The launcher hands "
        "each process its rank as '--local-rank=0' (the spelling PyTorch 2 uses), but train.py's argparse parser "
        "('iColoriT training scripts') only declares --local_rank, so it rejects the argument and the run stops "
        "before training: the reporter passed no new argument. The script's argument parser and the launcher's "
        "argument disagree (accept --local-rank, or start it with torchrun and read LOCAL_RANK). Verbatim from "
        "the thread: the error line. Reconstructed: the run as a batch Job whose one pod runs scripts/train.sh "
        "with one GPU (the script's defaults: GPU 0, port 4885), its image, node and times, the events, and "
        "exit code 1 (the launcher's, after its child exits 2); the launcher's own messages are not in the "
        "thread and are left out.",
        title="iColoriT training via scripts/train.sh stops at start: 'iColoriT training scripts: error: "
        "unrecognized arguments: --local-rank=0'",
        source="https://github.com/pmh9960/iColoriT/issues/13",
        node_name="gpu-node-04",
    )


# -- 2. SKU110K (keras-retinanet) train.py: options given after the dataset subcommand ----------------------


@SCENARIOS.add
def application_error_job_sku110k_train_options_after_dataset_subcommand() -> CaseSpec:
    at = Clock(datetime(2019, 7, 4, 7, 30, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.example/vision/sku110k-retinanet:latest",
        command=[
            "python",
            "-u",
            "object_detector_retinanet/keras_retinanet/bin/train.py",
            "csv",
            "--steps=20",
            "--epochs=2",
        ],
        resources=gpu(1, "32Gi", "8"),
    )
    return _rejected_args_job(
        id="application-error-job-sku110k-train-options-after-dataset-subcommand",
        name="sku110k-base-train",
        ns="retail-vision",
        at=at,
        ctr=ctr,
        exit_code=2,
        lines=["train.py: error: unrecognized arguments: --steps=20 --epochs=2"],
        evidence="train.py: error: unrecognized arguments: --steps=20 --epochs=2",
        description="Training the SKU110K base detector (keras-retinanet's train.py, README step 1: 'train.py "
        "csv') with fewer steps and epochs: the options were put after the dataset-type subcommand 'csv', where "
        "the subcommand's parser does not take them, so argparse rejects them and the script exits before "
        "training. The reporter found the mistake: the options must come before the dataset type. Verbatim "
        "from the thread: the error line. Reconstructed: the run as a batch Job whose one pod runs train.py "
        "with one GPU, the command line (README's, with the two options after 'csv' as the reporter describes), "
        "its image, node and times, the events and argparse's exit code 2; argparse's usage line, not pasted, "
        "is left out.",
        title="SKU110K base model training exits at start: 'train.py: error: unrecognized arguments: --steps=20 "
        "--epochs=2' (options after the 'csv' subcommand)",
        source="https://github.com/eg4000/SKU110K_CVPR19/issues/17",
        node_name="gpu-node-02",
    )


# -- 3. Interaction-Aware Attention Network: the README's -save_path is not in the committed script ----------


@SCENARIOS.add
def application_error_job_iaan_script_train_rejects_save_path() -> CaseSpec:
    at = Clock(datetime(2020, 5, 5, 13, 0, tzinfo=timezone.utc))
    cmd = (
        "python3 script_train.py -lr 0.0001 -batch_size 64 -keep_proba 0.9  -seq_dim 512  "
        "-save_path ./model/iaan/ > out.txt"
    )
    ctr = Container(
        "train",
        "registry.example/speech/iaan:latest",
        command=["/bin/sh", "-c", cmd],
        resources=gpu(1, "16Gi", "4"),
    )
    return _rejected_args_job(
        id="application-error-job-iaan-script-train-rejects-save-path",
        name="iaan-emotion-train",
        ns="speech-research",
        at=at,
        ctr=ctr,
        exit_code=2,
        lines=["script_train.py: error: unrecognized arguments: -save_path ./model/iaan/"],
        evidence="script_train.py: error: unrecognized arguments: -save_path ./model/iaan/",
        description="The Interaction-Aware Attention Network (speech emotion recognition) is trained with the "
        "README's command, stdout sent to out.txt; script_train.py's parser has no -save_path option (the "
        "committed script was older than the README, the maintainer updated it a week later), so argparse "
        "rejects it on stderr and the script exits before training. Verbatim from the thread: the command and "
        "the error line. Reconstructed: the run as a batch Job whose one pod runs the command under /bin/sh "
        "with one GPU, its image, node and times, the events and argparse's exit code 2; argparse's usage line, "
        "not pasted, is left out.",
        title="IAAN script_train.py exits at start: 'script_train.py: error: unrecognized arguments: -save_path "
        "./model/iaan/'",
        source="https://github.com/30stomercury/Interaction-Aware-Attention-Network/issues/6",
        node_name="gpu-node-07",
    )


# -- 4. LaSS: scripts/train.sh forwards an em-dash '—-config' and a --train-script-path train.py lacks -------


@SCENARIOS.add
def application_error_job_lass_train_sh_em_dash_config_option() -> CaseSpec:
    at = Clock(datetime(2022, 4, 27, 6, 0, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.example/nlp/lass:latest",
        command=["bash", "scripts/train.sh", "—-config", "./configs/demo/baseline.yml"],
        resources=gpu(1, "32Gi", "8"),
    )
    fairseq = "/remote-home/user1/anaconda3/envs/LaSS/bin/fairseq-train"
    return _rejected_args_job(
        id="application-error-job-lass-train-sh-em-dash-config-option",
        name="lass-baseline-train",
        ns="mt-research",
        at=at,
        ctr=ctr,
        exit_code=2,
        lines=[
            "usage: train.py [-h] [--config CONFIG] [--force-reset]",
            f"train.py: error: unrecognized arguments: —-config ./configs/demo/baseline.yml --train-script-path "
            f"{fairseq}",
        ],
        evidence="train.py: error: unrecognized arguments: —-config ./configs/demo/baseline.yml",
        description="LaSS (multilingual translation on fairseq) is trained with the README's 'bash "
        "scripts/train.sh —-config baseline.yml': the option as written starts with an em dash, not two "
        "hyphens, and the script also passes '--train-script-path' (the fairseq-train entry point), which "
        "train.py's parser (only --config and --force-reset) does not declare; argparse rejects both and "
        "train.py exits before training. The maintainer fixed the repo's command and script. Verbatim from the "
        "thread: the usage and error lines (the reporter's home directory renamed). Reconstructed: the run as "
        "a batch Job whose one pod runs scripts/train.sh with one GPU, the command line (the README's, with the "
        "config path the error line shows), its image, node and times, the events and argparse's exit code 2.",
        title="LaSS scripts/train.sh exits at start: 'train.py: error: unrecognized arguments: —-config "
        "./configs/demo/baseline.yml --train-script-path ...'",
        source="https://github.com/NLP-Playground/LaSS/issues/3",
        node_name="gpu-node-01",
    )


# -- 5. STGAT: the config option is '-config', the command passes '--config' (a bare Pod) -------------------


@SCENARIOS.add
def application_error_pod_stgat_train_double_dash_config() -> CaseSpec:
    at = Clock(datetime(2022, 9, 5, 10, 0, tzinfo=timezone.utc))
    name, ns, host = "stgat-ntu120-train", "action-recognition", "gpu-node-06"
    image = "registry.example/vision/stgat:latest"
    ctr = Container(
        "main",
        image,
        command=["python", "train_val_test/train.py", "--config", "/my_path/config/ntu/ntu120_dsta.yaml"],
        resources=gpu(1, "32Gi", "8"),
        state=terminated(2, at(6), at(9)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "stgat", "run": "ntu120-dsta"},
        owner=None,
        containers=[ctr],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
    )
    line = "train.py: error: unrecognized arguments: --config /my_path/config/ntu/ntu120_dsta.yaml"
    return CaseSpec(
        id="application-error-pod-stgat-train-double-dash-config",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=name,
        evidence="train.py: error: unrecognized arguments: --config",
        description="STGAT (skeleton action recognition) is trained on NTU with 'python train_val_test/train.py "
        "--config <the dsta config>'; the script's parser declares the option with one dash ('-config'), as "
        "the maintainer answers (the README said '--config'), so argparse rejects '--config' and its value and "
        "the script exits before training, although the config file exists. Verbatim from the thread: the error "
        "line (the config path as it names it). Reconstructed: the run as a bare Pod (restartPolicy Never) with "
        "one GPU, its image, node and times, the events and argparse's exit code 2; the status line the "
        "reporter's terminal printed after it ('[0.000s] Operation failed', a timer, not the script's output) is "
        "left out.",
        objects=[p, *_kubelet_started(p, image, at)],
        logs={f"{name}/main": stamped([line], at(8.7), 0.001)},
        captured=at(300),
        title="STGAT train.py exits at start: 'train.py: error: unrecognized arguments: --config "
        "/my_path/config/ntu/ntu120_dsta.yaml' (the option is '-config')",
        source="https://github.com/hulianyuyy/STGAT/issues/2",
    )
