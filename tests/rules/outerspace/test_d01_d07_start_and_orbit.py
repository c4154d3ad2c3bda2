"""D1-D7: the empty map, the empires, the spacecraft and the armies in orbit."""

from __future__ import annotations

import pytest

from judge.rules.documents import DocumentError
from judge.rules.outerspace.documents import starting_document
from judge.rules.registry import adjudicate, ruleset_for
from judge.variant.data import load_variant
from judge.variant.empires import Empire, EmpireError, empire_problem, empire_variant

from .board import judge, position, result, units_of

ALPHA, BETA = Empire("alpha", "Alpha", "Alphan", "A"), Empire("beta", "Beta", "Betan", "B")


def test_d1_the_standard_map_starts_empty_with_no_home_centres() -> None:
    variant = load_variant("outerspace")
    standard = load_variant("standard")
    assert variant.rules == "outerspace" and variant.empires_per_game
    assert set(variant.provinces) == set(standard.provinces)
    assert len(variant.supply_centers) == 34 and variant.victory_centers == 18
    assert variant.powers == {}
    game = empire_variant([ALPHA, BETA])
    assert all(not p.home_centers for p in game.powers.values())
    assert game.starting_units == () and game.start_phase == "S1901M"
    start = starting_document([ALPHA, BETA])
    assert start["supply_centers"] == {} and start["colonies"] == {"alpha": [], "beta": []}
    assert all(u["province"] == "orb" for u in start["units"])


def test_d2_any_number_of_empires_from_two_named_per_game() -> None:
    many = [Empire.named(f"Empire {c}") for c in "abcdefghij"]
    start = starting_document(many)
    assert start["powers"] == [e.code for e in many] and len(start["units"]) == 30
    assert start["empires"]["empirea"] == {
        "name": "Empire a",
        "adjective": "Empire a",
        "initial": "E",
    }
    with pytest.raises(EmpireError, match="at least two"):
        starting_document([ALPHA])
    clash = Empire("alphans", "Alphans", "Alphan", "X")
    assert "already names the empire alpha" in (empire_problem([ALPHA, clash]) or "")
    assert empire_problem([ALPHA, BETA]) is None
    assert empire_variant([ALPHA, BETA]).lookup_power("Betan") == "beta"


def test_d3_each_empire_starts_with_three_armies_in_its_spacecraft() -> None:
    start = starting_document([ALPHA, BETA])
    assert (
        sorted((u["power"], u["type"], u["province"]) for u in start["units"])
        == [("alpha", "A", "orb")] * 3 + [("beta", "A", "orb")] * 3
    )
    assert ruleset_for("outerspace").empire_position({}, [ALPHA, BETA]) == start


def test_d3_a_spacecraft_is_never_attacked_nor_supported() -> None:
    doc = position("alpha A orb, beta A bur")
    answer = judge(doc, beta=["A Bur S A ORB(Alpha)", "A Bur - ORB"])
    assert result(answer, "A Bur S A ORB(Alpha)")[0] == "invalid"
    # The beam-up goes to Beta's own spacecraft, never to Alpha's.
    assert units_of(answer) == ["alpha A orb", "beta A orb"]


def test_d4_capacity_three_armies_of_its_own_empire_never_fleets() -> None:
    with pytest.raises(DocumentError, match="more than 3 armies in orbit"):
        adjudicate(position("alpha A orb, alpha A orb, alpha A orb, alpha A orb"))
    with pytest.raises(DocumentError, match="only armies are in orbit"):
        adjudicate(position("alpha F orb"))
    answer = judge(position("alpha F bre"), alpha=["F Bre - ORB"])
    assert result(answer, "F Bre - ORB") == (
        "invalid",
        "fleets cannot be beamed up (battleships are too heavy): only armies",
    )


def test_d5_armies_in_orbit_are_units_that_own_nothing_and_cannot_be_dislodged() -> None:
    doc = position("alpha A orb, alpha A orb, beta A par", phase="F1901M")
    answer = judge(doc, alpha=["A ORB H", "A ORB H"], beta=["A Par H"])
    assert answer["supply_centers"] == {"beta": ["par"]}
    assert answer["dislodged"] == []
    # Two armies in orbit against no centre: Alpha must remove both.
    assert answer["next_phase"] == "W1901A"
    winter = position("alpha A orb, alpha A orb, beta A par", phase="W1901A")
    winter["supply_centers"] = {"beta": ["par"]}
    removed = judge(winter, alpha=["Remove A ORB"])
    assert result(removed, "Remove A ORB")[0] == "succeeds"
    assert units_of(removed) == ["beta A par"]  # the second removed in civil disorder
    assert removed["civil_disorder"] == [{"power": "alpha", "type": "A", "province": "orb"}]


def test_d5_armies_in_orbit_keep_their_empire_alive() -> None:
    doc = position("alpha A orb, beta A par", phase="F1901M")
    assert ruleset_for("outerspace").survivors(doc) == {"alpha", "beta"}
    winter = position(
        "alpha A orb, beta A par", phase="W1901A", centres={"alpha": ["mun"], "beta": ["par"]}
    )
    answer = judge(winter)
    assert answer["eliminated"] == ["gamma"]
    # With no centre, the army in orbit is removed and the empire is gone.
    alone = position("alpha A orb, beta A par", phase="W1901A", centres={"beta": ["par"]})
    assert judge(alone)["eliminated"] == ["alpha", "gamma"]


def test_d6_an_army_in_orbit_holds_or_beams_down_to_any_land_province() -> None:
    doc = position("alpha A orb, alpha A orb, alpha A orb, beta A par")
    answer = judge(doc, alpha=["A ORB H", "A ORB - Mos", "A ORB - Nwy"])
    assert result(answer, "A ORB - Mos")[0] == "succeeds"  # no adjacency needed
    assert result(answer, "A ORB - Nwy")[0] == "succeeds"
    assert "alpha A mos" in units_of(answer) and "alpha A nwy" in units_of(answer)
    for text, reason in (
        ("A ORB S A Par", "an army in orbit may only hold or beam down"),
        ("A ORB COL Par", "an army in orbit cannot colonize: it must beam down first"),
        ("A ORB - NTH", "North Sea is a sea: armies beam down to land only"),
        ("A ORB - ORB", "the army is in orbit already"),
    ):
        assert result(judge(doc, alpha=[text]), text) == ("invalid", reason), text


def test_d7_armies_in_orbit_are_interchangeable_surplus_orders_are_errors() -> None:
    doc = position("alpha A orb, alpha A orb")
    answer = judge(doc, alpha=["A ORB - Par", "A ORB - Bur", "A ORB - Mar"])
    assert result(answer, "A ORB - Par")[0] == "succeeds"
    assert result(answer, "A ORB - Bur")[0] == "succeeds"
    assert result(answer, "A ORB - Mar") == (
        "invalid",
        "you have 2 armies in orbit, and earlier orders already use them all",
    )
    # Fewer orders than armies: the rest hold.
    one = judge(doc, alpha=["A ORB - Par"])
    assert units_of(one) == ["alpha A orb", "alpha A par"]
