"""Fresh round 32: real public threads about older frameworks in containers: MXNet, Caffe, Chainer, Theano.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, cpu_only, gpu, stamped
from tests.cases.scenarios_fresh21_accelerators import _exits_after_log
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- GluonTS's own training image: MXNet is not installed, so training crashes at once --------------------


@SCENARIOS.add
def dependency_error_job_gluonts_image_no_module_named_mxnet() -> CaseSpec:
    at = Clock(datetime(2020, 7, 23, 9, 0, tzinfo=timezone.utc))
    return _exits_after_log(
        lines=["ModuleNotFoundError: No module named 'mxnet'"],
        start=6.0,
        gaps=0.0,
        started=4,
        tail=0.2,
        id="dependency-error-job-gluonts-image-no-module-named-mxnet",
        at=at,
        name="gluonts-deepar-train",
        ns="forecasting",
        image="registry.example/forecasting/gluonts:latest",
        command=["python", "-m", "gluonts.shell", "train"],
        resources=cpu_only("8Gi", "4"),
        node_name="cpu-node-04",
        category="dependency-error",
        evidence="No module named 'mxnet'",
        description="A forecasting model is trained in the container built from GluonTS's own Dockerfile (the "
        "thread says the same happens with Dockerfile.gpu). MXNet is not installed in the image, so the training "
        "crashes as soon as it starts with 'ModuleNotFoundError: No module named 'mxnet'' - the reporter's fix "
        "is to install MXNet in the Dockerfiles. The error line is the thread's, verbatim (it pasted only that "
        "line). Reconstructed: the batch Job and its one CPU pod running the image's training entry point "
        "(python -m gluonts.shell train), exit code 1, the node and the times.",
        title="GluonTS Dockerfiles crash when run: MXNet is not installed in the image, training fails with "
        "'ModuleNotFoundError: No module named 'mxnet''",
        source="https://github.com/awslabs/gluonts/issues/945",
    )


# -- SageMaker MXNet inference image (GPU build) run without the NVIDIA driver: libcuda.so.1 is missing -------


@SCENARIOS.add
def dependency_error_job_sagemaker_mxnet_inference_gpu_image_libcuda_missing() -> CaseSpec:
    at = Clock(datetime(2020, 4, 2, 10, 0, tzinfo=timezone.utc))
    site = "/usr/local/lib/python3.6/site-packages/mxnet"
    lines = [
        "Traceback (most recent call last):",
        '  File "<stdin>", line 1, in <module>',
        f'  File "{site}/__init__.py", line 24, in <module>',
        "    from .context import Context, current_context, cpu, gpu, cpu_pinned",
        f'  File "{site}/context.py", line 24, in <module>',
        "    from .base import classproperty, with_metaclass, _MXClassPropertyMetaClass",
        f'  File "{site}/base.py", line 214, in <module>',
        "    _LIB = _load_lib()",
        f'  File "{site}/base.py", line 205, in _load_lib',
        "    lib = ctypes.CDLL(lib_path[0], ctypes.RTLD_LOCAL)",
        '  File "/usr/local/lib/python3.6/ctypes/__init__.py", line 348, in __init__',
        "    self._handle = _dlopen(self._name, mode)",
        "OSError: libcuda.so.1: cannot open shared object file: No such file or directory",
    ]
    return _exits_after_log(
        lines=lines,
        start=3.0,
        gaps=0.001,
        started=2,
        tail=0.1,
        id="dependency-error-job-sagemaker-mxnet-inference-gpu-image-libcuda-missing",
        at=at,
        name="mxnet-inference-gpu-smoke",
        ns="model-serving",
        image="registry.example/serving/sagemaker-mxnet-inference:1.6.0-gpu-py3",
        command=["python", "-"],
        resources=cpu_only("8Gi", "2"),
        node_name="cpu-node-02",
        category="dependency-error",
        evidence="OSError: libcuda.so.1: cannot open shared object file",
        description="The SageMaker MXNet inference toolkit's GPU image (docker/1.6.0/py3/Dockerfile.gpu: "
        "aws-mxnet-cu101mkl 1.6.0, keras-mxnet, mxnet-model-server 1.0.8, sagemaker-mxnet-inference) is built "
        "and run, and the reporter checks it inside the container: 'import mxnet as mx' fails because the CUDA "
        "build of libmxnet cannot load the NVIDIA driver library ('OSError: libcuda.so.1: cannot open shared "
        "object file: No such file or directory') - the container has no driver library (it is injected by the "
        "NVIDIA runtime only for a container given a GPU), so the model server cannot even import MXNet. The "
        "traceback is the thread's, verbatim (without the interpreter's prompts). Reconstructed: the batch Job "
        "and its one pod without a GPU running the same import through python reading stdin (the thread typed "
        "it into an interactive python), the image name, exit code 1, the node and the times.",
        title="SageMaker MXNet inference GPU image: 'import mxnet' fails with 'OSError: libcuda.so.1: cannot "
        "open shared object file: No such file or directory'",
        source="https://github.com/aws/sagemaker-mxnet-inference-toolkit/issues/112",
    )


# -- dmlc/mxnet:cuda from Docker Hub: the image's CUDA runtime is newer than the host driver -------------------


@SCENARIOS.add
def cuda_error_job_mxnet_docker_hub_cuda_image_driver_insufficient() -> CaseSpec:
    at = Clock(datetime(2016, 6, 22, 18, 47, 30, tzinfo=timezone.utc))
    return _exits_after_log(
        lines=[
            "mxnet.base.MXNetError: [18:47:44] src/storage/storage.cc:42: Check failed: e == cudaSuccess || "
            "e == cudaErrorCudartUnloading CUDA: CUDA driver version is insufficient for CUDA runtime version"
        ],
        start=14.0,
        gaps=0.0,
        started=4,
        tail=0.3,
        id="cuda-error-job-mxnet-docker-hub-cuda-image-driver-insufficient",
        at=at,
        name="mxnet-mnist-gpu",
        ns="ml-examples",
        image="dmlc/mxnet:cuda",
        command=["python", "/mxnet/example/image-classification/train_mnist.py", "--gpus", "0"],
        resources=gpu(1, "8Gi", "4"),
        node_name="gtx760-node-01",
        category="cuda-error",
        evidence="CUDA driver version is insufficient for CUDA runtime version",
        description="MXNet's MNIST example trains on one GPU in the dmlc/mxnet:cuda image from Docker Hub "
        "(nvidia-docker, a GTX 760 with driver 367.27). Allocating on the GPU fails: 'mxnet.base.MXNetError: "
        "[18:47:44] src/storage/storage.cc:42: Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading "
        "CUDA: CUDA driver version is insufficient for CUDA runtime version' - the CUDA runtime in the published "
        "image does not match the host's driver, while an image built from source on the same host trains "
        "(the reporter concludes the Docker Hub image is outdated). The error line is the thread's, verbatim. "
        "Reconstructed: the batch Job and its one pod with one GPU running the thread's command, exit code 1, "
        "the node and the times.",
        title="dmlc/mxnet:cuda from Docker Hub: train_mnist.py --gpus 0 fails with 'CUDA: CUDA driver version is "
        "insufficient for CUDA runtime version' (driver 367.27)",
        source="https://github.com/apache/mxnet/issues/2508",
    )


# -- kaixhin/cuda-mxnet (CUDA 7.5) on nvidia-docker: cuBLAS Sgemm fails in the first LeNet batches -----------


@SCENARIOS.add
def cuda_error_job_kaixhin_cuda_mxnet_lenet_cublas_sgemm_fail() -> CaseSpec:
    at = Clock(datetime(2016, 10, 3, 6, 7, 30, tzinfo=timezone.utc))
    logging_h = "/root/mxnet/dmlc-core/include/dmlc/logging.h:235"
    lines = [
        "Archive:  mnist.zip",
        "  inflating: t10k-images-idx3-ubyte  ",
        "  inflating: t10k-labels-idx1-ubyte  ",
        "  inflating: train-images-idx3-ubyte  ",
        "  inflating: train-labels-idx1-ubyte  ",
        "[06:07:46] src/io/iter_mnist.cc:94: MNISTIter: load 60000 images, shuffle=1, shape=(128,1,28,28)",
        "[06:07:46] src/io/iter_mnist.cc:94: MNISTIter: load 10000 images, shuffle=1, shape=(128,1,28,28)",
        "2016-10-03 06:07:46,795 Node[0] Start training with [gpu(0)]",
        f"[06:10:16] {logging_h}: [06:10:16] /root/mxnet/mshadow/mshadow/./././dot_engine-inl.h:524: "
        "Check failed: (err) == (CUBLAS_STATUS_SUCCESS) Cublas: Sgemm fail",
    ]
    return _job_case(
        id="cuda-error-job-kaixhin-cuda-mxnet-lenet-cublas-sgemm-fail",
        name="mxnet-lenet-mnist",
        ns="ml-examples",
        at=at,
        image="kaixhin/cuda-mxnet:latest",
        command=["python", "example/image-classification/train_mnist.py", "--network", "lenet", "--gpus", "0"],
        resources=gpu(1, "8Gi", "4"),
        exit_code=134,
        ran=(6, 166.5),
        log=stamped(lines, at(12.0), [0.5, 0.1, 0.1, 0.1, 3.2, 0.001, 0.794, 149.205]),
        captured=166.5 + 240,
        node_name="gpu-node-11",
        category="cuda-error",
        evidence="Check failed: (err) == (CUBLAS_STATUS_SUCCESS) Cublas: Sgemm fail",
        description="MXNet's MNIST example (LeNet, one GPU) runs in the kaixhin/cuda-mxnet image under "
        "nvidia-docker. It unpacks MNIST, loads the iterators and starts training on gpu(0), then the first GEMM "
        "on the GPU fails: 'Check failed: (err) == (CUBLAS_STATUS_SUCCESS) Cublas: Sgemm fail' in mshadow's "
        "dot_engine, and the threaded engine rethrows it. The same command trains without error in "
        "kaixhin/cuda-mxnet:7.0; the failing tag is the CUDA 7.5 build (the reporter: 'Looks like mxnet has some "
        "problems with CUDA 7.5') - an error of the CUDA stack in this image, not of the script. The log lines "
        "are the thread's, verbatim, up to the first complete error line (the stored copy cuts the engine's "
        "rethrow of it after 'dot_engine-in'). Reconstructed: the batch Job and its one pod with one GPU running "
        "the thread's command, the exit code 134 (the engine's fatal error aborts the process, as MXNet of that "
        "time did), the node and the times.",
        title="kaixhin/cuda-mxnet (CUDA 7.5) on nvidia-docker: train_mnist.py --network lenet --gpus 0 fails with "
        "'Check failed: (err) == (CUBLAS_STATUS_SUCCESS) Cublas: Sgemm fail' (the :7.0 tag works)",
        source="https://github.com/Kaixhin/dockerfiles/issues/19",
    )


# -- MXNet in an nvidia/cuda 7.5 + cuDNN 4 container: a very slow start, then cuRAND fails on the GPU ---------


@SCENARIOS.add
def cuda_error_job_mxnet_cuda75_container_curand_gen_uniform_failed() -> CaseSpec:
    at = Clock(datetime(2016, 11, 6, 5, 18, 0, tzinfo=timezone.utc))
    logging_h = "/mxnet/dmlc-core/include/dmlc/logging.h:235"
    curand = "/mxnet/mshadow/mshadow/./random.h:344: Check failed: (status) == (CURAND_STATUS_SUCCESS) CURAND Gen "
    curand += "Uniform float failed. size = 131072"
    lines = [
        f"[05:22:46] {logging_h}: [05:22:46] {curand}",
        f"[05:22:46] {logging_h}: [05:22:46] src/engine/./threaded_engine.h:306: [05:22:46] {curand}",
        "An fatal error occurred in asynchronous engine operation. If you do not know what caused this error, you "
        "can try set environment variable MXNET_ENGINE_TYPE to NaiveEngine and run with debugger (i.e. gdb). This "
        "will force all operations to be synchronous and backtrace will give you the series of calls that lead "
        "to this error. Remember to set MXNET_ENGINE_TYPE back to empty after debugging.",
        "terminate called after throwing an instance of 'dmlc::Error'",
        f"  what():  [05:22:46] src/engine/./threaded_engine.h:306: [05:22:46] {curand}",
    ]
    return _job_case(
        id="cuda-error-job-mxnet-cuda75-container-curand-gen-uniform-failed",
        name="mxnet-train-cuda75",
        ns="ml-train",
        at=at,
        image="registry.example/ml/mxnet:cuda7.5-cudnn4",
        command=["python", "train.py", "--gpus", "0"],
        resources=gpu(1, "16Gi", "8"),
        exit_code=134,
        ran=(5, 286.4),
        log=stamped(lines, at(286.0), [0.0001, 0.0001, 0.0001, 0.0001]),
        captured=286.4 + 240,
        node_name="gpu-node-03",
        category="cuda-error",
        evidence="Check failed: (status) == (CURAND_STATUS_SUCCESS) CURAND Gen Uniform float failed",
        description="MXNet trains on a GPU inside a container built on NVIDIA's CUDA images. With the CUDA 8 / "
        "cuDNN 5 image the reporter gets the driver-older-than-runtime error; with the CUDA 7.5 / cuDNN 4 image "
        "the start is very slow and then the first random initialisation on the GPU fails in cuRAND: 'Check "
        "failed: (status) == (CURAND_STATUS_SUCCESS) CURAND Gen Uniform float failed. size = 131072', rethrown "
        "by the threaded engine, and the process terminates on the uncaught dmlc::Error - the CUDA stack in the "
        "container does not work with the host's GPU and driver. The log lines are the thread's, verbatim, up "
        "to the first line of the terminate message (the stored copy cuts its repeat of the engine's hint). "
        "Reconstructed: the batch Job and its one pod with one GPU, the image name, the training command (the "
        "thread does not show it), the slow start as a silent four and a half minutes, the exit code 134 (the "
        "abort after 'terminate called'), the node and the times.",
        title="MXNet in an nvidia/cuda 7.5 + cuDNN 4 container: very slow start, then 'Check failed: (status) == "
        "(CURAND_STATUS_SUCCESS) CURAND Gen Uniform float failed. size = 131072'",
        source="https://github.com/apache/mxnet/issues/3740",
    )
