"""Every module-level cache, memo and registry of ``judge/`` gives its reason (issue 27:
"caches are owned by the object whose data they cache"; a table filled at run time
beside the object it describes makes correctness depend on import order, or keeps
dead objects alive).

The source is read with ``ast`` (nothing is imported).  What counts as module state:

* a function decorated with ``functools.cache`` or ``lru_cache`` (a memo);
* a name a function declares ``global`` (state it rebinds);
* a module-level name bound to a container (a literal, a comprehension or a call)
  that a function of the module changes: item assignment or deletion, or a call of
  a changing method (``append``, ``setdefault``, ``popitem`` ...): a registry or a
  hand-made cache.

Not caught: ``functools.cached_property`` (kept by its instance, which is the
point), state changed only at import time, and module attributes set from another
module.  A place is ``file: name``.  :data:`KNOWN` holds every place found today with
why it may stay: the test fails on a new place without a reason, and on an entry no
longer found, so the list only shrinks.  Data of one object (a variant's geography)
belongs on that object (``Variant.derived``, ``kept_by_variant``), not here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

JUDGE = Path(__file__).resolve().parent.parent / "judge"
MEMO_DECORATORS = {"cache", "lru_cache"}
CHANGING_METHODS = {
    "add", "append", "clear", "discard", "extend", "insert", "move_to_end", "pop",
    "popitem", "remove", "setdefault", "update",
}  # fmt: skip
CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.Call, ast.DictComp, ast.ListComp, ast.SetComp)

REASON_A = "memo of a value-keyed pure function (immutable, hashable by value)"

KNOWN: dict[str, str] = {
    # (a) memos of value-keyed functions, and process-wide resources
    "judge/orders/data.py: kind_name": REASON_A + ": an order class's data name",
    "judge/orders/data.py: _layout": REASON_A + ": the kind and fields an order class writes",
    "judge/rules/multiverse/order_text.py: _unit_fields": REASON_A
    + ": the fields of an order class that name a unit",
    "judge/orders/data.py: _fields_read": REASON_A + ": the fields an order class reads",
    "judge/orders/data.py: decoding_of": REASON_A
    + ": one decoding per engine and location maker, found again by identity",
    "judge/orders/data.py: _read_text": REASON_A
    + ": an order column's text read with a decoding, bounded (immutable orders)",
    "judge/rules/multiverse/notation.py: _syntax": REASON_A + ": a map's multiverse order syntax",
    "judge/store/positions.py: _MEMOS": (
        "the parsed positions of each database, weakly keyed by its engine (dropped with it); "
        "each memo checks the stored position before it answers"
    ),
    "judge/clock/zone_names.py: _by_lower": REASON_A + ": the zone names installed",
    "judge/clock/zone_names.py: _by_city": REASON_A + ": the zone names installed, by city",
    "judge/engine/kinds.py: _MOVERS": REASON_A + ": keyed by tuples of order classes",
    "judge/engine/phase.py: _code_time": REASON_A + ": a phase code's place in time, bounded",
    "judge/engine/outcome.py: _FAILURES": REASON_A + ": one immutable Outcome per reason, bounded",
    "judge/engine/resolver.py: _HOOKS": REASON_A + ": which hooks an order class overrides",
    "judge/maps/draw.py: _text_tile": REASON_A + ": a label's tile by text, size and colours",
    "judge/maps/fonts.py: font": REASON_A + ": Pillow's font by size",
    "judge/maps/geometry.py: _load": REASON_A + ": a map's geometry file by path",
    "judge/maps/labels.py: _layout": (
        "a geometry's label layout, keyed by the identity of the shapes the key holds (alive"
        " while kept); recoloured geometries share their shapes, so the shapes are the owner"
    ),
    "judge/reports/render.py: _ENVIRONMENTS": REASON_A + ": Jinja environments by template path",
    "judge/rules/colonial.py: special_rules": REASON_A + ": the Colonial rules file, read once",
    "judge/rules/documents.py: _CODES": REASON_A + ": a unit type's code",
    "judge/rules/documents.py: _PHASES": REASON_A + ": an immutable Phase per code, bounded",
    "judge/rules/outerspace/engine.py: _engine": REASON_A + ": engine rules by frozen colonies",
    "judge/rules/outerspace/syntax.py: _syntax": REASON_A + ": order syntax by frozen colonies",
    "judge/rules/registry.py: ruleset_named": REASON_A + ": rulesets hold no game state",
    "judge/store/limits.py: _UPSERTS": REASON_A + ": a statement per database dialect",
    "judge/store/passwords.py: _AHEAD": "password checks started ahead (process-wide worker pool)",
    "judge/store/passwords.py: _CACHE": "argon2 answers by keyed digest (never passwords)",
    "judge/store/passwords.py: _HASHED": "hashing work counted for benchmarks and logs",
    "judge/store/passwords.py: _HASHER": "the hash cost, set by tests (set_hash_cost)",
    "judge/store/passwords.py: _POOL": "the process's worker threads for password checks",
    "judge/store/turns.py: _TURNS": "a write turn per database engine, weakly keyed",
    "judge/variant/data.py: _BY_NAME": REASON_A
    + ": a loaded variant by name (variants are read-only)",
    "judge/variant/data.py: _load_dir": REASON_A + ": a loaded variant by directory",
    "judge/variant/empires.py: _variant": REASON_A + ": a game's variant by its empires",
    # (b) registries filled by imports
    "judge/commands/registry.py: _BY_KEY": (
        "filled by the command modules, which judge/commands/__init__ imports, all of them"
        " (tests/test_module_state.py::test_every_command_is_known_to_a_fresh_registry)"
    ),
    "judge/commands/registry.py: _ORDERED": "as _BY_KEY",
    # the order reader's memos (value-keyed, bounded)
    "judge/orders/reader.py: coast_code": REASON_A + ": a coast's name read on a map",
    "judge/orders/reader.py: province_code": REASON_A + ": a province's name read on a map",
    "judge/orders/text.py: _READ": (
        "bounded memo of reading an order text, by variant and syntax (both immutable): "
        "what a text reads as depends on nothing else"
    ),
    "judge/orders/text.py: _CHECKED": (
        "bounded memo of a movement order's check by variant, keyed by the power, the text "
        "and the units the order names; a check that searched convoy routes is used again "
        "only where those searches still answer the same (_Routed)"
    ),
}


def _decorator_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _module_containers(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign) and isinstance(node.value, CONTAINERS):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and isinstance(node.value, CONTAINERS):
            targets = [node.target]
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _changed(node: ast.AST, containers: set[str]) -> set[str]:
    """The module containers ``node`` (a function's statement) changes."""
    found = set()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = node.func.value
        if node.func.attr in CHANGING_METHODS and isinstance(owner, ast.Name):
            found.add(owner.id)
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign | ast.Delete):
        targets = node.targets
    elif isinstance(node, ast.AugAssign):
        targets = [node.target]
    for target in targets:
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            found.add(target.value.id)
    return found & containers


