"""What a chat message asks for (agent/bot/parsing.py)."""

from __future__ import annotations

import pytest

from agent.bot.parsing import DiagnoseAsk, HelpAsk, Usage, parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("diagnose pytorchjob team-nlp/llama-ft", DiagnoseAsk("PyTorchJob", "team-nlp", "llama-ft")),
        ("<@U0BOT> diagnose vcjob ml/gang-1", DiagnoseAsk("Job", "ml", "gang-1")),
        ("@_user_1  diagnose  job  research/nightly.eval ", DiagnoseAsk("Job", "research", "nightly.eval")),
        ("diagnose trainjob mistral-sft -n llm-train", DiagnoseAsk("TrainJob", "llm-train", "mistral-sft")),
        ("DIAGNOSE rayjobs ray/batch", DiagnoseAsk("RayJob", "ray", "batch")),
        ("", HelpAsk()),
        ("help", HelpAsk()),
        ("<@U0BOT>", HelpAsk()),
    ],
    ids=[
        "slash",
        "slack-mention-volcano",
        "lark-mention-spaces",
        "dash-n",
        "upper-plural",
        "empty",
        "help",
        "bare-mention",
    ],
)
def test_understood(text: str, expected: object) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("restart job a/b", "I do not know `restart`."),
        ("diagnose job", "`diagnose` takes a kind and NAMESPACE/NAME."),
        ("diagnose job nightly", "Which namespace is `nightly` in? Write NAMESPACE/NAME."),
        ("diagnose job a/B_C", "`B_C` is not a Kubernetes name."),
        ("diagnose job ../etc/passwd", "`..` is not a Kubernetes name."),
        ("diagnose deployment a/b", "unknown kind 'deployment'"),
        ("diagnose job a -n", "`-n` needs a namespace."),
    ],
)
def test_not_understood_says_why_and_how(text: str, problem: str) -> None:
    ask = parse(text)
    assert isinstance(ask, Usage) and ask.problem.startswith(problem) and "Usage:" in ask.message
