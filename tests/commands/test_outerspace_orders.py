"""Orders by mail in an Outer Space game: SIGNON by an empire's initial or name,
orders for armies in orbit stored one per army (orders are checked line by line,
so the mail numbers them, as it numbers waives), surplus orders refused, a later
mail's orbit orders replacing the earlier ones one for one, and a refused beam-down
into another empire's colony explained in the reply."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.games import Seat, create_game, current_orders, find_game
from judge.game.processing import set_game_position
from judge.orders.keys import OrderKey
from judge.rules.registry import ruleset_for
from judge.variant.empires import Empire
from tests.commands.helpers import NOW, outcomes

EMPIRES = [Empire("zorg", "Zorg", "Zorgon", "Z"), Empire("vega", "Vega", "Vegan", "V")]


@pytest.fixture
def run(make_ctx):
    """run(body, sender): a mail read with the real order rules of the position."""

    def runner(body: str, sender: str):
        ctx = make_ctx(sender)
        ctx.rules = None  # the game's ruleset reads the orders
        run_statements(ctx, parse_body(body))
        return ctx

    return runner


def _space_game(session, colonies: dict | None = None):
    rules = ruleset_for("outerspace")
    doc = rules.empire_position(rules.starting_position("outerspace"), EMPIRES)
    if colonies:
        doc["colonies"] = {**doc["colonies"], **colonies}
    seats = [
        Seat("zorg", "zorg@players.test", "zorgpw1"),
        Seat("vega", "vega@players.test", "vegapw1"),
    ]
    game = create_game(
        session,
        "space",
        seats,
        variant="outerspace",
        position=doc,
        deadline=NOW + timedelta(hours=48),
    )
    session.commit()
    return game


def _keys(session, power: str) -> dict[str, str]:
    game = find_game(session, "space")
    rows = current_orders(session, game.id, game.phase, power)
    return {key.text(): row.canonical for key, row in rows.items()}


def test_signon_by_the_empires_initial_and_name(session, run):
    _space_game(session)
    ctx = run("SIGNON Zspace zorgpw1", "zorg@players.test")
    assert ctx.signed_on and ctx.player.power == "zorg"
    ctx = run("SIGNON vegan@space vegapw1", "vega@players.test")
    assert ctx.signed_on and ctx.player.power == "vega"


def test_each_army_in_orbit_takes_its_own_order(session, run):
    _space_game(session)
    ctx = run(
        "SIGNON Zspace zorgpw1\nA ORB - Par\nA Orbit -> Bur\nA ORB H\nA ORB - Pic",
        "zorg@players.test",
    )
    results = outcomes(ctx)[1:]
    assert [status for _, status, _ in results] == ["ok", "ok", "ok", "refused"]
    assert results[3][2] == (
        "A ORB - Pic: ORB holds 3 of your armies, and earlier orders of this mail "
        "already order them all"
    )
    assert _keys(session, "zorg") == {
        "orb:zorg:1": "A orb - par",
        "orb:zorg:2": "A orb - bur",
        "orb:zorg:3": "A orb H",
    }
    # a later mail's orbit orders replace the earlier ones one for one
    run("SIGNON Zspace zorgpw1\nA ORB - Bre", "zorg@players.test")
    assert _keys(session, "zorg") == {
        "orb:zorg:1": "A orb - bre",
        "orb:zorg:2": "A orb - bur",
        "orb:zorg:3": "A orb H",
    }


def test_clear_numbers_the_mails_orbit_orders_afresh(session, run):
    _space_game(session)
    run("SIGNON Zspace zorgpw1\nA ORB - Par\nCLEAR\nA ORB - Bur", "zorg@players.test")
    assert _keys(session, "zorg") == {"orb:zorg:1": "A orb - bur"}


def test_a_beam_down_into_a_colony_is_refused_with_the_reason(session, run):
    _space_game(session, colonies={"zorg": ["par"]})
    ctx = run("SIGNON Vspace vegapw1\nA ORB - Par\nA ORB - Bur", "vega@players.test")
    (_, refused, reason), (_, accepted, _) = outcomes(ctx)[1:]
    assert refused == "refused"
    assert reason == "A ORB - Par: Paris is a colony of Zorg: only Zorg may beam down there"
    assert accepted == "ok"
    assert _keys(session, "vega") == {"orb:vega:1": "A orb - bur"}


def test_off_map_keys_read_back_from_the_column():
    key = OrderKey.unit("orb:zorg:2")
    assert OrderKey.parse(key.text()) == key


def test_list_shows_each_empires_units_and_colonies(session, run):
    _space_game(session, colonies={"zorg": ["par"]})
    ctx = run("LIST space", "zorg@players.test")
    shown = "\n".join(line for entry in ctx.transcript.entries for line in entry.extra)
    assert "Zorg: 0 centres (-)\n  units: A Orb, A Orb, A Orb\n  colonies: par" in shown
    assert "Vega: 0 centres (-)\n  units: A Orb, A Orb, A Orb\n  colonies: -" in shown


@pytest.mark.parametrize(
    "order", ["F ORB - Lon", "F ORB H", "Fleet Orbit -> Lon", "A Bur S F ORB - Par"]
)
def test_D4_a_fleet_in_orbit_is_refused_and_takes_no_armys_order(session, run, order):
    """D4 (seed 003 §2: spacecraft carry armies only; fleets cannot be beamed): an
    order naming a fleet in orbit is refused with the reason, and the empire's three
    armies in orbit still take three orders (issue 26.5)."""
    _space_game(session)
    body = f"SIGNON Zspace zorgpw1\nA ORB - Par\n{order}\nA ORB - Bre\nA ORB H"
    results = outcomes(run(body, "zorg@players.test"))[1:]
    assert [status for _, status, _ in results] == ["ok", "refused", "ok", "ok"]
    assert "there is no fleet in orbit: a spacecraft carries armies only" in results[1][2]
    assert _keys(session, "zorg") == {
        "orb:zorg:1": "A orb - par",
        "orb:zorg:2": "A orb - bre",
        "orb:zorg:3": "A orb H",
    }


def test_D22_a_removal_beyond_the_count_takes_no_armys_slot_in_orbit(session, run):
    """D22 (``Remove A ORB``): a removal of an army in orbit refused as beyond the
    removals owed leaves the spacecraft's armies to the next orders, whose refusal
    then gives the true reason (it said the mail had ordered them all)."""
    game = _space_game(session)
    doc = game.position_doc()
    doc["phase"] = "W1901A"
    doc["units"] = [u for u in doc["units"] if u["power"] != "zorg"] + [
        {"power": "zorg", "type": "A", "province": "orb"},
        {"power": "zorg", "type": "A", "province": "par"},
    ]
    doc["supply_centers"] = {"zorg": ["par"]}
    doc["colonies"] = {**doc["colonies"], "zorg": ["par"]}
    set_game_position(game, doc)
    session.add(game)
    session.commit()
    ctx = run(
        "SIGNON Zspace zorgpw1\nRemove A Par\nRemove A ORB\nRemove A Orbit",
        "zorg@players.test",
    )
    beyond = "Zorg must remove 1: this removal is beyond it and will not count"
    assert outcomes(ctx)[1:] == [
        ("Remove A Par", "ok", "Accepted: Remove A par"),
        ("Remove A ORB", "refused", f"Remove A ORB: {beyond}"),
        ("Remove A Orbit", "refused", f"Remove A Orbit: {beyond}"),
    ]


def _two_in_orbit(session):
    """Zorg with two armies in orbit and two on the map: room for one beam-up."""
    game = _space_game(session)
    doc = game.position_doc()
    doc["units"] = [u for u in doc["units"] if u["power"] != "zorg"] + [
        {"power": "zorg", "type": "A", "province": "orb"},
        {"power": "zorg", "type": "A", "province": "orb"},
        {"power": "zorg", "type": "A", "province": "par"},
        {"power": "zorg", "type": "A", "province": "bur"},
    ]
    set_game_position(game, doc)
    session.add(game)
    session.commit()


ROOM = (
    "there is no room in your spacecraft: it carries 3 armies at most, counting the "
    "armies in orbit at the start of the phase and earlier orders"
)


@pytest.mark.parametrize("mails", [["A Par - ORB\nA Bur - ORB"], ["A Par - ORB", "A Bur - ORB"]])
def test_D13_a_beam_up_beyond_the_room_left_by_earlier_lines_and_mails_is_refused(
    session, run, mails
):
    """D13: room is counted with the beam-ups listed before.  A second beam-up on a
    line (or in a mail) of its own was answered "Accepted" and then judged invalid
    for want of room; it is refused at once, as on one line."""
    _two_in_orbit(session)
    for body in mails:
        ctx = run(f"SIGNON Zspace zorgpw1\n{body}", "zorg@players.test")
    assert outcomes(ctx)[-1] == ("A Bur - ORB", "refused", f"A Bur - ORB: {ROOM}")
    assert _keys(session, "zorg") == {"par": "A par - orb"}


def test_D13_a_beam_up_replaced_by_another_order_frees_its_room(session, run):
    _two_in_orbit(session)
    run("SIGNON Zspace zorgpw1\nA Par - ORB", "zorg@players.test")
    ctx = run("SIGNON Zspace zorgpw1\nA Par H\nA Bur - ORB", "zorg@players.test")
    assert [status for _, status, _ in outcomes(ctx)[1:]] == ["ok", "ok"]
    assert _keys(session, "zorg") == {"par": "A par H", "bur": "A bur - orb"}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Colonize A Par", "A par COL"),
        ("COL A Par", "A par COL"),
        ("colonise A Bur Par", "A bur COL par"),
    ],
)
def test_D14_colonize_written_verb_first(text, canonical):
    """D14: as a move may be written verb first (Move A Par to Bur), so may a
    colonization ("Colonize A Par"); it was refused ("expected a unit's province,
    found 'Colonize'")."""
    rules = ruleset_for("outerspace")
    doc = rules.empire_position(rules.starting_position("outerspace"), EMPIRES)
    doc["units"] += [
        {"power": "zorg", "type": "A", "province": "par"},
        {"power": "zorg", "type": "A", "province": "bur"},
    ]
    [check] = rules.check_orders(doc, "zorg", [text])
    assert check.ok, check.message
    assert check.canonical == canonical


def test_an_army_in_orbit_named_with_its_empires_spacecraft(session, run):
    """docs/variants.md (D6-D9): supports name a spacecraft ``ORB(Alpha)``; a player
    writing their own army so (``A ORB(Zorg) - Par``, ``A ORB (Zorg)``) was refused
    "did not understand '('".  It is read as ``A ORB``; another empire's spacecraft
    is refused with the reason, and takes none of the player's armies."""
    _space_game(session)
    ctx = run(
        "SIGNON Zspace zorgpw1\nA ORB(Vega) - Par\nA ORB(Zorg) - Par\nA ORB (Zorg)\n"
        "A Orbit(Zorgon) H\nA Par(Zorg) H",
        "zorg@players.test",
    )
    results = outcomes(ctx)[1:]
    assert [status for _, status, _ in results] == ["refused", "ok", "ok", "ok", "refused"]
    assert results[0][2] == (
        "A ORB(Vega) - Par: ORB(Vega) is Vega's spacecraft: you order the armies in yours (A ORB)"
    )
    assert results[4][2] == "A Par(Zorg) H: did not understand '('"
    assert _keys(session, "zorg") == {
        "orb:zorg:1": "A orb - par",
        "orb:zorg:2": "A orb H",
        "orb:zorg:3": "A orb H",
    }


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("A ORB beams down to Munich", "A orb - mun"),
        ("Beam down A ORB to Kiel", "A orb - kie"),
        ("A Orbit beam down Paris", "A orb - par"),
        ("A Bur beams up", "A bur - orb"),
        ("A Bur beams up to ORB", "A bur - orb"),
    ],
)
def test_beam_down_and_beam_up_in_the_games_own_words(text, canonical):
    """HELP names the orders "beam down" and "beam up" (docs/variants.md, D6-D13); a
    player writing them so ("A ORB beams down to Munich") was refused "did not
    understand 'beams'"."""
    rules = ruleset_for("outerspace")
    doc = rules.empire_position(rules.starting_position("outerspace"), EMPIRES)
    orbit = next(u for u in doc["units"] if u["power"] == "zorg")
    orbit["province"] = "bur"  # room in the spacecraft for the beam-up
    (check,) = rules.check_orders(doc, "zorg", [text])
    assert check.ok, check.message
    assert check.canonical == canonical
