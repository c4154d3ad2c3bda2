"""Issue 27, the benchmark's turn: a multiverse turn keeps the world it made, and the
JSON of its boards and history entries, with the position it stores; the next turn
and the mails take them instead of reading the stored text again.  What is kept must
be exactly what the stored text gives."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from judge.rules.base import Ruleset, Step, StoredOrder
from judge.rules.multiverse.json_io import WORLD_KEPT, Grouping, read_world, write_world
from judge.rules.multiverse.order_text import format_order, world_types
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.multiverse.world import FIVED
from judge.rules.registry import ruleset_for
from judge.store.models import MULTIVERSE_RULES
from judge.store.positions import (
    Position,
    changed,
    json_text,
    json_value,
    kept,
    position_text,
)
from tests.multiverse.helpers import BASE

REFERENCE_RULES = ruleset_for("standard", MULTIVERSE_RULES)
FIVED_RULES = REFERENCE_RULES.played_as(FIVED)
BOTH = pytest.mark.parametrize(
    "rules", [REFERENCE_RULES, FIVED_RULES], ids=["reference", "5dplomacy"]
)


def _start(rules: Ruleset, seed: int) -> Position:
    if rules is FIVED_RULES:
        doc: dict[str, Any] = {"variant": "standard", "rules": {"ruleset": FIVED, "seed": seed}}
        world = starting_world(BASE, seed=seed, rules=FIVED)
    else:
        doc = {"variant": "standard", "rules": {"adjacency": "loose", "seed": seed}}
        world = starting_world(BASE, seed=seed)
    doc.update(write_world(BASE, world, as_data=True))
    return Position(doc)


def _orders(doc: dict[str, Any], rng: random.Random) -> dict[str, list[StoredOrder]]:
    world = read_world(BASE, json.loads(position_text(doc)))
    types = world_types(world)
    given: dict[str, list[StoredOrder]] = {}
    for power, order in random_orders(world, BASE, rng, 0.3):
        given.setdefault(power, []).append(StoredOrder(format_order(order, types), order))
    return given


def _stored(step: Step) -> Position:
    """The position a game stores after ``step``, as processing keeps it."""
    after = step.after
    assert isinstance(after, Position)
    return changed(after, drop="orders")


@BOTH
def test_the_kept_world_and_texts_are_those_of_the_stored_text(rules: Ruleset) -> None:
    for seed in (1, 2):
        rng = random.Random(seed)
        doc = _start(rules, seed)
        for _turn in range(14):  # forks, retreats and winters come
            after = _stored(rules.step_stored(doc, _orders(doc, rng)))
            text = position_text(after)
            assert text == json_text(dict(after))
            assert kept(after, WORLD_KEPT) == read_world(BASE, json.loads(text))
            doc = after


@BOTH
def test_a_turn_from_the_kept_world_answers_as_one_from_the_stored_text(rules: Ruleset) -> None:
    rng = random.Random(5)
    doc = _start(rules, 5)
    for _turn in range(16):
        orders = _orders(doc, rng)
        from_kept = rules.step_stored(doc, orders)
        from_text = rules.step_stored(Position(json.loads(position_text(doc))), orders)
        assert from_kept.answer == from_text.answer
        assert position_text(_stored(from_kept)) == position_text(_stored(from_text))
        doc = _stored(from_kept)


@BOTH
def test_the_boards_a_mail_reads_are_those_of_the_kept_world(rules: Ruleset) -> None:
    rng = random.Random(7)
    doc = _start(rules, 7)
    for _turn in range(10):
        doc = _stored(rules.step_stored(doc, _orders(doc, rng)))
        fresh = Position(json.loads(position_text(doc)))
        assert rules.owed(doc) == rules.owed(fresh)
        assert kept(doc, WORLD_KEPT).settled() == read_world(BASE, fresh, history=False)


def test_a_position_is_written_in_one_form_with_or_without_kept_texts() -> None:
    doc = {"b": [1, {"z": "é", "a": None}], "a": "x", "c": {"2": [True, 1.5]}}
    text = position_text(doc)
    assert text == json_text(doc)
    assert text == json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert json.loads(text) == doc
    shared = Position(doc)
    shared.texts["b"] = json_text(doc["b"])
    assert position_text(shared) == text


def test_what_orjson_cannot_write_is_written_in_the_same_form() -> None:
    """Keys that are not strings and integers beyond 64 bits: the standard library
    writes them, compact and sorted as orjson would."""
    doc = {"big": 2**70, "n": {3: "x", 1: "y"}}
    assert json_text(doc) == '{"big":1180591620717411303424,"n":{"1":"y","3":"x"}}'
    assert json_value(json_text(doc)) == {"big": 2**70, "n": {"1": "y", "3": "x"}}
    assert json_value('{"a": 1, "b": [1, 2]}') == {"a": 1, "b": [1, 2]}  # older rows' form


class _Thing:
    """An object a section is written from (compared by identity, as boards are)."""

    def __init__(self, name: str, count: int = 1) -> None:
        self.name, self.count = name, count


def _entries(thing: _Thing) -> list[dict[str, Any]]:
    return [{"name": thing.name, "n": n, "note": 'é"'} for n in range(thing.count)]


@pytest.mark.parametrize(
    "group",
    [
        None,
        Grouping(lambda key: key // 10),
        Grouping(lambda key: key // 10, lambda key: key % 10),  # ordered within by the last digit
    ],
    ids=["by key", "in groups", "in groups, ordered within"],
)
def test_a_kept_section_writes_only_new_objects_and_keeps_the_key_order(group: Any) -> None:
    """JsonParts' sections: entries added, changed (a new object), removed, and a key
    whose entries are none; each list's values and text are what writing the whole
    mapping again gives, and an unchanged object is not written again; so too with
    the keys gathered in groups (as a board's orders are), groups made and emptied."""
    from judge.rules.multiverse.json_io import JsonParts

    def whole(things: dict[int, _Thing]) -> list[dict[str, Any]]:
        return [value for key in sorted(things) for value in _entries(things[key])]

    written: list[str] = []

    def write(thing: _Thing) -> list[dict[str, Any]]:
        written.append(thing.name)
        return _entries(thing)

    rng = random.Random(3)
    things = {key: _Thing(f"t{key}", rng.randrange(3)) for key in rng.sample(range(100), 30)}
    parts = None
    fresh: list[str] = []
    for step in range(12):
        parts = JsonParts(parts)
        written.clear()
        values = parts.written("list", [parts.section("list", things, write, group)])
        assert values == whole(things)
        assert parts.texts["list"] == json_text(whole(things))
        if step:
            assert sorted(written) == sorted(fresh)
        things = dict(things)
        fresh = []
        for key in rng.sample(range(100), 6):
            if key in things and rng.random() < 0.5:
                del things[key]
            else:
                things[key] = _Thing(f"t{key}.{step}", rng.randrange(3))
                fresh.append(things[key].name)


def test_a_winter_board_where_nothing_is_owed_reads_back_as_the_same_world() -> None:
    """Everybody holds through 1901, so nobody owes a build or removal in W1901: the
    world after that winter has no adjustment entry for its board, as the world read
    back from the stored history has none (it kept an empty one, so the two differed)."""
    from judge.rules.multiverse.adjudicate import adjudicate

    world = starting_world(BASE, seed=1)
    winters = 0
    for _ in range(4):  # S1901, F1901, W1901, S1902
        winters += any(world.adjusts(key) for key in world.active_boards().values())
        world, _report = adjudicate(world, BASE, [])
        doc = {"variant": "standard", "rules": {"adjacency": "loose", "seed": 1}}
        doc.update(write_world(BASE, world, as_data=True))
        assert read_world(BASE, json.loads(json.dumps(doc))) == world
    assert winters == 1 and not world.adjustments
