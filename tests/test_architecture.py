"""The package layout keeps its promises (docs/architecture.md): every ``import`` in
``judge/`` points to the same layer or a lower one, and no module imports itself
back through others (no import cycle).

The imports are read from the source with ``ast``, nothing is imported; lazy imports
inside functions and imports under ``if TYPE_CHECKING:`` count like any other, since
each is a dependency of the importing module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

JUDGE = Path(__file__).resolve().parent.parent / "judge"

# The layers, bottom to top: a module may import its own layer and the layers before
# it, never one after it.  A layer is a package of judge/ (``judge.config`` is a
# module; the package ``judge`` itself, which holds only the version, is with it;
# ``judge.__main__``, the ``python -m judge`` entry, is with cli).  This list is the
# one place the order is written down.
LAYERS = (
    "config",
    "variant",
    "engine",
    "orders",
    "mail",  # pure transport: parsing, MIME text, headers, building outgoing mail
    "store",
    "clock",
    "reports",
    "rules",  # rulesets (with rules/multiverse): pure rules plus how each game kind reports
    "maps",
    "masters",
    "game",
    "commands",
    "web",  # the read-only web pages (Starlette): served by `judge web` and `judge run`
    "runners",
    "cli",
    "demo",
)
_SPECIAL = {"judge": "config", "judge.__main__": "cli"}

# Upward imports that are known and wait for their owner to remove them: each entry is
# (importing module, imported module) with the reason.  Keep it empty when possible.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}


def module_name(path: Path, root: Path = JUDGE) -> str:
    """``judge/game/start.py`` -> ``judge.game.start``; a package's ``__init__.py``
    is the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str:
    """The layer a module of ``judge`` belongs to."""
    if module in _SPECIAL:
        return _SPECIAL[module]
    top = module.split(".")[1]
    if top not in LAYERS:
        raise AssertionError(f"{module} is in no layer: add judge.{top} to LAYERS")
    return top


def imports_of(source: str, module: str, is_package: bool, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that ``source`` (the text of ``module``) imports.
    ``from judge.pkg import name`` is an import of ``judge.pkg.name`` when that is a
    module, else of ``judge.pkg``."""
    modules = set(known)
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                child = f"{target}.{alias.name}"
                if child in modules:
                    found.add(child)
                elif target in modules:
                    found.add(target)
    found.discard(module)
    return found


def import_graph(root: Path = JUDGE) -> dict[str, set[str]]:
    """Every module under ``root`` -> the modules under ``root`` it imports."""
    paths = sorted(root.rglob("*.py"))
    names = {module_name(p, root): p for p in paths}
    return {
        name: imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", names)
        for name, path in names.items()
    }


def upward_imports(graph: Mapping[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) for each import from a lower layer to a higher one."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    return sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if rank[layer_of(target)] > rank[layer_of(module)]
    )


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected group of more than one module
    (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


# ------------------------------------------------------------------ the checker


def test_relative_and_package_imports_are_resolved() -> None:
    known = {"judge.game", "judge.game.start", "judge.mail.parse", "judge.mail"}
    source = (
        "from . import start\nfrom ..mail import parse\nimport judge.mail\n"
        "from judge.game import Author\nimport os\n"
    )
    found = imports_of(source, "judge.game.end", False, known)
    assert found == {"judge.game.start", "judge.mail.parse", "judge.mail", "judge.game"}


def test_an_upward_import_is_found() -> None:
    graph = {"judge.mail.parse": {"judge.game.start"}, "judge.game.start": {"judge.mail.parse"}}
    assert upward_imports(graph) == [("judge.mail.parse", "judge.game.start")]


def test_a_cycle_is_found() -> None:
    graph = {
        "judge.game.a": {"judge.game.b"},
        "judge.game.b": {"judge.game.c"},
        "judge.game.c": {"judge.game.a"},
        "judge.game.d": {"judge.game.a"},
    }
    assert cycles(graph) == [["judge.game.a", "judge.game.b", "judge.game.c"]]


def test_an_upward_import_in_a_function_counts(tmp_path: Path) -> None:
    package = tmp_path / "judge"
    (package / "mail").mkdir(parents=True)
    (package / "demo").mkdir()
    for init in ("__init__.py", "mail/__init__.py", "demo/__init__.py"):
        (package / init).write_text("")
    (package / "demo" / "run.py").write_text("X = 1\n")
    (package / "mail" / "parse.py").write_text("def f():\n    from judge.demo.run import X\n")
    assert upward_imports(import_graph(package)) == [("judge.mail.parse", "judge.demo.run")]


# ------------------------------------------------------------------ the code


def test_every_package_is_in_a_layer() -> None:
    for module in import_graph():
        layer_of(module)


def test_no_import_goes_up_a_layer() -> None:
    found = [pair for pair in upward_imports(import_graph()) if pair not in ALLOWED_UPWARD]
    assert not found, "imports from a lower layer to a higher one:\n" + "\n".join(
        f"  {a} -> {b}  ({layer_of(a)} -> {layer_of(b)})" for a, b in found
    )


def test_the_allowed_upward_imports_are_still_there() -> None:
    gone = set(ALLOWED_UPWARD) - set(upward_imports(import_graph()))
    assert not gone, f"no longer needed in ALLOWED_UPWARD: {sorted(gone)}"


def test_no_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join("  " + " <-> ".join(c) for c in found)


def test_the_cli_finds_by_name_only_what_lies_above_it() -> None:
    """``judge.cli.main.ABOVE_THE_CLI`` is the one import by name: it names modules
    of a higher layer (a lower one would be imported plainly), each with a
    ``register``."""
    import importlib

    from judge.cli.main import ABOVE_THE_CLI

    rank = {layer: i for i, layer in enumerate(LAYERS)}
    for name in ABOVE_THE_CLI:
        assert rank[layer_of(name)] > rank["cli"], name
        assert callable(importlib.import_module(name).register), name
