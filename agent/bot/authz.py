"""Who may diagnose what, from the config's ``access`` rules. Pure.

No rule, no access: a bot deployed without ``access`` refuses every request, and says how
to open it up, rather than letting any channel read any namespace's logs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fnmatch import fnmatchcase

from agent.bot.config import AccessRule


def allowed(rules: Sequence[AccessRule], *, channel: str, user: str, namespace: str) -> bool:
    return any(_matches(rule, channel, user, namespace) for rule in rules)


def _matches(rule: AccessRule, channel: str, user: str, namespace: str) -> bool:
    return (
        any(c == "*" or c == channel for c in rule.channels)
        and (not rule.users or user in rule.users)
        and any(fnmatchcase(namespace, pattern) for pattern in rule.namespaces)
    )


def refusal(*, channel: str, user: str, namespace: str) -> str:
    """What the requester reads: what was refused, and who can change it."""
    return (
        f"Not allowed: this channel ({channel}) or user ({user}) may not diagnose workloads in namespace "
        f"`{namespace}`. Ask whoever runs jobdoctor to add an `access` rule to its config."
    )
