"""A ruleset adds a unit type (the train) and an order kind (the railway move) as a
module plus data (tests/rules_plugin/railway.py, railway.json): read from text,
written back, checked for legality, resolved by the shared resolver and shown in
the result, with no change to the resolver core, the parser's core or the reports."""

from __future__ import annotations

import pickle

import pytest

from judge.engine.legality import illegal_reason
from judge.engine.orders import Move, SupportMove, Unit, UnitType
from judge.engine.phase import Phase
from judge.engine.resolver import resolve_movement
from judge.engine.rules import STANDARD
from judge.engine.turn import Position, adjudicate_movement
from judge.orders.text import (
    STANDARD_SYNTAX,
    OrderSyntaxError,
    check_position_orders,
    parse_order,
)
from judge.reports.names import Names
from judge.reports.sentences import Units, order_sentence, view_of_text
from judge.variant.data import load_variant
from tests.rules_plugin.railway import (
    RAILWAY_RULES,
    RAILWAY_SYNTAX,
    TRAIN,
    Railway,
    rail_geography,
)

VARIANT = load_variant("standard")


def position(units: dict[str, Unit], phase: str = "S1901M") -> Position:
    centers = {c: p for p, owned in VARIANT.starting_centers.items() for c in owned}
    return Position(Phase.parse(phase), units, centers)


def check(pos: Position, power: str, text: str):
    (found,) = check_position_orders(VARIANT, pos, power, [text], RAILWAY_SYNTAX)
    return found


RUSSIA_ON_RAILS = {
    "mos": Unit("russia", UnitType.ARMY),
    "war": Unit("russia", TRAIN),
    "sev": Unit("russia", UnitType.FLEET),
}


def test_a_railway_order_is_read_from_text_and_written_in_the_judges_spelling() -> None:
    pos = position(RUSSIA_ON_RAILS)
    found = check(pos, "russia", "A Moscow rail Warsaw - Silesia - Berlin")
    assert found.ok, found.message
    assert found.order == Railway("mos", ("war", "sil", "ber"))
    assert found.canonical == "A mos rail war - sil - ber"
    assert found.key == "mos"


def test_the_standard_syntax_does_not_know_the_railway_word() -> None:
    with pytest.raises(OrderSyntaxError, match="did not understand 'rail'"):
        parse_order(VARIANT, "A Mos rail War", STANDARD_SYNTAX)
    assert parse_order(VARIANT, "A Mos rail War", RAILWAY_SYNTAX).action == "railway"


def test_a_train_is_a_unit_type_of_the_ruleset_only() -> None:
    assert RAILWAY_RULES.unit_type("T") is TRAIN
    with pytest.raises(ValueError):
        UnitType("T")  # not a standard unit type
    assert pickle.loads(pickle.dumps(TRAIN)) == "T"
    found = check(position(RUSSIA_ON_RAILS), "russia", "T War - Sil")
    assert found.ok, found.message
    assert found.canonical == "T war - sil"


def test_a_train_moves_by_the_railway_and_nowhere_else() -> None:
    pos = position(RUSSIA_ON_RAILS)
    assert check(pos, "russia", "Train Warsaw - Silesia").order == Move("war", "sil")
    refused = check(pos, "russia", "T War - Pru")
    assert not refused.ok
    assert refused.message == "T War - Pru: a train cannot go there"
    assert sorted(rail_geography(VARIANT).neighbours(TRAIN, "war")) == ["mos", "sil", "ukr"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A Mos rail Sil", "no railway runs from mos to sil"),
        ("F Sev rail Mos", "only an army or a train can travel by rail"),
        ("A Mos rail War - Mos", "a railway move passes each province once"),
        ("A Mos rail War - Sil - Ber - Kie", "the railway through ber is held by another power"),
    ],
)
def test_an_illegal_railway_order_is_refused_with_the_reason_of_its_kind(
    text: str, reason: str
) -> None:
    units = dict(RUSSIA_ON_RAILS, ber=Unit("germany", UnitType.ARMY))
    del units["war"]
    found = check(position(units), "russia", text)
    assert not found.ok
    assert found.message == f"{text}: {reason}"


def test_a_railway_move_through_free_provinces_arrives_in_one_phase() -> None:
    pos = position(RUSSIA_ON_RAILS)
    orders = {"mos": Railway("mos", ("stp",)), "war": Railway("war", ("sil", "ber", "kie"))}
    result = adjudicate_movement(VARIANT, pos, orders, RAILWAY_RULES)
    assert result.outcomes["war"].success and result.outcomes["mos"].success
    assert result.position.units["kie"] == Unit("russia", TRAIN)
    assert "war" not in result.position.units and "stp" in result.position.units


