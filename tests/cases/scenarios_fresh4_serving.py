"""Fresh round 4: cases built from real public failure reports about inference servers run as Pods, Deployments and Jobs (vLLM, TGI, SGLang, Triton, KServe, Ray Serve) and healthy traps across the categories.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from tests.cases.builders import Scenarios

SCENARIOS = Scenarios()
