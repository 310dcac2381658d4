"""The code's shape (docs/architecture.md): no import circle anywhere in ``game/``, and in ``game/ui/`` no class
over 450 lines and no function over 80, so a newcomer can find any job by its folder and file name and read
it whole. Imports are read from the source (module-level and inside functions; those under
``if TYPE_CHECKING:`` are left out, as they never run). An exception must be named with its reason in
``ALLOWED_LONG``; the list is empty and should stay so.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game"
MAX_CLASS, MAX_FUNCTION = 450, 80
ALLOWED_LONG: dict[str, str] = {}  # "game/ui/x.py:Name" -> why it may stay longer (none today)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or \
        (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every Import/ImportFrom node that runs (not under ``if TYPE_CHECKING:``)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def import_graph(package: Path = PACKAGE) -> nx.DiGraph:
    """Module -> the modules of ``game`` it imports (a name imported from a package counts as the submodule
    when there is one, else as the package)."""
    files = {module_name(p): p for p in package.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        here = mod.split(".") if is_pkg else mod.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = here[:len(here) - node.level + 1] if node.level else []
                if node.level and node.level - 1 > len(here):
                    continue
                stem = ".".join(base + ([node.module] if node.module else []))
                targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in files else stem for a in node.names]
            for t in targets:
                while t and t not in files:
                    t = t.rpartition(".")[0]
                if t and t != mod:
                    graph.add_edge(mod, t)
    return graph


def import_circles(graph: nx.DiGraph) -> list[list[str]]:
    """One circle per tangle (strongly connected set of modules), shortest first: enough to name each."""
    out = []
    for comp in nx.strongly_connected_components(graph):
        if len(comp) < 2:
            continue
        sub = graph.subgraph(comp)
        start = min(comp)
        out.append(min((c for c in nx.simple_cycles(sub) if start in c), key=len, default=sorted(comp)))
    return sorted(out, key=len)


def long_definitions(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                limit = MAX_CLASS
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                limit = MAX_FUNCTION
            else:
                continue
            n = node.end_lineno - node.lineno + 1
            key = f"{rel}:{node.name}"
            if n > limit and key not in ALLOWED_LONG:
                found.append(f"{key} is {n} lines (at most {limit})")
    return found


def test_no_import_circle_in_game():
    circles = import_circles(import_graph())
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c + c[:1]) for c in circles)


def test_no_class_or_function_in_the_screens_too_long_to_read():
    assert all(reason.strip() for reason in ALLOWED_LONG.values()), "every allowed exception names its reason"
    too_long = long_definitions(PACKAGE / "ui")
    assert not too_long, "\n".join(too_long)


def test_the_walk_finds_a_circle_and_a_long_function(tmp_path):
    """The checks can fail: a planted circle (one import inside a function) and an 81-line function."""
    pkg = tmp_path / "game"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "a.py").write_text("from . import b\n")
    (pkg / "ui" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"
                                     "def f():\n    from .a import x\n")
    (pkg / "ui" / "c.py").write_text("from .b import f\n")  # b -> c only for type checking: no circle
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        circles = import_circles(import_graph(pkg))
        (pkg / "ui" / "long.py").write_text("def f():\n" + "    x = 1\n" * 80)
        long = long_definitions(pkg / "ui")
    finally:
        ROOT = old
    assert circles == [["game.ui.a", "game.ui.b"]] or circles == [["game.ui.b", "game.ui.a"]]
    assert long == ["game/ui/long.py:f is 81 lines (at most 80)"]
