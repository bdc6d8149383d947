"""Fresh round 4: cases built from real public failure reports about what a container runs into inside its pod - memory limits, /dev/shm, disk and ephemeral storage, a spec the kubelet cannot start, access refused, kills from outside and deadlines.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from tests.cases.builders import Scenarios

SCENARIOS = Scenarios()
