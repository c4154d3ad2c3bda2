"""judge.rules: the Ruleset interface, the standard and multiverse rulesets, and the
registry that chooses one per game, per variant and per adjudicated document."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.engine.phase import Turn
from judge.orders.keys import OrderKey
from judge.rules.base import Owed, Ruleset, unanswered
from judge.rules.documents import DocumentError
from judge.rules.multiverse.keys import MLoc
from judge.rules.multiverse.ruleset import MultiverseRuleset, world_phase
from judge.rules.registry import (
    BASE_RULES,
    MULTIVERSE,
    STANDARD,
    UnknownRules,
    adjudicate,
    ruleset_for,
    ruleset_for_document,
    ruleset_for_game,
    ruleset_named,
)
from judge.rules.standard import StandardRuleset
from judge.variant.data import available_variants, load_variant

TINY = Path(__file__).parent / "variants_bad" / "tiny_ok"


@dataclass
class _Game:
    """The settings of a stored game the registry reads."""

    variant: str
    rules: str
    adjacency: str = ""


def _standard() -> Ruleset:
    return ruleset_for("standard", STANDARD)


def _multiverse() -> Ruleset:
    return ruleset_for("standard", MULTIVERSE)


# ------------------------------------------------------------------ registry


def test_a_variant_names_the_rules_of_its_map() -> None:
    assert load_variant("standard").rules == "standard"
    assert load_variant(TINY).rules == "standard"  # no ``rules`` key: the default


def test_every_shipped_variant_names_rules_this_judge_has() -> None:
    for name in available_variants():
        assert load_variant(name).rules in BASE_RULES, name


def test_a_game_gets_its_variants_rules_with_its_own_layer() -> None:
    standard = ruleset_for_game(_Game("standard", "standard"))
    multiverse = ruleset_for_game(_Game("standard", "multiverse"))
    assert isinstance(standard, StandardRuleset) and standard.name == "standard"
    assert isinstance(multiverse, MultiverseRuleset) and multiverse.name == "multiverse"
    assert isinstance(multiverse.base, StandardRuleset)


def test_unknown_rules_are_refused_by_name() -> None:
    with pytest.raises(UnknownRules, match="'chaos'"):
        ruleset_named("chaos")
    with pytest.raises(UnknownRules, match="'fivedee'"):
        ruleset_named("standard", "fivedee")


def test_a_document_declares_its_kind_by_its_boards() -> None:
    assert isinstance(ruleset_for_document({"phase": "S1901M"}), StandardRuleset)
    assert isinstance(ruleset_for_document({"boards": []}), MultiverseRuleset)


def test_a_document_of_an_unknown_variant_is_refused_by_the_standard_reading() -> None:
    assert isinstance(ruleset_for_document({"variant": "nowhere"}), StandardRuleset)
    assert isinstance(ruleset_for_document({"variant": 3}), StandardRuleset)
    with pytest.raises(DocumentError, match="unknown variant 'nowhere'"):
        adjudicate({"variant": "nowhere", "phase": "S1901M"})
    with pytest.raises(DocumentError, match="'variant' must be a string"):
        adjudicate({"variant": 3, "boards": []})


def test_the_multiverse_layer_plays_the_base_rulesets_engine() -> None:
    base = StandardRuleset()
    base.engine = marker = object()
    assert MultiverseRuleset(base).engine is marker


# ------------------------------------------------------------------ positions


def test_starting_positions_and_their_phase() -> None:
    doc = _standard().starting_position("standard")
    world = _multiverse().starting_position("standard", adjacency="strict", seed=4)
    assert doc["phase"] == "S1901M" and "boards" not in doc
    assert world["rules"] == {"adjacency": "strict", "seed": 4}
    assert [b["phase"] for b in world["boards"]] == ["S1901M"]
    assert _standard().phase_code(doc) == _multiverse().phase_code(world) == "S1901M"
    assert not _standard().retreats_pending(doc) and not _multiverse().retreats_pending(world)
    assert _standard().active_boards(doc) == [doc]
    assert _multiverse().active_boards(world) == world["boards"]


def test_both_rulesets_count_the_same_centres_on_one_board() -> None:
    doc = _standard().starting_position("standard")
    world = _multiverse().starting_position("standard")
    assert _standard().centre_counts(doc) == _multiverse().centre_counts(world)
    assert _standard().centre_counts(doc)["russia"] == 4
    assert _standard().largest_power(doc) == _multiverse().largest_power(world) == "russia"
    assert (
        _standard().survivors(doc)
        == _multiverse().survivors(world)
        == set(load_variant("standard").powers)
    )


def test_a_world_waiting_for_retreats_is_in_an_r_phase() -> None:
    world = _multiverse().starting_position("standard")
    board = world["boards"][0]
    board["dislodged"] = [{"power": "france", "type": "A", "province": "par"}]
    assert _multiverse().retreats_pending(world)
    assert _multiverse().phase_code(world) == world_phase(world) == "S1901R"
    retreat = {"variant": "standard", "phase": "S1901R", "units": [], "dislodged": []}
    assert _standard().retreats_pending(retreat)


# ------------------------------------------------------------------ orders and allowances


def test_each_ruleset_reads_its_own_notation() -> None:
    doc = _standard().starting_position("standard")
    world = _multiverse().starting_position("standard")
    [plain] = _standard().check_orders(doc, "france", ["A Par - Bur"])
    [triple] = _multiverse().check_orders(world, "france", ["A 1:par:S1901 - 1:bur:S1901"])
    assert plain.ok and plain.key == "par"
    assert triple.ok and triple.key.text() == "1:par:S1901"
    [refused] = _standard().check_orders(doc, "france", ["A 1:par:S1901 - 1:bur:S1901"])
    assert not refused.ok


def test_what_a_power_owes_and_has_not_ordered() -> None:
    doc = _standard().starting_position("standard")
    world = _multiverse().starting_position("standard")
    assert [o.key for o in _standard().owed(doc)["france"]] == ["bre", "mar", "par"]
    assert [o.label for o in _multiverse().owed(world)["france"]] == [
        "F 1:bre:S1901",
        "A 1:mar:S1901",
        "A 1:par:S1901",
    ]
    assert _multiverse().unordered(world, "france", {OrderKey.parse("1:par:S1901")}) == [
        "F 1:bre:S1901",
        "A 1:mar:S1901",
    ]


def test_unanswered_counts_builds_and_removals() -> None:
    items = [Owed("build", "", 2), Owed("par", "A par")]
    assert unanswered(items, [OrderKey.parse("build:mar")]) == ["1 build", "A par"]
    assert (
        unanswered(
            items, [OrderKey.parse("build:mar"), OrderKey.parse("waive:1"), OrderKey.parse("par")]
        )
        == []
    )
    assert unanswered([Owed("remove", "", 2)], []) == ["2 removals"]


def _unanswered_as_stated(items: list[Owed], keys: list[OrderKey]) -> list[str]:
    """The rule of :func:`unanswered` as its docstring states it, item by item over
    every key (the form it had before it counted the keys once per board)."""
    keys_set, left = set(keys), []
    waives = sum(1 for k in keys_set if k.is_waive)
    for item in items:
        if item.key not in ("build", "remove"):
            if OrderKey.unit(item.key) not in keys_set:
                left.append(item.label)
            continue
        building = item.key == "build"
        given = sum(
            1
            for k in keys_set
            if not k.is_waive
            and k.is_build == building
            and (item.board is None or k.board == item.board)
        )
        if building:
            taken = min(waives, max(item.count - given, 0))
            given, waives = given + taken, waives - taken
        if item.count - given > 0:
            short = item.count - given
            noun = "build" if building else "removal"
            where = f" {item.label}" if item.label else ""
            left.append(f"{short} {noun}{'s' if short > 1 else ''}{where}")
    return left


def test_unanswered_counts_per_board_as_stated_on_random_multiverse_winters() -> None:
    """Builds and removals owed on several winter boards and in all, with waives and
    units: the counts per board give what comparing every key with every item gives."""
    rng = random.Random(27)
    places = ["par", "mar", "bre", "kie", "ber", "mun"]
    for _ in range(300):
        boards = [(t, Turn.parse(f"W190{y}")) for t in (1, 2, 3) for y in (1, 2)]
        items: list[Owed] = []
        for board in rng.sample(boards, rng.randrange(4)):
            kind = rng.choice(("build", "remove"))
            label = f"on timeline {board[0]}, {board[1].code}"
            items.append(Owed(kind, label, rng.randrange(1, 4), board))
        if rng.random() < 0.3:
            items.append(Owed(rng.choice(("build", "remove")), "", rng.randrange(1, 3)))
        units = [MLoc(rng.choice((1, 2)), 1902, 0, place) for place in rng.sample(places, 3)]
        items += [Owed(loc, f"A {loc.loc}") for loc in units]
        keys: list[OrderKey] = [OrderKey.unit(loc) for loc in units if rng.random() < 0.5]
        for _ in range(rng.randrange(8)):
            t, turn = rng.choice(boards)
            text = f"{t}:{rng.choice(places)}:{turn.code}"
            keys.append(rng.choice((OrderKey.parse(f"build:{text}"), OrderKey.parse(text))))
        keys += [OrderKey.waive(n) for n in range(1, rng.randrange(4))]
        rng.shuffle(keys)
        assert unanswered(items, keys) == _unanswered_as_stated(items, keys)


def test_allowance_groups_and_places() -> None:
    winter = {"variant": "standard", "phase": "W1901A", "units": [], "supply_centers": {}}
    spring = dict(winter, phase="S1902M")
    assert _standard().allowance_group(winter, OrderKey.parse("build:par")) == ("build", "")
    assert _standard().allowance_group(winter, OrderKey.parse("waive:1")) == ("build", "")
    assert _standard().allowance_group(winter, OrderKey.parse("kie")) == ("remove", "")
    assert _standard().allowance_group(spring, OrderKey.parse("kie")) is None
    assert _standard().allowance_place(("build", "")) == ""
    world: dict = {"boards": []}
    assert _multiverse().allowance_group(world, OrderKey.parse("build:2:par:W1901")) == (
        "build",
        "2:W1901",
    )
    assert _multiverse().allowance_group(world, OrderKey.parse("2:kie:W1901")) == (
        "remove",
        "2:W1901",
    )
    assert _multiverse().allowance_group(world, OrderKey.parse("2:kie:S1902")) is None
    assert _multiverse().allowance_group(world, OrderKey.parse("waive:3")) == ("waive", "")
    assert _multiverse().allowance_place(("build", "2:W1901")) == " on timeline 2, W1901"
    assert _multiverse().allowance_place(("waive", "")) == ""


# ------------------------------------------------------------------ adjudication


def test_a_step_gives_the_next_position_to_store() -> None:
    doc = _standard().starting_position("standard")
    doc["orders"] = {"france": ["A Par - Bur"]}
    step = _standard().step(doc)
    assert step.next_phase == step.after["phase"] == "F1901M"
    assert "orders" not in step.after and step.winner is None
    assert {"power": "france", "type": "A", "province": "bur"} in step.after["units"]
    assert _standard().processed_phase(step) == "S1901M"

    world = _multiverse().starting_position("standard")
    world["orders"] = {"france": ["A Par - Bur"]}
    turn = _multiverse().step(world)
    assert turn.next_phase == world_phase(turn.after) == "F1901M"
    assert turn.after["rules"] == world["rules"] and "orders" not in turn.after
    assert _multiverse().processed_phase(turn) == "S1901M"


def test_a_bad_world_document_is_a_document_error() -> None:
    with pytest.raises(DocumentError, match="'boards' must be a non-empty list"):
        _multiverse().adjudicate({"boards": []})


# ------------------------------------------------------------------ what people are shown


def test_board_views_and_labels() -> None:
    doc = _standard().starting_position("standard")
    world = _multiverse().starting_position("standard")
    [plain] = _standard().board_views(doc)
    [board] = _multiverse().board_views(world)
    paris = {"power": "france", "type": "A", "province": "par"}
    assert plain.heading == "" and plain.unit_text(paris) == "A Par"
    assert board.heading == "Board 1:S1901 (timeline 1, S1901M):"
    assert board.unit_text(paris) == "A 1:par:S1901"
    assert _standard().centre_totals_heading == ""
    assert _multiverse().centre_totals_heading
    assert _standard().variant_label("Standard") == "Standard"
    assert _multiverse().variant_label("Standard") == "Standard (multiverse)"
    assert _standard().timeline_lines(doc) == []
    assert _multiverse().timeline_lines(world) == [
        "Timelines: 1; boards: 1; active boards: timeline 1 S1901M."
    ]


def test_only_the_multiverse_start_mail_explains_its_notation() -> None:
    variant = load_variant("standard")
    doc = _standard().starting_position("standard")
    board = _multiverse().active_boards(_multiverse().starting_position("standard"))[0]
    assert _standard().start_notes(doc, variant, "france") == []
    [note] = _multiverse().start_notes(board, variant, "france")
    assert "timeline:province:turn" in note and "your fleet in Brest is F 1:bre:S1901" in note
