"""Write the cases of tests/kinds/scenarios.py under tests/kinds/<id>/, and their examples
under examples/snapshots/, in the layout of tests/cases (tests/cases/generate.py).

    python -m tests.kinds.generate          # rewrite them
    python -m tests.kinds.generate --check  # exit 1 if a folder differs from what would be written
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.cases.generate import write_case, write_example
from tests.kinds.scenarios import EXAMPLE_CASES, SCENARIOS

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent.parent / "examples" / "snapshots"


def generate(root: Path, examples: Path) -> list[Path]:
    """Writes every case and example; the folders written."""
    by_case = {case: example for example, case in EXAMPLE_CASES.items()}
    written = []
    for scenario in SCENARIOS:
        spec = scenario()
        written.append(write_case(spec, root))
        if spec.id in by_case:
            write_example(spec, examples / by_case[spec.id])
            written.append(examples / by_case[spec.id])
    return written


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def differences(root: Path = HERE, examples: Path = EXAMPLES) -> list[str]:
    """Folders that differ from what the scenarios write now."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp) / "kinds", Path(tmp) / "examples")
        stale = []
        for folder in fresh:
            ours = (root if folder.parent.name == "kinds" else examples) / folder.name
            if _files(folder) != (_files(ours) if ours.is_dir() else {}):
                stale.append(str(ours.relative_to(HERE.parent.parent)))
        return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    if parser.parse_args(argv).check:
        stale = differences()
        for folder in stale:
            print(f"out of date: {folder}", file=sys.stderr)
        return 1 if stale else 0
    for folder in generate(HERE, EXAMPLES):
        print(f"wrote {folder.relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
