"""Who played each power of a game, one stint after another: the first player, and
each player who took the power over since, with how each one left (resigned,
ejected, abandoned), as njudge's summary lists them ("from F1903M: ...").

Read from the seats' changes kept for the players' records (:class:`SeatChange`,
with the phase the power changed hands in) and the players now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from judge.game.games import shown_phase
from judge.game.records import LEFT
from judge.store.models import (
    REPORT_RESULTS,
    SEAT_TOOK_OVER,
    Game,
    GameReport,
    Player,
    SeatChange,
    as_utc,
)


@dataclass
class Stint:
    """One player's time with a power: from the phase ``since`` (None: the game's
    start) until they left (``left``: how, or None while they play it)."""

    account_id: int
    since: str | None = None
    left: str | None = None


def stint_text(stint: Stint, who: str) -> str:
    """One stint as SUMMARY and a game's page write it: ``from F1903M: Nora
    (resigned)``; the first player without ``from``."""
    return "".join(stint_parts(stint, who))


def stint_parts(stint: Stint, who: str) -> tuple[str, str, str]:
    """One stint's text in three parts, the player's name in the middle (a web page
    keeps the name's own writing direction from turning the words around it)."""
    since = f"from {stint.since}: " if stint.since else ""
    return since, who, f" ({stint.left})" if stint.left else ""


def stints_of(session: Session, game: Game) -> dict[str, list[Stint]]:
    """Each power's stints, oldest first (powers nobody ever played left out)."""
    stints: dict[str, list[Stint]] = {}
    changes = session.exec(
        select(SeatChange).where(SeatChange.game_id == game.id).order_by(col(SeatChange.id))
    )
    for change in changes:
        held = stints.setdefault(change.power, [])
        if change.kind == SEAT_TOOK_OVER:
            since = change.phase or phase_at(session, game, as_utc(change.created_at))
            held.append(Stint(change.account_id, since))
        elif held and held[-1].account_id == change.account_id and held[-1].left is None:
            held[-1].left = change.kind
        else:  # the player the power began with
            held.append(Stint(change.account_id, left=change.kind))
    for player in session.exec(select(Player).where(Player.game_id == game.id)):
        held = stints.setdefault(player.power, [])
        if not held or held[-1].account_id != player.account_id or held[-1].left is not None:
            since = phase_at(session, game, as_utc(player.joined_at)) if held else None
            held.append(Stint(player.account_id, since))
        held[-1].left = LEFT.get(player.status)
    return stints


def phase_at(session: Session, game: Game, when: datetime | None) -> str:
    """The phase ``game`` was in at ``when`` (for changes kept without their phase):
    the first processed after it, or the phase now."""
    results: Sequence[tuple[str, datetime]] = session.exec(
        select(GameReport.phase, GameReport.created_at)
        .where(GameReport.game_id == game.id, GameReport.kind == REPORT_RESULTS)
        .order_by(col(GameReport.id))
    ).all()
    for phase, made in results:
        if when is None or (as_utc(made) or when) >= when:
            return phase
    return shown_phase(game)
