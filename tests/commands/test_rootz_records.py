"""Players' records in a Root Z game whose players hold two powers each (rule 3.0):
the records counted each power as a seat of its own, so a player who resigned read
"1 played, 2 resigned" (dedication -100, CD ratio 2.00) and a phase missed for the
pair read "2 due, 2 missed" (-200).  A player's record counts what the player did:
one game, one resignation, one phase due each phase (its worst outcome among the
player's powers)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlmodel import Session

from judge.game.games import Seat, create_game, find_game
from judge.game.processing import process_phase
from judge.mail.outgoing import Author
from tests.commands.helpers import JUDGE, NOW, body_of, deliver, make_mail, migrated_engine, outbox

PAIRS = {"ada": ["france1", "england2"], "bob": ["germany1", "italy2"]}
UNITS = [
    ("france1", "A", "par1"),
    ("england2", "F", "lon2"),
    ("germany1", "A", "mun1"),
    ("italy2", "A", "ven2"),
]
DEADLINE = NOW + timedelta(hours=48)


def _game(directory: Path):  # type: ignore[no-untyped-def]
    engine = migrated_engine(directory)
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [{"power": p, "type": t, "province": loc} for p, t, loc in UNITS],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "players": {"+".join(pair): pair for pair in PAIRS.values()},
    }
    seats = [Seat(p, f"{who}@players.test", "pw") for who, pair in PAIRS.items() for p in pair]
    with Session(engine) as session:
        create_game(session, "rz", seats, variant="rootz", position=doc, deadline=DEADLINE)
        session.commit()
    return engine


def _record_of(engine, who: str) -> str:  # type: ignore[no-untyped-def]
    deliver(engine, make_mail("reader@players.test", f"INFO PLAYER {who}@players.test\n"))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def test_a_pair_that_resigns_has_resigned_once_from_one_game(tmp_path: Path) -> None:
    engine = _game(tmp_path)
    deliver(engine, make_mail("ada@players.test", "SIGNON rz pw\nRESIGN\n"))
    record = _record_of(engine, "ada")
    assert "Games: 1 played, 0 finished, 1 resigned, 0 ejected, 0 taken over." in record
    assert "Dedication: -50.  On-time ratio: 1.00.  CD ratio: 1.00." in record


def test_a_phase_is_due_once_from_a_player_of_two_powers(tmp_path: Path) -> None:
    engine = _game(tmp_path)
    deliver(engine, make_mail("bob@players.test", "SIGNON rz pw\nA mun1 H\nA ven2 H\n"))
    with Session(engine) as session:
        game = find_game(session, "rz")
        process_phase(session, Author("Test Judge", JUDGE), game, DEADLINE + timedelta(days=3))
        session.commit()
    assert "Phases: 1 due: 0 on time, 0 late, 1 missed." in _record_of(engine, "ada")
    bob = _record_of(engine, "bob")
    assert "Phases: 1 due: 1 on time, 0 late, 0 missed." in bob
    assert "Dedication: 3." in bob
