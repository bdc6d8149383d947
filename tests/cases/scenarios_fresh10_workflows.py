"""Fresh round 10: real public threads about pipelines and orchestrators (Kubeflow Pipelines, Argo Workflows, Tekton, Airflow, Flyte, KubeRay, Spark).

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from tests.cases.builders import Scenarios

SCENARIOS = Scenarios()
