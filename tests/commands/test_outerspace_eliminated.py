"""An eliminated Outer Space empire (no unit, no centre: D23) is no longer listed as
if it played on.  The results still gave it "Vega: 0 armies in orbit." and
"Vega: none." among the colonies, and LIST its empty centres, units and colonies;
the results now list only the empires still in the game, and LIST says it is out."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.game.games import Seat, create_game, find_game
from judge.game.processing import process_phase
from judge.rules.registry import ruleset_for
from judge.variant.empires import Empire
from tests.commands.forming import SENDER
from tests.commands.helpers import (
    NOW,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

EMPIRES = [Empire("zorg", "Zorg", "Zorgon", "Z"), Empire("vega", "Vega", "Vegan", "V")]
EMPIRES.append(Empire("mars", "Mars", "Martian", "M"))
ZORG = "zorg@players.test"


def _game(tmp_path):  # type: ignore[no-untyped-def]
    """Fall 1901: Zorg and Mars hold a centre each with an army on it; Vega has lost
    every army and owns nothing."""
    rules = ruleset_for("outerspace")
    doc = rules.empire_position(rules.starting_position("outerspace"), EMPIRES)
    doc["phase"] = "F1901M"
    doc["units"] = [
        {"power": "zorg", "type": "A", "province": "par"},
        {"power": "mars", "type": "A", "province": "lon"},
    ]
    doc["supply_centers"] = {"zorg": ["par"], "mars": ["lon"]}
    engine = migrated_engine(tmp_path)
    seats = [Seat(e.code, f"{e.code}@players.test", f"pw{e.code}1") for e in EMPIRES]
    with Session(engine) as session:
        create_game(
            session, "space", seats, variant="outerspace", position=doc,
            deadline=NOW + timedelta(hours=48),
        )  # fmt: skip
        session.commit()
    return engine


def test_an_eliminated_empire_is_left_out_of_the_results_and_marked_in_list(tmp_path) -> None:
    engine = _game(tmp_path)
    before = last_outbox_id(engine)
    with Session(engine, expire_on_commit=False) as session:
        process_phase(session, SENDER, find_game(session, "space"), NOW)
        session.commit()
    [results] = [m for m in outbox(engine, before) if m["To"] == ZORG]
    text = body_of(results).replace("\r\n", "\n")
    assert "Armies in orbit:\nZorg:  0 armies in orbit.\nMars:  0 armies in orbit.\n" in text, text
    assert "Colonies:\nZorg:  none.\nMars:  none.\n" in text
    assert "Vega:" not in text

    before = last_outbox_id(engine)
    deliver(engine, make_mail(ZORG, "LIST space\n"))
    listed = body_of(outbox(engine, before)[-1]).replace("\r\n", "\n")
    assert "    Vega: eliminated\n    Mars: 1 centre (lon)\n" in listed, listed
    assert "Zorg: 1 centre (par)\n      units: A Par\n      colonies: -\n" in listed
