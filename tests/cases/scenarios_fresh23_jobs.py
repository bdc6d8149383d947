"""Fresh round 23: real public threads about plain Kubernetes Jobs and CronJobs of training or batch ML that fail.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, event, pod, stamped, terminated

SCENARIOS = Scenarios()


# -- The EKS workshop's MNIST training pod: TensorFlow's S3 file system gets 400s from S3 and mnist.py dies -----


@SCENARIOS.add
def network_error_pod_eks_workshop_mnist_training_s3_response_code_400() -> CaseSpec:
    at = Clock(datetime(2019, 11, 21, 18, 27, 40, tzinfo=timezone.utc))
    name, ns, host = "mnist-training", "default", "ip-192-168-12-34.us-west-2.compute.internal"
    s3 = "I tensorflow/core/platform/s3/aws_logging.cc:54]"
    err = "E tensorflow/core/platform/s3/aws_logging.cc:60] No response body. Response code: 400"
    skew = (
        "W tensorflow/core/platform/s3/aws_logging.cc:57] If the signature check failed. This could be because of "
        "a time skew. Attempting to adjust the signer."
    )
    # The lines the thread pasted, from where the stored copy of the description starts them (stderr and the
    # script's buffered stdout, interleaved as the container wrote them); the copy cuts the model summary.
    lines = [
        f"2019-11-21 18:30:18.281034: {s3} Connection has been released. Continuing.",
        f"2019-11-21 18:30:18.299545: {err}",
        f"2019-11-21 18:30:18.299592: {skew}",
        f"2019-11-21 18:30:18.299648: {s3} Found secret key",
        f"2019-11-21 18:30:18.299758: {s3} Connection has been released. Continuing.",
        f"2019-11-21 18:30:18.315516: {err}",
        f"2019-11-21 18:30:18.315561: {skew}",
        "Traceback (most recent call last):",
        '  File "mnist.py", line 89, in <module>',
        "",
        "train_images.shape: (60000, 28, 28, 1), of float64",
        "test_images.shape: (10000, 28, 28, 1), of float64",
        "_________________________________________________________________",
        "Layer (type)                 Output Shape              Param #",
        "=================================================================",
    ]
    end = 159
    main = Container(
        name,
        "registry.example/workshop/mnist-tensorflow-keras:1.13",
        command=["python", "mnist.py"],
        state=terminated(1, at(6), at(end)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[main],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulled", f'Container image "{main.image}" already present on machine', at(5), type_="Normal"),
        event(p, "Created", f"Created container {name}", at(5), type_="Normal"),
        event(p, "Started", f"Started container {name}", at(6), type_="Normal"),
    ]
    return CaseSpec(
        id="network-error-pod-eks-workshop-mnist-training-s3-response-code-400",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="No response body. Response code: 400",
        description="The EKS workshop's Model Training module: the training pod is created with 'curl -LO "
        "https://eksworkshop.com/kubeflow/kubeflow.files/mnist-training.yaml; envsubst < mnist-training.yaml | "
        "kubectl create -f -' and runs mnist.py, a Keras MNIST training that reads and writes its model through "
        "TensorFlow's S3 file system. Two people saw it fail the same way (Cloud9 and GitLab runners): TensorFlow's "
        "S3 client finds the secret key, and every request to S3 comes back 'E tensorflow/core/platform/s3/"
        "aws_logging.cc:60] No response body. Response code: 400' (with the signer's time-skew warning), and the "
        "script dies with 'Traceback (most recent call last): File \"mnist.py\", line 89, in <module>'; the "
        "script's buffered stdout (the data shapes, the model summary) follows. A maintainer reproduced it with "
        "'Curl returned error code 6' from the same S3 client. The cause is the object store answering every request with an error, not the training code (the thread does not say which S3 setting was wrong). The log lines are the thread's, from "
        "where the stored copy of the description starts them to where it cuts the model summary. Reconstructed: "
        "the bare Pod (name from the workshop, 'kubectl logs mnist-training'), the image name (neutralised), the "
        "node name, restartPolicy Never, the exit code 1 of a Python traceback, "
        "the kubelet events and the times before and after the pasted lines.",
        objects=[p, *events],
        logs={f"{name}/{name}": stamped(lines, at(158.282), 0.003)},
        captured=at(end + 600),
        title="training container fails to start - Kubeflow workshop - Model Training module: mnist-training "
        "pod's S3 requests answered 'No response body. Response code: 400', mnist.py fails at line 89",
        source="https://github.com/aws-samples/eks-workshop/issues/542",
    )
