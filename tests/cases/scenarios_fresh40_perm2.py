"""Fresh round 40: real public threads about access refused: caches, log directories, container capabilities, service accounts, read-only mounts.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, failed_job_case, gpu, stamped
from tests.cases.scenarios_fresh13_platform import _job_case

SCENARIOS = Scenarios()


# -- 1. cryoCARE: training-data extraction stops because its configured output directory already exists --------


@SCENARIOS.add
def config_error_job_cryocare_extract_train_data_output_directory_exists() -> CaseSpec:
    at = Clock(datetime(2024, 7, 9, 10, 12, tzinfo=timezone.utc))
    image = "registry.example.com/cryoem/cryocare:0.3"
    # The lines the thread pasted, verbatim (the progress bar as tqdm leaves it).
    lines = [
        "2024-07-09 10:12:58.882483: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] "
        "Successfully opened dynamic library libcudart.so.11.0",
        "Computing normalization parameters:",
        "100%|" + "\u2588" * 200 + "| 500/500 [00:00<00:00, 721.42it/s]",
        "Output directory already exists. Please choose a new output directory or set 'overwrite' to 'true' in "
        "your configuration file.",
    ]
    spec = failed_job_case(
        id="config-error-job-cryocare-extract-train-data-output-directory-exists",
        category="config-error",
        evidence="Output directory already exists. Please choose a new output directory",
        description="cryoCARE (cryo-EM tomogram denoising, TensorFlow) prepares its training data with "
        "'cryoCARE_extract_train_data.py --conf train_data_config.json' on five tomograms; the run computes "
        'the normalization parameters, then prints "Output directory already exists. Please choose a new output '
        "directory or set 'overwrite' to 'true' in your configuration file.\" and writes no output (the thread's "
        "title: the output file is not found). In cryoCARE's script that message is printed when creating "
        "the configured output 'path' fails and 'overwrite' is not set, followed by sys.exit(1): the job's "
        "configuration points at a directory that already exists. Here the run is a Kubernetes Job on a GPU "
        "node. Verbatim from the thread: the command and the four output lines. Reconstructed: the Job and its "
        "pod (image, one GPU, node), exit code 1 (the script's sys.exit(1)) and the times around the "
        "TensorFlow line's own time stamp.",
        name="cryocare-extract-train-data",
        namespace="cryoem",
        at=at,
        container=Container(
            "extract",
            image,
            command=["cryoCARE_extract_train_data.py", "--conf", "train_data_config.json"],
            resources=gpu(1, "32Gi", "4"),
        ),
        exit_code=1,
        ran=(50, 66),
        node="gpu-node-2",
        log=stamped(lines, at(58.9), [4.1, 0.7, 0.02]),
        captured=360,
    )
    return _job_case(
        spec,
        image,
        "extract",
        at,
        title="cryoCARE training-data extraction prints 'Output directory already exists' and exits without "
        "writing its output: the configured output path exists and 'overwrite' is not set",
        source="https://github.com/juglab/cryoCARE_pip/issues/62",
    )
