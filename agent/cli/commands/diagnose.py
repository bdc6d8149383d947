"""``jobdoctor diagnose KIND NAME``."""

from __future__ import annotations

import sys

import typer

from agent.cli.shell import (
    ApiKeyEnv,
    BaseURL,
    Config,
    Context,
    Debug,
    Kind,
    Kubeconfig,
    Language,
    MaskNames,
    MaxLogs,
    MaxPromptTokens,
    Model,
    Name,
    Namespace,
    NoCache,
    NoLLM,
    Output,
    PromptConfigMap,
    PromptFile,
    RequestTimeout,
    Rules,
    SnapshotDir,
    Timeout,
    for_source,
    handle_errors,
    model_flags,
    open_source,
    progress_printer,
    rule_files,
    workload,
)
from agent.render import Format


@handle_errors
def diagnose(
    kind: Kind,
    name: Name = None,
    namespace: Namespace = None,
    snapshot: SnapshotDir = None,
    kubeconfig: Kubeconfig = None,
    context: Context = None,
    output: Output = Format.text,
    no_llm: NoLLM = False,
    rules: Rules = None,
    config: Config = None,
    max_logs: MaxLogs = None,
    model: Model = None,
    base_url: BaseURL = None,
    api_key_env: ApiKeyEnv = None,
    language: Language = None,
    timeout: Timeout = None,
    request_timeout: RequestTimeout = None,
    max_prompt_tokens: MaxPromptTokens = None,
    prompt_file: PromptFile = None,
    prompt_configmap: PromptConfigMap = None,
    no_cache: NoCache = False,
    mask_names: MaskNames = False,
    debug: Debug = False,
) -> None:
    """Diagnose one workload: why it failed, hangs or never started - or that it is fine.

    Prints Healthy / Error / Analysis / Solution with the culprit pod and the evidence.
    Exit 0 when a verdict was printed (healthy or not), 3 for bad input, 4 when the cluster
    cannot be asked.
    """
    from agent.cli.progress import announced
    from agent.diagnosis import diagnose as run
    from agent.diagnosis import make_advisor
    from agent.engine.signatures import load_catalogue
    from agent.render import render
    from agent.settings import load_settings
    from collectors.collecting import Target

    kind, name = workload(kind, name)
    flags = model_flags(
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        language=language,
        timeout=timeout,
        max_prompt_tokens=max_prompt_tokens,
        prompt_file=prompt_file,
        prompt_configmap=prompt_configmap,
        no_cache=no_cache,
        mask_names=mask_names,
        request_timeout=request_timeout,
    )
    settings = load_settings({**flags, "max_logs": max_logs, "rules": rule_files(rules)}, config=config)
    settings = for_source(settings, snapshot)
    catalogue = load_catalogue(settings.rules)
    progress = progress_printer(show=output is not Format.json, delay=None)
    try:
        if progress is not None and snapshot is None:
            progress(f"connecting to the cluster for {kind} {name}")
        source, namespace = open_source(
            snapshot, kubeconfig, context, namespace, kind=kind, name=name, read_timeout=settings.cluster_timeout
        )
        try:
            advisor = None if no_llm else announced(make_advisor(settings, source), progress, settings.model or "")
            verdict = run(
                Target(kind, name, namespace),
                source,
                catalogue=catalogue,
                settings=settings,
                advisor=advisor,
                progress=progress,
            )
        finally:
            close = getattr(source, "close", None)  # a cluster source holds HTTP connections
            if close is not None:
                close()
    finally:
        if progress is not None:
            progress.close()
    typer.echo(render(verdict, output, color=output is Format.text and sys.stdout.isatty(), tr=settings.translator()))
