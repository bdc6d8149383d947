"""``jobdoctor capture TYPE NAME --to DIR``: a snapshot to diagnose elsewhere.

The directory is ``--to DIR`` (or ``--output-directory DIR``, the name kubectl's own
``cluster-info dump`` gives it): ``-o`` is an output format everywhere else in kubectl and
jobdoctor. ``-o DIR`` still works, with a note on stderr, and is hidden from the help."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from agent.cli.shell import (
    Config,
    Context,
    Debug,
    Kind,
    Kubeconfig,
    MaxLogs,
    Name,
    Namespace,
    SnapshotDir,
    for_source,
    handle_errors,
    open_source,
    progress_printer,
    snapshot_dir,
    workload,
)


def _directory(value: str | None) -> str | None:
    """As ``snapshot_dir``, but kept a string: Path("") is ".", and an empty --to must not
    mean the current directory (collectors.capture refuses it)."""
    if value:
        snapshot_dir(Path(value))
    return value


ToDir = Annotated[
    str | None,
    typer.Option(
        "--to",
        "--output-directory",
        metavar="DIR",
        callback=_directory,
        help="Directory to write the snapshot to; created if missing, and must be empty unless --force.",
    ),
]
# Before --to, capture took its directory as -o/--output; kept working, hidden, with a note.
OldOutputDir = Annotated[str | None, typer.Option("--output", "-o", metavar="DIR", hidden=True, callback=_directory)]
Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Write into a non-empty directory. A snapshot already there is moved to DIR/.replaced-*/, never deleted.",
    ),
]


@handle_errors
def capture(
    kind: Kind,
    name: Name = None,
    to: ToDir = None,
    namespace: Namespace = None,
    force: Force = False,
    kubeconfig: Kubeconfig = None,
    context: Context = None,
    snapshot: SnapshotDir = None,
    max_logs: MaxLogs = None,
    config: Config = None,
    output: OldOutputDir = None,
    debug: Debug = False,
) -> None:
    """Save what a diagnosis reads as a snapshot directory, to diagnose anywhere later.

    Writes the workload, its child and queue objects, pods, their events and the logs a
    diagnosis reads (same budgets), with secret-looking values redacted; never reads
    Secrets. Then: jobdoctor diagnose TYPE/NAME -n NAMESPACE --snapshot DIR. With
    --snapshot, re-captures (trims and redacts) an existing snapshot.
    """
    from agent.engine.signatures import builtin_catalogue
    from agent.settings import load_settings
    from collectors.capture import capture as run
    from collectors.collecting import Target
    from collectors.redaction import Redactor

    kind, name = workload(kind, name)
    if to is not None and output is not None:
        raise typer.BadParameter("give the directory once, as --to DIR")
    if to is None and output is None:
        raise typer.BadParameter("missing --to DIR: the directory to write the snapshot to")
    if to is None:
        typer.echo(
            "jobdoctor: warning: capture -o DIR is deprecated, use --to DIR (-o is an output format everywhere else)",
            err=True,
        )
    output = to if to is not None else output  # "" stays "": refused below, never the current directory
    assert output is not None
    settings = load_settings({"max_logs": max_logs}, config=config)
    settings = for_source(settings, snapshot)
    progress = progress_printer(delay=None)
    try:
        if progress is not None and snapshot is None:
            progress(f"connecting to the cluster for {kind} {name}")
        source, namespace = open_source(
            snapshot, kubeconfig, context, namespace, kind=kind, name=name, read_timeout=settings.cluster_timeout
        )
        try:
            with _terminated_as_exit():
                report = run(
                    source,
                    Target(kind, name, namespace),
                    output,
                    matcher=builtin_catalogue().line_matcher,
                    budget=settings.budget(),
                    redactor=Redactor(settings.redact_patterns),
                    force=force,
                    progress=progress,
                )
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()
    finally:
        if progress is not None:
            progress.close()
    for note in report.notes:
        typer.echo(f"jobdoctor: warning: could not read {note}", err=True)
    if report.replaced is not None:
        typer.echo(f"jobdoctor: the snapshot that was in {output} is now in {report.replaced}", err=True)
    size = (
        f"{report.log_bytes / (1 << 20):.1f} MiB"
        if report.log_bytes >= 1 << 20
        else f"{report.log_bytes / 1024:.1f} KiB"
    )
    typer.echo(
        f"Captured {kind} {namespace}/{name} into {output}: {report.objects} objects, "
        f"{report.logs} log{'s' if report.logs != 1 else ''} ({size})."
    )
    typer.echo(f"Diagnose it anywhere: jobdoctor diagnose {kind} {name} -n {namespace} --snapshot {output}")


@contextmanager
def _terminated_as_exit() -> Iterator[None]:
    """SIGTERM (a CI job cancelled, ``kill``) ends the capture the way Ctrl-C does: with an
    exception, so that the half-written snapshot is removed and DIR is left as it was. Exit
    143, as for a process killed by SIGTERM."""

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: whoever runs this handles signals
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
