"""Fresh round 38: real public threads about jobs that hang or stop making progress: frozen training, hung collectives, unresponsive servers.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, gpu, stamped
from tests.cases.scenarios_fresh13_training import _hung_job
from tests.cases.scenarios_fresh33_vision import _train
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. BasicSR (ESRGAN-style GAN): the iteration log stops at epoch 227, no error ----------------------------


@SCENARIOS.add
def stalled_job_basicsr_gan_training_log_stops_at_epoch_227() -> CaseSpec:
    # The log's own times put its first line at 15:50:30.390; the kubelet's stamps follow them.
    at = Clock(datetime(2020, 8, 15, 15, 50, 0, tzinfo=timezone.utc))
    ctr = _train(
        "registry.example/superres/basicsr:torch1.5-cu101",
        ["python", "basicsr/train.py", "-opt", "options/train/train_my_esrgan.yml"],
        1,
        at(2),
    )
    lines = [
        "2020-08-15 15:50:30,390 INFO: [My_ES..][epoch:207, iter:  20,100, lr:(1.000e-04,)] [eta: 1 day, 18:13:17, "
        "time (data): 0.365 (0.002)] l_g_pix: 3.1516e-04 l_g_percep: 5.2308e-01 l_g_gan: 4.2322e-02 l_d_real: "
        "2.6469e-04 l_d_fake: 2.4991e-04 out_d_real: 9.1384e+01 out_d_fake: 8.2920e+01",
        "2020-08-15 15:51:08,890 INFO: [My_ES..][epoch:208, iter:  20,200, lr:(1.000e-04,)] [eta: 1 day, 18:12:08, "
        "time (data): 0.375 (0.002)] l_g_pix: 3.8449e-04 l_g_percep: 6.5796e-01 l_g_gan: 1.6233e-02 l_d_real: "
        "5.6346e-02 l_d_fake: 5.7430e-02 out_d_real: 1.8667e+01 out_d_fake: 1.5477e+01",
        "2020-08-15 15:51:47,540 INFO: [My_ES..][epoch:209, iter:  20,300, lr:(1.000e-04,)] [eta: 1 day, 18:11:03, "
        "time (data): 0.390 (0.002)] l_g_pix: 3.6667e-04 l_g_percep: 5.6971e-01 l_g_gan: 3.3218e-02 l_d_real: "
        "4.9696e-03 l_d_fake: 2.8609e-03 out_d_real: 4.7469e+01 out_d_fake: 4.0829e+01",
        "2020-08-15 15:52:26,426 INFO: [My_ES..][epoch:210, iter:  20,400, lr:(1.000e-04,)] [eta: 1 day, 18:10:02, "
        "time (data): 0.377 (0.002)] l_g_pix: 3.3959e-04 l_g_percep: 6.2266e-01 l_g_gan: 9.3960e-03 l_d_real: "
        "2.0036e-01 l_d_fake: 1.9684e-01 out_d_real: 1.1326e+02 out_d_fake: 1.1158e+02",
        "2020-08-15 16:03:41,902 INFO: [My_ES..][epoch:227, iter:  22,100, lr:(1.000e-04,)] [eta: 1 day, 17:57:28, "
        "time (data): 0.386 (0.002)] l_g_pix: 4.0449e-04 l_g_percep: 6.2189e-01 l_g_gan: 2.2486e-02 l_d_real: "
        "1.4423e-02 l_d_fake: 1.3582e-02 out_d_real: 8.5756e+01 out_d_fake: 8.1273e+01",
    ]
    return _hung_job(
        id="stalled-job-basicsr-gan-training-log-stops-at-epoch-227",
        at=at,
        name="basicsr-esrgan-train",
        ns="superres",
        ctr=ctr,
        node_name="gpu-node-04",
        lines=lines,
        start=30.390,
        gaps=[38.5, 38.65, 38.886, 675.476],
        quiet=3 * 3600,
        evidence="[epoch:227,",
        description="Training a GAN super-resolution model (pixel, perceptual and GAN losses, an experiment "
        "named 'My_ES..') with BasicSR on one GPU: the iteration log comes every ~100 iterations (~39 s) with an "
        "ETA of 1 day 18 h, and after epoch 227, iter 22,100 nothing more is printed - no error, the run just "
        "sits there. The maintainer cannot tell the cause from config and log and asks for the Ctrl+C traceback; "
        "the reporter later says it was an issue with their device and solved it. The log lines are the "
        "thread's, verbatim (the stored copy keeps epochs 207-210, a fifth line cut mid-number that is left out, "
        "and the last line, epoch 227; the lines between are not in the stored copy and are left out). "
        "Reconstructed: the run as a batch Job whose one pod holds one GPU and still runs three hours after "
        "the last line (the reporter's Linux GPU host placed in a pod), the option file's name, image, "
        "resources, node and the kubelet's times (aligned with the lines' own).",
        title="BasicSR GAN training stops logging after epoch 227 (iter 22,100), no error, process still there",
        source="https://github.com/XPixelGroup/BasicSR/issues/269",
    )


# -- 2. mmdetection Libra R-CNN: tools/train.py prints its workflow and then nothing ----------------------


@SCENARIOS.add
def stalled_job_mmdet_libra_rcnn_stuck_after_workflow_line() -> CaseSpec:
    at = Clock(datetime(2020, 2, 5, 8, 0, tzinfo=timezone.utc))
    command = ["python", "tools/train.py", "configs/libra_rcnn/libra_faster_rcnn_x101_64x4d_fpn_1x_copy.py"]
    ctr = _train("registry.example/vision/mmdetection:v1.0-torch1.3", command, 1, at(2))
    return _hung_job(
        id="stalled-job-mmdet-libra-rcnn-stuck-after-workflow-line",
        at=at,
        name="mmdet-libra-rcnn-x101",
        ns="vision",
        ctr=ctr,
        node_name="gpu-node-02",
        lines=["INFO - workflow: [('train', 1)], max: 20 epochs"],
        gaps=[],
        quiet=2 * 3600,
        evidence="INFO - workflow: [('train', 1)], max: 20 epochs",
        description="Training Libra Faster R-CNN (X-101 64x4d FPN, a copied config) with mmdetection's "
        "tools/train.py: it prints \"INFO - workflow: [('train', 1)], max: 20 epochs\" and gets stuck there - no "
        "iteration log, no error. The maintainers cannot say why without the error template's information and "
        "the thread ends there. The command and the line are the thread's, verbatim (the only line it pasted, "
        "as pasted). Reconstructed: the run as a batch Job whose one pod holds one GPU and still runs two hours "
        "after that line (the reporter's Linux GPU host placed in a pod), image, resources, node and times.",
        title="mmdetection Libra R-CNN training stuck right after \"workflow: [('train', 1)], max: 20 epochs\", no "
        "error",
        source="https://github.com/open-mmlab/mmdetection/issues/2053",
    )


# -- 3. CRAFT (Keras): epoch 1/800 completes and the run freezes in the epoch-end callback -----------------


@SCENARIOS.add
def stalled_job_craft_keras_freezes_after_first_epoch() -> CaseSpec:
    at = Clock(datetime(2019, 9, 29, 2, 0, tzinfo=timezone.utc))
    ctr = _train("registry.example/ocr/craft-keras:tf1.14-gpu", ["python", "train.py"], 1, at(2))
    lines = [
        "Total params: 23,126,736",
        "Trainable params: 23,123,856",
        "Non-trainable params: 2,880",
        "_" * 98,
        "line588",
        "['/job:localhost/replica:0/task:0/device:GPU:0']",
        "Epoch 1/800",
        "1000/1000 [==============================] - 1143s 1s/step - loss: 0.0176",
    ]
    return _hung_job(
        id="stalled-job-craft-keras-freezes-after-first-epoch",
        at=at,
        name="craft-keras-train",
        ns="ocr",
        ctr=ctr,
        node_name="gpu-node-06",
        lines=lines,
        gaps=[0.001, 0.001, 0.001, 0.2, 0.05, 1.4, 1143.0],
        quiet=3 * 3600,
        evidence="1000/1000 [==============================] - 1143s 1s/step - loss: 0.0176",
        description="Training CRAFT (text detection) with a Keras port on one GPU: the model summary is printed, "
        "epoch 1/800 runs its 1000 steps in 1143 s - and then the run seems to do nothing: epoch 2 never starts, "
        "no error. A helper explains that it is busy in the CraftTensorBoard callback's on_epoch_end, and "
        "commenting out everything there except saving the weights makes it "
        "go on - the run hangs in slow epoch-end work, not in training. The lines are the thread's, verbatim "
        "(the progress bar's final state; its carriage-return updates and the summary's earlier rows are not in "
        "the thread). Reconstructed: the run as a batch Job whose one pod holds one GPU and still runs three "
        "hours after the last line (the reporter's Linux GPU host placed in a pod), image, resources, node and "
        "times.",
        title="CRAFT Keras training freezes after epoch 1/800 completes: no epoch 2, no error (slow epoch-end "
        "callback)",
        source="https://github.com/RubanSeven/CRAFT_keras/issues/9",
    )


# -- 4. ChatGLM fine-tuning (28 layers frozen, no LoRA): stuck for good after the first epoch ------------


@SCENARIOS.add
def stalled_job_chatglm_finetune_stuck_after_first_epoch() -> CaseSpec:
    at = Clock(datetime(2023, 4, 21, 1, 0, tzinfo=timezone.utc))
    ctr = _train("registry.example/llm/chatglm-finetuning:torch2.0-cu117", ["python", "train.py"], 1, at(2))
    lines = [
        "534 M     Trainable params",
        "5.6 B     Non-trainable params",
        "6.2 B     Total params",
    ]
    return _hung_job(
        id="stalled-job-chatglm-finetune-stuck-after-first-epoch",
        at=at,
        name="chatglm-finetune-freeze28",
        ns="llm",
        ctr=ctr,
        node_name="gpu-node-09",
        lines=lines,
        gaps=[0.001, 0.001],
        quiet=5 * 3600,
        evidence="6.2 B     Total params",
        description="Fine-tuning ChatGLM-6B with ssbuild/chatglm_finetuning, LoRA off and global_num_layers_freeze "
        "= 28: at start the trainer shows 534 M trainable, 5.6 B non-trainable, 6.2 B total parameters; the "
        "first epoch trains, then the run gets stuck and does not react - the next epoch never starts, however "
        "long one waits. The reporter finds it is the time spent writing files (the end-of-epoch save) and that "
        "moving the output to a local disk relieves it. The three lines are the thread's, verbatim (the epoch's "
        "progress output is not in the thread and is left out). Reconstructed: the run as a batch Job whose "
        "one pod holds one GPU and still runs five hours after those lines (the reporter's Linux GPU host "
        "placed in a pod), image, resources, node and times.",
        title="ChatGLM fine-tuning (28 layers frozen, no LoRA) stuck after the first epoch, the next never starts",
        source="https://github.com/ssbuild/chatglm_finetuning/issues/195",
    )


# -- 5. Feature extraction: DataLoader._shutdown_workers waits for a worker forever; Ctrl-C shows where ------


@SCENARIOS.add
def stalled_job_dataloader_shutdown_workers_join_hangs() -> CaseSpec:
    at = Clock(datetime(2020, 6, 5, 9, 0, tzinfo=timezone.utc))
    env = "/data1/user/miniconda3/envs/20-ssdc/lib/python3.7"
    lines = [
        '  File "iterative_clustering.py", line 80, in calculate_features',
        '    for batch in tqdm(dataloader, desc=f"Features (pass {i})"):',
        f'  File "{env}/site-packages/tqdm/std.py", line 1119, in __iter__',
        "    for obj in iterable:",
        f'  File "{env}/site-packages/torch/utils/data/dataloader.py", line 571, in __next__',
        "    self._shutdown_workers()",
        f'  File "{env}/site-packages/torch/utils/data/dataloader.py", line 659, in _shutdown_workers',
        "    w.join()",
        f'  File "{env}/multiprocessing/process.py", line 140, in join',
        "    res = self._popen.wait(timeout)",
        f'  File "{env}/multiprocessing/popen_fork.py", line 48, in wait',
        "    return self.poll(os.WNOHANG if timeout == 0.0 else 0)",
        f'  File "{env}/multiprocessing/popen_fork.py", line 28, in poll',
        "    pid, sts = os.waitpid(self.pid, flag)",
        "KeyboardInterrupt",
    ]
    ran = 3 * 3600 + 20 * 60
    return _job_case(
        id="stalled-job-dataloader-shutdown-workers-join-hangs",
        name="ssdc-iterative-clustering",
        ns="research",
        at=at,
        image="registry.example/research/ssdc:torch1.5-py37",
        command=["python", "iterative_clustering.py"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(3, ran),
        log=stamped(lines, at(ran - 0.5), 0.0),
        category="stalled",
        evidence="self._shutdown_workers()",
        description="A feature-extraction pass (iterative_clustering.py, model.eval() under torch.no_grad(), "
        "iterating a multi-worker DataLoader through tqdm) hangs unexpectedly when the loader ends: "
        "DataLoader._shutdown_workers waits in w.join() for a worker process that never exits, and the program "
        "has to be stopped with Ctrl-C, which prints where it was (a PyTorch maintainer then added a timeout "
        "that kills workers that do not join). The traceback is the thread's, verbatim as pasted (it starts "
        "at the script's frame; user name in the path neutralised). Reconstructed: the run as a batch Job "
        "whose one pod (one GPU) hung for hours until the user sent the process SIGINT (the pod's equivalent "
        "of Ctrl-C), after which Python 3.7 prints the traceback and exits 1; image, resources, node and times.",
        title="DataLoader._shutdown_workers hangs in w.join() at the end of a feature-extraction loop; only "
        "Ctrl-C ends it",
        source="https://github.com/pytorch/pytorch/issues/39570",
        captured=ran + 300,
        node_name="gpu-node-03",
    )
