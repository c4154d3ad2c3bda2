"""Abandoned powers: a power whose player resigned (RESIGN, njudge's WITHDRAW), was
ejected (EJECT) or missed the game's number of deadlines in a row (SET ABANDON <n>),
and that still survives.  Any registered player not in the game may take one over
with njudge's ``SIGNON <initial><game> <password>`` (judge.commands.takeover)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlmodel import Session, select

from judge.game.games import game_powers
from judge.rules.registry import ruleset_for_game
from judge.store.models import ABANDONED, EJECTED, PLAYING, RESIGNED, Game, Player

GONE = (RESIGNED, EJECTED, ABANDONED)


def is_abandoned(game: Game, player: Player) -> bool:
    """Whether the power of ``player`` is open for takeover: its player is gone and
    it survives (an eliminated power cannot be taken over)."""
    if player.status not in GONE:
        return False
    return player.power in ruleset_for_game(game).survivors(game.position_view())


def abandoned_powers(session: Session, game: Game) -> list[str]:
    """The codes of the game's abandoned powers, in the variant's order."""
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    gone = {p.power for p in rows if is_abandoned(game, p)}
    return [p.code for p in game_powers(game) if p.code in gone]


def takeover_notice(game: Game, codes: Iterable[str]) -> str | None:
    """The paragraph a report ends with while powers are abandoned, or None."""
    powers = [p for p in game_powers(game) if p.code in set(codes)]
    if not powers:
        return None
    names = ", ".join(p.name for p in powers)
    first = powers[0]
    return (
        f"Abandoned: {names}. A registered player not in the game may take "
        f"{'it' if len(powers) == 1 else 'one'} over by mail: "
        f"SIGNON {first.initial}{game.name} <new password>."
    )


def count_missed(
    session: Session, game: Game, owing: set[str], ordered: set[str], passed: bool = True
) -> list[str]:
    """At the processing of a phase: count a missed deadline for each playing power
    that owed orders and gave none (orders reset the count), unless the deadline had
    not ``passed`` (a master's PROCESS before it: nobody missed it); with SET ABANDON
    <n>, a player who has now missed n in a row abandons the power.  The powers
    abandoned now."""
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    now_abandoned = []
    for player in rows:
        if player.status != PLAYING or player.power not in owing:
            continue
        if player.power in ordered:
            player.missed = 0
        elif passed:
            player.missed += 1
        if game.abandon_after and player.missed >= game.abandon_after:
            player.status = ABANDONED
            now_abandoned.append(player.power)
        session.add(player)
    return now_abandoned
