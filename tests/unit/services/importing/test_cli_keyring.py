"""``petdesk import`` reads the API key the window saved in the real Secret Service
(gnome-keyring in a private D-Bus session), and never prints it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from petdesk.sandbox import SandboxConfig
from petdesk.services.keys.keystore import KeyStore
from tests.helpers.sandbox_server import start_server
from tests.helpers.sandbox_store import every_pet
from tests.helpers.secret_service import missing_tools, private_secret_service
from tests.unit.services.importing.cli_run import KEY, ROOT, cli_env, petdesk_command
from tests.unit.services.importing.files import write_csv


@pytest.mark.keyring_real
def test_the_key_saved_in_the_keyring_is_used(tmp_path: Path) -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(reason)
    source = write_csv(tmp_path / "in.csv", [["Name", "Category ID"], ["Keyring 1", 1]])
    with private_secret_service(tmp_path / "ss") as service, \
            start_server(SandboxConfig(api_keys=(KEY,))) as sandbox:
        with service.activated():
            saved = KeyStore(service.backend()).set("production", KEY)
        assert saved.problem is None
        env = cli_env(tmp_path / "home", key=None)
        env.pop("PYTHON_KEYRING_BACKEND", None)
        env["DBUS_SESSION_BUS_ADDRESS"] = service.address
        done = subprocess.run(petdesk_command("import", str(source), "--base-url",
                                              sandbox.base_url),
                              env=env, cwd=ROOT, capture_output=True, encoding="utf-8", timeout=120,
                              check=False)
        names = [p.name for p in every_pet(sandbox.store)]
    assert done.returncode == 0, done.stderr
    assert names.count("Keyring 1") == 1
    assert KEY not in done.stderr + done.stdout
