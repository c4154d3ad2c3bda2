"""Ending a game by agreement: draws and concessions (SET DRAW, SET CONCEDE).

Only players still playing a power that survives (owns a unit or a supply
centre) vote; powers in civil disorder and eliminated powers do not.

* **Draw**: once every such player has SET DRAW, the game ends in a draw of all
  surviving powers, those in civil disorder included.
* **Concession**: once every such player except the one of the largest power
  (the most supply centres, alone) has SET CONCEDE, that power wins.  With a tie
  for the most centres, or the largest power in civil disorder, no concession
  ends the game.

Votes are secret: players learn the outcome, not who voted how.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from judge.game.end import end_game
from judge.game.games import game_powers, power_name
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, PLAYING, Game, Player


def voters(session: Session, game: Game) -> list[Player]:
    """The players whose votes count: still playing a surviving power."""
    alive = ruleset_for_game(game).survivors(game.position_doc())
    rows = session.exec(select(Player).where(Player.game_id == game.id, Player.status == PLAYING))
    return [p for p in rows if p.power in alive]


def _names(game: Game, powers: set[str]) -> str:
    return ", ".join(p.name for p in game_powers(game) if p.code in powers)


def agreed_outcome(session: Session, game: Game) -> str | None:
    """The outcome the votes agree on (a sentence), or None."""
    voting = voters(session, game)
    if not voting:
        return None
    doc = game.position_doc()
    rules = ruleset_for_game(game)
    if all(p.draw for p in voting):
        return f"Draw declared between {_names(game, rules.survivors(doc))}."
    largest = rules.largest_power(doc)
    others = [p for p in voting if p.power != largest]
    played = {p.power for p in voting}
    if largest is not None and largest in played and others and all(p.concede for p in others):
        return f"{power_name(game, largest)} wins: every other surviving player conceded."
    return None


def settle_votes(session: Session, sender: Author, game: Game, now: datetime) -> str | None:
    """End the game when the votes agree; returns the outcome, or None."""
    if game.status == FINISHED:
        return None
    session.flush()
    outcome = agreed_outcome(session, game)
    if outcome is not None:
        end_game(session, sender, game, outcome, now)
    return outcome
