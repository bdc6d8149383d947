"""The catalogue: built-in files are valid, user files extend, replace and disable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

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
    by_id = builtin_catalogue().by_id
    for sig in sigs:  # what a signature recasts is a log or status cause of the catalogue
        for target in sig.recasts or ():
            found = by_id.get(target)
            assert found is not None and found.kind == "cause" and found.where in ("log", "status"), (sig.id, target)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "x", "category": "nope", "where": "log", "pattern": "a"}, "not in the taxonomy"),
        ({"id": "x", "category": "gpu-oom", "where": "log"}, "needs a pattern"),
        ({"id": "x", "category": "gpu-oom", "where": "log", "pattern": "("}, "not a valid regular expression"),
        ({"id": "x", "kind": "noise", "where": "event", "reason": "A"}, "only log signatures can be noise"),
        (
            {"id": "x", "category": "nan-loss", "where": "event", "reason": "A", "despite_success": True},
            "despite_success applies to log and status causes only",
        ),
        (
            {"id": "x", "kind": "hint", "where": "log", "pattern": "a", "recasts": ["no-space-left"]},
            "recasts applies to log signatures with a category only",
        ),
        (
            {"id": "x", "category": "gpu-oom", "where": "log", "pattern": "a", "says_where": True},
            "says_where applies to noise only",
        ),
        (
            {"id": "x", "category": "gpu-oom", "where": "log", "pattern": "a", "exit_codes": [1]},
            "status signatures only",
        ),
        (
            {"id": "x", "category": "cuda-error", "where": "event", "reason": "A", "without_accelerators": True},
            "apply to log signatures only",
        ),
        (
            {
                "id": "x",
                "category": "cuda-error",
                "where": "log",
                "pattern": "a",
                "accelerators_only": True,
                "without_accelerators": True,
            },
            "exclude each other",
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


def test_lookaround_alternatives_are_bounded_across_the_rule_files(tmp_path: Path) -> None:
    """Each lookaround alternative is compiled on its own, so all a user's files together may
    hold MAX_LOOKAROUNDS: the signature that passes it is refused, named by file and place."""
    from agent.engine.signatures import MAX_LOOKAROUNDS

    def rules(name: str, first: int, count: int) -> Path:
        sigs = [
            {
                "id": f"{name}-{s}",
                "category": "application-error",
                "where": "log",
                "pattern": "|".join(f"k{s}x{i}(?!no)z" for i in range(first, first + 8)),
            }
            for s in range(count)
        ]
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump({"signatures": sigs}))
        return path

    assert MAX_LOOKAROUNDS == 64
    a, b = rules("a", 0, 4), rules("b", 100, 4)  # 32 + 32: at the bound
    assert read_catalogue_file(a.read_text(), "a.yaml").signatures
    c = rules("c", 200, 1)  # one signature more: 72
    with pytest.raises(CatalogueError) as err:
        load_catalogue([a, b, c, b])
    assert str(err.value).startswith(f"rules {c}: signatures signature 'c-0' pattern:")
    assert f"more than {MAX_LOOKAROUNDS} alternatives with a lookaround" in str(err.value)
    assert len(load_catalogue([a, b]).signatures) == len(builtin_catalogue().signatures) + 8


def test_pattern_text_is_bounded_across_the_rule_files(tmp_path: Path) -> None:
    """All a user's patterns together hold at most MAX_PATTERN_CHARS: the pattern past it is
    refused by file and signature, before the minutes 1 MiB of patterns would take to compile."""
    from agent.engine.signatures import MAX_PATTERN_CHARS

    def rules(name: str, count: int) -> Path:
        sigs = [
            {
                "id": f"{name}-{s}",
                "category": "application-error",
                "where": "log",
                "pattern": f"{name}{s:04d}" + "x" * 1994,
            }
            for s in range(count)
        ]
        path = tmp_path / f"{name}.yaml"
        path.write_text(yaml.safe_dump({"signatures": sigs}))
        return path

    assert MAX_PATTERN_CHARS == 65536
    a = rules("a", 30)  # 60,000 characters
    assert len(load_catalogue([a]).signatures) == len(builtin_catalogue().signatures) + 30
    with pytest.raises(CatalogueError) as err:
        load_catalogue([a, rules("b", 3)])  # the third pattern of b makes 66,000
    assert str(err.value).startswith(f"rules {tmp_path / 'b.yaml'}: signatures signature 'b-2' pattern:")
    assert "patterns hold more than 65,536 characters" in str(err.value)


def test_patterns_too_large_together_are_refused_when_the_rules_are_read(tmp_path: Path) -> None:
    """Each pattern passes on its own, but RE2 cannot hold them all in one set within its memory
    bound: refused as the files are read, naming them, not when the first log line is scanned."""
    sigs = [
        {
            "id": f"wide-{i}",
            "category": "application-error",
            "where": "log",
            "pattern": f"k{i}[^\\n]{{0,1000}}a[^\\n]{{0,1000}}b[^\\n]{{0,1000}}z",
        }
        for i in range(48)
    ]
    path = tmp_path / "wide.yaml"
    path.write_text(yaml.safe_dump({"signatures": sigs}))
    with pytest.raises(
        CatalogueError, match=r"^rules .*wide\.yaml: RE2 cannot compile the patterns together .*: write"
    ):
        load_catalogue([path])
    path.write_text(yaml.safe_dump({"signatures": sigs[:4]}))
    assert "wide-3" in load_catalogue([path]).by_id


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
        # Legacy torch's THC words: the code in brackets or after "error=", then the runtime's text.
        (
            "RuntimeError: cuda runtime error (30) : unknown error at /w/torch/lib/THC/THCGeneral.c:66",
            ["cuda-error-generic"],
        ),
        (
            "THCudaCheck FAIL file=/w/torch/lib/THC/THCGeneral.c line=70 error=30 : unknown error",
            ["cuda-error-generic"],
        ),
        ("RuntimeError: cuda runtime error (2) : out of memory at /w/THC/generic/THCStorage.cu:58", ["cuda-oom"]),
        ("THCudaCheck FAIL file=/w/THC/generic/THCStorage.cu line=58 error=2 : out of memory", ["cuda-oom"]),
        (
            "RuntimeError: cuda runtime error (59) : device-side assert triggered at /w/THC/THCCachingHostAllocator.cpp:265",
            ["device-side-assert"],
        ),
        (
            "indexSelectLargeIndex: block: [213,0,0], thread: [63,0,0] Assertion srcIndex < srcSelectDimSize failed. ",
            ["device-side-assert"],
        ),
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
        # On a bare socket the same errno is no volume's doing: a connection's.
        ("OSError: [Errno 107] Transport endpoint is not connected", ["exception-about-a-service"]),
        ("OSError: [Errno 116] Stale file handle: '/data/shards/00017.tar'", ["mount-lost-under-process"]),
        ("[rank0]: KeyError: 'input_ids'", ["python-exception"]),
        # srun --label and NeMo-run put the task number first.
        ("1: KeyError: 'input_ids'", ["python-exception"]),
        # A message a library prints indented under a bare `RuntimeError:` is read; the source
        # line of a frame that raises the same words is not.
        (
            "        CUDA Setup failed despite GPU being available. Please run the following command to get "
            "more information:",
            ["package-built-without-gpu-support"],
        ),
        ("    raise RuntimeError('CUDA Setup failed despite GPU being available')", []),
        # A message read before its exception's type: a connection to a service, a download, a
        # file to find, an extension to build, a rank waiting in the store for rank 0.
        ("RuntimeError: Failed to connect to the metadata server", ["connection-failed"]),
        ("Exception: Could not download model weights after 5 retries", ["connection-failed"]),
        ("RuntimeError: Failed to connect to the master at 10.0.0.1:29500", ["rendezvous-connect-timeout"]),
        (
            "[W socket.cpp:601] [c10d] The client socket has failed to connect to [trainer-master-0]:29500 "
            "(errno: 22 - Invalid argument).",
            ["rendezvous-connect-timeout"],
        ),
        ("ValueError: Unable to find checkpoint at s3://bucket/run/ckpt-1000", ["named-file-missing"]),
        ("INFO: No checkpoint found, starting from scratch", []),
        (
            "RuntimeError: [1] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d "
            "key-value store by key '0', but store->get('0') got error: Socket Timeout",
            ["rendezvous-timeout"],
        ),
        # Other wordings of readings the catalogue has: a driver PyTorch or nvidia-smi cannot
        # reach, a DataLoader worker's segfault, a shared-memory mapping, an apt package, NumPy 2
        # under a torch built for NumPy 1, NCCL's numbered errors and XLA's NCCL operations.
        ("RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.", ["cuda-no-device"]),
        (
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the "
            "latest NVIDIA driver is installed and running.",
            ["cuda-no-device"],
        ),
        ("ERROR: Unexpected segmentation fault encountered in worker.", ["segfault"]),
        ("*** Received signal 11 ***", ["segfault"]),
        (
            "RuntimeError: unable to mmap 1024 bytes from file </torch_123_456>: Cannot allocate memory (12)",
            ["shm-no-space"],
        ),
        ("E: Unable to locate package libgl1", ["pip-requirement-rejected"]),
        ("RuntimeError: Numpy is not available", ["version-requirement"]),
        (
            "jinja2.exceptions.TemplateSyntaxError: Encountered unknown tag 'trans'. Jinja was looking for the "
            "following tags: 'endblock'. The innermost block that needs to be closed is 'block'.",
            ["jinja-i18n-tags-unknown"],
        ),
        # Any other unknown tag is a template's own mistake, not the i18n extension missing.
        ("jinja2.exceptions.TemplateSyntaxError: Encountered unknown tag 'endfro'.", ["python-exception"]),
        ("RuntimeError: NCCL Error 3: internal error", ["nccl-system-error"]),
        # NCCL's bare "unhandled cuda error" names no CUDA cause: NCCL's error; its WARN naming one decides.
        ("RuntimeError: NCCL Error 1: unhandled cuda error", ["nccl-error-in"]),
        ("  what():  NCCL Error 1: unhandled cuda error", ["nccl-error-in"]),
        ("misc/alloc.h:102 NCCL WARN Cuda failure 1 'invalid argument'", ["nccl-cuda-call-failed"]),
        # A glog check that failed on a socket the peer reset is the lost connection, not a library bug.
        (
            "F0308 17:17:08.399897 46342 SocketChannel.cpp:54] Check failed: len >= 0  peer=10.0.0.7: Connection "
            "reset by peer [104]",
            ["peer-connection-lost"],
        ),
        ("F0722 15:32:09.880 742 file.cc:12] Check failed: n > 0 (0 vs. 0)", ["native-fatal-check"]),
        ("wget: unable to resolve host address 'files.example.com'", ["dns-failure"]),
        ("RuntimeError: Error building extension 'fused_adam'", ["cuda-toolkit-missing"]),
        (
            "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time "
            "error: custom call 'xla.gpu.all_reduce' failed: NCCL operation ncclAllReduce(send_buffer, "
            "recv_buffer, element_count, dtype, reduce_op, comm, se::gpu::AsCUstream(stream)) failed: unhandled "
            "cuda error",
            ["xla-nccl-operation-failed"],
        ),
        # A framework's own exception no signature reads is read by the words of its message
        # (the GPU, a service, a version, a file) rather than as the job's own bug; a KeyError's
        # message is a key, and words about tensors and layers stay the job's own.
        (
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions",
            ["cuda-no-device"],
        ),
        ("RuntimeError: Kernel needs sm_90a, not available on this GPU", ["exception-about-the-gpu"]),
        ("RuntimeError: Failed to retrieve the token from the metadata endpoint", ["exception-about-a-service"]),
        ("ValueError: This checkpoint was saved by a newer version of the library", ["exception-about-a-version"]),
        ("ImportError: package flash_attn is not installed", ["import-error"]),
        ("RuntimeError: shard 00012 of the index is truncated", ["exception-about-a-file"]),
        ("EOFError: Ran out of input", ["exception-about-a-file"]),  # pickle reading an empty file
        ("KeyError: 'version'", ["python-exception"]),
        (
            'ValueError: Input 0 of layer "item_tower" is incompatible with the layer: expected axis -1 of input '
            "shape to have value 256, but received input with shape (None, 128)",
            ["shape-mismatch"],  # Keras' input check: the job's own, read as the shapes it names
        ),
        ("ValueError: Target modules ['q_proj', 'v_proj'] not found in the base model.", ["python-exception"]),
        # A bare assert says what it checked, not that shapes disagree; what it checked decides when known.
        ("AssertionError: k,v = url, /data/shards/train-000.tar", ["assertion-failed"]),
        ("AssertionError: size mismatch between weight and input", ["shape-mismatch"]),
        # A bare AssertionError's last frame shows the statement that failed: that source line is
        # read, behind a launcher's prefix too; other source lines stay traceback noise.
        ("    assert (count_mat == 0).sum() == 0", ["assertion-failed"]),
        ("[rank0]:     assert len(batch) == world_size", ["assertion-failed"]),
        ("    return self._run_forward(data, mode='predict')  # type: ignore", []),
        ("    asserted = check(batch)", []),
        # A port taken: a server's own (Python's socket, ZeroMQ) or the rendezvous store's.
        ("OSError: [Errno 98] Address already in use", ["server-port-in-use"]),
        ("zmq.error.ZMQError: Address already in use (addr='tcp://*:5557')", ["server-port-in-use"]),
        ("RuntimeError: Address already in use", ["rendezvous-port-in-use"]),
        (
            "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network "
            "address. port: 29500, useIPv6: 0, code: -98, name: EADDRINUSE, message: address already in use",
            ["rendezvous-port-in-use"],
        ),
        ("    torch.cuda.OutOfMemoryError(msg) if oom else CUDA out of memory", []),
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
        # Habana's Gaudi runtime names the module whose device-memory allocation failed.
        (
            "RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB",
            ["xla-device-memory-exhausted"],
        ),
        (
            "RuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of size ::14493510400 failed!",
            ["xla-device-memory-exhausted"],
        ),
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
            "pcclConnect failed with error: MASTER_CONNECTION_FAILED: MASTER_CONNECTION_FAILED",
            ["rendezvous-connect-timeout"],
        ),
        # The source line where a rendezvous creates its c10d store is a hint (not a frame's noise), even
        # when it passes a timeout; the bare socket error after it is the exception line's own reading.
        (
            "    store = TCPStore(master_addr, master_port, world_size, start_daemon)",
            ["rendezvous-store-creation-frame"],
        ),
        (
            "    store = TCPStore(master_addr, master_port, world_size, start_daemon, timeout)",
            ["rendezvous-store-creation-frame"],
        ),
        ("RuntimeError: Connection timed out", ["exception-about-a-service"]),
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
        # Gloo's exception where nothing catches it, and its message; the rendezvous backend's own
        # failure; Hydra unable to start its proxies; NCCL's failed completion naming the peer.
        ("terminate called after throwing an instance of 'gloo::TimeoutException'", ["gloo-timeout"]),
        # A monitored barrier blaming another rank is a waiting rank's complaint, also on the
        # exception line a generic reading would call the job's own error.
        (
            "RuntimeError: Rank 1 successfully reached monitoredBarrier, but received errors while waiting for "
            "send/recv from rank 0. Please check rank 0 logs for faulty rank.",
            ["gloo-monitored-barrier-failed"],
        ),
        (
            "RuntimeError: [Rank 0]: Ranks 1, 3 failed to pass monitoredBarrier in 1800000 ms",
            ["gloo-monitored-barrier-failed"],
        ),
        ("dist.monitored_barrier(timeout=timedelta(seconds=30))", ["hint-timeout-word"]),
        (
            "  what():  [/paddle/third_party/gloo/gloo/transport/tcp/pair.cc:587] TIMEOUT self_rank = 0 pair_rank = 1 "
            "peer_str = [172.16.32.105]:36265",
            ["gloo-timeout"],
        ),
        ("etcd.EtcdKeyNotFound: Key not found : /torch/elastic/store", ["rendezvous-backend-error"]),
        ("torch.distributed.elastic.rendezvous.api.RendezvousClosedError", ["rendezvous-closed"]),
        # XGBoost's rabit cannot resolve its tracker (the master's name, before the master runs).
        ("cannot obtain address of xgboostjob-iris-ci-test-master-0", ["master-address-unresolved"]),
        (
            "[mpiexec@mpi-test-launcher-0] check_exit_codes (../../../../../src/pm/i_hydra/libhydra/demux/"
            "hydra_demux_poll.c:117): unable to run bstrap_proxy on mpi-test-worker-0.mpi-test (pid 247, exit code "
            "65280)",
            ["mpi-launch-failed"],
        ),
        # The launcher giving up: Open MPI 4 (ORTE), Open MPI 5 (PRTE), Hydra.
        ("ORTE was unable to reliably start one or more daemons.", ["mpi-launch-gave-up"]),
        ("PRTE has lost communication with a remote daemon.", ["mpi-launch-gave-up"]),
        (
            "[mpiexec@hb120v3-3] HYD_print_bstrap_setup_error_message (../../../../../src/pm/i_hydra/mpiexec/intel/"
            "i_mpiexec.c:1015): error setting up the bootstrap proxies",
            ["mpi-launch-gave-up"],
        ),
        (
            "w-1:4654:5666 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.3.0.61<39430> "
            "with error 12, opcode 129, len 0, vendor err 129 (Recv) localGid ::ffff:10.3.16.3 remoteGid "
            "::ffff:10.3.16.61",
            ["nccl-ib-completion-error"],
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
        # The HTTP proxy refusing or failing a download: its 403/407 on the CONNECT is the proxy's,
        # not the service's (not api-forbidden); wget relaying the proxy's error answer; Go's dial.
        (
            "requests.exceptions.ProxyError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries "
            "exceeded with url: /gpt2/resolve/main/config.json (Caused by ProxyError('Cannot connect to proxy.', "
            "OSError('Tunnel connection failed: 403 Forbidden')))",
            ["proxy-refused"],
        ),
        ("OSError('Tunnel connection failed: 407 Proxy Authentication Required')", ["proxy-refused"]),
        ("Proxy request sent, awaiting response... 502 Bad Gateway", ["proxy-refused"]),
        (
            'Post "https://example.com/info/lfs/objects/batch": proxyconnect tcp: dial tcp 10.0.0.5:3128: '
            "connect: connection refused",
            ["proxy-refused"],
        ),
        ("HTTP request sent, awaiting response... 500 Internal Server Error", ["http-server-error"]),
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
        # The verbs provider's own word for a failed RDMA completion, under Ray's prefix; the
        # NIC driver's kernel messages are not it.
        (
            "(RayWorkerWrapper pid=92234, ip=172.19.24.110) mlx5: host_unknown: got completion with error: "
            "[repeated 2x across cluster]",
            ["nccl-ib-error"],
        ),
        ("mlx5_core 0000:81:00.0: E-Switch: Enable: mode(LEGACY), nvfs(0), active vports(0)", []),
        # A batch scheduler's wall-clock limit is a deadline, not someone's SIGTERM; scancel is;
        # a preemption is neither.
        (
            "slurmstepd: error: *** STEP 55595933.0 ON gpu-node-3017 CANCELLED AT 2025-01-10T15:27:25 DUE TO TIME "
            "LIMIT ***",
            ["batch-scheduler-time-limit"],
        ),
        ("=>> PBS: job killed: walltime 86420 exceeded limit 86400", ["batch-scheduler-time-limit"]),
        (
            "slurmstepd: error: *** JOB 3456 ON node-12 CANCELLED AT 2024-05-02T10:11:12 ***",
            ["batch-scheduler-cancelled"],
        ),
        (
            "slurmstepd: error: *** JOB 3456 ON node-12 CANCELLED AT 2024-05-02T10:11:12 DUE TO PREEMPTION ***",
            ["hint-error-word"],
        ),
        # The c10d client retrying a store that answers nothing.
        (
            "[W822 03:54:49.636977195 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=15, "
            "addr=[job-node-0-1.job]:60560, remote=[job-node-0-0.job]:29500): failed to recv, got 0 bytes",
            ["store-connection-lost"],
        ),
        # A GPU older than the code needs, as FlashAttention, vLLM (bf16) and ptxas say it.
        ("RuntimeError: FlashAttention only supports Ampere GPUs or newer.", ["gpu-architecture-unsupported"]),
        (
            "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla "
            "V100-SXM2-32GB GPU has compute capability 7.0.",
            ["gpu-architecture-unsupported"],
        ),
        (
            "ptxas /tmp/tmpx.ptx, line 310; error   : Feature '.bf16' requires .target sm_80 or higher",
            ["gpu-architecture-unsupported"],
        ),
        # A kernel asking more of a block's resources than the GPU has - not device memory, not
        # /dev/shm; torch.compile's autotuner trying and dropping such configurations is not it.
        (
            "triton.runtime.autotuner.OutOfResources: out of resource: shared memory, Required: 663808, Hardware "
            "limit: 101376. Reducing block sizes or `num_stages` may help.",
            ["gpu-kernel-out-of-resources"],
        ),
        ("RuntimeError: CUDA error: too many resources requested for launch", ["gpu-kernel-out-of-resources"]),
        (
            "E0912 11:54:57.366000 1121181 torch/_inductor/select_algorithm.py:2100] [7/0] No valid triton configs. "
            "OutOfResources: out of resource: shared memory, Required: 131072, Hardware limit: 101376. Reducing "
            "block sizes or `num_stages` may help.. ",
            [],
        ),
        # CUDA that cannot count the node's GPUs: the node, not the code.
        (
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before "
            "calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized",
            ["cuda-no-device"],
        ),
        # Diverged training: sampling from NaN logits, and trainers that stop themselves (and may
        # exit 0); a skipped step, or early stopping on a finite metric, is not it.
        (
            "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0",
            ["nan-probabilities-sampled"],
        ),
        (
            "[host-0] 2026-07-08 03:44:40,497 (trainer:404) WARNING: The gradients at all steps are invalid in this "
            "epoch. Something seems wrong. This training was stopped at 2epoch",
            ["training-stopped-on-nan"],
        ),
        ("Batch 1882: Invalid loss, terminating training", ["training-stopped-on-nan"]),
        (
            "Monitored metric val_loss = nan is not finite. Previous best value was 0.693. Signaling Trainer to stop.",
            ["training-stopped-on-nan"],
        ),
        (
            "Monitored metric val_loss did not improve in the last 3 records. Best score: 0.412. Signaling Trainer "
            "to stop.",
            [],
        ),
        ("(trainer:582) WARNING: The grad norm is nan. Skipping updating the model.", []),
        # A file that is there but not whole (an incomplete download, a git-lfs pointer).
        (
            "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
            ["file-truncated-or-corrupt"],
        ),
        (
            "safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer",
            ["file-truncated-or-corrupt"],
        ),
        ("_pickle.UnpicklingError: invalid load key, 'v'.", ["file-truncated-or-corrupt"]),
        # tokenizers building a fast tokenizer from a tokenizer.json that is a pointer, a page or empty.
        ("Exception: expected value at line 1 column 1", ["file-truncated-or-corrupt"]),
        ("Exception: EOF while parsing a value at line 1 column 0", ["file-truncated-or-corrupt"]),
        # Saving a checkpoint in the zip format is not reading one.
        ("Saving model checkpoint to /out/checkpoint-500 (zip archive format)", []),
        # A GPU generation older than the feature asked for.
        ("RuntimeError: FlashAttention only supports Ampere GPUs or newer.", ["gpu-architecture-unsupported"]),
        (
            "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0",
            ["gpu-architecture-unsupported"],
        ),
        (
            "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU "
            "has compute capability 7.5.",
            ["gpu-architecture-unsupported"],
        ),
        # A library saying it will not use FlashAttention is not a failure.
        ("FlashAttention2 is disabled on this GPU, using sdpa attention instead", []),
        # Out of file descriptors.
        ("OSError: [Errno 24] Too many open files", ["open-files-exhausted"]),
        ("RuntimeError: received 0 items of ancdata", ["open-files-exhausted"]),
        ("fs.inotify.max_user_instances raised; open files limit is 1048576", []),
        # An extension whose operators never registered: built for another torch.
        ("RuntimeError: operator torchvision::nms does not exist", ["packages-built-for-other-versions"]),
        ("RuntimeError: No such operator torchvision::nms", ["packages-built-for-other-versions"]),
        (
            "NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.",
            ["packages-built-for-other-versions"],
        ),
        # Spark and Hadoop saying an input path is missing.
        (
            'Exception in thread "main" org.apache.spark.sql.AnalysisException: LOAD DATA input path does not '
            "exist: examples/src/main/resources/kv1.txt",
            ["file-not-found"],
        ),
        (
            "pyspark.errors.exceptions.captured.AnalysisException: [PATH_NOT_FOUND] Path does not exist: "
            "s3a://datasets/events/2026-09-01.",
            ["file-not-found"],
        ),
        # A download cut off part way.
        (
            "requests.exceptions.ChunkedEncodingError: ('Connection broken: IncompleteRead(11082547 bytes read, "
            "1170628640 more expected)', IncompleteRead(11082547 bytes read, 1170628640 more expected))",
            ["connection-failed"],
        ),
        (
            "urllib.error.ContentTooShortError: <urlopen error retrieval incomplete: got only 52428800 out of "
            "102502400 bytes>",
            ["connection-failed"],
        ),
        # pip retrying a connection is not yet a broken download.
        ("Collecting numpy (from -r requirements.txt (line 3))", []),
        # Exceptions whose class is not named ...Error still end a traceback.
        (
            "pyarrow.lib.ArrowInvalid: Column 1 named input_ids expected length 599 but got length 1500",
            ["python-exception"],
        ),
        ("ray.exceptions.RayTaskError(ValueError): ray::_Inner.train() (pid=812, ip=10.0.0.1)", ["python-exception"]),
        ("torch._dynamo.exc.Unsupported: call_function BuiltinVariable(open)", ["python-exception"]),
        # A Java logger's class name is not an exception.
        ("22/12/21 05:30:47 INFO Executor: Starting executor ID 3 on host 10.244.7.19", []),
        # Hydra refusing an override from the command line.
        ("Could not override 'trainer.gpus'.", ["script-argument-error"]),
        ("Key 'gpus' is not in struct", ["script-argument-error"]),
        # conda and mamba unable to solve an environment file.
        (
            "PackagesNotFoundError: The following packages are not available from current channels:",
            ["pip-requirement-rejected"],
        ),
        ("Solving environment: ...working... done", []),
        # A class missing from the JVM's classpath.
        (
            'Exception in thread "main" java.lang.RuntimeException: java.lang.ClassNotFoundException: Class '
            "org.apache.hadoop.fs.s3a.S3AFileSystem not found",
            ["import-error"],
        ),
        # A checkpoint the job cannot find, said the other way round.
        ("ValueError: Can't find a valid checkpoint at ./output/checkpoint-500", ["named-file-missing"]),
        ("Found checkpoint at ./output/checkpoint-500, resuming", []),
        # A data loader's own check on the folder its option names.
        ("NameError: dataroot does not exist", ["named-file-missing"]),
        ("ValueError: data_dir /mnt/data/train does not exist", ["named-file-missing"]),
        ("INFO: data_root exists, found 1200 samples", []),
        # A library built for a newer runtime than the image has.
        (
            "XGBoostError: XGBoost Library (libxgboost.so) could not be loaded.",
            ["shared-library-missing"],
        ),
        (
            "Error message(s): [\"/usr/lib/x86_64-linux-gnu/libgomp.so.1: version `GOMP_4.0' not found (required by "
            'xgboost/lib/libxgboost.so)"]',
            ["shared-library-missing"],
        ),
        # A downloader giving up after its retries.
        (
            "RuntimeError: Download from https://paddleocr.bj.bcebos.com/PP-OCRv3/english/en_PP-OCRv3_det_infer.tar "
            "failed. Retry limit reached",
            ["connection-failed"],
        ),
        # A tokenizer class the installed transformers does not have yet.
        (
            "ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.",
            ["library-too-old-for-model"],
        ),
        # A local model directory without its weights file.
        (
            "OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack found "
            "in directory gpt2-l.",
            ["model-files-missing"],
        ),
        # aiohttp unable to connect (datasets streaming, fsspec).
        (
            "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host huggingface.co:443 ssl:default "
            "[None]",
            ["connection-failed"],
        ),
        # The GCE metadata server failing to hand out a token.
        (
            'google.auth.exceptions.RefreshError: ("Failed to retrieve http://metadata.google.internal/computeMetadata/'
            "v1/instance/service-accounts/default/token from the Google Compute Engine metadata service. Status: 500 "
            "Response:\\nb'Internal Server Error'\")",
            ["http-server-error"],
        ),
        # urllib's HTTPError from a dataset download: its traceback's last line, and its repr in the
        # line a tuner writes for the failed trial.
        ("urllib.error.HTTPError: HTTP Error 522: Origin Connection Time-out", ["http-server-error"]),
        (
            "0it [00:00, ?it/s][W 2021-03-23 11:49:21,342] Setting status of trial#4 as TrialState.FAIL because of "
            "the following error: <HTTPError 522: 'Origin Connection Time-out'>",
            ["http-server-error"],
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
        # argparse's error under a prog that is the parser's description, not a file name.
        ("iColoriT training scripts: error: unrecognized arguments: --local-rank=0", ["script-argument-error"]),
        (
            "DETR training and evaluation script: error: the following arguments are required: --coco_path",
            ["script-argument-error"],
        ),
        ("[rank0]: MAE pre-training: error: argument --epochs: invalid int value: 'x'", ["script-argument-error"]),
        # A sub-command argparse does not know, as Python before 3.9 words it (no "argument {..}: ").
        (
            "prepare.py: error: invalid choice: 'sample.vcf' (choose from 'paired', 'single')",
            ["script-argument-error"],
        ),
        (
            "train.py: error: argument {imagenet}: invalid choice: 'waifu2x' (choose from 'imagenet')",
            ["script-argument-error"],
        ),
        ("torchrun: error: the following arguments are required: training_script", ["launcher-rejects-options"]),
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
        # An assert statement's frame says what a bare AssertionError checked; other frames stay noise.
        ("    assert gradient_accumulation_steps % world_size == 0", ["assertion-failed"]),
        ("[rank0]:     assert len(batch) > 0", ["assertion-failed"]),
        ("    assertion_level = config.level", []),
        # A launcher naming the signal by its number: 7 a bus error, 11 a segmentation fault,
        # 4 an illegal instruction, 9 a SIGKILL (the kernel's OOM killer, in a container).
        (
            "ERROR text_generation_launcher: Download process was signaled to shutdown with signal 7",
            ["bus-error"],
        ),
        (
            "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 11",
            ["segfault"],
        ),
        (
            "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 4 rank=0",
            ["native-crash"],
        ),
        (
            "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 9 rank=1",
            ["child-sigkill"],
        ),
        (
            "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 42",
            ["hint-error-word"],
        ),
        # NIXL's KV-cache transfers between serving instances failing.
        ("RuntimeError: BAD_STATUS", ["nixl-transfer-failed"]),
        ("nixl._bindings.nixlRemoteDisconnectError: NIXL_ERR_REMOTE_DISCONNECT", ["nixl-transfer-failed"]),
        # A server's launcher waiting for its workers; a symptom, only when nothing else speaks.
        (
            "2024-05-01T01:19:12.618479Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be ready... "
            "rank=1",
            ["server-waits-for-its-workers"],
        ),
        # Verbs providers probed and missing: libibverbs and NCCL go on with what the node has. A
        # verbs device that exists and cannot be opened, or a program that cannot load the library,
        # stays a failure.
        (
            "libibverbs: Warning: couldn't load driver 'libipathverbs-rdmav25.so': libipathverbs-rdmav25.so: "
            "cannot open shared object file: No such file or directory",
            [],
        ),
        ("node01:3384:3384 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]", []),
        ("ImportError: libibverbs.so.1: cannot open shared object file: No such file or directory", ["import-error"]),
        # The dynamic linker's own words for a library the image lacks, or has too old (its quote
        # pasted straight as often as not): a library missing, not a file the job names.
        (
            "/llama-server: error while loading shared libraries: libcuda.so.1: cannot open shared object file: "
            "No such file or directory",
            ["shared-library-missing"],
        ),
        (
            "Failed to load shared library '/usr/lib/libllama.so': /usr/lib/x86_64-linux-gnu/libstdc++.so.6: "
            "version 'GLIBCXX_3.4.29' not found (required by /usr/lib/libllama.so)",
            ["shared-library-missing"],
        ),
        # The loader's other refusals: an empty placeholder where a mounted library should be, a
        # library built for another architecture.
        (
            "imagenet: error while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.8: "
            "file too short",
            ["shared-library-missing"],
        ),
        (
            "./server: error while loading shared libraries: /opt/lib/libfoo.so.1: wrong ELF class: ELFCLASS32",
            ["shared-library-missing"],
        ),
        ("OSError: /models/libmyplugins.so: invalid ELF header", ["shared-library-missing"]),
        ("cat: /data/train.csv: No such file or directory", ["file-not-found"]),
        ("host-0:80744:80744 [1] misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed", ["nccl-ib-error"]),
        # W&B saying its network came back, glued to a progress bar.
        (
            "832:  64%|| 1192/1860 [04:49<02:49,  3.94it/s]wandb: Network error resolved after 0:01:10.030828, "
            "resuming normal operation.",
            [],
        ),
        # W&B's main thread giving up on setting the run up with its service: the failure itself,
        # not the background noise of its other "wandb: ERROR" lines.
        ("wandb: ERROR Error communicating with wandb process", ["connection-failed"]),
        ("wandb: ERROR Run initialization has timed out after 90.0 sec. ", ["connection-failed"]),
        ("wandb: ERROR For more info see: https://docs.wandb.ai/library/init#init-start-error", []),
        ("kubernetes.client.exceptions.ApiException: (404)", ["python-exception"]),
        ("kubernetes.client.exceptions.ApiException: (409)", ["python-exception"]),
        # An app's call to its inference server answered "unavailable" (or by a gateway), in the
        # words of the Ollama, LangChain and OpenAI clients; an answer that names another cause
        # (Ollama's 500 for a model too large) is not a network problem.
        ("ollama._types.ResponseError: (status code: 503)", ["llm-api-unavailable"]),
        ("ValueError: Ollama call failed with status code 502. Details: <html>", ["llm-api-unavailable"]),
        (
            "openai.InternalServerError: Error code: 503 - {'error': {'message': 'Service Unavailable'}}",
            ["llm-api-unavailable"],
        ),
        ("openai.APIConnectionError: Connection error.", ["llm-api-unavailable"]),
        (
            "ollama._types.ResponseError: model requires more system memory (9.1 GiB) than is available (7.6 GiB) "
            "(status code: 500)",
            ["python-exception"],
        ),
        # A model server's loader refusing the model it serves on without: the loader's error is
        # the cause, and a missing file reads as one.
        (
            '{"channel": "MODEL-LOADER", "exception": null, "level": "error", "log_code": "<RUN62912924E>", '
            '"message": "load failed when processing path: /opt/models/m with error: ValueError(\'value check '
            "failed: Cannot run model /opt/models/m/artifacts with TGIS locally since it has no base artifacts')\"}",
            ["serving-model-load-failed-kept-serving"],
        ),
        (
            '{"channel": "MODEL-LOADER", "level": "error", "log_code": "<RUN98613924E>", "message": "load failed to '
            "find model: /mnt/models/artifacts with error: FileNotFoundError('Module load path "
            "`/mnt/models/artifacts` does not contain a `config.yml` file.')\"}",
            ["serving-model-file-missing-kept-serving"],
        ),
        # CUDA's sticky kernel faults leave the context unusable (counted from a running process
        # among its last lines); the other CUDA runtime errors do not.
        ("  what():  CUDA error: an illegal memory access was encountered", ["cuda-context-corrupted"]),
        ("CUDA error 700 at ggml-cuda.cu:6963: an illegal memory access was encountered", ["cuda-context-corrupted"]),
        ("RuntimeError: CUDA error: unspecified launch failure", ["cuda-context-corrupted"]),
        ("Memory access fault by GPU node-2 (Agent handle: 0x55d2) on address 0x7fc1.", ["cuda-context-corrupted"]),
        (
            "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle)`",
            ["cuda-illegal-access"],
        ),
        ("CUDA error: no kernel image is available for execution on the device", ["cuda-illegal-access"]),
        # cudaErrorInvalidDeviceFunction in a project's own error-check frame (kernels built for other GPUs).
        ("    Error text: invalid device function", ["cuda-illegal-access"]),
        (
            "Check failed: error == cudaSuccess (8 vs. 0)  invalid device function",
            ["cuda-illegal-access"],
        ),
        # Lightning's TPU probe finding none (one host of a TPU Pod), and the Neuron runtime unable to
        # reach a device: no driver, a driver too old, no device, no runtime daemon.
        (
            "pytorch_lightning.utilities.exceptions.MisconfigurationException: No TPU devices were found.",
            ["tpu-not-found"],
        ),
        (
            "2022-Mar-29 07:07:29.0082    11:11    ERROR   NRT:nrt_init    Unable to determine Neuron Driver "
            "version. Please check aws-neuron-dkms package is installed.",
            ["neuron-no-device"],
        ),
        (
            "2021-Aug-11 19:18:21.0661 24616:24616 ERROR NRT:nrt_init This runtime requires Neuron Driver version "
            "2.0 or greater. Please upgrade aws-neuron-dkms package.",
            ["neuron-no-device"],
        ),
        ("ERROR  TDRV:tdrv_get_dev_info                       No neuron device available", ["neuron-no-device"]),
        (
            "RuntimeError: Neuron runtime cannot be initialized; cannot determine the number of available NeuronCores",
            ["neuron-no-device"],
        ),
        (
            "The Neuron Runtime GRPC server at address unix:/sock/neuron.sock is unavailable. Is neuron-rtd running? "
            "Is socket /sock/neuron.sock writable?",
            ["neuron-no-device"],
        ),
        # OpenVINO Model Server refusing its config.json (JSON its release's schema does not accept, or
        # not JSON); its "Configuration file is invalid" names a file it could not open, which is not this.
        (
            "[2021-07-05 12:42:10.545][1][serving][error][schema.cpp:333] Given config is invalid according to "
            "schema: #/definitions/model_config/properties/config. Keyword: additionalProperties Key: "
            "#/model_config_list/0/config/layout",
            ["serving-model-config-unparsable"],
        ),
        (
            "[2024-01-10 08:00:01.100][1][modelmanager][error][modelmanager.cpp:420] Configuration file is not a "
            "valid JSON file.",
            ["serving-model-config-unparsable"],
        ),
        (
            "[modelmanager][error][modelmanager.cpp:533] Configuration file is not in valid configuration format",
            ["serving-model-config-unparsable"],
        ),
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


@pytest.mark.parametrize(
    ("reason", "message", "expected"),
    [
        # A scheduler extender or plugin that filters by a namespace's quota, not the nodes' room.
        ("FailedScheduling", "0/2 nodes are available: 2 ExceedsGPUQuota.", ["scheduling-quota-filter"]),
        (
            "FailedScheduling",
            "Pod team-a/train-0 is rejected in Prefilter because ElasticQuota team-a is more than Max",
            ["scheduling-quota-filter"],
        ),
        ("FailedScheduling", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.", ["failed-scheduling"]),
        (
            "FailedScheduling",
            "0/1 nodes are available: 1 node(s) had untolerated taint {gpu: }. preemption: 0/1 nodes are "
            "available: 1 Preemption is not helpful for scheduling..",
            ["failed-scheduling"],
        ),
        # The sandbox (pause) image is pulled like any other; a network plugin failing is not a pull.
        (
            "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/'
            'pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to pull and unpack image '
            '"registry.k8s.io/pause:3.9": failed to resolve reference "registry.k8s.io/pause:3.9": dial tcp: i/o timeout',
            ["sandbox-image-pull-failed"],
        ),
        (
            "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed pulling image "k8s.gcr.io/pause:3.2": '
            "Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled",
            ["sandbox-image-pull-failed"],
        ),
        (
            "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/'
            'pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to pull and unpack image '
            '"registry.k8s.io/pause:3.9": failed to extract layer sha256:61fec91190a0: write /var/lib/containerd/'
            "io.containerd.snapshotter.v1.overlayfs/snapshots/12/fs/pause: no space left on device: unknown",
            ["image-pull-node-disk-full"],
        ),
        (
            "FailedCreatePodSandBox",
            'rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="calico" failed',
            [],
        ),
        # A plain-HTTP registry the node's runtime was not told is insecure.
        (
            "Failed",
            'Failed to pull image "10.0.0.5:5000/app:1.0": rpc error: code = Unknown desc = failed to pull and unpack '
            'image "10.0.0.5:5000/app:1.0": failed to resolve reference "10.0.0.5:5000/app:1.0": failed to do request: '
            "Head https://10.0.0.5:5000/v2/app/manifests/1.0: http: server gave HTTP response to HTTPS client",
            ["image-pull-unreachable"],
        ),
        # "Does not exist or may require a login" names no one cause; a reason the registry adds does.
        (
            "Failed",
            'Failed to pull image "occlusion_net": rpc error: code = Unknown desc = Error response from daemon: pull '
            "access denied for occlusion_net, repository does not exist or may require 'docker login': denied: "
            "requested access to the resource is denied",
            ["image-pull-denied-or-missing"],
        ),
        (
            "Failed",
            'Failed to pull image "123.dkr.ecr.us-east-1.amazonaws.com/train:1": failed to pull and unpack image: '
            "pull access denied, repository does not exist or may require authorization: authorization failed: no "
            "basic auth credentials",
            ["image-pull-unauthorized"],
        ),
        # A batch scheduler's own eviction, to make room for another job.
        ("Evict", "Pod is evicted, because of preempt", ["batch-scheduler-evicted"]),
        ("Evict", "Pod is evicted, because of reclaim", ["batch-scheduler-evicted"]),
        ("Evicted", "The node was low on resource: memory. ", ["evicted-event"]),
    ],
)
def test_an_event_means_its_most_specific_reading(reason: str, message: str, expected: list[str]) -> None:
    from agent.engine.findings import best

    assert [s.id for s in best(builtin_catalogue().where("event"), text=message, reason=reason)] == expected


@pytest.mark.parametrize(
    ("subject", "reason", "text", "expected"),
    [
        (
            "PodScheduled",
            "Unschedulable",
            "0/2 nodes are available: 2 ExceedsGPUQuota.",
            ["scheduling-quota-filter-status"],
        ),
        ("PodScheduled", "Unschedulable", "0/5 nodes are available: 5 Insufficient cpu.", ["pod-unschedulable"]),
        ("Ready", "Evict", "Pod is evicted, because of preempt", ["batch-scheduler-evicted-status"]),
    ],
)
def test_a_status_means_its_most_specific_reading(subject: str, reason: str, text: str, expected: list[str]) -> None:
    from agent.engine.findings import best

    sigs = builtin_catalogue().where("status")
    assert [s.id for s in best(sigs, text=text, reason=reason, subject=subject)] == expected
