"""Pieces every command shares: options, error handling, and building a Source and an
advisor. This is the imperative shell; nothing here decides anything."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from agent.errors import ExitCode, InputError, JobdoctorError, exit_code_for
from agent.render import Format

F = TypeVar("F", bound=Callable[..., Any])

Kind = Annotated[str, typer.Argument(help="Workload kind: pytorchjob, tfjob, mpijob, job, pod, ... (any case, plural or short).")]
Name = Annotated[str, typer.Argument(help="Workload name.")]
Namespace = Annotated[str | None, typer.Option("--namespace", "-n", help="Namespace (default: the context's, or the snapshot's only match).")]
SnapshotDir = Annotated[Path | None, typer.Option("--snapshot", "-s", help="Read this snapshot directory instead of a cluster.", file_okay=False)]
Kubeconfig = Annotated[str | None, typer.Option("--kubeconfig", help="Path to the kubeconfig file (default: $KUBECONFIG, ~/.kube/config).")]
Context = Annotated[str | None, typer.Option("--context", help="Kubeconfig context to use.")]
Output = Annotated[Format, typer.Option("--output", "-o", help="Output format.", case_sensitive=False)]
NoLLM = Annotated[bool, typer.Option("--no-llm", help="Rules only: no model is called.")]
Rules = Annotated[list[Path] | None, typer.Option("--rules", help="Extra signature catalogue (YAML); repeatable. Extends or overrides the built-in one.")]
Config = Annotated[Path | None, typer.Option("--config", help="Config file (default: ~/.config/jobdoctor/config.yaml).")]
MaxLogs = Annotated[int | None, typer.Option("--max-logs", help="Read the logs of at most this many containers (default 8).")]
Model = Annotated[str | None, typer.Option("--model", help="Model name; with none configured the rules decide alone.")]
BaseURL = Annotated[str | None, typer.Option("--base-url", help="OpenAI-compatible endpoint URL.")]
ApiKeyEnv = Annotated[str | None, typer.Option("--api-key-env", help="Environment variable holding the API key (default OPENAI_API_KEY).")]
Language = Annotated[str | None, typer.Option("--language", help="Language of the verdict's prose: en, zh, ... Category ids stay as they are.")]
Debug = Annotated[bool, typer.Option("--debug", help="Show tracebacks instead of one-line errors.")]
Timeout = Annotated[float | None, typer.Option("--timeout", min=1, help="Seconds for the whole model review, retries included (default 60); one request may use all of it.")]
RequestTimeout = Annotated[float | None, typer.Option("--request-timeout", min=1, help="Seconds for one model request, at most (default: all of --timeout).")]
MaxPromptTokens = Annotated[int | None, typer.Option("--max-prompt-tokens", min=500, help="Token budget of the prompt (default 6000); the evidence is cut to fit.")]
PromptFile = Annotated[Path | None, typer.Option("--prompt-file", dir_okay=False, help="Prompt template (Jinja2, or an Aegis Go template); wins over every other template.")]
PromptConfigMap = Annotated[str | None, typer.Option("--prompt-configmap", metavar="NAMESPACE/NAME", help="ConfigMap holding prompt templates: keys <kind>.j2, <kind>.tmpl, default.j2.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Ask the model even when the same prompt has a cached answer.")]
MaskNames = Annotated[bool, typer.Option("--mask-names", help="Replace namespace, workload, pod and node names before sending; put back in the verdict.")]


def handle_errors(command: F) -> F:
    """One line and an exit code for every error; the traceback only with --debug."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except JobdoctorError as exc:
            if kwargs.get("debug"):
                raise
            typer.echo(f"jobdoctor: {' '.join(str(exc).split())}", err=True)
            raise typer.Exit(exit_code_for(exc)) from None
        except KeyboardInterrupt:
            typer.echo("jobdoctor: interrupted", err=True)
            raise typer.Exit(130) from None
        except Exception as exc:  # the edge: anything unexpected is a bug, shown in one line
            if kwargs.get("debug"):
                raise
            first = (str(exc).strip().splitlines() or [""])[0]
            typer.echo(f"jobdoctor: internal error: {type(exc).__name__}: {first} (rerun with --debug for details)", err=True)
            raise typer.Exit(ExitCode.INTERNAL) from None

    return wrapper  # type: ignore[return-value]


def open_source(snapshot: Path | None, kubeconfig: str | None, context: str | None, namespace: str | None,
                *, kind: str, name: str, read_timeout: float | None = None) -> tuple[Any, str]:
    """The Source to read from, and the namespace to read in. ``read_timeout`` bounds each
    request to the API server (seconds)."""
    if snapshot is not None:
        from collectors.snapshot import SnapshotSource

        source = SnapshotSource(snapshot)
        return source, namespace or snapshot_namespace(source, kind, name)
    try:
        from collectors.cluster import ClusterSource
    except ImportError as exc:  # pragma: no cover - the live source ships with the package
        raise InputError("reading a live cluster is not available in this installation; use --snapshot DIR") from exc
    if read_timeout is None:
        cluster = ClusterSource.from_config(kubeconfig=kubeconfig, context=context)
    else:
        cluster = ClusterSource.from_config(kubeconfig=kubeconfig, context=context, timeout=(5.0, read_timeout))
    return cluster, namespace or cluster.default_namespace


def for_source(settings: Any, snapshot: Path | None) -> Any:
    """Settings adjusted to where evidence is read: a snapshot's logs are local files, so
    reading them in parallel threads costs start-up time and gains nothing."""
    return settings.model_copy(update={"fetch_concurrency": 1}) if snapshot is not None else settings


def snapshot_namespace(source: Any, kind: str, name: str) -> str:
    """Without -n: the namespace of the only workload of that kind and name in the snapshot."""
    from collectors.kinds import resolve_kind

    k = resolve_kind(kind)
    found = {str((o.get("metadata") or {}).get("namespace") or "default")
             for v in k.api_versions for o in source.list_objects(v, k.kind, None)
             if (o.get("metadata") or {}).get("name") == name}
    return found.pop() if len(found) == 1 else "default"


def model_flags(*, model: str | None, base_url: str | None, api_key_env: str | None, language: str | None,
                timeout: float | None, max_prompt_tokens: int | None, prompt_file: Path | None,
                prompt_configmap: str | None, no_cache: bool, mask_names: bool,
                request_timeout: float | None = None) -> dict[str, Any]:
    """The model options as settings flags (None: not given, so env and config file decide)."""
    return {"model": model, "base_url": base_url, "api_key_env": api_key_env, "language": language,
            "timeout": timeout, "request_timeout": request_timeout, "max_prompt_tokens": max_prompt_tokens,
            "prompt_file": str(prompt_file) if prompt_file else None, "prompt_configmap": prompt_configmap,
            "cache": False if no_cache else None, "mask_names": True if mask_names else None}


def progress_printer() -> Callable[[str], None] | None:
    """Progress on stderr, only when a person is watching it."""
    if not sys.stderr.isatty():
        return None

    def show(message: str) -> None:
        sys.stderr.write(f"\r\x1b[2K{message}…")
        sys.stderr.flush()

    return show


def rule_files(rules: list[Path] | None) -> list[str] | None:
    return [str(r) for r in rules] if rules else None
