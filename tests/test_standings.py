"""Standings asked of a ruleset (judge.rules.base.Ruleset): survivors and centre
counts of standard and multiverse positions."""

from __future__ import annotations

from judge.game.games import starting_position
from judge.rules.registry import MULTIVERSE, ruleset_for

STANDARD = ruleset_for("standard")
WORLD = ruleset_for("standard", MULTIVERSE)


def _board(timeline, phase, units, centres):
    return {"timeline": timeline, "phase": phase, "units": units, "supply_centers": centres}


def test_standard_position():
    doc = starting_position("standard")
    assert STANDARD.centre_counts(doc)["russia"] == 4 and STANDARD.largest_power(doc) == "russia"
    doc["units"] = [u for u in doc["units"] if u["power"] != "italy"]
    assert "italy" in STANDARD.survivors(doc)  # still owns centres
    del doc["supply_centers"]["italy"]
    doc["dislodged"] = [{"power": "turkey", "type": "A", "province": "bul"}]
    assert "italy" not in STANDARD.survivors(doc) and "turkey" in STANDARD.survivors(doc)


def test_world_counts_unique_centres_on_the_latest_board_of_each_timeline():
    army = [{"power": "germany", "type": "A", "province": "mun"}]
    world = {
        "boards": [
            _board(1, "S1901M", army, {"germany": ["mun"], "austria": ["vie"]}),
            _board(1, "F1901M", army, {"germany": ["mun", "ber"]}),
            _board(2, "F1901M", [], {"germany": ["mun", "kie"], "france": ["par"]}),
        ]
    }
    assert [(b["timeline"], b["phase"]) for b in WORLD.active_boards(world)] == [
        (1, "F1901M"),
        (2, "F1901M"),
    ]
    assert WORLD.centre_counts(world) == {"germany": 3, "france": 1}
    assert WORLD.survivors(world) == {"germany", "france"}  # Austria lives only in the past
    assert WORLD.largest_power(world) == "germany"
    world["boards"][2]["supply_centers"]["france"] += ["bre", "mar"]
    assert WORLD.largest_power(world) is None


def test_active_boards_come_by_timeline_number():
    world = {"boards": [_board(t, "S1901M", [], {}) for t in (10, 2, 1)]}
    assert [b["timeline"] for b in WORLD.active_boards(world)] == [1, 2, 10]
