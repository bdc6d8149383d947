"""Write the on-disk cases under tests/cases/ (and the example snapshots under
examples/snapshots/) from the scenarios in tests/cases/scenarios_*.py.

    python -m tests.cases.generate            # rewrite every generated case and example
    python -m tests.cases.generate ID ...     # only these cases
    python -m tests.cases.generate --check    # exit 1 if a folder differs from what would be written

Each scenario is a function returning a ``CaseSpec``; this module only lays them out in the
snapshot format (README.md, "Snapshots") with an ``expected.yaml`` beside. Output is
byte-for-byte reproducible: no clock, no randomness.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from tests.cases.builders import CaseSpec, ts

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent.parent / "examples" / "snapshots"
Scenario = Callable[[], CaseSpec]

# One example snapshot per workload kind (PyTorchJob's is examples/snapshots/pytorchjob-gpu-
# oom-cascade, written by hand): example folder -> the case it shows.
EXAMPLE_CASES = {
    "tfjob-ps-oom-cascade": "oom-killed-tfjob-ps-cascade",
    "xgboostjob-worker-evicted": "evicted-xgboostjob-worker-memory-pressure",
    "paddlejob-dataloader-oom": "oom-killed-paddlejob-dataloader-killed",
    "jaxjob-xla-oom": "gpu-oom-jaxjob-xla-resource-exhausted",
    "mpijob-launcher-rank-killed": "oom-killed-mpijob-v2-launcher-signal9",
    "job-hub-download-timeout": "network-error-job-hub-read-timeout",
    "pod-vllm-kv-cache-oom": "gpu-oom-vllm-kv-cache",
}


def scenarios() -> list[Scenario]:
    """Every scenario, in the order the modules list them."""
    from tests.cases import (
        scenarios_ambiguous,
        scenarios_distributed,
        scenarios_ecosystems,
        scenarios_fresh4_accelerators,
        scenarios_fresh4_application,
        scenarios_fresh4_containers,
        scenarios_fresh4_distributed,
        scenarios_fresh4_scheduling,
        scenarios_fresh4_serving,
        scenarios_fresh5_healthy,
        scenarios_fresh7_frameworks,
        scenarios_fresh7_gpu,
        scenarios_fresh7_hf,
        scenarios_fresh7_inference,
        scenarios_fresh7_operators,
        scenarios_fresh7_pipelines,
        scenarios_fresh7_platform,
        scenarios_fresh7_quiet,
        scenarios_fresh8_distributed,
        scenarios_fresh8_inference,
        scenarios_fresh8_orchestrators,
        scenarios_fresh8_training,
        scenarios_fresh9_distributed,
        scenarios_fresh9_frameworks,
        scenarios_fresh9_kserve,
        scenarios_fresh9_orchestrators,
        scenarios_fresh9_pipelines,
        scenarios_fresh9_platform,
        scenarios_fresh9_scheduling,
        scenarios_fresh9_serving,
        scenarios_fresh10_scheduling,
        scenarios_fresh10_serving,
        scenarios_fresh10_training,
        scenarios_fresh10_workflows,
        scenarios_fresh11_distributed,
        scenarios_fresh11_platform,
        scenarios_fresh11_scheduling,
        scenarios_fresh11_serving,
        scenarios_fresh11_training,
        scenarios_fresh11_workflows,
        scenarios_fresh12_distributed,
        scenarios_fresh12_platform,
        scenarios_fresh12_scheduling,
        scenarios_fresh12_serving,
        scenarios_fresh12_training,
        scenarios_fresh12_workflows,
        scenarios_fresh13_distributed,
        scenarios_fresh13_platform,
        scenarios_fresh13_scheduling,
        scenarios_fresh13_serving,
        scenarios_fresh13_training,
        scenarios_fresh13_workflows,
        scenarios_fresh14_distributed,
        scenarios_fresh14_platform,
        scenarios_fresh14_serving,
        scenarios_fresh14_training,
        scenarios_fresh14_workflows,
        scenarios_fresh15_distributed,
        scenarios_fresh15_platform,
        scenarios_fresh15_scheduling,
        scenarios_fresh15_serving,
        scenarios_fresh15_training,
        scenarios_fresh15_workflows,
        scenarios_fresh16_distributed,
        scenarios_fresh16_platform,
        scenarios_fresh16_scheduling,
        scenarios_fresh16_serving,
        scenarios_fresh16_training,
        scenarios_fresh16_workflows,
        scenarios_fresh17_distributed,
        scenarios_fresh17_platform,
        scenarios_fresh17_scheduling,
        scenarios_fresh17_serving,
        scenarios_fresh17_training,
        scenarios_fresh17_workflows,
        scenarios_fresh18_distributed,
        scenarios_fresh18_platform,
        scenarios_fresh18_serving,
        scenarios_fresh18_training,
        scenarios_fresh19_pipelines,
        scenarios_fresh19_serving,
        scenarios_fresh20_clouds,
        scenarios_fresh20_data,
        scenarios_fresh20_distributed,
        scenarios_fresh20_finetune,
        scenarios_fresh20_inference,
        scenarios_fresh20_managed,
        scenarios_fresh20_platform,
        scenarios_fresh20_ray,
        scenarios_fresh20_scheduling,
        scenarios_fresh20_serving,
        scenarios_fresh20_training,
        scenarios_fresh21_accelerators,
        scenarios_fresh21_deepspeed,
        scenarios_fresh21_mpi,
        scenarios_fresh21_tensorflow,
        scenarios_fresh21_vllm,
        scenarios_fresh22_kserve,
        scenarios_fresh22_llmtrain,
        scenarios_fresh22_operators,
        scenarios_fresh22_pytorch,
        scenarios_fresh22_servers,
        scenarios_fresh23_gpu,
        scenarios_fresh23_jobs,
        scenarios_fresh23_llmserve,
        scenarios_fresh23_rl,
        scenarios_fresh23_spark,
        scenarios_fresh24_dataio,
        scenarios_fresh24_genai,
        scenarios_fresh24_network,
        scenarios_fresh24_storage,
        scenarios_fresh24_tuning,
        scenarios_fresh25_accel,
        scenarios_fresh25_llmservers,
        scenarios_fresh25_llmtune,
        scenarios_fresh25_mlops,
        scenarios_fresh25_operators,
        scenarios_fresh25_workflows,
        scenarios_fresh26_ddp,
        scenarios_fresh26_jax,
        scenarios_fresh26_pretrain,
        scenarios_fresh26_speech,
        scenarios_fresh26_tabular,
        scenarios_fresh26_vision,
        scenarios_fresh27_capacity,
        scenarios_fresh27_checkpoint,
        scenarios_fresh27_datapipe,
        scenarios_fresh27_gpushare,
        scenarios_fresh27_multimodal,
        scenarios_fresh27_quant,
        scenarios_fresh28_cachefs,
        scenarios_fresh28_compile,
        scenarios_fresh28_evals,
        scenarios_fresh28_hardening,
        scenarios_fresh28_hub,
        scenarios_fresh28_parallel,
        scenarios_fresh29_arch,
        scenarios_fresh29_container,
        scenarios_fresh29_managedk8s,
        scenarios_fresh29_mlplat,
        scenarios_fresh29_serverless,
        scenarios_fresh30_batchinfer,
        scenarios_fresh30_diffusion,
        scenarios_fresh30_embeddings,
        scenarios_fresh30_federated,
        scenarios_fresh30_gnn,
        scenarios_fresh30_moe,
        scenarios_fresh30_notebooks,
        scenarios_fresh30_onnx,
        scenarios_fresh30_recsys,
        scenarios_fresh30_slurm,
        scenarios_fresh30_traps,
        scenarios_fresh31_amd,
        scenarios_fresh31_deepstream,
        scenarios_fresh31_gaudi,
        scenarios_fresh31_modelpkg,
        scenarios_fresh31_multinode,
        scenarios_fresh31_tpu,
        scenarios_fresh31_traps2,
        scenarios_fresh32_ascend,
        scenarios_fresh32_legacy,
        scenarios_fresh32_mlperf,
        scenarios_fresh32_paddle,
        scenarios_fresh32_tracking,
        scenarios_fresh32_trainer2,
        scenarios_fresh33_lifecycle,
        scenarios_fresh33_llmft,
        scenarios_fresh33_research,
        scenarios_fresh33_rlhf,
        scenarios_fresh33_speech,
        scenarios_fresh33_storage,
        scenarios_fresh33_video,
        scenarios_fresh33_vision,
        scenarios_fresh34_configs,
        scenarios_fresh34_cudart,
        scenarios_fresh34_distributed,
        scenarios_fresh34_files,
        scenarios_fresh34_imports,
        scenarios_fresh34_k8s,
        scenarios_fresh34_memory,
        scenarios_fresh34_numerics,
        scenarios_fresh35_comms,
        scenarios_fresh35_disks,
        scenarios_fresh35_ended,
        scenarios_fresh35_hangs,
        scenarios_fresh35_hardware,
        scenarios_fresh35_healthy,
        scenarios_fresh35_net,
        scenarios_fresh35_perms,
        scenarios_fresh36_ckpt,
        scenarios_fresh36_healthy2,
        scenarios_fresh36_hw2,
        scenarios_fresh36_images,
        scenarios_fresh36_queues,
        scenarios_fresh36_sched,
        scenarios_fresh36_serveoom,
        scenarios_fresh36_shmnan,
        scenarios_fresh37_apperr,
        scenarios_fresh37_config,
        scenarios_fresh37_crash,
        scenarios_fresh37_deps,
        scenarios_fresh37_evict,
        scenarios_fresh37_killed,
        scenarios_fresh37_oomk,
        scenarios_fresh37_rdzv,
        scenarios_fresh38_cuda2,
        scenarios_fresh38_files2,
        scenarios_fresh38_hang2,
        scenarios_fresh38_nccl2,
        scenarios_fresh38_netw2,
        scenarios_fresh38_oom2,
        scenarios_fresh38_preempt,
        scenarios_fresh38_vol,
        scenarios_fresh39_disk2,
        scenarios_fresh39_dsfsdp,
        scenarios_fresh39_gpuhw3,
        scenarios_fresh39_mpi2,
        scenarios_fresh39_nan3,
        scenarios_fresh39_ray2,
        scenarios_fresh39_serve2,
        scenarios_fresh39_tpujax,
        scenarios_fresh40_hang3,
        scenarios_fresh40_k8s2,
        scenarios_fresh40_nan4,
        scenarios_fresh40_net3,
        scenarios_fresh40_perm2,
        scenarios_fresh40_rdzv2,
        scenarios_fresh40_serve3,
        scenarios_fresh40_vague,
        scenarios_fresh41_code,
        scenarios_fresh41_hang4,
        scenarios_fresh41_healthy3,
        scenarios_fresh41_healthy4,
        scenarios_fresh41_k8s3,
        scenarios_fresh41_mem3,
        scenarios_fresh41_rdzv3,
        scenarios_fresh41_serve4,
        scenarios_fresh42_crashhw,
        scenarios_fresh42_depcfg,
        scenarios_fresh42_hang5,
        scenarios_fresh42_healthy5,
        scenarios_fresh42_mpi3,
        scenarios_fresh42_nccl3,
        scenarios_fresh42_ray3,
        scenarios_fresh42_serve5,
        scenarios_fresh43_apperr2,
        scenarios_fresh43_cuda3,
        scenarios_fresh43_files3,
        scenarios_fresh43_hang6,
        scenarios_fresh43_nan5,
        scenarios_fresh43_net4,
        scenarios_fresh43_rdzv4,
        scenarios_fresh43_serve6,
        scenarios_fresh44_evictpre,
        scenarios_fresh44_gpuhw2,
        scenarios_fresh44_k8s4,
        scenarios_fresh44_killdl,
        scenarios_fresh44_oomk,
        scenarios_fresh44_perm3,
        scenarios_fresh44_sched,
        scenarios_fresh44_shmdisk,
        scenarios_fresh45_cfg2,
        scenarios_fresh45_cuda4,
        scenarios_fresh45_dep3,
        scenarios_fresh45_miss2,
        scenarios_fresh45_net5,
        scenarios_fresh45_rdzv5,
        scenarios_fresh45_shm3,
        scenarios_fresh45_vol3,
        scenarios_healthy,
        scenarios_logformats,
        scenarios_platform,
        scenarios_real_accelerators,
        scenarios_real_application,
        scenarios_real_containers,
        scenarios_real_distributed,
        scenarios_real_platform,
        scenarios_real_scheduling,
        scenarios_real_training,
        scenarios_runtime,
        scenarios_serving,
    )

    found: list[Scenario] = []
    for module in (
        scenarios_platform,
        scenarios_runtime,
        scenarios_distributed,
        scenarios_healthy,
        scenarios_serving,
        scenarios_ecosystems,
        scenarios_logformats,
        scenarios_ambiguous,
        scenarios_real_training,
        scenarios_real_platform,
        scenarios_real_scheduling,
        scenarios_real_distributed,
        scenarios_real_accelerators,
        scenarios_real_application,
        scenarios_real_containers,
        scenarios_fresh4_accelerators,
        scenarios_fresh4_application,
        scenarios_fresh4_containers,
        scenarios_fresh4_distributed,
        scenarios_fresh4_scheduling,
        scenarios_fresh4_serving,
        scenarios_fresh5_healthy,
        scenarios_fresh7_frameworks,
        scenarios_fresh7_gpu,
        scenarios_fresh7_hf,
        scenarios_fresh7_inference,
        scenarios_fresh7_operators,
        scenarios_fresh7_pipelines,
        scenarios_fresh7_platform,
        scenarios_fresh7_quiet,
        scenarios_fresh8_distributed,
        scenarios_fresh8_inference,
        scenarios_fresh8_orchestrators,
        scenarios_fresh8_training,
        scenarios_fresh9_distributed,
        scenarios_fresh9_frameworks,
        scenarios_fresh9_kserve,
        scenarios_fresh9_orchestrators,
        scenarios_fresh9_pipelines,
        scenarios_fresh9_platform,
        scenarios_fresh9_scheduling,
        scenarios_fresh9_serving,
        scenarios_fresh10_scheduling,
        scenarios_fresh10_serving,
        scenarios_fresh10_training,
        scenarios_fresh10_workflows,
        scenarios_fresh11_distributed,
        scenarios_fresh11_platform,
        scenarios_fresh11_scheduling,
        scenarios_fresh11_serving,
        scenarios_fresh11_training,
        scenarios_fresh11_workflows,
        scenarios_fresh12_distributed,
        scenarios_fresh12_platform,
        scenarios_fresh12_scheduling,
        scenarios_fresh12_serving,
        scenarios_fresh12_training,
        scenarios_fresh12_workflows,
        scenarios_fresh13_distributed,
        scenarios_fresh13_platform,
        scenarios_fresh13_scheduling,
        scenarios_fresh13_serving,
        scenarios_fresh13_training,
        scenarios_fresh13_workflows,
        scenarios_fresh14_distributed,
        scenarios_fresh14_platform,
        scenarios_fresh14_serving,
        scenarios_fresh14_training,
        scenarios_fresh14_workflows,
        scenarios_fresh15_distributed,
        scenarios_fresh15_platform,
        scenarios_fresh15_scheduling,
        scenarios_fresh15_serving,
        scenarios_fresh15_training,
        scenarios_fresh15_workflows,
        scenarios_fresh16_distributed,
        scenarios_fresh16_platform,
        scenarios_fresh16_scheduling,
        scenarios_fresh16_serving,
        scenarios_fresh16_training,
        scenarios_fresh16_workflows,
        scenarios_fresh17_distributed,
        scenarios_fresh17_platform,
        scenarios_fresh17_scheduling,
        scenarios_fresh17_serving,
        scenarios_fresh17_training,
        scenarios_fresh17_workflows,
        scenarios_fresh18_distributed,
        scenarios_fresh18_platform,
        scenarios_fresh18_serving,
        scenarios_fresh18_training,
        scenarios_fresh19_pipelines,
        scenarios_fresh19_serving,
        scenarios_fresh20_distributed,
        scenarios_fresh20_finetune,
        scenarios_fresh20_platform,
        scenarios_fresh20_serving,
        scenarios_fresh20_training,
        scenarios_fresh43_apperr2,
        scenarios_fresh43_cuda3,
        scenarios_fresh43_files3,
        scenarios_fresh43_hang6,
        scenarios_fresh43_nan5,
        scenarios_fresh43_net4,
        scenarios_fresh43_rdzv4,
        scenarios_fresh43_serve6,
        scenarios_fresh44_gpuhw2,
        scenarios_fresh45_vol3,
        scenarios_fresh45_shm3,
        scenarios_fresh45_miss2,
        scenarios_fresh45_rdzv5,
        scenarios_fresh45_net5,
        scenarios_fresh45_cuda4,
        scenarios_fresh45_dep3,
        scenarios_fresh45_cfg2,
        scenarios_fresh44_perm3,
        scenarios_fresh44_sched,
        scenarios_fresh44_k8s4,
        scenarios_fresh44_oomk,
        scenarios_fresh44_evictpre,
        scenarios_fresh44_killdl,
        scenarios_fresh44_shmdisk,
        scenarios_fresh42_crashhw,
        scenarios_fresh42_depcfg,
        scenarios_fresh42_hang5,
        scenarios_fresh42_healthy5,
        scenarios_fresh42_mpi3,
        scenarios_fresh42_nccl3,
        scenarios_fresh42_ray3,
        scenarios_fresh42_serve5,
        scenarios_fresh41_code,
        scenarios_fresh41_hang4,
        scenarios_fresh41_healthy3,
        scenarios_fresh41_healthy4,
        scenarios_fresh41_k8s3,
        scenarios_fresh41_mem3,
        scenarios_fresh41_rdzv3,
        scenarios_fresh41_serve4,
        scenarios_fresh40_hang3,
        scenarios_fresh40_k8s2,
        scenarios_fresh40_nan4,
        scenarios_fresh40_net3,
        scenarios_fresh40_perm2,
        scenarios_fresh40_rdzv2,
        scenarios_fresh40_serve3,
        scenarios_fresh40_vague,
        scenarios_fresh39_disk2,
        scenarios_fresh39_dsfsdp,
        scenarios_fresh39_gpuhw3,
        scenarios_fresh39_mpi2,
        scenarios_fresh39_nan3,
        scenarios_fresh39_ray2,
        scenarios_fresh39_serve2,
        scenarios_fresh39_tpujax,
        scenarios_fresh38_cuda2,
        scenarios_fresh38_files2,
        scenarios_fresh38_hang2,
        scenarios_fresh38_nccl2,
        scenarios_fresh38_netw2,
        scenarios_fresh38_oom2,
        scenarios_fresh38_preempt,
        scenarios_fresh38_vol,
        scenarios_fresh37_apperr,
        scenarios_fresh37_config,
        scenarios_fresh37_crash,
        scenarios_fresh37_deps,
        scenarios_fresh37_evict,
        scenarios_fresh37_killed,
        scenarios_fresh37_oomk,
        scenarios_fresh37_rdzv,
        scenarios_fresh36_ckpt,
        scenarios_fresh36_healthy2,
        scenarios_fresh36_hw2,
        scenarios_fresh36_images,
        scenarios_fresh36_queues,
        scenarios_fresh36_sched,
        scenarios_fresh36_serveoom,
        scenarios_fresh36_shmnan,
        scenarios_fresh35_comms,
        scenarios_fresh35_disks,
        scenarios_fresh35_ended,
        scenarios_fresh35_hangs,
        scenarios_fresh35_hardware,
        scenarios_fresh35_healthy,
        scenarios_fresh35_net,
        scenarios_fresh35_perms,
        scenarios_fresh34_configs,
        scenarios_fresh34_cudart,
        scenarios_fresh34_distributed,
        scenarios_fresh34_files,
        scenarios_fresh34_imports,
        scenarios_fresh34_k8s,
        scenarios_fresh34_memory,
        scenarios_fresh34_numerics,
        scenarios_fresh33_lifecycle,
        scenarios_fresh33_llmft,
        scenarios_fresh33_research,
        scenarios_fresh33_rlhf,
        scenarios_fresh33_speech,
        scenarios_fresh33_storage,
        scenarios_fresh33_video,
        scenarios_fresh33_vision,
        scenarios_fresh32_ascend,
        scenarios_fresh32_legacy,
        scenarios_fresh32_mlperf,
        scenarios_fresh32_paddle,
        scenarios_fresh32_tracking,
        scenarios_fresh32_trainer2,
        scenarios_fresh31_deepstream,
        scenarios_fresh31_amd,
        scenarios_fresh31_gaudi,
        scenarios_fresh31_modelpkg,
        scenarios_fresh31_multinode,
        scenarios_fresh31_tpu,
        scenarios_fresh31_traps2,
        scenarios_fresh30_federated,
        scenarios_fresh30_slurm,
        scenarios_fresh30_traps,
        scenarios_fresh30_gnn,
        scenarios_fresh30_moe,
        scenarios_fresh30_batchinfer,
        scenarios_fresh30_diffusion,
        scenarios_fresh30_embeddings,
        scenarios_fresh30_notebooks,
        scenarios_fresh30_onnx,
        scenarios_fresh30_recsys,
        scenarios_fresh29_arch,
        scenarios_fresh29_container,
        scenarios_fresh29_managedk8s,
        scenarios_fresh29_mlplat,
        scenarios_fresh29_serverless,
        scenarios_fresh28_cachefs,
        scenarios_fresh28_compile,
        scenarios_fresh28_evals,
        scenarios_fresh28_hardening,
        scenarios_fresh28_hub,
        scenarios_fresh28_parallel,
        scenarios_fresh27_capacity,
        scenarios_fresh27_checkpoint,
        scenarios_fresh27_datapipe,
        scenarios_fresh27_gpushare,
        scenarios_fresh27_multimodal,
        scenarios_fresh27_quant,
        scenarios_fresh26_ddp,
        scenarios_fresh26_jax,
        scenarios_fresh26_pretrain,
        scenarios_fresh26_speech,
        scenarios_fresh26_tabular,
        scenarios_fresh26_vision,
        scenarios_fresh25_accel,
        scenarios_fresh25_llmservers,
        scenarios_fresh25_llmtune,
        scenarios_fresh25_mlops,
        scenarios_fresh25_operators,
        scenarios_fresh25_workflows,
        scenarios_fresh24_dataio,
        scenarios_fresh24_genai,
        scenarios_fresh24_network,
        scenarios_fresh24_storage,
        scenarios_fresh24_tuning,
        scenarios_fresh23_gpu,
        scenarios_fresh23_jobs,
        scenarios_fresh23_llmserve,
        scenarios_fresh23_rl,
        scenarios_fresh23_spark,
        scenarios_fresh22_kserve,
        scenarios_fresh22_llmtrain,
        scenarios_fresh22_operators,
        scenarios_fresh22_pytorch,
        scenarios_fresh22_servers,
        scenarios_fresh21_accelerators,
        scenarios_fresh21_deepspeed,
        scenarios_fresh21_mpi,
        scenarios_fresh21_tensorflow,
        scenarios_fresh21_vllm,
        scenarios_fresh20_clouds,
        scenarios_fresh20_data,
        scenarios_fresh20_managed,
        scenarios_fresh20_inference,
        scenarios_fresh20_ray,
        scenarios_fresh20_scheduling,
    ):
        found.extend(module.SCENARIOS)
    return found


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=4096, default_flow_style=False)


def write_snapshot(spec: CaseSpec, snap: Path) -> None:
    if snap.exists():
        shutil.rmtree(snap)
    # No empty logs/ folder for a case without logs: git keeps no empty folder, so a fresh
    # clone would differ from what the generator writes.
    snap.mkdir(parents=True)
    if spec.as_list:
        objects = _dump(
            {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": spec.objects}
        )
    else:
        objects = "".join("---\n" + _dump(obj) for obj in spec.objects)
    (snap / "objects.yaml").write_text(objects, encoding="utf-8")
    (snap / "snapshot.yaml").write_text(_dump({"capturedAt": ts(spec.captured)}), encoding="utf-8")
    for key, body in sorted(spec.logs.items()):
        pod, container = key.split("/", 1)
        (snap / "logs" / pod).mkdir(parents=True, exist_ok=True)
        (snap / "logs" / pod / f"{container}.log").write_text(body, encoding="utf-8")


def expected_yaml(spec: CaseSpec) -> str:
    """The case's expected.yaml (agent/evaluation.py documents the format)."""
    expected = {
        "id": spec.id,
        "kind": spec.kind,
        "name": spec.name,
        "namespace": spec.namespace,
        "healthy": spec.healthy,
        "category": spec.category,
        "culprit": spec.culprit,
        "evidence": spec.evidence,
        "description": " ".join(spec.description.split()),
    }
    if spec.title:
        expected["title"] = " ".join(spec.title.split())
    if spec.source:
        expected["source"] = spec.source
    return _dump(expected)


