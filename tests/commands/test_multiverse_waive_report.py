"""A waive in a multiverse game names no board (``waive``, or ``waive 2:W1901`` as
players write it): the results show it on the board adjusted that turn where the
power left a build unmade, not under another board's movement, and that board
does not report the waived build "not used" (docs/multiverse.md, "Winter")."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
from judge.game.processing import process_phase, set_game_position
from judge.store.models import MULTIVERSE_RULES
from tests.commands.forming import SENDER
from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

# Timeline 1 moves (Spring 1902); timeline 2's winter lets France build 2 (Paris,
# Marseilles free).
WORLD = {
    "variant": "standard",
    "rules": {"adjacency": "loose", "seed": 0},
    "boards": [
        {
            "timeline": 1,
            "phase": "S1902M",
            "units": [
                {"power": "france", "type": "A", "province": "bur"},
                {"power": "germany", "type": "A", "province": "mun"},
            ],
            "supply_centers": {"france": ["par"], "germany": ["mun"]},
        },
        {
            "timeline": 2,
            "phase": "W1901A",
            "units": [
                {"power": "france", "type": "F", "province": "bre"},
                {"power": "germany", "type": "A", "province": "mun"},
            ],
            "supply_centers": {"france": ["bre", "par", "mar"], "germany": ["mun"]},
        },
    ],
    "history": [],
}


def test_a_waive_is_reported_on_the_winter_board_it_declines_a_build_of(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules = MULTIVERSE_RULES
        game.adjacency = "loose"
        set_game_position(game, WORLD)
        session.add(game)
        session.commit()
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    mail = signon + "build A 2:par:W1901\nwaive 2:W1901\nA bur - pic\n"
    deliver(engine, make_mail(address("france"), mail))
    before = last_outbox_id(engine)
    with Session(engine, expire_on_commit=False) as session:
        process_phase(session, SENDER, find_game(session, "game1"), NOW)
        session.commit()
    report = next(m for m in outbox(engine, before) if m["To"] == address("france"))
    text = body_of(report).replace("\r\n", "\n")
    spring = text.split("Movement results for Timeline 1, Spring of 1902.")[1]
    spring = spring.split("Adjustment results")[0]
    assert "Build waived" not in spring
    winter = text.split("Adjustment results for Timeline 2, Winter of 1901.")[1]
    winter = winter.split("Active boards:")[0]
    assert "France:  Builds an army in Paris.\nFrance:  Build waived.\n" in winter
    assert "not used" not in winter
    engine.dispose()


def test_a_waive_beyond_the_builds_owed_is_refused_as_in_a_standard_game(tmp_path):
    """France may build 2 (timeline 2) and orders both builds, then ``waive``: a
    standard game refuses such a waive ("this waive is beyond them").  Played by
    mail, the multiverse answered "Accepted: waive", and its results printed "Build
    waived." under another timeline's movement."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules = MULTIVERSE_RULES
        game.adjacency = "loose"
        set_game_position(game, WORLD)
        session.add(game)
        session.commit()
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    mail = signon + "build A 2:par:W1901\nbuild A 2:mar:W1901\nwaive\nA bur - pic\n"
    deliver(engine, make_mail(address("france"), mail))
    reply = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    assert "Accepted: waive" not in reply
    assert (
        "*** Refused: waive: France may build 2: this waive is beyond them and will not count"
        in reply
    )
    before = last_outbox_id(engine)
    with Session(engine, expire_on_commit=False) as session:
        process_phase(session, SENDER, find_game(session, "game1"), NOW)
        session.commit()
    report = next(m for m in outbox(engine, before) if m["To"] == address("france"))
    assert "Build waived" not in body_of(report)
    engine.dispose()
