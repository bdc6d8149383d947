"""Cases built from real public failure reports - distributed training and fine-tuning: PyTorch/torchrun, NCCL, DeepSpeed, Megatron, Horovod and MPI, PaddlePaddle, TensorFlow, JAX, XGBoost.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.cases.builders import CaseSpec

SCENARIOS: list[Callable[[], CaseSpec]] = []
