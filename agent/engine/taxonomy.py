"""Root-cause categories, loaded once from taxonomy.yaml."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml

from agent.i18n import ENGLISH, Translator, translated

# libyaml when PyYAML has it: the pure-Python parser is ~10x slower, a tenth of a second at start-up.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

HEALTHY = "healthy"
UNKNOWN = "unknown"
STALLED = "stalled"
RENDEZVOUS = "rendezvous-error"


@lru_cache(maxsize=1)
def categories() -> dict[str, str]:
    """Category id -> what it means, in taxonomy.yaml's order."""
    text = resources.files("agent.engine").joinpath("taxonomy.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=_LOADER)["categories"]
    return {str(k): str(v) for k, v in data.items()}


def meaning(category: str, tr: Translator = ENGLISH) -> str:
    """What a category means, in ``tr``'s language (the id itself when it is none we know)."""
    text = categories().get(category)
    return translated(tr, text) if text else category


def is_category(value: str) -> bool:
    return value in categories()
