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
