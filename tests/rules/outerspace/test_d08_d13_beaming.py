"""D8-D13: beam-downs, their supports, jamming, cutting support, beam-ups, room."""

from __future__ import annotations

from .board import dislodged_of, judge, position, result, units_of


def test_d8_a_beam_down_is_a_move_with_ordinary_strengths() -> None:
    doc = position("alpha A orb, alpha A orb, beta A par")
    alone = judge(doc, alpha=["A ORB - Par"])
    assert result(alone, "A ORB - Par") == ("fails", "bounced")
    helped = judge(doc, alpha=["A ORB - Par", "A ORB - Bur"])
    assert result(helped, "A ORB - Par") == ("fails", "bounced")  # Bur is not there yet
    supported = position("alpha A orb, alpha A bur, beta A par")
    answer = judge(supported, alpha=["A ORB - Par", "A Bur S A ORB - Par"])
    assert result(answer, "A ORB - Par")[0] == "succeeds"
    assert dislodged_of(answer)["par"]["attacker_from"] == "orb"


def test_d8_a_failed_beam_down_stays_in_orbit_and_is_never_dislodged() -> None:
    doc = position("alpha A orb, beta A orb, gamma A bur")
    answer = judge(doc, alpha=["A ORB - Par"], beta=["A ORB - Par"], gamma=["A Bur - Par"])
    for power, text in (
        ("alpha", "A ORB - Par"),
        ("beta", "A ORB - Par"),
        ("gamma", "A Bur - Par"),
    ):
        assert result(answer, text, power) == ("fails", "bounced")
    assert units_of(answer) == ["alpha A orb", "beta A orb", "gamma A bur"]
    assert answer["dislodged"] == [] and answer["contested"] == ["par"]


def test_d8_a_beam_down_never_dislodges_its_own_empire() -> None:
    doc = position("alpha A orb, alpha A par, alpha A bur")
    answer = judge(doc, alpha=["A ORB - Par", "A Bur S A ORB - Par"])
    assert result(answer, "A ORB - Par") == ("fails", "bounced")
    assert "alpha A par" in units_of(answer) and answer["dislodged"] == []


def test_d8_a_beam_down_meets_nobody_head_to_head() -> None:
    # The army in Paris leaves for Burgundy; the beam-down into Paris is no swap.
    doc = position("alpha A orb, beta A par")
    answer = judge(doc, alpha=["A ORB - Par"], beta=["A Par - Bur"])
    assert result(answer, "A ORB - Par")[0] == "succeeds"
    assert units_of(answer) == ["alpha A par", "beta A bur"]


def test_d9_supports_of_own_and_other_empires_beam_downs() -> None:
    doc = position("alpha A orb, beta A bur, beta A pic, gamma A par")
    answer = judge(
        doc,
        alpha=["A ORB - Par"],
        beta=["A Bur S A ORB(Alpha) - Par", "A Pic S A Orbit(alpha) - Par"],
    )
    assert result(answer, "A ORB - Par")[0] == "succeeds"
    assert result(answer, "A Bur S A ORB(Alpha) - Par")[0] == "succeeds"
    assert answer["orders"][1]["order"] == "A bur S A orb(alpha) - par"
    assert dislodged_of(answer)["par"]["power"] == "gamma"


def test_d9_an_unmatched_support_of_a_beam_down_fails() -> None:
    doc = position("alpha A orb, alpha A orb, beta A bur, gamma A par")
    answer = judge(doc, alpha=["A ORB - Gas"], beta=["A Bur S A ORB(Alpha) - Par"])
    assert result(answer, "A Bur S A ORB(Alpha) - Par") == ("fails", "void")
    assert answer["dislodged"] == []
    # Supporting a spacecraft with no army in it is refused at once.
    none = judge(position("beta A bur"), beta=["A Bur S A ORB(Alpha) - Par"])
    assert result(none, "A Bur S A ORB(Alpha) - Par") == (
        "invalid",
        "Alpha has no army in orbit to support",
    )


def test_d9_a_support_must_reach_the_province_beamed_into() -> None:
    doc = position("alpha A orb, alpha A bur")
    answer = judge(doc, alpha=["A ORB - Bre", "A Bur S A ORB - Bre"])
    assert result(answer, "A Bur S A ORB - Bre") == (
        "invalid",
        "the supporting unit cannot reach that area",
    )


def test_d10_jamming_forbids_beaming_down_into_another_empires_colony() -> None:
    doc = position("alpha A orb, beta A orb, gamma A bur", colonies={"alpha": ["par"]})
    answer = judge(
        doc,
        alpha=["A ORB - Par"],
        beta=["A ORB - Par"],
        gamma=["A Bur S A ORB(Beta) - Par"],
    )
    assert result(answer, "A ORB - Par", "beta") == (
        "invalid",
        "Paris is a colony of Alpha: only Alpha may beam down there",
    )
    # The jammed beam-down has no effect at all: Alpha's own is unopposed.
    assert result(answer, "A ORB - Par", "alpha")[0] == "succeeds"
    assert result(answer, "A Bur S A ORB(Beta) - Par") == (
        "invalid",
        "that beam-down cannot be made: Paris is a colony of Alpha: only Alpha may beam down there",
    )