def module_state(path: Path) -> set[str]:
    """The places of module state in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    containers = _module_containers(tree)
    names: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if any(_decorator_name(d) in MEMO_DECORATORS for d in node.decorator_list):
            names.add(node.name)
        for inner in ast.walk(node):
            if isinstance(inner, ast.Global):
                names.update(inner.names)
            names |= _changed(inner, containers)
    where = path.relative_to(JUDGE.parent).as_posix()
    return {f"{where}: {name}" for name in names}


def all_module_state() -> set[str]:
    return {place for path in sorted(JUDGE.rglob("*.py")) for place in module_state(path)}


def test_every_module_cache_and_registry_gives_its_reason() -> None:
    found = all_module_state()
    new = sorted(found - set(KNOWN))
    gone = sorted(set(KNOWN) - found)
    assert not new, (
        "module state without a reason (own it, or add it to KNOWN with why):\n" + "\n".join(new)
    )
    assert not gone, "KNOWN lists state no longer there (drop it from KNOWN):\n" + "\n".join(gone)


def _registered_commands() -> set[str]:
    """The command classes ``judge/commands/`` decorates with ``@register``."""
    names = set()
    for path in (JUDGE / "commands").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                _decorator_name(d) == "register" for d in node.decorator_list
            ):
                names.add(node.name)
    return names


def test_every_command_is_known_to_a_fresh_registry() -> None:
    """The command registry does not depend on which modules were imported before:
    importing the registry alone, in a fresh interpreter, knows every command."""
    asked = (
        "from judge.commands.registry import all_commands\n"
        "print(' '.join(cls.__name__ for cls in all_commands()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", asked], capture_output=True, text=True, check=True,
        cwd=JUDGE.parent,
    ).stdout.split()  # fmt: skip
    assert set(out) == _registered_commands()


def test_the_scan_sees_each_form() -> None:
    source = (
        "import functools\n_T = {}\n_L = []\n_C = None\n"
        "@functools.lru_cache(maxsize=2)\ndef memo(x): return x\n"
        "def fill(k): _T[k] = 1\n"
        "def grow(x): _L.append(x)\n"
        "def keep(x):\n    global _C\n    _C = x\n"
    )
    path = JUDGE / "_scan_sample.py"
    tree_places = set()
    try:
        path.write_text(source, encoding="utf-8")
        tree_places = module_state(path)
    finally:
        path.unlink()
    assert {p.split(": ")[1] for p in tree_places} == {"memo", "_T", "_L", "_C"}
