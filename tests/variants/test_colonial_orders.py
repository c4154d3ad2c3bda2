"""Orders on the Colonial map read with its codes, aliases and split coasts.

Only the map is tested here: the special rules (railroad, canal, Hong Kong) are
not enforced yet, so no order below uses them.
"""

from __future__ import annotations

import pytest

from judge.game.games import starting_position
from judge.orders.text import check_orders

START = starting_position("colonial")


@pytest.mark.parametrize(
    ("power", "text", "canonical"),
    [
        ("japan", "F Ota - OS", "F ota - okhs"),
        ("japan", "F Otaru - Okhotsk Sea", "F ota - okhs"),
        ("japan", "A Kyo - Aki", "A kyo - aki"),
        ("japan", "F Kyushu - ECS", "F kyu - ecs"),
        ("japan", "F Tok - UPP", "F tok - up"),
        ("britain", "F HON - SCS", "F hk - scs"),
        ("britain", "F Hong Kong - South China Sea", "F hk - scs"),
        ("britain", "F Sin - JVS", "F sig - javs"),
        ("britain", "F Aden - Arabia (sc)", "F ade - arb/sc"),
        ("britain", "F Ade - RED", "F ade - reds"),
        ("russia", "F POR - Seoul/wc", "F part - seo/wc"),
        ("russia", "F Port Arthur - Yellow Sea", "F part - yels"),
        ("russia", "A Mos - Perm", "A mos - prm"),
        ("russia", "F Ode - BLA", "F ode - blas"),
        ("turkey", "F Bag - Arabia north coast", "F bag - arb/nc"),
        ("turkey", "F Con - Mediterranean", "F con - meds"),
        ("china", "A Sha - Nanchung", "A sha - nan"),
        ("france", "F Ann - Gulf of Siam", "F ann - gos"),
        ("holland", "F Sum - Andaman Sea", "F sum - ands"),
    ],
)
def test_orders_read_with_colonial_names(power: str, text: str, canonical: str) -> None:
    [check] = check_orders(START, power, [text])
    assert check.ok, check.message
    assert check.canonical == canonical


@pytest.mark.parametrize(
    ("power", "text"),
    [
        ("russia", "A Vla - Sak"),  # no Sakhalin-Vladivostok bridge
        ("turkey", "F Meds - Red Sea"),  # no direct border: the canal is a special rule
        ("turkey", "F Med - Reds"),
        ("britain", "F Bom - Bay of Bengal"),  # India's west coast only
    ],
)
def test_orders_across_borders_the_map_does_not_have(power: str, text: str) -> None:
    position = {**START, "units": [*START["units"]]}
    position["units"].append({"power": "turkey", "type": "F", "province": "meds"})
    [check] = check_orders(position, power, [text])
    assert not check.ok
    assert check.canonical is None


