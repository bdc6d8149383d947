"""What a chat message asks for: ``diagnose KIND NAMESPACE/NAME`` or ``help``. Pure.

Slack's slash command sends the text after ``/jobdoctor``; a mention arrives as
``<@U123> diagnose ...`` and a Lark message as ``@_user_1 diagnose ...``: mentions are
dropped before parsing. Anything else is a ``Usage`` carrying the help text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from collectors.errors import UnknownKind
from collectors.kinds import resolve_kind

USAGE = (
    "Usage: `diagnose KIND NAMESPACE/NAME` - for example `diagnose pytorchjob team-nlp/llama-ft`.\n"
    "KIND is any kind kubectl accepts for PyTorchJob, TFJob, MPIJob, TrainJob, JobSet, RayJob, RayService, RayCluster, "
    "a Volcano job (vcjob), a batch Job or a Pod."
)
_MENTION = re.compile(r"<@[A-Z0-9]+(?:\|[^>]*)?>|@_user_\d+|<at [^>]*>[^<]*</at>")
# A Kubernetes name: DNS-1123 (lower case, digits, '-', '.'), at most 253 characters.
_NAME = re.compile(r"[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")


@dataclass(frozen=True)
class DiagnoseAsk:
    kind: str  # as resolved: PyTorchJob
    namespace: str
    name: str

    @property
    def target(self) -> str:
        return f"{self.kind} {self.namespace}/{self.name}"


@dataclass(frozen=True)
class HelpAsk:
    pass


@dataclass(frozen=True)
class Usage:
    """Not understood: ``problem`` says why, in one line, followed by the usage."""

    problem: str

    @property
    def message(self) -> str:
        return f"{self.problem}\n{USAGE}" if self.problem else USAGE


Ask = DiagnoseAsk | HelpAsk | Usage


def parse(text: str) -> Ask:
    words = _MENTION.sub(" ", text).split()
    if not words or words[0].lower() in ("help", "-h", "--help"):
        return HelpAsk()
    if words[0].lower() != "diagnose":
        return Usage(f"I do not know `{words[0][:40]}`.")
    args = words[1:]
    namespace: str | None = None
    if "-n" in args:
        at = args.index("-n")
        if at + 1 >= len(args):
            return Usage("`-n` needs a namespace.")
        namespace = args[at + 1]
        del args[at : at + 2]
    if len(args) != 2:
        return Usage("`diagnose` takes a kind and NAMESPACE/NAME.")
    kind, ref = args
    if "/" in ref:
        namespace, _, name = ref.partition("/")
    else:
        name = ref
    if not namespace:
        return Usage(f"Which namespace is `{name[:60]}` in? Write NAMESPACE/NAME.")
    for value in (namespace, name):
        if not _NAME.fullmatch(value):
            return Usage(f"`{value[:60]}` is not a Kubernetes name.")
    try:
        resolved = resolve_kind(kind).kind
    except UnknownKind as exc:
        return Usage(f"{exc}.")
    return DiagnoseAsk(resolved, namespace, name)
