"""Bad documents for `judge adjudicate`: every field is checked, nothing ends in a traceback.

One test per kind of field gives the command a document with that field wrong and
expects exit status 2 and one line naming the field.  A property test then mutates
valid documents of every kind (standard movement, retreat and adjustment phases,
multiverse worlds with history and forks) at random places (wrong types, unknown
names, missing keys) and checks that the adjudicator either answers or refuses
with a DocumentError of one line: in-process for many documents, through the real
command for a handful.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rules.documents import DocumentError
from judge.rules.registry import adjudicate


def unit(power: str, kind: str, province: str) -> dict[str, str]:
    return {"power": power, "type": kind, "province": province}


MOVEMENT = {
    "variant": "standard",
    "phase": "S1901M",
    "units": [
        unit("france", "A", "par"),
        unit("germany", "A", "mun"),
        unit("russia", "F", "stp/sc"),
    ],
    "supply_centers": {"france": ["par", "bre"], "germany": ["mun"]},
    "orders": {"france": ["A Par - Bur"], "germany": ["A Mun - Bur"], "russia": ["F StP S - Bot"]},
}
RETREAT = {
    "variant": "standard",
    "phase": "F1901R",
    "units": [unit("france", "A", "bur")],
    "dislodged": [
        unit("germany", "A", "mun") | {"attacker_from": "bur", "retreat_options": ["ruh", "kie"]}
    ],
    "contested": ["boh"],
    "supply_centers": {"germany": ["mun", "kie"]},
    "orders": {"germany": ["A Mun R Ruh"]},
}
ADJUSTMENT = {
    "variant": "standard",
    "phase": "W1901A",
    "units": [unit("germany", "A", "hol")],
    "supply_centers": {"germany": ["ber", "kie", "hol"]},
    "orders": {"germany": ["Build A Berlin", "Build F Kiel"]},
}
WORLD = {
    "variant": "standard",
    "rules": {"adjacency": "loose", "seed": 1},
    "boards": [
        {
            "timeline": 1,
            "phase": "S1901M",
            "units": [unit("austria", "A", "boh"), unit("germany", "A", "mun")],
            "supply_centers": {"germany": ["mun"]},
        }
    ],
    "orders": {"germany": ["A Mun - Tyr"], "austria": ["A Boh - Tyr"]},
}
WORLD_RETREAT = {
    "variant": "standard",
    "boards": [
        {
            "timeline": 1,
            "phase": "F1901R",
            "units": [unit("france", "A", "bur")],
            "dislodged": [unit("germany", "A", "mun") | {"attacker_from": "bur"}],
            "supply_centers": {"germany": ["mun"]},
            "contested": ["boh"],
        }
    ],
    "orders": {"germany": ["A Mun R Ruh"]},
}


def _world_with_history() -> dict[str, Any]:
    """Two steps of a multiverse game: history, a fork, child timelines."""
    first = adjudicate(copy.deepcopy(WORLD))
    keep = ("variant", "rules", "iteration", "boards", "history", "pending_boards")
    doc = {k: first[k] for k in keep if k in first}
    doc["orders"] = {
        "germany": ["A 1:mun:F1901 S A 1:mun:S1901 - 1:tyr:S1901"],
        "austria": ["A boh H"],
    }
    second = adjudicate(copy.deepcopy(doc))
    assert second["new_timelines"], "the seed document should fork"
    doc = {k: second[k] for k in keep if k in second}
    doc["orders"] = {"germany": ["A 2:tyr:F1901 - 2:mun:F1901"]}
    return doc


SEEDS = [MOVEMENT, RETREAT, ADJUSTMENT, WORLD, WORLD_RETREAT, _world_with_history()]


def judge(document: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", "-"],
        input=json.dumps(document),
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_refused(document: Any, *words: str) -> None:
    done = judge(document)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0]
    assert done.stdout == ""


def changed(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


# ------------------------------------------------------ one test per field kind


def test_the_reported_retreat_option_document_exits_2() -> None:
    doc = changed(RETREAT, ("dislodged", 0, "retreat_options"), ["orb", "par"])
    assert_refused(doc, "retreat_options", "'orb'")


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("variant",), 7, ("'variant'",)),
        (("phase",), ["S1901M"], ("phase code",)),
        (("units",), {"par": "A"}, ("'units'",)),
        (("units", 0), "A par", ("'units'",)),
        (("units", 0, "power"), ["france"], ("power in units",)),
        (("units", 0, "type"), "X", ("unit type in units",)),
        (("units", 0, "province"), None, ("province in units",)),
        (("supply_centers",), ["par"], ("'supply_centers'",)),
        (("supply_centers", "france"), "par", ("supply_centers of france",)),
        (("supply_centers", "france"), [["par"]], ("province in supply_centers",)),
        (("orders",), ["A Par H"], ("'orders'",)),
        (("orders", "france"), "A Par H", ("orders of france",)),
    ],
)
def test_a_movement_document_field_of_the_wrong_kind_exits_2(
    path: tuple[Any, ...], value: Any, words: tuple[str, ...]
) -> None:
    assert_refused(changed(MOVEMENT, path, value), *words)


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("dislodged",), "mun", ("'dislodged'",)),
        (("dislodged", 0, "attacker_from"), ["bur"], ("attacker_from",)),
        (("dislodged", 0, "retreat_options"), "ruh", ("retreat_options",)),
        (("dislodged", 0, "retreat_options"), ["nth"], ("army cannot retreat", "'nth'")),
        (("contested",), [{"boh": 1}], ("province in contested",)),
    ],
)
def test_a_retreat_document_field_of_the_wrong_kind_exits_2(
    path: tuple[Any, ...], value: Any, words: tuple[str, ...]
) -> None:
    assert_refused(changed(RETREAT, path, value), *words)


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("rules",), "strict", ("'rules'",)),
        (("rules", "seed"), "one", ("rules.seed",)),
        (("iteration",), "two", ("'iteration'",)),
        (("boards", 0, "timeline"), "1", ("timeline",)),
        (("boards", 0, "units"), {"boh": "A"}, ("'units'",)),
        (("boards", 0, "supply_centers"), ["mun"], ("'supply_centers'",)),
        (("boards", 0, "supply_centers", "germany"), "mun", ("supply_centers",)),
        (("boards", 0, "child_timelines"), [0], ("child_timelines",)),
        (("orders", "germany"), "A Mun - Tyr", ("orders of germany",)),
    ],
)
def test_a_world_document_field_of_the_wrong_kind_exits_2(
    path: tuple[Any, ...], value: Any, words: tuple[str, ...]
) -> None:
    assert_refused(changed(WORLD, path, value), *words)


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("boards", 0, "dislodged", 0, "retreat_options"), ["orb"], ("retreat_options", "'orb'")),
        (("boards", 0, "dislodged", 0, "attacker_from"), 5, ("attacker_from",)),
        (("boards", 0, "contested"), ["xyz"], ("contested", "'xyz'")),
    ],
)
def test_a_world_retreat_board_field_of_the_wrong_kind_exits_2(
    path: tuple[Any, ...], value: Any, words: tuple[str, ...]
) -> None:
    assert_refused(changed(WORLD_RETREAT, path, value), *words)


def test_a_world_history_field_of_the_wrong_kind_exits_2() -> None:
    doc = SEEDS[-1]
    assert_refused(changed(doc, ("history", 0, "order"), 12), "history", "order")
    assert_refused(changed(doc, ("history", 0, "kind"), "teleport"), "history", "kind")
    assert_refused(changed(doc, ("history", 0, "turn"), "late"), "history", "turn")
    assert_refused(changed(doc, ("pending_boards",), [{"timeline": 1}]), "pending_boards")


# ------------------------------------------------------------ mutated documents

ODD_VALUES = st.sampled_from(
    [None, 0, -1, 7, 1.5, True, "", "xyz", "orb", "S1901M", "A", "F", "france", [], {}, [1],
     ["orb"], [None], {"a": 1}, {"timeline": 1}, [{"power": "france"}]]
).map(copy.deepcopy)  # fmt: skip


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every list and object inside a document (the root included)."""
    found = []
    if isinstance(value, dict):
        found.append(path)
        for key, item in value.items():
            found += _containers(item, (*path, key))
    elif isinstance(value, list):
        found.append(path)
        for index, item in enumerate(value):
            found += _containers(item, (*path, index))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn) -> Any:
    """A valid seed document with one to three random changes."""
    doc = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_containers(doc)))
        target = doc
        for step in path:
            target = target[step]
        action = draw(st.sampled_from(["replace", "delete", "append"]))
        if isinstance(target, dict):
            keys = sorted(target)
            if action == "append" or not keys:
                target[draw(st.sampled_from(["extra", "power", "phase", "orb"]))] = draw(ODD_VALUES)
                continue
            key = draw(st.sampled_from(keys))
            if action == "delete":
                del target[key]
            else:
                target[key] = draw(ODD_VALUES)
        else:
            if action == "append" or not target:
                target.append(draw(ODD_VALUES))
                continue
            index = draw(st.integers(0, len(target) - 1))
            if action == "delete":
                del target[index]
            else:
                target[index] = draw(ODD_VALUES)
    return doc


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_documents_are_answered_or_refused_in_one_line(doc: Any) -> None:
    try:
        answer = adjudicate(doc)
    except DocumentError as error:
        message = str(error)
        assert message and "\n" not in message
    else:
        json.dumps(answer)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_documents_never_traceback_through_the_command(doc: Any) -> None:
    done = judge(doc)
    assert done.returncode in (0, 2), done.stderr
    assert "Traceback" not in done.stderr
    if done.returncode == 2:
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stdout == ""
    else:
        json.loads(done.stdout)
