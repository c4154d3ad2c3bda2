"""Ending a game: a draw, a concession, a victory or the master's TERMINATE.

:func:`end_game` finishes the game, tells everyone in it (players, observers and
the master) and keeps the announcement in the game's history.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlmodel import Session, col, select

from judge.game.games import phase_label, power_name
from judge.game.history import announce_and_keep
from judge.game.recipients import game_mail_subject
from judge.game.results import keep_results
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, Game, as_utc

# The start of the announcement of a game's end (the phase follows).
_ENDED = "Game {name} has ended in "


def final_standing(game: Game) -> list[str]:
    """One line per power holding centres, most first: ``France     12 centres``."""
    held = ruleset_for_game(game).centre_counts(game.position_view())
    counts = sorted(held.items(), key=lambda item: (-item[1], item[0]))
    names = [(power_name(game, power), count) for power, count in counts]
    width = max((len(name) for name, _ in names), default=0)
    return [
        f"  {name:<{width}}  {count:>2} centre{'s' if count != 1 else ''}" for name, count in names
    ]


def player_standing(game: Game) -> list[str]:
    """The players' combined counts, for a game whose players hold several powers
    (Root Z): a heading and one line a player; empty otherwise."""
    lines = ruleset_for_game(game).player_lines(
        game.position_view(), lambda code: power_name(game, code)
    )
    return ["", "Players' totals:", *lines] if lines else []


def finish(
    session: Session,
    game: Game,
    outcome: str,
    *,
    ended_in: str,
    won: Collection[str] = (),
    drawn: Collection[str] = (),
) -> None:
    """Mark ``game`` finished in the phase ``ended_in`` with ``outcome`` (a sentence
    for the players), and keep each power's result (the powers ``won`` and
    ``drawn``; the others survived or were eliminated).  The caller sets when it
    ended (``Game.ended_at``), once, as the players learn it: :func:`end_game` at
    its announcement, a victory as its results are out."""
    if game.status == FINISHED:
        raise ValueError(f"game {game.name} is already finished")
    game.status = FINISHED
    game.outcome = outcome
    game.ended_in = ended_in
    game.deadline = None
    game.grace_until = None
    game.waiting_for_master = False
    session.add(game)
    keep_results(session, game, won, drawn)


def end_game(
    session: Session,
    sender: Author,
    game: Game,
    outcome: str,
    now: datetime,
    *,
    what: str = "Game Over",
    won: Collection[str] = (),
    drawn: Collection[str] = (),
) -> None:
    """Finish ``game`` where it stands with ``outcome`` (a sentence for the players;
    the powers ``won`` and ``drawn``: none for the master's TERMINATE), tell everyone
    (the subject ends with ``what``: njudge's ``Draw Declared: EFR`` for a draw) and
    store the announcement as a GameReport.  The caller commits."""
    finish(session, game, outcome, ended_in=game.phase, won=won, drawn=drawn)
    game.ended_at = now
    subject = game_mail_subject(sender, game, f"{phase_label(game)} {what}")
    lines = [
        _ENDED.format(name=game.name) + f"{phase_label(game)}.",
        "",
        outcome,
        "",
        "Supply centres at the end:",
        *(final_standing(game) or ["  (none)"]),
        *player_standing(game),
        "",
        f"Send HISTORY {game.name} or SUMMARY {game.name} to the judge for the whole game.",
    ]
    text = "\n".join(lines) + "\n"
    announce_and_keep(session, sender, game, subject, text, now)


def ended_dates(session: Session, game_ids: Collection[int] | None = None) -> dict[int, datetime]:
    """When each finished game (of ``game_ids``; None: every one) ended, in one query
    (LIST's table of every game); a game whose end is not known is left out."""
    query = select(Game.id, Game.ended_at).where(
        Game.status == FINISHED, col(Game.ended_at).is_not(None)
    )
    if game_ids is not None:
        query = query.where(col(Game.id).in_(game_ids))
    return {int(game_id): as_utc(at) for game_id, at in session.exec(query) if game_id is not None}


def ended_at(session: Session, game: Game) -> datetime | None:
    """When a finished game ended (:func:`ended_dates`), or None."""
    if game.status != FINISHED or game.id is None:
        return None
    return ended_dates(session, [game.id]).get(game.id)
