"""How each power came out of a finished game: won, drawn, survived or eliminated.

Kept on the power's Player row (``Player.result``) when the game ends
(:func:`keep_results`, called by :func:`judge.game.end.finish`): the powers of a
victory or of a concession won, the powers of a draw drew, and every other power
survived when it still held a unit or a supply centre, else was eliminated.  The
player holding the power at the end has its result (players' records,
:mod:`judge.game.records`); one who left it before is counted by how they left.

A game finished before results were kept has them derived from what is stored
(:func:`derived_results`, migration 0023): the votes that ended it by agreement
(left on the seats), and which powers were eliminated; anything else is unknown.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from sqlmodel import Session, select

from judge.game.agreement import Ballot, agreement
from judge.rules.base import Ruleset
from judge.rules.registry import ruleset_for_game
from judge.store.models import DRAWN, ELIMINATED, PLAYING, SURVIVED, WON, Game, Player


def power_results(
    rules: Ruleset,
    doc: Mapping[str, Any],
    powers: Collection[str],
    won: Collection[str],
    drawn: Collection[str],
) -> dict[str, str]:
    """Each of ``powers``' result in a game ended at ``doc`` (its final position)
    with the powers ``won`` and ``drawn``."""
    alive = rules.survivors(doc)

    def result(power: str) -> str:
        if power in won:
            return WON
        if power in drawn:
            return DRAWN
        return SURVIVED if power in alive else ELIMINATED

    return {power: result(power) for power in powers}


def keep_results(
    session: Session, game: Game, won: Collection[str], drawn: Collection[str]
) -> None:
    """Keep each power's result on its Player row, the game standing at its end."""
    seats = list(session.exec(select(Player).where(Player.game_id == game.id)))
    rules = ruleset_for_game(game)
    results = power_results(rules, game.position_view(), [s.power for s in seats], won, drawn)
    for seat in seats:
        seat.result = results[seat.power]
        session.add(seat)


def forget_results(session: Session, game: Game) -> None:
    """Clear the results of a game reopened (a ROLLBACK of a finished game)."""
    for seat in session.exec(select(Player).where(Player.game_id == game.id)):
        seat.result = None
        session.add(seat)


def derived_results(
    rules: Ruleset, doc: Mapping[str, Any], dias: bool, seats: Sequence[Ballot]
) -> dict[str, str | None]:
    """Each seat's result in a game finished before results were kept, from its
    final position and the votes left on its seats (``seats``: with ``status`` too):
    every result when the votes agree on a draw or a concession, else only the
    eliminated powers (None: not known)."""
    alive = rules.survivors(doc)
    voting = [s for s in seats if getattr(s, "status", PLAYING) == PLAYING and s.power in alive]
    agreed = agreement(rules, doc, dias, voting)
    powers = [s.power for s in seats]
    if agreed is not None:
        return dict(power_results(rules, doc, powers, agreed.won, agreed.drawn))
    return {power: None if power in alive else ELIMINATED for power in powers}
