"""The game-level ruleset: what the game layer calls for mail orders and steps."""

from __future__ import annotations

from judge.orders.keys import OrderKey
from judge.rules.base import StoredOrder
from judge.rules.outerspace.documents import starting_document
from judge.rules.registry import ruleset_for
from judge.variant.empires import Empire

EMPIRES = [Empire("alpha", "Alpha", "Alphan", "A"), Empire("zorg", "Zorg", "Zorgish", "Z")]
RULES = ruleset_for("outerspace")


def test_a_new_game_has_no_empire_until_the_game_layer_names_them() -> None:
    empty = RULES.starting_position("outerspace")
    assert empty["powers"] == [] and empty["units"] == []
    start = RULES.empire_position(empty, EMPIRES)
    assert start == starting_document(EMPIRES)
    assert RULES.phase_code(start) == "S1901M"


def test_mail_orders_are_checked_with_reasons_players_understand() -> None:
    doc = {**starting_document(EMPIRES), "colonies": {"alpha": ["par"], "zorg": []}}
    lines = ["A ORB - Par", "A Orbit -> Bur, A ORB H", "A ORB H", "A ORB - Mun"]
    checks = RULES.check_orders(doc, "zorg", lines)
    assert [c.ok for c in checks] == [False, True, True, True, False]
    assert checks[0].message == (
        "A ORB - Par: Paris is a colony of Alpha: only Alpha may beam down there"
    )
    assert [c.canonical for c in checks[1:4]] == ["A orb - bur", "A orb H", "A orb H"]
    assert len({c.key for c in checks[1:4]}) == 3  # the three armies of the spacecraft
    assert checks[4].message == (
        "A ORB - Mun: you have 3 armies in orbit, and earlier orders already use them all"
    )


def test_owed_and_unordered_name_the_armies_in_orbit() -> None:
    doc = starting_document(EMPIRES)
    owed = RULES.owed(doc)
    assert [o.label for o in owed["alpha"]] == ["A orb"] * 3
    first = RULES.check_orders(doc, "alpha", ["A ORB - Par"])[0]
    left = RULES.unordered(doc, "alpha", [OrderKey.unit(first.key)])
    assert left == ["A orb", "A orb"]


def test_a_step_gives_the_next_position_with_colonies_and_empires() -> None:
    doc = starting_document(EMPIRES)
    step = RULES.step(
        {**doc, "orders": {"alpha": ["A ORB - Par"], "zorg": ["A ORB - Mun", "A ORB - Ber"]}}
    )
    assert step.next_phase == "F1901M" and step.winner is None
    after = step.after
    assert after["powers"] == ["alpha", "zorg"] and after["empires"] == doc["empires"]
    assert after["colonies"] == {"alpha": [], "zorg": []}
    assert sorted(u["province"] for u in after["units"] if u["power"] == "zorg") == [
        "ber",
        "mun",
        "orb",
    ]


def test_stored_orders_are_adjudicated_from_their_wording() -> None:
    doc = starting_document(EMPIRES)
    stored = {
        "alpha": [StoredOrder("A orb - par"), StoredOrder("A orb - bur")],
        "zorg": [StoredOrder("A orb - par")],
    }
    step = RULES.step_stored(dict(doc), stored)
    results = [(o["power"], o["order"], o["result"]) for o in step.answer["orders"]]
    assert results == [
        ("alpha", "A orb - par", "fails"),
        ("alpha", "A orb - bur", "succeeds"),
        ("zorg", "A orb - par", "fails"),
    ]


def test_survivors_and_centre_counts_read_the_empires() -> None:
    doc = {
        **starting_document(EMPIRES),
        "units": [{"power": "zorg", "type": "A", "province": "orb"}],
        "supply_centers": {"alpha": ["par"]},
    }
    assert RULES.survivors(doc) == {"alpha", "zorg"}
    assert RULES.centre_counts(doc) == {"alpha": 1}


def test_d18_d21_d22_help_teaches_the_retreats_builds_and_removals_of_outer_space() -> None:
    """HELP <game> and HELP build/retreat/remove told an empire the standard rules:
    builds on "a home centre" (there are none: D21 builds in owned, colonized, empty
    centres) and retreats to "a free neighbouring province" (D18: only into the
    spacecraft or an own colony); D22's ``Remove A ORB`` was not shown."""
    forms = {form.name: form for form in RULES.order_forms()}
    build, retreat, remove = forms["build"], forms["retreat"], forms["remove"]
    assert "<home centre>" not in build.form and "on a home centre" not in build.text
    assert "colonized" in build.text
    assert "spacecraft" in retreat.text and "colony" in retreat.text
    assert "free neighbouring province (or" not in retreat.text
    assert "Remove A ORB" in remove.form + remove.text
    assert [form.name for form in RULES.order_forms()].count("build") == 1
