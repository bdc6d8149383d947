"""Fresh round 7: real public threads about TensorFlow, JAX/XLA, XGBoost, LightGBM, PaddlePaddle, MindSpore and Horovod jobs failing their own way.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    MPIPlan,
    PodPlan,
    Scenarios,
    cpu_only,
    gpu,
    kubeflow_conditions,
    kubeflow_with_pods,
    mpijob_v2,
    running,
    stamped,
    terminated,
    text,
)
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- JAX / XLA ---------------------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_job_jax_failed_to_allocate_request() -> CaseSpec:
    at = Clock(datetime(2024, 6, 19, 6, 0, tzinfo=timezone.utc))
    name, ns = "graphcast-0p25-forecast", "weather"
    site = "/home/user/.local/lib/python3.10/site-packages"
    lines = [
        "2024-06-19 06:00:41,118 INFO Writing results to graphcast.grib",
        "2024-06-19 06:00:41,119 INFO Loading surface fields from MARS",
        "2024-06-19 06:01:52,402 INFO Loading pressure fields from MARS",
        "2024-06-19 06:03:10,771 INFO Creating forcing variables: 4 seconds.",
        "2024-06-19 06:03:15,020 INFO Converting GRIB to xarray: 4 seconds.",
        "2024-06-19 06:03:27,664 INFO Reindexing: 12 seconds.",
        "2024-06-19 06:03:29,180 INFO Creating training data: 1 second.",
        "2024-06-19 06:03:41,935 INFO Extracting input targets: 12 seconds.",
        "2024-06-19 06:03:41,936 INFO Creating input data (total): 2 minutes 48 seconds.",
        "Traceback (most recent call last):",
        '  File "/home/user/.local/bin/ai-models", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{site}/ai_models/__main__.py", line 358, in main',
        "    _main(sys.argv[1:])",
        f'  File "{site}/ai_models/__main__.py", line 306, in _main',
        "    run(vars(args), unknownargs)",
        f'  File "{site}/ai_models/__main__.py", line 331, in run',
        "    model.run()",
        f'  File "{site}/ai_models_graphcast/model.py", line 240, in run',
        "    output = self.model(",
        f'  File "{site}/ai_models_graphcast/model.py", line 114, in <lambda>',
        "    return lambda **kw: fn(**kw)[0]",
        f'  File "{site}/jax/_src/traceback_util.py", line 179, in reraise_with_filtered_traceback',
        "    return fun(*args, **kwargs)",
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 2.99GiB "
        "(3206250496B) on device ordinal 0",
    ]
    return _job_case(
        id="gpu-oom-job-jax-failed-to-allocate-request",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/weather/ai-models-graphcast:0.2-cuda12",
        command=["ai-models", "--input", "mars", "--date", "20240618", "--time", "1200", "graphcast"],
        resources=gpu(1, "96Gi", "12"),
        exit_code=1,
        ran=(20, 268),
        log=stamped(lines, at(41), [1, 71, 78, 4, 13, 1, 13, 0, 20] + [0] * 20),
        category="gpu-oom",
        evidence="Failed to allocate request for 2.99GiB",
        description="The 0.25-degree GraphCast model runs its forecast on one GPU: after building its inputs "
        "from MARS, the JAX call fails with 'XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request "
        "for 2.99GiB (3206250496B) on device ordinal 0' - XLA's allocator words for GPU memory running out, "
        "with no 'Out of memory' in the line.",
        title="Jax OOM error when running graphcast: XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate "
        "request for 2.99GiB (3206250496B) on device ordinal 0",
        source="https://github.com/ecmwf-lab/ai-models-graphcast/issues/18",
        captured=400,
        node_name="gpu-a10-node-3",
    )


@SCENARIOS.add
def cuda_error_job_jax_custom_call_illegal_address() -> CaseSpec:
    at = Clock(datetime(2024, 8, 10, 13, 0, tzinfo=timezone.utc))
    name, ns = "jax-fused-kernel-bench", "jax-kernels"
    site = "/usr/local/lib/python3.10/dist-packages"
    lines = [
        "jax 0.4.7 jaxlib 0.4.7+cuda11.cudnn86 devices: [StreamExecutorGpuDevice(id=0, process_index=0, "
        "slice_index=0)]",
        "registered custom call target 'fused_add_kernel' for platform CUDA",
        "step 0 loss 2.3026",
        "step 100 loss 1.9411",
        "step 200 loss 1.7023",
        "Traceback (most recent call last):",
        '  File "/workspace/train.py", line 212, in <module>',
        "    main()",
        '  File "/workspace/train.py", line 198, in main',
        "    state, loss = train_step(state, batch)",
        f'  File "{site}/jax/_src/traceback_util.py", line 166, in reraise_with_filtered_traceback',
        "    return fun(*args, **kwargs)",
        f'  File "{site}/jax/_src/pjit.py", line 250, in cache_miss',
        "    outs, out_flat, out_tree, args_flat = _python_pjit_helper(",
        f'  File "{site}/jax/_src/dispatch.py", line 895, in _execute_compiled',
        "    out_flat = compiled.execute(in_flat)",
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time "
        "error: custom call 'xla.gpu.func.launch' failed: Failed to launch CUDA kernel: add with block "
        "dimensions: 128x1x1 and grid dimensions: 448x1x1: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access "
        "was encountered.",
        "2024-08-10 13:09:02.411862: E external/xla/xla/stream_executor/cuda/cuda_driver.cc:663] failed to "
        "unload module 0x5215a9a0; leaking: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
        "2024-08-10 13:09:02.416148: E external/xla/xla/stream_executor/cuda/cuda_driver.cc:663] failed to "
        "unload module 0x512060a0; leaking: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
        "2024-08-10 13:09:04.162614: E external/xla/xla/stream_executor/cuda/cuda_event.cc:29] Error polling for "
        "event status: failed to query event: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
        "encountered",
    ]
    return _job_case(
        id="cuda-error-job-jax-custom-call-illegal-address",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/jax/jax-custom-ops:0.4.7-cuda11.8",
        command=["python", "/workspace/train.py"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(15, 546),
        log=stamped(lines, at(20), [3, 5, 160, 160, 200] + [0] * 13 + [0, 2]),
        category="cuda-error",
        evidence="CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
        description="A JAX training step that uses a registered CUDA custom call fails after a few hundred "
        "steps: XLA's runtime cannot launch a kernel ('custom call xla.gpu.func.launch failed ... "
        "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered'), and the stream executor "
        "repeats the illegal address while tearing down. An illegal memory access on the GPU, whoever caused it.",
        title="Panic when do custom_call for gpu cuda: XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime "
        "executable ... CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
        source="https://github.com/openxla/xla/issues/15945",
        captured=700,
        node_name="gpu-a100-node-12",
    )


# -- MindSpore -----------------------------------------------------------------------------------------


@SCENARIOS.add
def cuda_error_job_mindspore_cudnn_internal_error() -> CaseSpec:
    at = Clock(datetime(2024, 10, 18, 5, 30, tzinfo=timezone.utc))
    name, ns = "mindyolo-v8n-coco", "vision-mindspore"
    steps = []
    for s in range(450, 600, 10):
        steps += [
            f"2024-10-18 13:{43 + (s - 450) // 170:02d}:{(4 + (s - 450) * 35 // 100) % 60:02d},"
            f"{(594 + s) % 1000:03d} [INFO] Epoch 2/500, Step {s}/6064, imgsize (640, 640), loss: "
            f"{11.9 + (s % 30) / 40:.4f}, lbox: 4.8665, lcls: 3.8684, dfl: 2.9143, cur_lr: 0.0638",
            f"2024-10-18 13:{43 + (s - 450) // 170:02d}:{(4 + (s - 450) * 35 // 100) % 60:02d},"
            f"{(596 + s) % 1000:03d} [INFO] Epoch 2/500, Step {s}/6064, step time: 35.22 ms",
        ]
    lines = [
        *steps[:-6],
        "2024-10-18 13:44:08,594 [INFO] Epoch 2/500, Step 570/6064, step time: 35.22 ms",
        "2024-10-18 13:44:08,934 [INFO] Epoch 2/500, Step 580/6064, imgsize (640, 640), loss: 11.6492, lbox: "
        "4.8665, lcls: 3.8684, dfl: 2.9143, cur_lr: 0.06384294480085373",
        "2024-10-18 13:44:08,936 [INFO] Epoch 2/500, Step 580/6064, step time: 34.12 ms",
        "2024-10-18 13:44:09,292 [INFO] Epoch 2/500, Step 590/6064, imgsize (640, 640), loss: 12.3432, lbox: "
        "4.9079, lcls: 4.5909, dfl: 2.8444, cur_lr: 0.0637885257601738",
        "2024-10-18 13:44:09,293 [INFO] Epoch 2/500, Step 590/6064, step time: 35.64 ms",
        "[ERROR] RUNTIME_FRAMEWORK(68638,7fea4cbaa700,python):2024-10-18-13:44:09.606.187 "
        "[mindspore/ccsrc/runtime/graph_scheduler/actor/actor_common.cc:327] WaitRuntimePipelineFinish] Wait "
        "runtime pipeline finish and an error occurred: ",
        "----------------------------------------------------",
        "- cuDNN Error:",
        "----------------------------------------------------",
        "Kernel launch failed | Error Number: 4 CUDNN_STATUS_INTERNAL_ERROR",
        "",
        "----------------------------------------------------",
        "- C++ Call Stack: (For framework developers)",
        "----------------------------------------------------",
        "mindspore/ccsrc/plugin/device/gpu/kernel/nn/batch_norm_grad_gpu_kernel.cc:207 LaunchKernel",
        "",
        "Traceback (most recent call last):",
        '  File "/workspace/mindyolo/train.py", line 330, in <module>',
        "    train(args)",
        '  File "/workspace/mindyolo/train.py", line 316, in train',
        "    trainer.train(",
        '  File "/workspace/mindyolo/mindyolo/utils/trainer_factory.py", line 172, in train',
        "    run_context = self.train_step(imgs, labels, segments, cur_step=cur_step, cur_epoch=cur_epoch)",
        '  File "/workspace/mindyolo/mindyolo/utils/trainer_factory.py", line 369, in train_step',
        "    loss, loss_item, _, grads_finite = self.train_step_fn(imgs, labels, True)",
        "RuntimeError: ",
        "----------------------------------------------------",
        "- cuDNN Error:",
        "----------------------------------------------------",
        "Kernel launch failed | Error Number: 4 CUDNN_STATUS_INTERNAL_ERROR",
    ]
    return _job_case(
        id="cuda-error-job-mindspore-cudnn-internal-error",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/mindspore-gpu:2.3.1-cuda11.6",
        command=["python", "train.py", "--config", "configs/yolov8/yolov8n.yaml", "--device_target", "GPU"],
        resources=gpu(1, "48Gi", "12"),
        exit_code=1,
        ran=(20, 2650),
        log=stamped(lines, at(2400), 0.2),
        category="cuda-error",
        evidence="CUDNN_STATUS_INTERNAL_ERROR",
        description="MindSpore on a GPU trains YOLOv8 (mindyolo) through its second epoch, then the runtime "
        "pipeline stops: 'cuDNN Error: Kernel launch failed | Error Number: 4 CUDNN_STATUS_INTERNAL_ERROR' in "
        "the batch-norm gradient kernel, printed by MindSpore's [ERROR] RUNTIME_FRAMEWORK logger and again as "
        "the RuntimeError's message. A cuDNN failure on the device, not the user's code.",
        title="mindyolo training on GPU stops in epoch 2: cuDNN Error: Kernel launch failed | Error Number: 4 "
        "CUDNN_STATUS_INTERNAL_ERROR (batch_norm_grad_gpu_kernel.cc)",
        source="https://github.com/mindspore-lab/mindyolo/issues/370",
        captured=2800,
        node_name="gpu-v100-node-5",
    )


# -- LightGBM and XGBoost ------------------------------------------------------------------------------


@SCENARIOS.add
def application_error_job_lightgbm_check_failed_num_machines() -> CaseSpec:
    at = Clock(datetime(2020, 2, 22, 9, 0, tzinfo=timezone.utc))
    name, ns = "automl-lgbm-mape", "automl"
    check = (
        "[LightGBM] [Fatal] Check failed: num_machines > 1 at /root/repo/LightGBM/src/treelearner/"
        "serial_tree_learner.cpp, line 876 ."
    )
    lines = [
        "fitting LGBMRegressor(objective='mape', device_type='gpu', n_estimators=500) on 75 rows, 146 features",
        "[LightGBM] [Warning] Met 'abs(label) < 1', will convert them to '1' in MAPE objective and metric",
        "[LightGBM] [Info] Total Bins 438",
        "[LightGBM] [Info] Number of data points in the train set: 75, number of used features: 146",
        "[LightGBM] [Warning] Cannot change max_bin after constructed Dataset handle.",
        "[LightGBM] [Warning] Cannot change bin_construct_sample_cnt after constructed Dataset handle.",
        "[LightGBM] [Warning] Cannot change min_data_in_bin after constructed Dataset handle.",
        "[LightGBM] [Info] Start training from score 0.668740",
        "[LightGBM] [Warning] No further splits with positive gain, best gain: -inf",
        check,
        "",
        check,
        "",
        "terminate called after throwing an instance of 'std::runtime_error'",
        "terminate called after throwing an instance of 'std::runtime_error'",
        "  what():  Check failed: num_machines > 1 at /root/repo/LightGBM/src/treelearner/serial_tree_learner.cpp, "
        "line 876 .",
    ]
    return _job_case(
        id="application-error-job-lightgbm-check-failed-num-machines",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/automl/lightgbm-gpu:2.3.2-py36",
        command=["python", "-m", "automl.fit", "--model", "lightgbm", "--objective", "mape"],
        resources=gpu(1, "16Gi", "8"),
        exit_code=134,
        ran=(10, 64),
        log=stamped(lines, at(40), [2, 1, 0, 1, 0, 0, 1, 3, 0] + [0] * 8),
        category="application-error",
        evidence="Check failed: num_machines > 1",
        description="LightGBM 2.3.2 (GPU build) fits a tiny MAPE regression and one of its own consistency "
        "checks fails inside the serial tree learner - '[LightGBM] [Fatal] Check failed: num_machines > 1' - "
        "which, raised from a native thread, ends in 'terminate called after throwing an instance of "
        "std::runtime_error' and an abort (exit 134). The abort is how the failed check ends the process, not "
        "a crash of its own: the parameters given to LightGBM took it down a path meant for distributed "
        "training.",
        title="[LightGBM] [Fatal] Check failed: num_machines > 1 at serial_tree_learner.cpp, line 876 - terminate "
        "called after throwing an instance of 'std::runtime_error'",
        source="https://github.com/lightgbm-org/LightGBM/issues/2797",
        captured=120,
        node_name="gpu-2080ti-node-2",
    )


@SCENARIOS.add
def gpu_oom_job_xgboost_gpu_hist_memory_allocation_error() -> CaseSpec:
    at = Clock(datetime(2022, 11, 24, 10, 30, tzinfo=timezone.utc))
    name, ns = "xgb-gpu-hist-claims", "risk-models"
    lib = "/usr/local/lib/python3.8/dist-packages/xgboost/lib/libxgboost.so"
    rounds = [
        f"[{i}]\ttrain-logloss:{0.6612 - i * 0.0041:.5f}\tvalid-logloss:{0.6634 - i * 0.0037:.5f}" for i in range(60)
    ]
    frames = ["+0x455449", "+0x45a2b8", "+0x101aa7", "+0x736a50", "+0x7379b6", "+0x73d770", "+0x2a27b9", "+0x2a350d"]
    addrs = ["0x7f1e00064449", "0x7f1e000692b8", "0x7f1dffd10aa7", "0x7f1e00345a50", "0x7f1e003469b6"]
    addrs += ["0x7f1e0034c770", "0x7f1dffeb17b9", "0x7f1dffeb250d"]
    lines = [
        "xgboost 1.7.1, tree_method=gpu_hist, max_depth=12, max_bin=1024, device Tesla P100-PCIE-16GB",
        *rounds,
        "Traceback (most recent call last):",
        '  File "/app/train.py", line 88, in <module>',
        "    booster = xgb.train(params, dtrain, num_boost_round=2000, evals=watch, verbose_eval=1)",
        '  File "/usr/local/lib/python3.8/dist-packages/xgboost/core.py", line 620, in inner_f',
        "    return func(**kwargs)",
        '  File "/usr/local/lib/python3.8/dist-packages/xgboost/training.py", line 185, in train',
        "    bst.update(dtrain, i, obj)",
        '  File "/usr/local/lib/python3.8/dist-packages/xgboost/core.py", line 1918, in update',
        "    _check_call(_LIB.XGBoosterUpdateOneIter(self.handle,",
        '  File "/usr/local/lib/python3.8/dist-packages/xgboost/core.py", line 279, in _check_call',
        "    raise XGBoostError(py_str(_LIB.XGBGetLastError()))",
        "xgboost.core.XGBoostError: [11:01:50] ../src/tree/updater_gpu_hist.cu:784: Exception in gpu_hist: "
        "[11:01:50] ../src/c_api/../data/../common/device_helpers.cuh:431: Memory allocation error on worker 0: "
        "std::bad_alloc: cudaErrorMemoryAllocation: out of memory",
        "- Free memory: 8126464",
        "- Requested memory: 33554432",
        "",
        "Stack trace:",
        *(f"  [bt] ({i}) {lib}({f}) [{a}]" for i, (f, a) in enumerate(zip(frames, addrs, strict=True))),
    ]
    return _job_case(
        id="gpu-oom-job-xgboost-gpu-hist-memory-allocation-error",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/risk/xgboost-gpu:1.7.1-cuda11.8",
        command=["python", "/app/train.py", "--tree-method", "gpu_hist"],
        resources=gpu(1, "52Gi", "8"),
        exit_code=1,
        ran=(15, 1920),
        log=stamped(lines, at(20), [40] + [30] * 59 + [0]),
        category="gpu-oom",
        evidence="cudaErrorMemoryAllocation: out of memory",
        description="XGBoost 1.7.1 trains with gpu_hist on a 16 GB Tesla P100; after sixty rounds the GPU "
        "histogram updater cannot get 32 MiB more device memory: 'Exception in gpu_hist: ... Memory allocation "
        "error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory', with 8 MB free. GPU "
        "memory ran out (worker 0 is XGBoost's name for the GPU, not a replica).",
        title="Out of Memory Error with version 1.7.1: Exception in gpu_hist ... Memory allocation error on worker "
        "0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory",
        source="https://github.com/dmlc/xgboost/issues/8484",
        captured=2000,
        node_name="gpu-p100-node-1",
    )


# -- PaddlePaddle ---------------------------------------------------------------------------------------


@SCENARIOS.add
def application_error_job_paddle_find_unused_parameters() -> CaseSpec:
    at = Clock(datetime(2023, 7, 3, 2, 0, tzinfo=timezone.utc))
    name, ns = "paddleclas-multihead-4gpu", "vision-paddle"
    cmd = "['/usr/bin/python', '-u', 'tools/train.py', '-c', 'configs/multihead_r50.yaml']"
    error = (
        "RuntimeError: (PreconditionNotMet) A serious error has occurred here. Please set "
        "find_unused_parameters=True to traverse backward graph in each step to prepare reduce in advance. If you "
        "have set, There may be several reasons for this error: 1) Please note that all forward outputs derived "
        "from the module parameters must participate in the calculation of losses and subsequent gradient "
        "calculations. If not, the wrapper will hang, waiting for autograd to generate gradients for these "
        "parameters. you can use detach or stop_gradient to make the unused parameters detached from the autograd "
        "graph. 2) Used multiple forwards and one backward. You may be able to wrap multiple forwards in a model."
    )
    lines = [
        "LAUNCH INFO 2023-07-03 02:00:31,902 -----------  Configuration  ----------------------",
        "LAUNCH INFO 2023-07-03 02:00:31,902 devices: 0,1,2,3",
        "LAUNCH INFO 2023-07-03 02:00:31,902 elastic_level: -1",
        "LAUNCH INFO 2023-07-03 02:00:31,902 elastic_timeout: 30",
        "LAUNCH INFO 2023-07-03 02:00:31,902 gloo_port: 6767",
        "LAUNCH INFO 2023-07-03 02:00:31,902 host: None",
        "LAUNCH INFO 2023-07-03 02:00:31,902 job_id: default",
        "LAUNCH INFO 2023-07-03 02:00:31,902 log_dir: log",
        "LAUNCH INFO 2023-07-03 02:00:31,902 nnodes: 1",
        "LAUNCH INFO 2023-07-03 02:00:31,902 nproc_per_node: None",
        "LAUNCH INFO 2023-07-03 02:00:31,902 run_mode: collective",
        "LAUNCH INFO 2023-07-03 02:00:31,902 training_script: tools/train.py",
        "LAUNCH INFO 2023-07-03 02:00:31,903 --------------------------------------------------",
        "LAUNCH INFO 2023-07-03 02:00:31,903 Job: default, mode collective, replicas 1[1:1], elastic False",
        "LAUNCH INFO 2023-07-03 02:00:31,905 Run Pod: wqnbjh, replicas 4, status ready",
        "LAUNCH INFO 2023-07-03 02:00:31,934 Watching Pod: wqnbjh, replicas 4, status running",
        "LAUNCH ERROR 2023-07-03 02:01:18,012 Pod failed",
        "LAUNCH ERROR 2023-07-03 02:01:18,012 Container failed !!!",
        f"Container rank 0 status failed cmd {cmd} code 1 log log/workerlog.0 ",
        "env {'PADDLE_CURRENT_ENDPOINT': '10.244.3.17:52301', 'PADDLE_TRAINERS_NUM': '4', 'FLAGS_selected_gpus': "
        "'0', 'PADDLE_TRAINER_ID': '0', 'PADDLE_RANK_IN_NODE': '0', 'PADDLE_LOCAL_SIZE': '4'}",
        "LAUNCH INFO 2023-07-03 02:01:18,012 ------------------------- ERROR LOG DETAIL -------------------------",
        "[2023/07/03 02:00:52] ppcls INFO: [Train][Epoch 1/120][Iter: 0/1250]lr(LinearWarmup): 0.00080000, "
        "top1: 0.00000, CELoss: 6.93145, loss: 6.93145, batch_cost: 3.12401s, reader_cost: 1.80112, ips: "
        "20.48648 samples/s, eta: 5 days, 10:09:01",
        "Traceback (most recent call last):",
        '  File "tools/train.py", line 32, in <module>',
        "    engine.train()",
        '  File "/workspace/PaddleClas/ppcls/engine/engine.py", line 383, in train',
        "    self.train_epoch_func(self, epoch_id, print_batch_step)",
        '  File "/workspace/PaddleClas/ppcls/engine/train/train.py", line 48, in train_epoch',
        "    out = forward(engine, batch)",
        '  File "/workspace/PaddleClas/ppcls/engine/train/train.py", line 90, in forward',
        "    return engine.model(batch[0])",
        '  File "/usr/local/lib/python3.8/dist-packages/paddle/nn/layer/layers.py", line 1254, in __call__',
        "    return self.forward(*inputs, **kwargs)",
        '  File "/usr/local/lib/python3.8/dist-packages/paddle/fluid/dygraph/parallel.py", line 779, in forward',
        "    self._reducer.prepare_for_backward(list(self._find_varbase(outputs)))",
        error,
        "  [Hint: Expected groups_need_finalize_ == false, but received groups_need_finalize_:1 != false:0.] (at "
        "/paddle/paddle/fluid/distributed/collective/reducer.cc:609)",
        "",
        "LAUNCH INFO 2023-07-03 02:01:20,315 Exit code 1",
    ]
    return _job_case(
        id="application-error-job-paddle-find-unused-parameters",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/paddle:2.5.0-gpu-cuda11.7-cudnn8.4",
        command=["python", "-m", "paddle.distributed.launch", "--gpus", "0,1,2,3", "tools/train.py"],
        resources=gpu(4, "128Gi", "32"),
        exit_code=1,
        ran=(25, 92),
        log=stamped(lines, at(31), [0] * 15 + [46] + [0] * 30 + [2]),
        category="application-error",
        evidence="find_unused_parameters=True",
        description="PaddleClas trains a multi-head model on four GPUs with paddle.distributed.launch. It ran on "
        "one card; on four, the data-parallel reducer stops the second step: '(PreconditionNotMet) A serious "
        "error has occurred here. Please set find_unused_parameters=True ...' - some parameters took no part in "
        "the loss. The launcher reports rank 0 failed and prints its worker log. A bug in the model code, "
        "Paddle's counterpart of DDP's unused-parameters error.",
        title="多卡训练报错: RuntimeError: (PreconditionNotMet) A serious error has occurred here. Please set "
        "find_unused_parameters=True ... (reducer.cc:609)",
        source="https://github.com/PaddlePaddle/Paddle/issues/55072",
        captured=200,
        node_name="gpu-v100-node-8",
    )


# -- TensorFlow ------------------------------------------------------------------------------------------


@SCENARIOS.add
def application_error_tfjob_label_value_outside_valid_range() -> CaseSpec:
    at = Clock(datetime(2023, 6, 26, 8, 0, tzinfo=timezone.utc))
    name, ns = "two-tower-retrieval", "recsys"
    ctr = Container(
        "tensorflow",
        "registry.corp.example/recsys/two-tower:tf2.12-gpu",
        command=["python", "/app/two-tower-cg/train.py", "--strategy", "multi_worker_mirrored"],
        resources=gpu(1, "64Gi", "12"),
    )
    start = [
        "2023-06-26 08:00:41.512204: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is "
        "optimized to use available CPU instructions in performance-critical operations.",
        "2023-06-26 08:00:47.903117: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1635] Created device "
        "/job:worker/replica:0/task:0/device:GPU:0 with 21458 MB memory:  -> device: 0, name: NVIDIA A10, pci bus "
        "id: 0000:00:1e.0, compute capability: 8.6",
        "Epoch 1/10",
        "3125/3125 [==============================] - 941s 300ms/step - loss: 9.8812 - top_100_accuracy: 0.0913",
    ]
    site = "/usr/local/lib/python3.10/dist-packages"
    failing = text(
        *start,
        "Traceback (most recent call last):",
        '  File "/app/two-tower-cg/train.py", line 131, in <module>',
        "    model.fit(train_ds, validation_data=test_ds, epochs=10, callbacks=callbacks)",
        f'  File "{site}/keras/utils/traceback_utils.py", line 70, in error_handler',
        "    raise e.with_traceback(filtered_tb) from None",
        f'  File "{site}/tensorflow/python/eager/execute.py", line 53, in quick_execute',
        "    tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,",
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:",
        "",
        "Detected at node 'SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits' defined at "
        "(most recent call last):",
        '    File "/app/two-tower-cg/train.py", line 131, in <module>',
        "      model.fit(train_ds, validation_data=test_ds, epochs=10, callbacks=callbacks)",
        f'    File "{site}/keras/engine/training.py", line 1729, in fit',
        "      val_logs = self.evaluate(",
        f'    File "{site}/keras/engine/training.py", line 1852, in test_step',
        "      self.compute_loss(x, y, y_pred, sample_weight)",
        '    File "/app/two-tower-cg/custom_cross_entropy_loss.py", line 22, in __call__',
        "      loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=true_labels, logits=logits)",
        "Node: 'SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits'",
        "Received a label value of 66908 which is outside the valid range of [0, 66908).  Label values: 49662 "
        "50073 50073 55641 53538 66908 ",
        "\t [[{{node SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits}}]] "
        "[Op:__inference_test_function_83141]",
    )
    peer = text(
        *start,
        "Traceback (most recent call last):",
        '  File "/app/two-tower-cg/train.py", line 131, in <module>',
        "    model.fit(train_ds, validation_data=test_ds, epochs=10, callbacks=callbacks)",
        f'  File "{site}/keras/utils/traceback_utils.py", line 70, in error_handler',
        "    raise e.with_traceback(filtered_tb) from None",
        "tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: failed to connect "
        "to all addresses; last error: UNKNOWN: ipv4:10.244.2.31:2222: Failed to connect to remote host: "
        "Connection refused",
        "The error could be from a previous operation. Restart your program to reset.",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("worker", 0, terminated(1, at(30), at(1012)), log=failing),
            PodPlan("worker", 1, terminated(1, at(30), at(1049)), log=peer),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(35), failed=("Worker", at(1050))),
        statuses={"Worker": {"failed": 2}},
        completion=at(1050),
    )
    return CaseSpec(
        id="application-error-tfjob-label-value-outside-valid-range",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=f"{name}-worker-0",
        evidence="Received a label value of 66908 which is outside the valid range",
        description="A two-tower retrieval model trains with MultiWorkerMirroredStrategy; at the first "
        "validation, worker 0's custom loss gets a label id equal to the vocabulary size: TensorFlow's "
        "'InvalidArgumentError: Graph execution error:' says nothing itself, the cause comes after the "
        "'Detected at node' frames - 'Received a label value of 66908 which is outside the valid range of [0, "
        "66908)'. Worker 1's collectives abort with UnavailableError once worker 0 is gone. An off-by-one in "
        "the user's label encoding.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1130),
        title="INVALID_ARGUMENT: Received a label value of 66908 which is outside the valid range of [0, 66908) "
        "in a custom sparse_softmax_cross_entropy_with_logits loss",
        source="https://github.com/biarne-a/hm-two-step-reco/issues/3",
    )


# -- Horovod -------------------------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_mpijob_horovod_rank1_oom_then_shut_down() -> CaseSpec:
    at = Clock(datetime(2019, 6, 17, 17, 0, tzinfo=timezone.utc))
    name, ns = "gpt2-finetune-hvd", "nlp-research"
    site = "/usr/local/lib/python3.5/dist-packages/tensorflow/python"
    shut = (
        "Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to "
        "allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the shutdown was "
        "caused by an exception, you should see the exception in the log before the first shutdown message."
    )
    steps = []
    for i in range(1, 9):
        for r in (0, 1):
            steps.append(
                f"[1,{r}]<stdout>:[{i * 10} | {i * 61.3:.2f}] loss={3.41 - i * 0.05:.2f} avg={3.44 - i * 0.04:.2f}"
            )
    lines = [
        "[1,0]<stdout>:Loading checkpoint models/345M/model.ckpt",
        "[1,1]<stdout>:Loading checkpoint models/345M/model.ckpt",
        "[1,0]<stdout>:Loading dataset...",
        "[1,1]<stdout>:Loading dataset...",
        "[1,0]<stdout>:dataset has 2871534 tokens",
        "[1,1]<stdout>:dataset has 2871534 tokens",
        "[1,0]<stdout>:Training...",
        "[1,1]<stdout>:Training...",
        *steps,
        "[1,1]<stderr>:2019-06-17 17:13:42.247910: W tensorflow/core/common_runtime/bfc_allocator.cc:271] " + "*" * 100,
        "[1,1]<stderr>:2019-06-17 17:13:42.247944: W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES "
        "failed at strided_slice_op.cc:139 : Resource exhausted: OOM when allocating tensor with "
        "shape[2,1023,50257] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        "[1,1]<stderr>:",
        "[1,1]<stderr>:Traceback (most recent call last):",
        f'[1,1]<stderr>:  File "{site}/client/session.py", line 1334, in _do_call',
        "[1,1]<stderr>:    return fn(*args)",
        f'[1,1]<stderr>:  File "{site}/client/session.py", line 1319, in _run_fn',
        "[1,1]<stderr>:    options, feed_dict, fetch_list, target_list, run_metadata)",
        f'[1,1]<stderr>:  File "{site}/client/session.py", line 1407, in _call_tf_sessionrun',
        "[1,1]<stderr>:    run_metadata)",
        "[1,1]<stderr>:tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor "
        "with shape[2,1023,50257] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
        "GPU_0_bfc",
        "[1,1]<stderr>:\t [[{{node strided_slice_1}} = StridedSlice[Index=DT_INT32, T=DT_FLOAT, begin_mask=5, "
        "ellipsis_mask=0, end_mask=7, new_axis_mask=0, shrink_axis_mask=0, "
        '_device="/job:localhost/replica:0/task:0/device:GPU:0"](model/Reshape_1, strided_slice_1/stack, '
        "strided_slice_1/stack_1, strided_slice_1/stack_2)]]",
        "[1,1]<stderr>:Hint: If you want to see a list of allocated tensors when OOM happens, add "
        "report_tensor_allocations_upon_oom to RunOptions for current allocation info.",
        "[1,0]<stderr>:Traceback (most recent call last):",
        f'[1,0]<stderr>:  File "{site}/client/session.py", line 1334, in _do_call',
        "[1,0]<stderr>:    return fn(*args)",
        f"[1,0]<stderr>:tensorflow.python.framework.errors_impl.UnknownError: {shut}",
        "[1,0]<stderr>:\t [[{{node DistributedAdamOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_112_0}}]]",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[50371,1],1]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    gaps = [2] * 7 + [90] + [30, 0] * 8 + [55] + [0] * 40
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/nlp/gpt-2-horovod:tf1.12-hvd0.16",
        launcher_cmd=["mpirun", "-np", "2", "--tag-output", "python", "train-horovod.py", "--dataset", "corpus.npz"],
        workers=2,
        slots=1,
        plan=MPIPlan(launcher_state=terminated(1, at(40), at(460)), launcher_log=stamped(lines, at(45), gaps)),
        worker_resources=gpu(1, "60Gi", "8"),
    )
    return CaseSpec(
        id="gpu-oom-mpijob-horovod-rank1-oom-then-shut-down",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=launcher,
        evidence="OOM when allocating tensor with shape[2,1023,50257]",
        description="GPT-2 345M fine-tuned with Horovod over two GPUs (mpirun --tag-output): rank 1 runs out of "
        "GPU memory in a strided slice of the logits ('ResourceExhaustedError: OOM when allocating tensor with "
        "shape[2,1023,50257]'), and rank 0's allreduce then fails with 'Horovod has been shut down' - the "
        "message Horovod prints on the ranks that survive another's exception. The launcher's log holds every "
        "rank's output.",
        objects=objects,
        logs=logs,
        captured=at(520),
        title="Horovod GPT-2 fine-tuning: rank 1 ResourceExhaustedError OOM when allocating tensor with "
        "shape[2,1023,50257] (strided_slice_op), then Horovod has been shut down",
        source="https://github.com/horovod/horovod/issues/1152",
    )


# -- healthy traps ---------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_running_xgboostjob_unused_parameter_warning() -> CaseSpec:
    at = Clock(datetime(2020, 5, 27, 7, 0, tzinfo=timezone.utc))
    name, ns = "xgb-ranker-dist", "search-ranking"
    ctr = Container(
        "xgboost",
        "registry.corp.example/search/xgboost-dist:1.1.0",
        command=["python", "/opt/xgboost-dist/main.py", "--job_type=Train", "--n_estimators=600"],
        resources=cpu_only("16Gi", "8"),
    )
    warn = [
        "[07:01:12] WARNING: /workspace/src/learner.cc:480: ",
        "Parameters: { max_depth } might not be used.",
        "",
        "  This may not be accurate due to some parameters are only used in language bindings but",
        "  passed down to XGBoost core.  Or some parameters are not used but slip through this",
        "  verification. Please open an issue if you find above cases.",
        "",
        "",
    ]
    master_lines = [
        "INFO:root:starting the train job",
        "INFO:root:start listen on 10.244.5.12:9091",
        "INFO:root:@tracker All of 3 nodes getting started",
        "INFO:root:Read data from OSS by file_path=/data/ranking/part-*, rank 0 of 3",
        *warn,
        *(
            f"[{i}]\ttrain-ndcg@10:{0.6812 + i * 0.0011:.5f}\tvalid-ndcg@10:{0.6544 + i * 0.0008:.5f}"
            for i in range(140)
        ),
    ]
    worker_lines = [
        "INFO:root:starting the train job",
        "INFO:root:Read data from OSS by file_path=/data/ranking/part-*, rank 1 of 3",
        *warn,
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(25)), log=stamped(master_lines, at(30), [1, 1, 20] + [2] * 9 + [25])),
            PodPlan("worker", 0, running(at(25)), log=stamped(worker_lines, at(31), [20] + [2] * 10)),
            PodPlan("worker", 1, running(at(25)), log=stamped(worker_lines, at(32), [20] + [2] * 10)),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(26)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 2}},
    )
    return CaseSpec(
        id="healthy-running-xgboostjob-unused-parameter-warning",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A distributed XGBoost ranker (XGBoostJob, a master and two workers) prints XGBoost's "
        "'WARNING: ... learner.cc:480: Parameters: { max_depth } might not be used' on every replica when the "
        "sklearn wrapper passes its parameters down; the master's rounds go on every 25 seconds and the workers "
        "are quiet by design.",
        objects=[job, *pods],
        logs=logs,
        captured=at(30 + 42 + 25 * 139 + 40),
        title="Warnings of unused parameters from learner.cc: Parameters: { max_depth } might not be used "
        "(XGBoost's false alarm; training goes on)",
        source="https://github.com/dmlc/xgboost/issues/5717",
    )
