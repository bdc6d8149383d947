"""Fresh round 7: real public threads about pipelines and orchestrators around the job (Kubeflow Pipelines, Argo Workflows, Katib, Ray/KubeRay jobs, Airflow KubernetesPodOperator): steps killed, terminated or timed out.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from tests.cases.builders import Scenarios

SCENARIOS = Scenarios()