def test_a_move_between_stations_that_are_no_neighbours_is_shown_the_rail_move() -> None:
    """TSR-1: the railroad's army goes from station to station by rail; written as a
    move, the refusal shows the rail move."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("colonial", "standard")
    [check] = rules.check_orders(START, "russia", ["A Mos - Vla"])
    assert not check.ok
    assert check.message == (
        "A Mos - Vla: Moscow and Vladivostok are not neighbours; by rail: A Mos - TSR - Vla"
    )
    [check] = rules.check_orders(START, "russia", ["A Mos - Prm"])  # neighbours: a move
    assert check.ok and check.canonical == "A mos - prm"


def test_the_fleet_in_the_mediterranean_can_reach_egypt() -> None:
    position = {**START, "units": [*START["units"]]}
    position["units"].append({"power": "turkey", "type": "F", "province": "meds"})
    [check] = check_orders(position, "turkey", ["F Meds - Egypt"])
    assert check.ok, check.message


def test_issue26_an_army_move_over_the_sea_says_the_places_are_no_neighbours():
    from judge.rules.registry import ruleset_for

    ruleset = ruleset_for("colonial")
    [check] = ruleset.check_orders(
        ruleset.starting_position("colonial"), "japan", ["A Kyo - Fusan"]
    )
    assert check.message == (
        "A Kyo - Fusan: Kyoto and Fusan are not neighbours, and no fleets are placed to "
        "convoy it there"
    )


def _egypt(unit: str) -> dict:
    """The start with a British fleet in the Red Sea and a Turkish unit in Egypt."""
    units = [*START["units"], {"power": "britain", "type": "F", "province": "reds"}]
    units.append({"power": "turkey", "type": unit, "province": "egy"})
    return {**START, "units": units}


@pytest.mark.parametrize(
    ("unit", "text", "canonical"),
    [
        ("A", "SC S F Reds - Meds", "A egy S F reds - meds"),
        ("A", "sc s f reds-meds", "A egy S F reds - meds"),
        ("A", "Suez Canal supports F Red Sea - Mediterranean Sea", "A egy S F reds - meds"),
        ("A", "Suez S Reds - Meds", "A egy S F reds - meds"),
        ("F", "SC S F Reds - Meds", "F egy S F reds - meds"),
    ],
)
def test_njudge_suez_canal_unit_gives_the_permission_of_the_unit_in_egypt(
    unit: str, text: str, canonical: str
) -> None:
    """njudge's info.colonial: "The power which has a unit in Egypt ... will have also
    a Suez Canal unit ... ordered ... to support a unit in either Red Sea or
    Mediterranean sea ... to move through the canal. The Suez Canal can be
    abbreviated to SC."  Its order is the Egypt unit's permission (SUEZ-2); it was
    refused: "'SC' is not a province"."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt(unit), "turkey", [text])
    assert check.ok, check.message
    assert check.canonical == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("SC S F Reds", "the Suez Canal gives permission only to a fleet's move"),
        ("SC H", "the Suez Canal needs no hold order"),
        ("SC S A Sud - Egy", "the Suez Canal gives permission only to a fleet's move"),
    ],
)
def test_njudge_suez_canal_unit_orders_other_than_a_canal_permission_are_refused(
    text: str, reason: str
) -> None:
    """SUEZ-1: no supports through the canal; the canal unit only permits a move."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt("A"), "turkey", [text])
    assert not check.ok
    assert reason in (check.message or "")


def test_the_south_coast_is_still_read_after_a_name_although_sc_opens_a_canal_order():
    [check] = check_orders(START, "britain", ["F Aden - Arabia sc"])
    assert check.ok and check.canonical == "F ade - arb/sc"


@pytest.mark.parametrize("text", ["A Mos - Oms - Irk", "A Mos - Irk via convoy"])
def test_a_route_between_stations_is_shown_the_rail_move(text: str) -> None:
    """TSR-1: written through the stations, or as a convoy (no fleet can carry an
    army between stations), the refusal said "an army cannot go there, even by
    convoy" and not how to go there: by rail."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(START, "russia", [text])
    assert not check.ok
    assert check.message == (
        f"{text}: Moscow and Irkutsk are not neighbours; by rail: A Mos - TSR - Irk"
    )


