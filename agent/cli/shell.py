"""Pieces every command shares: options, error handling, and building a Source and an
advisor. This is the imperative shell; nothing here decides anything."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from agent.errors import ExitCode, InputError, JobdoctorError, WorkloadNotFound, exit_code_for
from agent.render import Format

if TYPE_CHECKING:
    from agent.cli.progress import Progress

F = TypeVar("F", bound=Callable[..., Any])

# The usage error every parse problem derives from. typer vendors Click and exports only
# BadParameter of its exceptions; UsageError is its base, in typer's Click and in Click alike.
UsageError: type[Exception] = typer.BadParameter.__mro__[1]


def complete_workload(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes TYPE (the kinds), and TYPE/NAME from the snapshot given before it."""
    from agent.cli.completing import kind_names, workload_names

    if "/" in incomplete:
        kind, _, _ = incomplete.partition("/")
        return [f"{kind}/{n}" for n in workload_names(ctx.params, kind) if f"{kind}/{n}".startswith(incomplete)]
    return [k for k in kind_names() if k.startswith(incomplete.lower())]


def complete_name(ctx: typer.Context, incomplete: str) -> list[str]:
    """Completes NAME from the snapshot given before it (--snapshot DIR first)."""
    from agent.cli.completing import workload_names

    kind = ctx.params.get("kind") or ""
    return [] if "/" in kind else [n for n in workload_names(ctx.params, kind) if n.startswith(incomplete)]


def at_least(low: float) -> Callable[[Any], Any]:
    """An option callback: a usage error (exit 2) below ``low``. Rather than typer's ``min=``,
    whose help shows ``<float range>`` and ``[x>=1]``."""

    def check(value: Any) -> Any:
        if value is not None and value < low:
            raise typer.BadParameter(f"must be at least {low:g}")
        return value

    return check


def snapshot_dir(value: Path | None) -> Path | None:
    """--snapshot names a directory: a file is a usage mistake (exit 2). A path that does not
    exist is bad input (exit 3), said by the snapshot source with the rest of its checks."""
    if value is not None and value.is_file():
        raise typer.BadParameter("a file, not a snapshot directory (one holding objects.yaml and logs/)")
    return value


