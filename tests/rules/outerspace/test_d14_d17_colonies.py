"""D14-D17: the colonize order, how colonization is judged, and what colonies are."""

from __future__ import annotations

import pytest

from .board import dislodged_of, judge, position, result


@pytest.mark.parametrize(
    "text",
    [
        "A Par COL",
        "A Par Colonize",
        "A Par colonise",
        "A Par brainwash",
        "A Par Assimilate",
        "A Par colony",  # the noun, as players write it: it was "did not understand"
    ],
)
def test_d14_colonize_has_several_names(text: str) -> None:
    answer = judge(position("alpha A par"), alpha=[text])
    assert result(answer, text)[0] == "succeeds"
    assert answer["orders"][0]["order"] == "A par COL"
    assert answer["colonies"]["alpha"] == ["par"]


def test_d14_a_unit_colonizes_a_province_it_could_move_to() -> None:
    doc = position("alpha A bur, alpha F bre")
    answer = judge(doc, alpha=["A Bur COL Par", "F Bre COL Gas"])
    assert result(answer, "A Bur COL Par")[0] == "succeeds"
    assert result(answer, "F Bre COL Gas")[0] == "succeeds"  # fleets colonize too (Q9)
    assert answer["colonies"]["alpha"] == ["gas", "par"]
    refused = judge(doc, alpha=["A Bur COL Bre", "F Bre COL Par", "F Bre COL MAO"])
    assert result(refused, "A Bur COL Bre") == (
        "invalid",
        "an army in Burgundy cannot reach Brest to colonize it",
    )
    assert result(refused, "F Bre COL Par")[0] == "invalid"  # Paris is inland
    assert result(refused, "F Bre COL MAO") == (
        "invalid",
        "Mid-Atlantic Ocean is a sea: only land provinces are colonized",
    )


def test_d14_the_colonizer_holds_and_may_be_supported_to_hold() -> None:
    doc = position("alpha A par, alpha A bur, beta A pic, beta A gas")
    orders = {"beta": ["A Pic - Par", "A Gas S A Pic - Par"]}
    lost = judge(doc, alpha=["A Par COL"], **orders)
    assert "par" in dislodged_of(lost)
    assert result(lost, "A Par COL") == ("fails", "another empire's unit is there")
    held = judge(doc, alpha=["A Par COL", "A Bur S A Par"], **orders)
    assert result(held, "A Par COL")[0] == "succeeds"
    assert result(held, "A Pic - Par") == ("fails", "bounced")
    assert held["colonies"]["alpha"] == ["par"]


def test_d15_an_empty_province_is_colonized_when_nobody_else_goes_there() -> None:
    doc = position("alpha A bur, beta A pic")
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A Pic H"])
    assert result(answer, "A Bur COL Par")[0] == "succeeds"


def test_d15_another_empires_move_into_the_province_spoils_it() -> None:
    doc = position("alpha A bur, beta A pic, beta A gas")
    # Beta's two moves bounce: Paris stays empty, yet Alpha's colonization fails.
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A Pic - Par", "A Gas - Par"])
    assert result(answer, "A Bur COL Par") == ("fails", "another empire tried to enter it")
    assert answer["colonies"]["alpha"] == []


def test_d15_another_empires_beam_down_spoils_it() -> None:
    doc = position("alpha A bur, alpha A pic, beta A orb, gamma A orb")
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A ORB - Par"], gamma=["A ORB - Par"])
    assert result(answer, "A Bur COL Par") == ("fails", "another empire tried to enter it")


def test_d15_own_orders_never_spoil() -> None:
    doc = position("alpha A bur, alpha A pic, alpha A gas")
    answer = judge(doc, alpha=["A Bur COL Par", "A Pic - Par", "A Gas - Par"])
    assert result(answer, "A Bur COL Par")[0] == "succeeds"


def test_d15_two_empires_colonizing_one_empty_province_both_fail() -> None:
    doc = position("alpha A bur, beta A pic")
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A Pic COL Par"])
    for power, text in (("alpha", "A Bur COL Par"), ("beta", "A Pic COL Par")):
        assert result(answer, text, power) == ("fails", "several empires tried to colonize it")