def write_case(spec: CaseSpec, root: Path) -> Path:
    folder = root / spec.id
    if folder.exists():
        shutil.rmtree(folder)
    write_snapshot(spec, folder / "snapshot")
    (folder / "expected.yaml").write_text(expected_yaml(spec), encoding="utf-8")
    return folder


def write_example(spec: CaseSpec, folder: Path) -> None:
    """An example: the snapshot, and its expected.yaml beside objects.yaml, so that
    `jobdoctor eval examples/snapshots` scores the examples."""
    write_snapshot(spec, folder)
    (folder / "expected.yaml").write_text(expected_yaml(spec), encoding="utf-8")


def generate(root: Path, only: Iterable[str] = (), examples: Path | None = None) -> list[str]:
    """Write the cases (all, or ``only`` these ids) under ``root``, and the examples under
    ``examples``; the ids written."""
    wanted = set(only)
    by_case = {case: example for example, case in EXAMPLE_CASES.items()}
    ids = []
    for scenario in scenarios():
        spec = scenario()
        if spec.id in ids:
            raise ValueError(f"case id {spec.id!r} is generated twice")
        ids.append(spec.id)
        if wanted and spec.id not in wanted:
            continue
        write_case(spec, root)
        if examples is not None and spec.id in by_case:
            write_example(spec, examples / by_case[spec.id])
    missing = set(EXAMPLE_CASES.values()) - set(ids)
    if missing:
        raise ValueError(f"examples name cases no scenario writes: {sorted(missing)}")
    return [i for i in ids if not wanted or i in wanted]


def differences(root: Path, examples: Path) -> list[str]:
    """Folders under ``root`` and ``examples`` that differ from what the scenarios write now."""
    with tempfile.TemporaryDirectory() as tmp:
        cases, ex = Path(tmp) / "cases", Path(tmp) / "examples"
        ids = generate(cases, examples=ex)
        stale = [f"tests/cases/{i}" for i in ids if not _same_tree(cases / i, root / i)]
        stale += [f"examples/snapshots/{e}" for e in EXAMPLE_CASES if not _same_tree(ex / e, examples / e)]
        return stale


def _same_tree(a: Path, b: Path) -> bool:
    if not b.is_dir():
        return False
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(_same_tree(a / d, b / d) for d in cmp.common_dirs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("ids", nargs="*", help="generate only these cases")
    args = parser.parse_args(argv)
    if args.check:
        stale = differences(HERE, EXAMPLES)
        for folder in stale:
            print(f"out of date: {folder}", file=sys.stderr)
        return 1 if stale else 0
    for i in generate(HERE, args.ids, examples=EXAMPLES):
        print(f"wrote tests/cases/{i}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
