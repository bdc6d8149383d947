"""Fresh round 9: real public threads about training code (PyTorch, Lightning, HF, TF/Keras, JAX, Paddle, DeepSpeed): generic exceptions naming a specific cause.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from tests.cases.builders import CaseSpec, Scenarios, cpu_only, gpu
from tests.cases.scenarios_real_application import _failed, _running, _tb

SCENARIOS = Scenarios()


_PY38 = "/usr/local/lib/python3.8/dist-packages"
_PY310 = "/usr/local/lib/python3.10/dist-packages"


# -- TensorFlow / Keras: a Graph execution error or a layer check whose message names the cause ---------


@SCENARIOS.add
def application_error_job_keras_embedding_index_not_in_range() -> CaseSpec:
    lines = [
        "2026-09-14 07:00:31.104331: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is "
        "optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following CPU instructions in "
        "performance-critical operations:  AVX2 AVX512F FMA",
        "2026-09-14 07:00:35.771208: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1613] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 14626 MB memory:  -> device: 0, name: Tesla T4, pci bus "
        "id: 0000:00:04.0, compute capability: 7.5",
        "Vocabulary size: 1498135, max sequence length: 120",
        "Epoch 1/10",
        *_tb(
            [
                (
                    "/app/sentiment/train.py",
                    96,
                    "<module>",
                    "history = model.fit(X_train, y_train, epochs=10, batch_size=64, validation_split=0.1)",
                ),
                (
                    f"{_PY38}/keras/utils/traceback_utils.py",
                    70,
                    "error_handler",
                    "raise e.with_traceback(filtered_tb) from None",
                ),
                (
                    f"{_PY38}/tensorflow/python/eager/execute.py",
                    52,
                    "quick_execute",
                    "tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,",
                ),
            ],
            "tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:",
        ),
        "",
        "Detected at node 'sequential/embedding/embedding_lookup' defined at (most recent call last):",
        '    File "/app/sentiment/train.py", line 96, in <module>',
        "      history = model.fit(X_train, y_train, epochs=10, batch_size=64, validation_split=0.1)",
        f'    File "{_PY38}/keras/utils/traceback_utils.py", line 65, in error_handler',
        "      return fn(*args, **kwargs)",
        f'    File "{_PY38}/keras/engine/training.py", line 1650, in fit',
        "      tmp_logs = self.train_function(iterator)",
        f'    File "{_PY38}/keras/engine/training.py", line 1249, in train_function',
        "      return step_function(self, iterator)",
        f'    File "{_PY38}/keras/engine/training.py", line 1051, in train_step',
        "      y_pred = self(x, training=True)",
        f'    File "{_PY38}/keras/layers/core/embedding.py", line 272, in call',
        "      out = tf.nn.embedding_lookup(self.embeddings, inputs)",
        "Node: 'sequential/embedding/embedding_lookup'",
        "indices[0,57] = 1544453 is not in [0, 1498136)",
        "\t [[{{node sequential/embedding/embedding_lookup}}]] [Op:__inference_train_function_8141]",
    ]
    return _failed(
        id="application-error-job-keras-embedding-index-not-in-range",
        day=14,
        name="review-sentiment-lstm",
        ns="nlp-reviews",
        image="registry.corp.example/nlp/keras-train:tf2.11-gpu",
        command=["python", "/app/sentiment/train.py", "--epochs", "10"],
        resources=gpu(1, "32Gi", "8"),
        lines=lines,
        gaps=[4.6, 3.1, 0.5, 6.0, *[0.01] * 40],
        category="application-error",
        evidence="indices[0,57] = 1544453 is not in [0, 1498136)",
        description="A Keras text classifier's Embedding layer is sized from a vocabulary of 1,498,136 ids, but the "
        "tokenised training data holds ids up to 1,544,453 (the tokenizer was fitted on more text than the vocabulary "
        "count used for the layer). The first batch fails in the embedding lookup. TensorFlow's 'InvalidArgumentError: "
        "Graph execution error:' says nothing by itself; the cause follows the 'Detected at node' frames: 'indices[0,57] "
        "= 1544453 is not in [0, 1498136)' - an input id larger than the layer's input_dim, a bug in the user's "
        "preprocessing.",
        title="InvalidArgumentError: Graph execution error: Node: 'sequential/embedding/embedding_lookup' indices[0,57] "
        "= 1544453 is not in [0, 1498136) in model.fit",
        source="https://github.com/tensorflow/tensorflow/issues/59709",
    )


@SCENARIOS.add
def application_error_job_keras_dense_input_shape_incompatible() -> CaseSpec:
    lines = [
        "Found 5216 images belonging to 2 classes.",
        "Found 624 images belonging to 2 classes.",
        "2026-09-15 07:00:36.512044: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  -> device: 0, name: NVIDIA A10G, pci bus "
        "id: 0000:00:1e.0, compute capability: 8.6",
        'Model: "sequential"',
        "Total params: 2,230,593 (8.51 MB)",
        "Epoch 1/10",
        *_tb(
            [
                (
                    "/app/xray/train_cnn.py",
                    64,
                    "<module>",
                    "history = model.fit(x=training_set,validation_data=validation_set, epochs=10)",
                ),
                (
                    f"{_PY310}/keras/src/utils/traceback_utils.py",
                    122,
                    "error_handler",
                    "raise e.with_traceback(filtered_tb) from None",
                ),
                (
                    f"{_PY310}/keras/src/layers/input_spec.py",
                    227,
                    "assert_input_compatibility",
                    "raise ValueError(",
                ),
            ],
            "ValueError: Exception encountered when calling Sequential.call().",
        ),
        "",
        'Input 0 of layer "dense_2" is incompatible with the layer: expected axis -1 of input shape to have value '
        "16384, but received input with shape (None, 65536)",
        "",
        "Arguments received by Sequential.call():",
        "  • inputs=tf.Tensor(shape=(None, 256, 256, 3), dtype=float32)",
        "  • training=True",
        "  • mask=None",
    ]
    return _failed(
        id="application-error-job-keras-dense-input-shape-incompatible",
        day=15,
        name="xray-pneumonia-cnn",
        ns="med-imaging",
        image="registry.corp.example/med/keras3-train:2.16",
        command=["python", "/app/xray/train_cnn.py"],
        resources=gpu(1, "32Gi", "8"),
        lines=lines,
        gaps=[0.4, 5.2, 1.3, 0.1, 0.8, 4.4, *[0.01] * 20],
        category="application-error",
        evidence='Input 0 of layer "dense_2" is incompatible with the layer',
        description="A Keras 3 CNN is built with input_shape=(128, 128, 3) on every convolution, but the image "
        "generators yield 256x256 images; after Flatten the first Dense layer receives 65,536 features instead of "
        "the 16,384 it was built for, and the first training step fails Keras' input check. A ValueError whose "
        "message names a shape mismatch between the model and the data: the user's model definition is wrong.",
        title='ValueError: Input 0 of layer "dense_2" is incompatible with the layer: expected axis -1 of input shape '
        "to have value 16384, but received input with shape (None, 65536)",
        source="https://github.com/keras-team/keras/issues/19367",
    )


@SCENARIOS.add
def missing_file_job_tf_restore_checkpoint_checksum_mismatch() -> CaseSpec:
    site = "/usr/local/lib/python3.5/dist-packages"
    lines = [
        "INFO:tensorflow:Maybe overwriting train_steps: 50000",
        "INFO:tensorflow:Create CheckpointSaverHook.",
        "INFO:tensorflow:Graph was finalized.",
        "2026-09-16 07:00:52.118204: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1097] Created TensorFlow device "
        "(/job:localhost/replica:0/task:0/device:GPU:0 with 10403 MB memory) -> physical GPU (device: 0, name: GeForce "
        "GTX 1080 Ti, pci bus id: 0000:00:05.0, compute capability: 6.1)",
        "INFO:tensorflow:Restoring parameters from /data/train/model.ckpt-4630",
        "2026-09-16 07:00:55.640129: W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES failed at "
        "save_restore_v2_ops.cc:184 : Data loss: Checksum does not match: stored 4061069822 vs. calculated on the "
        "restored bytes 2733927205",
        *_tb(
            [
                (f"{site}/tensorflow/python/client/session.py", 1334, "_do_call", "return fn(*args)"),
                (
                    f"{site}/tensorflow/python/client/session.py",
                    1319,
                    "_run_fn",
                    "options, feed_dict, fetch_list, target_list, run_metadata)",
                ),
                (f"{site}/tensorflow/python/client/session.py", 1407, "_call_tf_sessionrun", "run_metadata)"),
            ],
            "tensorflow.python.framework.errors_impl.DataLossError: Checksum does not match: stored 4061069822 vs. "
            "calculated on the restored bytes 2733927205",
        ),
        "\t [[{{node save/RestoreV2}} = RestoreV2[dtypes=[DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, ..., "
        'DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_INT64], _device="/job:localhost/replica:0/task:0/device:CPU:0"]'
        "(_arg_save/Const_0_0, save/RestoreV2/tensor_names, save/RestoreV2/shape_and_slices)]]",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                ("/models/research/object_detection/model_main.py", 109, "<module>", "tf.app.run()"),
                (
                    f"{site}/tensorflow/python/training/saver.py",
                    1546,
                    "restore",
                    "{self.saver_def.filename_tensor_name: save_path})",
                ),
                (f"{site}/tensorflow/python/client/session.py", 929, "run", "run_metadata_ptr)"),
                (
                    f"{site}/tensorflow/python/client/session.py",
                    1348,
                    "_do_call",
                    "raise type(e)(node_def, op, message)",
                ),
            ],
            "tensorflow.python.framework.errors_impl.DataLossError: Checksum does not match: stored 4061069822 vs. "
            "calculated on the restored bytes 2733927205",
        ),
        "         [[node save/RestoreV2 (defined at /models/research/object_detection/model_lib.py:475)  = "
        "RestoreV2[dtypes=[DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, ..., DT_FLOAT, DT_FLOAT, DT_FLOAT, "
        'DT_FLOAT, DT_INT64], _device="/job:localhost/replica:0/task:0/device:CPU:0"](_arg_save/Const_0_0, '
        "save/RestoreV2/tensor_names, save/RestoreV2/shape_and_slices)]]",
    ]
    return _failed(
        id="missing-file-job-tf-restore-checkpoint-checksum-mismatch",
        day=16,
        name="ssd-mobilenet-shelves",
        ns="retail-vision",
        image="registry.corp.example/vision/tf-object-detection:1.12-gpu",
        command=[
            "python",
            "/models/research/object_detection/model_main.py",
            "--pipeline_config_path=/data/ssd_mobilenet_v2.config",
            "--model_dir=/data/train",
        ],
        resources=gpu(1, "24Gi", "6"),
        lines=lines,
        gaps=[1.2, 0.8, 6.1, 1.4, 2.1, *[0.01] * 40],
        category="missing-file",
        evidence="Checksum does not match: stored 4061069822 vs. calculated on the restored bytes 2733927205",
        description="An object-detection run resumes from the latest checkpoint in its model directory; TensorFlow's "
        "RestoreV2 reads the checkpoint's data file and finds its bytes do not match the checksum stored in the "
        "index, so the restore fails with DataLossError. The checkpoint file is there but damaged (a copy or save that "
        "did not finish): the job needs a whole checkpoint - restore it again from its source or start from an "
        "earlier one.",
        title="DataLossError: Checksum does not match: stored 4061069822 vs. calculated on the restored bytes "
        "2733927205 (save/RestoreV2 when resuming object_detection training)",
        source="https://github.com/tensorflow/hub/issues/305",
    )


# -- scikit-learn / Hugging Face / Paddle: the exception names its cause ---------------------------------


@SCENARIOS.add
def oom_killed_job_sklearn_search_worker_sigkill() -> CaseSpec:
    site = "/usr/local/lib/python3.6/dist-packages"
    lines = [
        "Loaded 1826400 rows x 212 features for 14 targets",
        "Fitting 3 folds for each of 10 candidates, totalling 30 fits",
        "[Parallel(n_jobs=40)]: Using backend LokyBackend with 40 concurrent workers.",
        *_tb(
            [
                ("/app/forecast/tune_xgb.py", 77, "<module>", "grid.fit(X_train, y_train)"),
                (f"{site}/sklearn/model_selection/_search.py", 722, "fit", "self._run_search(evaluate_candidates)"),
                (
                    f"{site}/sklearn/model_selection/_search.py",
                    1515,
                    "_run_search",
                    "random_state=self.random_state))",
                ),
                (
                    f"{site}/sklearn/model_selection/_search.py",
                    711,
                    "evaluate_candidates",
                    "cv.split(X, y, groups)))",
                ),
                (f"{site}/sklearn/externals/joblib/parallel.py", 930, "__call__", "self.retrieve()"),
                (
                    f"{site}/sklearn/externals/joblib/parallel.py",
                    833,
                    "retrieve",
                    "self._output.extend(job.get(timeout=self.timeout))",
                ),
                (
                    f"{site}/sklearn/externals/joblib/_parallel_backends.py",
                    521,
                    "wrap_future_result",
                    "return future.result(timeout=timeout)",
                ),
                ("/usr/lib/python3.6/concurrent/futures/_base.py", 432, "result", "return self.__get_result()"),
                ("/usr/lib/python3.6/concurrent/futures/_base.py", 384, "__get_result", "raise self._exception"),
            ],
            "sklearn.externals.joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed "
            "by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling "
            "the function or by an excessive memory usage causing the Operating System to kill the worker. The exit "
            "codes of the workers are {SIGKILL(-9)}",
        ),
    ]
    return _failed(
        id="oom-killed-job-sklearn-search-worker-sigkill",
        day=17,
        name="demand-xgb-tuning",
        ns="forecasting",
        image="registry.corp.example/forecast/sklearn-xgb:0.20",
        command=["python", "/app/forecast/tune_xgb.py", "--grid-jobs", "40"],
        resources=cpu_only("64Gi", "40"),
        lines=lines,
        gaps=[2.0, 0.3, 412.0, *[0.01] * 30],
        category="oom-killed",
        evidence="The exit codes of the workers are {SIGKILL(-9)}",
        description="A RandomizedSearchCV over a MultiOutputRegressor of XGBoost models runs 40 loky worker "
        "processes at once, each with its own copy of a 1.8-million-row training set; together they pass the "
        "container's 64 GiB memory limit and the kernel kills workers with SIGKILL. joblib reports "
        "TerminatedWorkerError with the workers' exit codes {SIGKILL(-9)} and the main process exits 1 - the "
        "container itself was not OOMKilled. Fewer parallel jobs (or a larger memory limit) fix it.",
        title="TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated ... The "
        "exit codes of the workers are {SIGKILL(-9)} (RandomizedSearchCV with n_jobs=40)",
        source="https://github.com/scikit-learn-contrib/skope-rules/issues/18",
    )


@SCENARIOS.add
def application_error_job_datasets_json_column_changed() -> CaseSpec:
    site = "/opt/conda/lib/python3.10/site-packages"
    lines = [
        "[INFO|tokenization_utils_base.py:2044] 2026-09-18 07:00:34,118 >> loading file tokenizer.json",
        "09/18/2026 07:00:35 - INFO - __main__ - training files: /data/sft/zh_instruct_v2.json",
        "Generating train split: 0 examples [00:00, ? examples/s]",
        "Failed to read file '/data/sft/zh_instruct_v2.json' with error <class 'pyarrow.lib.ArrowInvalid'>: JSON parse "
        "error: Column() changed from object to array in row 0",
        *_tb(
            [
                (
                    f"{site}/datasets/packaged_modules/json/json.py",
                    130,
                    "_generate_tables",
                    "pa_table = paj.read_json(",
                ),
                ("pyarrow/_json.pyx", 308, "pyarrow._json.read_json", ""),
                ("pyarrow/error.pxi", 154, "pyarrow.lib.pyarrow_internal_check_status", ""),
                ("pyarrow/error.pxi", 91, "pyarrow.lib.check_status", ""),
            ],
            "pyarrow.lib.ArrowInvalid: JSON parse error: Column() changed from object to array in row 0",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                (f"{site}/datasets/builder.py", 1997, "_prepare_split_single", "for _, table in generator:"),
                (
                    f"{site}/datasets/packaged_modules/json/json.py",
                    153,
                    "_generate_tables",
                    'df = pd.read_json(f, dtype_backend="pyarrow")',
                ),
                (f"{site}/pandas/io/json/_json.py", 815, "read_json", "return json_reader.read()"),
                (f"{site}/pandas/io/json/_json.py", 1025, "read", "obj = self._get_object_parser(self.data)"),
                (
                    f"{site}/pandas/io/json/_json.py",
                    1051,
                    "_get_object_parser",
                    "obj = FrameParser(json, **kwargs).parse()",
                ),
                (f"{site}/pandas/io/json/_json.py", 1187, "parse", "self._parse()"),
                (f"{site}/pandas/io/json/_json.py", 1402, "_parse", "self.obj = DataFrame("),
            ],
            "ValueError: Mixing dicts with non-Series may lead to ambiguous ordering.",
        ),
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        *_tb(
            [
                ("/app/scripts/training/run_clm_sft_with_peft.py", 447, "<module>", "main()"),
                (
                    "/app/scripts/training/run_clm_sft_with_peft.py",
                    318,
                    "main",
                    "train_dataset = build_instruction_dataset(",
                ),
                (
                    "/app/scripts/training/build_dataset.py",
                    52,
                    "build_instruction_dataset",
                    "raw_dataset = load_dataset(",
                ),
                (f"{site}/datasets/load.py", 2609, "load_dataset", "builder_instance.download_and_prepare("),
                (
                    f"{site}/datasets/builder.py",
                    1873,
                    "_prepare_split",
                    "for job_id, done, content in self._prepare_split_single(",
                ),
                (
                    f"{site}/datasets/builder.py",
                    2040,
                    "_prepare_split_single",
                    'raise DatasetGenerationError("An error occurred while generating the dataset") from e',
                ),
            ],
            "datasets.exceptions.DatasetGenerationError: An error occurred while generating the dataset",
        ),
    ]
    return _failed(
        id="application-error-job-datasets-json-column-changed",
        day=18,
        name="llama3-zh-sft",
        ns="llm-finetune",
        image="registry.corp.example/llm/llama3-sft:2.1",
        command=["torchrun", "--nproc_per_node", "1", "scripts/training/run_clm_sft_with_peft.py"],
        resources=gpu(1, "96Gi", "12"),
        lines=lines,
        gaps=[1.1, 0.4, 3.7, *[0.01] * 60],
        category="application-error",
        evidence="JSON parse error: Column() changed from object to array in row 0",
        description="An instruction fine-tune loads its training file with datasets' json builder. The file is one "
        "JSON array whose records do not share one shape (a field that is an object in one record and a list in "
        "another), so pyarrow cannot build a table from it ('Column() changed from object to array in row 0'), the "
        "pandas fallback fails too, and load_dataset raises DatasetGenerationError. The training data file is in the "
        "wrong format for the loader - the user's data, not the library.",
        title="pyarrow.lib.ArrowInvalid: JSON parse error: Column() changed from object to array in row 0 -> "
        "DatasetGenerationError: An error occurred while generating the dataset",
        source="https://github.com/ymcui/Chinese-LLaMA-Alpaca-3/issues/82",
    )


@SCENARIOS.add
def application_error_job_trainer_model_returned_no_loss() -> CaseSpec:
    lines = [
        "[INFO|trainer.py:2243] 2026-09-19 07:01:12,332 >> ***** Running training *****",
        "[INFO|trainer.py:2244] 2026-09-19 07:01:12,332 >>   Num examples = 4,812",
        "[INFO|trainer.py:2245] 2026-09-19 07:01:12,332 >>   Num Epochs = 3",
        "[INFO|trainer.py:2246] 2026-09-19 07:01:12,332 >>   Instantaneous batch size per device = 2",
        "[INFO|trainer.py:2252] 2026-09-19 07:01:12,333 >>   Total optimization steps = 7,218",
        "  0%|          | 0/7218 [00:00<?, ?it/s]",
        *_tb(
            [
                ("/app/finetune_mllama.py", 141, "<module>", "trainer.train()"),
                (f"{_PY310}/transformers/trainer.py", 2122, "train", "return inner_training_loop("),
                (
                    f"{_PY310}/transformers/trainer.py",
                    2474,
                    "_inner_training_loop",
                    "tr_loss_step = self.training_step(model, inputs)",
                ),
                (
                    f"{_PY310}/transformers/trainer.py",
                    3572,
                    "training_step",
                    "loss = self.compute_loss(model, inputs)",
                ),
                (f"{_PY310}/transformers/trainer.py", 3644, "compute_loss", "raise ValueError("),
            ],
            "ValueError: The model did not return a loss from the inputs, only the following keys: logits. For "
            "reference, the inputs it received are input_ids,attention_mask,pixel_values,aspect_ratio_ids,"
            "aspect_ratio_mask,cross_attention_mask.",
        ),
        "  0%|          | 0/7218 [00:01<?, ?it/s]",
    ]
    return _failed(
        id="application-error-job-trainer-model-returned-no-loss",
        day=19,
        name="mllama-doc-vqa-ft",
        ns="multimodal",
        image="registry.corp.example/mm/transformers-train:4.45",
        command=["python", "/app/finetune_mllama.py", "--output_dir", "/ckpt/mllama-docvqa"],
        resources=gpu(1, "120Gi", "16"),
        lines=lines,
        gaps=[0.001, 0.001, 0.001, 0.001, 0.3, *[0.01] * 12, 0.5],
        category="application-error",
        evidence="The model did not return a loss from the inputs",
        description="A vision-language fine-tune with the Hugging Face Trainer: the data collator builds pixel "
        "values, masks and input ids but no labels, so the model computes only logits and the Trainer cannot get a "
        "loss at the first step. The ValueError lists the inputs it received - labels is not among them. The user's "
        "collator (or dataset) must provide labels.",
        title="ValueError: The model did not return a loss from the inputs, only the following keys: logits. For "
        "reference, the inputs it received are input_ids,attention_mask,pixel_values,aspect_ratio_ids,...",
        source="https://github.com/huggingface/transformers/issues/34392",
    )


@SCENARIOS.add
def application_error_job_paddle_concat_shape_not_equal() -> CaseSpec:
    lines = [
        "[2026-09-20 07:00:41,205] [    INFO] - The global seed is set to 42, local seed is set to 43 and random seed "
        "is set to 42.",
        "[2026-09-20 07:00:43,880] [    INFO] - ***** Running training *****",
        "[2026-09-20 07:00:43,880] [    INFO] -   Num examples = 2,960",
        "[2026-09-20 07:00:43,881] [    INFO] -   Total optimization steps = 1,110",
        *_tb(
            [
                ("/paddle/ERNIE-release-v1.4/erniekit/launcher.py", 58, "<module>", "launch()"),
                ("/paddle/ERNIE-release-v1.4/erniekit/launcher.py", 46, "launch", "run_tuner()"),
                (
                    "/paddle/ERNIE-release-v1.4/erniekit/train/tuner.py",
                    82,
                    "run_tuner",
                    '_training_function(config={"args": args})',
                ),
                ("/paddle/ERNIE-release-v1.4/erniekit/train/tuner.py", 64, "_training_function", "run_ocr_vl_sft("),
                (
                    "/paddle/ERNIE-release-v1.4/erniekit/train/ocr_vl_sft/workflow.py",
                    744,
                    "run_ocr_vl_sft",
                    "train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                ),
                (
                    "/paddle/ERNIE-release-v1.4/erniekit/train/ocr_vl_sft/trainer.py",
                    362,
                    "train",
                    "return self._inner_training_loop(",
                ),
                (
                    "/paddle/ERNIE-release-v1.4/erniekit/train/ocr_vl_sft/trainer.py",
                    517,
                    "_inner_training_loop",
                    "for step, inputs in enumerate(epoch_iterator):",
                ),
                (
                    "/paddle/ERNIE-release-v1.4/ernie/dataset/dist_data_loader.py",
                    407,
                    "__iter__",
                    "slice_result = self.sync_array_slices(",
                ),
                (
                    "/paddle/ERNIE-release-v1.4/ernie/dataset/dist_data_loader.py",
                    275,
                    "sync_array_slices",
                    'paddle.concat(buffer["images"]) if len(buffer["images"]) > 0 else None',
                ),
                (f"{_PY310}/paddle/tensor/manipulation.py", 1421, "concat", "return _C_ops.concat(input, axis)"),
            ],
            "ValueError: (InvalidArgument) The shape of input[0] and input[1] is expected to be equal.But received "
            "input[0]'s shape = [3, 1680, 1260], input[1]'s shape = [1, 1120, 840].",
        ),
        "  [Hint: Expected inputs_dims[i][j] == out_dims[j], but received inputs_dims[i][j]:1120 != "
        "out_dims[j]:1680.] (at /paddle/paddle/phi/kernels/funcs/concat_funcs.h:64)",
    ]
    return _failed(
        id="application-error-job-paddle-concat-shape-not-equal",
        day=20,
        name="ocr-vl-table-sft",
        ns="doc-ai",
        image="registry.corp.example/doc/paddle-ernie:3.2-gpu",
        command=["erniekit", "train", "examples/configs/PaddleOCR-VL/sft/run_ocr_vl_sft_16k.yaml"],
        resources=gpu(1, "80Gi", "12"),
        lines=lines,
        gaps=[2.7, 0.001, 0.001, 1.2, *[0.01] * 30],
        category="application-error",
        evidence="The shape of input[0] and input[1] is expected to be equal",
        description="A PaddleOCR-VL table fine-tune batches images of different sizes and channel counts (a "
        "grayscale page among colour ones); the data loader's paddle.concat of the batch's images rejects them with "
        "Paddle's (InvalidArgument) error before the first step. A generic ValueError whose message names the "
        "mismatch in the user's training data.",
        title="PaddleOCR-VL table fine-tuning: ValueError: (InvalidArgument) The shape of input[0] and input[1] is "
        "expected to be equal.",
        source="https://github.com/PaddlePaddle/ERNIE/issues/1398",
    )


# -- healthy traps: warnings in running training jobs ----------------------------------------------------


@SCENARIOS.add
def healthy_job_lightning_num_workers_warnings() -> CaseSpec:
    pl = "/home/mist/.local/lib/python3.6/site-packages/pytorch_lightning"
    bar = "Epoch 0:   {pct:>2}%|{fill:<10}| {n}/2239 [{el}<{left},  2.15it/s, loss={loss}, v_num=1]"
    lines = [
        "GPU available: True, used: True",
        "TPU available: False, using: 0 TPU cores",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]",
        f"{pl}/utilities/distributed.py:37: UserWarning: The dataloader, val dataloader 0, does not have many workers "
        "which may be a bottleneck. Consider increasing the value of the `num_workers` argument` (try 96 which is the "
        "number of cpus on this machine) in the `DataLoader` init to improve performance.",
        "  warnings.warn(*args, **kwargs)",
        "bert/vocab.txt",
        f"{pl}/utilities/distributed.py:37: UserWarning: The dataloader, train dataloader, does not have many workers "
        "which may be a bottleneck. Consider increasing the value of the `num_workers` argument` (try 96 which is the "
        "number of cpus on this machine) in the `DataLoader` init to improve performance.",
        "  warnings.warn(*args, **kwargs)",
        "bert/vocab.txt",
        "Epoch 0:   0%|            | 1/2239 [00:00<17:25,  2.14it/s, loss=0.795, v_num=1]/usr/local/lib/python3.6/dist-"
        "packages/torch/optim/lr_scheduler.py:123: UserWarning: Detected call of `lr_scheduler.step()` before "
        "`optimizer.step()`. In PyTorch 1.1.0 and later, you should call them in the opposite order: "
        "`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the "
        "first value of the learning rate schedule. See more details at "
        "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate",
        '  "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate", UserWarning)',
        *[
            bar.format(
                pct=n * 100 // 2239,
                fill="▏" * (n * 10 // 2239),
                n=n,
                el=f"{n * 465 // 1000 // 60:02d}:{n * 465 // 1000 % 60:02d}",
                left=f"{(2239 - n) * 465 // 1000 // 60:02d}:{(2239 - n) * 465 // 1000 % 60:02d}",
                loss=f"{0.62 - n / 10000:.3f}",
            )
            for n in range(129, 1300, 129)
        ],
    ]
    return _running(
        id="healthy-job-lightning-num-workers-warnings",
        day=21,
        name="mrc-ner-ontonotes",
        ns="nlp-ner",
        image="registry.corp.example/nlp/mrc-ner:pl1.0",
        command=["python", "trainer.py", "--gpus=1", "--batch_size", "16", "--max_epochs", "20"],
        lines=lines,
        gaps=[0.01, 0.01, 3.2, 0.01, 0.2, 1.1, 0.01, 0.2, 2.4, 0.01, *[60.0] * 10],
        description="A Lightning NER model trains on one GPU. At start-up Lightning warns that the train and "
        "validation dataloaders have few workers, and PyTorch warns that lr_scheduler.step() was called before "
        "optimizer.step() - UserWarnings about performance and schedule order, not failures. The epoch bar keeps "
        "advancing every minute and the pod is running.",
        title="UserWarning: The dataloader, train dataloader, does not have many workers which may be a bottleneck "
        "... always shown before epoch 0 (training runs)",
        source="https://github.com/ShannonAI/mrc-for-flat-nested-ner/issues/56",
    )


@SCENARIOS.add
def healthy_job_tf_trt_warning_every_epoch() -> CaseSpec:
    def epoch(e: int, cost: float) -> list[str]:
        warn = (
            f"2026-09-22 07:{e:02d}:25.068286: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT "
            "Warning: Could not find TensorRT"
        )
        return [warn, warn.replace("25.068286", "25.070252"), f"INFO:44k:====> Epoch: {e}, cost {cost:.2f} s"]

    lines = [
        "INFO:44k:Loaded checkpoint './logs/44k/G_600.pth' (iteration 15)",
        "INFO:44k:Loaded checkpoint './logs/44k/D_600.pth' (iteration 15)",
        *epoch(16, 49.20),
        *epoch(17, 49.26),
        *epoch(18, 49.14),
        *epoch(19, 50.24),
        "INFO:44k:Train Epoch: 20 [51%]",
        "INFO:44k:Losses: [2.5939083099365234, 2.0429091453552246, 9.801409721374512, 18.8170166015625, "
        "1.699934959411621], step: 800, lr: 9.976276699833672e-05",
        "INFO:44k:Saving model and optimizer state at iteration 20 to ./logs/44k/G_800.pth",
        "INFO:44k:Saving model and optimizer state at iteration 20 to ./logs/44k/D_800.pth",
        *epoch(20, 49.87),
        *epoch(21, 49.31),
        *epoch(22, 49.40),
    ]
    return _running(
        id="healthy-job-tf-trt-warning-every-epoch",
        day=22,
        name="svc-voice-44k",
        ns="audio-gen",
        image="registry.corp.example/audio/so-vits-svc:4.1",
        command=["python", "train.py", "-c", "configs/config.json", "-m", "44k"],
        lines=lines,
        gaps=[
            0.4,
            14.0,
            0.01,
            2.0,
            47.0,
            0.01,
            2.0,
            47.0,
            0.01,
            2.0,
            47.0,
            0.01,
            2.0,
            24.0,
            0.01,
            1.2,
            0.5,
            22.0,
            0.01,
            2.0,
            47.0,
            0.01,
            2.0,
            47.0,
            0.01,
            2.0,
        ],
        description="A voice-conversion model trains with PyTorch; TensorFlow is only imported by a logging "
        "dependency, and at every epoch its data loader workers print 'TF-TRT Warning: Could not find TensorRT'. "
        "TensorRT is not used by this job at all; the epochs keep completing in about 49 s each, checkpoints are "
        "saved, and the pod is running.",
        title="W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT - "
        "printed every epoch while training continues",
        source="https://github.com/effusiveperiscope/so-vits-svc/issues/38",
    )
