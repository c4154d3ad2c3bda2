"""Who holds which powers of a started game, once a game master has moved a power
to another player (REPLACE).

A game whose position groups its powers by player (Root Z's seven players with two
powers each) keeps that grouping true to the Player rows: after a REPLACE the
powers are grouped again by the account that now holds each, so that standings and
victory count what each person actually plays
(:meth:`judge.rules.base.Ruleset.seat_position`).
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from judge.game.games import game_powers
from judge.game.processing import set_game_position
from judge.rules.registry import ruleset_for_game
from judge.store.models import Game, Player


def seats_by_account(session: Session, game: Game) -> list[tuple[str, ...]]:
    """The powers of each account holding a seat in ``game``, in the variant's
    order of powers (accounts in the order of their first power)."""
    order = [p.code for p in game_powers(game)]
    rows = session.exec(select(Player).where(Player.game_id == game.id).order_by(col(Player.id)))
    rows = sorted(rows, key=lambda row: order.index(row.power) if row.power in order else 99)
    held: dict[int, list[str]] = {}
    for row in rows:
        held.setdefault(row.account_id, []).append(row.power)
    return [tuple(powers) for powers in held.values()]


def reseat(session: Session, game: Game) -> None:
    """Store the game's position with its powers grouped by who now holds them
    (unchanged for rules that seat one power a player)."""
    session.flush()
    doc = game.position_doc()
    seated = ruleset_for_game(game).seat_position(doc, seats_by_account(session, game))
    if seated != doc:
        set_game_position(game, seated)
        session.add(game)