@pytest.mark.parametrize(
    "text", ["F Reds - SC - Meds", "F Red Sea - Suez Canal - Mediterranean", "F Reds-Suez-Meds"]
)
def test_a_canal_move_written_through_the_canal(text: str) -> None:
    """njudge's info.colonial calls the canal "Suez Canal", "SC": a player writes the
    canal move through it as a convoy is written through its sea; it was refused
    ("'SC' is not a province")."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt("A"), "britain", [text])
    assert check.ok, check.message
    assert check.canonical == "F reds - meds"


@pytest.mark.parametrize(
    "text",
    [
        "F Reds - Meds via Suez",
        "F Red Sea - Mediterranean via the Suez Canal",
        "F Reds-Meds via SC",
        "F Reds - Meds (via Suez)",
    ],
)
def test_a_canal_move_that_names_the_canal_after_via(text: str) -> None:
    """SUEZ-2: the canal move is the fleet's move between the two seas; a player who
    says which way it goes ("via Suez", as a convoy's "via" names its seas) was
    refused "expected 'convoy' after 'via'"."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt("A"), "britain", [text])
    assert check.ok, check.message
    assert check.canonical == "F reds - meds"


def test_an_army_move_via_the_canal_is_still_refused() -> None:
    """The canal is for fleets (SUEZ-1): an army's "via Suez" is not dropped."""
    from judge.rules.registry import ruleset_for

    egypt = _egypt("A")
    rules = ruleset_for("colonial")
    assert rules.check_orders(egypt, "turkey", ["A Egy - Sud"])[0].ok
    [check] = rules.check_orders(egypt, "turkey", ["A Egy - Sud via Suez"])
    assert not check.ok
    assert "after 'via'" in check.message


@pytest.mark.parametrize(
    "text",
    [
        "A Egy S F Reds - Meds via Suez",
        "A Egy S F Red Sea - Mediterranean via the Suez Canal",
        "A Egy S F Reds - Meds (via SC)",
        "A Egy S F Reds-Meds via SC",
        "A Egy S F Reds - SC - Meds",
        "A Egy S F Reds - Suez Canal - Meds",
    ],
)
def test_a_permission_that_names_the_canal_as_the_canal_move_does(text: str) -> None:
    """SUEZ-2: the permission is a support naming the canal move; written as the
    move is (docs/variants.md: "F Reds - Meds via Suez", "F Reds - SC - Meds"), it
    was refused "did not understand 'via Suez' at the end"."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt("A"), "turkey", [text])
    assert check.ok, check.message
    assert check.canonical == "A egy S F reds - meds"


@pytest.mark.parametrize(
    ("power", "text", "message"),
    [
        # SUEZ-1: no convoy through the canal.
        ("turkey", "F Con C A Egy - Gre via Suez", "no convoy passes the Suez Canal"),
        # A support naming the canal of a move that does not pass it, nor a move.
        ("turkey", "A Egy S F Con - Meds via Suez", "the Suez Canal joins the Mediterranean"),
        ("britain", "F Bom - Ars via Suez", "the Suez Canal joins the Mediterranean"),
        ("britain", "F Bom - SC - Ars", "the Suez Canal joins the Mediterranean"),
    ],
)
def test_an_order_naming_the_canal_where_it_goes_nowhere_is_refused(
    power: str, text: str, message: str
) -> None:
    """The canal's name is left out only of a passage between its seas: a move
    elsewhere "via Suez" was accepted as the plain move (F Bom - Ars)."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(_egypt("A"), power, [text])
    assert not check.ok
    assert message in check.message


@pytest.mark.parametrize(
    "text",
    [
        "A Mos - TSR - Prm - Oms - Kra",
        "A Mos TSR Prm Oms Kra",
        "A Mos - TSR - Oms - Kra",
        "A Mos-Prm-Oms-Kra",
        "A Mos - Prm - Oms - Kra via TSR",
    ],
)
def test_a_rail_move_written_through_the_stations(text: str) -> None:
    """TSR-1, njudge's info.colonial: the rail move is written "similar to ordering a
    convoy" (Army Vladivostok - Trans Siberian Railway - Moscow); written through
    the stations on the way it was refused ("did not understand '- Oms - Kra'")."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(START, "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A mos - TSR - kra"


@pytest.mark.parametrize(
    ("text", "route", "rail"),
    [
        ("A Mos - TSR - Oms - Prm - Kra", "Mos - Oms - Prm - Kra", "A Mos - TSR - Kra"),
        ("A Mos - TSR - Kra - Oms", "Mos - Kra - Oms", "A Mos - TSR - Oms"),
        ("A Mos - TSR - Prm - Sem - Kra", "Mos - Prm - Sem - Kra", "A Mos - TSR - Kra"),
    ],
)
def test_a_rail_move_written_through_places_off_the_line_is_refused(
    text: str, route: str, rail: str
) -> None:
    """TSR-1: the train runs the line one way; a route that turns back or leaves it
    is refused with the line and the rail move to write."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(START, "russia", [text])
    assert not check.ok
    assert check.message == (
        f"{text}: {route} does not follow the Trans-Siberian Railroad (its stations in "
        f"line order: Mos, Prm, Oms, Kra, Irk, Vla); write {rail}"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Army Moscow to Vladivostok via the Trans-Siberian Railroad",
        "A Mos - Vla (via TSR)",
        "A Mos moves by rail to Vla",
    ],
)
def test_more_ways_of_naming_the_railroad_after_the_move(text: str) -> None:
    """TSR-1: "via the ..." and "(via TSR)" were refused "expected 'convoy' after
    'via'", "moves by rail to" "expected a destination, found 'by'" (found playing
    a Colonial game by mail)."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(START, "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A mos - TSR - vla"


@pytest.mark.parametrize(
    "text", ["A Mos - Vla (TSR)", "A Mos-Vla (tsr)", "A Mos - T.S.R. - Vla", "A Mos - Vla TSR"]
)
def test_the_railroad_named_without_via(text: str) -> None:
    """TSR-1 as njudge players write it (info.colonial: "can be abbreviated to TSR"):
    the railroad in brackets or after the station, or as T.S.R., was refused ("did not
    understand '( TSR )'", "'T' is not a province")."""
    from judge.rules.registry import ruleset_for

    [check] = ruleset_for("colonial").check_orders(START, "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A mos - TSR - vla"


def test_njudge_suez_canal_unit_hold_is_refused_with_its_reason() -> None:
    """njudge's info.colonial: the Suez Canal unit may be ordered to hold. "SC H" was
    passed over as a greeting ("ignored: not an order"), an order line silently
    dropped; it is read, and refused with the reason (there is nothing to hold)."""
    from judge.orders.text import attempts_order
    from judge.rules.colonial import COLONIAL_SYNTAX
    from judge.rules.registry import ruleset_for
    from judge.variant.data import load_variant

    assert attempts_order(load_variant("colonial"), "SC H", COLONIAL_SYNTAX)
    assert not attempts_order(load_variant("colonial"), "SC", COLONIAL_SYNTAX)  # initials
    [check] = ruleset_for("colonial").check_orders(_egypt("A"), "turkey", ["SC H"])
    assert not check.ok
    assert "the Suez Canal needs no hold order" in check.message