def test_d10_moves_supports_and_colonize_orders_may_target_any_colony() -> None:
    doc = position(
        "alpha A par, beta A bur, beta A pic, gamma A gas", colonies={"alpha": ["par", "bre"]}
    )
    answer = judge(
        doc,
        beta=["A Bur - Par", "A Pic S A Bur - Par"],
        gamma=["A Gas COL Bre"],
    )
    assert result(answer, "A Bur - Par")[0] == "succeeds"
    assert result(answer, "A Gas COL Bre")[0] == "succeeds"
    assert answer["colonies"]["gamma"] == ["bre"]


def test_d10_jamming_counts_the_colonies_at_the_start_of_the_phase() -> None:
    # Beta's colony made this phase does not jam Alpha's beam-down of this phase.
    doc = position("alpha A orb, beta A bur")
    answer = judge(doc, alpha=["A ORB - Par"], beta=["A Bur COL Par"])
    assert result(answer, "A ORB - Par")[0] == "succeeds"
    assert result(answer, "A Bur COL Par") == ("fails", "another empire's unit is there")


def test_d11_a_beam_down_cuts_the_support_of_the_unit_it_attacks() -> None:
    doc = position("alpha A orb, alpha A pic, alpha A gas, beta A par, beta A bur")
    orders = {"alpha": ["A Pic - Par", "A Gas S A Pic - Par"], "beta": ["A Bur S A Par"]}
    assert result(judge(doc, **orders), "A Pic - Par") == ("fails", "bounced")
    cut = judge(doc, alpha=[*orders["alpha"], "A ORB - Bur"], beta=orders["beta"])
    assert result(cut, "A Bur S A Par") == ("fails", "cut")
    assert result(cut, "A Pic - Par")[0] == "succeeds"
    assert result(cut, "A ORB - Bur") == ("fails", "bounced")


def test_d11_a_beam_down_never_cuts_its_own_empires_support() -> None:
    doc = position("alpha A orb, alpha A bur, alpha A par, beta A pic, beta A bre")
    answer = judge(
        doc,
        alpha=["A Bur S A Par", "A ORB - Bur"],
        beta=["A Pic - Par", "A Bre S A Pic - Par"],
    )
    assert result(answer, "A Bur S A Par")[0] == "succeeds"
    assert result(answer, "A Pic - Par") == ("fails", "bounced")


def test_d12_a_beam_up_always_succeeds_and_is_never_dislodged() -> None:
    doc = position("alpha A par, beta A bur, beta A pic")
    answer = judge(doc, alpha=["A Par - ORB"], beta=["A Bur - Par", "A Pic S A Bur - Par"])
    assert result(answer, "A Par - ORB")[0] == "succeeds"
    assert answer["orders"][0]["order"] == "A par - orb"
    assert units_of(answer) == ["alpha A orb", "beta A par", "beta A pic"]
    assert answer["dislodged"] == []


def test_d13_room_is_counted_at_the_start_of_the_phase() -> None:
    doc = position("alpha A orb, alpha A orb, alpha A par, alpha A bur")
    answer = judge(doc, alpha=["A Par - ORB", "A Bur - ORB"])
    assert result(answer, "A Par - ORB")[0] == "succeeds"
    assert result(answer, "A Bur - ORB")[0] == "invalid"
    assert "no room in your spacecraft" in (result(answer, "A Bur - ORB")[1] or "")
    assert "alpha A bur" in units_of(answer)  # the void beam-up holds


def test_d13_beam_downs_do_not_free_room() -> None:
    doc = position("alpha A orb, alpha A orb, alpha A orb, alpha A par")
    answer = judge(doc, alpha=["A ORB - Bur", "A Par - ORB"])
    assert result(answer, "A ORB - Bur")[0] == "succeeds"
    assert result(answer, "A Par - ORB")[0] == "invalid"
    assert units_of(answer) == ["alpha A bur", "alpha A orb", "alpha A orb", "alpha A par"]


def test_d13_an_army_ordered_twice_to_beam_up_takes_one_place() -> None:
    doc = position("alpha A orb, alpha A orb, alpha A par, alpha A bur")
    answer = judge(doc, alpha=["A Par - ORB", "A Par - ORB", "A Bur - ORB"])
    assert [o["result"] for o in answer["orders"]] == ["invalid", "succeeds", "invalid"]
    assert answer["orders"][0]["reason"] == "replaced by a later order"
