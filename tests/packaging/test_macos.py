"""The macOS build, right by construction (no Mac runs here): the plist's minimum
macOS comes from the wheels' platform tags, both architectures are built, every
binary is signed on its own through the spec, and the bundle id matches the
settings domain. Read from packaging/petdesk.spec, the workflow and the locks."""

from __future__ import annotations

import ast
import sys
from typing import Any

import macos_target
import yaml

from tests.packaging.conftest import ROOT

SPEC = ROOT / "packaging" / "petdesk.spec"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
RUNTIME_LOCK = ROOT / "packaging" / "requirements-runtime.lock"

#: The macOS wheels pip picks for the pinned versions (file name, sha256), as PyPI
#: lists them for macosx_14_0_arm64 and macosx_14_0_x86_64. The test below holds
#: each hash to packaging/requirements-runtime.lock: after a lock update, record the
#: new names (pip install --dry-run --report - --only-binary=:all: --no-deps
#: --platform macosx_14_0_arm64 --python-version 3.11 --target /tmp/x <pkg>==<pin>).
PINNED_MACOS_WHEELS = {
    "pyside6_essentials-6.11.3-cp310-abi3-macosx_13_0_universal2.whl":
        "e153290e03ef5bae4b29c584db0193e14d291a21c32030f6953fe98879b3202c",
    "shiboken6-6.11.3-cp310-abi3-macosx_13_0_universal2.whl":
        "9287279112201e18a7820d29ce9dc4ceca4148c681f4189aff6f4cea652d43af",
    "pydantic_core-2.50.4-cp311-cp311-macosx_11_0_arm64.whl":
        "c813ada7a651193acda85b6bc1cf12abd4b37cd25c7c6a75d7183512cc374969",
    "pydantic_core-2.50.4-cp311-cp311-macosx_10_12_x86_64.whl":
        "3e547ceec1da7382f01f9e13963023e53367a71802c88778b21b9645a077cbdf",
    "python_calamine-0.9.1-cp311-cp311-macosx_11_0_arm64.whl":
        "a317f4fa14ef56273cc2cca763b7eaa2f9270c14f06342bfb15e114c4bfa5e2f",
    "python_calamine-0.9.1-cp311-cp311-macosx_10_12_x86_64.whl":
        "859f234c722a877fe4b45ccfd408d2226d8a318e590c4419d6533b00ba7e5167",
}


def _tags(wheel_name: str) -> list[str]:
    return [wheel_name.removesuffix(".whl").split("-", 2)[2]]


def _spec() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def _call(tree: ast.Module, name: str) -> ast.Call:
    return next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name) and n.func.id == name)


def _keyword(call: ast.Call, name: str) -> ast.expr:
    return next(k.value for k in call.keywords if k.arg == name)


def _workflow() -> dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_recorded_wheels_are_the_pinned_ones() -> None:
    lock = RUNTIME_LOCK.read_text(encoding="utf-8")
    stale = [name for name, sha in PINNED_MACOS_WHEELS.items() if f"sha256:{sha}" not in lock]
    assert stale == [], "the runtime lock changed: record its macOS wheels above"


def test_the_minimum_macos_is_the_newest_a_pinned_wheel_needs() -> None:
    for arch in ("arm64", "x86_64"):
        wheels = [_tags(n) for n in PINNED_MACOS_WHEELS
                  if "universal2" in n or n.endswith(f"_{arch}.whl")]
        assert macos_target.minimum_macos(wheels) == "13.0", arch  # Qt 6.11's wheels
    assert macos_target.minimum_macos([["py3-none-any"], ["cp311-cp311-macosx_11_0_arm64"],
                                       ["cp310-abi3-macosx_13_0_universal2"]]) == "13.0"
    # A wheel with compressed tags runs on the oldest it names.
    assert macos_target.wheel_minimum(["cp311-cp311-macosx_10_9_x86_64.macosx_11_0_arm64"]) \
        == (10, 9)
    assert macos_target.wheel_minimum(["py3-none-any"]) is None


def test_the_plist_takes_its_minimum_macos_from_the_installed_wheels() -> None:
    tree = _spec()
    plist = _keyword(_call(tree, "BUNDLE"), "info_plist")
    assert isinstance(plist, ast.Dict)
    values = {k.value: v for k, v in zip(plist.keys, plist.values, strict=True)
              if isinstance(k, ast.Constant)}
    minimum = values["LSMinimumSystemVersion"]
    assert isinstance(minimum, ast.Name)
    assignment = next(n for n in ast.walk(tree) if isinstance(n, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == minimum.id for t in n.targets))
    assert ast.unparse(assignment.value) == (
        "macos_target.minimum_macos(macos_target.installed_wheel_tags())")
    # The same rule over this machine's wheels (on macOS: what the spec will write).
    installed = macos_target.installed_wheel_tags()
    assert any(installed), "the WHEEL files of the installed distributions"
    if sys.platform == "darwin":
        major, minor = macos_target.minimum_macos(installed).split(".")
        assert (int(major), int(minor)) >= (13, 0)
    else:
        assert all(macos_target.wheel_minimum(t) is None for t in installed)


def test_both_architectures_are_built_each_on_its_own_runner() -> None:
    """Qt's wheels are universal2, pydantic-core's and python-calamine's are not: one
    bundle per architecture."""
    qt = [_tags(n) for n in PINNED_MACOS_WHEELS if n.startswith(("pyside6", "shiboken6"))]
    assert all(macos_target.architectures(t) == {"arm64", "x86_64"} for t in qt)
    single = [n for n in PINNED_MACOS_WHEELS if "universal2" not in n]
    assert single, "if every wheel were universal2, one universal2 bundle would do"
    matrix = _workflow()["jobs"]["macos"]["strategy"]["matrix"]["include"]
    assert {m["arch"] for m in matrix} == {"arm64", "x86_64"}
    assert all("macos" in m["runner"] for m in matrix)
    dmg_step = next(s for s in _workflow()["jobs"]["macos"]["steps"]
                    if s.get("name") == "Disk image")
    assert "macos-${{ matrix.arch }}.dmg" in dmg_step["run"]


def test_every_binary_is_signed_on_its_own_through_the_spec() -> None:
    exe = _call(_spec(), "EXE")
    assert ast.unparse(_keyword(exe, "codesign_identity")) == (
        "os.environ.get('PETDESK_CODESIGN_IDENTITY') or None")
    assert ast.unparse(_keyword(exe, "entitlements_file")) == "ENTITLEMENTS"
    assert "macos\" / \"entitlements.plist\"" in SPEC.read_text(encoding="utf-8")
    assert (ROOT / "packaging" / "macos" / "entitlements.plist").is_file()
    steps = _workflow()["jobs"]["macos"]["steps"]
    freeze = next(s for s in steps if str(s.get("name", "")).startswith("Freeze"))
    assert freeze["env"]["PYINSTALLER_STRICT_BUNDLE_CODESIGN_ERROR"] == "1"
    for step in steps:
        for line in str(step.get("run", "")).splitlines():
            if "codesign" in line and "--deep" in line:
                assert "--verify" in line, f"{step.get('name')}: {line.strip()}"
