"""Fresh round 34: real public threads about missing files of training and serving jobs: datasets, checkpoints, weights, tokenizers.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, cpu_only, failed_job_case, gpu, stamped
from tests.cases.scenarios_fresh16_platform import _job_case

SCENARIOS = Scenarios()


def _train_job(
    *,
    id: str,
    evidence: str,
    description: str,
    name: str,
    namespace: str,
    at: Clock,
    container: Container,
    ran: tuple[float, float],
    node: str,
    log: str,
    title: str,
    source: str,
) -> CaseSpec:
    """A training script run as a batch Job on the host it ran on in the thread: it exits 1 on a missing file."""
    spec = failed_job_case(
        id=id,
        category="missing-file",
        evidence=evidence,
        description=description,
        name=name,
        namespace=namespace,
        at=at,
        container=container,
        exit_code=1,
        ran=ran,
        node=node,
        log=log,
        captured=ran[1] + 240,
    )
    return _job_case(spec, title=title, source=source)


# -- 1. Person re-ID baseline: train.py run with the README's placeholder data dir; ImageFolder finds no train_all --


@SCENARIOS.add
def missing_file_job_reid_baseline_imagefolder_train_all_not_found() -> CaseSpec:
    at = Clock(datetime(2020, 6, 2, 7, 40, tzinfo=timezone.utc))
    site = "/home/user/anaconda3/lib/python3.7/site-packages/torchvision/datasets/folder.py"
    log = stamped(
        [
            "[Resize(size=(256, 128), interpolation=PIL.Image.BICUBIC), Pad(padding=10, fill=0, padding_mode=constant), "
            "RandomCrop(size=(256, 128), padding=None), RandomHorizontalFlip(p=0.5), ToTensor(), "
            "Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])]",
            "Traceback (most recent call last):",
            '  File "train.py", line 120, in <module>',
            "    data_transforms['train'])",
            f'  File "{site}", line 206, in __init__',
            "    is_valid_file=is_valid_file)",
            f'  File "{site}", line 94, in __init__',
            "    classes, class_to_idx = self._find_classes(self.root)",
            f'  File "{site}", line 121, in _find_classes',
            "    classes = [d.name for d in os.scandir(dir) if d.is_dir()]",
            "FileNotFoundError: [Errno 2] No such file or directory: 'your_data_path/train_all'",
        ],
        at(9.2),
        [0.6, 0.01],
    )
    return _train_job(
        id="missing-file-job-reid-baseline-imagefolder-train-all-not-found",
        evidence="No such file or directory: 'your_data_path/train_all'",
        description="The Person re-ID baseline (layumi/Person_reID_baseline_pytorch) is trained with the README's "
        "command, 'python train.py --gpu_ids 0 --name ft_ResNet50 --train_all --batchsize 32 --data_dir "
        "your_data_path': after printing its transforms, torchvision's ImageFolder scans the training folder "
        "'<data_dir>/train_all' and fails with 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'your_data_path/train_all'' - the data dir is the README's placeholder and the prepared dataset (with "
        "its train_all folder) is not there. The maintainer asked to check the dataset path; the reporter had "
        "prepared only the train folder. The thread ran on a Linux GPU host (/home/<user>/anaconda3); here "
        "the same run is a Kubernetes Job. Verbatim from the thread: the command, the transforms line, the "
        "traceback (the user name in the paths neutralised). Reconstructed: the Job and its pod (an image "
        "with the repository, one GPU), exit code 1 after the traceback, and the times.",
        name="reid-ft-resnet50",
        namespace="reid",
        at=at,
        container=Container(
            "train",
            "registry.example.com/vision/person-reid-baseline:latest",
            command=[
                "python",
                "train.py",
                "--gpu_ids",
                "0",
                "--name",
                "ft_ResNet50",
                "--train_all",
                "--batchsize",
                "32",
                "--data_dir",
                "your_data_path",
            ],
            resources=gpu(1, "16Gi", "4"),
        ),
        ran=(4, 10),
        node="gpu-node-1",
        log=log,
        title="Person re-ID baseline train.py: 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'your_data_path/train_all'' (the data dir is the README's placeholder; train_all was not prepared)",
        source="https://github.com/layumi/Person_reID_baseline_pytorch/issues/214",
    )


# -- 2. FCOS on COCO 2014: the default dataset path holds no annotations ------------------------------------------


@SCENARIOS.add
def missing_file_job_fcos_coco_annotations_instances_train2014_not_found() -> CaseSpec:
    at = Clock(datetime(2019, 6, 10, 2, 15, tzinfo=timezone.utc))
    log = stamped(
        [
            "FileNotFoundError: [Errno 2] No such file or directory: 'datasets/coco/annotations/instances_train2014.json'"
        ],
        at(21.4),
    )
    return _train_job(
        id="missing-file-job-fcos-coco-annotations-instances-train2014-not-found",
        evidence="No such file or directory: 'datasets/coco/annotations/instances_train2014.json'",
        description="FCOS (tianzhi0549/FCOS, built on maskrcnn-benchmark) is trained on COCO 2014 and fails with "
        "'FileNotFoundError: [Errno 2] No such file or directory: 'datasets/coco/annotations/"
        "instances_train2014.json'': the code looks for COCO under its default 'datasets/coco' while the "
        "reporter's copy is elsewhere (/home/<user>/dataset/MSCOCO2014); the maintainer pointed to the README's "
        "steps for setting up the COCO path (a symlink under datasets/). The thread ran on a Linux host; here the "
        "run is a Kubernetes Job. Verbatim from the thread: the error line (the thread shows no other line, and "
        "none is added). Reconstructed: the Job and its pod (an image with the repository, the README's "
        "training entry tools/train_net.py with an FCOS config, one GPU - the thread does not give the command), "
        "exit code 1 after the error, and the times.",
        name="fcos-r50-coco",
        namespace="detection",
        at=at,
        container=Container(
            "train",
            "registry.example.com/vision/fcos:latest",
            command=[
                "python",
                "tools/train_net.py",
                "--config-file",
                "configs/fcos/fcos_R_50_FPN_1x.yaml",
                "OUTPUT_DIR",
                "training_dir/fcos_R_50_FPN_1x",
            ],
            resources=gpu(1, "32Gi", "8"),
        ),
        ran=(5, 22),
        node="gpu-node-3",
        log=log,
        title="FCOS training on COCO 2014: 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'datasets/coco/annotations/instances_train2014.json'' (COCO is not under the default datasets/coco)",
        source="https://github.com/tianzhi0549/FCOS/issues/61",
    )


# -- 3. RFR (infrared small-target video): the dataset's video_idx split file is not there ------------------------


@SCENARIOS.add
def missing_file_job_rfr_train_video_idx_split_file_not_found() -> CaseSpec:
    at = Clock(datetime(2025, 1, 3, 8, 30, tzinfo=timezone.utc))
    codes = "/mnt/data2/user/pycharm_project_001_RFR/codes"
    log = stamped(
        [
            "I       R",
            "Traceback (most recent call last):",
            '  File "train.py", line 143, in <module>',
            "    train()",
            '  File "train.py", line 43, in train',
            "    train_set = TrainSetLoader(dataset_dir=opt.dataset_dir, dataset_name=opt.dataset_name, "
            "seq_len=opt.seq_len, patch_size=opt.patchSize, img_norm_cfg=opt.img_norm_cfg, "
            "sample_rate=opt.sample_rate)",
            f'  File "{codes}/dataset.py", line 25, in __init__',
            "    with open(self.dataset_dir+'/video_idx/train_' + dataset_name + '.txt', 'r') as f:",
            f"FileNotFoundError: [Errno 2] No such file or directory: '{codes}/data/I/video_idx/train_I.txt'",
        ],
        at(8.7),
        [0.4, 0.01],
    )
    return _train_job(
        id="missing-file-job-rfr-train-video-idx-split-file-not-found",
        evidence="No such file or directory: '/mnt/data2/user/pycharm_project_001_RFR/codes/data/I/video_idx/",
        description="RFR (XinyiYing/RFR, infrared small-target detection in satellite video) is trained with "
        "'python train.py --model_name ResUNet_RFR --dataset_name IRSatVideo-LE'; building the training set, its "
        "dataset loader opens the split list '<dataset_dir>/video_idx/train_<name>.txt' and fails with "
        "'FileNotFoundError: [Errno 2] No such file or directory: '.../codes/data/I/video_idx/train_I.txt'' - the "
        "dataset files are not where the script looks for them. The reporter closed it as solved without saying "
        "more. The thread ran on a Linux GPU server (a conda env, code under /mnt/data2); here the run is a "
        "Kubernetes Job with the code at the same path. Verbatim from the thread: the command, the first line the "
        "script prints (an I and an R), the traceback (the user name in the paths neutralised). Reconstructed: the Job "
        "and its pod (an image with the conda env, one GPU, the working directory as in the thread), exit code 1 "
        "after the traceback, and the times.",
        name="rfr-resunet-train",
        namespace="remote-sensing",
        at=at,
        container=Container(
            "train",
            "registry.example.com/research/rfr:latest",
            command=["python", "train.py", "--model_name", "ResUNet_RFR", "--dataset_name", "IRSatVideo-LE"],
            resources=gpu(1, "32Gi", "8"),
        ),
        ran=(4, 10),
        node="gpu-node-2",
        log=log,
        title="RFR train.py: 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'.../codes/data/I/video_idx/train_I.txt'' (the dataset's split list is not where the loader looks)",
        source="https://github.com/XinyiYing/RFR/issues/5",
    )


# -- 4. bonito (nanopore basecaller) training: the training data directory given is not where the data is --------


@SCENARIOS.add
def missing_file_job_bonito_train_dataset_py_not_found() -> CaseSpec:
    at = Clock(datetime(2022, 1, 5, 10, 5, tzinfo=timezone.utc))
    log = stamped(
        ["FileNotFoundError: [Errno 2] No such file or directory: '/data/dna_r9.4.1/dataset.py'"],
        at(12.6),
    )
    return _train_job(
        id="missing-file-job-bonito-train-dataset-py-not-found",
        evidence="No such file or directory: '/data/dna_r9.4.1/dataset.py'",
        description="Training a model with bonito (nanoporetech/bonito, the nanopore basecaller) after "
        "'bonito download --training' fails with 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'/data/dna_r9.4.1/dataset.py'': bonito finds no training data in the directory it is given and then "
        "looks for a dataset.py there. The maintainer: the path given must be the one the dna_r9.4.1 training "
        "data was downloaded to; the reporter fixed the path. The thread ran on a Linux host (data under /data); "
        "here the run is a Kubernetes Job. Verbatim from the thread: the error line and the command the reporter "
        "gave ('bonito train /data/training/dna_r9.4.1'; the error names /data/dna_r9.4.1, the thread does not "
        "explain the difference and none is made up). Reconstructed: the Job and its pod (a bonito image, one "
        "GPU), exit code 1 after the error, and the times; the thread shows no other line, and none is added.",
        name="bonito-train",
        namespace="basecalling",
        at=at,
        container=Container(
            "bonito",
            "registry.example.com/genomics/bonito:latest",
            command=["bonito", "train", "/data/training/dna_r9.4.1"],
            resources=gpu(1, "32Gi", "8"),
        ),
        ran=(4, 13),
        node="gpu-node-4",
        log=log,
        title="bonito train: 'FileNotFoundError: [Errno 2] No such file or directory: "
        "'/data/dna_r9.4.1/dataset.py'' (the training data is not in the directory given)",
        source="https://github.com/nanoporetech/bonito/issues/223",
    )


# -- 5. MedMamba: ImageFolder's root 'dataset2' does not exist in the working directory ---------------------------


@SCENARIOS.add
def missing_file_job_medmamba_imagefolder_root_dataset2_not_found() -> CaseSpec:
    at = Clock(datetime(2024, 3, 18, 12, 0, tzinfo=timezone.utc))
    site = "/root/miniconda3/envs/mamba/lib/python3.10/site-packages/torchvision/datasets/folder.py"
    log = stamped(
        [
            "using cpu device.",
            "Traceback (most recent call last):",
            '  File "/tmp/pycharm_project_185/train.py", line 108, in <module>',
            "    main()",
            '  File "/tmp/pycharm_project_185/train.py", line 27, in main',
            "    train_dataset = datasets.ImageFolder(root='dataset2',",
            f'  File "{site}", line 310, in __init__',
            "    super().__init__(",
            f'  File "{site}", line 145, in __init__',
            "    classes, class_to_idx = self.find_classes(self.root)",
            f'  File "{site}", line 219, in find_classes',
            "    return find_classes(directory)",
            f'  File "{site}", line 41, in find_classes',
            "    classes = sorted(entry.name for entry in os.scandir(directory) if entry.is_dir())",
            "FileNotFoundError: [Errno 2] No such file or directory: 'dataset2'",
        ],
        at(7.1),
        [0.3, 0.01],
    )
    return _train_job(
        id="missing-file-job-medmamba-imagefolder-root-dataset2-not-found",
        evidence="No such file or directory: 'dataset2'",
        description="MedMamba's train.py (YubiaoYue/MedMamba, medical image classification) starts ('using cpu "
        "device.') and builds its training set with torchvision's ImageFolder(root='dataset2'); the folder is not "
        "in the working directory, so os.scandir fails with 'FileNotFoundError: [Errno 2] No such file or "
        "directory: 'dataset2''. The maintainer: the dataset path is wrong; the reporter fixed it. The thread "
        "ran as root on a Linux server (code deployed to /tmp/pycharm_project_185, a conda env under "
        "/root/miniconda3); here the run is a Kubernetes Job with the code at the same path. Verbatim from the "
        "thread: every log line. Reconstructed: the Job and its pod (an image with the env, the script run "
        "from its folder, CPU only as the log says), exit code 1 after the traceback, and the times.",
        name="medmamba-train",
        namespace="medical-imaging",
        at=at,
        container=Container(
            "train",
            "registry.example.com/research/medmamba:latest",
            command=["python", "/tmp/pycharm_project_185/train.py"],
            resources=cpu_only("16Gi", "8"),
        ),
        ran=(4, 8),
        node="cpu-node-1",
        log=log,
        title="MedMamba train.py: 'FileNotFoundError: [Errno 2] No such file or directory: 'dataset2'' "
        "(ImageFolder's root is not in the working directory)",
        source="https://github.com/YubiaoYue/MedMamba/issues/4",
    )
