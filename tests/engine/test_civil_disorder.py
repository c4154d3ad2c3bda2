"""Removals the judge makes itself (DATC 4.D.8, the 2023 rule), beyond section 6.J.

A power that owes removals and does not order them loses, in this order: units
off supply centres before units on them; the farthest from an owned supply
centre first (counting adjacent areas whatever the unit type); fleets before
armies; then by the English name of the area.  The DATC cases 6.J.2-6.J.11
(tests/datc/cases/6_J.json) pin most of this; the tests here pin what they leave
open: the English name (not the province code) breaks ties, and units on supply
centres are still ranked by distance when nothing else is left.
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.rules.documents import adjudicate_document


def winter(units: list[tuple[str, str, str]], centres: dict[str, list[str]]) -> dict[str, Any]:
    """Adjudicate a Winter 1901 adjustment phase without orders."""
    return adjudicate_document(
        {
            "variant": "standard",
            "phase": "W1901A",
            "units": [{"power": p, "type": t, "province": where} for p, t, where in units],
            "supply_centers": centres,
            "orders": {},
        }
    )


def left(answer: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["province"]) for u in answer["units"]}


def removed(answer: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(u["power"], u["type"], u["province"]) for u in answer.get("civil_disorder", [])]


def test_ties_are_broken_by_english_name_not_by_code() -> None:
    """Both fleets are two steps from Rome; "Gulf of Lyon" comes before "Ionian Sea"
    although the code ``ion`` comes before ``lyo``."""
    answer = winter([("italy", "F", "ion"), ("italy", "F", "lyo")], {"italy": ["rom"]})
    assert removed(answer) == [("italy", "F", "lyo")]
    assert left(answer) == {("italy", "F", "ion")}


def test_english_name_tie_break_between_a_sea_and_a_coast() -> None:
    """Both fleets are two steps from Moscow (through St Petersburg); "Finland" comes
    before "Gulf of Bothnia" although ``bot`` comes before ``fin``."""
    answer = winter([("russia", "F", "bot"), ("russia", "F", "fin")], {"russia": ["mos"]})
    assert removed(answer) == [("russia", "F", "fin")]


def test_units_on_supply_centres_are_ranked_by_distance_when_nothing_else_is_left() -> None:
    """Italy owns Rome and has three armies, all on supply centres, so two must go:
    Munich (three steps from Rome) first, then Naples before Venice (both one step,
    alphabetical)."""
    answer = winter(
        [("italy", "A", "ven"), ("italy", "A", "nap"), ("italy", "A", "mun")],
        {"italy": ["rom"]},
    )
    assert removed(answer) == [("italy", "A", "mun"), ("italy", "A", "nap")]
    assert left(answer) == {("italy", "A", "ven")}


def test_off_centre_units_go_first_however_near() -> None:
    """Italy owns Rome and has armies in Apulia (next to Rome) and in Berlin (a supply
    centre, far away): the army in Apulia is removed."""
    answer = winter([("italy", "A", "apu"), ("italy", "A", "ber")], {"italy": ["rom"]})
    assert removed(answer) == [("italy", "A", "apu")]


def test_only_the_missing_removals_are_made_and_other_powers_are_untouched() -> None:
    """Russia owes two removals and orders one; one more unit is taken (the farthest),
    and Germany, which owes nothing, keeps its units."""
    answer = adjudicate_document(
        {
            "variant": "standard",
            "phase": "W1901A",
            "units": [
                {"power": "russia", "type": "A", "province": "mos"},
                {"power": "russia", "type": "A", "province": "ukr"},
                {"power": "russia", "type": "A", "province": "gal"},
                {"power": "russia", "type": "A", "province": "boh"},
                {"power": "germany", "type": "A", "province": "tyr"},
            ],
            "supply_centers": {"russia": ["mos", "war"], "germany": ["mun"]},
            "orders": {"russia": ["Remove A Ukraine"]},
        }
    )
    assert removed(answer) == [("russia", "A", "boh")]
    assert left(answer) == {("russia", "A", "mos"), ("russia", "A", "gal"), ("germany", "A", "tyr")}


@pytest.mark.parametrize("fleet", ["bar", "bot"])
def test_distance_counts_from_both_coasts_of_a_centre(fleet: str) -> None:
    """Russia owns St Petersburg only.  The Barents Sea touches its north coast and
    the Gulf of Bothnia its south coast: either fleet is one step away, the army in
    Ukraine two (through Moscow), so the army is removed.  Counted from one coast
    only, the fleet on the other side would be two steps away and go first."""
    answer = winter([("russia", "F", fleet), ("russia", "A", "ukr")], {"russia": ["stp"]})
    assert removed(answer) == [("russia", "A", "ukr")]
