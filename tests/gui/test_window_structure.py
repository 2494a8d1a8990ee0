"""The window's structure, read from the source: its modules import each other one way
(``TYPE_CHECKING`` imports included), and no module but the window's own takes the
window as a parameter (each part is given what it uses)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "petdesk" / "gui"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The petdesk.gui modules ``path`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        found.update(name for name in names if name in modules)
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(path): path for path in GUI.rglob("*.py")}
    modules = set(paths)
    return {name: _imports(path, modules) - {name} for name, path in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (empty when there is none)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return []
        path.append(node)
        for target in sorted(graph[node]):
            if cycle := visit(target):
                return cycle
        path.pop()
        done.add(node)
        return []

    for start in sorted(graph):
        if cycle := visit(start):
            return cycle
    return []


def test_the_gui_modules_import_each_other_one_way() -> None:
    assert _cycle(_graph()) == []


def test_no_part_of_the_window_takes_the_whole_window() -> None:
    takers = []
    for path in GUI.rglob("*.py"):
        if path.name == "main_window.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for arg in (*node.args.args, *node.args.kwonlyargs):
                    named = {n.id for n in ast.walk(arg.annotation)
                             if isinstance(n, ast.Name)} if arg.annotation else set()
                    if named & {"MainWindow", "Contents"}:
                        takers.append(f"{path.relative_to(ROOT)}: {node.name}({arg.arg})")
    assert takers == []
