"""Cases built from real public failure reports - the platform and serving: scheduling, quotas and queues (Kueue, Volcano), volumes, images, nodes and GPUs, Ascend, inference servers and batch inference.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.cases.builders import CaseSpec

SCENARIOS: list[Callable[[], CaseSpec]] = []
