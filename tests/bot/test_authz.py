"""Access rules and limits (agent/bot/authz.py, agent/bot/limits.py): pure, table-tested."""

from __future__ import annotations

import pytest

from agent.bot.authz import allowed
from agent.bot.config import AccessRule
from agent.bot.limits import Deliveries, RateLimiter, retry_delay

RULES = [
    AccessRule(channels=["C-ML"], namespaces=["team-*", "shared"]),
    AccessRule(channels=["C-OPS"], users=["U-BOB"], namespaces=["*"]),
    AccessRule(channels=["*"], users=["U-ADMIN"], namespaces=["kube-*"]),
]


@pytest.mark.parametrize(
    ("channel", "user", "namespace", "ok"),
    [
        ("C-ML", "U-ANY", "team-nlp", True),
        ("C-ML", "U-ANY", "shared", True),
        ("C-ML", "U-ANY", "shared-2", False),
        ("C-ML", "U-ANY", "prod", False),
        ("C-OPS", "U-BOB", "prod", True),
        ("C-OPS", "U-ALICE", "prod", False),
        ("C-RANDOM", "U-ADMIN", "kube-system", True),
        ("C-RANDOM", "U-ADMIN", "team-nlp", False),
        ("C-RANDOM", "U-ANY", "team-nlp", False),
    ],
)
def test_access(channel: str, user: str, namespace: str, ok: bool) -> None:
    assert allowed(RULES, channel=channel, user=user, namespace=namespace) is ok


def test_no_rules_no_access() -> None:
    assert not allowed([], channel="C-ML", user="U", namespace="team-nlp")


def test_token_buckets_refill_at_their_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(per_user_per_minute=2, global_per_minute=3, clock=lambda: now[0])
    assert [limiter.admit("a") for _ in range(3)] == [None, None, "user"]
    assert [limiter.admit("b"), limiter.admit("c")] == [None, "global"]
    now[0] = 20.0  # a third of a minute: one global token back, alice still short of a whole one
    assert [limiter.admit("a"), limiter.admit("c")] == ["user", None]


def test_a_delivery_is_first_once_within_its_window() -> None:
    now = [0.0]
    seen = Deliveries(60, clock=lambda: now[0])
    assert [seen.first("x"), seen.first("x"), seen.first("y")] == [True, False, True]
    now[0] = 61
    assert seen.first("x") is True


def test_backoff_doubles_up_to_its_cap() -> None:
    assert [retry_delay(n, first=2, longest=30) for n in range(1, 7)] == [2, 4, 8, 16, 30, 30]
