"""No question about a game's kind outside ``judge/rules/`` and ``judge/variant/``
(docs/architecture.md, "Rulesets"; issue 27): a command, a report, a picture, a
web page or a runner asks the game's ruleset, never "is this multiverse / Outer
Space / Root Z?".

The source of ``judge/`` is read with ``ast`` (nothing is imported), as
``tests/test_architecture.py`` reads the imports.  What counts as a kind question:

* **a comparison with a kind's name**: ``==``, ``!=``, ``in`` or ``not in`` with an
  operand (or an element of a tuple, list or set operand) that is one of
  :data:`KIND_NAMES` (``MULTIVERSE_RULES``, ``FIVED`` ...) or a string among
  :data:`KIND_WORDS` (``"multiverse"``, ``"outerspace"`` ...), or a comparison of
  ``x.variant`` or ``x.rules`` with a string;
* **sniffing a document for a kind's keys** (:data:`KIND_KEYS`: ``boards``,
  ``colonies`` ...): ``"boards" in doc`` (or ``not in``), and ``doc.get("boards")``
  without a default unless it is read as ``doc.get("boards") or ...`` (the reading
  idiom); ``doc.get("boards", [])`` and ``doc["boards"]`` read a document whose kind
  is known and are not counted;
* **a call that answers a kind question** (:data:`KIND_CALLS`: ``is_space(...)``,
  ``empires_per_game(...)``, ``ruleset_for_document(...)`` ...), ``isinstance`` with
  a ruleset class (``isinstance(rules, MultiverseRuleset)``), and reading the
  variant's ``empires_per_game`` flag (``v.empires_per_game``, ``getattr(v,
  "empires_per_game")``);
* **an import of a module that chooses the ruleset by sniffing the document**
  (:data:`SNIFFING_MODULES`: ``judge.rules.standings``, ``reading``, ``allowance``,
  whose functions took a document and asked
  :func:`~judge.rules.registry.ruleset_for_document`; removed, and kept out by this
  test), where the game, and so ``ruleset_for_game``, is at hand;
* **a regular expression over order or location text** outside ``judge/orders/``
  too: a call of ``re.compile``, ``re.match`` ... whose pattern is a string constant
  that matches the whole of one of :data:`ORDER_SAMPLES` (a ``timeline:province:turn``
  triple, 5dplomacy's ``alfa:MUN:Spring01``, a unit with its location, an order, an
  off-map key) and matches none of :data:`OTHER_SAMPLES` (prose).

Not caught: patterns built at run time, kind names reached under other names
(an alias, a dict lookup), writing a kind's keys (``{"boards": [...]}``), a
comparison with a place of one kind's map (``province == ORBIT`` in the Outer Space
modules of reports and maps, which are called only for that kind), and branches on
a ruleset's own answers (``picture == GRID_PICTURE``), which are what a ruleset is
for.

A place is ``file:scope: what`` (the scope is the enclosing function or class, so
a place does not move with its line).  The places known today are in
:data:`KNOWN`, each with why it is there: the test fails on any place not in it,
and on any entry of it that is no longer found, so the list only shrinks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

JUDGE = Path(__file__).resolve().parent.parent / "judge"

# Packages whose job is the game's kind: the questions are answered there.
ALLOWED = ("judge/rules/", "judge/variant/")
# Where order and location text may be read by regular expressions too.
TEXT_ALLOWED = ("judge/orders/",)

KIND_NAMES = frozenset(
    {
        "MULTIVERSE",
        "MULTIVERSE_RULES",
        "STANDARD_RULES",
        "OUTERSPACE",
        "ROOTZ",
        "COLONIAL",
        "FIVED",
    }
)
KIND_WORDS = frozenset({"multiverse", "outerspace", "rootz", "colonial", "5dplomacy"})
KIND_ATTRIBUTES = frozenset({"variant", "rules"})
KIND_KEYS = frozenset({"boards", "colonies", "active_boards", "new_timelines"})
KIND_CALLS = frozenset(
    {"is_world_document", "is_space", "empires_per_game", "ruleset_for_document"}
)
KIND_FLAGS = frozenset({"empires_per_game"})
SNIFFING_MODULES = frozenset(
    {"judge.rules.standings", "judge.rules.reading", "judge.rules.allowance"}
)
REGEX_CALLS = frozenset(
    {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"}
)
ORDER_SAMPLES = (
    "1:mun:S1901",
    "2:spa/nc:F1902",
    "1:par:S1901M",
    "A 1:par:S1901",
    "A 1:par:S1901 - 1:bur:S1901",
    "alfa:MUN:Spring01",
    "A PAR - BUR",
    "F LON S A WAL - YOR",
    "orb:alpha:1",
)
# Text that is no order: a pattern that matches it too reads any text (a quote
# marker, a separator), not orders.
OTHER_SAMPLES = ("Thanks, see you next turn!", "")

# The kind questions still asked outside the rulesets: place -> why (and the issue
# whose work removes it).  Only ever remove entries.
KNOWN: dict[str, str] = {}


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _operands(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return list(node.elts)
    return [node]


def _compare_finds(node: ast.Compare) -> list[str]:
    found = []
    sides = [node.left, *node.comparators]
    for side in sides:
        for operand in _operands(side):
            name, text = _name(operand), _text(operand)
            if name in KIND_NAMES:
                found.append(f"compare {name}")
            elif text is not None and text.lower() in KIND_WORDS:
                found.append(f"compare {text!r}")
    attributes = [s.attr for s in sides if isinstance(s, ast.Attribute)]
    if any(a in KIND_ATTRIBUTES for a in attributes) and any(_text(s) for s in sides):
        found.append(f"compare .{next(a for a in attributes if a in KIND_ATTRIBUTES)}")
    membership = any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
    key = _text(node.left)
    if membership and key in KIND_KEYS:
        found.append(f"{key!r} in")
    return found


def _is_regex_over_orders(node: ast.Call) -> str | None:
    func = node.func
    if not (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "re"
        and func.attr in REGEX_CALLS
        and node.args
    ):
        return None
    pattern = _text(node.args[0])
    if pattern is None:
        return None
    try:
        compiled = re.compile(pattern, re.IGNORECASE)
    except re.error:
        return None
    if any(compiled.fullmatch(s) for s in OTHER_SAMPLES):
        return None
    return pattern if any(compiled.fullmatch(s) for s in ORDER_SAMPLES) else None


def _call_finds(node: ast.Call, parent: ast.AST | None) -> list[str]:
    found = []
    name = _name(node.func)
    if name in KIND_CALLS:
        found.append(f"call {name}()")
    if name == "isinstance" and len(node.args) == 2:
        classes = [_name(c) or "" for c in _operands(node.args[1])]
        found += [f"isinstance {c}" for c in classes if c.endswith("Ruleset") and c != "Ruleset"]
    if name == "getattr" and len(node.args) > 1 and _text(node.args[1]) in KIND_FLAGS:
        found.append(f"flag {_text(node.args[1])}")
    if (
        isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 1
        and not node.keywords
        and _text(node.args[0]) in KIND_KEYS
        and not (isinstance(parent, ast.BoolOp) and parent.values[0] is node)
    ):
        found.append(f"get({_text(node.args[0])!r})")
    return found


def kind_questions(source: str) -> list[tuple[str, str]]:
    """``(scope, what)`` of every kind question in ``source`` (with the regular
    expressions over order text too); the scope is the enclosing function or
    class (``A.f``), ``<module>`` at the top."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, scope: str, parent: ast.AST | None) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            scope = node.name if scope == "<module>" else f"{scope}.{node.name}"
        whats: list[str] = []
        if isinstance(node, ast.Compare):
            whats = _compare_finds(node)
        elif isinstance(node, ast.Call):
            whats = _call_finds(node, parent)
            pattern = _is_regex_over_orders(node)
            if pattern is not None:
                whats.append(f"regex {pattern}")
        elif isinstance(node, ast.ImportFrom) and node.module in SNIFFING_MODULES:
            whats = [f"import {node.module}"]
        elif isinstance(node, ast.Import):
            whats = [f"import {a.name}" for a in node.names if a.name in SNIFFING_MODULES]
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in KIND_FLAGS
            and not (isinstance(parent, ast.Call) and parent.func is node)
        ):
            whats = [f"flag {node.attr}"]
        found.extend((scope, what) for what in whats)
        for child in ast.iter_child_nodes(node):
            visit(child, scope, node)

    visit(ast.parse(source), "<module>", None)
    return found