Kind = Annotated[
    str,
    typer.Argument(
        metavar="TYPE[/NAME]",
        autocompletion=complete_workload,
        show_default=False,
        help="Workload kind - pytorchjob, tfjob, mpijob, trainjob, rayjob, job, pod, ... (any case, plural or "
        "short) - or kubectl's TYPE/NAME.",
    ),
]
Name = Annotated[
    str | None,
    typer.Argument(
        metavar="[NAME]",
        autocompletion=complete_name,
        show_default=False,
        help="Workload name, unless given as TYPE/NAME.",
    ),
]
Namespace = Annotated[
    str | None,
    typer.Option(
        "--namespace",
        "-n",
        metavar="NAMESPACE",
        help="Namespace (default: with --snapshot, the one holding the workload; live, the context's).",
    ),
]
SnapshotDir = Annotated[
    Path | None,
    typer.Option(
        "--snapshot",
        "-s",
        metavar="DIR",
        callback=snapshot_dir,
        help="Read this snapshot directory instead of a cluster.",
    ),
]
Kubeconfig = Annotated[
    str | None,
    typer.Option(
        "--kubeconfig", metavar="FILE", help="Path to the kubeconfig file (default: $KUBECONFIG, ~/.kube/config)."
    ),
]
Context = Annotated[str | None, typer.Option("--context", metavar="NAME", help="Kubeconfig context to use.")]
Output = Annotated[
    Format, typer.Option("--output", "-o", metavar="text|json|markdown", help="Output format.", case_sensitive=False)
]
NoLLM = Annotated[bool, typer.Option("--no-llm", help="Rules only: no model is called.")]
Rules = Annotated[
    list[Path] | None,
    typer.Option(
        "--rules",
        metavar="FILE",
        help="Extra signature catalogue (YAML); repeatable. Extends or overrides the built-in one.",
    ),
]
Config = Annotated[
    Path | None,
    typer.Option("--config", metavar="FILE", help="Config file (default: ~/.config/jobdoctor/config.yaml)."),
]
MaxLogs = Annotated[
    int | None,
    typer.Option(
        "--max-logs",
        metavar="N",
        callback=at_least(1),
        help="Read the logs of at most this many containers (default 8).",
    ),
]
Model = Annotated[
    str | None, typer.Option("--model", metavar="NAME", help="Model name; with none configured the rules decide alone.")
]
BaseURL = Annotated[str | None, typer.Option("--base-url", metavar="URL", help="OpenAI-compatible endpoint URL.")]
ApiKeyEnv = Annotated[
    str | None,
    typer.Option(
        "--api-key-env", metavar="VAR", help="Environment variable holding the API key (default OPENAI_API_KEY)."
    ),
]
Language = Annotated[
    str | None,
    typer.Option(
        "--language",
        metavar="LANG",
        help="Language of the verdict's prose and labels, from the rules and a model alike: en, zh, ... (default: $JOBDOCTOR_LANGUAGE, the config file, then the locale, e.g. LANG=zh_CN.UTF-8). Category ids and quoted lines stay as they are.",
    ),
]
Debug = Annotated[bool, typer.Option("--debug", help="Show tracebacks instead of one-line errors.")]
Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        callback=at_least(1),
        help="Seconds for the whole model review, retries included (default 60); one request may use all of it.",
    ),
]
RequestTimeout = Annotated[
    float | None,
    typer.Option(
        "--request-timeout",
        metavar="SECONDS",
        callback=at_least(1),
        help="Seconds for one model request, at most (default: all of --timeout).",
    ),
]
MaxPromptTokens = Annotated[
    int | None,
    typer.Option(
        "--max-prompt-tokens",
        metavar="N",
        callback=at_least(500),
        help="Token budget of the prompt (default 6000, at least 500); the evidence is cut to fit.",
    ),
]
PromptFile = Annotated[
    Path | None,
    typer.Option(
        "--prompt-file",
        metavar="FILE",
        dir_okay=False,
        help="Prompt template (Jinja2, or an Aegis Go template); wins over every other template.",
    ),
]
PromptConfigMap = Annotated[
    str | None,
    typer.Option(
        "--prompt-configmap",
        metavar="NAMESPACE/NAME",
        help="ConfigMap holding prompt templates: keys <kind>.j2, <kind>.tmpl, default.j2.",
    ),
]
NoCache = Annotated[
    bool, typer.Option("--no-cache", help="Ask the model even when the same prompt has a cached answer.")
]
MaskNames = Annotated[
    bool,
    typer.Option(
        "--mask-names", help="Replace namespace, workload, pod and node names before sending; put back in the verdict."
    ),
]


def handle_errors(command: F) -> F:
    """One line and an exit code for every error; the traceback only with --debug."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, UsageError):
            raise
        except JobdoctorError as exc:
            if kwargs.get("debug"):
                raise
            typer.echo(f"jobdoctor: {' '.join(str(exc).split())}", err=True)
            raise typer.Exit(exit_code_for(exc)) from None
        except KeyboardInterrupt:
            typer.echo("jobdoctor: interrupted", err=True)
            raise typer.Exit(130) from None
        except ModuleNotFoundError as exc:
            if kwargs.get("debug"):
                raise
            # A dependency added since the package was installed (an editable install from an
            # older checkout): the install, not jobdoctor, is broken, and reinstalling mends it.
            typer.echo(
                f"jobdoctor: the installation lacks a dependency ({exc}): reinstall it "
                "(`pip install -e .` in a checkout, `pip install --upgrade jobdoctor` otherwise)",
                err=True,
            )
            raise typer.Exit(ExitCode.INTERNAL) from None
        except Exception as exc:  # the edge: anything unexpected is a bug, shown in one line
            if kwargs.get("debug"):
                raise
            first = (str(exc).strip().splitlines() or [""])[0]
            typer.echo(
                f"jobdoctor: internal error: {type(exc).__name__}: {first} (rerun with --debug for details)", err=True
            )
            raise typer.Exit(ExitCode.INTERNAL) from None

    return wrapper  # type: ignore[return-value]


def open_source(
    snapshot: Path | None,
    kubeconfig: str | None,
    context: str | None,
    namespace: str | None,
    *,
    kind: str,
    name: str,
    read_timeout: float | None = None,
) -> tuple[Any, str]:
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


def workload(kind: str, name: str | None) -> tuple[str, str]:
    """KIND and NAME from ``TYPE NAME`` or kubectl's ``TYPE/NAME``; a usage error otherwise."""
    if "/" in kind:
        if name is not None:
            raise typer.BadParameter(
                f"there is no need to give the type as a separate argument with TYPE/NAME: "
                f"use '{kind}', not '{kind} {name}' or '{kind.partition('/')[0]} {name}'"
            )
        kind, _, name = kind.partition("/")
        if not kind or not name or "/" in name:
            raise typer.BadParameter("TYPE/NAME needs both, e.g. pytorchjob/llama-ft")
    if not name:
        raise typer.BadParameter("missing the workload's name: give TYPE NAME or TYPE/NAME, e.g. pytorchjob/llama-ft")
    return kind, name


