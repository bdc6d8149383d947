"""The catalogue: built-in files are valid, user files extend, replace and disable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.engine.signatures import Catalogue, Signature, builtin_catalogue, load_catalogue, read_catalogue_file
from agent.engine.taxonomy import categories
from agent.errors import CatalogueError


def test_builtin_catalogue_covers_every_failure_category() -> None:
    covered = {s.category for s in builtin_catalogue().signatures if s.kind == "cause"}
    # healthy is concluded from state, unknown from the absence of a cause; stalled from
    # silence too, but also from explicit hang messages (a stall inspector, a watchdog).
    assert set(categories()) - covered == {"healthy", "unknown"}


def test_ids_are_unique_and_patterns_pass_the_check_a_users_pass() -> None:
    """The built-in catalogue skips pattern checks at start-up; this is where they happen, the
    same as for a user's file: every pattern is one the linear-time engines take (RE2, and
    Hyperscan for log patterns), lookarounds included."""
    sigs = builtin_catalogue().signatures
    assert len({s.id for s in sigs}) == len(sigs)
    for sig in sigs:
        Signature.model_validate(sig.model_dump(exclude_defaults=True))  # no "trusted": every check
    builtin_catalogue().line_matcher.classify("anything")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "x", "category": "nope", "where": "log", "pattern": "a"}, "not in the taxonomy"),
        ({"id": "x", "category": "gpu-oom", "where": "log"}, "needs a pattern"),
        ({"id": "x", "category": "gpu-oom", "where": "log", "pattern": "("}, "not a valid regular expression"),
        ({"id": "x", "kind": "noise", "where": "event", "reason": "A"}, "only log signatures can be noise"),
        (
            {"id": "x", "category": "gpu-oom", "where": "log", "pattern": "a", "exit_codes": [1]},
            "status signatures only",
        ),
        ({"id": "x", "category": "gpu-oom", "where": "log", "pattern": "a", "specificty": 3}, "Extra inputs"),
        ({"id": "Bad Id", "category": "gpu-oom", "where": "log", "pattern": "a"}, "should match pattern"),
    ],
)
def test_invalid_signatures_name_the_problem(entry: dict, message: str) -> None:
    import yaml

    with pytest.raises(CatalogueError) as err:
        read_catalogue_file(yaml.safe_dump({"signatures": [entry]}), "mine.yaml")
    assert message in str(err.value) and str(err.value).startswith("rules mine.yaml:")


def test_user_file_adds_replaces_and_disables(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(
        "signatures:\n"
        "  - id: team-quota\n    category: disk-full\n    where: log\n    pattern: 'team quota reached'\n    specificity: 90\n"
        "  - id: cuda-oom\n    category: gpu-oom\n    where: log\n    pattern: 'CUDA OOM'\n"
        "disable: [python-exception]\n"
    )
    cat = load_catalogue([path])
    assert cat.by_id["team-quota"].category == "disk-full"
    assert cat.by_id["cuda-oom"].pattern == "CUDA OOM"
    assert "python-exception" not in cat.by_id
    assert "python-exception" in builtin_catalogue().by_id, "the built-in catalogue is not changed"


def test_bad_yaml_and_unreadable_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("signatures: [\n")
    with pytest.raises(CatalogueError, match=r"rules .*bad.yaml line \d+: not valid YAML"):
        load_catalogue([bad])
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CatalogueError, match="not UTF-8 text"):
        load_catalogue([binary])


def test_status_signature_matching() -> None:
    sig = Signature(
        id="s", category="oom-killed", where="status", subject="terminated", reason="OOMKilled", exit_codes=[137]
    )
    assert sig.matches(text="", reason="OOMKilled", subject="terminated", exit_code=137)
    assert not sig.matches(text="", reason="OOMKilledX", subject="terminated", exit_code=137)
    assert not sig.matches(text="", reason="OOMKilled", subject="waiting", exit_code=137)


def test_a_container_init_killed_for_memory_is_oom_not_a_bad_spec() -> None:
    """runc reports a limit too low to start the container as a failure to create it; the
    reading is the memory limit, not the command (container-cannot-start)."""
    statuses = [s for s in builtin_catalogue().signatures if s.where == "status"]
    text = (
        'container create failed: time="2022-09-14T11:35:13Z" level=error msg="runc create failed: unable to start '
        'container process: container init was OOM-killed (memory limit too low?)"'
    )
    hits = [s for s in statuses if s.matches(text=text, reason="CreateContainerError", subject="waiting")]
    assert max(hits, key=lambda s: s.specificity).id == "container-init-oom-killed"
    other = 'runc create failed: unable to start container process: exec: "/manager": no such file or directory'
    hits = [s for s in statuses if s.matches(text=other, reason="CreateContainerError", subject="waiting")]
    assert "container-init-oom-killed" not in {s.id for s in hits}


def test_a_node_disk_too_full_to_set_up_a_container_is_disk_full_not_a_bad_spec() -> None:
    """runc or the kubelet failing to write a container's files (resolv.conf, etc-hosts) for
    lack of space is the node's disk, though it reads like a failure to start the command."""
    catalogue = builtin_catalogue().signatures
    full = (
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        'failed: unable to start container process: error during container init: error mounting "/x/resolv.conf" '
        'to rootfs at "/etc/resolv.conf": open /rootfs/etc/resolv.conf: no space left on device: unknown'
    )

    def top(where: str, **fact: object) -> str:
        hits = [s for s in catalogue if s.where == where and s.matches(**fact)]  # type: ignore[arg-type]
        return max(hits, key=lambda s: s.specificity).id

    assert (
        top("status", text=full, reason="StartError", subject="terminated") == "container-setup-node-disk-full-status"
    )
    assert top("event", text=f"Error: {full}", reason="Failed") == "container-setup-node-disk-full"
    assert (
        top(
            "event",
            text='Error: failed to create containerd task: exec: "x": executable file not found in $PATH',
            reason="Failed",
        )
        == "runtime-exec-failed"
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB", ["cuda-oom"]),
        ("RuntimeError: CUDA error: device-side assert triggered", ["device-side-assert"]),
        ("ModuleNotFoundError: No module named 'deepspeed'", ["module-not-found"]),
        ("OSError: [Errno 28] No space left on device", ["no-space-left"]),
        (
            "RuntimeError: unable to write to file </torch_3421_2239048781_0>: No space left on device (28)",
            ["shm-no-space"],
        ),
        (
            "OSError: [Errno 107] Transport endpoint is not connected: b'/output/log/events.out.tfevents.1720755089'",
            ["mount-lost-under-process"],
        ),
        ("ls: cannot access '/mnt/data': Transport endpoint is not connected", ["mount-lost-under-process"]),
        # On a bare socket the same errno is no volume's doing.
        ("OSError: [Errno 107] Transport endpoint is not connected", ["python-exception"]),
        ("OSError: [Errno 116] Stale file handle: '/data/shards/00017.tar'", ["mount-lost-under-process"]),
        ("[rank0]: KeyError: 'input_ids'", ["python-exception"]),
        ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:", ["torchrun-child-failed"]),
        ("/usr/lib/python3/site-packages/x.py:12: FutureWarning: CUDA out of memory is deprecated", []),
        ("NCCL INFO NET/Plugin: libnccl-net.so: cannot open shared object file: No such file or directory", []),
        ("{'loss': 0.7, 'learning_rate': 1e-05}", []),
        # XLA's device memory, in the runtime's words rather than an OOM exception.
        (
            "E xla_util.cc:88]   (1) RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. "
            "That was not possible. There are 6.78G free, 0B reserved, and 3.33G reservable.",
            ["xla-device-memory-exhausted"],
        ),
        ("Resource exhausted: Attempting to allocate 180.59M. That was not possible.", ["xla-device-memory-exhausted"]),
        # The checkpoint is there; the graph asks it for a variable it does not hold.
        (
            "tensorflow.python.framework.errors_impl.NotFoundError: Key dense/bias not found in checkpoint",
            ["checkpoint-key-mismatch"],
        ),
        (
            "NotFoundError: Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
            "gs://b/model.ckpt-1200",
            ["tf-checkpoint-not-found"],
        ),
        # The c10d store's wait for the other agents' keys is a rendezvous timeout.
        (
            "torch.distributed.DistStoreError: wait timeout after 900000ms, keys: /none/torchelastic/role_info/0",
            ["rendezvous-timeout"],
        ),
        # A training loop's own check that stops it on NaN outputs.
        ("ValueError: Network outputs is NAN! Stop Training", ["nan-in-exception"]),
        ("ValueError: Network outputs are not in range", ["python-exception"]),
        # A bare KeyError naming a model architecture: transformers too old for the model.
        ("KeyError: 'llama'", ["library-too-old-for-model"]),
        ("[rank0]: KeyError: 'qwen2_moe'", ["library-too-old-for-model"]),
        ("KeyError: 'llama_config'", ["python-exception"]),
        # XGBoost's own GPU memory pool, and a cuDNN older than the framework was built with.
        (
            "XGBoostError: [22:22:41] device_helpers.cuh:428: Memory allocation error on worker 3: Caching allocator",
            ["gpu-allocator-failed"],
        ),
        (
            "E cuda_dnn.cc:439] Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.6.0.",
            ["cudnn-version-mismatch"],
        ),
        (
            "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed.",
            ["cuda-illegal-access"],
        ),
        # Lightning finds no GPU at all (an index that is missing among others is not this).
        (" But your machine only has: [] ", ["cuda-no-device"]),
        (" But your machine only has: [0]", []),
        # NCCL's P2P transport between GPUs that cannot map each other's memory; a c10d store unreachable.
        (
            "host:1:2 [0] transport/p2p.cc:238 NCCL WARN failed to open CUDA IPC handle : 217 peer access is not "
            "supported between these two devices",
            ["nccl-p2p-unsupported"],
        ),
        ("RuntimeError: connect() timed out. Original timeout was 60000 ms.", ["rendezvous-connect-timeout"]),
        (
            "h:1:2 [0] misc/socket.cc:483 NCCL WARN socketStartConnect: Connect to 10.0.0.2<45763> failed : "
            "Software caused connection abort",
            ["nccl-socket-connect-failed"],
        ),
        (
            "jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: failed to connect to all addresses; last error: "
            "UNKNOWN: ipv4:10.0.0.5:13305: Failed to connect to remote host: Connection refused",
            ["jax-coordination-timeout"],
        ),
        # Indented lines are traceback frames and source lines - unless they state an exception:
        # torchrun's error record, a message indented under its chained exception.
        ('    raise RuntimeError("CUDA out of memory")', []),
        (
            '    "message": "RendezvousConnectionError: The connection to the C10d store has failed."',
            ["rendezvous-timeout"],
        ),
        ("        torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", ["cuda-oom"]),
        # A server's listening port taken is its configuration, not a rendezvous port.
        (
            "ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 9000): address already in use",
            ["server-port-in-use"],
        ),
        (
            "E0705 08:07:40.219789 79386 main.cc:245] failed to start GRPC service: Unavailable - Socket "
            "'0.0.0.0:18001' already in use ",
            ["server-port-in-use"],
        ),
        (
            "E0705 chttp2_server.cc:1080] UNKNOWN:No address added out of total 1 resolved for '0.0.0.0:18001' "
            '{children:[UNKNOWN:Address already in use {syscall:"bind", os_error:"Address already in use"}]}',
            ["server-port-in-use"],
        ),
        (
            "RuntimeError: The server socket has failed to listen on any local network address.",
            ["rendezvous-port-in-use"],
        ),
        (
            "Error: Invalid value for '--port': 'tcp://10.43.3.59:8000' is not a valid integer.",
            ["service-link-as-port"],
        ),
        (
            "ValueError: Total number of attention heads (40) must be divisible by tensor parallel size (6).",
            ["serving-parallel-size-invalid"],
        ),
        # Frameworks' own wording for failures that would otherwise read as the job's code.
        (
            "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : a.shape=(4, 1024), "
            "b.shape=(4, 3072), m=1024, n=3072, k=4",
            ["cublas-launch-failed"],
        ),
        (
            "RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6. Please "
            "update your jax and/or jaxlib packages.",
            ["packages-built-for-other-versions"],
        ),
        (
            "horovod.common.exceptions.HorovodVersionMismatchError: Framework tensorflow installed with version "
            "2.3.0 but found version 2.4.1.",
            ["packages-built-for-other-versions"],
        ),
        (
            "Exception: >- DeepSpeed Op Builder: Installed CUDA version 12.0 does not match the version torch was "
            "compiled with 11.7, unable to compile cuda/cpp extensions without a matching cuda version.",
            ["packages-built-for-other-versions"],
        ),
        (
            "lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build.",
            ["package-built-without-gpu-support"],
        ),
        # XLA failing an NCCL call: a collective failure, unless the NCCL library itself is missing.
        (
            "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL operation ncclCommInitRank(&comm, "
            "nranks, id, rank) failed: unhandled cuda error",
            ["xla-nccl-operation-failed"],
        ),
        (
            "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:133: NCCL operation ncclGetUniqueId(&id) failed: "
            "Unable to load NCCL library. Multi-GPU collectives will not work.",
            ["package-built-without-gpu-support"],
        ),
        (
            "RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting "
            "1800000ms for recv operation to complete",
            ["gloo-timeout"],
        ),
        (
            "ValueError: Expected parameter loc (Tensor of shape (128, 10)) of distribution Normal(loc: "
            "torch.Size([128, 10]), scale: torch.Size([128, 10])) to satisfy the constraint Real(), but found "
            "invalid values:",
            ["distribution-invalid-values"],
        ),
        (
            "wandb.errors.UsageError: api_key not configured (no-tty). call wandb.login(key=[your_api_key])",
            ["tracker-api-key-missing"],
        ),
        (
            "ConnectionError: Couldn't reach https://raw.githubusercontent.com/huggingface/datasets/1.2.1/datasets/"
            "race/race.py",
            ["hub-unreachable"],
        ),
        (
            "lightning_fabric.utilities.exceptions.MisconfigurationException: No supported gpu backend found!",
            ["cuda-no-device"],
        ),
        (
            "ValueError: The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA",
            ["package-built-without-gpu-support"],
        ),
        ("RuntimeError: Ninja is required to load C++ extensions", ["cuda-toolkit-missing"]),
        # ROCm's words for the same GPU faults; frameworks finding no usable GPU; missing credentials.
        ("hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", ["cuda-illegal-access"]),
        ("ValueError: fp16 mixed precision requires a GPU (not 'cpu').", ["cuda-no-device"]),
        (
            "RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False.",
            ["cuda-no-device"],
        ),
        ("botocore.exceptions.NoCredentialsError: Unable to locate credentials", ["cloud-credentials-missing"]),
        ("RuntimeError: Socket Timeout", ["rendezvous-timeout"]),
        (
            "ValueError: Connection error, and we cannot find the requested files in the cached path. Please try "
            "again or make sure your Internet connection is on.",
            ["hub-unreachable"],
        ),
        # XLA reporting that a peer went away is not itself an NCCL failure reading.
        (
            "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:297: NCCL operation ncclGroupEnd() failed: remote "
            "process exited or there was a network error",
            ["nccl-watchdog-timeout"],
        ),
        (
            "mlflow.exceptions.MlflowException: API request to endpoint /api/2.0/mlflow/runs/update failed with error "
            "code 403 != 200. Response body: ''",
            ["api-forbidden"],
        ),
        # Memory as Ray, Dask, TensorFlow's allocator and Paddle word it.
        (
            "ray.exceptions.RayOutOfMemoryError: More than 95% of the memory on node ip-10-0-0-1 is used (59.1 / 62.0 GB).",
            ["ray-memory-monitor"],
        ),
        ("distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting", ["dask-worker-memory-limit"]),
        (
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory [Op:AddV2]",
            ["tf-xla-oom"],
        ),
        (
            "ResourceExhaustedError: Cannot allocate 1.953125GB memory on GPU 0, 31.748535GB memory has been "
            "allocated and available memory is only 10.562500MB.",
            ["cuda-oom"],
        ),
        # Ray refusing an object store larger than /dev/shm is a full /dev/shm; its warning that
        # it falls back to /tmp (slower, but it runs) is not a failure.
        (
            "ValueError: The configured object store size (10.24 GB) exceeds /dev/shm size (8.0 GB). This will harm "
            "performance. Consider deleting files in /dev/shm or increasing its size with --shm-size in Docker.",
            ["ray-object-store-exceeds-shm"],
        ),
        (
            "WARNING services.py:2022 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm "
            "has only 67108864 bytes available. This will harm performance!",
            [],
        ),
        # The API server refusing the pod's service account, as the Python and Java clients
        # print it; other API errors stay exceptions of the code.
        ("kubernetes.client.exceptions.ApiException: (403)", ["k8s-api-forbidden"]),
        (
            'HTTP response body: {"kind":"Status","status":"Failure","message":"pytorchjobs.kubeflow.org is forbidden: '
            'User \\"system:serviceaccount:ml:default\\" cannot list resource \\"pytorchjobs\\" in API group '
            '\\"kubeflow.org\\" in the namespace \\"kubeflow\\"","reason":"Forbidden","code":403}',
            ["k8s-api-forbidden"],
        ),
        (
            "Failure executing: GET at: https://kubernetes.default.svc/api/v1/namespaces/spark/pods. Message: "
            "Forbidden!Configured service account doesn't have access. Service account may have been revoked.",
            ["k8s-api-forbidden"],
        ),
        # Inference servers refusing the flags they were started with are a bad command line, as
        # launchers' are; a user script's own argparse error stays the script's.
        ("vllm: error: unrecognized arguments: --enable-metrics", ["launcher-rejects-options"]),
        ("api_server.py: error: unrecognized arguments: --api-key", ["launcher-rejects-options"]),
        ("error: unexpected argument '--max-batch-size' found", ["launcher-rejects-options"]),
        ("tritonserver: unrecognized option '--model-store-x'", ["launcher-rejects-options"]),
        ("train.py: error: unrecognized arguments: --local-rank=0", ["script-argument-error"]),
        # Triton cannot find its model repository; find(1) walking past an unreadable directory
        # at start, and the 64MB SHMEM note of Triton's banner, are not failures.
        (
            "error: creating server: Internal - failed to stat file /triton-inference-server-2.1.0/docs/examples/"
            "model_repository",
            ["serving-model-path-missing"],
        ),
        ("find: '/usr/lib/ssl/private': Permission denied", []),
        ("mkdir: cannot create directory '/workspace/out': Permission denied", ["permission-denied"]),
        ("NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be", []),
        # huggingface_hub only warns that the disk is too small - the warning is the cause, not
        # noise; other UserWarnings stay noise.
        (
            "file_download.py:651: UserWarning: Not enough free disk space to download the file. The expected file "
            "size is: 4915.92 MB. The target location /models/blobs only has 748.94 MB free disk space.",
            ["no-space-left"],
        ),
        ("file_download.py:1132: FutureWarning: `resume_download` is deprecated", []),
        # A pool worker gone without an error of its own: killed, in a container for memory.
        (
            "RuntimeError: One of the subprocesses has abruptly died during map operation.To debug the error, "
            "disable multiprocessing.",
            ["worker-process-died-abruptly"],
        ),
        (
            "concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly "
            "while the future was running or pending.",
            ["worker-process-died-abruptly"],
        ),
        # The Git server refusing a checkout; mpirun's ssh to its workers stays a launch failure.
        ("git@github.com: Permission denied (publickey).", ["git-access-denied"]),
        ("fatal: Could not read from remote repository.", ["git-access-denied"]),
        ("root@train-worker-1: Permission denied (publickey).", ["mpi-launch-failed"]),
        # A semaphore's frame says where a bare ENOSPC happened: /dev/shm; other frames stay noise.
        ("    sl = self._semlock = _multiprocessing.SemLock(", ["shm-semaphore-no-space"]),
        ("    self._rlock = ctx.Lock()", []),
        # A launcher naming SIGBUS by its number; other signals are not a bus error.
        (
            "ERROR text_generation_launcher: Download process was signaled to shutdown with signal 7",
            ["bus-error"],
        ),
        (
            "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 11",
            ["hint-error-word"],
        ),
        ("kubernetes.client.exceptions.ApiException: (404)", ["python-exception"]),
        ("kubernetes.client.exceptions.ApiException: (409)", ["python-exception"]),
    ],
)
def test_a_line_means_its_most_specific_reading(line: str, expected: list[str]) -> None:
    assert builtin_catalogue().line_matcher.classify(line) == expected


def test_compiled_catalogue_is_current() -> None:
    """compiled.json spares every start-up parsing the YAML and ~150 patterns; it must be
    what the YAML says today."""
    from agent.engine.signatures import _sources, compiled_catalogue, read_catalogue_file

    texts, digest = _sources()
    fresh = [sig for name, text in texts for sig in read_catalogue_file(text, name).signatures]
    shipped = json.loads((Path(__file__).parents[3] / "agent" / "engine" / "signatures" / "compiled.json").read_text())
    expected = json.loads(json.dumps(compiled_catalogue(Catalogue(fresh), digest)))
    assert shipped == expected, "regenerate: python -m agent.engine.signatures"
    assert list(builtin_catalogue().signatures) == fresh
