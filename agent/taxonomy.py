"""Root-cause categories, loaded once from taxonomy.yaml."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml

HEALTHY = "healthy"
UNKNOWN = "unknown"
STALLED = "stalled"


@lru_cache(maxsize=1)
def categories() -> dict[str, str]:
    """Category id -> what it means, in taxonomy.yaml's order."""
    text = resources.files("agent").joinpath("taxonomy.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)["categories"]
    return {str(k): str(v) for k, v in data.items()}


def is_category(value: str) -> bool:
    return value in categories()
