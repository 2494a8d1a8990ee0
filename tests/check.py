"""The test command: ruff, mypy --strict and vulture once each, then pytest.

    .venv/bin/python -m tests.check                  # everything
    .venv/bin/python -m tests.check tests/unit -q    # the checks, then part of the suite

Arguments go to pytest. Every step runs even after one fails, so one run shows every
problem; the exit status is 1 if any step failed. The static checks run here and in
CI, not inside pytest, so each runs once and mypy keeps its cache (``.mypy_cache``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (name, the module run with this Python, its arguments)
STEPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # C901 (complexity <= 10) and PLC0415 (imports at the top) come from [tool.ruff].
    ("ruff", "ruff", ("check", "petdesk", "tests")),
    # --strict and the packages come from [tool.mypy].
    ("mypy", "mypy", ()),
    # The product alone: a function only the tests call is dead. The allowlist names
    # what frameworks call (Qt's virtual methods, pydantic's and http.server's hooks).
    ("vulture", "vulture",
     ("petdesk", "tests/vulture_allowlist.py", "--min-confidence", "60")),
)


def run(pytest_args: Sequence[str]) -> int:
    failed = []
    for name, module, args in (*STEPS, ("pytest", "pytest", tuple(pytest_args))):
        print(f"== {name}", flush=True)
        if subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT,
                          check=False).returncode:
            failed.append(name)
    print(f"== failed: {', '.join(failed)}" if failed else "== all passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