def snapshot_namespace(source: Any, kind: str, name: str) -> str:
    """Without -n, a snapshot's namespace is the one that holds the workload: a snapshot has no
    context to take a default from. A name held in several namespaces needs -n; a name held in
    none is looked for in the one namespace holding that kind, so the error lists its names."""
    from collectors.kinds import resolve_kind

    k = resolve_kind(kind)
    objects = [o.get("metadata") or {} for v in k.api_versions for o in source.list_objects(v, k.kind, None)]
    holding = sorted({str(m.get("namespace") or "default") for m in objects if m.get("name") == name})
    if len(holding) == 1:
        return holding[0]
    if holding:
        raise InputError(
            f"{k.kind} {name} is in {len(holding)} namespaces of the snapshot: {', '.join(holding)}; pass -n NAMESPACE"
        )
    spaces = sorted({str(m.get("namespace") or "default") for m in objects})
    if len(spaces) == 1:
        return spaces[0]
    if not spaces:
        raise WorkloadNotFound(f"{k.kind} {name} not found; the snapshot holds no {k.plural}")
    named = sorted(f"{m.get('namespace') or 'default'}/{m.get('name')}" for m in objects)
    shown = ", ".join(named[:10]) + (f" and {len(named) - 10} more" if len(named) > 10 else "")
    raise WorkloadNotFound(f"{k.kind} {name} not found; {k.plural} in the snapshot: {shown}")


def model_flags(
    *,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    language: str | None,
    timeout: float | None,
    max_prompt_tokens: int | None,
    prompt_file: Path | None,
    prompt_configmap: str | None,
    no_cache: bool,
    mask_names: bool,
    request_timeout: float | None = None,
) -> dict[str, Any]:
    """The model options as settings flags (None: not given, so env and config file decide)."""
    return {
        "model": model,
        "base_url": base_url,
        "api_key_env": api_key_env,
        "language": language,
        "timeout": timeout,
        "request_timeout": request_timeout,
        "max_prompt_tokens": max_prompt_tokens,
        "prompt_file": str(prompt_file) if prompt_file else None,
        "prompt_configmap": prompt_configmap,
        "cache": False if no_cache else None,
        "mask_names": True if mask_names else None,
    }


def command_settings(
    *,
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    language: str | None,
    rules: list[Path] | None,
    config: Path | None,
    max_logs: int | None,
    no_llm: bool = False,
) -> tuple[Any, Any]:
    """Settings and catalogue for a command that takes the model flags but no prompt ones
    (triage, mcp); ``no_llm`` leaves the model out whatever env or config say."""
    from agent.engine.signatures import load_catalogue
    from agent.settings import load_settings

    flags = model_flags(
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        language=language,
        timeout=None,
        max_prompt_tokens=None,
        prompt_file=None,
        prompt_configmap=None,
        no_cache=False,
        mask_names=False,
    )
    settings = load_settings({**flags, "max_logs": max_logs, "rules": rule_files(rules)}, config=config)
    if no_llm:
        settings = settings.model_copy(update={"model": None})
    return settings, load_catalogue(settings.rules)