def test_a_supported_railway_move_dislodges_and_an_unsupported_one_bounces() -> None:
    units = {
        "war": Unit("russia", UnitType.ARMY),
        "kie": Unit("russia", TRAIN),
        "ber": Unit("germany", UnitType.ARMY),
    }
    geo = rail_geography(VARIANT)
    bounced = resolve_movement(geo, units, {"war": Railway("war", ("sil", "ber"))})
    assert bounced.outcomes["war"].reason == "bounced"
    assert bounced.moves == {}
    support = SupportMove("kie", "war", "ber")  # a train supports along the rails
    # Legal because the supported army could get there by rail (a kind of the ruleset).
    assert illegal_reason(geo, units, support, RAILWAY_RULES.order_kinds) is None
    reason = illegal_reason(geo, units, support, STANDARD.order_kinds)
    assert reason == "the supported unit cannot reach that area"
    result = resolve_movement(geo, units, {"war": Railway("war", ("sil", "ber")), "kie": support})
    assert result.outcomes["kie"].success
    assert result.moves == {"war": "ber"}
    assert result.dislodged["ber"].attacker_from == "war"


def test_a_support_written_for_a_railway_move_is_accepted_only_under_the_ruleset() -> None:
    units = {"war": Unit("russia", UnitType.ARMY), "kie": Unit("russia", TRAIN)}
    pos = position(units)
    found = check(pos, "russia", "T Kie S A War - Ber")
    assert found.ok, found.message
    assert found.order == SupportMove("kie", "war", "ber")
    standard = dict(units, kie=Unit("russia", UnitType.FLEET))
    (refused,) = check_position_orders(
        VARIANT, position(standard), "russia", ["F Kie S A War - Ber"]
    )
    assert refused.message == "F Kie S A War - Ber: the supported unit cannot reach that area"


def test_two_railway_moves_into_one_province_stand_each_other_off() -> None:
    units = {"war": Unit("russia", TRAIN), "kie": Unit("germany", UnitType.ARMY)}
    orders = {"war": Railway("war", ("sil",)), "kie": Railway("kie", ("ber", "sil"))}
    result = adjudicate_movement(VARIANT, position(units), orders, RAILWAY_RULES)
    assert result.outcomes["war"].reason == "bounced"
    assert result.outcomes["kie"].reason == "bounced"
    assert result.position.contested == frozenset({"sil"})


def test_a_dislodged_train_retreats_along_the_railway() -> None:
    units = {
        "war": Unit("russia", TRAIN),
        "ukr": Unit("austria", UnitType.ARMY),
        "gal": Unit("austria", UnitType.ARMY),
    }
    orders = {"ukr": Move("ukr", "war"), "gal": SupportMove("gal", "ukr", "war")}
    result = adjudicate_movement(VARIANT, position(units), orders, RAILWAY_RULES)
    dislodged = result.position.dislodged["war"]
    assert dislodged.unit == Unit("russia", TRAIN)
    assert dislodged.retreat_options == ("mos", "sil")  # not Ukraine, where the attack came from


def test_the_railway_kind_is_known_by_its_stable_name() -> None:
    assert RAILWAY_RULES.order_kind("railway") is Railway
    assert RAILWAY_RULES.allows(Railway("mos", ("war",)))
    assert RAILWAY_RULES.allows(Move("mos", "war"))
    assert not STANDARD.allows(Railway("mos", ("war",)))


def test_a_stored_railway_order_is_read_back_by_its_ruleset() -> None:
    """The ruleset's kinds are the ones its stored orders are read as: nothing is
    registered, and without the ruleset the kind is not known."""
    from judge.orders.data import OrderDataError, dumps, loads
    from judge.rules.standard import StandardRuleset

    order = Railway("mos", ("war", "sil"))
    assert loads(dumps(order), StandardRuleset(RAILWAY_SYNTAX).order_decoding()) == order
    with pytest.raises(OrderDataError, match="unknown kind of order"):
        loads(dumps(order))


def test_the_reports_show_a_railway_order_as_the_judge_wrote_it() -> None:
    found = check(position(RUSSIA_ON_RAILS), "russia", "A Moscow rail Warsaw - Silesia")
    names = Names(VARIANT)
    units = Units.of(names, [{"province": "mos", "power": "russia", "type": "A"}])
    sentence = order_sentence("russia", view_of_text(found.canonical), found.text, names, units)
    assert sentence == "A Moscow rail Warsaw - Silesia."
