"""Fresh round 35: real public threads about access refused: file permissions, read-only file systems, forbidden API calls.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Obj, Scenarios, cpu_only
from tests.cases.scenarios_fresh26_pretrain import _container_job
from tests.cases.scenarios_fresh28_hardening import _harden

SCENARIOS = Scenarios()

_NON_ROOT = {"runAsUser": 1000, "runAsGroup": 1000}


def _pod_specs(spec: CaseSpec) -> list[Obj]:
    """The Job's pod template and its pod's spec."""
    return [obj["spec"]["template"]["spec"] if obj["kind"] == "Job" else obj["spec"] for obj in spec.objects[:2]]


def _on_cpu(spec: CaseSpec) -> None:
    """A run the thread made without a GPU: the container requests CPU and memory only."""
    for pod_spec in _pod_specs(spec):
        pod_spec["containers"][0]["resources"] = cpu_only("8Gi", "4")


# -- 1. Social LSTM: olstm_train.py runs ./make_directories.sh, which the user may not execute ----------------


@SCENARIOS.add
def permission_denied_job_social_lstm_make_directories_script_not_executable() -> CaseSpec:
    at = Clock(datetime(2020, 7, 27, 8, 0, tzinfo=timezone.utc))
    # The one line the thread pasted, verbatim.
    lines = ["PermissionError: [Errno 13] Permission denied: './make_directories.sh'"]
    spec = _container_job(
        id="permission-denied-job-social-lstm-make-directories-script-not-executable",
        category="permission-denied",
        evidence="Permission denied: './make_directories.sh'",
        description="Social LSTM (quancore/social-lstm) is trained with 'python olstm_train.py' on a shared lab "
        "server where the reporter is not a sudoer; before training, the script runs the repository's "
        "'./make_directories.sh' helper, and that fails with \"PermissionError: [Errno 13] Permission denied: "
        "'./make_directories.sh'\" - the non-root user may not execute the helper script (the reporter suspects "
        "the missing sudo rights). The thread ran on a Linux server; here the same run is a Kubernetes Job whose "
        "pod runs as a non-root user with the checkout on a hostPath volume. Verbatim from the thread: the "
        "command and the error line (the thread shows no traceback, and none is added). Reconstructed: the Job "
        "and its pod (an image with the repository, the non-root UID/GID 1000, the checkout mounted as the "
        "working directory, one GPU), exit code 1 of the Python exception, the node and the times.",
        title='Social LSTM olstm_train.py on a shared server: "PermissionError: [Errno 13] Permission denied: '
        "'./make_directories.sh'\" (the non-root user may not execute the helper script)",
        source="https://github.com/quancore/social-lstm/issues/35",
        name="olstm-train",
        namespace="trajectory",
        at=at,
        image="registry.example.com/research/social-lstm:latest",
        command=["python", "olstm_train.py"],
        gpus=1,
        lines=lines,
        ran=(6, 9),
    )
    _harden(
        spec.objects[:2],
        _NON_ROOT,
        {"name": "code", "hostPath": {"path": "/home/user/social-lstm", "type": "Directory"}},
        {"name": "code", "mountPath": "/workspace/social-lstm"},
    )
    return spec


# -- 2. RN (region normalization inpainting): the default save path '/data' cannot be created by the user -------


@SCENARIOS.add
def permission_denied_job_rn_inpainting_makedirs_data_root_not_writable() -> CaseSpec:
    at = Clock(datetime(2020, 4, 1, 3, 20, tzinfo=timezone.utc))
    # The traceback tail the thread pasted, verbatim (the user name in the path neutralised).
    lines = [
        '  File "/home/user/anaconda3/lib/python3.6/os.py", line 220, in makedirs',
        "    mkdir(name, mode)",
        "PermissionError: [Errno 13] Permission denied: '/data'",
    ]
    spec = _container_job(
        id="permission-denied-job-rn-inpainting-makedirs-data-root-not-writable",
        category="permission-denied",
        evidence="PermissionError: [Errno 13] Permission denied: '/data'",
        description="RN (geekyutao/RN, region normalization for image inpainting) is trained on the reporter's own "
        "dataset; os.makedirs on the training's default output path fails with \"PermissionError: [Errno 13] "
        "Permission denied: '/data'\" - the default settings write under '/data', a directory at the file "
        "system's root the non-root user may not create. The reporter solved it by changing the default "
        "training settings (the output path). The thread ran on a Linux host (/home/<user>/anaconda3); here the "
        "run is a Kubernetes Job whose pod runs as a non-root user. Verbatim from the thread: the last frame "
        "of the traceback and the error line (the user name in the path neutralised; the frames above it were "
        "a screenshot and are left out). Reconstructed: the Job and its pod (an image with the repository and "
        "anaconda, the training entry 'python train.py' - the thread does not give the command - the non-root "
        "UID/GID 1000, one GPU), exit code 1 of the Python exception, the node and the times.",
        title='RN inpainting training on a custom dataset: "PermissionError: [Errno 13] Permission denied: '
        "'/data'\" (the default output path under the root is not writable by the user)",
        source="https://github.com/geekyutao/RN/issues/4",
        name="rn-inpaint-train",
        namespace="inpainting",
        at=at,
        image="registry.example.com/vision/rn-inpainting:latest",
        command=["python", "train.py"],
        gpus=1,
        lines=lines,
        ran=(7, 15),
    )
    _harden(spec.objects[:2], _NON_ROOT)
    return spec


# -- 3. gym-idsgame: a tabular Q-learning experiment writes its results under a hard-coded '/media' ------------


@SCENARIOS.add
def permission_denied_job_gym_idsgame_q_learning_results_read_only_media() -> CaseSpec:
    at = Clock(datetime(2023, 1, 23, 15, 0, tzinfo=timezone.utc))
    # The one line the thread pasted, verbatim.
    lines = ["OSError: [Errno 30] Read-only file system: '/media'"]
    spec = _container_job(
        id="permission-denied-job-gym-idsgame-q-learning-results-read-only-media",
        category="permission-denied",
        evidence="Read-only file system: '/media'",
        description="gym-idsgame (an intrusion-detection game environment for reinforcement learning) runs its "
        "experiment v0/random_defense/tabular_q_learning with 'make run' (its run.py); the run fails with "
        "\"OSError: [Errno 30] Read-only file system: '/media'\". The maintainer explains that some experiments "
        "hard-code the directory they store results in ('/media' on his machine) and that the path must be "
        "changed to a writable location. Here the run is a Kubernetes Job whose container has a read-only root "
        "file system, so creating '/media' fails the same way. Verbatim from the thread: the command and the "
        "error line (the thread shows no traceback, and none is added). Reconstructed: the Job and its pod (an "
        "image with the repository, 'python run.py' in the experiment's folder as the Makefile's run target, "
        "the container's readOnlyRootFilesystem, CPU only), exit code 1 of the Python exception, the node and "
        "the times.",
        title='gym-idsgame tabular Q-learning experiment: "OSError: [Errno 30] Read-only file system: '
        "'/media'\" (the results directory is hard-coded to a read-only location)",
        source="https://github.com/Kim-Hammar/gym-idsgame/issues/7",
        name="idsgame-tabular-q",
        namespace="rl-experiments",
        at=at,
        image="registry.example.com/rl/gym-idsgame:latest",
        command=["python", "experiments/training/v0/random_defense/tabular_q_learning/run.py"],
        gpus=0,
        lines=lines,
        ran=(5, 11),
    )
    _on_cpu(spec)
    for pod_spec in _pod_specs(spec):
        pod_spec["containers"][0]["securityContext"] = {"readOnlyRootFilesystem": True}
    return spec


# -- 4. AFM (attraction field maps): the cache under HOME cannot be created when HOME is '/' -----------------


@SCENARIOS.add
def permission_denied_job_afm_cache_dir_in_root_home() -> CaseSpec:
    at = Clock(datetime(2019, 4, 3, 10, 0, tzinfo=timezone.utc))
    # The one line the thread pasted, verbatim.
    lines = ["PermissionError: [Errno 13] Permission denied: '/.cache'"]
    spec = _container_job(
        id="permission-denied-job-afm-cache-dir-in-root-home",
        category="permission-denied",
        evidence="Permission denied: '/.cache'",
        description="AFM (cherubicXN/afm_cvpr2019, line-segment detection with attraction field maps) fails "
        "with \"PermissionError: [Errno 13] Permission denied: '/.cache'\" - its cache folder is created under "
        "the home directory, and with HOME resolving to '/' the user may not create '/.cache'; the reporter "
        "asks how to make the cache folder, the maintainer advises moving to an accessible path. Here the run "
        "is a Kubernetes Job whose pod runs as a non-root UID with no home directory in the image, so HOME is "
        "'/'. Verbatim from the thread: the error line (the thread shows no other line, and none is added). "
        "Reconstructed: the Job and its pod (an image with the repository, the training entry 'python train.py' "
        "- the thread does not give the command - the non-root UID/GID 1000, one GPU), exit code 1 of the "
        "Python exception, the node and the times.",
        title="AFM line-segment detection: \"PermissionError: [Errno 13] Permission denied: '/.cache'\" (the "
        "cache folder under a HOME of '/' cannot be created)",
        source="https://github.com/cherubicXN/afm_cvpr2019/issues/5",
        name="afm-wireframe-train",
        namespace="line-detection",
        at=at,
        image="registry.example.com/vision/afm:latest",
        command=["python", "train.py"],
        gpus=1,
        lines=lines,
        ran=(6, 12),
    )
    _harden(spec.objects[:2], _NON_ROOT)
    return spec


# -- 5. Turi Create: the shared /var/tmp/model_cache belongs to another user ---------------------------------


@SCENARIOS.add
def permission_denied_job_turicreate_shared_model_cache_other_user() -> CaseSpec:
    at = Clock(datetime(2019, 8, 1, 17, 30, tzinfo=timezone.utc))
    # The error line the thread pasted, verbatim (pytest's "E" gutter left off).
    lines = ["IOError: [Errno 13] Permission denied: '/var/tmp/model_cache/VGGishFeatureEmbedding-v1.params'"]
    spec = _container_job(
        id="permission-denied-job-turicreate-shared-model-cache-other-user",
        category="permission-denied",
        evidence="Permission denied: '/var/tmp/model_cache/VGGishFeatureEmbedding-v1.params'",
        description="Turi Create downloads the pretrained model some of its toolkits need (here the audio "
        "classifier's VGGish feature embedding) into a temp path common to every user of the machine, "
        "/var/tmp/model_cache; once one user has created that directory, other users may not write to it, and "
        'the run fails with "IOError: [Errno 13] Permission denied: '
        "'/var/tmp/model_cache/VGGishFeatureEmbedding-v1.params'\" (the maintainers' reading in the thread). "
        "Here the run is a Kubernetes Job whose pod runs as a non-root user with the node's "
        "/var/tmp/model_cache mounted from the host, a directory another user created. Verbatim from the "
        "thread: the error line (its pytest 'E' gutter left off; no traceback is shown and none is added). "
        "Reconstructed: the Job and its pod (an image with Turi Create, an audio classifier training script "
        "'python train_audio_classifier.py' - the thread does not give the command - the non-root UID/GID "
        "1000, the hostPath volume, CPU only), exit code 1 of the Python exception, the node and the times.",
        title='Turi Create audio classifier: "IOError: [Errno 13] Permission denied: '
        "'/var/tmp/model_cache/VGGishFeatureEmbedding-v1.params'\" (the shared model cache belongs to another "
        "user)",
        source="https://github.com/apple/turicreate/issues/2194",
        name="audio-classifier-train",
        namespace="audio",
        at=at,
        image="registry.example.com/ml/turicreate:5.7",
        command=["python", "train_audio_classifier.py"],
        gpus=0,
        lines=lines,
        ran=(8, 20),
    )
    _on_cpu(spec)
    _harden(
        spec.objects[:2],
        _NON_ROOT,
        {"name": "model-cache", "hostPath": {"path": "/var/tmp/model_cache", "type": "DirectoryOrCreate"}},
        {"name": "model-cache", "mountPath": "/var/tmp/model_cache"},
    )
    return spec