def places(root: Path = JUDGE) -> set[str]:
    """Every kind question under ``root`` outside the allowed packages, as
    ``judge/path.py:scope: what``."""
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        if rel.startswith(ALLOWED):
            continue
        for scope, what in kind_questions(path.read_text(encoding="utf-8")):
            if what.startswith("regex ") and rel.startswith(TEXT_ALLOWED):
                continue
            found.add(f"{rel}:{scope}: {what}")
    return found


# ------------------------------------------------------------------ the detector


def test_the_kinds_of_question_are_found() -> None:
    source = (
        "import re\n"
        "X = re.compile(r'^(\\d+):([a-z]+):([SFW]\\d{4})$')\n"
        "Y = re.compile(r'[;,]')\n"
        "def f(game, doc, v):\n"
        "    if game.rules == MULTIVERSE_RULES or game.variant == 'rootz':\n"
        "        return 'boards' in doc\n"
        "    if doc.get('colonies'):\n"
        "        return is_space(doc)\n"
        "    return doc.get('colonies') or doc.get('boards', []) or v.empires_per_game\n"
        "def h(doc):\n"
        "    from judge.rules.standings import survivors\n"
        "    return survivors(doc) if isinstance(doc, (dict, MultiverseRuleset)) else 0\n"
        "class C:\n"
        "    def g(self, kind):\n"
        "        return kind in (STANDARD_RULES, 'outerspace')\n"
    )
    assert sorted(kind_questions(source)) == sorted(
        [
            ("<module>", r"regex ^(\d+):([a-z]+):([SFW]\d{4})$"),
            ("f", "compare MULTIVERSE_RULES"),
            ("f", "compare 'rootz'"),
            ("f", "compare .variant"),
            ("f", "'boards' in"),
            ("f", "get('colonies')"),
            ("f", "call is_space()"),
            ("f", "flag empires_per_game"),
            ("h", "import judge.rules.standings"),
            ("h", "isinstance MultiverseRuleset"),
            ("C.g", "compare STANDARD_RULES"),
            ("C.g", "compare 'outerspace'"),
        ]
    )


