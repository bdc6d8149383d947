"""Fresh round 31: real public threads about model packaging servers: MLflow models serve, BentoML, Truss.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.

Round 31's walk of the six queries found no thread that qualified (the commit that added this
note lists every thread and why it was skipped): the returned threads are host or desktop runs
with no container, feature requests and pull requests, or stored copies that stop before the
decisive error line. The module stays empty rather than padded with threads from outside the
neutral lists.
"""

from __future__ import annotations

from tests.cases.builders import Scenarios

SCENARIOS = Scenarios()
