"""The count of votes still missing in a Root Z game of players holding two powers
each (docs/variants.md, Root Z: SET PAUSE, SET EXTEND and SET DRAW act for both
powers): the reply counts the people who must still vote, not their powers.  Before,
with three players and one vote given, it said "4 more powers must vote" though two
players' votes were missing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlmodel import Session

from judge.game.games import Seat, create_game
from judge.store.models import ACTIVE
from judge.variant.data import load_variant
from tests.commands.helpers import NOW, body_of, deliver, make_mail, migrated_engine, outbox

PAIRS = {
    "ada": ["france1", "england2"],
    "bob": ["germany1", "italy2"],
    "cy": ["austria1", "russia2"],
}


def _three_players(directory: Path):  # type: ignore[no-untyped-def]
    """A running Root Z game of three players, each with two powers of one centre."""
    engine = migrated_engine(directory)
    centres = iter(sorted(load_variant("rootz").supply_centers))
    powers = [power for pair in PAIRS.values() for power in pair]
    doc = {
        "variant": "rootz",
        "phase": "S1902M",
        "units": [],
        "dislodged": [],
        "contested": [],
        "supply_centers": {power: [next(centres)] for power in powers},
        "players": {"+".join(pair): pair for pair in PAIRS.values()},
    }
    seats = [Seat(p, f"{who}@players.test", "pw") for who, pair in PAIRS.items() for p in pair]
    with Session(engine) as session:
        create_game(
            session, "rz", seats, variant="rootz", position=doc, status=ACTIVE,
            deadline=NOW + timedelta(hours=48),
        )  # fmt: skip
        session.commit()
    return engine


def _vote(engine, who: str, lines: str) -> str:  # type: ignore[no-untyped-def]
    deliver(engine, make_mail(f"{who}@players.test", f"SIGNON rz pw\n{lines}\n"))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def test_the_votes_missing_are_counted_in_players(tmp_path: Path) -> None:
    engine = _three_players(tmp_path)
    text = _vote(engine, "ada", "SET PAUSE\nSET EXTEND")
    assert "2 more players must vote SET PAUSE for game rz to pause." in text, text
    assert "2 more players must vote SET EXTEND" in text
    assert "1 more player must vote SET PAUSE" in _vote(engine, "bob", "SET PAUSE")
    engine.dispose()
