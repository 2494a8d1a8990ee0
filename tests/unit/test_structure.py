"""The product's structure, read from its source with ``ast`` (no import, no subprocess).

- no import cycle among petdesk's modules, imports under ``TYPE_CHECKING`` included;
- the layers: GUI and CLI → services → storage and api → core; the sandbox (the demo
  server) stands beside storage and api and uses only core; nothing imports the GUI;
- only petdesk/gui uses Qt, and every module in it does (a GUI module without Qt
  belongs to another layer);
- no class with more than 30 public methods, no module over 600 lines;
- at most a dozen imports deferred into functions, each saying why.

Each check lists every violation as ``file:line``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "petdesk"

MAX_PUBLIC_METHODS = 30
MAX_MODULE_LINES = 600
MAX_DEFERRED_IMPORTS = 12
DEFERRED_REASON = re.compile(r"#\s*noqa:\s*PLC0415\s+[-–—]\s*\S")

#: The petdesk packages each layer may import (its own included).
ALLOWED_LAYERS: dict[str, frozenset[str]] = {
    "core": frozenset({"core"}),
    "api": frozenset({"core", "api"}),
    "storage": frozenset({"core", "storage"}),
    "sandbox": frozenset({"core", "sandbox"}),
    "services": frozenset({"core", "api", "storage", "sandbox", "services"}),
    "cli": frozenset({"core", "api", "storage", "sandbox", "services", "cli"}),
    "gui": frozenset({"core", "api", "storage", "sandbox", "services", "gui"}),
}
QT_PACKAGES = ("PySide6", "shiboken6")
#: Above storage, only the module that opens the shared store imports its package; the
#: rest know the store through the protocols and the store-neutral values and errors.
SHARED_STORE_PACKAGE = "petdesk.storage.postgres"
SHARED_STORE_OPENERS = frozenset({"petdesk.services.shared.opening"})


@dataclass(frozen=True)
class Import:
    target: str  # the petdesk module or the outside package imported
    line: int
    deferred: bool  # inside a function, outside ``if TYPE_CHECKING:``


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    lines: list[str]
    imports: list[Import] = field(default_factory=list)

    @property
    def where(self) -> str:
        return str(self.path.relative_to(ROOT))

    @property
    def layer(self) -> str | None:
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 and parts[1] in ALLOWED_LAYERS else None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST, deferred: bool = False,
                  ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in ``node``, with whether it is deferred into a function."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node, deferred
    elif isinstance(node, ast.If) and _is_type_checking(node.test):
        for statement in node.body:
            yield from _import_nodes(statement, False)
        for statement in node.orelse:
            yield from _import_nodes(statement, deferred)
    else:
        inside = deferred or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        for child in ast.iter_child_nodes(node):
            yield from _import_nodes(child, inside)


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package.pop()
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


@cache
def modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        found[_module_name(path)] = Module(_module_name(path), path, ast.parse(source),
                                           source.splitlines())
    for module in found.values():
        for node, deferred in _import_nodes(module.tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _absolute(module, node)
                # ``from pkg import name`` imports the submodule pkg.name when there is one.
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in found else base
                           for alias in node.names]
            for target in dict.fromkeys(targets):
                module.imports.append(Import(target, node.lineno, deferred))
    return found


def _petdesk_imports(module: Module) -> Iterator[Import]:
    return (i for i in module.imports if i.target in modules() and i.target != module.name)


def _cycles() -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    graph = {name: sorted({i.target for i in _petdesk_imports(m)})
             for name, m in modules().items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot reach the recursion limit.
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(graph[successor])))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    return components


def _fail(problems: list[str], what: str, count: int | None = None) -> None:
    count = len(problems) if count is None else count
    assert not problems, f"{count} {what}:\n" + "\n".join(problems)


def test_no_import_cycle_among_product_modules() -> None:
    problems = []
    cycles = _cycles()
    for component in cycles:
        members = set(component)
        problems.append(f"a cycle of {len(component)} modules: {', '.join(component)}")
        for name in component:
            module = modules()[name]
            problems.extend(f"  {module.where}:{i.line}: imports {i.target}"
                            for i in _petdesk_imports(module) if i.target in members)
    _fail(problems, "import cycles (TYPE_CHECKING imports included)", len(cycles))


def test_each_layer_imports_only_the_layers_below_it() -> None:
    problems = []
    for module in modules().values():
        layer = module.layer
        if layer is None:  # petdesk/__init__.py and __main__.py start everything
            continue
        for i in _petdesk_imports(module):
            target = modules()[i.target].layer
            if target is not None and target not in ALLOWED_LAYERS[layer]:
                problems.append(f"{module.where}:{i.line}: the {layer} layer imports "
                                f"{i.target} ({target})")
    _fail(problems, "imports against the layering")


def test_above_storage_only_the_opener_imports_the_shared_stores_package() -> None:
    problems = [f"{module.where}:{i.line}: imports {i.target}"
                for module in modules().values()
                if module.layer not in (None, "storage") and module.name not in SHARED_STORE_OPENERS
                for i in _petdesk_imports(module)
                if i.target == SHARED_STORE_PACKAGE
                or i.target.startswith(SHARED_STORE_PACKAGE + ".")]
    _fail(problems, "imports of the shared store's package above storage")


def _uses_qt(module: Module) -> list[Import]:
    return [i for i in module.imports if i.target.split(".")[0] in QT_PACKAGES]


def _is_empty(module: Module) -> bool:
    body = module.tree.body
    return all(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) for s in body)


def test_only_the_gui_uses_qt_and_every_gui_module_does() -> None:
    problems = []
    for module in modules().values():
        qt = _uses_qt(module)
        if module.layer == "gui":
            if not qt and not _is_empty(module):
                problems.append(f"{module.where}:1: a GUI module that does not use Qt")
        else:
            problems.extend(f"{module.where}:{i.line}: imports {i.target} outside petdesk/gui"
                            for i in qt)
    _fail(problems, "modules in the wrong place for their use of Qt")


def test_no_class_has_more_than_30_public_methods() -> None:
    problems = []
    for module in modules().values():
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.ClassDef):
                continue
            public = {s.name for s in node.body
                      if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)
                      and not s.name.startswith("_")}
            if len(public) > MAX_PUBLIC_METHODS:
                problems.append(f"{module.where}:{node.lineno}: class {node.name} has "
                                f"{len(public)} public methods")
    _fail(problems, f"classes over {MAX_PUBLIC_METHODS} public methods")


def test_no_product_module_is_over_600_lines() -> None:
    problems = [f"{m.where}:{len(m.lines)}: {len(m.lines)} lines"
                for m in modules().values() if len(m.lines) > MAX_MODULE_LINES]
    _fail(problems, f"modules over {MAX_MODULE_LINES} lines")


def test_at_most_a_dozen_deferred_imports_each_with_its_reason() -> None:
    # One statement is one deferred import, however many names it brings.
    deferred = sorted({(m.where, i.line): m for m in modules().values()
                       for i in m.imports if i.deferred}.items())
    missing = [f"{where}:{line}: an import in a function without "
               "'# noqa: PLC0415 - <reason>'"
               for (where, line), module in deferred
               if not DEFERRED_REASON.search(module.lines[line - 1])]
    problems = list(missing)
    if len(deferred) > MAX_DEFERRED_IMPORTS:
        problems.append(f"{len(deferred)} deferred imports, at most {MAX_DEFERRED_IMPORTS}:")
        problems.extend(f"  {where}:{line}: {module.lines[line - 1].strip()}"
                        for (where, line), module in deferred)
    _fail(problems, f"deferred imports ({len(missing)} without a reason; at most "
                    f"{MAX_DEFERRED_IMPORTS} in all)", len(deferred))


def test_the_checker_reads_deferred_and_type_checking_imports() -> None:
    tree = ast.parse(
        "import a\n"
        "if TYPE_CHECKING:\n"
        "    import b\n"
        "def f():\n"
        "    import c\n"
        "    if typing.TYPE_CHECKING:\n"
        "        import d\n"
        "    else:\n"
        "        import e\n"
        "class K:\n"
        "    def m(self):\n"
        "        g = lambda: __import__('x')\n"
        "        from h import i\n")
    found = [(node.names[0].name, deferred) for node, deferred in _import_nodes(tree)]
    assert found == [("a", False), ("b", False), ("c", True), ("d", False), ("e", True),
                     ("i", True)]