def progress_printer(*, show: bool = True, delay: float | None = 0.0) -> Progress | None:
    """Progress on stderr, only when a person is watching it (stderr is a terminal) and
    ``show`` (False for ``-o json``); drawn once the command has run for ``delay`` seconds
    (None: agent.cli.progress.DELAY_SECONDS, a second)."""
    if not show or not sys.stderr.isatty():
        return None
    from agent.cli import progress

    return progress.Progress(sys.stderr, delay=progress.DELAY_SECONDS if delay is None else delay)


# The modules of the `bot` extra (pyproject.toml), which `jobdoctor bot` and `watch` need.
BOT_EXTRA_MODULES = ("uvicorn", "starlette", "slack_sdk", "prometheus_client", "cryptography", "httpx")


def require_bot_extra(command: str) -> None:
    """A usage error (exit 2) naming the install command when the `bot` extra is missing:
    without it, `bot` and `watch` would fail on their first import, as an internal error."""
    import importlib.util

    missing = [m for m in BOT_EXTRA_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        typer.echo(
            f"jobdoctor: error: {command} needs the bot extra ({', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not installed): pip install 'jobdoctor[bot]'",
            err=True,
        )
        raise typer.Exit(ExitCode.USAGE)


def rule_files(rules: list[Path] | None) -> list[str] | None:
    return [str(r) for r in rules] if rules else None


def usage_message(exc: Exception, args: list[str]) -> str:
    """A usage error as kubectl words one (``error: unknown flag: --foo``, ``invalid argument
    "yaml" for "-o, --output" flag: ...``), in one line: what was wrong, never a Python type."""
    import re

    message = str(getattr(exc, "message", "") or exc).strip()
    option = getattr(exc, "option_name", None)
    if option:  # no such option
        close = getattr(exc, "possibilities", None) or []
        return f"unknown flag: {option}" + (f"; did you mean {close[0]}?" if close else "")
    command = re.match(r"No such command '(.+?)'\.(?: Did you mean '(.+)'\?)?", message)
    if command:
        close = f"; did you mean {command.group(2)}?" if command.group(2) else ""
        return f'unknown command "{command.group(1)}"{close}'
    param = getattr(exc, "param", None)
    opts: list[str] = (
        list(getattr(param, "opts", None) or []) if getattr(param, "param_type_name", "") == "option" else []
    )
    opts.sort(key=len)  # -o, --output, as kubectl lists them
    label = (
        ", ".join(opts) if opts else str(getattr(param, "metavar", None) or getattr(param, "name", "") or "").upper()
    )
    if type(exc).__name__ == "MissingParameter":
        return f"missing {label}" if label else "missing an argument"
    reason = re.sub(r"^Value error, ", "", message).rstrip(".")
    choices = re.match(r"'(.*)' is not one of (.*)$", reason)
    if choices:
        reason = "must be one of " + choices.group(2).replace("'", "")
    reason = re.sub(r"^Input should be (.*?)(, unable to parse.*)?$", r"must be \1", reason)
    if reason[1:2].islower():  # "Invalid ..." reads "invalid ..." after a colon; "TYPE/NAME ..." stays
        reason = reason[:1].lower() + reason[1:]
    if param is None:
        return reason
    if opts:
        raw = given_value(args, opts)
        return (
            f'invalid argument "{raw}" for "{label}" flag: {reason}'
            if raw is not None
            else f'invalid value for "{label}" flag: {reason}'
        )
    return f"invalid argument for {label}: {reason}"


def given_value(args: list[str], opts: list[str]) -> str | None:
    """The last value given on the command line for an option spelled any of ``opts``."""
    found = None
    for i, arg in enumerate(args):
        for opt in opts:
            if arg == opt and i + 1 < len(args):
                found = args[i + 1]
            elif opt.startswith("--") and arg.startswith(opt + "="):
                found = arg[len(opt) + 1 :]
            elif not opt.startswith("--") and arg.startswith(opt) and len(arg) > len(opt):
                found = arg[len(opt) :]
    return found
