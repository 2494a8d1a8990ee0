"""``petdesk import`` killed with SIGKILL mid-import, again and again: running the same
command again resumes it, and the service ends with every animal exactly once."""

from __future__ import annotations

import random
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from petdesk.sandbox import FaultConfig, SandboxConfig
from tests.helpers.sandbox_server import start_server
from tests.helpers.sandbox_store import every_pet
from tests.unit.services.importing.cli_run import KEY, ROOT, cli_env, petdesk_command
from tests.unit.services.importing.files import write_xlsx

PROGRESS = re.compile(r"^(\d+) of (\d+) · ")
ROWS = 60


def _run_until(source: Path, home: Path, base_url: str, kill_at: int | None) -> tuple[bool, int]:
    """Run the import; SIGKILL it once its progress reaches ``kill_at``. Returns whether
    it was killed, and the furthest progress seen."""
    furthest = 0
    with subprocess.Popen(petdesk_command("import", str(source), "--base-url", base_url),
                          env=cli_env(home), cwd=ROOT, encoding="utf-8", stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE) as child:
        assert child.stderr is not None
        for line in child.stderr:
            found = PROGRESS.match(line)
            if found:
                furthest = int(found.group(1))
            if kill_at is not None and furthest >= kill_at:
                child.kill()  # SIGKILL; TerminateProcess on Windows
                child.wait(timeout=60)
                return True, furthest
        child.wait(timeout=120)
        assert child.returncode == 0, f"the import ended with {child.returncode}"
    return False, furthest


@pytest.mark.slow
def test_an_import_killed_with_sigkill_resumes_and_adds_every_animal_once(
        tmp_path: Path) -> None:
    source = write_xlsx(tmp_path / "intake.xlsx", [["Animal name", "Category ID"],
                        *([f"Kill {i}", 1 + i % 3] for i in range(ROWS))])
    # 20 ms on the server per request: a kill usually lands while a create is in flight,
    # so the service adds the pet after the importer died (the answer is lost); 10 % of
    # connections drop before the service acts.
    config = SandboxConfig(api_keys=(KEY,), requests_per_window=1_000_000,
                           requests_per_day=10_000_000,
                           faults=FaultConfig(seed=11, latency_seconds=0.02,
                                              drop_connection_rate=0.10))
    rng = random.Random(4)
    kills = 0
    with start_server(config) as sandbox:
        while True:
            # A run again counts only what is left to send (the rows an earlier run added
            # are previewed as added), so each kill lands 4 to 12 rows into its own run.
            kill_at = rng.randint(4, 12) if kills < 5 else None
            killed, _furthest = _run_until(source, tmp_path, sandbox.base_url, kill_at)
            if not killed:
                break
            kills += 1
        names = Counter(p.name for p in every_pet(sandbox.store) if p.name.startswith("Kill "))
        injected = sum(sandbox.app.faults.injected.values())
    assert kills == 5
    assert injected >= 1
    assert names == Counter(f"Kill {i}" for i in range(ROWS))  # none lost, none twice
