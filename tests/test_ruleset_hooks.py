"""The ruleset hooks that answer a command's, a report's or a picture's questions
about a game's kind (issue 27 item 3; docs/architecture.md, "Rulesets"): each
ruleset's own answer, so that no caller asks "is this Outer Space / multiverse?"."""

from __future__ import annotations

from judge.orders.keys import OrderKey
from judge.rules.registry import (
    MULTIVERSE,
    STANDARD,
    game_rules,
    rules_settings,
    ruleset_for,
    ruleset_for_game,
)
from judge.variant.data import load_variant
from judge.variant.empires import Empire, empire_variant
from tests.test_rulesets import _Game

# ------------------------------------------------------------------ CREATE


def test_the_game_rules_and_their_settings_come_from_the_registry() -> None:
    assert game_rules() == (STANDARD, MULTIVERSE)
    assert rules_settings(STANDARD) == ()
    assert rules_settings(MULTIVERSE) == ("loose", "strict", "5dplomacy")


def test_a_game_is_described_by_its_ruleset() -> None:
    def title(variant: str, rules: str = STANDARD, adjacency: str = "") -> str:
        game = _Game(variant, rules, adjacency)
        return ruleset_for_game(game).rules_title(load_variant(variant), adjacency)  # type: ignore[arg-type]

    assert title("standard") == "standard"
    assert title("colonial") == load_variant("colonial").title
    assert title("outerspace") == load_variant("outerspace").title
    assert title("standard", MULTIVERSE, "strict") == "multiverse (strict adjacency)"
    assert title("colonial", MULTIVERSE, "loose") == "multiverse (loose adjacency)"
    assert title("standard", MULTIVERSE, "5dplomacy") == "multiverse (5dplomacy rule set)"


def test_summary_names_the_rules_with_their_setting() -> None:
    def line(rules: str, adjacency: str = "") -> str:
        game = _Game("standard", rules, adjacency)
        return ruleset_for_game(game).rules_setting(adjacency)  # type: ignore[arg-type]

    assert line(STANDARD) == "standard"
    assert line(MULTIVERSE, "loose") == "multiverse (loose adjacency)"
    assert line(MULTIVERSE, "5dplomacy") == "multiverse (5dplomacy adjacency)"


# ------------------------------------------------------------------ seats


def test_a_map_with_fixed_powers_takes_up_to_one_player_a_power() -> None:
    rules = ruleset_for("standard")
    assert rules.game_problem("standard", STANDARD, 0) is None  # 0: as many as the powers
    assert rules.game_problem("standard", MULTIVERSE, 7) is None
    assert rules.game_problem("standard", STANDARD, 8) == "variant standard has only 7 powers"
    assert rules.seat_range(7) == (1, 7)
    assert not rules.players_name_powers


def test_outer_space_takes_2_to_26_empires_and_no_layer() -> None:
    rules = ruleset_for("outerspace")
    assert rules.players_name_powers
    assert rules.seat_range(0) == (2, 26)
    assert rules.game_problem("outerspace", STANDARD, 5) is None
    for seats in (0, 1, 27):
        assert rules.game_problem("outerspace", STANDARD, seats) == (
            "a game whose players name their empires needs PLAYERS <n>, from 2 to 26"
        )
    assert rules.game_problem("outerspace", MULTIVERSE, 5) == (
        "variant outerspace is played by its own rules only"
    )


# ------------------------------------------------------------------ LIST


def test_outer_space_lists_each_empires_colonies() -> None:
    board = {"colonies": {"alpha": ["vie", "par"], "beta": []}}
    rules = ruleset_for("outerspace")
    assert rules.status_lines(board, "alpha") == ["colonies: par, vie"]
    assert rules.status_lines(board, "beta") == ["colonies: -"]
    assert ruleset_for("standard").status_lines(board, "alpha") == []
    assert ruleset_for("standard", MULTIVERSE).status_lines(board, "alpha") == []


# ------------------------------------------------------------------ orders


def test_the_armies_in_one_spacecraft_take_their_slots_in_turn() -> None:
    """D7: the armies in orbit are interchangeable; each order checked names the
    first slot, and a mail's orders take the slots one by one."""
    rules = ruleset_for("outerspace")
    doc = {
        "units": [
            {"power": "alpha", "type": "A", "province": "orb"},
            {"power": "alpha", "type": "A", "province": "orb"},
            {"power": "beta", "type": "A", "province": "orb"},
            {"power": "alpha", "type": "A", "province": "par"},
        ]
    }
    slots = rules.slots(doc, OrderKey.unit("orb:alpha:1"))
    assert slots is not None
    assert slots.group == ("alpha", "orb")
    assert [k.text() for k in slots.keys] == ["orb:alpha:1", "orb:alpha:2"]
    assert slots.full == (
        "ORB holds 2 of your armies, and earlier orders of this mail already order them all"
    )
    one = rules.slots(doc, OrderKey.unit("orb:beta:1"))
    assert one is not None and one.full.startswith("ORB holds 1 of your army,")
    assert one.full.endswith("already order it")
    assert rules.slots(doc, OrderKey.unit("par")) is None
    assert rules.slots(doc, OrderKey.build("par")) is None
    assert ruleset_for("standard").slots(doc, OrderKey.unit("orb:alpha:1")) is None


def test_an_order_beyond_the_allowance_is_named() -> None:
    rules = ruleset_for("standard")
    doc = {
        "variant": "standard",
        "phase": "W1901A",
        "units": [{"power": "france", "type": "A", "province": "bur"}],
        "supply_centers": {"france": ["par", "mar", "bel"]},  # two builds
    }
    build = OrderKey.build
    assert rules.beyond_allowance(doc, "france", [build("par")], build("mar")) is None
    assert rules.beyond_allowance(doc, "france", [build("par"), build("mar")], build("bre")) == (
        "France may build 2: this build is beyond them and will not count"
    )
    assert rules.beyond_allowance(doc, "france", [], OrderKey.unit("bur")) is None


# ------------------------------------------------------------------ mail


def test_outer_space_mail_names_each_spacecraft() -> None:
    empires = [Empire("zorg", "Zorg", "Zorgian", "Z"), Empire("vega", "Vega", "Vegan", "V")]
    variant = empire_variant(empires)
    space = ruleset_for("outerspace").report_names(variant)
    assert space.place("orb") == "Orbit"
    assert space.place("orb(zorg)") == "Orbit (Zorg)"
    plain = ruleset_for("standard").report_names(load_variant("standard"))
    assert plain.place("orb") == "orb"
    assert ruleset_for("standard", MULTIVERSE).report_names(variant).place("orb") == "orb"
