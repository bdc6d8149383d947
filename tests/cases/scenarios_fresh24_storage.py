"""Fresh round 24: real public threads about storage under jobs: volumes, shared file systems, quotas, full or read-only disks.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, gpu, stamped
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- NOAA EAGLE's training step on an HPC GPU cluster: Triton's kernel cache write hits the disk quota ------


@SCENARIOS.add
def disk_full_job_eagle_training_triton_cache_disk_quota_exceeded() -> CaseSpec:
    at = Clock(datetime(2026, 3, 26, 14, 0, tzinfo=timezone.utc))
    site = (
        "/scratch5/NCEPDEV/rstprod/User.Name/mlwp/20260325/EAGLE/src/conda/envs/training/lib/python3.12/site-packages"
    )
    # The lines the thread pasted, from where the stored copy starts them (the user cut the traceback's top with
    # '...'); the user's name in the paths is neutralised.
    lines = [
        f'  File "{site}/triton/compiler/compiler.py", line 314, in compile',
        "    metadata_group[ir_filename] = fn_cache_manager.put(module, ir_filename)",
        "                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{site}/triton/runtime/cache.py", line 116, in put',
        "    with open(temp_path, mode) as f:",
        "         ^^^^^^^^^^^^^^^^^^^^^",
        "OSError: [Errno 122] Disk quota exceeded",
    ]
    return _job_case(
        id="disk-full-job-eagle-training-triton-cache-disk-quota-exceeded",
        at=at,
        name="nested-eagle-training",
        ns="mlwp",
        image="registry.example.gov/mlwp/eagle-training:develop",
        command=["anemoi-training", "train", "--config-name=training"],
        resources=gpu(1, "128Gi", "16"),
        log=stamped(lines, at(212), 0.001),
        ran=(30, 213),
        captured=213 + 300,
        node_name="gpu-node-05",
        exit_code=1,
        category="disk-full",
        evidence="Disk quota exceeded",
        description="NOAA's EAGLE (a weather model trained with anemoi) run from its development branch on an "
        "HPC GPU cluster following the quickstart, with only the source directory and the job account changed: the "
        "data step succeeds, and the training step keeps failing when Triton compiles a kernel and its cache "
        "manager writes the compiled file - 'OSError: [Errno 122] Disk quota exceeded' from triton/runtime/"
        "cache.py's put(). The user checked the directory the job runs in and it has plenty of space (even on an "
        "almost empty scratch file system): the quota that is exceeded is that of the file system holding "
        "Triton's cache, not the run directory. The root cause is a full (over-quota) file system; moving the "
        "cache (TRITON_CACHE_DIR) to a file system with space, or freeing quota, fixes it. The traceback lines "
        "are the thread's, from where the stored copy starts them (the user's name in the paths neutralised). "
        "Reconstructed: the cluster's batch job is shown as a Kubernetes batch Job whose one pod has a GPU and "
        "exits 1 (a Python traceback); the Job and pod names, the namespace, the image, the command "
        "(anemoi-training's train), the node, the resources and the times.",
        title="disk space error in training step: EAGLE's training step fails with 'OSError: [Errno 122] Disk "
        "quota exceeded' when Triton writes its kernel cache, though the run directory has plenty of space",
        source="https://github.com/NOAA-EPIC/EAGLE/issues/121",
    )
