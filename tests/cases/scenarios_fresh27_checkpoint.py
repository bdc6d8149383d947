"""Fresh round 27: real public threads about checkpoints: saving, loading, resuming, corrupted or incompatible files.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios
from tests.cases.scenarios_fresh26_pretrain import _container_job

SCENARIOS = Scenarios()


# -- Strong Compute ISC demo: the resumed cycle's torch.load reads a checkpoint left incomplete -------------

_ISC = "/mnt/Client/strongcompute_user"


@SCENARIOS.add
def missing_file_job_isc_train_cycle_resume_checkpoint_eof_ran_out_of_input() -> CaseSpec:
    at = Clock(datetime(2023, 8, 11, 4, 20, tzinfo=timezone.utc))
    # The traceback as the thread pasted it (only the user name in the paths neutralised).
    lines = [
        f"Loading checkpoint from {_ISC}/output_hello_world/exp_304/checkpoint_hello.py",
        "Traceback (most recent call last):",
        f'  File "{_ISC}/isc-demos/tiny_training/train_cycle.py", line 91, in <module>',
        "    main(args)",
        f'  File "{_ISC}/isc-demos/tiny_training/train_cycle.py", line 50, in main',
        "    step = load_checkpoint(path=checkpoint_path, model=model, optimizer=optimizer, device=f'cuda:{device_id}')",
        f'  File "{_ISC}/isc-demos/tiny_training/train_cycle.py", line 14, in load_checkpoint',
        "    checkpoint = torch.load(path, map_location=device)",
        f'  File "{_ISC}/.venv/lib/python3.10/site-packages/torch/serialization.py", line 815, in load',
        "    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)",
        f'  File "{_ISC}/.venv/lib/python3.10/site-packages/torch/serialization.py", line 1033, in _legacy_load',
        "    magic_number = pickle_module.load(f, **pickle_load_args)",
        "EOFError: Ran out of input",
    ]
    return _container_job(
        id="missing-file-job-isc-train-cycle-resume-checkpoint-eof-ran-out-of-input",
        category="missing-file",
        evidence="EOFError: Ran out of input",
        description="Strong Compute's ISC demos (tiny_training/train_cycle.py) train in short cycles on the provider's "
        "GPU cluster: each cycle resumes from the checkpoint the previous one saved under the experiment's output "
        "directory. Here the resumed run prints 'Loading checkpoint from .../exp_304/checkpoint_hello.py' and torch.load "
        "fails at once: the legacy loader's first pickle read finds no data ('EOFError: Ran out of input') - the "
        "checkpoint file is there but empty or cut short, because the previous cycle's save did not complete (the "
        "thread, opened by the demos' maintainer, is titled 'Checkpoint Saving Corruption'). The job needs a whole "
        "checkpoint and the file on the volume is not one: the fix is to write checkpoints atomically (to a temporary "
        "name, then rename) and resume from the last complete one. The lines are the thread's, verbatim (only the "
        "user name in the paths is neutralised). Reconstructed: the batch Job and its one pod with one GPU (image "
        "name, node and resources made up; the thread ran the script on the ISC cluster), the command, exit code 1 "
        "of the Python traceback, the times.",
        title="ISC tiny_training demo resuming a cycle: torch.load of the last checkpoint fails with 'EOFError: Ran "
        "out of input' (the previous save left the file incomplete)",
        source="https://github.com/StrongResearch/isc-demos/issues/3",
        name="isc-tiny-training-cycle",
        namespace="isc-demos",
        at=at,
        image="registry.example.com/isc/tiny-training:latest",
        command=["python", f"{_ISC}/isc-demos/tiny_training/train_cycle.py"],
        gpus=1,
        lines=lines,
        ran=(20, 29),
    )
