"""Fresh round 38: real public threads about network failures reaching outside services: model hubs, package indexes, object stores, DNS, TLS, proxies.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, cpu_only, gpu, stamped
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. ViTModel.from_pretrained on pipeline workers: the Hub's Xet CDN host cannot be reached -------------


@SCENARIOS.add
def network_error_job_vit_from_pretrained_xethub_connect_timeout() -> CaseSpec:
    at = Clock(datetime(2025, 4, 8, 9, 0, 0, tzinfo=timezone.utc))
    lines = ["Connection to cas-bridge-direct.xethub.hf.co timed out. (connect timeout=10)"]
    return _job_case(
        id="network-error-job-vit-from-pretrained-xethub-connect-timeout",
        name="vit-embedding-worker",
        ns="data-pipelines",
        at=at,
        image="registry.example/pipelines/vit-embed:py311",
        command=["python", "embed_images.py"],
        resources=cpu_only("16Gi", "4"),
        exit_code=1,
        ran=(5, 17.2),
        log=stamped(lines, at(17.1), 0.1),
        category="network-error",
        evidence="Connection to cas-bridge-direct.xethub.hf.co timed out",
        description="Pipeline workers (GCP Dataflow in the thread) load 'google/vit-base-patch16-224' with "
        "transformers' ViTModel.from_pretrained; from one day on the download fails: 'Connection to "
        "cas-bridge-direct.xethub.hf.co timed out. (connect timeout=10)' - the Hub now redirects file "
        "downloads to its Xet storage hosts, which the workers' network cannot reach (others in the thread "
        "report the same host timing out, or a proxy refusing it): the job cannot reach an outside service. "
        "Verbatim: the error line (the whole paste). Reconstructed: the worker as a batch Job whose one pod "
        "(CPU only) runs an embedding script that calls from_pretrained and exits 1 (the thread shows neither "
        "the script nor the traceback frames), the image, resources, node and times (the connect timeout "
        "after 10 s).",
        title="ViTModel.from_pretrained on pipeline workers: 'Connection to cas-bridge-direct.xethub.hf.co timed "
        "out. (connect timeout=10)'",
        source="https://github.com/huggingface/transformers/issues/37367",
        captured=17.2 + 240,
        node_name="cpu-node-12",
    )


# -- 2. Serge's model download in its api container: the read from the Hub times out ----------------------


@SCENARIOS.add
def network_error_job_serge_download_tokenizer_read_timeout() -> CaseSpec:
    at = Clock(datetime(2023, 3, 25, 14, 0, 0, tzinfo=timezone.utc))
    lines = [
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/urllib3/response.py", line 444, in _error_catcher',
        "    yield",
        '  File "/usr/local/lib/python3.10/dist-packages/urllib3/response.py", line 567, in read',
        '    data = self._fp_read(amt) if not fp_closed else b""',
        '  File "/usr/local/lib/python3.10/dist-packages/urllib3/response.py", line 533, in _fp_read',
        "    return self._fp.read(amt) if amt is not None else self._fp.read()",
        '  File "/usr/lib/python3.10/http/client.py", line 465, in read',
        "    s = self.fp.read(amt)",
        '  File "/usr/lib/python3.10/socket.py", line 705, in readinto',
        "    return self._sock.recv_into(b)",
        '  File "/usr/lib/python3.10/ssl.py", line 1274, in recv_into',
        "    return self.read(nbytes, buffer)",
        '  File "/usr/lib/python3.10/ssl.py", line 1130, in read',
        "    return self._sslobj.read(len, buffer)",
        "TimeoutError: The read operation timed out",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        "    yield from self.raw.stream(chunk_size, decode_content=True)",
        '  File "/usr/local/lib/python3.10/dist-packages/urllib3/response.py", line 628, in stream',
        "    data = self.read(amt=amt, decode_content=decode_content)",
    ]
    return _job_case(
        id="network-error-job-serge-download-tokenizer-read-timeout",
        name="serge-model-download",
        ns="chat-serving",
        at=at,
        image="registry.example/serving/serge-api:latest",
        command=["python3", "/usr/src/app/utils/download.py", "tokenizer", "30B"],
        resources=cpu_only("8Gi", "2"),
        exit_code=1,
        ran=(5, 612.4),
        log=stamped(lines, at(612.3), 0.001),
        category="network-error",
        evidence="TimeoutError: The read operation timed out",
        description="Serge (a chat UI serving LLaMA models) downloads its model files from the Hugging Face Hub "
        "with its own script, run in the api container ('python3 /usr/src/app/utils/download.py tokenizer "
        "30B'); part way through the download the TLS read from the Hub times out ('TimeoutError: The read "
        "operation timed out', raised again while requests streams the body): the download cannot finish "
        "because the connection to the Hub stalls. Verbatim: the traceback of the thread, as far as the stored "
        "thread shows it (it ends inside the second traceback; the final requests exception is not in it and is "
        "left out). Reconstructed: the download as a batch Job whose one pod runs the command and exits 1, the "
        "image, resources, node and times (the reporter says it fails 'in a certain point' of the download).",
        title="Serge download.py (tokenizer 30B) stops part way: 'TimeoutError: The read operation timed out' "
        "while streaming a model file from the Hub",
        source="https://github.com/serge-chat/serge/issues/55",
        captured=612.4 + 240,
        node_name="cpu-node-03",
    )


# -- 3. Open Images downloader: the S3 endpoint built with region 'Global' cannot be reached --------------


@SCENARIOS.add
def network_error_job_open_images_downloader_s3_endpoint_unreachable() -> CaseSpec:
    at = Clock(datetime(2023, 11, 17, 10, 0, 0, tzinfo=timezone.utc))
    lines = [
        'Could not connect to the endpoint URL: "https://open-images-dataset.s3.Global.amazonaws.com/train/'
        '00ad17d214e32d2b.jpg"'
    ]
    return _job_case(
        id="network-error-job-open-images-downloader-s3-endpoint-unreachable",
        name="open-images-download",
        ns="vision-data",
        at=at,
        image="registry.example/vision/yolov8-data:latest",
        command=["python", "downloader.py", "image_list_file.txt", "--download_folder=/data/images"],
        resources=cpu_only("4Gi", "2"),
        exit_code=1,
        ran=(5, 9.6),
        log=stamped(lines, at(9.5), 0.1),
        category="network-error",
        evidence="Could not connect to the endpoint URL",
        description="Preparing a custom YOLOv8 dataset from Open Images with the guide's downloader.py (boto3 "
        "fetching images from the public open-images-dataset bucket) fails: 'Could not connect to the endpoint "
        'URL: "https://open-images-dataset.s3.Global.amazonaws.com/train/00ad17d214e32d2b.jpg"\' - botocore '
        "cannot connect to the S3 endpoint (whose host carries the region 'Global', which is no S3 region, so "
        "the name does not resolve): the job cannot reach the object store. Verbatim: the error line (the whole "
        "report). Reconstructed: the download as a batch Job whose one pod runs downloader.py on an image list "
        "and exits 1 (the thread says neither how the script ended nor what else it printed), the image, "
        "arguments, resources, node and times.",
        title="Open Images downloader.py: 'Could not connect to the endpoint URL: "
        '"https://open-images-dataset.s3.Global.amazonaws.com/..."\'',
        source="https://github.com/computervisioneng/train-yolov8-custom-dataset-step-by-step-guide/issues/10",
        captured=9.6 + 240,
        node_name="cpu-node-05",
    )


# -- 4. DeepRacer local training: the local S3 (minio) endpoint is down, uploads fail, SageMaker never starts -


@SCENARIOS.add
def network_error_job_deepracer_start_training_s3_endpoint_unreachable() -> CaseSpec:
    at = Clock(datetime(2022, 10, 30, 8, 0, 0, tzinfo=timezone.utc))
    lines = [
        'fatal error: Could not connect to the endpoint URL: "http://localhost:9000/bucket?list-type=2&prefix='
        'custom_files%2F&encoding-type=url"',
        'botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: "http://localhost:'
        '9000/bucket/custom_files/reward_function.py"',
        "Creating Robomaker configuration in s3://bucket/rl-deepracer-sagemaker/training_params.yaml",
        "Updating service deepracer-0_rl_coach (id: kjx3z9p2qxdzzddudkr6ul05q)",
        "Updating service deepracer-0_robomaker (id: w3vkg5xmo4wgcd5idljlo1y9y)",
        "Waiting up to 15 seconds for Sagemaker to start up...",
        "Sagemaker is not running.",
    ]
    return _job_case(
        id="network-error-job-deepracer-start-training-s3-endpoint-unreachable",
        name="deepracer-local-training",
        ns="rl-research",
        at=at,
        image="registry.example/rl/deepracer-for-cloud:latest",
        command=["bash", "-c", "dr-upload-custom-files; dr-start-training"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(5, 31.0),
        log=stamped(lines, at(8.0), [4.0, 1.5, 0.8, 0.6, 0.5, 15.0]),
        category="network-error",
        evidence="Could not connect to the endpoint URL",
        description="DeepRacer-for-Cloud's local training keeps its files in a local S3 (minio) at "
        "localhost:9000. Uploading the custom files fails ('fatal error: Could not connect to the endpoint URL: "
        '"http://localhost:9000/bucket?list-type=2..."\'), and starting the training fails to upload the reward '
        "function ('botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: "
        '"http://localhost:9000/bucket/custom_files/reward_function.py"\'), after which SageMaker never comes '
        "up ('Sagemaker is not running.'); the reporter then finds no container running (minio was not up): "
        "the object store the training needs cannot be reached. Verbatim: the two commands' outputs as pasted. "
        "Reconstructed: the two commands run one after the other as a batch Job whose one pod (one GPU) exits "
        "1 after 'Sagemaker is not running.' (the thread does not give the exit status), the image, resources, "
        "node and times.",
        title="DeepRacer local training: 'EndpointConnectionError: Could not connect to the endpoint URL: "
        "\"http://localhost:9000/...\"' (local S3 not running), then 'Sagemaker is not running.'",
        source="https://github.com/aws-deepracer-community/deepracer-for-cloud/issues/108",
        captured=31.0 + 240,
    )


# -- 5. Caffe2's model downloader: the S3 download fails TLS verification ----------------------------------


@SCENARIOS.add
def network_error_job_caffe2_model_download_certificate_verify_failed() -> CaseSpec:
    at = Clock(datetime(2017, 4, 26, 3, 0, 0, tzinfo=timezone.utc))
    lines = [
        " Downloading from https://s3.amazonaws.com/caffe2/models/squeezenet/predict_net.pb",
        "Abort: Could not download model. [URL Error] [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify "
        "failed (_ssl.c:590).",
        "Cleaning up...",
    ]
    return _job_case(
        id="network-error-job-caffe2-model-download-certificate-verify-failed",
        name="caffe2-squeezenet-download",
        ns="ml-research",
        at=at,
        image="registry.example/research/caffe2:cuda8-cudnn6",
        command=["python", "-m", "caffe2.python.models.download", "-i", "squeezenet"],
        resources=cpu_only("4Gi", "2"),
        exit_code=1,
        ran=(5, 7.4),
        log=stamped(lines, at(6.8), [0.5, 0.1]),
        category="network-error",
        evidence="[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed",
        description="Caffe2's model downloader ('python -m caffe2.python.models.download -i squeezenet') aborts "
        "on its first file: 'Abort: Could not download model. [URL Error] [SSL: CERTIFICATE_VERIFY_FAILED] "
        "certificate verify failed (_ssl.c:590).' - the HTTPS connection to S3 fails certificate verification "
        "in the reporter's environment (the maintainer calls it an SSL certificate problem of the machine, the "
        "reporter works around it by disabling verification): a TLS failure reaching the object store. "
        "Verbatim: the downloader's three lines. Reconstructed: the download as a batch Job whose one pod runs "
        "the command and exits 1, the image, resources, node and times.",
        title="Caffe2 models.download squeezenet: 'Abort: Could not download model. [URL Error] [SSL: "
        "CERTIFICATE_VERIFY_FAILED] certificate verify failed'",
        source="https://github.com/facebookarchive/models/issues/4",
        captured=7.4 + 240,
        node_name="cpu-node-02",
    )


# -- 6. fastText's download_model.py: unable to get local issuer certificate --------------------------------


@SCENARIOS.add
def network_error_job_fasttext_download_model_local_issuer_certificate() -> CaseSpec:
    at = Clock(datetime(2020, 6, 11, 12, 0, 0, tzinfo=timezone.utc))
    lines = [
        "ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get "
        "local issuer certificate (_ssl.c:1076)"
    ]
    return _job_case(
        id="network-error-job-fasttext-download-model-local-issuer-certificate",
        name="fasttext-vectors-download",
        ns="nlp-data",
        at=at,
        image="registry.example/nlp/fasttext:0.9.2",
        command=["./download_model.py", "en"],
        resources=cpu_only("4Gi", "2"),
        exit_code=1,
        ran=(5, 6.3),
        log=stamped(lines, at(6.2), 0.1),
        category="network-error",
        evidence="unable to get local issuer certificate",
        description="fastText's download_model.py, fetching the pre-trained English vectors ('./download_model.py "
        "en'), fails: 'ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify "
        "failed: unable to get local issuer certificate (_ssl.c:1076)' - the HTTPS download cannot verify the "
        "server's certificate against the CA certificates the environment has; the reporter downloads the files "
        "by hand instead: a TLS failure reaching the download server. Verbatim: the error line. Reconstructed: "
        "the download as a batch Job whose one pod runs the script and exits 1 (the traceback frames are not in "
        "the thread), the image, resources, node and times.",
        title="fastText download_model.py en: 'ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] "
        "certificate verify failed: unable to get local issuer certificate'",
        source="https://github.com/facebookresearch/fastText/issues/1085",
        captured=6.3 + 240,
        node_name="cpu-node-08",
    )


# -- 7. MAG-BERT's download_datasets.sh: the proxy refuses the tunnel to Google Drive (403) -----------------


@SCENARIOS.add
def network_error_job_mag_bert_download_datasets_proxy_tunnel_403() -> CaseSpec:
    at = Clock(datetime(2022, 5, 21, 6, 0, 0, tzinfo=timezone.utc))
    lines = [
        "An error has occurred using proxy: None",
        "HTTPSConnectionPool(host='drive.google.com', port=443): Max retries exceeded with url: "
        "/uc?id=12HbavGOtoVCqicvSYWl3zImli5Jz0Nou (Caused by ProxyError('Cannot connect to proxy.', "
        "OSError('Tunnel connection failed: 403 Forbidden')))",
        "An error has occurred using proxy: None",
        "HTTPSConnectionPool(host='drive.google.com', port=443): Max retries exceeded with url: "
        "/uc?id=1VJhSc2TGrPU8zJSVTYwn5kfuG47VaNQ3 (Caused by ProxyError('Cannot connect to proxy.', "
        "OSError('Tunnel connection failed: 403 Forbidden')))",
    ]
    return _job_case(
        id="network-error-job-mag-bert-download-datasets-proxy-tunnel-403",
        name="mag-bert-datasets-download",
        ns="multimodal",
        at=at,
        image="registry.example/multimodal/mag-bert:latest",
        command=["sh", "download_datasets.sh"],
        resources=cpu_only("4Gi", "2"),
        exit_code=1,
        ran=(5, 9.8),
        log=stamped(lines, at(6.0), [0.01, 3.5, 0.01]),
        category="network-error",
        evidence="Tunnel connection failed: 403 Forbidden",
        description="BERT_multimodal_transformer's download_datasets.sh fetches the CMU-MOSI/MOSEI pickles from "
        "Google Drive; both downloads fail: 'HTTPSConnectionPool(host='drive.google.com', port=443): Max "
        "retries exceeded with url: /uc?id=... (Caused by ProxyError('Cannot connect to proxy.', "
        "OSError('Tunnel connection failed: 403 Forbidden')))' - the HTTP proxy the environment uses refuses "
        "the CONNECT tunnel to drive.google.com (a collaborator offers direct links instead): the job cannot "
        "reach the download host through its proxy. Verbatim: the script's four lines. Reconstructed: the script "
        "as a batch Job whose one pod runs it and exits 1 (the thread does not give the exit status), the image, "
        "resources, node and times.",
        title="MAG-BERT download_datasets.sh: 'ProxyError('Cannot connect to proxy.', OSError('Tunnel connection "
        "failed: 403 Forbidden'))' for both Google Drive files",
        source="https://github.com/WasifurRahman/BERT_multimodal_transformer/issues/24",
        captured=9.8 + 240,
        node_name="cpu-node-04",
    )


# -- 8. DitHub's ODinW download: the proxy answers 500 Internal Server Error --------------------------------


@SCENARIOS.add
def network_error_job_dithub_odinw_download_proxy_500() -> CaseSpec:
    at = Clock(datetime(2025, 10, 20, 2, 0, 0, tzinfo=timezone.utc))
    lines = ["Proxy request sent, awaiting response... 500 Internal Server Error"]
    return _job_case(
        id="network-error-job-dithub-odinw-download-proxy-500",
        name="odinw-download",
        ns="detection-data",
        at=at,
        image="registry.example/detection/dithub:latest",
        command=["bash", "download_odinw.sh"],
        resources=cpu_only("4Gi", "2"),
        exit_code=8,
        ran=(5, 8.1),
        log=stamped(lines, at(8.0), 0.1),
        category="network-error",
        evidence="Proxy request sent, awaiting response... 500 Internal Server Error",
        description="Downloading the ODinW detection datasets for DitHub with wget through an HTTP proxy fails: "
        "'Proxy request sent, awaiting response... 500 Internal Server Error' - the proxy (or the server behind "
        "it) answers the request with an HTTP 500, so the dataset is never fetched: a failure reaching the "
        "download host. Verbatim: the line of the thread (the rest of the output is in a screenshot). "
        "Reconstructed: the download as a batch Job whose one pod runs a download script and exits 8, as wget "
        "does when the server answers with an error (the thread names neither the script nor the URL), the "
        "image, resources, node and times.",
        title="ODinW dataset download for DitHub: wget 'Proxy request sent, awaiting response... 500 Internal "
        "Server Error'",
        source="https://github.com/chiara-cap/DitHub/issues/4",
        captured=8.1 + 240,
        node_name="cpu-node-09",
    )
