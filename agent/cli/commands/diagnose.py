"""``jobdoctor diagnose KIND NAME``."""

from __future__ import annotations

import sys

import typer

from agent.render import Format
from agent.cli.shell import (for_source, ApiKeyEnv, BaseURL, Config, Context, Debug, Kind, Kubeconfig, Language, MaskNames, MaxLogs,
                         MaxPromptTokens, Model, Name, Namespace, NoCache, NoLLM, Output, PromptConfigMap, PromptFile,
                         RequestTimeout, Rules, SnapshotDir, Timeout, handle_errors, model_flags, open_source,
                         progress_printer, rule_files)


@handle_errors
def diagnose(
    kind: Kind,
    name: Name,
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
    from agent.diagnosis import diagnose as run
    from agent.diagnosis import make_advisor
    from agent.render import render
    from agent.settings import load_settings
    from agent.engine.signatures import load_catalogue
    from collectors.collecting import Target

    flags = model_flags(model=model, base_url=base_url, api_key_env=api_key_env, language=language, timeout=timeout,
                        max_prompt_tokens=max_prompt_tokens, prompt_file=prompt_file,
                        prompt_configmap=prompt_configmap, no_cache=no_cache, mask_names=mask_names,
                        request_timeout=request_timeout)
    settings = load_settings({**flags, "max_logs": max_logs, "rules": rule_files(rules)}, config=config)
    settings = for_source(settings, snapshot)
    catalogue = load_catalogue(settings.rules)
    source, namespace = open_source(snapshot, kubeconfig, context, namespace, kind=kind, name=name,
                                    read_timeout=settings.cluster_timeout)
    advisor = None if no_llm else make_advisor(settings, source)
    progress = progress_printer()
    try:
        verdict = run(Target(kind, name, namespace), source, catalogue=catalogue, settings=settings,
                      advisor=advisor, progress=progress)
    finally:
        if progress is not None:
            progress("")
            sys.stderr.write("\r\x1b[2K")
        close = getattr(source, "close", None)  # a cluster source holds HTTP connections
        if close is not None:
            close()
    typer.echo(render(verdict, output, color=output is Format.text and sys.stdout.isatty()))
