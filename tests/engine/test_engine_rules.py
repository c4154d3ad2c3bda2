"""EngineRules: the standard hooks, and a ruleset that changes some of them."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.orders import Hold, Move, SupportMove, Unit, UnitType
from judge.engine.phase import Phase
from judge.engine.rules import STANDARD, standard_next_phase
from judge.engine.turn import Position, adjudicate_movement, adjudicate_retreats
from judge.variant.data import load_variant

VARIANT = load_variant("standard")
CENTERS = {c: p for p, owned in VARIANT.starting_centers.items() for c in owned}


def test_the_standard_phase_cycle() -> None:
    spring = Phase.parse("S1901M")
    assert standard_next_phase(spring, False).code == "F1901M"
    assert standard_next_phase(spring, True).code == "S1901R"
    assert standard_next_phase(Phase.parse("F1901R"), False).code == "W1901A"
    assert standard_next_phase(Phase.parse("W1901A"), False).code == "S1902M"


def test_centres_change_owner_after_fall_only_under_the_standard_rules() -> None:
    units = {"bur": Unit("france", UnitType.ARMY)}
    spring = Position(Phase.parse("S1901M"), units, CENTERS)
    after = adjudicate_movement(VARIANT, spring, {"bur": Move("bur", "bel")}).position
    assert after.phase.code == "F1901M" and "bel" not in after.centers
    fall = replace(spring, phase=Phase.parse("F1901M"))
    after = adjudicate_movement(VARIANT, fall, {"bur": Move("bur", "bel")}).position
    assert after.centers["bel"] == "france"


def test_a_ruleset_may_take_centres_every_season() -> None:
    rules = replace(STANDARD, name="every season", centres_change_owner=lambda phase: True)
    units = {"bur": Unit("france", UnitType.ARMY)}
    spring = Position(Phase.parse("S1901M"), units, CENTERS)
    after = adjudicate_movement(VARIANT, spring, {"bur": Move("bur", "bel")}, rules).position
    assert after.centers["bel"] == "france"


def test_a_ruleset_may_leave_dislodged_units_no_retreat() -> None:
    rules = replace(STANDARD, name="no retreats", retreat_options=lambda *args: [])
    units = {
        "bur": Unit("germany", UnitType.ARMY),
        "par": Unit("france", UnitType.ARMY),
        "pic": Unit("france", UnitType.ARMY),
    }
    orders = {"par": Move("par", "bur"), "pic": Hold("pic")}
    spring = Position(Phase.parse("S1901M"), units, CENTERS)
    plain = adjudicate_movement(VARIANT, spring, orders).position
    assert plain.dislodged == {}  # one against one: a bounce
    orders["pic"] = SupportMove("pic", "par", "bur")
    standard = adjudicate_movement(VARIANT, spring, orders).position
    assert standard.dislodged["bur"].retreat_options == ("bel", "gas", "mar", "mun", "ruh")
    stranded = adjudicate_movement(VARIANT, spring, orders, rules).position
    assert stranded.dislodged["bur"].retreat_options == ()
    after = adjudicate_retreats(VARIANT, stranded, {}, rules).position
    assert after.phase.code == "F1901M"
    assert after.units == {"bur": units["par"], "pic": units["pic"]}  # the German army is gone


def test_a_ruleset_may_skip_the_adjustments_it_has_no_builds_for() -> None:
    rules = replace(STANDARD, name="no builds", build_sites=lambda variant, position, power: [])
    units = {"bur": Unit("france", UnitType.ARMY)}
    fall = Position(Phase.parse("F1901M"), units, CENTERS)
    orders = {"bur": Move("bur", "bel")}
    assert adjudicate_movement(VARIANT, fall, orders).position.phase.code == "W1901A"
    assert adjudicate_movement(VARIANT, fall, orders, rules).position.phase.code == "S1902M"
