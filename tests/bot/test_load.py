"""50 slash commands at once: each acknowledged within Slack's 3 seconds while the
diagnoses queue behind a cap of 4 and a slow API server."""

from __future__ import annotations

import asyncio
import time
from typing import Any
from urllib.parse import urlencode

import httpx

from tests.bot.conftest import JOB, NS, bot_config, slack_headers
from tests.bot.receiver import Receiver

COMMANDS = 50
SLACK_DEADLINE = 3.0


def test_fifty_concurrent_slash_commands_are_all_acknowledged_within_three_seconds(
    make_bot: Any, cluster: Any, receiver: Receiver
) -> None:
    cluster.server.delay("pods", 0.3)  # every diagnosis lists pods: each takes at least this long
    client, service = make_bot(
        bot_config(receiver, limits={"per_user_per_minute": 100, "global_per_minute": 1000, "max_concurrent": 4})
    )
    base = str(client.base_url)

    async def one(i: int, http: httpx.AsyncClient) -> tuple[float, Any]:
        body = urlencode(
            {
                "command": "/jobdoctor",
                "text": f"diagnose pytorchjob {NS}/{JOB}",
                "channel_id": "C-ML",
                "user_id": f"U{i}",
                "response_url": f"{receiver.url}/hooks/{i}",
                "trigger_id": f"{i}.1.x",
            }
        ).encode()
        started = time.monotonic()
        resp = await http.post(base + "/slack/commands", content=body, headers=slack_headers(body))
        return time.monotonic() - started, resp

    async def burst() -> list[tuple[float, Any]]:
        limits = httpx.Limits(max_connections=COMMANDS)
        async with httpx.AsyncClient(limits=limits, timeout=30) as http:
            return await asyncio.gather(*(one(i, http) for i in range(COMMANDS)))

    results = asyncio.run(burst())
    answered_when_acked = len(receiver.requests())
    slowest = max(seconds for seconds, _ in results)
    assert all(resp.status_code == 200 and resp.json()["text"].startswith("Diagnosing") for _, resp in results)
    assert slowest < SLACK_DEADLINE, f"slowest acknowledgement {slowest:.2f}s"
    assert answered_when_acked < COMMANDS  # the diagnoses were still running behind the acknowledgements
    posted = receiver.wait(COMMANDS, timeout=60)
    assert {r.path for r in posted} == {f"/hooks/{i}" for i in range(COMMANDS)}
    assert all("gpu-oom" in r.json()["blocks"][0]["text"]["text"] for r in posted)
    print(f"acknowledged {COMMANDS} in at most {slowest:.3f}s; {answered_when_acked} verdicts posted by then")
