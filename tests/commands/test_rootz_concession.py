"""A concession in a Root Z game of players holding two powers each (rule 6.0:
a player's two powers are summed; docs/variants.md, Root Z: SET CONCEDE acts for
both powers).  Before, the concession went to the largest single power, and every
other surviving power had to concede, the winner's own second power too: with both
other players conceded to France 1 (held with England 2, 21 centres) the game went
on, and with France 1 and England 2 at 10 each none could be named at all.  Now the
largest side is the player with the most centres summed, any of whose powers may be
named, and the other players' votes suffice."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session

from judge.game.games import Seat, create_game, find_game
from judge.store.models import ACTIVE, FINISHED
from judge.variant.data import load_variant
from tests.commands.helpers import NOW, body_of, deliver, make_mail, migrated_engine, outbox

PAIRS = {
    "ada": ["france1", "england2"],
    "bob": ["germany1", "italy2"],
    "cy": ["austria1", "russia2"],
}


def _game(directory: Path, counts: dict[str, int]):  # type: ignore[no-untyped-def]
    engine = migrated_engine(directory)
    centres = iter(sorted(load_variant("rootz").supply_centers))
    doc = {
        "variant": "rootz",
        "phase": "S1902M",
        "units": [],
        "dislodged": [],
        "contested": [],
        "supply_centers": {p: [next(centres) for _ in range(n)] for p, n in counts.items()},
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


def _send(engine, who: str, line: str) -> str:  # type: ignore[no-untyped-def]
    deliver(engine, make_mail(f"{who}@players.test", f"SIGNON rz pw\n{line}\n"))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


@pytest.mark.parametrize("named", ["France 1", "England 2", ""])
def test_the_other_players_concede_to_the_largest_player(tmp_path: Path, named: str) -> None:
    counts = {
        "france1": 10,
        "england2": 10,
        "germany1": 2,
        "italy2": 1,
        "austria1": 1,
        "russia2": 1,
    }
    engine = _game(tmp_path, counts)
    assert "Concession recorded" in _send(engine, "bob", f"SET CONCEDE {named}")
    text = _send(engine, "cy", f"SET CONCEDE {named}")
    assert "The game is over: France 1 + England 2 wins" in text.replace("\n    ", " "), text
    with Session(engine) as session:
        assert find_game(session, "rz").status == FINISHED
    engine.dispose()


def test_a_power_of_a_smaller_player_is_not_the_largest(tmp_path: Path) -> None:
    counts = {"france1": 10, "england2": 1, "germany1": 6, "italy2": 6, "austria1": 1, "russia2": 1}
    engine = _game(tmp_path, counts)
    text = _send(engine, "cy", "SET CONCEDE France 1")
    assert "you must specify the largest power on the board (Germany 1 or Italy 2)" in text, text
    engine.dispose()
