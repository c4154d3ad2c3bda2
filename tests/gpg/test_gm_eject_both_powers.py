"""njudge's ``EJECT <address>`` of a Root Z player who holds two powers (rule 3.0).

Before, each power was ejected on its own: the player got two mails, and the first
("you no longer play France 1") went on "You still play England 2 ... Sign on for it
with ...", a power the same line took from them the next moment.  Now the player
is mailed once, naming both powers, and the reply answers the line once."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

from gpg_helpers import inline_mail
from sqlmodel import Session, select

from judge.game.games import Seat, create_game
from judge.store.models import EJECTED, Player

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)
PAIRS = {"ada@players.test": ["france1", "england2"], "bob@players.test": ["germany1", "italy2"]}


def _rootz(engine) -> None:  # type: ignore[no-untyped-def]
    """A Root Z game, ``rz``, mastered by the gm, whose two players hold two powers each."""
    seats = [Seat(p, a, f"pw{a[0]}12345") for a, powers in PAIRS.items() for p in powers]
    with Session(engine) as session:
        game = create_game(session, "rz", seats, variant="rootz", deadline=NOW + timedelta(days=2))
        game.master_address = "gm@example.org"
        session.add(game)
        session.commit()


def test_a_player_of_two_powers_ejected_by_address_is_mailed_once(gm_engine, config, gm) -> None:
    _rootz(gm_engine)
    raw = inline_mail(gm, "GAME rz\nEJECT ada@players.test\n", at=AT)
    before = len(outbox(gm_engine))
    deliver(gm_engine, raw, config, now=AT)
    mails = outbox(gm_engine)[before:]
    to_ada = [m for m in mails if m["To"] == "ada@players.test"]
    assert len(to_ada) == 1, [m["Subject"] for m in to_ada]
    text = body_of(to_ada[0])
    assert "France 1" in text and "England 2" in text, text
    assert "You still play" not in text, text
    # two powers: not "your password for it"
    assert "and your password for them no longer counts." in " ".join(text.split()), text
    reply = body_of(next(m for m in mails if m["To"] == "gm@example.org"))
    assert reply.count("> EJECT ada@players.test") == 1, reply
    with Session(gm_engine) as session:
        rows = session.exec(select(Player).where(Player.power.in_(PAIRS["ada@players.test"])))
        assert {p.status for p in rows} == {EJECTED}


def test_a_player_ejected_from_one_of_two_powers_is_mailed_once(gm_engine, config, gm) -> None:
    """``EJECT France 1``: Ada, who still plays England 2, got her own mail and then
    the mail of the master's changes to everyone in the game, telling her again that
    France 1's player was removed; now only her own."""
    _rootz(gm_engine)
    raw = inline_mail(gm, "GAME rz\nEJECT France 1\n", at=AT)
    before = len(outbox(gm_engine))
    deliver(gm_engine, raw, config, now=AT)
    mails = outbox(gm_engine)[before:]
    to_ada = [str(m["Subject"]) for m in mails if m["To"] == "ada@players.test"]
    assert to_ada == ["JUDGE:rz - you no longer play France 1"], to_ada
    to_bob = [body_of(m) for m in mails if m["To"] == "bob@players.test"]
    assert len(to_bob) == 1 and "France 1 is in civil disorder" in to_bob[0], to_bob