def test_a_new_branch_on_the_kind_is_found(tmp_path: Path) -> None:
    package = tmp_path / "judge"
    for folder in ("maps", "rules", "orders"):
        (package / folder).mkdir(parents=True)
    branch = "def f(doc):\n    return 'boards' in doc\n"
    (package / "maps" / "draw.py").write_text(branch)
    (package / "rules" / "base.py").write_text(branch)  # the rulesets may ask
    triple = "import re\nT = re.compile(r'^(\\d+):([a-z]+):([SFW]\\d{4})$')\n"
    (package / "orders" / "keys.py").write_text(triple)  # orders may read order text
    (package / "maps" / "marks.py").write_text(triple)
    assert places(package) == {
        "judge/maps/draw.py:f: 'boards' in",
        r"judge/maps/marks.py:<module>: regex ^(\d+):([a-z]+):([SFW]\d{4})$",
    }


# ------------------------------------------------------------------ the code


def test_no_new_kind_question_outside_the_rulesets() -> None:
    new = sorted(places() - set(KNOWN))
    assert not new, (
        "questions about the game's kind outside judge/rules and judge/variant "
        "(make them a ruleset hook, docs/architecture.md):\n" + "\n".join(f"  {p}" for p in new)
    )


def test_the_known_kind_questions_are_still_there() -> None:
    gone = sorted(set(KNOWN) - places())
    assert not gone, "no longer found, remove from KNOWN:\n" + "\n".join(f"  {p}" for p in gone)
