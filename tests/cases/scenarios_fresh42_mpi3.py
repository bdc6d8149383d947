"""Fresh round 42: real public threads about MPI and Horovod failures: launchers, ORTE, Hydra, allreduce, processes that exit non-zero.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    MPIPlan,
    Scenarios,
    cpu_only,
    gpu,
    mpijob_v2,
    stamped,
    suffix,
    terminated,
)
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. Horovod on Spark (CPU): ranks die with a segmentation fault, mpirun exits 139 ---------------------------


@SCENARIOS.add
def crash_signal_job_horovod_spark_cpu_ranks_segfault_mpirun_exit_139() -> CaseSpec:
    at = Clock(datetime(2020, 5, 28, 3, 10, tzinfo=timezone.utc))
    name, ns = "hvd-spark-profile", "recsys"
    host = f"{name}-{suffix(name, '0')}"
    env = "/home/user/env/anaconda3/envs/hvd"
    python = f"{env}/bin/python"

    def seg(rank: int, pid: int, text: str) -> str:
        return f"[1,{rank}]<stderr>:[{host}:{pid}] {text}"

    rule = "-" * 74
    lines = [
        seg(12, 17086, "*** Process received signal ***"),
        seg(12, 17086, "Signal: Segmentation fault (11)"),
        seg(12, 17086, "Signal code: Address not mapped (1)"),
        seg(12, 17086, "Failing at address: 0x47"),
        seg(12, 17086, "[ 0] /lib/x86_64-linux-gnu/libpthread.so.0(+0x10330)[0x7f8e56e3b330]"),
        seg(12, 17086, f"[ 1] {python}(PyObject_IsTrue+0x39)[0x7f8e57371639]"),
        seg(12, 17086, f"[ 2] {python}(_PyEval_EvalFrameDefault+0x4d1e)[0x7f8e574338de]"),
        seg(12, 17086, f"[ 3] {python}(+0x1604fb)[0x7f8e573ce4fb]"),
        seg(12, 17086, f"[ 4] {python}(_PyFunction_FastCallDict+0x50b)[0x7f8e57389b3b]"),
        seg(12, 17086, f"[ 5] {python}(+0x216424)[0x7f8e57484424]"),
        seg(6, 17080, "*** End of error message ***"),
        rule,
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        rule,
        rule,
        f"mpirun noticed that process rank 5 with PID 17079 on node {host}-dc6efa443b72b94dd885bd84305791f5 exited "
        "on signal 11 (Segmentation fault).",
        rule,
        "Exception in thread Thread-3:",
        "Traceback (most recent call last):",
        f'  File "{env}/lib/python3.7/threading.py", line 926, in _bootstrap_inner',
        "    self.run()",
        f'  File "{env}/lib/python3.7/threading.py", line 870, in run',
        "    self._target(*self._args, **self._kwargs)",
        f'  File "{env}/lib/python3.7/site-packages/horovod/spark/__init__.py", line 93, in run_spark',
        "    result = procs.mapPartitionsWithIndex(_make_mapper(driver.addresses(), settings)).collect()",
        "RuntimeError: mpirun failed with exit code 139",
    ]
    log = stamped(lines, at(412), [0.0] * 10 + [0.2, 0.3, 0.0, 0.0, 0.0, 0.0, 0.0, 0.4] + [0.0] * 8)
    return _job_case(
        id="crash-signal-job-horovod-spark-cpu-ranks-segfault-mpirun-exit-139",
        name=name,
        ns=ns,
        at=at,
        image="registry.example/recsys/horovod-spark:0.19.2-tf1.15-py3.7-cpu",
        command=["python", "train_hvd_spark.py"],
        resources=cpu_only("64Gi", "16"),
        exit_code=1,
        ran=(5, 415),
        log=log,
        category="crash-signal",
        evidence="exited on signal 11 (Segmentation fault)",
        description="Horovod on Spark run in CPU mode (horovod.spark.run on a local Spark 2.4.4, 16 Horovod "
        "processes on one host, Horovod 0.19, Python 3.7 in a conda env). Several ranks crash natively: rank 12 "
        "prints Open MPI's 'Signal: Segmentation fault (11) / Signal code: Address not mapped (1) / Failing at "
        "address: 0x47' with a backtrace through the Python interpreter (PyObject_IsTrue, _PyEval_EvalFrameDefault), "
        "mpirun reports 'process rank 5 ... exited on signal 11 (Segmentation fault)', the Spark thread's collect() "
        "fails and the driver raises 'RuntimeError: mpirun failed with exit code 139' (the thread's title). The "
        "lines are the thread's, verbatim; the host name is replaced by the pod's name (Horovod's host hash suffix "
        "kept), the conda path neutralised. Reconstructed: the run as a batch Job whose one pod is the Spark driver "
        "with its local executors, the script name, image, resources, times, and the pod exiting 1 after the "
        "RuntimeError; the backtrace stops at frame 5 and the Spark thread's traceback at run_spark where the "
        "stored thread cuts them (the rest is left out, not invented).",
        title="Horovod on Spark in CPU mode: ranks die with 'Segmentation fault (11)' in the Python interpreter, "
        "'RuntimeError: mpirun failed with exit code 139'",
        source="https://github.com/horovod/horovod/issues/1941",
        captured=480,
        node_name="cpu-node-16",
    )


# -- 2. horovodrun across two hosts: the task servers never register, 'Timed out waiting for tasks to start' -----


@SCENARIOS.add
def rendezvous_error_mpijob_horovodrun_timed_out_waiting_for_tasks_to_start() -> CaseSpec:
    at = Clock(datetime(2019, 8, 23, 6, 40, tzinfo=timezone.utc))
    name, ns = "tf-train", "ml"
    worker_host = f"{name}-worker-0.{name}-worker"
    site = "/usr/local/lib64/python3.6/site-packages/horovod/run"
    lines = [
        "Filtering local host names.",
        f"Remote host found: {worker_host}",
        "Checking ssh on all remote hosts.",
        "SSH was successful into all the remote hosts.",
        "Testing interfaces on all the hosts.",
        "Launched horovodrun server.",
        "Attempted to launch horovod task servers.",
        "Waiting for the hosts to acknowledge.",
        "Launching horovodrun task function was not successful:",
        "Traceback (most recent call last):",
        '  File "/usr/lib64/python3.6/runpy.py", line 193, in _run_module_as_main',
        '    "__main__", mod_spec)',
        '  File "/usr/lib64/python3.6/runpy.py", line 85, in _run_code',
        "    exec(code, run_globals)",
        f'  File "{site}/task_fn.py", line 67, in <module>',
        "    _task_fn(index, driver_addresses, settings)",
        f'  File "{site}/task_fn.py", line 31, in _task_fn',
        "    task.wait_for_initial_registration(settings.timeout)",
        f'  File "{site}/common/service/task_service.py", line 110, in wait_for_initial_registration',
        "    timeout.check_time_out_for('tasks to start')",
        f'  File "{site}/common/util/timeout.py", line 32, in check_time_out_for',
        "    raise Exception(self._message.format(activity=activity))",
        "Exception: Timed out waiting for tasks to start. Please check connectivity between servers. You may need "
        "to increase the --start-timeout parameter if you have too many servers.",
    ]
    log = stamped(lines, at(34), [0.0, 0.1, 1.2, 0.0, 0.3, 0.1, 0.0, 60.0] + [0.0] * 14)
    launcher_cmd = [
        *("horovodrun", "-np", "2", "-H", f"localhost:1,{worker_host}:1"),
        *("--start-timeout", "60", "--verbose", "python3", "train.py"),
    ]
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.example/ml/horovod:0.17.1-tf1.14-py3.6",
        launcher_cmd=launcher_cmd,
        workers=1,
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(33), at(96)), launcher_log=log),
        worker_resources=gpu(1, "60Gi", "8"),
    )
    return CaseSpec(
        id="rendezvous-error-mpijob-horovodrun-timed-out-waiting-for-tasks-to-start",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=launcher,
        evidence="Timed out waiting for tasks to start",
        description="TensorFlow 1.14 training with Horovod 0.17.1 (Open MPI 4.0.1) over two hosts: 'mpirun -np 2 -H "
        "localhost:1,<second host>:1 python3 train.py' runs, but the same through horovodrun fails. With --verbose "
        "and --start-timeout 60, horovodrun finds the remote host, ssh to it succeeds, it launches its own server "
        "and the task servers, waits for the hosts to acknowledge, and the task function fails in "
        "wait_for_initial_registration with 'Exception: Timed out waiting for tasks to start. Please check "
        "connectivity between servers.' - the task servers and horovodrun's driver never reach each other, so the "
        "ranks never start. The lines are the thread's, verbatim (the second host's address replaced by the "
        "worker's name under the MPIJob's headless service). Reconstructed: the two hosts as an mpi-operator MPIJob "
        "whose launcher runs horovodrun with itself as 'localhost' and one worker running sshd, the image, "
        "resources, nodes and times, the 60 s between the last progress line and the timeout, the final "
        "'Exception:' line completed from the reporter's first run (the verbose paste is cut at 'Exc'), and the "
        "launcher exiting 1 after it (what horovodrun printed next is not in the stored thread).",
        objects=objects,
        logs=logs,
        captured=at(160),
        title="horovodrun over two hosts: 'Timed out waiting for tasks to start. Please check connectivity between "
        "servers' while plain mpirun works",
        source="https://github.com/horovod/horovod/issues/1338",
    )
