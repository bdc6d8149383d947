"""``jobdoctor triage [-n NAMESPACE | -A]``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from agent.cli.shell import (
    ApiKeyEnv,
    BaseURL,
    Config,
    Context,
    Debug,
    Kubeconfig,
    Language,
    MaxLogs,
    Model,
    NoLLM,
    Rules,
    at_least,
    command_settings,
    handle_errors,
    progress_printer,
)

FORMATS = ("table", "json", "markdown")
# Drawn in the progress line: ━━━━━━━━────── 12/40
BAR_WIDTH = 24


def duration(value: str) -> str:
    """--since and --pending-after: 24h, 90m, 1h30m, 2d; anything else is a usage error."""
    from agent.triage.selecting import parse_duration

    try:
        parse_duration(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def snapshots_dir(value: Path | None) -> Path | None:
    if value is not None and value.is_file():
        raise typer.BadParameter("a file, not a folder of snapshots (folders holding objects.yaml)")
    return value


def output_format(value: str) -> str:
    """-o: table, json or markdown (the agent's formats are imported only when the command runs)."""
    if value.lower() not in FORMATS:
        raise typer.BadParameter(f"must be one of {', '.join(FORMATS)}")
    return value.lower()


Namespace = Annotated[
    str | None,
    typer.Option(
        "--namespace",
        "-n",
        metavar="NAMESPACE",
        help="Namespace to triage (default: the context's; with --snapshots, all).",
    ),
]
AllNamespaces = Annotated[bool, typer.Option("--all-namespaces", "-A", help="Triage every namespace.")]
Kinds = Annotated[
    list[str] | None,
    typer.Option(
        "--kind",
        metavar="KIND[,KIND...]",
        help="Only these kinds (pytorchjob,job,...); repeatable. Default: every supported kind.",
    ),
]
Since = Annotated[
    str,
    typer.Option(
        "--since",
        metavar="DURATION",
        callback=duration,
        help="Failures within this long before now: 24h, 90m, 1h30m, 2d.",
    ),
]
PendingAfter = Annotated[
    str,
    typer.Option(
        "--pending-after",
        metavar="DURATION",
        callback=duration,
        help="A workload Pending (or queued) this long is diagnosed.",
    ),
]
Output = Annotated[
    str, typer.Option("--output", "-o", metavar="table|json|markdown", callback=output_format, help="Output format.")
]
Results = Annotated[
    Path | None,
    typer.Option(
        "--results",
        metavar="FILE",
        dir_okay=False,
        help="Append each verdict to FILE as a JSON line; a rerun with the same "
        "FILE diagnoses only what is not in it yet.",
    ),
]
Snapshots = Annotated[
    Path | None,
    typer.Option(
        "--snapshots",
        metavar="DIR",
        callback=snapshots_dir,
        help="Triage the snapshots under DIR (folders holding objects.yaml) instead of a cluster.",
    ),
]
Concurrency = Annotated[
    int,
    typer.Option(
        "--concurrency",
        metavar="N",
        callback=at_least(1),
        show_default=False,
        help="Workloads diagnosed at once (default 4).",
    ),
]
WorkloadTimeout = Annotated[
    float,
    typer.Option(
        "--workload-timeout",
        metavar="SECONDS",
        callback=at_least(1),
        show_default=False,
        help="Seconds one workload may take before its row says so (default 120).",
    ),
]


@handle_errors
def triage(
    namespace: Namespace = None,
    all_namespaces: AllNamespaces = False,
    kind: Kinds = None,
    since: Since = "24h",
    pending_after: PendingAfter = "30m",
    output: Output = "table",
    results: Results = None,
    snapshots: Snapshots = None,
    kubeconfig: Kubeconfig = None,
    context: Context = None,
    concurrency: Concurrency = 4,
    workload_timeout: WorkloadTimeout = 120.0,
    no_llm: NoLLM = False,
    model: Model = None,
    base_url: BaseURL = None,
    api_key_env: ApiKeyEnv = None,
    language: Language = None,
    rules: Rules = None,
    config: Config = None,
    max_logs: MaxLogs = None,
    debug: Debug = False,
) -> None:
    """Diagnose every workload in a namespace (or all) that failed, is stuck Pending or stalls.

    Lists the workloads of every supported kind, keeps those that failed within --since,
    have been Pending longer than --pending-after or run long enough to be checked for a
    stall, diagnoses each (a few at a time) and prints a table, oldest first, with a summary
    by category. With --results FILE every verdict is appended to FILE as it is made, and an
    interrupted run started again with the same FILE diagnoses only what is missing. Exit 0
    when the table was printed, 3 for bad input, 4 when the cluster cannot be listed.
    """
    from agent.triage import Options, TriageFormat, parse_duration, render_report
    from agent.triage import triage as run

    if namespace is not None and all_namespaces:
        raise typer.BadParameter("give -n NAMESPACE or -A, not both")
    fmt = TriageFormat(output)
    settings, catalogue = command_settings(
        no_llm=no_llm,
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        language=language,
        rules=rules,
        config=config,
        max_logs=max_logs,
    )
    options = Options(
        kinds=_kinds(kind),
        since=parse_duration(since),
        pending_after=parse_duration(pending_after),
        concurrency=concurrency,
        workload_timeout=workload_timeout,
    )
    progress = progress_printer(show=fmt is not TriageFormat.json, delay=None)
    opened: list[Any] = []
    try:
        scopes, label, cluster = _scopes(snapshots, kubeconfig, context, namespace, all_namespaces, settings)
        opened += [s.source for s in scopes if hasattr(s.source, "close")]
        advisor = _advisor(settings, cluster, no_llm)
        records = _open_results(results)
        if records is not None:
            opened.append(records)
        report = run(
            scopes,
            label=label,
            options=options,
            catalogue=catalogue,
            settings=settings,
            advisor=advisor,
            results=records,
            progress=_bar(progress) if progress is not None else None,
        )
    finally:
        if progress is not None:
            progress.close()
        for thing in opened:
            thing.close()
    typer.echo(render_report(report, fmt))


def _kinds(given: list[str] | None) -> tuple[Any, ...]:
    """--kind pytorchjob,job --kind vcjob: the kinds, each once; UnknownKind (exit 3) for a typo."""
    from collectors.kinds import builtin_kinds, resolve_kind

    if not given:
        return builtin_kinds()
    chosen: list[Any] = []
    for name in (n for value in given for n in value.split(",") if n.strip()):
        kind = resolve_kind(name)
        if kind not in chosen:
            chosen.append(kind)
    return tuple(chosen)


def _scopes(
    snapshots: Path | None,
    kubeconfig: str | None,
    context: str | None,
    namespace: str | None,
    all_namespaces: bool,
    settings: Any,
) -> tuple[list[Any], str, Any]:
    """The scopes to triage, how to name them, and the cluster source (None for snapshots)."""
    from agent.triage import Scope

    if snapshots is not None:
        from agent.triage.snapshots import snapshot_scopes

        scopes = snapshot_scopes(snapshots, namespace)
        where = f"namespace {namespace}" if namespace else "all namespaces"
        return scopes, f"{where} of the snapshots in {snapshots}", None
    from collectors.cluster import ClusterSource

    cluster = ClusterSource.from_config(kubeconfig=kubeconfig, context=context, timeout=(5.0, settings.cluster_timeout))
    chosen = None if all_namespaces else namespace or cluster.default_namespace
    return [Scope(cluster, chosen)], f"namespace {chosen}" if chosen else "all namespaces", cluster


def _advisor(settings: Any, cluster: Any, no_llm: bool) -> Any:
    from agent.diagnosis import make_advisor

    return None if no_llm else make_advisor(settings, cluster)


def _open_results(path: Path | None) -> Any:
    if path is None:
        return None
    from agent.triage import ResultsFile

    return ResultsFile.open(path)


def _bar(progress: Any) -> Any:
    """The triage's progress as a bar and a count on the progress line."""

    def say(done: int, total: int, message: str) -> None:
        if total:
            filled = BAR_WIDTH * done // total
            progress(f"{'━' * filled}{'─' * (BAR_WIDTH - filled)} {done}/{total}  {message}")
        else:
            progress(message)

    return say
