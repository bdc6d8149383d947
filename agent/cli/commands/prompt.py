"""``jobdoctor prompt KIND NAME``: what a model would be sent. Sends nothing."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer

from agent.cli.shell import (
    Config,
    Context,
    Debug,
    Kind,
    Kubeconfig,
    Language,
    MaskNames,
    MaxLogs,
    MaxPromptTokens,
    Name,
    Namespace,
    PromptConfigMap,
    PromptFile,
    Rules,
    SnapshotDir,
    for_source,
    handle_errors,
    model_flags,
    open_source,
    progress_printer,
    rule_files,
    workload,
)


class PromptFormat(str, Enum):
    text = "text"
    json = "json"


@handle_errors
def prompt(
    kind: Kind,
    name: Name = None,
    namespace: Namespace = None,
    snapshot: SnapshotDir = None,
    kubeconfig: Kubeconfig = None,
    context: Context = None,
    rules: Rules = None,
    config: Config = None,
    max_logs: MaxLogs = None,
    language: Language = None,
    max_prompt_tokens: MaxPromptTokens = None,
    prompt_file: PromptFile = None,
    prompt_configmap: PromptConfigMap = None,
    mask_names: MaskNames = False,
    output: Annotated[
        PromptFormat, typer.Option("--output", "-o", metavar="text|json", help="Output format.", case_sensitive=False)
    ] = PromptFormat.text,
    debug: Debug = False,
) -> None:
    """Print the messages a model would be sent about a workload - after redaction, with their
    token count - and send nothing.

    Exit 3 when the chosen prompt template cannot be used: the messages shown are then the
    built-in template's, which is what diagnose would send.
    """
    from agent.diagnosis import conclude, gather
    from agent.engine.signatures import load_catalogue
    from agent.errors import ExitCode
    from agent.review.budget import count_tokens
    from agent.review.prompting import build_prompt
    from agent.settings import load_settings
    from collectors.collecting import Target

    kind, name = workload(kind, name)
    flags = model_flags(
        model=None,
        base_url=None,
        api_key_env=None,
        language=language,
        timeout=None,
        max_prompt_tokens=max_prompt_tokens,
        prompt_file=prompt_file,
        prompt_configmap=prompt_configmap,
        no_cache=False,
        mask_names=mask_names,
    )
    settings = load_settings({**flags, "max_logs": max_logs, "rules": rule_files(rules)}, config=config)
    settings = for_source(settings, snapshot)
    catalogue = load_catalogue(settings.rules)
    progress = progress_printer(show=output is not PromptFormat.json, delay=None)
    try:
        source, namespace = open_source(
            snapshot, kubeconfig, context, namespace, kind=kind, name=name, read_timeout=settings.cluster_timeout
        )
        evidence = gather(
            Target(kind, name, namespace), source, catalogue=catalogue, settings=settings, progress=progress
        )
    finally:
        if progress is not None:
            progress.close()
    built = build_prompt(evidence, conclude(evidence, catalogue=catalogue, settings=settings), settings, source=source)
    notes = [*built.notes, *([built.cut] if built.cut else [])]
    if output is PromptFormat.json:
        typer.echo(
            json.dumps(
                {
                    "template": built.template,
                    "tokens": built.tokens,
                    "max_prompt_tokens": settings.max_prompt_tokens,
                    "messages": [{**m, "tokens": count_tokens(m["content"])} for m in built.messages],
                    "notes": notes,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for m in built.messages:
            typer.echo(f"=== {m['role']}: {count_tokens(m['content'])} tokens ===\n{m['content']}\n")
        typer.echo(
            f"=== {built.tokens} tokens in all (estimated; --max-prompt-tokens {settings.max_prompt_tokens}), "
            f"template: {built.template} ==="
        )
    for note in notes:
        typer.echo(f"jobdoctor: {note}", err=True)
    if built.template_error:
        raise typer.Exit(ExitCode.INPUT)
