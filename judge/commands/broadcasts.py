"""Broadcast press as anyone may read it again (HISTORY, a game's web page and its
feed): broadcasts only, never press to some powers, and a grey one never naming
its sender."""

from __future__ import annotations

from sqlmodel import Session, col, select

from judge.commands.gm_broadcast import MASTER_POWER
from judge.commands.press import MASTER_MARK, OBSERVERS_MARK
from judge.game.games import power_name
from judge.store.models import Game, Press

ANONYMOUS_SENDER = "(anonymous)"

# The marks press keeps for the master and the observers, as a press names them.
_SENDER_MARKS = {
    MASTER_MARK: "the Master",
    MASTER_POWER: "the Master",
    OBSERVERS_MARK: "an observer",
}


def sender_name(game: Game, code: str) -> str:
    """A press sender's name: a power's, or the master's or an observer's."""
    return _SENDER_MARKS.get(code) or power_name(game, code)


def press_sender(press: Press, name: str) -> str:
    """How the public sees a press message's sender: its ``name``, or anonymous for
    grey press."""
    return ANONYMOUS_SENDER if press.grey else name


def public_sender(game: Game, press: Press) -> str:
    """A broadcast's sender as the public sees it."""
    return press_sender(press, sender_name(game, press.from_power))


def broadcasts_of(session: Session, game: Game) -> list[Press]:
    """The game's broadcast press, oldest first."""
    rows = session.exec(
        select(Press).where(Press.game_id == game.id, col(Press.broadcast)).order_by(col(Press.id))
    )
    return list(rows)
