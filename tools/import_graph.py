"""The import graph of the package, read from the sources: edges, circles, hidden imports.

Run from the repository::

    python tools/import_graph.py            # circles, hidden imports and line counts
    python tools/import_graph.py --edges    # and every edge

An edge ``a -> b`` is an ``import`` of ``omaha.b`` (or a name from it) at the
top level of module ``a`` (``if TYPE_CHECKING:`` blocks left out: they never
run); imports inside functions are listed apart, as they run late. A circle is
a strongly connected set of modules (over the top-level edges, and over all
edges). Hidden imports are those the tools cannot see: ``importlib.import_module``
and ``sys.modules`` look-ups (the lazy names of ``omaha`` and ``omaha.history``,
which keep NumPy and pyarrow out of their import, and the subcommands of
``omaha.cli`` are the ones left).
"""

from __future__ import annotations

import ast
import pathlib
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"


def _name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(
    module: str, is_package: bool, node: ast.ImportFrom, modules: dict[str, pathlib.Path]
) -> list[str]:
    """Return the modules an ``import from`` names (a name may itself be a module)."""
    if node.level:
        base = module.split(".")
        if not is_package:
            base.pop()
        base = base[: len(base) - (node.level - 1)]
        target = ".".join([*base, *([node.module] if node.module else [])])
    else:
        target = node.module or ""
    names = [f"{target}.{a.name}" for a in node.names]
    # ``from . import _eval`` imports the submodule; the package itself only
    # when a name is not a module of it (``from omaha import Table``).
    return names if all(n in modules for n in names) else [target, *names]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]], list[str], dict[str, int]]:
    """Top-level edges, late (in-function) edges, hidden imports and line counts."""
    files = sorted(SRC.glob("omaha/**/*.py")) + sorted(SRC.glob("omaha/**/*.pyx"))
    modules = {_name(p): p for p in files}
    top: dict[str, set[str]] = {m: set() for m in modules}
    late: dict[str, set[str]] = {m: set() for m in modules}
    hidden: list[str] = []
    lines = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in modules.items()}
    for module, path in modules.items():
        if path.suffix != ".py":
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        is_package = path.name == "__init__.py"

        def visit(
            node: ast.AST, depth: int, module: str = module, is_pkg: bool = is_package
        ) -> None:
            if isinstance(node, ast.If) and _is_type_checking(node):
                for child in node.orelse:
                    visit(child, depth)
                return
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                targets = _resolve(module, is_pkg, node, modules)
            elif isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr == "import_module":
                    hidden.append(f"{module}:{node.lineno}: importlib.import_module")
            elif (
                isinstance(node, ast.Attribute)
                and node.attr == "modules"
                and isinstance(node.value, ast.Name)
                and node.value.id == "sys"
            ):
                hidden.append(f"{module}:{node.lineno}: sys.modules")
            found = {t for t in targets if t in modules and t != module}
            (top if depth == 0 else late)[module].update(found)
            inner = depth + isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for child in ast.iter_child_nodes(node):
                visit(child, inner)

        visit(tree, 0)
    return top, late, hidden, lines


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected sets of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return found


def main(argv: list[str]) -> int:
    """Print the report; return 1 when there is a circle."""
    top, late, hidden, lines = graph()
    everything = {m: top[m] | late[m] for m in top}
    print(f"modules: {len(top)}, lines: {sum(lines.values())}")
    n_top, n_late = sum(map(len, top.values())), sum(map(len, late.values()))
    print(f"top-level edges: {n_top}, late edges: {n_late}")
    print("circles (top-level imports):", circles(top) or "none")
    print("circles (with imports in functions):", circles(everything) or "none")
    print("hidden imports:", hidden or "none")
    if "--edges" in argv:
        for m in sorted(top):
            print(f"{m} ({lines[m]} lines) -> {', '.join(sorted(top[m]))}")
            if late[m]:
                print(f"    late -> {', '.join(sorted(late[m]))}")
    return 1 if circles(everything) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