def test_d15_the_empire_that_holds_the_province_colonizes_it() -> None:
    doc = position("alpha A par, beta A pic, beta A bur")
    answer = judge(doc, alpha=["A Par COL"], beta=["A Pic COL Par", "A Bur - Par"])
    assert result(answer, "A Par COL")[0] == "succeeds"
    assert result(answer, "A Pic COL Par") == ("fails", "another empire's unit is there")
    # A unit that moves in and colonizes its new province in one order cannot; but a
    # colonize order for a province the empire enters by a move succeeds.
    moved = judge(position("alpha A bur, alpha A pic"), alpha=["A Bur - Par", "A Pic COL Par"])
    assert result(moved, "A Pic COL Par")[0] == "succeeds"


def test_d15_q2_a_dislodged_colonizer_still_colonizes() -> None:
    doc = position("alpha A bur, beta A mun, beta A ruh")
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A Mun - Bur", "A Ruh S A Mun - Bur"])
    assert "bur" in dislodged_of(answer)
    assert result(answer, "A Bur COL Par")[0] == "succeeds"
    assert answer["colonies"]["alpha"] == ["par"]


def test_d15_only_legal_orders_spoil() -> None:
    # Beta's beam-down into Alpha's colony is jammed: it does not spoil Gamma's try.
    doc = position("beta A orb, gamma A bur", colonies={"alpha": ["par"]})
    answer = judge(doc, beta=["A ORB - Par"], gamma=["A Bur COL Par"])
    assert result(answer, "A ORB - Par")[0] == "invalid"
    assert result(answer, "A Bur COL Par")[0] == "succeeds"


def test_d16_a_colony_changes_hands_only_by_another_colonization() -> None:
    doc = position("beta A par", colonies={"alpha": ["par"]})
    held = judge(doc, beta=["A Par H"])
    assert held["colonies"] == {"alpha": ["par"], "beta": [], "gamma": []}
    taken = judge(doc, beta=["A Par COL"])
    assert taken["colonies"] == {"alpha": [], "beta": ["par"], "gamma": []}


def test_d16_q10_recolonizing_ones_own_colony_counts_as_an_attempt() -> None:
    doc = position("alpha A bur, beta A pic", colonies={"alpha": ["par"]})
    answer = judge(doc, alpha=["A Bur COL Par"], beta=["A Pic COL Par"])
    assert result(answer, "A Bur COL Par", "alpha")[0] == "fails"
    assert result(answer, "A Pic COL Par", "beta")[0] == "fails"
    assert answer["colonies"]["alpha"] == ["par"]  # kept: nobody colonized it


def test_d17_colonies_and_centres_are_independent() -> None:
    doc = position("alpha A bur", phase="F1901M", centres={"beta": ["par"]})
    answer = judge(doc, alpha=["A Bur COL Par"])
    assert answer["colonies"]["alpha"] == ["par"]
    assert answer["supply_centers"] == {"beta": ["par"]}  # the colonize order takes no centre
    owner = judge(position("beta A par", phase="F1901M"), beta=["A Par H"])
    assert owner["supply_centers"] == {"beta": ["par"]} and owner["colonies"]["beta"] == []


def test_d15_a_convoyed_move_into_the_province_spoils_it() -> None:
    doc = position("alpha A wal, beta A lon, beta F eng")
    answer = judge(doc, alpha=["A Wal COL Lon"], beta=["A Lon - Bel", "F Eng C A Lon - Bel"])
    assert result(answer, "A Wal COL Lon")[0] == "succeeds"  # Beta left London
    # Beta's convoyed army bounces with Alpha's own move: Belgium stays empty, but
    # the legal convoyed move into it spoils Alpha's colonization.
    spoiled = judge(
        position("alpha A pic, alpha A bur, beta A lon, beta F eng"),
        alpha=["A Pic COL Bel", "A Bur - Bel"],
        beta=["A Lon - Bel", "F Eng C A Lon - Bel"],
    )
    assert result(spoiled, "A Lon - Bel") == ("fails", "bounced")
    assert result(spoiled, "A Pic COL Bel") == ("fails", "another empire tried to enter it")
