"""Forms docs/mail.md promises for every game, read in a multiverse world as in a
standard game: "the" before a name (``F Brest to the English Channel``),
webDiplomacy's ``support move to Burgundy from Paris`` and a convoy asked for in
brackets (``A Par - Bur (via convoy)``).  In a world each was refused ("'the english
channel' is not a province", "'burgundy from paris' is not a province", "'bur (via
convoy)' is not a province"): the notation read every word up to the next keyword
as one place."""

from __future__ import annotations

import pytest

from judge.game.games import starting_position
from judge.orders.text import check_orders
from judge.rules.registry import ruleset_for

CASES = [
    ("F Brest to the English Channel", "F bre - eng", "F {bre} - {eng}"),
    (
        "The army at Marseilles support move to Burgundy from Paris",
        "A mar S A par - bur",
        "A {mar} S A {par} - {bur}",
    ),
    ("A Par - Bur (via convoy)", "A par - bur via convoy", "A {par} - {bur} via convoy"),
    ("A Par - Bur (by convoy)", "A par - bur via convoy", "A {par} - {bur} via convoy"),
]
PLACES = {
    "loose": "1:{}:S1901",
    "5dplomacy": "alfa:{}:Spring01",
}


@pytest.mark.parametrize(("line", "standard", "_"), CASES)
def test_the_standard_reading(line: str, standard: str, _: str) -> None:
    (check,) = check_orders(starting_position("standard"), "france", [line])
    assert check.ok and check.canonical == standard


@pytest.mark.parametrize("setting", ["loose", "5dplomacy"])
@pytest.mark.parametrize(("line", "_", "world"), CASES)
def test_a_world_reads_them_alike(setting: str, line: str, _: str, world: str) -> None:
    rules = ruleset_for("standard", "multiverse").played_as(setting)
    doc = rules.starting_position("standard", adjacency=setting)
    (check,) = rules.check_orders(doc, "france", [line])
    assert check.ok, check.message
    place = PLACES[setting]
    upper = setting == "5dplomacy"
    names = {
        p: place.format(p.upper() if upper else p) for p in ("bre", "eng", "mar", "par", "bur")
    }
    if upper:
        names["eng"] = place.format("ENC")
    assert rules.written(check.canonical) == world.format(**names)


def test_a_place_is_still_read_whole_first() -> None:
    """Names of several words and locations written with spaces read as before."""
    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    lines = ["F Bre - Mid Atlantic Ocean", "A 1 : par : Spring 1901 - 1 : bur : Spring 1901"]
    checks = rules.check_orders(doc, "france", lines)
    assert [c.canonical for c in checks] == [
        "F 1:bre:S1901 - 1:mao:S1901",
        "A 1:par:S1901 - 1:bur:S1901",
    ]
